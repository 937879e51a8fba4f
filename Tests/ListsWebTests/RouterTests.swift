import Synchronization
import Foundation
import ListsHTTP
import ListsModel
import Testing

@testable import ListsWeb

@Suite struct RouterTests {
    private func router() -> Router {
        var router = Router()
        router.add("GET", "/api/v1/items", .api) { _, _ in .html("list") }
        router.add("POST", "/api/v1/items", .api) { _, _ in .html("add") }
        router.add("GET", "/api/v1/items/{id}", .api) { _, context in .html(try context.parameters.id().uuidString) }
        return router
    }

    @Test func aPathIsMatchedByMethodAndCapturesItsParameters() throws {
        let id = "2B0C4D0E-8F1A-4C3B-9D2E-5F6A7B8C9D0E"
        let response = try router().handle(HTTPRequest(method: "GET", path: "/api/v1/items/\(id)"))
        #expect(String(decoding: response.body, as: UTF8.self) == id)
    }

    @Test func anotherMethodOnAKnownPathIsRefusedWithTheAllowedOnes() {
        #expect(throws: HTTPError.methodNotAllowed("DELETE", allowed: ["GET", "POST"])) {
            try router().handle(HTTPRequest(method: "DELETE", path: "/api/v1/items"))
        }
    }

    @Test func anUnknownPathIsNotFound() {
        #expect(throws: HTTPError.noRoute("/api/v1/birds")) {
            try router().handle(HTTPRequest(method: "GET", path: "/api/v1/birds"))
        }
    }

    @Test func aMalformedIdIsABadRequestNamingTheParameter() {
        let error = #expect(throws: HTTPError.self) {
            try router().handle(HTTPRequest(method: "GET", path: "/api/v1/items/..%2F"))
        }
        #expect(error?.status == 400)
        #expect(error?.field == "id")
    }

    @Test func headerNamesIgnoreCase() {
        let headers = HTTPHeaders([("content-TYPE", "application/json; charset=utf-8")])
        #expect(headers["Content-Type"] == "application/json; charset=utf-8")
        #expect(HTTPRequest(method: "POST", path: "/", headers: headers).mediaType == "application/json")
    }

    /// A database that cannot answer now is the server's trouble of the moment, not the request's fault and not
    /// a failure of Lists: 503 with a code a client can retry on, and words that say whether anything was saved.
    @Test(arguments: [
        (StoreError.unreachable("postgres://lists@db/lists"), "database_unavailable", "nothing was changed"),
        (StoreError.connectionLost("postgres://lists@db/lists"), "database_unavailable", "may not have been saved"),
        (StoreError.busy, "busy", "try again"),
    ])
    func aDatabaseThatCannotAnswerNowIsServiceUnavailable(_ error: StoreError, code: String, words: String) {
        let http = HTTPError(error)
        #expect(http.status == 503)
        #expect(http.code == code)
        #expect(http.message.contains(words))
        // Every HTTP client reads this answer: the database server's address is for the server's log only.
        #expect(!http.message.contains("postgres://"))
        #expect(!http.message.contains("lists@db"))
    }

    /// The answer names no database server; the log names it, so that the operator learns which one is down.
    @Test func anUnreachableDatabaseIsNamedInTheLogNotInTheAnswer() throws {
        let logged = Mutex<[String]>([])
        let app = ListsWebApp(
            store: UnreachableStore(), hosts: .loopback, log: { line in logged.withLock { $0.append(line) } })
        for (path, accept) in [("/api/v1/tasks", "application/json"), ("/todo", "text/html")] {
            let response = app.respond(
                to: HTTPRequest(
                    method: "GET", path: path, headers: HTTPHeaders([("Accept", accept), ("Cookie", SignedIn.cookie)])))
            // The session is looked up first: that read fails as the lists' would.
            #expect(response.status == 503)
            #expect(!String(decoding: response.body, as: UTF8.self).contains("db.internal"))
        }
        let lines = logged.withLock { $0 }
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.contains("postgres://lists@db.internal:5432/lists") && $0.contains("503") })
    }

    @Test func aStoreFailureIsAServerErrorThatKeepsTheEnginesWordsToItself() {
        let http = HTTPError(StoreError.failure("disk I/O error at page 7"))
        #expect(http.status == 500)
        #expect(http.code == "storage_failure")
        #expect(!http.message.contains("page 7"))
    }
}

/// A store whose database server cannot be reached, as a PostgreSQL store is while its server is down.
private struct UnreachableStore: Store {
    var scope: StoreScope { StoreScope(household: .first) }
    func scoped(to scope: StoreScope) -> any Store { self }
    func read<T>(_ body: (any StoreSession) throws -> T) throws -> T {
        throw StoreError.unreachable("postgres://lists@db.internal:5432/lists")
    }
    func write<T>(_ body: (any StoreSession) throws -> T) throws -> T {
        throw StoreError.unreachable("postgres://lists@db.internal:5432/lists")
    }
}

extension Router {
    /// Runs the handler `request` leads to, or throws its 404 or 405, as the app does once its checks pass.
    func handle(_ request: HTTPRequest) throws -> HTTPResponse {
        switch match(request.method, request.path) {
        case .found(let route, let parameters):
            try route.handler(request, RequestContext(parameters: parameters, method: request.method))
        case .refused(let error, _): throw error
        }
    }
}
