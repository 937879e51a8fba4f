import ListsHTTP
import ListsModel
import Synchronization

/// What a handler knows of a request beside the request itself: what its path captured, who sent it, and the
/// household it acts in with that household's lists. The app fills in what the route's access
/// (``RouteTraits/Access``) asks for, before the handler runs: a household's route always has its household.
struct RequestContext: Sendable {
    /// What the route's pattern captured.
    var parameters = RouteParameters()
    /// The method as it was sent: a HEAD request is answered as a GET (the request says GET) whose body is
    /// dropped, which a stream cannot be.
    var method: String
    /// Who sent the request, for a route that asks (all but ``RouteTraits/Access/anyone``'s); `nil` for nobody
    /// signed in.
    var principal: Principal?
    /// The household the request acts in and its lists, for a household's route.
    var household: HouseholdServices?

    /// The signed-in principal.
    /// - Throws: ``HTTPError/unauthenticated`` when nobody is signed in, which never reaches the handler of a
    ///   user's or a household's route.
    var signedIn: Principal {
        get throws {
            guard let principal else { throw HTTPError.unauthenticated }
            return principal
        }
    }

    /// The lists of the household the request acts in: the data controllers on the store scoped to it, so that no
    /// handler can reach another household's records.
    /// - Throws: ``ListsWebApp/noHousehold`` outside a household's route, which the app answers before any handler.
    var lists: ListsServices {
        get throws {
            guard let household else { throw ListsWebApp.noHousehold }
            return household.lists
        }
    }

    /// The suggestion index of the household the request acts in (``HouseholdServices/suggestionIndex()``).
    func suggestionIndex() throws -> SuggestionIndex {
        guard let household else { throw ListsWebApp.noHousehold }
        return try household.suggestionIndex()
    }
}

/// A household's lists, made at its first request and kept by the app (``ListsWebApp``): a class, so that each
/// request takes it with one reference rather than a copy of all it holds.
final class HouseholdServices: Sendable {
    /// The household, as it was named when its lists were made (the home screen shows the name).
    let household: Household
    /// Its lists, on the store scoped to it.
    let lists: ListsServices
    /// The value of the `X-Lists-Household` header every answer of the household carries: its number.
    let headerValue: String

    /// The suggestion index of the household's catalog, with the revision of the catalog it was built at.
    private let suggestions = Mutex<(revision: Int64, index: SuggestionIndex)?>(nil)

    /// The household's suggestion index: the one kept while the catalog's revision (which the purchase log moves
    /// too) has not moved, else one built now. The revision is read before the index is built, so that a change
    /// made meanwhile is seen by the next request, which builds it again.
    func suggestionIndex() throws -> SuggestionIndex {
        let lists = self.lists.shoppingLists
        let revision = try lists.catalogRevision()
        if let kept = suggestions.withLock({ $0 }), kept.revision == revision { return kept.index }
        let index = try lists.suggestionIndex()
        suggestions.withLock { $0 = (revision, index) }
        return index
    }

    /// `household`'s lists over `lists`.
    init(household: Household, lists: ListsServices) {
        self.household = household
        self.lists = lists
        headerValue = AccessControl.householdHeaderValue(household.id)
    }
}
