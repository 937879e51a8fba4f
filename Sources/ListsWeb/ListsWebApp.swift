import Foundation
import ListsAuth
import ListsHTTP
import ListsModel
import Synchronization

/// Lists on the web: the pages, the JSON API and the static assets behind one function from a request to a
/// response, which the server adapter calls from its threads and tests call directly.
///
/// It never throws and never answers 5xx for anything a client sends: every refusal is a 4xx with a message,
/// in JSON for the API and as a page for a browser.
///
/// Nothing but the assets, the API's description and the health check is served to anyone not signed in (a
/// session cookie, or an API token): pages lead to the sign-in screen, the API answers 401. A signed-in request
/// is answered by the routes of the household it acts in, made on the store scoped to that household
/// (``householdApp(_:)``): no route can name another household's records.
public final class ListsWebApp: Sendable {
    /// The first household's lists (the store unscoped); each household's routes have their own
    /// (``HouseholdApp/lists``).
    public let lists: ListsServices
    /// The host names this app answers to.
    public let hosts: HostPolicy
    /// The routes that need no household: the assets and the health check (anyone's), the API's description
    /// (anyone signed in's).
    private let publicRouter: Router
    /// Sign-in, sessions and tokens.
    let access: AccessControl
    /// The live updates' event streams.
    let events: EventHub
    /// The account and household screens.
    private let accounts: AccountController
    /// The time, for the households' services.
    private let clock: @Sendable () -> Date
    /// Each household's routes, by household (``householdApp(_:)``).
    private let householdApps = Mutex<[HouseholdID: HouseholdApp]>([:])
    private let log: @Sendable (String) -> Void
    private let cache = Mutex<[CacheKey: (revision: Int64, response: HTTPResponse)]>([:])

    /// What a cached answer is kept by: the household, the path and the query (its arguments in name order).
    private struct CacheKey: Hashable {
        let household: HouseholdID
        let path: String
        let query: String
    }

    /// The paths whose GET answers are cached until the store's revision changes: the collections that clients
    /// and pages poll. Anything else is computed each time.
    private static let cachedPaths: Set<String> = [
        "/api/v1/items", "/api/v1/tasks", "/api/v1/sightings", "/api/v1/shopping-list",
    ]

