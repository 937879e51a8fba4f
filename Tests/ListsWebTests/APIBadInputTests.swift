import Foundation
import ListsModel
import Testing

@testable import ListsWeb

/// What a client may send wrong: each gets its 4xx with a message that names the field, and nothing is stored.
@Suite struct APIBadInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var method = "POST"
        var path: String
        var body: String
        var contentType: String? = "application/json"
        var status: Int
        var field: String?
        var testDescription: String { "\(method) \(path) \(body.prefix(40))" }
    }

    static let cases: [Case] = [
        Case(path: "/api/v1/items", body: "{", status: 400),
        Case(path: "/api/v1/items", body: "[1, 2]", status: 400),
        Case(path: "/api/v1/items", body: "\"Milk\"", status: 400),
        Case(path: "/api/v1/items", body: #"{"name": 5}"#, status: 422, field: "name"),
        Case(path: "/api/v1/items", body: #"{"name": null}"#, status: 422, field: "name"),
        Case(path: "/api/v1/items", body: #"{}"#, status: 422, field: "name"),
        Case(path: "/api/v1/items", body: #"{"name": "   "}"#, status: 422, field: "name"),
        Case(path: "/api/v1/items", body: #"{"name": "Milk", "price": "1.99"}"#, status: 422, field: "price"),
        Case(path: "/api/v1/items", body: #"{"name": "Milk", "price": 1.999}"#, status: 422, field: "price"),
        Case(path: "/api/v1/items", body: #"{"name": "Milk", "price": -1}"#, status: 422, field: "price"),
        Case(path: "/api/v1/items", body: #"{"name": "Milk", "price": 1e9}"#, status: 422, field: "price"),
        Case(
            path: "/api/v1/items", body: #"{"name": "Milk", "inShoppingList": "yes"}"#, status: 422,
            field: "inShoppingList"),
        Case(path: "/api/v1/items", body: #"{"name": "Milk", "colour": "white"}"#, status: 422, field: "colour"),
        Case(path: "/api/v1/items", body: #"{"name": "Milk\u0007"}"#, status: 422, field: "name"),
        Case(path: "/api/v1/items", body: #"{"name": "Milk"}"#, contentType: "text/plain", status: 415),
        Case(path: "/api/v1/items", body: #"{"name": "Milk"}"#, contentType: nil, status: 415),
        Case(path: "/api/v1/items", body: "name=Milk", contentType: "application/x-www-form-urlencoded", status: 415),
        Case(path: "/api/v1/tasks", body: #"{"title": ""}"#, status: 422, field: "title"),
        Case(path: "/api/v1/tasks", body: #"{"title": "Walk", "done": 1}"#, status: 422, field: "done"),
        Case(path: "/api/v1/tasks", body: #"{"title": "Rent", "due": "2026-02-30"}"#, status: 422, field: "due"),
        Case(path: "/api/v1/tasks", body: #"{"title": "Rent", "due": "someday"}"#, status: 422, field: "due"),
        Case(path: "/api/v1/tasks", body: #"{"title": "Rent", "due": "2026-12-24T25:00"}"#, status: 422, field: "due"),
        Case(path: "/api/v1/tasks", body: #"{"title": "Rent", "due": 20261224}"#, status: 422, field: "due"),
        Case(path: "/api/v1/tasks", body: #"{"title": "Rent", "priority": "urgent"}"#, status: 422, field: "priority"),
        Case(path: "/api/v1/tasks", body: #"{"title": "Rent", "priority": 1}"#, status: 422, field: "priority"),
        Case(path: "/api/v1/tasks", body: #"{"title": "Rent", "note": "a\u0007b"}"#, status: 422, field: "note"),
        Case(
            path: "/api/v1/tasks",
            body: "{\"title\": \"Rent\", \"note\": \"" + String(repeating: "x", count: 10_001) + "\"}",
            status: 422, field: "note"),
        Case(
            path: "/api/v1/tasks", body: #"{"title": "Rent", "doneAt": "2026-12-04T10:00:00Z"}"#, status: 422,
            field: "doneAt"),
        Case(path: "/api/v1/tasks", body: #"{"name": "Walk"}"#, status: 422, field: "name"),
        Case(path: "/api/v1/sightings", body: #"{"name": "Robin", "date": "yesterday"}"#, status: 422, field: "date"),
        Case(
            path: "/api/v1/sightings", body: #"{"name": "Robin", "date": "1700-01-01T00:00:00Z"}"#, status: 422,
            field: "date"),
        Case(path: "/api/v1/sightings", body: #"{"name": "Robin", "location": 3}"#, status: 422, field: "location"),
        Case(
            path: "/api/v1/sightings", body: #"{"name": "Robin", "date": "2026-02-30T12:00:00Z"}"#, status: 422,
            field: "date"),
        Case(
            method: "PATCH", path: "/api/v1/tasks/2B0C4D0E-8F1A-4C3B-9D2E-5F6A7B8C9D0E", body: #"{"title": null}"#,
            status: 422, field: "title"),
        Case(
            method: "PATCH", path: "/api/v1/items/2B0C4D0E-8F1A-4C3B-9D2E-5F6A7B8C9D0E",
            body: #"{"inShoppingList": null}"#, status: 422, field: "inShoppingList"),
        Case(path: "/api/v1/sightings", body: #"{"location": "Park"}"#, status: 422, field: "name"),
        Case(method: "PUT", path: "/api/v1/items", body: "{}", status: 405),
        Case(method: "BREW", path: "/api/v1/tasks", body: "", contentType: nil, status: 405),
        Case(method: "GET", path: "/api/v1/nothing", body: "", contentType: nil, status: 404),
        Case(method: "GET", path: "/api/v1/items/not-an-id", body: "", contentType: nil, status: 400, field: "id"),
        Case(
            method: "GET", path: "/api/v1/items/2B0C4D0E-8F1A-4C3B-9D2E-5F6A7B8C9D0E", body: "", contentType: nil,
            status: 404),
        Case(
            method: "PATCH", path: "/api/v1/tasks/2B0C4D0E-8F1A-4C3B-9D2E-5F6A7B8C9D0E", body: #"{"done": true}"#,
            status: 404),
        Case(
            method: "DELETE", path: "/api/v1/sightings/2B0C4D0E-8F1A-4C3B-9D2E-5F6A7B8C9D0E", body: "",
            contentType: nil, status: 404),
    ]

    @Test(arguments: cases)
    func isRefusedAndChangesNothing(_ bad: Case) throws {
        let api = try APIHarness(seeded: true)
        let before = try api.snapshot()
        let answer = api.send(
            bad.method, bad.path, headers: bad.contentType.map { [("Content-Type", $0)] } ?? [],
            body: Array(bad.body.utf8))
        #expect(answer.status == bad.status, "\(answer.text)")
        #expect(answer.error["field"] as? String == bad.field)
        #expect((answer.error["message"] as? String)?.isEmpty == false)
        #expect(try api.snapshot() == before)
    }

    @Test func invalidUTF8IsABadRequest() throws {
        let api = try APIHarness()
        let answer = api.send(
            "POST", "/api/v1/tasks", headers: [("Content-Type", "application/json")],
            body: Array(#"{"title": ""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8))
        #expect(answer.status == 400)
        #expect(try api.snapshot().isEmpty)
    }

    @Test func aCrossSiteWriteIsRefused() throws {
        let api = try APIHarness(
            hosts: HostPolicy(names: ["lists.example"], isServedAddress: HostPolicy.isLoopbackAddress))
        for headers in [[("Origin", "http://evil.example")], [("Sec-Fetch-Site", "cross-site")]] {
            let answer = api.send("POST", "/api/v1/tasks", json: #"{"title": "Pwned"}"#, headers: headers)
            #expect(answer.status == 403)
            #expect(answer.error["code"] as? String == "cross_site")
        }
        #expect(try api.snapshot().isEmpty)
        #expect(
            api.send(
                "POST", "/api/v1/tasks", json: #"{"title": "Mine"}"#, headers: [("Origin", "http://127.0.0.1:8080")]
            ).status == 201)
        // Behind a reverse proxy that rewrote Host, the host the browser asked for comes in X-Forwarded-Host.
        let proxied = api.send(
            "POST", "/api/v1/tasks", json: #"{"title": "Via the proxy"}"#,
            headers: [
                ("Host", "127.0.0.1:8080"), ("X-Forwarded-Host", "lists.example"), ("Origin", "https://lists.example"),
            ])
        #expect(proxied.status == 201)
    }

    @Test func aWeakIfMatchNeverMatches() throws {
        let api = try APIHarness()
        let id = try #require(api.send("POST", "/api/v1/tasks", json: #"{"title": "Walk"}"#).object["id"] as? String)
        let answer = api.send(
            "PATCH", "/api/v1/tasks/\(id)", json: #"{"done": true}"#, headers: [("If-Match", #"W/"1""#)])
        #expect(answer.status == 412)
    }
}
