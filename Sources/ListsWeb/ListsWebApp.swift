import Foundation
import ListsAuth
import ListsHTTP
import ListsInterchange
import ListsModel
import Synchronization

/// Lists on the web: the pages, the JSON API and the static assets behind one function from a request to a
/// response, which the server adapter calls from its threads and tests call directly.
///
/// It never throws and never answers 5xx for anything a client sends: every refusal is a 4xx with a message,
/// in JSON for the API and as a page for a browser.
///
/// Every route is in one ``Router``, built once here, each with its traits (``RouteTraits``): who may call it, how
/// it answers, and what is done around it. Nothing but the assets, the service worker, the health check and the
/// sign-in, setup and invitation screens is served to anyone not signed in (a session cookie, or an API token):
/// pages lead to the sign-in screen, the API answers 401. A household's route is answered with the lists of the
/// household the request acts in, on the store scoped to that household (``householdServices(_:)``): no handler
/// can name another household's records.
public final class ListsWebApp: Sendable {
    /// The first household's lists (the store unscoped); each household's requests have their own
    /// (``HouseholdServices/lists``).
    public let lists: ListsServices
    /// The host names this app answers to.
    public let hosts: HostPolicy
    /// Every route.
    let router: Router
    /// Sign-in, sessions and tokens.
    let access: AccessControl
    /// The live updates' event streams.
    let events: EventHub
    /// CalDAV, under `/dav/`.
    private let dav: CalDAVController
    /// Each household's lists (``householdServices(_:)``), shared with CalDAV.
    private let households: HouseholdServicesCache
    private let log: @Sendable (String) -> Void
    private let cache = Mutex<[CacheKey: (revision: Int64, response: HTTPResponse)]>([:])

    /// What a cached answer is kept by: the household, the path and the query (its arguments in name order).
    private struct CacheKey: Hashable {
        let household: HouseholdID
        let path: String
        let query: String
    }

    /// The app over `store`, dating changes with `clock`, answering to the hosts `hosts` allows, writing what
    /// went wrong on the server's side (a database that cannot be reached, a failure) to `log`, hashing passwords
    /// with `hasher`.
    public init(
        store: any Store, clock: @escaping @Sendable () -> Date = { Date() }, hosts: HostPolicy = .loopback,
        hasher: any PasswordHashing = PasswordHasher.interactive,
        log: @escaping @Sendable (String) -> Void = ListsWebApp.logToStandardError
    ) {
        lists = ListsServices(store: store, clock: clock)
        self.hosts = hosts
        self.log = log
        access = AccessControl(store: store, hasher: hasher, clock: clock)
        events = EventHub(store: store, clock: clock)
        router = Self.routes(access: access, events: events)
        let households = HouseholdServicesCache(store: store, clock: clock)
        self.households = households
        dav = CalDAVController(
            access: access, services: { households.services($0) }, changed: { [events] in events.changed($0) },
            clock: clock)
    }

    /// Every route of the app, with its traits: the API and its document, the service worker and the assets, the
    /// lists' pages, Import & Export, and the account's screens.
    static func routes(access: AccessControl, events: EventHub) -> Router {
        var router = Router()
        let api = APIController()
        let transfer = TransferController()
        let apiRoutes = api.routes + [events.route(access: access)] + transfer.apiRoutes
        let document = OpenAPIDocument(routes: apiRoutes, schemas: api.schemas).bytes
        for route in apiRoutes { router.add(route) }
        router.add("GET", OpenAPIDocument.path, OpenAPIDocument.traits) { _, _ in .json(bytes: document) }
        router.add("GET", ServiceWorker.path, .asset) { request, _ in ServiceWorker.response(request) }
        AssetController().addRoutes(to: &router)
        PageController().addRoutes(to: &router)
        transfer.addRoutes(to: &router)
        AccountController(access: access).addRoutes(to: &router)
        return router
    }

    /// The lists of `household` (``HouseholdServicesCache/services(_:)``).
    func householdServices(_ household: Household) -> HouseholdServices {
        households.services(household)
    }

    /// What the server must know of a request before its handler runs, from the traits of the route it leads to:
    /// the imports' bodies may be up to 100 MB and a batch of changes up to ``ChangesAPI/bodyLimit``; the forms
    /// that hash or check a password (Argon2id, tens of milliseconds by design, in helper processes of the lowest
    /// priority that wait their turn) may take long, and the server answers them off its own threads, so that
    /// sign-ins hold up no one's lists.
    public func handling(method: String, path: String) -> RequestHandling {
        if CalDAVController.serves(method, path) { return RequestHandling(bodyLimit: CalDAVController.bodyLimit) }
        return router.handling(method: method, path: path)
    }

    /// The address that makes the first account (`/setup?token=…`, to be put after the server's address), while
    /// the store has no account; `nil` once it has one. The server prints it at start.
    public func setupPath() throws -> String? {
        try access.setupToken().map { "/setup?token=\($0)" }
    }

