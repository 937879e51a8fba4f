import Foundation

/// The time zone a household's days are in: what "today" is, when a due day is over, what 18:00 is.
///
/// A household's zone is a place's IANA name (`Europe/Berlin`, `America/New_York`, `Asia/Kolkata`), or `UTC`: a
/// place's zone follows its laws when they change daylight-saving time, where the old names (`EST5EDT`, `CET`,
/// `US/Eastern`), abbreviations (`EST`) and fixed offsets (`GMT+2`) that Foundation also knows do not, or say
/// something else than they seem to.
public enum HouseholdTimeZone {
    /// The zone `identifier` names, when it is a place's zone that Foundation knows, or `UTC` (`GMT`, which is
    /// what Foundation calls UTC, reads back as well); white space around it and the letters' case do not matter.
    /// - Throws: ``ValidationError`` on `timeZone` for any other text, the empty one too.
    public static func checked(_ identifier: String) throws -> Zone {
        let name = identifier.trimmingWhitespace()
        guard !name.isEmpty else {
            throw ValidationError(field: "timeZone", message: "a time zone is required: \(examples)")
        }
        if utcNames.contains(name.lowercased()) { return .utc }
        guard isPlace(name),
            let zone = Zone(identifier: name)
                ?? TimeZone.knownTimeZoneIdentifiers.first(where: { $0.lowercased() == name.lowercased() })
                .flatMap(Zone.init(identifier:))
        else {
            throw ValidationError(field: "timeZone", message: "\(Quoted(name)) is not a time zone: \(examples)")
        }
        return zone
    }

    /// The names of UTC that ``checked(_:)`` takes (`Etc/UTC` is where `/etc/localtime` links on most servers).
    private static let utcNames: Set = ["utc", "gmt", "etc/utc", "etc/gmt", "etc/universal", "etc/zulu", "etc/uct"]

    /// The server's own zone, for a household that has chosen none: the `TZ` environment variable's, else the
    /// system's (`/etc/localtime`, as `TimeZone.current` reads it), else UTC; only a zone ``checked(_:)`` accepts,
    /// so that the default can be stored and read back.
    public static var serverDefault: Zone {
        // The system's zone is first the one `/etc/localtime` links to, as Foundation reads it for
        // `TimeZone.current`, whose own lookup (the environment read whole, then the system's zone found again)
        // costs a command of the CLI more than the rest of its reading of a due date.
        serverDefault(tz: getenv("TZ").map { String(cString: $0) })
            ?? systemZoneLink().flatMap { serverDefault(tz: $0) } ?? serverDefault(tz: nil, current: .current)
    }

    /// The server's zone given the `TZ` variable `tz` (`Europe/Berlin`, `:Europe/Berlin`, or a path into
    /// `zoneinfo`) and the system's zone `current`.
    static func serverDefault(tz: String?, current: @autoclosure () -> Zone) -> Zone {
        serverDefault(tz: tz) ?? (try? checked(current().identifier)) ?? .utc
    }

    /// The zone `tz` names (as the `TZ` variable does), or `nil` when it is empty or names none Lists takes.
    private static func serverDefault(tz: String?) -> Zone? {
        guard var name = tz, !name.isEmpty else { return nil }
        if name.hasPrefix(":") { name.removeFirst() }
        name = afterZoneinfo(name)
        return try? checked(name)
    }

    /// What follows the first `zoneinfo/` of `path` (the zone's name in a path into the database), or `path`.
    private static func afterZoneinfo(_ path: String) -> String {
        let bytes = Array(path.utf8)
        let marker = Array("zoneinfo/".utf8)
        guard let start = ByteSearch.firstIndex(of: marker, in: bytes) else { return path }
        return String(decoding: bytes[(start + marker.count)...], as: UTF8.self)
    }

