import Foundation

/// Any JSON value, kept exactly as it came: what Lists holds for other programs without understanding it
/// (the Taskwarrior attributes it has no field for). Numbers keep their text.
public enum JSONValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case number(JSONNumber)
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
            self = .number(JSONNumber(checkedText: "\(value)"))
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
        case .number(let value): try container.encode(value.decimal)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// An object's members as compact JSON text with sorted keys, the form stores keep.
    public static func text(_ object: [String: JSONValue]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        JSONValue.object(object).write(to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// The object JSON text holds, or `nil` when it holds something else.
    public static func object(_ text: String) -> [String: JSONValue]? {
        guard case .object(let members) = try? JSONParser.parse(Array(text.utf8)) else { return nil }
        return members
    }

    /// Appends the value as compact JSON (UTF-8), object keys sorted.
    public func write(to output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let value): output.append(contentsOf: value.text.utf8)
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            // The members sorted with their values: no key looked up again.
            for (index, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeString(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                member.value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// A JSON string: quotes, backslashes and control characters escaped, everything else as UTF-8.
    public static func writeString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            // Most strings need no escape: copied whole.
            if !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                output.append(contentsOf: bytes)
                return
            }
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "\""): output += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case 0x0A: output += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case 0x0D: output += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case 0x09: output += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case 0x08: output += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
                case 0x0C: output += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    output += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                default: output.append(byte)
                }
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

/// A JSON number as its text, which ``JSONParser`` checked against JSON's grammar.
public struct JSONNumber: Sendable, Hashable {
    /// The number as written: `3.456`, `-1e5`.
    public let text: String

    /// A number whose text is already known to be a JSON number.
    /// The number `integer`, written in decimal.
    public init(_ integer: Int) { self.init(checkedText: String(integer)) }

    init(checkedText text: String) {
        self.text = text
    }

    /// Its value as a decimal (`Decimal` keeps 38 significant digits).
    public var decimal: Decimal {
        Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? .nan
    }
}
