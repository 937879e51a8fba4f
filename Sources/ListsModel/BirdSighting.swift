import Foundation

/// A bird seen somewhere at some time: the tutorial's `BirdSighting(name, location, date)`.
///
/// The tutorial accepted a sighting with a location and no name; Lists asks for the bird's name and keeps
/// the location optional.
public struct BirdSighting: Record {
    public static let kind = RecordKind.sighting
    public static let fieldSpecs = [
        FieldSpec("name", .text), FieldSpec("location", .optionalText), FieldSpec("sighted_at", .date),
        FieldSpec("count", .optionalText), FieldSpec("scientific_name", .optionalText),
        FieldSpec("latitude", .optionalText), FieldSpec("longitude", .optionalText),
        FieldSpec("comments", .optionalText),
    ]
    public static let nameField = "name"

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

    public var fields: [FieldValue] {
        func text(_ value: String?) -> FieldValue { value.map { .text($0) } ?? .null }
        return [
            .text(name), text(location), .date(date), text(details.count?.description), text(details.scientificName),
            text(details.latitude.map { "\($0)" }), text(details.longitude.map { "\($0)" }), text(details.comments),
        ]
    }
    public var displayName: String { name }

    public init(meta: RecordMeta, fields: [FieldValue]) throws {
        func decimal(_ text: String?) throws -> Decimal? {
            guard let text else { return nil }
            guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
                throw StoreError.corrupt("coordinate")
            }
            return value
        }
        let count = try fields.optionalText(3).map { text in
            guard let count = BirdCount(text) else { throw StoreError.corrupt("count") }
            return count
        }
        self.init(
            meta: meta, name: try fields.text(0), location: try fields.optionalText(1), date: try fields.date(2),
            details: SightingDetails(
                count: count, scientificName: try fields.optionalText(4), latitude: try decimal(fields.optionalText(5)),
                longitude: try decimal(fields.optionalText(6)), comments: try fields.optionalText(7)))
    }

    /// Checks a bird's name: trimmed, 1 to 200 characters, no control characters.
    /// - Throws: ``ValidationError`` for `name`.
    public static func validName(_ name: String) throws -> String {
        try TextRule.check(name, field: "name", what: "the bird's name") ?? ""
    }

    /// Checks a location: trimmed, up to 200 characters, no control characters; empty means none.
    /// - Throws: ``ValidationError`` for `location`.
    public static func validLocation(_ location: String?) throws -> String? {
        guard let location else { return nil }
        return try TextRule.check(location, field: "location", what: "a location", isOptional: true)
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

extension BirdSighting: Encodable {
    enum CodingKeys: String, CodingKey {
        case id, name, location, date, createdAt, updatedAt, version
        case count, scientificName, latitude, longitude, comments
    }

    /// The API's shape: `{id, name, location, date, count, scientificName, latitude, longitude, comments,
    /// createdAt, updatedAt, version}`, `null` for what is not known.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id.uuidString, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(location, forKey: .location)
        try container.encode(date, forKey: .date)
        try container.encode(details.count, forKey: .count)
        try container.encode(details.scientificName, forKey: .scientificName)
        try container.encode(details.latitude, forKey: .latitude)
        try container.encode(details.longitude, forKey: .longitude)
        try container.encode(details.comments, forKey: .comments)
        try container.encode(meta.createdAt, forKey: .createdAt)
        try container.encode(meta.updatedAt, forKey: .updatedAt)
        try container.encode(meta.version, forKey: .version)
    }
}
