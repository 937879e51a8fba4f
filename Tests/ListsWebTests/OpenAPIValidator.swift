import Foundation
import JSONCodec
import ListsModel

/// Checks a response against the OpenAPI document the app serves: the operation for the method and path must
/// list the status, and a JSON body must match that response's schema. Only the JSON Schema keywords the
/// document uses are understood, and an unknown keyword is a failure, so that the check cannot pass by
/// ignoring something.
struct OpenAPIValidator {
    let document: [String: Any]

    init(_ bytes: [UInt8]) throws {
        guard let document = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw Problem("the document is not a JSON object")
        }
        self.document = document
    }

    struct Problem: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// The problems of `body` with `status` as the answer to `method` on `path`; empty when it conforms.
    func problems(method: String, path: String, status: Int, contentType: String?, body: [UInt8]) -> [String] {
        // HEAD is GET without the body.
        if method == "HEAD" {
            return body.isEmpty
                ? problems(method: "GET", path: path, status: status, contentType: contentType, body: [])
                    .filter { !$0.hasSuffix("the body is not JSON") } : ["HEAD \(path): a body"]
        }
        let paths = document["paths"] as? [String: Any] ?? [:]
        let template = paths.keys.first { Self.matches(template: $0, path: path) }
        let operation = template.flatMap { (paths[$0] as? [String: Any])?[method.lowercased()] as? [String: Any] }
        let schema: Any?
        if let operation {
            let responses = operation["responses"] as? [String: Any] ?? [:]
            guard var response = responses[String(status)] as? [String: Any] else {
                return ["\(method) \(path): status \(status) is not documented"]
            }
            if let reference = response["$ref"] as? String, let resolved = resolve(reference) as? [String: Any] {
                response = resolved
            }
            guard let content = response["content"] as? [String: Any] else {
                return body.isEmpty ? [] : ["\(method) \(path) \(status): a body where none is documented"]
            }
            let mediaType = contentType?.split(separator: ";").first.map(String.init) ?? ""
            guard content[mediaType] != nil else {
                return ["\(method) \(path) \(status): Content-Type \(contentType ?? "none") is not documented"]
            }
            guard mediaType == "application/json" else { return [] }
            schema = (content["application/json"] as? [String: Any])?["schema"]
        } else {
            // A method or path the API does not serve still answers the documented error shape.
            guard status == 404 || status == 405 else {
                return ["\(method) \(path): undocumented, yet answered \(status)"]
            }
            schema = ["$ref": "#/components/schemas/Error"]
        }
        guard let schema else { return ["\(method) \(path) \(status): no schema"] }
        let value: Any
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: Data(body)).plain
        } catch {
            return ["\(method) \(path) \(status): the body is not JSON"]
        }
        var problems: [String] = []
        check(value, against: schema, at: "\(method) \(path) \(status) $", &problems)
        return problems
    }

    static func matches(template: String, path: String) -> Bool {
        let a = template.split(separator: "/")
        let b = path.split(separator: "/")
        return a.count == b.count && zip(a, b).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
    }

    private func resolve(_ reference: String) -> Any? {
        var node: Any? = document
        for part in reference.dropFirst(2).split(separator: "/") {
            node = (node as? [String: Any])?[String(part)]
        }
        return node
    }

    private static let understood: Set<String> = [
        "$ref", "type", "properties", "required", "additionalProperties", "items", "enum", "minimum", "maximum",
        "minLength", "maxLength", "pattern", "format", "description", "default", "multipleOf", "oneOf", "const",
    ]

    private func check(_ value: Any, against schemaNode: Any, at path: String, _ problems: inout [String]) {
        guard var schema = schemaNode as? [String: Any] else { return problems.append("\(path): bad schema") }
        if let reference = schema["$ref"] as? String {
            guard let resolved = resolve(reference) as? [String: Any] else {
                return problems.append("\(path): unresolved \(reference)")
            }
            schema = resolved
        }
        for key in schema.keys where !Self.understood.contains(key) {
            problems.append("\(path): the validator does not understand \(key)")
        }
        if let types = schema["type"] {
            let allowed = (types as? [String]) ?? [(types as? String) ?? ""]
            guard allowed.contains(where: { Self.has(value, type: $0) }) else {
                return problems.append("\(path): \(value) is not \(allowed.joined(separator: " or "))")
            }
        }
        if let options = schema["enum"] as? [String], !options.contains(value as? String ?? "\u{0}") {
            problems.append("\(path): \(value) is not one of \(options)")
        }
        if let constant = schema["const"], "\(constant)" != "\(value)" || type(of: constant) != type(of: value) {
            problems.append("\(path): \(value) is not \(constant)")
        }
        if let options = schema["oneOf"] as? [Any] {
            let matching = options.filter { option in
                var found: [String] = []
                check(value, against: option, at: path, &found)
                return found.isEmpty
            }
            if matching.count != 1 {
                problems.append("\(path): \(value) matches \(matching.count) of the oneOf schemas, not 1")
            }
        }
        if let object = value as? [String: Any] {
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for key in schema["required"] as? [String] ?? [] where object[key] == nil {
                problems.append("\(path): \(key) is missing")
            }
            for (key, child) in object {
                if let property = properties[key] {
                    check(child, against: property, at: "\(path).\(key)", &problems)
                } else if (schema["additionalProperties"] as? Bool) == false {
                    problems.append("\(path): \(key) is not documented")
                }
            }
        }
        if let array = value as? [Any], let items = schema["items"] {
            for (index, element) in array.enumerated() {
                check(element, against: items, at: "\(path)[\(index)]", &problems)
            }
        }
        if let number = Self.number(value) {
            if let minimum = schema["minimum"].flatMap(Self.number), number < minimum {
                problems.append("\(path): \(number) < \(minimum)")
            }
            if let maximum = schema["maximum"].flatMap(Self.number), number > maximum {
                problems.append("\(path): \(number) > \(maximum)")
            }
            if let step = schema["multipleOf"].flatMap(Self.number) {
                let steps = number / step
                if abs(steps - steps.rounded()) > 1e-9 * max(1, abs(steps)) {
                    problems.append("\(path): \(number) is not a multiple of \(step)")
                }
            }
        }
        if let text = value as? String {
            // JSON Schema counts a string's length in code points.
            if let minimum = schema["minLength"] as? Int, text.unicodeScalars.count < minimum {
                problems.append("\(path): shorter than \(minimum)")
            }
            if let maximum = schema["maxLength"] as? Int, text.unicodeScalars.count > maximum {
                problems.append("\(path): longer than \(maximum)")
            }
            if let pattern = schema["pattern"] as? String, text.range(of: pattern, options: .regularExpression) == nil {
                problems.append("\(path): \(text) does not match \(pattern)")
            }
            switch schema["format"] as? String {
            case "date-time" where ListsFormat.parseTimestamp(text) == nil:
                problems.append("\(path): \(text) is not a date-time")
            case "uuid" where UUID(uuidString: text) == nil:
                problems.append("\(path): \(text) is not a uuid")
            default: break
            }
        }
    }

    private static func number(_ value: Any) -> Double? {
        value as? Double
    }

    private static func has(_ value: Any, type: String) -> Bool {
        switch type {
        case "null": return value is NSNull
        case "string": return value is String
        case "boolean": return value is Bool
        case "integer":
            guard let number = number(value) else { return false }
            return number.rounded() == number
        case "number": return number(value) != nil
        case "array": return value is [Any]
        case "object": return value is [String: Any]
        default: return false
        }
    }
}

/// A JSON value as the decoder saw it, so that `true` and `1` stay apart (Foundation's JSONSerialization gives
/// both as NSNumber on Linux).
enum JSONValue: Decodable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The value as Swift's plain types: NSNull, Bool, Double, String, [Any], [String: Any].
    var plain: Any {
        switch self {
        case .null: NSNull()
        case .bool(let value): value
        case .number(let value): value
        case .string(let value): value
        case .array(let values): values.map(\.plain)
        case .object(let values): values.mapValues(\.plain)
        }
    }
}
