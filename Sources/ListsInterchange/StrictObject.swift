import Foundation
import JSONCodec
import ListsModel

/// A JSON object read field by field, refusing keys the format does not have and values of the wrong type,
/// each refusal naming where it is.
struct StrictObject {
    /// The object's members.
    let members: [String: JSONValue]

    /// The object `value` holds.
    /// - Throws: ``ImportError`` when it is not an object.
    init(_ value: JSONValue, _ location: String) throws {
        guard case .object(let members) = value else {
            throw ImportError(location, field: "record", "is not an object")
        }
        self.members = members
    }

    /// The keys the object has.
    var keys: [String] { Array(members.keys) }

    /// Refuses the first key not in `allowed`.
    func allow(_ allowed: [String], _ location: String) throws {
        if let unknown = keys.filter({ !allowed.contains($0) }).sorted().first {
            throw ImportError(
                location, field: unknown, "is not a field here; the fields are \(allowed.joined(separator: ", "))")
        }
    }

    /// The value at `key`, which must be there.
    private func required(_ key: String, _ location: String) throws -> JSONValue {
        guard let value = members[key] else { throw ImportError(location, field: key, "is missing") }
        return value
    }

    /// The value at `key`; `nil` when absent or null.
    private func optional(_ key: String) -> JSONValue? {
        guard let value = members[key], value != .null else { return nil }
        return value
    }

    private func string(_ value: JSONValue, _ key: String, _ location: String) throws -> String {
        guard case .string(let text) = value else { throw ImportError(location, field: key, "must be text") }
        return text
    }

    private func number(_ value: JSONValue, _ key: String, _ location: String) throws -> Decimal {
        guard case .number(let number) = value, !number.decimal.isNaN else {
            throw ImportError(location, field: key, "must be a number")
        }
        return number.decimal
    }

    /// The string at `key` (required).
    func string(_ key: String, _ location: String) throws -> String {
        try string(required(key, location), key, location)
    }

    /// The string at `key`; `nil` when absent or null.
    func optionalString(_ key: String, _ location: String) throws -> String? {
        try optional(key).map { try string($0, key, location) }
    }

    /// The JSON object at `key`; `nil` when absent or null.
    func optionalObject(_ key: String, _ location: String) throws -> [String: JSONValue]? {
        guard let value = optional(key) else { return nil }
        guard case .object(let object) = value else { throw ImportError(location, field: key, "must be an object") }
        return object
    }

    /// The number at `key`, exactly as written; `nil` when absent or null.
    func optionalDecimal(_ key: String, _ location: String) throws -> Decimal? {
        try optional(key).map { try number($0, key, location) }
    }

    /// A bird count at `key` (a whole number or "X"); `nil` when absent or null.
    func optionalCount(_ key: String, _ location: String) throws -> BirdCount? {
        let count: BirdCount?
        switch optional(key) {
        case nil: return nil
        case .number(let number)?: count = BirdCount(number.text)
        case .string("X")?: count = .present
        default: count = nil
        }
        guard let count else { throw ImportError(location, field: key, "use \(BirdCount.allowed)") }
        return count
    }

    /// The Boolean at `key` (required).
    func bool(_ key: String, _ location: String) throws -> Bool {
        guard case .bool(let value) = try required(key, location) else {
            throw ImportError(location, field: key, "must be true or false")
        }
        return value
    }

    /// The whole number at `key` (required).
    func integer(_ key: String, _ location: String) throws -> Int {
        guard case .number(let number) = try required(key, location), let value = Int(number.text) else {
            throw ImportError(location, field: key, "must be a whole number")
        }
        return value
    }

    /// The price at `key`: an exact number with at most two decimals.
    func price(_ key: String, _ location: String) throws -> Money {
        let decimal = try number(required(key, location), key, location)
        return try ImportError.at(location, field: key) { try Money(validatingPrice: decimal) }
    }

    /// The instant at `key`: an ISO 8601 timestamp with a zone.
    func date(_ key: String, _ location: String) throws -> Date {
        let text = try string(key, location)
        guard let date = ListsFormat.parseTimestamp(text) else {
            throw ImportError(location, field: key, "\(Quoted(text)) is not an ISO 8601 timestamp with a zone")
        }
        return date
    }

    /// `id`, `createdAt`, `updatedAt` and `version`.
    func meta(_ location: String) throws -> RecordMeta {
        let text = try string("id", location)
        guard let id = UUID(text: text) else {
            throw ImportError(location, field: "id", "\(Quoted(text)) is not a UUID")
        }
        let version = try integer("version", location)
        guard version >= 1 else { throw ImportError(location, field: "version", "must be 1 or more") }
        return RecordMeta(
            id: id, createdAt: try date("createdAt", location), updatedAt: try date("updatedAt", location),
            version: version)
    }
}

extension ImportError {
    /// A JSON decoding failure, placed where the decoder was.
    init(_ error: DecodingError) {
        let path: [any CodingKey]
        let message: String
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            (path, message) = (context.codingPath, "has the wrong type")
        case .keyNotFound(let key, let context):
            (path, message) = (context.codingPath + [key], "is missing")
        case .dataCorrupted(let context):
            (path, message) = (context.codingPath, "is not valid JSON")
        @unknown default:
            (path, message) = ([], "cannot be read")
        }
        let location = path.dropLast().map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined()
        self.init(location.isEmpty ? "the file" : location, field: path.last?.stringValue ?? "file", message)
    }
}
