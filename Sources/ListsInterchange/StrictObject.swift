import Foundation
import ListsModel

/// A JSON object read field by field, refusing keys the format does not have and values of the wrong type,
/// each refusal naming where it is.
struct StrictObject {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private let container: KeyedDecodingContainer<Key>

    /// The object `decoder` holds.
    init(_ decoder: any Decoder) throws {
        container = try decoder.container(keyedBy: Key.self)
    }

    /// The keys the object has.
    var keys: [String] { container.allKeys.map(\.stringValue) }

    /// Refuses the first key not in `allowed`.
    func allow(_ allowed: [String], _ location: String) throws {
        if let unknown = keys.filter({ !allowed.contains($0) }).sorted().first {
            throw ImportError(location, field: unknown, "is not a field here; the fields are \(allowed.joined(separator: ", "))")
        }
    }

    private func value<T: Decodable>(_ type: T.Type, _ key: String, _ location: String, _ what: String) throws -> T {
        guard container.contains(Key(key)) else { throw ImportError(location, field: key, "is missing") }
        do {
            return try container.decode(type, forKey: Key(key))
        } catch is DecodingError {
            throw ImportError(location, field: key, "must be \(what)")
        }
    }

    /// The string at `key` (required).
    func string(_ key: String, _ location: String) throws -> String { try value(String.self, key, location, "text") }

    /// The string at `key`; `nil` when absent or null.
    func optionalString(_ key: String, _ location: String) throws -> String? {
        guard container.contains(Key(key)), try !container.decodeNil(forKey: Key(key)) else { return nil }
        return try string(key, location)
    }

    /// The JSON object at `key`; `nil` when absent or null.
    func optionalObject(_ key: String, _ location: String) throws -> [String: JSONValue]? {
        guard container.contains(Key(key)), try !container.decodeNil(forKey: Key(key)) else { return nil }
        return try value([String: JSONValue].self, key, location, "an object")
    }

    /// The number at `key`, exactly as written; `nil` when absent or null.
    func optionalDecimal(_ key: String, _ location: String) throws -> Decimal? {
        guard container.contains(Key(key)), try !container.decodeNil(forKey: Key(key)) else { return nil }
        return try value(Decimal.self, key, location, "a number")
    }

    /// A bird count at `key` (a number or "X"); `nil` when absent or null.
    func optionalCount(_ key: String, _ location: String) throws -> BirdCount? {
        guard container.contains(Key(key)), try !container.decodeNil(forKey: Key(key)) else { return nil }
        do {
            return try container.decode(BirdCount.self, forKey: Key(key))
        } catch {
            throw ImportError(location, field: key, "use \(BirdCount.allowed)")
        }
    }

    /// The Boolean at `key` (required).
    func bool(_ key: String, _ location: String) throws -> Bool { try value(Bool.self, key, location, "true or false") }

    /// The whole number at `key` (required).
    func integer(_ key: String, _ location: String) throws -> Int { try value(Int.self, key, location, "a whole number") }

    /// The price at `key`: an exact number with at most two decimals.
    func price(_ key: String, _ location: String) throws -> Money {
        let decimal = try value(Decimal.self, key, location, "a number")
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
        guard let id = UUID(text: text) else { throw ImportError(location, field: "id", "\(Quoted(text)) is not a UUID") }
        let version = try integer("version", location)
        guard version >= 1 else { throw ImportError(location, field: "version", "must be 1 or more") }
        return RecordMeta(
            id: id, createdAt: try date("createdAt", location), updatedAt: try date("updatedAt", location), version: version)
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
