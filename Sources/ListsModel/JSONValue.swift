import Foundation

/// Any JSON value, kept exactly as it came: what Lists holds for other programs without understanding it
/// (the Taskwarrior attributes it has no field for). Numbers keep their text's value as a `Decimal`.
public enum JSONValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case number(Decimal)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Decodes any JSON value. Importers read JSON with ``JSONParser``, which is much faster; this serves
    /// `Codable` values that hold a `JSONValue`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Decimal.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// An object's members as compact JSON text with sorted keys, the form stores keep.
    public static func text(_ object: [String: JSONValue]) -> String {
        var output = ""
        JSONValue.object(object).write(to: &output)
        return output
    }

    /// The object JSON text holds, or `nil` when it holds something else.
    public static func object(_ text: String) -> [String: JSONValue]? {
        guard case .object(let members) = try? JSONParser.parse(Array(text.utf8)) else { return nil }
        return members
    }

    /// Appends the value as compact JSON, object keys sorted.
    public func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value): output += "\(value)"
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output += "," }
                Self.writeString(key, to: &output)
                output += ":"
                members[key]?.write(to: &output)
            }
            output += "}"
        }
    }

    private static func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                output += "\\u00" + String(scalar.value, radix: 16).leftPadded(to: 2)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

extension String {
    /// The string with zeros in front, to `width` characters.
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
