import Foundation

/// What a birder's checklist says about a sighting beyond the tutorial's name, location and date: how many
/// birds, the species' scientific name, where exactly, and comments. eBird's files carry these.
public struct SightingDetails: Sendable, Hashable {
    /// How many were seen: a number, or `X` for "present, not counted".
    public var count: BirdCount?
    /// The species' scientific name (`Turdus migratorius`), up to 200 characters.
    public var scientificName: String?
    /// Latitude in degrees, -90 to 90, as exactly as it was given.
    public var latitude: Decimal?
    /// Longitude in degrees, -180 to 180.
    public var longitude: Decimal?
    /// Notes about the sighting: several lines, up to 2,000 characters.
    public var comments: String?

    /// Details, each checked by ``validated()``.
    public init(
        count: BirdCount? = nil, scientificName: String? = nil, latitude: Decimal? = nil, longitude: Decimal? = nil,
        comments: String? = nil
    ) {
        self.count = count
        self.scientificName = scientificName
        self.latitude = latitude
        self.longitude = longitude
        self.comments = comments
    }

    /// The details that are known, labelled as the detail screen and `lists birds show` show them.
    public var labelled: [(label: String, value: String)] {
        var rows: [(label: String, value: String)] = []
        if let count { rows.append(("Count", count == .present ? "X (present)" : count.description)) }
        if let scientificName { rows.append(("Scientific Name", scientificName)) }
        if let latitude, let longitude { rows.append(("Coordinates", "\(latitude), \(longitude)")) }
        if let comments { rows.append(("Comments", comments)) }
        return rows
    }

    /// The details with their texts trimmed, checked against the rules of ``BirdSighting/Fields``.
    /// - Throws: ``ValidationError`` naming `scientificName`, `latitude`, `longitude` or `comments`.
    public func validated() throws -> SightingDetails {
        var checked = self
        checked.scientificName = try BirdSighting.Fields.scientificName.checked(scientificName)
        checked.comments = try BirdSighting.Fields.comments.checked(comments)
        checked.latitude = try BirdSighting.Fields.latitude.checked(latitude)
        checked.longitude = try BirdSighting.Fields.longitude.checked(longitude)
        try checked.checkCoordinates()
        return checked
    }

    /// Refuses a latitude without a longitude, or the other way round.
    /// - Throws: ``ValidationError`` naming the one that is missing.
    func checkCoordinates() throws {
        if (latitude == nil) != (longitude == nil) {
            throw ValidationError(
                field: latitude == nil ? "latitude" : "longitude",
                message: "give both latitude and longitude, or neither")
        }
    }
}

/// How many birds a sighting counted: eBird's Number, a count from 1 up or `X` for "present".
public enum BirdCount: Sendable, Hashable, CustomStringConvertible {
    /// A counted number, 1 or more.
    case number(Int)
    /// Seen, not counted (`X`).
    case present

    /// The count `text` means: digits (1 to 1,000,000) or `X`; `nil` for anything else.
    public init?(_ text: String) {
        let trimmed = text.trimmingWhitespace()
        if trimmed == "X" || trimmed == "x" {
            self = .present
        } else if trimmed.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(trimmed),
            (1...1_000_000).contains(number)
        {
            self = .number(number)
        } else {
            return nil
        }
    }

    /// `12` or `X`.
    public var description: String {
        switch self {
        case .number(let number): "\(number)"
        case .present: "X"
        }
    }

    /// What messages say is allowed.
    public static let allowed = "a whole number from 1 to 1000000, or X for present but not counted"

    /// What a refused count is told.
    static let refusal = "use \(allowed)"

}
