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

    /// A sighting with already validated values.
    public init(meta: RecordMeta, name: String, location: String?, date: Date, details: SightingDetails = SightingDetails()) {
        self.meta = meta
        self.name = name
        self.location = location
        self.date = date
        self.details = details
    }

    public var displayName: String { name }

    /// A sighting's fields: the one place that says how each is stored, written, read and checked.
    public enum Fields {
        /// `name`: 1 to 200 characters.
        public static let name = Field(\BirdSighting.name, key: "name", column: "name", type: .text(what: "the bird's name"))
        /// `location`: up to 200 characters, or none.
        public static let location = Field(
            \BirdSighting.location, key: "location", column: "location",
            type: .optionalText(what: "a location", description: "Up to 200 characters; null or empty means none."),
            initial: { _ in nil })
        /// `date`: when the bird was seen; now when not given.
        public static let date = Field(
            \BirdSighting.date, key: "date", column: "sighted_at",
            type: .instant(description: "Defaults to now; from 1800 to tomorrow.") { date, _, now in
                try validDate(date, now: now)
            },
            initial: { $0 })
        /// `count`: how many, or `X`.
        public static let count = Field(
            \BirdSighting.details.count, key: "count", column: "count", type: .birdCount, initial: { _ in nil })
        /// `scientificName`: the species' scientific name.
        public static let scientificName = Field(
            \BirdSighting.details.scientificName, key: "scientificName", column: "scientific_name",
            type: .optionalText(what: "a scientific name"), initial: { _ in nil })
        /// `latitude`: degrees, -90 to 90.
        public static let latitude = Field(
            \BirdSighting.details.latitude, key: "latitude", column: "latitude",
            type: .coordinate(-90...90, what: "latitude"), initial: { _ in nil })
        /// `longitude`: degrees, -180 to 180.
        public static let longitude = Field(
            \BirdSighting.details.longitude, key: "longitude", column: "longitude",
            type: .coordinate(-180...180, what: "longitude"), initial: { _ in nil })
        /// `comments`: notes on one line.
        public static let comments = Field(
            \BirdSighting.details.comments, key: "comments", column: "comments", type: .optionalText(what: "comments"),
            initial: { _ in nil })
    }

    public static let schema = RecordSchema<BirdSighting>(
        [
            Fields.name.erased, Fields.location.erased, Fields.date.erased, Fields.count.erased,
            Fields.scientificName.erased, Fields.latitude.erased, Fields.longitude.erased, Fields.comments.erased,
        ],
        name: Fields.name, blank: { BirdSighting(meta: $0, name: "", location: nil, date: $0.createdAt) },
        rules: { try $0.details.checkCoordinates() })

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
        guard date >= earliestDate, date <= now.addingTimeInterval(86_400) else {
            throw ValidationError(field: "date", message: "a sighting's date must lie between 1800-01-01 and today")
        }
        return date.roundedToMilliseconds
    }
}
