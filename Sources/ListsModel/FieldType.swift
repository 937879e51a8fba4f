import Foundation
import JSONCodec

/// The kind of value a record's field holds, with every rule about it in one place: how a store keeps it, how
/// the API writes and reads it as JSON, how it is checked, and how the API's document describes it.
///
/// A record declares each of its fields once, as a ``Field`` of one of these types; its JSON, its API input
/// checks, its OpenAPI schema and its store columns all come from that declaration (``RecordSchema``).
public struct FieldType<Value>: Sendable {
    /// How a store keeps the value.
    public let storage: FieldKind
    /// The JSON Schema (OpenAPI 3.1) of the value, as JSON text: exactly what the API writes and accepts.
    public let schema: String
    /// Whether `null` is a value of the field (its "none").
    public let isNullable: Bool
    /// Whether a field holding none is written out as `null`, or left out of the object.
    public let writesNull: Bool
    /// What a refusal says when a new record is given no value (`nil`: "KEY is required").
    let missing: String?
    /// How a person types the value, or `nil` for a value nobody types (another program's attributes).
    public let input: TextInput<Value>?
    let toStore: @Sendable (Value) -> FieldValue
    let fromStore: @Sendable (FieldValue) throws -> Value
    let toJSON: @Sendable (Value, inout [UInt8]) -> Void
    let fromJSON: @Sendable (JSONValue, _ field: String) throws -> Value
    let check: @Sendable (Value, _ field: String, _ now: Date) throws -> Value
    let isNone: @Sendable (Value) -> Bool

    init(
        storage: FieldKind, schema: String, isNullable: Bool = false, writesNull: Bool = true, missing: String? = nil,
        input: TextInput<Value>?, toStore: @escaping @Sendable (Value) -> FieldValue,
        fromStore: @escaping @Sendable (FieldValue) throws -> Value,
        toJSON: @escaping @Sendable (Value, inout [UInt8]) -> Void,
        fromJSON: @escaping @Sendable (JSONValue, _ field: String) throws -> Value,
        check: @escaping @Sendable (Value, _ field: String, _ now: Date) throws -> Value = { value, _, _ in value },
        isNone: @escaping @Sendable (Value) -> Bool = { _ in false }
    ) {
        self.storage = storage
        self.schema = schema
        self.isNullable = isNullable
        self.writesNull = writesNull
        self.missing = missing
        self.input = input
        self.toStore = toStore
        self.fromStore = fromStore
        self.toJSON = toJSON
        self.fromJSON = fromJSON
        self.check = check
        self.isNone = isNone
    }

    /// The value of `json`, checked: the type first (a refusal names `field`), then the field's rules.
    /// - Throws: ``ValidationError`` naming `field`.
    public func read(_ json: JSONValue, field: String, now: Date) throws -> Value {
        try check(fromJSON(json, field), field, now)
    }

    /// `value` checked against the field's rules, as given in Swift (by a page, a command, an importer), and
    /// normalized (texts trimmed).
    /// - Throws: ``ValidationError`` naming `field`.
    public func checked(_ value: Value, field: String, now: Date) throws -> Value {
        try check(value, field, now)
    }

    /// The value a person typed as `text`, read as `conventions` write it, then checked against the field's rules.
    /// - Throws: ``ValidationError`` naming `field`.
    public func parse(_ text: String, field: String, _ conventions: InputConventions) throws -> Value {
        guard let input else { preconditionFailure("\(field) is not a value people type") }
        return try check(input.parse(text, field, conventions), field, conventions.now)
    }

    /// The refusal of a JSON value of the wrong type.
    static func mismatch(_ field: String, _ what: String) -> ValidationError {
        ValidationError(field: field, message: "\(field) must be \(what)")
    }

    /// `body` with a ``ValidationError`` it throws named after `field`: the readers it calls (a price's, a date's)
    /// name their own.
    static func naming<T>(_ field: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ValidationError {
            throw ValidationError(field: field, message: error.message)
        }
    }
}

// MARK: - Text

/// The characters no text of Lists may hold (``TextRule/isForbidden(_:)``), as a JSON Schema character class.
let forbidden = #"\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069"#
/// The white space trimmed around a text, besides what is forbidden anyway, as a JSON Schema character class.
let blank = #" \\u00A0\\u1680\\u2000-\\u200A\\u202F\\u205F\\u3000"#

