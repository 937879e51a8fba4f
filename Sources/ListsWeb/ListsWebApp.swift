import Foundation
import ListsHTTP
import ListsModel
import Synchronization

/// Lists on the web: the pages, the JSON API and the static assets behind one function from a request to a
/// response, which the server adapter calls from its threads and tests call directly.
///
/// It never throws and never answers 5xx for anything a client sends: every refusal is a 4xx with a message,
/// in JSON for the API and as a page for a browser.
public final class ListsWebApp: Sendable {
    /// The controllers every route works with.
    public let lists: ListsServices
    /// The host names this app answers to.
    public let hosts: HostPolicy
    private let router: Router
    private let log: @Sendable (String) -> Void
    private let cache = Mutex<[String: (revision: Int64, response: HTTPResponse)]>([:])

    /// The paths whose GET answers are cached until the store's revision changes: the collections that clients
    /// and pages poll. Anything else is computed each time.
    private static let cachedPaths: Set<String> = [
        "/api/v1/items", "/api/v1/tasks", "/api/v1/sightings", "/api/v1/shopping-list",
    ]

    /// The paths that take file uploads (imports); the server lets their bodies be up to 100 MB.
    public static let uploadPaths = TransferController.uploadPaths

    /// The app over `store`, dating changes with `clock`, answering to the hosts `hosts` allows, writing what
    /// went wrong on the server's side (a database that cannot be reached, a failure) to `log`.
    public init(
        store: any Store, clock: @escaping @Sendable () -> Date = { Date() }, hosts: HostPolicy = .loopback,
        log: @escaping @Sendable (String) -> Void = ListsWebApp.logToStandardError
    ) {
        lists = ListsServices(store: store, clock: clock)
        self.hosts = hosts
        self.log = log
        var router = Router()
        let api = APIController(lists: lists)
        let transfer = TransferController(lists: lists)
        let apiRoutes = api.routes + transfer.apiRoutes
        for route in apiRoutes { router.add(route) }
        let document = OpenAPIDocument(routes: apiRoutes, schemas: api.schemas).bytes
        router.add("GET", OpenAPIDocument.path) { _, _ in .json(bytes: document) }
        PageController(lists: lists).addRoutes(to: &router)
        AssetController().addRoutes(to: &router)
        transfer.addRoutes(to: &router)
        self.router = router
    }

    /// The answer to `request`, with the security headers every answer carries.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        var response = answer(request)
        response.addSecurityHeaders()
        if request.method == "HEAD" { response.body = [] }
        return response
    }

    private func answer(_ original: HTTPRequest) -> HTTPResponse {
        var request = original
        if request.method == "HEAD" { request.method = "GET" }
        do {
            try hosts.check(request)
            if !["GET", "HEAD", "OPTIONS"].contains(request.method) { try Self.checkSameOrigin(request) }
            if request.method == "GET", Self.cachedPaths.contains(request.path) { return try cached(request) }
            if Self.isFormAnswer(request) {
                // A form's answer drawn in place (a refused form, an import's result) says the revision it was drawn
                // at too, read after the change: without it, app.js would take the change for someone else's and
                // redraw the page, losing the answer.
                var response = try router.handle(request)
                if response.status != 303 { response.headers["X-Lists-Revision"] = String(try lists.revision()) }
                return response
            }
            guard Self.isPage(request) else { return try router.handle(request) }
            // Read before the page is drawn, so the page shows at least this revision: app.js polls for a newer one.
            let revision = try lists.revision()
            var response = try router.handle(request)
            response.headers["X-Lists-Revision"] = String(revision)
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
    private func cached(_ request: HTTPRequest) throws -> HTTPResponse {
        let key =
            request.path + "?"
            + request.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            .joined(separator: "&")
        let revision = try lists.revision()
        if let hit = cache.withLock({ $0[key] }), hit.revision == revision { return hit.response }
        let response = try router.handle(request)
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
