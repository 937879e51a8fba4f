import Foundation
import ListsModel

/// Reads a JSON request body into an input type, refusing what the API does not take: a body that is not
/// JSON or not an object (400), a field the type does not have, or a field of the wrong type (422, naming it).
enum JSONInput {
    /// Decodes `T` from a request, which must say `Content-Type: application/json`.
    /// - Throws: ``HTTPError`` 415, 400 or 422; ``ValidationError`` from the input's own checks.
    static func decode<T: Decodable>(_ type: T.Type, from request: HTTPRequest) throws -> T {
        guard request.mediaType == "application/json" else {
            throw HTTPError.unsupportedMediaType(request.mediaType, expected: "application/json")
        }
        do {
            return try JSONDecoder().decode(type, from: Data(request.body))
        } catch let error as DecodingError {
            throw httpError(error)
        }
    }

    /// The HTTP form of a decoding failure: a field's wrong type names the field.
    static func httpError(_ error: DecodingError) -> HTTPError {
        switch error {
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            guard let field = context.codingPath.last?.stringValue else {
                return .badRequest("the body must be a JSON object")
            }
            return HTTPError(
                status: 422, code: "invalid_field", message: "\(field) must be \(describe(type))", field: field)
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            let field = context.codingPath.last?.stringValue ?? ""
            return HTTPError(status: 422, code: "invalid_field", message: context.debugDescription, field: field)
        default:
            return .badRequest("the body is not valid JSON (UTF-8)")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Decimal.Type, is Int.Type, is Double.Type: "a number"
        default: "a JSON object"
        }
    }
}

/// Any key of a JSON object, so that an input can see every key it was sent.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// The fields of one JSON object, checked against the keys an input allows.
struct JSONFields {
    private let container: KeyedDecodingContainer<AnyKey>

    /// The object `decoder` holds.
    /// - Throws: ``HTTPError`` 422 naming the first key not in `allowed`.
    init(_ decoder: any Decoder, allowed: [String]) throws {
        container = try decoder.container(keyedBy: AnyKey.self)
        let unknown = container.allKeys.map(\.stringValue).filter { !allowed.contains($0) }.sorted()
        if let first = unknown.first {
            throw HTTPError(
                status: 422, code: "unknown_field",
                message: "\(first) is not a field here; the fields are \(allowed.joined(separator: ", "))",
                field: first)
        }
    }

    /// Whether the object has `key` (even as null).
    func contains(_ key: String) -> Bool { container.contains(AnyKey(key)) }

    /// The string at `key`; `nil` when absent. A null is refused like any other value that is not a string
    /// (`decodeIfPresent` would read it as absent, so `{"title": null}` would be answered 200 and change nothing).
    func string(_ key: String) throws -> String? {
        guard contains(key) else { return nil }
        return try container.decode(String.self, forKey: AnyKey(key))
    }

    /// The string at `key` when it may be null: absent is `nil`, null is `.some(nil)`.
    func nullableString(_ key: String) throws -> String?? {
        guard contains(key) else { return nil }
        if try container.decodeNil(forKey: AnyKey(key)) { return .some(nil) }
        return .some(try container.decode(String.self, forKey: AnyKey(key)))
    }

    /// The value at `key` when it may be null: absent is `nil`, null is `.some(nil)`.
    func nullable<T: Decodable>(_ type: T.Type, _ key: String) throws -> T?? {
        guard contains(key) else { return nil }
        if try container.decodeNil(forKey: AnyKey(key)) { return .some(nil) }
        do {
            return .some(try container.decode(type, forKey: AnyKey(key)))
        } catch let error as ValidationError {
            throw ValidationError(field: key, message: error.message)
        }
    }

    /// The sighting details a body sets: each key present replaces that detail (null clears it).
    func sightingDetails() throws -> (inout SightingDetails) -> Void {
        let count = try nullable(BirdCount.self, "count")
        let scientificName = try nullable(String.self, "scientificName")
        let latitude = try nullable(Decimal.self, "latitude")
        let longitude = try nullable(Decimal.self, "longitude")
        let comments = try nullable(String.self, "comments")
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
        guard contains(key) else { return nil }
        return try container.decode(Bool.self, forKey: AnyKey(key))
    }

    /// The price at `key`, an exact JSON number with at most two decimals; `nil` when absent.
    func price(_ key: String) throws -> Money? {
        guard contains(key) else { return nil }
        do {
            return try container.decode(Money.self, forKey: AnyKey(key))
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
