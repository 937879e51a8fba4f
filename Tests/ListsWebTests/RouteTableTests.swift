import Foundation
import ListsHTTP
import ListsInterchange
import Testing

@testable import ListsWeb

/// The one route table: what each route needs is declared on it, and what the app and the server do around the
/// handlers (who may call it, slow requests, larger bodies, the cache, JSON or pages, 405's `Allow`) follows from it.
@Suite("One route table, each route with its traits")
struct RouteTableTests {
    /// The app's routes whose traits `isChosen` takes, as `METHOD pattern`.
    private static func routes(_ app: ListsWebApp, _ isChosen: (RouteTraits) -> Bool) -> Set<String> {
        Set(app.router.routes.filter { isChosen($0.traits) }.map { "\($0.method) \($0.pattern)" })
    }

    @Test func exactlyThePasswordFormsAreSlow() throws {
        let app = try PageHarness().app
        #expect(
            Self.routes(app, \.isSlow) == [
                "POST /signin", "POST /setup", "POST /account/password", "POST /invite/{token}",
            ])
    }

    @Test func theImportsTakeUploadsAndTheChangesBatchALargerBodyAndNothingElseDoes() throws {
        let app = try PageHarness().app
        #expect(Self.routes(app) { $0.body == .upload } == ["POST /api/v1/import", "POST /settings/import"])
        #expect(Self.routes(app) { $0.body == .upTo(ChangesAPI.bodyLimit) } == ["POST /api/v1/changes"])
        #expect(Self.routes(app) { $0.body != .standard }.count == 3)
    }

    @Test func thePublicRoutesAreTheAssetsTheServiceWorkerTheHealthCheckAndTheSignInScreens() throws {
        let app = try PageHarness().app
        #expect(Self.routes(app) { $0.access == .anyone } == ["GET /static/{name}", "GET /sw.js", "GET /healthz"])
        #expect(
            Self.routes(app) { $0.access == .guest } == [
                "GET /signin", "POST /signin", "GET /setup", "POST /setup", "GET /invite/{token}",
                "POST /invite/{token}",
            ])
    }

    @Test func onlyTheAccountScreensAndTheAPIDescriptionNeedNoHousehold() throws {
        let app = try PageHarness().app
        let users = Self.routes(app) { $0.access == .user }
        #expect(users.contains("GET /api/v1/openapi.json"))
        #expect(users.contains("POST /signout"))
        for route in users.subtracting(["GET /api/v1/openapi.json", "POST /signout"]) {
            let path = route.split(separator: " ")[1]
            #expect(path == "/account" || path.hasPrefix("/account/") || path.hasPrefix("/households"), "\(route)")
        }
        // Everything else, beside the public routes, is a household's.
        let rest = app.router.routes.filter { $0.traits.access == .member }
        #expect(rest.count + users.count + Self.routes(app, \.isPublic).count == app.router.routes.count)
        #expect(rest.contains { $0.pattern == "/api/v1/items/{id}" && $0.method == "DELETE" })
    }

    @Test func exactlyThePolledCollectionsAreCachedByRevision() throws {
        let app = try PageHarness().app
        #expect(
            Self.routes(app, \.isCachedByRevision) == [
                "GET /api/v1/items", "GET /api/v1/tasks", "GET /api/v1/sightings", "GET /api/v1/shopping-list",
            ])
    }

    @Test func theAPIAndTheHealthCheckAnswerJSONAndEveryOtherRouteAPage() throws {
        for route in try PageHarness().app.router.routes {
            let isAPI = route.pattern.hasPrefix("/api/") || route.pattern == "/healthz"
            #expect((route.traits.face == .api) == isAPI, "\(route.method) \(route.pattern)")
        }
    }

    @Test func everyRouteIsReachedByItsOwnPattern() throws {
        let app = try PageHarness().app
        for route in app.router.routes {
            let path = route.pattern.replacing(/\{[a-z]+\}/, with: "2B0C4D0E-8F1A-4C3B-9D2E-5F6A7B8C9D0E")
            guard case .found(let found, _) = app.router.match(route.method, path) else {
                Issue.record("\(route.method) \(path) finds no route")
                continue
            }
            #expect(found === route, "\(route.method) \(path) is answered by \(found.pattern)")
        }
    }

    @Test func theServerLearnsBodyLimitsAndSlowRequestsFromTheRoutes() throws {
        let app = try PageHarness().app
        let importLimit = RequestHandling(bodyLimit: InterchangeFormat.maximumImportSize)
        #expect(app.handling(method: "POST", path: "/api/v1/import") == importLimit)
        #expect(app.handling(method: "POST", path: "/settings/import") == importLimit)
        #expect(app.handling(method: "POST", path: "/api/v1/changes") == RequestHandling(bodyLimit: 4 * 1024 * 1024))
        for path in ["/signin", "/setup", "/account/password", "/invite/c29tZSB0b2tlbg"] {
            #expect(app.handling(method: "POST", path: path) == .slow, "\(path)")
        }
        for (method, path) in [
            ("GET", "/signin"), ("GET", "/invite/c29tZSB0b2tlbg"), ("POST", "/todo/tasks"), ("GET", "/api/v1/import"),
            ("PUT", "/api/v1/import"), ("POST", "/nowhere"), ("GET", "/api/v1/items"),
        ] {
            #expect(app.handling(method: method, path: path) == .ordinary, "\(method) \(path)")
        }
    }

    /// A method an account path does not take is answered with the methods its routes do take, from the table,
    /// as the lists' paths are; a path no route serves is not found.
    @Test func anAccountPathAllowsExactlyTheMethodsOfItsRoutes() throws {
        let harness = try PageHarness()
        func send(_ method: String, _ path: String) -> HTTPResponse {
            harness.app.respond(to: HTTPRequest(method: method, path: path, headers: PageHarness.browserHeaders()))
        }
        for (method, path, allowed) in [
            ("GET", "/signout", "POST"), ("DELETE", "/account", "GET"), ("POST", "/account", "GET"),
            ("GET", "/account/password", "POST"), ("PUT", "/account/tokens/revoke", "GET, POST"),
            ("GET", "/households/new", "POST"), ("PATCH", "/households/leave", "GET, POST"),
            ("PUT", "/invite/c29tZSB0b2tlbg", "GET, POST"), ("DELETE", "/signin", "GET, POST"),
        ] {
            let response = send(method, path)
            #expect(response.status == 405, "\(method) \(path)")
            #expect(response.headers["Allow"] == allowed, "\(method) \(path)")
            #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        }
        #expect(send("GET", "/account/nothing").status == 404)
        #expect(send("POST", "/households/nothing").status == 404)
        // Nobody signed in learns nothing of an account path's methods: they are sent to sign in first.
        let anonymous = harness.app.respond(
            to: HTTPRequest(method: "DELETE", path: "/account", headers: HTTPHeaders([("Host", PageHarness.host)])))
        #expect(anonymous.status == 303)
        #expect(anonymous.headers["Location"] == "/signin")
    }

    /// A path no route serves is refused as the routes beside it are: anyone's under `/static/`, JSON and a session
    /// under `/api/`, a page that leads to the sign-in screen elsewhere.
    @Test func aPathNoRouteServesIsRefusedAsItsNeighboursAre() throws {
        let app = try PageHarness().app
        func anonymous(_ path: String) -> HTTPResponse {
            app.respond(to: HTTPRequest(method: "GET", path: path, headers: HTTPHeaders([("Host", PageHarness.host)])))
        }
        let asset = anonymous("/static/app.js/x")
        #expect(asset.status == 404)
        #expect(asset.headers["Content-Type"] == "text/html; charset=utf-8")
        let api = anonymous("/api/v1/nothing")
        #expect(api.status == 401)
        #expect(api.headers["Content-Type"] == "application/json")
        let page = anonymous("/gardening")
        #expect(page.status == 303)
        #expect(page.headers["Location"] == "/signin?next=/gardening")
    }
}