    /// The paths that take file uploads (imports); the server lets their bodies be up to 100 MB.
    public static let uploadPaths = TransferController.uploadPaths
    /// The paths whose POST bodies may be larger than most, with their limits: a batch of changes (500 of them).
    public static let largerBodies = [ChangesAPI.path: ChangesAPI.bodyLimit]

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
        self.clock = clock
        access = AccessControl(store: store, hasher: hasher, clock: clock)
        events = EventHub(store: store)
        accounts = AccountController(access: access)
        var router = Router()
        let api = APIController(lists: lists)
        let transfer = TransferController(lists: lists)
        let document = OpenAPIDocument(
            routes: api.routes + [EventHub.documentedRoute] + transfer.apiRoutes, schemas: api.schemas
        ).bytes
        router.add("GET", OpenAPIDocument.path) { _, _ in .json(bytes: document) }
        router.add("GET", "/healthz") { _, _ in .json(bytes: Array(#"{"status":"ok"}"#.utf8)) }
        router.add("GET", ServiceWorker.path) { request, _ in ServiceWorker.response(request) }
        AssetController().addRoutes(to: &router)
        publicRouter = router
    }

    /// The routes of one household's lists, made at its first request and kept (``householdApps``): a class, so
    /// that each request takes it with one reference rather than a copy of all it holds.
    final class HouseholdApp: Sendable {
        /// The household, as it was named when the routes were made (the home screen shows the name).
        let household: Household
        /// Its lists.
        let lists: ListsServices
        /// Its pages and API.
        let router: Router
        /// The value of the `X-Lists-Household` header every answer of the household carries: its number.
        let householdHeaderValue: String

        init(household: Household, lists: ListsServices, router: Router) {
            self.household = household
            self.lists = lists
            self.router = router
            householdHeaderValue = AccessControl.householdHeaderValue(household.id)
        }
    }

    /// The routes of `household`'s lists: made once for each household (and again after it is renamed), all on
    /// the one store scoped to it, so that no route can reach another household's records.
    func householdApp(_ household: Household) -> HouseholdApp {
        if let app = householdApps.withLock({ $0[household.id] }), app.household == household { return app }
        let lists = ListsServices(store: self.lists.store.scoped(to: household.id), clock: clock)
        var router = Router()
        let api = APIController(lists: lists)
        let transfer = TransferController(lists: lists)
        for route in api.routes + transfer.apiRoutes { router.add(route) }
        PageController(lists: lists, household: household).addRoutes(to: &router)
        transfer.addRoutes(to: &router)
        let app = HouseholdApp(household: household, lists: lists, router: router)
        householdApps.withLock { apps in
            if apps.count >= 10_000 { apps.removeAll() }
            apps[household.id] = app
        }
        return app
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

    private func answer(_ original: HTTPRequest) -> HTTPResponse {
        var request = original
        if request.method == "HEAD" { request.method = "GET" }
        do {
            try hosts.check(request)
            if !["GET", "HEAD", "OPTIONS"].contains(request.method) { try Self.checkSameOrigin(request) }
            if Self.isPublic(request) { return try publicRouter.handle(request) }
            let principal = try access.principal(of: request)
            if AccountController.isPublic(request.path) {
                return try accounts.respondPublic(to: request, principal: principal)
            }
            guard let principal else { return Self.signInFirst(request) }
            if request.path == OpenAPIDocument.path { return try publicRouter.handle(request) }
            if AccountController.isAccountPath(request.path) {
                let response = try accounts.respond(to: request, principal: principal)
                // A sign-out, a password or a membership may end other pages' right to their event streams.
                if request.method == "POST" { events.recheck() }
                return response
            }
            guard let household = principal.household else {
                if Self.wantsJSON(request) { throw Self.noHousehold }
                return .redirect(to: "/households")
            }
            if request.path == EventHub.path {
                guard original.method == "GET" else {
                    throw HTTPError.methodNotAllowed(original.method, allowed: ["GET"])
                }
                // The stream lasts while the session or token that opened it still sees the household.
                return try events.subscribe(
                    household: household.id, since: Self.lastEventID(of: original),
                    isAllowed: { [access] in (try? access.principal(of: original))??.household?.id == household.id })
            }
            let app = householdApp(household)
            var response = try answer(request, in: app)
            // Which household's lists these are: changes kept offline are sent only to it (see
            // Assets/Files/app/20-offline-queue.js). No route sets it.
            response.headers.add(AccessControl.householdHeader, app.householdHeaderValue)
            // Open pages learn of a change made here at once.
            if request.method != "GET", response.status < 400 { events.changed(household.id) }
            return response
        } catch {
            let httpError = HTTPError(error)
            if httpError.status >= 500 {
                log("\(request.method) \(request.path): \(httpError.status) \(Self.detail(of: error))")
            }
            if Self.wantsJSON(request) { return httpError.response }
            return PageController.errorPage(httpError)
        }
    }

    /// `request` answered by the routes of one household.
    private func answer(_ request: HTTPRequest, in app: HouseholdApp) throws -> HTTPResponse {
        if request.method == "GET", Self.cachedPaths.contains(request.path) { return try cached(request, app) }
        if Self.isFormAnswer(request) {
            // A form's answer drawn in place (a refused form, an import's result) says the revision it was drawn
            // at too, read after the change: without it, app.js would take the change for someone else's and
            // redraw the page, losing the answer.
            var response = try app.router.handle(request)
            if response.status != 303 { response.headers["X-Lists-Revision"] = String(try app.lists.revision()) }
            return response
        }
        guard Self.isPage(request) else { return try app.router.handle(request) }
        // Read before the page is drawn, so the page shows at least this revision: app.js polls for a newer one.
        let revision = try app.lists.revision()
        var response = try app.router.handle(request)
        response.headers["X-Lists-Revision"] = String(revision)
        return response
    }

    /// The revision an event stream resumes from: its `Last-Event-ID` (a reconnection), else its `since` (the
    /// revision the page was drawn at); `nil` for a stream that starts now.
    static func lastEventID(of request: HTTPRequest) -> Int64? {
        (request.headers["Last-Event-ID"] ?? request.query["since"]).flatMap { Int64($0) }
    }

    /// Whether answering `request` may take long: the forms that hash or check a password (Argon2id, tens of
    /// milliseconds by design, in helper processes of the lowest priority that wait their turn). The server
    /// answers them off its own threads, so that sign-ins hold up no one's lists.
    public static func isSlow(_ request: HTTPRequest) -> Bool {
        guard request.method == "POST" else { return false }
        return request.path == "/signin" || request.path == "/setup" || request.path == "/account/password"
            || request.path.hasPrefix("/invite/")
    }

    /// Whether `request` is for what anyone may have: the assets (the manifest and the icons among them), the
    /// service worker and the health check. Everything under `/api/`, the API's description too, needs a session
    /// or a token.
    static func isPublic(_ request: HTTPRequest) -> Bool {
        request.path.hasPrefix("/static/") || request.path == "/healthz" || request.path == ServiceWorker.path
    }

    /// The answer to a request from nobody signed in: the API's 401 with `WWW-Authenticate`, a page's redirect to
    /// the sign-in screen, which then leads back.
    static func signInFirst(_ request: HTTPRequest) -> HTTPResponse {
        if wantsJSON(request) { return HTTPError.unauthenticated.response }
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

    /// Answers from the cache while the store's revision is the one the answer was made at.
    private func cached(_ request: HTTPRequest, _ app: HouseholdApp) throws -> HTTPResponse {
        let query =
            request.query.isEmpty
            ? "" : request.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        let key = CacheKey(household: app.household.id, path: request.path, query: query)
        let revision = try app.lists.revision()
        if let hit = cache.withLock({ $0[key] }), hit.revision == revision { return hit.response }
        let response = try app.router.handle(request)
        if response.status == 200 {
            cache.withLock { entries in
                // Bounded: query strings are the client's to choose.
                if entries.count >= 256 { entries.removeAll() }
                entries[key] = (revision, response)
            }
        }
        return response
    }

    /// The API (and the health check) answers errors in JSON; everything else is a page for a browser.
    static func wantsJSON(_ request: HTTPRequest) -> Bool {
        request.path.hasPrefix("/api/") || request.path == "/healthz"
    }

    /// Whether `request` asks for an HTML page, whose answer says which store revision it shows.
    static func isPage(_ request: HTTPRequest) -> Bool {
        request.method == "GET" && !wantsJSON(request) && !request.path.hasPrefix("/static/")
    }

    /// Whether `request` posts a page's form, whose answer is a page or a redirect to one.
    static func isFormAnswer(_ request: HTTPRequest) -> Bool {
        request.method == "POST" && !wantsJSON(request) && !request.path.hasPrefix("/static/")
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
