import Foundation
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

    /// The suggestion index of the household the request acts in (``HouseholdServices/suggestionIndex(fresh:)``).
    func suggestionIndex(fresh: Bool = true) throws -> SuggestionIndex {
        guard let household else { throw ListsWebApp.noHousehold }
        return try household.suggestionIndex(fresh: fresh)
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

    /// The suggestion index of the household's catalog, with the revisions of the catalog and of the purchase log
    /// it was built at, and when.
    private let suggestions = Mutex<(items: Int64, purchases: Int64, builtAt: Date, index: SuggestionIndex)?>(nil)

    /// How long a screen may show suggestions ranked before the latest check-offs (``suggestionIndex(fresh:)``).
    static let rankingLag: TimeInterval = 60

    /// The household's suggestion index: the one kept while neither the catalog nor the purchase log has changed,
    /// else one built now. The revisions are read before the index is built, so that a change made meanwhile is
    /// seen by the next request, which builds it again.
    ///
    /// With `fresh` false (a screen's add field, whose names are in the ranking's order), an index kept from before
    /// the latest check-offs is good enough for ``rankingLag``: building it again reads the whole purchase log, and
    /// a check-off in the shop should not make the next screen wait for that. An index kept from before a change of
    /// the catalog is never used.
    func suggestionIndex(fresh: Bool = true) throws -> SuggestionIndex {
        let lists = self.lists.shoppingLists
        let revisions = try lists.catalogRevisions()
        let now = self.lists.clock()
        let kept = suggestions.withLock { $0 }
        if let kept, kept.items == revisions.items,
            kept.purchases == revisions.purchases || (!fresh && now.timeIntervalSince(kept.builtAt) < Self.rankingLag)
        {
            return kept.index
        }
        // Only check-offs since (the catalog as it was): the purchases after those it counts are added to it.
        let index =
            try kept.flatMap { $0.items == revisions.items ? try lists.suggestionIndex(after: $0.index) : nil }
            ?? lists.suggestionIndex()
        suggestions.withLock { $0 = (revisions.items, revisions.purchases, now, index) }
        return index
    }

    /// `household`'s lists over `lists`.
    init(household: Household, lists: ListsServices) {
        self.household = household
        self.lists = lists
        headerValue = AccessControl.householdHeaderValue(household.id)
    }
}
