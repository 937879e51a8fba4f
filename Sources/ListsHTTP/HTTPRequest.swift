/// One HTTP request as the routes see it: no socket, no libmicrohttpd, so that every route is testable with a
/// value built in a test.
public struct HTTPRequest: Sendable {
    /// The method, upper-case as sent (`GET`, `POST`, ...).
    public var method: String
    /// The path, percent-decoded, without the query: `/api/v1/items/2B0C...`.
    public var path: String
    /// The query's arguments, decoded; the first of a repeated name wins.
    public var query: [String: String]
    /// The request's headers.
    public var headers: HTTPHeaders
    /// The body's bytes (the server refuses bodies over ``HTTPRequest/maximumBodySize`` before routing).
    public var body: [UInt8]
    /// The address of the peer that sent the request (4 bytes for IPv4, 16 for IPv6), empty when unknown (a
    /// request made in a test). Sign-in failures are limited per client address.
    public var clientAddress: [UInt8] = []
    /// Whether the peer is one of the operator's trusted proxies: its `X-Forwarded-For` and `X-Forwarded-Proto`
    /// are then believed.
    public var isFromTrustedProxy = false

    /// The largest body Lists accepts: 64 KiB. Larger ones get 413 and are never read whole.
    public static let maximumBodySize = 64 * 1024

    /// A request; tests and the server adapter make them.
    public init(
        method: String, path: String, query: [String: String] = [:], headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = []
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The media type of the body, lower-cased, without parameters (`application/json`), or `nil` when unsent.
    public var mediaType: String? {
        guard let value = headers["Content-Type"] else { return nil }
        // What clients send nearly always, answered without splitting and folding.
        if value == "application/json" || value == "application/x-www-form-urlencoded" { return value }
        let type = value.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]
        return type.trimmingSpacesAndTabs().lowercased()
    }
}

/// Header fields, looked up without regard to case, keeping the order they came in.
public struct HTTPHeaders: Sendable, Sequence {
    private var fields: [(name: String, value: String)]

    /// Headers from `(name, value)` pairs.
    public init(_ fields: [(String, String)] = []) {
        self.fields = fields.map { (name: $0.0, value: $0.1) }
    }

    /// The first value of the header `name`, any case; setting replaces every value of that name.
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.caseInsensitiveEquals(name) }?.value }
        set {
            fields.removeAll { $0.name.caseInsensitiveEquals(name) }
            if let newValue { fields.append((name: name, value: newValue)) }
        }
    }

    /// Adds a field, keeping others of the same name (`Set-Cookie`, `Vary`).
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }
}

extension StringProtocol {
    /// The text without the spaces and tabs around it (optional whitespace, in HTTP's words).
    public func trimmingSpacesAndTabs() -> SubSequence {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}

extension String {
    /// ASCII case-insensitive equality, as header names compare.
    ///
    /// Every header looked up compares names this way, several times a request: on the bytes in place when both
    /// strings are native (nearly always), with no iterator.
    public func caseInsensitiveEquals(_ other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        let fast = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { theirs in
                for index in 0..<mine.count where !Self.asciiCaseInsensitiveEqual(mine[index], theirs[index]) {
                    return false
                }
                return true
            }
        }
        if let fast, let answer = fast { return answer }
        return utf8.elementsEqual(other.utf8, by: Self.asciiCaseInsensitiveEqual)
    }

    /// Whether two bytes are equal, ASCII letters regardless of case.
    @inline(__always)
    static func asciiCaseInsensitiveEqual(_ a: UInt8, _ b: UInt8) -> Bool {
        a == b || (a | 0x20 == b | 0x20 && (a | 0x20) >= 0x61 && (a | 0x20) <= 0x7A)
    }
}
