import Foundation

/// A bird seen somewhere at some time: the tutorial's `BirdSighting(name, location, date)`.
///
/// The tutorial accepted a sighting with a location and no name; Lists asks for the bird's name and keeps
/// the location optional.
public struct BirdSighting: Record {
    public static let kind = RecordKind.sighting

    public var meta: RecordMeta
    /// The bird's name, 1 to 200 characters.
    public var name: String
    /// Where it was seen, up to 200 characters, or `nil`.
    public var location: String?
    /// When it was seen.
    public var date: Date
    /// The details a birder's checklist (eBird) records, all optional.
    public var details: SightingDetails
    /// The row of the My eBird Data download the sighting was imported from, as the file had it (its 23 columns,
    /// with the submission, state, county, location id, protocol and effort Lists has no field for), kept to be
    /// written back; `nil` for a sighting made in Lists. Lists sets it, never a client.
    public var ebirdRow: String?

    /// A sighting with already validated values.
    public init(
        meta: RecordMeta, name: String, location: String?, date: Date, details: SightingDetails = SightingDetails(),
        ebirdRow: String? = nil
    ) {
        self.meta = meta
        self.name = name
        self.location = location
        self.date = date
        self.details = details
        self.ebirdRow = ebirdRow
    }

    public var displayName: String { name }

    /// A sighting's fields: the one place that says how each is stored, written, read and checked.
    public enum Fields {
        /// `name`: 1 to 200 characters.
        public static let name = Field(
            BirdSighting.self, key: "name", column: "name", type: .text(what: "the bird's name"), get: { $0.name },
            set: { $0.name = $1 })
        /// `location`: up to 200 characters, or none.
        public static let location = Field(
            BirdSighting.self,
            key: "location", column: "location",
            type: .optionalText(what: "a location", description: "Up to 200 characters; null or empty means none."),
            initial: .value(nil), get: { $0.location }, set: { $0.location = $1 })
        /// `date`: when the bird was seen; now when not given.
        public static let date = Field(
            BirdSighting.self,
            key: "date", column: "sighted_at",
            type: .instant(
                description: "Defaults to now; from 1800 to tomorrow.", from: earliestDate, slack: 86_400,
                refusal: "a sighting's date must lie between 1800-01-01 and today"),
            initial: .now, get: { $0.date }, set: { $0.date = $1 })
        /// `count`: how many, or `X`.
        public static let count = Field(
            BirdSighting.self,
            key: "count", column: "count", type: .birdCount, initial: .value(nil), get: { $0.details.count },
            set: { $0.details.count = $1 })
        /// `scientificName`: the species' scientific name.
        public static let scientificName = Field(
            BirdSighting.self,
            key: "scientificName", column: "scientific_name",
            type: .optionalText(what: "a scientific name"), initial: .value(nil), get: { $0.details.scientificName },
            set: { $0.details.scientificName = $1 })
        /// `latitude`: degrees, -90 to 90.
        public static let latitude = Field(
            BirdSighting.self,
            key: "latitude", column: "latitude",
            type: .coordinate(from: -90, to: 90, what: "latitude"), initial: .value(nil), get: { $0.details.latitude },
            set: { $0.details.latitude = $1 })
        /// `longitude`: degrees, -180 to 180.
        public static let longitude = Field(
            BirdSighting.self,
            key: "longitude", column: "longitude",
            type: .coordinate(from: -180, to: 180, what: "longitude"), initial: .value(nil),
            get: { $0.details.longitude }, set: { $0.details.longitude = $1 })
        /// `comments`: notes of several lines, as eBird's checklists have them, up to 2,000 characters.
        public static let comments = Field(
            BirdSighting.self,
            key: "comments", column: "comments", type: .note(what: "comments", limit: 2_000),
            initial: .value(nil), get: { $0.details.comments }, set: { $0.details.comments = $1 })
        /// `ebird`: the eBird download's row an import kept; the API shows it and never takes it.
        public static let ebirdRow = Field(
            BirdSighting.self, key: "ebird", column: "ebird",
            type: .keptText(
                description:
                    "The row of the My eBird Data download the sighting was imported from, as the file had it, kept "
                    + "to be written back by the eBird export.",
                maximum: maximumRowLength),
            initial: .value(nil), isInput: false, get: { $0.ebirdRow }, set: { $0.ebirdRow = $1 })
    }

    /// The longest eBird row a sighting keeps, in characters.
    public static let maximumRowLength = 100_000

    public static let schema = RecordSchema<BirdSighting>(
        [
            Fields.name.erased, Fields.location.erased, Fields.date.erased, Fields.count.erased,
            Fields.scientificName.erased, Fields.latitude.erased, Fields.longitude.erased, Fields.comments.erased,
            Fields.ebirdRow.erased,
        ],
        name: Fields.name, blank: { BirdSighting(meta: $0, name: "", location: nil, date: $0.createdAt) },
        rules: { try $0.details.checkCoordinates() },
        // Both coordinates, or neither: both numbers, both null or both left out (a change that clears one
        // coordinate of a sighting that keeps the other is refused). For a change this is stricter than the
        // server, which also takes one coordinate when the sighting already has the other: the document cannot
        // know the sighting.
        rulesSchema: #"""
            "anyOf": [{"required": ["latitude", "longitude"], "properties": {"latitude": {"type": "number"}, \#
            "longitude": {"type": "number"}}}, {"properties": {"latitude": {"type": "null"}, \#
            "longitude": {"type": "null"}}, "dependentRequired": {"latitude": ["longitude"], \#
            "longitude": ["latitude"]}}]
            """#)

    /// Checks a bird's name: trimmed, 1 to 200 characters, no control characters.
    /// - Throws: ``ValidationError`` for `name`.
    public static func validName(_ name: String) throws -> String {
        try Fields.name.checked(name)
    }

    /// Checks a location: trimmed, up to 200 characters, no control characters; empty means none.
    /// - Throws: ``ValidationError`` for `location`.
    public static func validLocation(_ location: String?) throws -> String? {
        try Fields.location.checked(location)
    }

    /// The earliest date a sighting may have.
    public static let earliestDate = Date(timeIntervalSince1970: -5_364_662_400)  // 1800-01-01T00:00:00Z

    /// Checks a sighting's date: not before 1800 and not more than a day ahead of `now` (a day of slack for
    /// time zones); a sighting in the future is a typo.
    /// - Throws: ``ValidationError`` for `date`.
    public static func validDate(_ date: Date, now: Date) throws -> Date {
        try Fields.date.checked(date, now: now)
    }
}
