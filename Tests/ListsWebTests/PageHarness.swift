import Foundation
import ListsAuth
import ListsHTTP
import ListsModel
import ListsSQLite
import Testing

@testable import ListsWeb

/// The web app over a fresh in-memory SQLite store, seeded with the tutorials' records at a fixed time, and the
/// requests a browser would send it.
struct PageHarness {
    /// 2026-11-30T05:45:27Z: early morning in UTC, still the 29th in America.
    static let now = Date(timeIntervalSince1970: 1_796_017_527)
    /// The host the app is "served" on.
    static let host = "localhost:8080"

    let store: SQLiteStore
    let app: ListsWebApp

    /// A seeded store (or an empty one) behind a new app.
    init(seeded: Bool = true) throws {
        store = try SQLiteStore(path: ":memory:")
        try Seeding.seedIfNeeded(store, empty: !seeded, now: Self.now)
        try SignedIn.prepare(store, now: Self.now)
        app = ListsWebApp(store: store, clock: { PageHarness.now }, hasher: PasswordHasher.testing)
    }

    /// What a browser in UTC reading US English sends with every request.
    static func browserHeaders(_ extra: [(String, String)] = []) -> HTTPHeaders {
        var headers = HTTPHeaders([
            ("Host", host), ("Accept", "text/html"), ("Accept-Language", "en-US,en;q=0.9"),
            ("Cookie", "tz=UTC; \(SignedIn.cookie)"),
        ])
        // A test's own cookies come with the session's: the harness is always signed in.
        for (name, value) in extra {
            headers[name] = name.lowercased() == "cookie" ? "\(value); \(SignedIn.cookie)" : value
        }
        return headers
    }

    /// `GET path`.
    func get(_ path: String, query: [String: String] = [:], headers: [(String, String)] = []) -> HTTPResponse {
        app.respond(to: HTTPRequest(method: "GET", path: path, query: query, headers: Self.browserHeaders(headers)))
    }

    /// A form post from a page of this site, `fields` urlencoded as a browser does.
    func post(
        _ path: String, _ fields: [(String, String)], query: [String: String] = [:], headers: [(String, String)] = []
    ) -> HTTPResponse {
        let body = fields.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return post(path, body: Array(body.utf8), query: query, headers: headers)
    }

    /// A post of raw `body` bytes, by default as a same-origin form.
    func post(_ path: String, body: [UInt8], query: [String: String] = [:], headers: [(String, String)] = [])
        -> HTTPResponse
    {
        let defaults = [
            ("Content-Type", "application/x-www-form-urlencoded"), ("Origin", "http://\(Self.host)"),
            ("Sec-Fetch-Site", "same-origin"),
        ]
        return app.respond(
            to: HTTPRequest(
                method: "POST", path: path, query: query, headers: Self.browserHeaders(defaults + headers), body: body))
    }

    /// `text` as a browser encodes a form value: `+` for a space, `%XX` for anything but letters, digits and `-._*`.
    static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: " "): out += "+"
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "*"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default: out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    /// The shopping items' names in catalog order.
    func itemNames() throws -> [String] {
        try app.lists.shopping.catalog().map(\.record.name)
    }

    /// The item called `name`.
    func item(_ name: String) throws -> ShoppingItem {
        try #require(try app.lists.shopping.catalog().first { $0.record.name == name }?.record)
    }

    /// The task called `title`.
    func task(_ title: String) throws -> TodoTask {
        try #require(try app.lists.todo.all().first { $0.record.title == title }?.record)
    }

    /// The sighting of `name`.
    func sighting(_ name: String) throws -> BirdSighting {
        try #require(try app.lists.birds.all().first { $0.record.name == name }?.record)
    }
}

extension HTTPResponse {
    /// The body as text.
    var text: String { String(decoding: body, as: UTF8.self) }

    /// The `Location` of a redirect.
    var location: String? { headers["Location"] }
}

extension String {
    /// Whether `first` appears before `second` in the text (both present).
    func mentions(_ first: String, before second: String) -> Bool {
        guard let a = range(of: first), let b = range(of: second) else { return false }
        return a.lowerBound < b.lowerBound
    }

    /// How many times `needle` occurs.
    func occurrences(of needle: String) -> Int {
        components(separatedBy: needle).count - 1
    }

    /// The page with the ids its add forms chose (``Layout/chosenIDField(_:)``, new at each drawing) left out, so
    /// that two drawings of one page compare equal.
    var withoutChosenIDs: String {
        replacingOccurrences(
            of: #"<input type="hidden" name="id" value="[0-9A-F-]{36}">"#, with: "", options: .regularExpression)
    }

    /// The page without the templates app.js draws from when offline (``OfflineViews``): what it shows.
    var withoutTemplates: String {
        guard let start = range(of: "<div class=\"offline-templates\" hidden>"),
            let end = range(of: "</template>\n</div>", options: .backwards, range: start.upperBound..<endIndex)
        else { return self }
        return replacingCharacters(in: start.lowerBound..<end.upperBound, with: "")
    }
}
