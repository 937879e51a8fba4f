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
    /// Notes about the sighting, up to 200 characters on one line.
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

    /// The details with their texts trimmed, checked against the rules above.
    /// - Throws: ``ValidationError`` naming `scientificName`, `latitude`, `longitude` or `comments`.
    public func validated() throws -> SightingDetails {
        var checked = self
        checked.scientificName = try scientificName.flatMap {
            try TextRule.check($0, field: "scientificName", what: "a scientific name", isOptional: true)
        }
        checked.comments = try comments.flatMap {
            try TextRule.check($0, field: "comments", what: "comments", isOptional: true)
        }
        if let latitude, !(-90...90).contains(latitude) || latitude.isNaN {
            throw ValidationError(field: "latitude", message: "\(latitude) is not a latitude; use -90 to 90 degrees")
        }
        if let longitude, !(-180...180).contains(longitude) || longitude.isNaN {
            throw ValidationError(
                field: "longitude", message: "\(longitude) is not a longitude; use -180 to 180 degrees")
        }
        if (latitude == nil) != (longitude == nil) {
            throw ValidationError(
                field: latitude == nil ? "latitude" : "longitude", message: "give both latitude and longitude, or neither")
        }
        return checked
    }
}

/// How many birds a sighting counted: eBird's Number, a count from 1 up or `X` for "present".
public enum BirdCount: Sendable, Hashable, CustomStringConvertible, Encodable {
    /// A counted number, 1 or more.
    case number(Int)
    /// Seen, not counted (`X`).
    case present

    /// The count `text` means: digits (1 to 1,000,000) or `X`; `nil` for anything else.
    public init?(_ text: String) {
        let trimmed = text.trimmingWhitespace()
        if trimmed == "X" || trimmed == "x" {
            self = .present
        } else if trimmed.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(trimmed), (1...1_000_000).contains(number)
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

    /// Written as a JSON number, or the string `"X"` (the API reads it in `JSONFields.nullableCount`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let number): try container.encode(number)
        case .present: try container.encode("X")
        }
    }
}