extension FieldType where Value == String {
    /// Text people write, such as a name: trimmed, 1 to 200 characters, no control characters. `what` names it
    /// in messages (`an item's name`); `missing` is what a request that leaves it out is told.
    public static func text(what: String, missing: String? = nil) -> FieldType<String> {
        FieldType(
            storage: .text,
            schema:
                #"{"type": "string", "minLength": 1, "maxLength": 200, "pattern": "^[^\#(forbidden)]*[^\#(forbidden)\#(blank)][^\#(forbidden)]*$", "description": "Trimmed; 1 to 200 characters; no control characters."}"#,
            missing: "\(missing ?? what) is required",
            input: TextInput(
                kind: "text", rules: TextRule.inputRules(what: what, isOptional: false), parse: { text, _, _ in text },
                show: { text, _ in text }),
            toStore: { .text($0) },
            fromStore: { value in
                guard case .text(let text) = value else { throw StoreError.corrupt("text") }
                return text
            },
            toJSON: { JSONValue.writeString($0, to: &$1) },
            fromJSON: { json, field in
                guard case .string(let text) = json else { throw mismatch(field, "a string") }
                return text
            },
            check: { text, field, _ in try TextRule.check(text, field: field, what: what) ?? "" })
    }
}

extension FieldType where Value == String? {
    /// Optional text: trimmed, up to 200 characters, no control characters; empty or `null` is none.
    public static func optionalText(what: String, description: String? = nil) -> FieldType<String?> {
        let about = description.map { #", "description": "\#($0)""# } ?? ""
        return optionalText(
            schema: #"{"type": ["string", "null"], "maxLength": 200, "pattern": "^[^\#(forbidden)]*$"\#(about)}"#,
            input: TextInput(
                kind: "optionalText", rules: TextRule.inputRules(what: what, isOptional: true),
                parse: { text, _, _ in text }, show: { text, _ in text ?? "" }),
            text: { $0 }, fromText: { $0 }, corrupt: "text", fromJSONText: { text, _ in text }, expected: "a string",
            check: { text, field, _ in
                try text.flatMap { try TextRule.check($0, field: field, what: what, isOptional: true) }
            })
    }

    /// Another program's lines kept as text of up to `maximum` characters (a task's iCalendar properties that Lists
    /// has no field for), written back as they are; Lists sets it, never a client. Line ends are kept, so it is not
    /// checked as a person's text is.
    public static func keptText(description: String, maximum: Int) -> FieldType<String?> {
        FieldType(
            storage: .optionalText,
            schema: #"{"type": "string", "maxLength": \#(maximum), "description": "\#(description)"}"#,
            isNullable: true, writesNull: false, input: nil,
            toStore: { $0.map { .text($0) } ?? .null },
            fromStore: { value in
                switch value {
                case .null: return nil
                case .text(let text): return text
                default: throw StoreError.corrupt("text")
                }
            },
            toJSON: { text, output in
                if let text { JSONValue.writeString(text, to: &output) } else { output += Array("null".utf8) }
            },
            fromJSON: { json, field in
                switch json {
                case .null: return nil
                case .string(let text) where text.count <= maximum: return text.isEmpty ? nil : text
                default: throw mismatch(field, "a text of up to \(maximum) characters")
                }
            },
            isNone: { $0 == nil })
    }

    /// Another program's attributes kept as a JSON object's text (a task's Taskwarrior attributes): written into
    /// the record's JSON as the object it is, left out when there is none.
    public static func jsonObject(description: String) -> FieldType<String?> {
        FieldType(
            storage: .optionalText,
            schema: #"{"type": "object", "description": "\#(description)"}"#,
            isNullable: true, writesNull: false, input: nil,
            toStore: { $0.map { .text($0) } ?? .null },
            fromStore: { value in
                switch value {
                case .null: return nil
                // Checked to be an object: it is written into JSON documents as it is.
                case .text(let text) where JSONValue.object(text) != nil: return text
                default: throw StoreError.corrupt("json object")
                }
            },
            toJSON: { text, output in output += Array((text ?? "null").utf8) },
            fromJSON: { json, field in
                switch json {
                case .null: return nil
                case .object(let members): return JSONValue.text(members)
                default: throw mismatch(field, "an object")
                }
            },
            isNone: { $0 == nil })
    }
}

// MARK: - Numbers, truth values, dates

extension FieldType where Value == Money {
    /// A price: an exact number from 0 to 1,000,000 with at most two decimals, kept in cents.
    public static let price = FieldType<Money>(
        storage: .integer,
        schema:
            #"{"type": "number", "minimum": 0, "maximum": 1000000, "multipleOf": 0.01, "description": "Exact, at most two decimals."}"#,
        // An empty price is the field's initial value (0), as the tutorial's empty text field was.
        input: TextInput(
            kind: "price", empty: .initial,
            rules: #""maxWholeDigits": 7, "maxDecimals": 2, "maximum": \#(Money.maximumPrice.minorUnits / 100), "#
                + #""messages": "#
                + JSONText.object([
                    ("notAPrice", Money.notAPriceMessage("{quoted}")),
                    ("outOfRange", Money.outOfRangeMessage("{amount}")),
                ]),
            parse: { text, field, conventions in
                try naming(field) { try Money(parsingPrice: text, decimalComma: conventions.writesDecimalComma) }
            },
            show: { price, conventions in price.text(decimalComma: conventions.writesDecimalComma) }),
        toStore: { .integer($0.minorUnits) },
        fromStore: { value in
            guard case .integer(let cents) = value else { throw StoreError.corrupt("integer") }
            return Money(minorUnits: cents)
        },
        toJSON: { price, output in output += Array(price.jsonNumber.utf8) },
        fromJSON: { json, field in
            guard case .number(let number) = json else { throw mismatch(field, "a number") }
            return try naming(field) { try Money(validatingPrice: number.decimal) }
        },
        check: { price, field, _ in try naming(field) { try Money(validatingPrice: price.minorUnits) } })
}

extension FieldType where Value == Bool {
    /// True or false.
    public static let bool = FieldType<Bool>(
        storage: .bool, schema: #"{"type": "boolean"}"#,
        // A checkbox: sent as `on` when checked, not sent at all when not.
        input: TextInput(
            kind: "checkbox", rules: #""messages": {}"#,
            parse: { text, field, _ in
                switch text.trimmingWhitespace().lowercased() {
                case "on", "true", "yes", "1": return true
                case "", "off", "false", "no", "0": return false
                default: throw mismatch(field, "true or false")
                }
            },
            show: { flag, _ in flag ? "on" : "" }),
        toStore: { .bool($0) },
        fromStore: { value in
            switch value {
            case .bool(let flag): return flag
            // Stores may hand back 0 and 1.
            case .integer(let number): return number != 0
            default: throw StoreError.corrupt("bool")
            }
        },
        toJSON: { flag, output in output += Array((flag ? "true" : "false").utf8) },
        fromJSON: { json, field in
            guard case .bool(let flag) = json else { throw mismatch(field, "true or false") }
            return flag
        })
}

extension FieldType where Value == Date {
    /// An instant, kept to the millisecond, written as an ISO 8601 timestamp in UTC, from `earliest` to `slack`
    /// seconds after now (a day of slack for time zones: a sighting in the future is a typo); `refusal` says so.
    ///
    /// A person types a day (`2026-11-29`, noon that day in their zone, so that the day reads the same in the
    /// neighbouring zones) or a day and a time (`2026-11-29T07:30`), as ``SightingDate`` reads them; an input left
    /// empty gives no date (a new record's is now, an edit's stays as it is), and an input shows the day.
    public static func instant(description: String, from earliest: Date, slack: TimeInterval, refusal: String)
        -> FieldType<Date>
    {
        FieldType(
            storage: .date,
            schema: #"{"type": "string", "format": "date-time", "description": "\#(description)"}"#,
            input: TextInput(
                kind: "day", empty: .nothing,
                rules: #""earliest": "\#(ListsFormat.isoTimestamp(earliest))", "slack": \#(Int(slack * 1000)), "#
                    + #""messages": "#
                    + JSONText.object([
                        ("notADate", SightingDate.notADateMessage("{quoted}")),
                        ("notARealDate", SightingDate.notARealDateMessage("{quoted}")), ("range", refusal),
                    ]),
                parse: { text, field, conventions in
                    try naming(field) { try SightingDate.parse(text, timeZone: conventions.timeZone.foundation) }
                },
                show: { date, conventions in SightingDate.day(of: date, in: conventions.timeZone.foundation) }),
            toStore: { .date($0) },
            fromStore: { value in
                guard case .date(let date) = value else { throw StoreError.corrupt("date") }
                return date
            },
            toJSON: { date, output in
                output.append(UInt8(ascii: "\""))
                ListsFormat.appendISOTimestamp(date, to: &output)
                output.append(UInt8(ascii: "\""))
            },
            fromJSON: { json, field in
                guard case .string(let text) = json else { throw mismatch(field, "a string") }
                guard let date = ListsFormat.parseTimestamp(text) else {
                    throw ValidationError(
                        field: field,
                        message:
                            "\(Quoted(text)) is not a timestamp; use ISO 8601 with a zone, like 2026-11-29T07:30:00Z")
                }
                return date
            },
            check: { date, field, now in
                guard date >= earliest, date <= now.addingTimeInterval(slack) else {
                    throw ValidationError(field: field, message: refusal)
                }
                return date.roundedToMilliseconds
            })
    }
}

extension FieldType where Value == BirdCount? {
    /// How many birds: a whole number from 1 to 1,000,000, `"X"` for present but not counted, or `null`.
    public static let birdCount = FieldType<BirdCount?>(
        storage: .optionalText,
        schema:
            #"{"oneOf": [{"type": "integer", "minimum": 1, "maximum": 1000000}, {"const": "X"}, {"type": "null"}], "description": "How many: 1 to 1000000, or \"X\" for present but not counted."}"#,
        isNullable: true,
        input: TextInput(
            kind: "count",
            rules: #""maximum": 1000000, "messages": "# + JSONText.object([("invalid", BirdCount.refusal)]),
            parse: { text, field, _ in
                if text.trimmingWhitespace().isEmpty { return nil }
                guard let count = BirdCount(text) else {
                    throw ValidationError(field: field, message: BirdCount.refusal)
                }
                return count
            },
            show: { count, _ in count?.description ?? "" }),
        toStore: { $0.map { .text($0.description) } ?? .null },
        fromStore: { value in
            switch value {
            case .null: return nil
            case .text(let text):
                guard let count = BirdCount(text) else { throw StoreError.corrupt("count") }
                return count
            default: throw StoreError.corrupt("count")
            }
        },
        toJSON: { count, output in
            switch count {
            case .number(let number)?: output += Array("\(number)".utf8)
            case .present?: output += Array("\"X\"".utf8)
            case nil: output += JSONObjectWriter.null
            }
        },
        fromJSON: { json, field in
            let count: BirdCount?
            switch json {
            case .null: return nil
            case .number(let number):
                let decimal = number.decimal
                let whole = NSDecimalNumber(decimal: decimal).intValue
                count = Decimal(whole) == decimal ? BirdCount("\(whole)") : nil
            case .string(let text):
                count = BirdCount(text).flatMap { $0 == .present ? $0 : nil }
            default:
                count = nil
            }
            guard let count else { throw ValidationError(field: field, message: BirdCount.refusal) }
            return count
        },
        isNone: { $0 == nil })
}

extension FieldType where Value == Decimal? {
    /// A coordinate in degrees from `minimum` to `maximum` (latitude or longitude), as exactly as it was given, or
    /// `null`.
    public static func coordinate(from minimum: Int, to maximum: Int, what: String) -> FieldType<Decimal?> {
        let range = Decimal(minimum)...Decimal(maximum)
        return FieldType(
            storage: .optionalText,
            // At most ten decimals: what a Decimal holds exactly (a number like 1.8e-215 is not one).
            schema:
                #"{"type": ["number", "null"], "minimum": \#(minimum), "maximum": \#(maximum), "multipleOf": 1e-10}"#,
            isNullable: true,
            input: TextInput(
                kind: "coordinate",
                rules: #""minimum": \#(minimum), "maximum": \#(maximum), "messages": "#
                    + JSONText.object([("invalid", coordinateRefusal("{value}", what, minimum, maximum))]),
                parse: { text, field, conventions in
                    let trimmed = text.trimmingWhitespace()
                    if trimmed.isEmpty { return nil }
                    let dotted = conventions.writesDecimalComma ? String(trimmed.map { $0 == "," ? "." : $0 }) : trimmed
                    guard let value = decimalDegrees(dotted) else {
                        throw ValidationError(
                            field: field, message: coordinateRefusal("\(Quoted(text))", what, minimum, maximum))
                    }
                    return value
                },
                show: { value, conventions in
                    let text = value?.plainText ?? ""
                    return conventions.writesDecimalComma ? String(text.map { $0 == "." ? "," : $0 }) : text
                }),
            toStore: { $0.map { .text($0.plainText) } ?? .null },
            fromStore: { value in
                switch value {
                case .null: return nil
                case .text(let text):
                    guard let value = Decimal(string: text, locale: Locale.posix) else {
                        throw StoreError.corrupt("coordinate")
                    }
                    return value
                default: throw StoreError.corrupt("coordinate")
                }
            },
            toJSON: { value, output in output += Array((value?.plainText ?? "null").utf8) },
            fromJSON: { json, field in
                switch json {
                case .null: return nil
                case .number(let number) where !number.decimal.isNaN: return number.decimal
                default: throw mismatch(field, "a number")
                }
            },
            check: { value, field, _ in
                if let value, !range.contains(value) || value.isNaN {
                    throw ValidationError(
                        field: field, message: coordinateRefusal("\(value)", what, minimum, maximum))
                }
                return value
            },
            isNone: { $0 == nil })
    }

    /// The refusal of `value` (a number, or a text quoted as typed) as a coordinate called `what`.
    static func coordinateRefusal(_ value: String, _ what: String, _ minimum: Int, _ maximum: Int) -> String {
        "\(value) is not a \(what); use \(minimum) to \(maximum) degrees"
    }

    /// The degrees `text` writes with digits, an optional minus and an optional dot (`-12.5`), or `nil`.
    static func decimalDegrees(_ text: String) -> Decimal? {
        let digits = text.first == "-" ? text.dropFirst() : Substring(text)
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits: (Substring) -> Bool = { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
        guard isDigits(parts[0]), parts.count == 1 || isDigits(parts[1]), digits.count <= 30 else { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }
}
