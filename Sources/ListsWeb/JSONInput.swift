import Foundation
import ListsHTTP
import JSONCodec
import ListsModel

/// A request body the API reads: a JSON object with only the keys in ``allowedFields``.
protocol JSONBody {
    /// The keys the body may have; any other is refused, naming it.
    static var allowedFields: [String] { get }
    /// Reads the body's fields.
    /// - Throws: ``HTTPError`` 422 naming a field of the wrong type; ``ValidationError`` from the input's checks.
    init(_ fields: JSONFields) throws
}

/// Reads a JSON request body into an input type, refusing what the API does not take: a body that is not
/// JSON or not an object (400), a field the type does not have, or a field of the wrong type (422, naming it).
///
/// The body goes through the model's strict ``JSONParser`` into ``JSONValue``s, which the input types read
/// by hand: `JSONDecoder`'s generic machinery was a sixth of the processor time of an API add.
enum JSONInput {
    /// Decodes `T` from a request, which must say `Content-Type: application/json`.
    /// - Throws: ``HTTPError`` 415, 400 or 422; ``ValidationError`` from the input's own checks.
    static func decode<T: JSONBody>(_ type: T.Type, from request: HTTPRequest) throws -> T {
        guard request.mediaType == "application/json" else {
            throw HTTPError.unsupportedMediaType(request.mediaType, expected: "application/json")
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(request.body)
        } catch {
            throw HTTPError.badRequest("the body is not valid JSON (UTF-8)")
        }
        guard case .object(let members) = value else { throw HTTPError.badRequest("the body must be a JSON object") }
        return try T(JSONFields(members, allowed: T.allowedFields))
    }
}

/// The fields of one JSON object, checked against the keys an input allows.
struct JSONFields {
    private let members: [String: JSONValue]

    /// The object `members`.
    /// - Throws: ``HTTPError`` 422 naming the first key not in `allowed`.
    init(_ members: [String: JSONValue], allowed: [String]) throws {
        self.members = members
        let unknown = members.keys.filter { !allowed.contains($0) }.sorted()
        if let first = unknown.first {
            throw HTTPError(
                status: 422, code: "unknown_field",
                message: "\(first) is not a field here; the fields are \(allowed.joined(separator: ", "))",
                field: first)
        }
    }

    /// The 422 for a field holding the wrong type of value.
    private static func mismatch(_ key: String, _ what: String) -> HTTPError {
        HTTPError(status: 422, code: "invalid_field", message: "\(key) must be \(what)", field: key)
    }

    /// The string at `key`; `nil` when absent. A null is refused like any other value that is not a string
    /// (reading it as absent would answer `{"title": null}` with 200 and change nothing).
    func string(_ key: String) throws -> String? {
        guard let value = members[key] else { return nil }
        guard case .string(let text) = value else { throw Self.mismatch(key, "a string") }
        return text
    }

    /// The string at `key` when it may be null: absent is `nil`, null is `.some(nil)`.
    func nullableString(_ key: String) throws -> String?? {
        guard let value = members[key] else { return nil }
        if case .null = value { return .some(nil) }
        return .some(try string(key))
    }

    /// The number at `key` when it may be null: absent is `nil`, null is `.some(nil)`.
    func nullableDecimal(_ key: String) throws -> Decimal?? {
        guard let value = members[key] else { return nil }
        switch value {
        case .null: return .some(nil)
        case .number(let number): return .some(number.decimal)
        default: throw Self.mismatch(key, "a number")
        }
    }

    /// The bird count at `key` (a whole number, or `"X"`) when it may be null: absent is `nil`, null is
    /// `.some(nil)`.
    func nullableCount(_ key: String) throws -> BirdCount?? {
        guard let value = members[key] else { return nil }
        let count: BirdCount?
        switch value {
        case .null: return .some(nil)
        case .number(let number):
            let decimal = number.decimal
            let whole = NSDecimalNumber(decimal: decimal).intValue
            count = Decimal(whole) == decimal ? BirdCount("\(whole)") : nil
        case .string(let text):
            count = BirdCount(text).flatMap { $0 == .present ? $0 : nil }
        default:
            count = nil
        }
        guard let count else { throw ValidationError(field: key, message: "use \(BirdCount.allowed)") }
        return .some(count)
    }

    /// The sighting details a body sets: each key present replaces that detail (null clears it).
    func sightingDetails() throws -> (inout SightingDetails) -> Void {
        let count = try nullableCount("count")
        let scientificName = try nullableString("scientificName")
        let latitude = try nullableDecimal("latitude")
        let longitude = try nullableDecimal("longitude")
        let comments = try nullableString("comments")
        return { details in
            if let count { details.count = count }
            if let scientificName { details.scientificName = scientificName }
            if let latitude { details.latitude = latitude }
            if let longitude { details.longitude = longitude }
            if let comments { details.comments = comments }
        }
    }

    /// The Boolean at `key`; `nil` when absent; null is refused, as for ``string(_:)``.
    func bool(_ key: String) throws -> Bool? {
        guard let value = members[key] else { return nil }
        guard case .bool(let flag) = value else { throw Self.mismatch(key, "true or false") }
        return flag
    }

    /// The price at `key`, an exact JSON number with at most two decimals; `nil` when absent.
    func price(_ key: String) throws -> Money? {
        guard let value = members[key] else { return nil }
        guard case .number(let number) = value else { throw Self.mismatch(key, "a number") }
        do {
            return try Money(validatingPrice: number.decimal)
        } catch let error as ValidationError {
            throw ValidationError(field: key, message: error.message)
        }
    }

    /// The instant at `key`, an ISO 8601 timestamp with a zone (`2026-11-29T07:30:00Z`, fractions allowed);
    /// `nil` when absent.
    func date(_ key: String) throws -> Date? {
        guard let text = try string(key) else { return nil }
        guard let date = ListsFormat.parseTimestamp(text) else {
            throw ValidationError(
                field: key,
                message: "\(Quoted(text)) is not a timestamp; use ISO 8601 with a zone, like 2026-11-29T07:30:00Z")
        }
        return date
    }

    /// Refuses a required field that is absent or null.
    static func required<T>(_ value: T?, _ key: String, _ what: String) throws -> T {
        guard let value else { throw ValidationError(field: key, message: "\(what) is required") }
        return value
    }
}
