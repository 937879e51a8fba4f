import Foundation
import Synchronization

/// A time zone as Lists's dates use it: its name, and its offset from UTC at any moment.
///
/// Every date of a task (a due day, a repeat's next day, what "today" is) needs only that offset, so a zone is
/// Lists's own value rather than Foundation's `TimeZone`, whose first use in a process sets up Foundation's zone
/// cache: a search of every protocol conformance in the executable that, in a command of the CLI, costs more than
/// the rest of its reading of a due date, and then loads the zone's rules from ICU's data. UTC (a server's usual
/// zone) is a fixed offset; a place's zone (`Europe/Berlin`) is read from the system's tz database
/// (`/usr/share/zoneinfo`, Debian's `tzdata`; ``ZoneRules``), and only a zone it lacks is Foundation's.
/// ``foundation`` gives Foundation's zone for the calendars and formatters that want one (the bird sightings'
/// days). Two zones are the same when they have the same name.
public struct Zone: Sendable, Hashable, CustomStringConvertible {
    /// The zone's name: `UTC`, or a place's (`Europe/Berlin`).
    public let identifier: String
    /// How the offset at a moment is found.
    private let rules: Rules

    private enum Rules: Sendable {
        /// The same offset at every moment, in seconds east of UTC.
        case fixed(Int)
        /// The tz database's rules for the zone, as the system's file for it gives them.
        case tzif(ZoneRules)
        /// Foundation's rules for the zone.
        case foundation(TimeZone)
    }

    /// UTC: an offset of 0 at every moment.
    public static let utc = Zone(identifier: "UTC", rules: .fixed(0))

    private init(identifier: String, rules: Rules) {
        self.identifier = identifier
        self.rules = rules
    }

    /// Foundation's zone `zone`, under its own name (`UTC` for Foundation's `GMT` of offset 0).
    public init(_ zone: TimeZone) {
        if Self.utcIdentifiers.contains(zone.identifier), zone.secondsFromGMT() == 0 {
            self = .utc
        } else {
            self.init(identifier: zone.identifier, rules: .foundation(zone))
        }
    }

    /// The zone `identifier` names (`Europe/Berlin`, `UTC`): the system's tz database's, else Foundation's, or
    /// `nil` for a name neither knows. Checks nothing else: a household's zone is one
    /// ``HouseholdTimeZone/checked(_:)`` accepts.
    public init?(identifier: String) {
        if Self.utcIdentifiers.contains(identifier) {
            self = .utc
        } else if let rules = Self.systemRules(identifier) {
            self.init(identifier: identifier, rules: .tzif(rules))
        } else if let zone = TimeZone(identifier: identifier) {
            self.init(zone)
        } else {
            return nil
        }
    }

    /// Where the system's tz database is: `TZDIR`, as the C library reads it, else Debian's place for it.
    private static let databaseDirectory: String = {
        guard let directory = getenv("TZDIR").map({ String(cString: $0) }), directory.hasPrefix("/") else {
            return "/usr/share/zoneinfo"
        }
        return directory
    }()

    /// The rules of each zone read from the database so far (a server asks for its households' zones again and
    /// again); a name with no readable file is not kept, and is looked for again.
    private static let readRules = Mutex<[String: ZoneRules]>([:])

    /// The rules the system's file for `identifier` gives, or `nil` when the name is no file's (or names no zone
    /// file: only letters, digits, `_`, `+`, `-` and `/` between names, so no path leaves the database).
    static func systemRules(_ identifier: String) -> ZoneRules? {
        if let known = readRules.withLock({ $0[identifier] }) { return known }
        let parts = identifier.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard identifier.utf8.count <= 200,
            parts.allSatisfy({ part in
                guard let first = part.first, first != UInt8(ascii: "."), first != UInt8(ascii: "-") else {
                    return false
                }
                return part.allSatisfy { byte in
                    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                        || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "_+-".utf8.contains(byte)
                }
            }),
            let bytes = Self.contents(of: databaseDirectory + "/" + identifier),
            let rules = ZoneRules(tzif: bytes)
        else { return nil }
        readRules.withLock { $0[identifier] = rules }
        return rules
    }

    /// The bytes of the regular file at `path`, up to 1 MB (a zone's file is a few KB), or `nil`.
    private static func contents(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= 1 << 20 else {
            return nil
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                buffer.baseAddress.map { read(descriptor, $0 + filled, buffer.count - filled) } ?? 0
            }
            guard count > 0 else { return nil }
            filled += count
        }
        return bytes
    }

    /// The names Foundation gives UTC, read as ``utc`` without its zone data.
    private static let utcIdentifiers: Set = ["UTC", "GMT", "Etc/UTC", "Etc/GMT"]

    /// The machine's zone, as Foundation finds it (`TZ`, else `/etc/localtime`).
    public static var current: Zone { Zone(TimeZone.current) }

    /// The offset from UTC, in seconds east of it, of the local time at `date`.
    public func secondsFromGMT(for date: Date) -> Int {
        switch rules {
        case .fixed(let seconds): seconds
        case .tzif(let rules): rules.offset(at: Int64((date.timeIntervalSince1970).rounded(.down)))
        case .foundation(let zone): zone.secondsFromGMT(for: date)
        }
    }

    /// The offset from UTC now.
    public func secondsFromGMT() -> Int { secondsFromGMT(for: Date()) }

    /// Foundation's zone with the same rules, for its calendars and formatters.
    public var foundation: TimeZone {
        switch rules {
        case .fixed(let seconds): TimeZone(secondsFromGMT: seconds) ?? .gmt
        case .tzif: TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: secondsFromGMT()) ?? .gmt
        case .foundation(let zone): zone
        }
    }

    public var description: String { identifier }

    public static func == (left: Zone, right: Zone) -> Bool { left.identifier == right.identifier }

    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}
