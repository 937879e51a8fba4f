import Foundation
import ListsAuth
import ListsHTTP
import JSONCodec
import ListsModel
import ListsSQLite
import Testing

@testable import ListsWeb

/// An app over a fresh in-memory store, and a client that checks every answer against the OpenAPI document
/// the app serves, so that the document stays true to what the API tests see.
struct APIHarness {
    let app: ListsWebApp
    let store: SQLiteStore
    /// The check of answers against the document the app serves.
    let validator: OpenAPIValidator

    /// A fresh app answering to `hosts`; `seeded` adds the tutorials' first-run records.
    init(
        seeded: Bool = false, now: Date = Date(timeIntervalSince1970: 1_796_017_527.123),
        hosts: HostPolicy = .loopback
    ) throws {
        store = try SQLiteStore(path: ":memory:")
        if seeded { _ = try Seeding.seedIfNeeded(store, now: now) }
        try SignedIn.prepare(store, now: now)
        app = ListsWebApp(store: store, clock: { now }, hosts: hosts, hasher: PasswordHasher.testing)
        validator = try OpenAPIValidator(
            app.respond(
                to: HTTPRequest(
                    method: "GET", path: "/api/v1/openapi.json", headers: HTTPHeaders([("Cookie", SignedIn.cookie)]))
            ).body)
    }

    /// What came back: status, headers and the body parsed as JSON (when it is).
    struct Answer {
        var status: Int
        var headers: HTTPHeaders
        var body: [UInt8]
        var json: Any? {
            try? JSONDecoder().decode(JSONValue.self, from: Data(body)).plain
        }
        var object: [String: Any] { json as? [String: Any] ?? [:] }
        var error: [String: Any] { object["error"] as? [String: Any] ?? [:] }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Sends a request; `json` is sent as the body with `Content-Type: application/json`.
    @discardableResult
    func send(
        _ method: String, _ path: String, json: String? = nil, query: [String: String] = [:],
        headers: [(String, String)] = [], body: [UInt8]? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Answer {
        var allHeaders = HTTPHeaders([
            ("Host", "127.0.0.1:8080"), ("Accept", "application/json"), ("Cookie", SignedIn.cookie),
        ])
        if json != nil { allHeaders["Content-Type"] = "application/json" }
        for (name, value) in headers { allHeaders[name] = value }
        let request = HTTPRequest(
            method: method, path: path, query: query, headers: allHeaders, body: body ?? Array((json ?? "").utf8))
        let response = app.respond(to: request)
        let problems = validator.problems(
            method: method, path: path, status: response.status, contentType: response.headers["Content-Type"],
            body: response.body)
        for problem in problems {
            Issue.record("the answer does not match the OpenAPI document: \(problem)", sourceLocation: sourceLocation)
        }
        return Answer(status: response.status, headers: response.headers, body: response.body)
    }

    /// Everything the store holds, to show that a refused request changed nothing.
    func snapshot() throws -> [String] {
        try store.read { session in
            try session.list(ShoppingItem.self).map { "\($0.record)" }
                + session.list(TodoTask.self).map { "\($0.record)" }
                + session.list(BirdSighting.self).map { "\($0.record)" }
        }
    }
}