    /// Answers `request`: the one entry point the server adapter and tests call. Every answer carries the security
    /// headers.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        var response = answer(request)
        response.addSecurityHeaders()
        Self.compressPage(&response, for: request)
        if request.method == "HEAD" { response.body = [] }
        return response
    }

    /// Gzips a page (HTML of 1 KiB or more) for a client that takes gzip: a phone on a slow network gets a third of
    /// the bytes. Assets come gzipped already (``AssetController``); JSON is left as it is, for the clients that
    /// poll it and read it with the least work.
    static func compressPage(_ response: inout HTTPResponse, for request: HTTPRequest) {
        guard response.stream == nil, response.body.count >= 1024,
            response.headers["Content-Type"]?.hasPrefix("text/html") == true,
            response.headers["Content-Encoding"] == nil
        else { return }
        response.headers["Vary"] = "Accept-Encoding"
        guard Gzip.isAccepted(by: request.headers["Accept-Encoding"]) else { return }
        response.body = Gzip.compress(response.body)
        response.headers["Content-Encoding"] = "gzip"
    }

    /// The checks in their order (docs/architecture.md §5): the host, the origin of a change, who sent the request
    /// as far as the route asks (none for anyone's; signed in, or sent to sign in; in a household, or sent to
    /// choose one), then the route, or its path's 404 or 405, refused in the route's own face.
    private func answer(_ original: HTTPRequest) -> HTTPResponse {
        if CalDAVController.serves(original.method, original.path) {
            do {
                try hosts.check(original)
                if !["GET", "HEAD", "OPTIONS", "PROPFIND", "REPORT"].contains(original.method) {
                    try Self.checkSameOrigin(original)
                }
            } catch {
                return DAVRefusal(HTTPError(error).status, HTTPError(error).message).response
            }
            return dav.respond(to: original)
        }
        var request = original
        if request.method == "HEAD" { request.method = "GET" }
        let match = router.match(request.method, request.path)
        let traits = match.traits
        do {
            try hosts.check(request)
            if !["GET", "HEAD", "OPTIONS"].contains(request.method) { try Self.checkSameOrigin(request) }
            var context = RequestContext(method: original.method)
            if traits.access >= .guest {
                context.principal = try access.principal(of: request)
            }
            if traits.access >= .user {
                guard let principal = context.principal else { return Self.signInFirst(request, traits) }
                if traits.access == .member {
                    guard let household = principal.household else {
                        if traits.face == .api { throw Self.noHousehold }
                        return .redirect(to: "/households")
                    }
                    context.household = householdServices(household)
                }
            }
            let route: Route
            switch match {
            case .found(let found, let parameters):
                route = found
                context.parameters = parameters
            case .refused(let error, _): throw error
            }
            if let household = context.household { return try answer(request, by: route, context, in: household) }
            let response = try route.handler(request, context)
            // A sign-out, a password or a membership may end other pages' right to their event streams.
            if traits.access == .user, request.method == "POST" { events.recheck() }
            return response
        } catch {
            let httpError = HTTPError(error)
            if httpError.status >= 500 {
                log("\(request.method) \(request.path): \(httpError.status) \(Self.detail(of: error))")
            }
            if traits.face == .api { return httpError.response }
            return PageController.errorPage(httpError)
        }
    }

    /// `request` answered by a route of `household`.
    private func answer(
        _ request: HTTPRequest, by route: Route, _ context: RequestContext, in household: HouseholdServices
    ) throws -> HTTPResponse {
        var response: HTTPResponse
        if route.traits.isCachedByRevision {
            response = try cached(request, route, context, household)
        } else if route.traits.face == .page, request.method == "POST" {
            // A form's answer drawn in place (a refused form, an import's result) says the revision it was drawn
            // at too, read after the change: without it, app.js would take the change for someone else's and
            // redraw the page, losing the answer.
            response = try route.handler(request, context)
            if response.status != 303 { response.headers["X-Lists-Revision"] = String(try household.lists.revision()) }
        } else if route.traits.face == .page, request.method == "GET" {
            // Read before the page is drawn, so the page shows at least this revision: app.js polls for a newer one.
            // The page says it too (Layout.page), for app.js to start from when it is opened as a page.
            let revision = try household.lists.revision()
            response = try Layout.$revision.withValue(revision) { try route.handler(request, context) }
            response.headers["X-Lists-Revision"] = String(revision)
        } else {
            response = try route.handler(request, context)
        }
        // Which household's lists these are: changes kept offline are sent only to it (see
        // Assets/Files/app/20-offline-queue.js). No route sets it.
        response.headers.add(AccessControl.householdHeader, household.headerValue)
        // Open pages learn of a change made here at once.
        if request.method != "GET", response.status < 400 { events.changed(household.household.id) }
        return response
    }

    /// The answer to a request from nobody signed in: the API's 401 with `WWW-Authenticate`, a page's redirect to
    /// the sign-in screen, which then leads back.
    static func signInFirst(_ request: HTTPRequest, _ traits: RouteTraits) -> HTTPResponse {
        if traits.face == .api { return HTTPError.unauthenticated.response }
        guard request.method == "GET" else { return .redirect(to: "/signin") }
        let query = request.query.sorted { $0.key < $1.key }
            .map { "\(AccountPages.percentEncoded($0.key))=\(AccountPages.percentEncoded($0.value))" }
            .joined(separator: "&")
        let target = request.path + (query.isEmpty ? "" : "?" + query)
        return .redirect(to: "/signin" + (target == "/" ? "" : "?next=" + AccountPages.percentEncoded(target)))
    }

    /// The API's answer to a user who belongs to no household.
    static let noHousehold = HTTPError(
        status: 403, code: "no_household",
        message: "you belong to no household: make one, or ask for an invitation, on the Household screen")

    /// What the log says of a server-side failure: the store's whole description (which names the database server
    /// or file that the answer to the client does not).
    static func detail(of error: any Error) -> String {
        switch error {
        case let error as StoreError: error.debugDescription
        case let error as HTTPError: error.message
        default: String(reflecting: error)
        }
    }

    /// Writes `line` to standard error, where `lists serve` logs.
    public static let logToStandardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data("lists: \(line)\n".utf8))
    }

    /// Answers from the cache while the household's revision is the one the answer was made at.
    private func cached(
        _ request: HTTPRequest, _ route: Route, _ context: RequestContext, _ household: HouseholdServices
    ) throws -> HTTPResponse {
        let query =
            request.query.isEmpty
            ? "" : request.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        let key = CacheKey(household: household.household.id, path: request.path, query: query)
        let revision = try household.lists.revision()
        if let hit = cache.withLock({ $0[key] }), hit.revision == revision { return hit.response }
        let response = try route.handler(request, context)
        if response.status == 200 {
            cache.withLock { entries in
                // Bounded: query strings are the client's to choose.
                if entries.count >= 256 { entries.removeAll() }
                entries[key] = (revision, response)
            }
        }
        return response
    }

    /// The media type of an HTML form post.
    static let formMediaType = "application/x-www-form-urlencoded"

    /// Refuses a state-changing request sent from another site: a browser says where a request comes from in
    /// `Sec-Fetch-Site` and `Origin`, and an older one at least in `Referer`; a request with none of them (curl, a
    /// script) is not a browser being tricked.
    ///
    /// The origin must name the host the browser asked for: `Host`, or `X-Forwarded-Host` when a reverse proxy
    /// rewrote `Host` (a form on another site cannot set that header). `Referer` is read only when neither
    /// `Sec-Fetch-Site` nor `Origin` came: its origin must then be this one.
    /// - Throws: ``HTTPError/crossSite``.
    static func checkSameOrigin(_ request: HTTPRequest) throws {
        let site = request.headers["Sec-Fetch-Site"]
        if let site, site != "same-origin", site != "none" {
            throw HTTPError.crossSite
        }
        let hosts = [request.headers["Host"], request.headers["X-Forwarded-Host"]].compactMap { $0 }
        func isThisOrigin(_ origin: Substring) -> Bool {
            hosts.contains { origin == "http://\($0)" || origin == "https://\($0)" }
        }
        if let origin = request.headers["Origin"] {
            guard isThisOrigin(Substring(origin)) else { throw HTTPError.crossSite }
        } else if site == nil, let referer = request.headers["Referer"] {
            guard isThisOrigin(Self.origin(ofURL: referer)) else { throw HTTPError.crossSite }
        }
    }

    /// The `scheme://host[:port]` that a URL starts with (all of it when it has no path).
    static func origin(ofURL url: String) -> Substring {
        guard let schemeEnd = url.range(of: "://") else { return Substring(url) }
        let rest = url[schemeEnd.upperBound...]
        let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        return url[..<end]
    }
}

/// Each household's lists, made once for each household (and again after it is renamed), on the store scoped to
/// it, so that no handler can reach another household's records; kept for every request of the household, pages,
/// API and CalDAV alike.
final class HouseholdServicesCache: Sendable {
    private let store: any Store
    private let clock: @Sendable () -> Date
    private let byHousehold = Mutex<[HouseholdID: HouseholdServices]>([:])

    init(store: any Store, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.clock = clock
    }

    /// The lists of `household`.
    func services(_ household: Household) -> HouseholdServices {
        if let services = byHousehold.withLock({ $0[household.id] }), services.household == household {
            return services
        }
        let services = HouseholdServices(
            household: household, lists: ListsServices(store: store.scoped(to: household.id), clock: clock))
        // The household's checkmarks from before named lists become its list "Shopping", and its tasks from before
        // to-do lists its list "To-Do", once, before it is kept; when that fails (the store busy or gone), the
        // services serve this request and the next one folds again.
        do {
            try services.lists.shoppingLists.foldCheckmarks()
            try services.lists.todoLists.fold()
        } catch {
            return services
        }
        byHousehold.withLock { households in
            if households.count >= 10_000 { households.removeAll() }
            households[household.id] = services
        }
        return services
    }
}
