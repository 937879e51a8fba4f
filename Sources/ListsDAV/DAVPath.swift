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
/// Each segment is percent-decoded once; an empty segment, `.`, `..` or a decoded `/` makes no path, so no path
/// reaches past the one it names.
public enum DAVPath: Equatable, Sendable {
    case root
    case principal(user: String)
    case calendarHome(user: String)
    case calendar(user: String, calendar: String)
    case resource(user: String, calendar: String, name: String)

    /// Where a client finds the service (RFC 6764): redirected to ``root``.
    public static let wellKnown = "/.well-known/caldav"

    /// The path of a request's target (without its query), or `nil` for one outside `/dav/` or not one of the
    /// forms above.
    public init?(_ path: String) {
        guard path == "/dav" || path.hasPrefix("/dav/") else { return nil }
        let isCollection = path.hasSuffix("/")
        var raw = path.dropFirst(5).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if raw.last == "" { raw.removeLast() }
        var segments: [String] = []
        for segment in raw {
            guard let decoded = Self.percentDecoded(segment), !decoded.isEmpty, decoded != ".", decoded != "..",
                !decoded.contains("/")
            else { return nil }
            segments.append(decoded)
        }
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

    /// A segment with its `%XX` escapes decoded, or `nil` when an escape is malformed or the result is not
    /// UTF-8.
    static func percentDecoded(_ segment: String) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(segment.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// A segment percent-encoded: all but letters, digits and `-._~@+` (RFC 3986's unreserved, and two that
    /// clients' own resource names hold).
    static func encoded(_ segment: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in segment.utf8 {
            let isKept =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || "-._~@+".utf8.contains(byte)
            if isKept {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
