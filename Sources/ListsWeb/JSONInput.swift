import Foundation
import JSONCodec
import ListsHTTP
import ListsModel

/// Reads a JSON request body, refusing what the API does not take: a body that is not JSON or not an object
/// (400), or a key the record kind does not take (422 naming it). The values are then read by the record's
/// ``RecordSchema``, which checks their types and rules.
///
/// The body goes through the strict ``JSONParser`` into ``JSONValue``s: `JSONDecoder`'s generic machinery would be a
/// sixth of the processor time of an API add.
enum JSONInput {
    /// The members of the JSON object a request sends, which must say `Content-Type: application/json`, checked to
    /// have only keys among `allowed`.
    /// - Throws: ``HTTPError`` 415, 400, or 422 naming the first key not allowed.
    static func object(from request: HTTPRequest, allowed: [String]) throws -> [String: JSONValue] {
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
        if let unknown = members.keys.filter({ !allowed.contains($0) }).sorted().first {
            throw HTTPError(
                status: 422, code: "unknown_field",
                message: "\(unknown) is not a field here; the fields are \(allowed.joined(separator: ", "))",
                field: unknown)
        }
        return members
    }
}
