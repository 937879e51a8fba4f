import Foundation

/// A time zone as Lists's dates use it: its name, and its offset from UTC at any moment.
///
/// Every date of a task (a due day, a repeat's next day, what "today" is) needs only that offset, so a zone is
/// Lists's own value rather than Foundation's `TimeZone`, whose first use in a process sets up Foundation's zone
/// cache: a search of every protocol conformance in the executable that, in a command of the CLI, costs more than
/// the rest of its reading of a due date, and which UTC (a server's usual zone) does not need. A place's zone
/// (`Europe/Berlin`) is Foundation's, made as the zone is; ``foundation`` gives Foundation's zone for the
/// calendars and formatters that want one (the bird sightings' days).
public struct Zone: Sendable, Hashable, CustomStringConvertible {
    /// The zone's name: `UTC`, or a place's (`Europe/Berlin`).
    public let identifier: String
    /// How the offset at a moment is found.
    private let rules: Rules

    private enum Rules: Sendable, Hashable {
        /// The same offset at every moment, in seconds east of UTC.
        case fixed(Int)
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

    /// The zone `identifier` names as Foundation knows it (`Europe/Berlin`, `UTC`), or `nil` for a name it does
    /// not know. Checks nothing else: a household's zone is one ``HouseholdTimeZone/checked(_:)`` accepts.
    public init?(identifier: String) {
        if Self.utcIdentifiers.contains(identifier) {
            self = .utc
        } else if let zone = TimeZone(identifier: identifier) {
            self.init(zone)
        } else {
            return nil
        }
    }

    /// The names Foundation gives UTC, read as ``utc`` without its zone data.
    private static let utcIdentifiers: Set = ["UTC", "GMT", "Etc/UTC", "Etc/GMT"]

    /// The machine's zone, as Foundation finds it (`TZ`, else `/etc/localtime`).
    public static var current: Zone { Zone(TimeZone.current) }

    /// The offset from UTC, in seconds east of it, of the local time at `date`.
    public func secondsFromGMT(for date: Date) -> Int {
        switch rules {
        case .fixed(let seconds): seconds
        case .foundation(let zone): zone.secondsFromGMT(for: date)
        }
    }

    /// The offset from UTC now.
    public func secondsFromGMT() -> Int { secondsFromGMT(for: Date()) }

    /// Foundation's zone with the same rules, for its calendars and formatters.
    public var foundation: TimeZone {
        switch rules {
        case .fixed(let seconds): TimeZone(secondsFromGMT: seconds) ?? .gmt
        case .foundation(let zone): zone
        }
    }

    public var description: String { identifier }
}
