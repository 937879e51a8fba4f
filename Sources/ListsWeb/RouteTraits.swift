import ListsHTTP
import ListsInterchange

/// What a route needs and how it answers, declared where the route is added (``Router/add(_:_:_:_:)``): who may
/// call it, whether its refusals are JSON or a page, and what the app and the server do around its handler. The app
/// reads them from the route a request leads to (``ListsWebApp``), and the server learns from them which requests
/// are slow and which take larger bodies (``handling``): no list of paths says it elsewhere.
struct RouteTraits: Sendable, Equatable {
    /// Who may call a route, from the least guarded to the most.
    enum Access: Int, Sendable, Comparable {
        /// Anyone, and who sent the request is not even asked (no session is read): the assets, the service
        /// worker, the health check.
        case anyone
        /// Anyone, signed in or not; the handler learns who is signed in, if anyone: signing in, the first
        /// account's setup, invitations.
        case guest
        /// A signed-in user, in a household or not: the account's and households' screens, the API's
        /// description. Nobody signed in is sent to sign in (a page) or answered 401 (the API).
        case user
        /// A signed-in member of a household, acting in it: the lists, their pages and their API. Someone in no
        /// household is sent to the Household screen (a page) or answered 403 (the API).
        case member

        /// Whether `left` is less guarded than `right`.
        static func < (left: Access, right: Access) -> Bool { left.rawValue < right.rawValue }
    }

    /// How a route answers, and so how its refusals are written.
    enum Face: Sendable {
        /// HTML for a browser; a refusal is a page. A household's page says the revision it shows
        /// (`X-Lists-Revision`).
        case page
        /// The JSON API; a refusal is the API's error body.
        case api
    }

    /// How large a body a route takes.
    enum Body: Sendable, Equatable {
        /// The server's limit, 64 KiB.
        case standard
        /// A file to import: up to ``InterchangeFormat/maximumImportSize`` (100 MB).
        case upload
        /// Up to this many bytes (a batch of changes).
        case upTo(Int)

        /// The limit the server is told, when it is not its own.
        var limit: Int? {
            switch self {
            case .standard: nil
            case .upload: InterchangeFormat.maximumImportSize
            case .upTo(let limit): limit
            }
        }
    }

    /// Who may call the route.
    var access: Access
    /// How it answers.
    var face: Face
    /// Whether answering may take long (a password hashed or checked): the server answers it off its own threads.
    var isSlow = false
    /// Whether its answer (a GET of a collection that pages and clients poll) is kept, per household, until the
    /// household's revision changes.
    var isCachedByRevision = false
    /// How large a body it takes.
    var body = Body.standard

    /// The assets, the service worker: anyone's, pages.
    static let asset = RouteTraits(access: .anyone, face: .page)
    /// The health check: anyone's, JSON.
    static let publicAPI = RouteTraits(access: .anyone, face: .api)
    /// Signing in, setup, invitations.
    static let guestPage = RouteTraits(access: .guest, face: .page)
    /// The account's and households' screens.
    static let accountPage = RouteTraits(access: .user, face: .page)
    /// The API's description: any signed-in user's.
    static let userAPI = RouteTraits(access: .user, face: .api)
    /// A household's page.
    static let page = RouteTraits(access: .member, face: .page)
    /// A household's API.
    static let api = RouteTraits(access: .member, face: .api)

    /// These traits, slow.
    var slow: RouteTraits {
        var traits = self
        traits.isSlow = true
        return traits
    }

    /// These traits, cached by revision.
    var cachedByRevision: RouteTraits {
        var traits = self
        traits.isCachedByRevision = true
        return traits
    }

    /// These traits, taking a file up to 100 MB.
    var upload: RouteTraits { body(.upload) }

    /// These traits with a body limit of `body`.
    func body(_ body: Body) -> RouteTraits {
        var traits = self
        traits.body = body
        return traits
    }

    /// Whether anyone may call the route, signed in or not.
    var isPublic: Bool { access <= .guest }

    /// What the server must know of a request for the route before its handler runs.
    var handling: RequestHandling {
        RequestHandling(bodyLimit: body.limit, isSlow: isSlow)
    }

    /// The traits a refusal of the route's path (another method) is answered with: who may be told, and how.
    var refusal: RouteTraits { RouteTraits(access: access, face: face) }

    /// The traits a path that no route serves is refused with, among routes with these traits and `other`'s
    /// under the same first segment: the most guarded access, so that no unknown path is refused to someone who
    /// may not see its neighbours; JSON only where they all answer it.
    func refusal(alongside other: RouteTraits) -> RouteTraits {
        RouteTraits(access: max(access, other.access), face: face == other.face ? face : .page)
    }
}