    /// Where `/etc/localtime` links to (`/usr/share/zoneinfo/Europe/Berlin`), or `nil` when it is no link.
    private static func systemZoneLink() -> String? {
        var target = [CChar](repeating: 0, count: 4096)
        let length = readlink("/etc/localtime", &target, target.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Every zone ``checked(_:)`` accepts, as it names them, sorted: the places' zones Foundation knows, and UTC.
    public static let places: [String] = {
        let known = TimeZone.knownTimeZoneIdentifiers.filter { isPlace($0) && !$0.hasPrefix("Etc/") }
        return (known + ["UTC"]).sorted()
    }()

    /// How Lists names `zone`: its identifier, `UTC` for UTC however it was named.
    public static func name(of zone: Zone) -> String { zone.identifier }

    // MARK: The household's setting

    /// The setting that keeps `household`'s zone, when it chose one.
    static func settingKey(_ household: HouseholdID) -> String { "household.\(household.rawValue).time-zone" }

    /// The zone `household` chose, or `nil` while it keeps the server's.
    public static func chosen(by household: HouseholdID, in session: any StoreSession) throws -> Zone? {
        // A value stored by this release was checked as it was set; one that no longer names a zone Foundation
        // knows (a zone dropped from the database) reads as none chosen.
        try session.setting(settingKey(household)).flatMap { $0.isEmpty ? nil : try? checked($0) }
    }

    /// `household`'s zone: the one it chose, else the server's (``serverDefault``).
    public static func of(_ household: HouseholdID, in session: any StoreSession) throws -> Zone {
        try chosen(by: household, in: session) ?? serverDefault
    }

    /// Sets `household`'s zone to the one `identifier` names (``checked(_:)``), or back to the server's when it is
    /// `nil`; answers the zone the household is then in.
    /// - Throws: ``ValidationError`` on `timeZone`.
    @discardableResult
    public static func set(_ identifier: String?, of household: HouseholdID, in session: any StoreSession) throws
        -> Zone
    {
        guard let identifier else {
            try session.setSetting(settingKey(household), to: "")
            return serverDefault
        }
        let zone = try checked(identifier)
        try session.setSetting(settingKey(household), to: name(of: zone))
        return zone
    }

    /// What a refusal suggests.
    private static let examples = "write one such as Europe/Berlin or America/New_York"

    /// The first parts of the names of places' zones in the IANA database; `Etc` holds UTC and the fixed offsets
    /// named the IANA way (`Etc/GMT-1`).
    private static let areas: Set = [
        "africa", "america", "antarctica", "arctic", "asia", "atlantic", "australia", "europe", "indian", "pacific",
        "etc",
    ]

    /// Whether `name` is written as a place's zone: an area and a place or two (`America/Argentina/Salta`), of
    /// letters, digits, `_`, `-` and `+`, so that no path (`Europe/../..`) reaches Foundation's file lookup.
    private static func isPlace(_ name: String) -> Bool {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), areas.contains(parts[0].lowercased()) else { return false }
        return parts.allSatisfy { part in
            guard let first = part.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else {
                return false
            }
            return part.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-+".unicodeScalars.contains($0))
            }
        }
    }
}

extension Store {
    /// The zone of the store's household (``HouseholdTimeZone/of(_:in:)``): one read of a setting.
    public func householdTimeZone() throws -> Zone {
        try read { try HouseholdTimeZone.of(household, in: $0) }
    }

    /// The zone the store's household chose, or `nil` while it keeps the server's.
    public func chosenTimeZone() throws -> Zone? {
        try read { try HouseholdTimeZone.chosen(by: household, in: $0) }
    }

    /// Sets the store's household's zone (`nil`: the server's again), answering the zone it is then in.
    /// - Throws: ``ValidationError`` on `timeZone`.
    @discardableResult
    public func setHouseholdTimeZone(_ identifier: String?) throws -> Zone {
        try write { try HouseholdTimeZone.set(identifier, of: household, in: $0) }
    }
}
