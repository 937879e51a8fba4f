import ListsHTTP

/// Where a CalDAV request goes, under `/dav/`: the service's root, a user's principal, their calendar home, a
/// calendar (a household's to-do or shopping list), or a resource in it (one entry, a VTODO).
///
/// ```
/// /dav/                                      the root: names the signed-in user's principal
/// /dav/principals/USER/                      the principal (RFC 5397): names the calendar home
/// /dav/calendars/USER/                       the calendar home: one calendar per list of each household
/// /dav/calendars/USER/CALENDAR/              a calendar
/// /dav/calendars/USER/CALENDAR/NAME          a resource, named by its client (`NAME.ics` by Lists)
/// ```
///
/// A request's path comes decoded (the server decodes it); an href in a body or an answer is percent-encoded, each
/// segment decoded once when read. An empty segment, `.`, `..`, or (in an href) a decoded `/` makes no path, so no
/// path reaches past the one it names.
public enum DAVPath: Equatable, Sendable {
    case root
    case principal(user: String)
    case calendarHome(user: String)
    case calendar(user: String, calendar: String)
    case resource(user: String, calendar: String, name: String)

    /// Where a client finds the service (RFC 6764): redirected to ``root``.
    public static let wellKnown = "/.well-known/caldav"

    /// The path of a request's target, as the server gives it (percent-decoded, without its query), or `nil` for
    /// one outside `/dav/` or not one of the forms above.
    public init?(path: String) {
        guard path == "/dav" || path.hasPrefix("/dav/") else { return nil }
        let segments = path.dropFirst(4).split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        self.init(segments: segments.map(String.init), isCollection: path.hasSuffix("/"))
    }

    /// The path an href names (`/dav/calendars/ann/1-todo-x/a%20b.ics`, or a whole URL, whose scheme and host are
    /// left aside), each segment percent-decoded; `nil` as for ``init(path:)``, or when an escape is malformed.
    public init?(href: String) {
        var path = Substring(href)
        if let scheme = path.firstRange(of: "://") {
            path = path[scheme.upperBound...]
            path = path.firstIndex(of: "/").map { path[$0...] } ?? "/"
        }
        guard path == "/dav" || path.hasPrefix("/dav/") else { return nil }
        var segments: [String] = []
        for raw in path.dropFirst(4).split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            guard let bytes = PercentEncoding.decoded(raw.utf8), let segment = String(validating: bytes, as: UTF8.self),
                !segment.contains("/")
            else { return nil }
            segments.append(segment)
        }
        self.init(segments: segments, isCollection: path.hasSuffix("/"))
    }

    /// The path of `segments` (after `/dav/`; a last empty one is a collection's trailing slash).
    private init?(segments: [String], isCollection: Bool) {
        var segments = segments
        if segments.last == "" { segments.removeLast() }
        guard !segments.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else { return nil }
        switch (segments.first, segments.count) {
        case (nil, _): self = .root
        case ("principals", 2): self = .principal(user: segments[1])
        case ("calendars", 2): self = .calendarHome(user: segments[1])
        case ("calendars", 3): self = .calendar(user: segments[1], calendar: segments[2])
        case ("calendars", 4) where !isCollection:
            self = .resource(user: segments[1], calendar: segments[2], name: segments[3])
        default: return nil
        }
    }

    /// The path as an answer names it, percent-encoded, a collection's ending in `/`.
    public var href: String {
        switch self {
        case .root: "/dav/"
        case .principal(let user): "/dav/principals/\(Self.encoded(user))/"
        case .calendarHome(let user): "/dav/calendars/\(Self.encoded(user))/"
        case .calendar(let user, let calendar): "/dav/calendars/\(Self.encoded(user))/\(Self.encoded(calendar))/"
        case .resource(let user, let calendar, let name):
            "/dav/calendars/\(Self.encoded(user))/\(Self.encoded(calendar))/\(Self.encoded(name))"
        }
    }

    /// Whether the path names a collection (all but a resource).
    public var isCollection: Bool {
        if case .resource = self { return false }
        return true
    }

    /// A segment percent-encoded: all but RFC 3986's unreserved characters and `@` and `+`, which clients' own
    /// resource names hold.
    static func encoded(_ segment: String) -> String {
        PercentEncoding.encoded(segment, keeping: "@+")
    }
}
