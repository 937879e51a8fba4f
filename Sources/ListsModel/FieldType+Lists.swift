import Foundation
import JSONCodec

// The field types of named shopping lists and their entries (docs/architecture.md §3, "Shopping lists").

extension FieldType where Value == Int {
    /// A whole number from `range`, kept by Lists itself (a list's place and its entries' range): the API shows it
    /// and never takes it, and nobody types it.
    public static func whole(_ range: ClosedRange<Int>, description: String) -> FieldType<Int> {
        FieldType(
            storage: .integer,
            schema:
                #"{"type": "integer", "minimum": \#(range.lowerBound), "maximum": \#(range.upperBound), "description": "\#(description)"}"#,
            input: nil,
            toStore: { .integer(Int64($0)) },
            fromStore: { value in
                guard case .integer(let number) = value, let whole = Int(exactly: number) else {
                    throw StoreError.corrupt("integer")
                }
                return whole
            },
            toJSON: { number, output in output += Array(String(number).utf8) },
            fromJSON: { json, field in
                guard case .number(let number) = json, let whole = Int(number.text), range.contains(whole) else {
                    throw mismatch(field, "a whole number from \(range.lowerBound) to \(range.upperBound)")
                }
                return whole
            },
            check: { number, field, _ in
                guard range.contains(number) else {
                    throw mismatch(field, "a whole number from \(range.lowerBound) to \(range.upperBound)")
                }
                return number
            })
    }
}

extension FieldType where Value == String {
    /// The id of another record of the household (an entry's item, the list it is on): a UUID, kept upper-case
    /// and hyphenated. `what` names the record in messages (`an item`).
    public static func recordID(what: String) -> FieldType<String> {
        // Stored, written and read as text is; only its schema and its check are its own.
        let text = FieldType<String>.text(what: what)
        return FieldType(
            storage: text.storage,
            schema:
                #"{"type": "string", "format": "uuid", "description": "The id of \#(what) of the same household."}"#,
            missing: "the id of \(what) is required", input: nil, toStore: text.toStore, fromStore: text.fromStore,
            toJSON: text.toJSON, fromJSON: text.fromJSON,
            check: { text, field, _ in
                guard let id = UUID(text: text.trimmingWhitespace()) else {
                    throw ValidationError(
                        field: field,
                        message: "\(Quoted(text)) is not the id of \(what): ids look like "
                            + "9F1C2A6E-0B7D-4C55-8E3A-2D4F6B8A1C3E")
                }
                return id.uuidString
            })
    }
}

extension FieldType where Value == String? {
    /// How much of an item a list wants (``Quantity``): a count, an amount with a unit, or free text; empty or
    /// `null` is none. Kept as ``Quantity`` writes it (`1.5 l`, `2 packs`, free text as typed).
    public static let quantity: FieldType<String?> = {
        // Stored, written and read as optional text is; only its schema and its check are its own.
        let text = FieldType<String?>.optionalText(what: "a quantity")
        return FieldType<String?>(
            storage: text.storage,
            schema:
                #"{"type": ["string", "null"], "maxLength": \#(Quantity.maximumLength), "pattern": "\#(Quantity.pattern)", "description": "A count (2), an amount and a unit (500 g, 1.5 l, 2 packs), or free text (a few) that does not start with a number or a sign; above 0, at most 1000000 and 3 decimals; kept as Lists writes it."}"#,
            isNullable: true,
            input: TextInput(
                kind: "quantity", rules: Quantity.inputRules, parse: { text, _, _ in text },
                show: { text, _ in text ?? "" }),
            toStore: text.toStore, fromStore: text.fromStore, toJSON: text.toJSON, fromJSON: text.fromJSON,
            check: { text, field, _ in
                guard let text else { return nil }
                return try naming(field) { try Quantity(parsing: text)?.description }
            },
            isNone: text.isNone)
    }()
}

extension FieldType where Value == Date? {
    /// An instant or none, kept to the millisecond (when an entry was checked off: the phone's time, also when it
    /// was offline), from `earliest` to `slack` seconds after now; `refusal` says so. Nobody types it.
    public static func optionalInstant(description: String, from earliest: Date, slack: TimeInterval, refusal: String)
        -> FieldType<Date?>
    {
        FieldType(
            storage: .date,
            schema: #"{"type": ["string", "null"], "format": "date-time", "description": "\#(description)"}"#,
            isNullable: true,
            input: nil,
            toStore: { $0.map { .date($0) } ?? .null },
            fromStore: { value in
                switch value {
                case .null: return nil
                case .date(let date): return date
                case .integer(let milliseconds): return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
                default: throw StoreError.corrupt("date")
                }
            },
            toJSON: { date, output in
                guard let date else {
                    output += JSONObjectWriter.null
                    return
                }
                output.append(UInt8(ascii: "\""))
                ListsFormat.appendISOTimestamp(date, to: &output)
                output.append(UInt8(ascii: "\""))
            },
            fromJSON: { json, field in
                switch json {
                case .null: return nil
                case .string(let text):
                    guard let date = ListsFormat.parseTimestamp(text) else {
                        throw ValidationError(
                            field: field,
                            message:
                                "\(Quoted(text)) is not a timestamp; use ISO 8601 with a zone, like 2026-11-29T07:30:00Z"
                        )
                    }
                    return date
                default: throw mismatch(field, "a timestamp or null")
                }
            },
            check: { date, field, now in
                guard let date else { return nil }
                guard date >= earliest, date <= now.addingTimeInterval(slack) else {
                    throw ValidationError(field: field, message: refusal)
                }
                return date.roundedToMilliseconds
            },
            isNone: { $0 == nil })
    }
}

extension Quantity {
    /// A quantity input's rules for app.js, which reads it offline: at most ``maximumLength`` characters, what
    /// ``pattern`` allows (tried on the text trimmed and lower-cased, as units are read), and the spellings of the
    /// countable units, by which it adds up a list's total as ``multiplier`` does. A text the pattern refuses gets
    /// one message for every reason the server words apart (below 0, an unknown unit...).
    static let inputRules: String = {
        let countable = Unit.spellings.filter { $0.value.dimension == .countable }.keys.sorted()
        let messages = [
            ("forbidden", "a quantity cannot contain control characters"),
            ("tooManyCodePoints", "a quantity has at most \(maximumLength) characters"),
            ("tooLong", "a quantity has at most \(maximumLength) characters"),
            (
                "notAQuantity",
                "{quoted} is not a quantity: write a count above 0 (2), an amount and a unit (500 g, 1.5 l, 2 packs: "
                    + "g, kg, mg, ml, cl, dl, l, pack, can, bottle, box, bag, bunch, jar, piece), or words (a few)"
            ),
        ]
        return "\"maxLength\": \(maximumLength), \"maxCodePoints\": \(maximumLength * 10), "
            + "\"pattern\": \"\(pattern)\", "
            + "\"countable\": [\(countable.map { JSONText.string($0) }.joinedInline(separator: ", "))], "
            + "\"messages\": \(JSONText.object(messages))"
    }()

    /// What a quantity may be, as a JSON Schema pattern (written for a JSON string: backslashes doubled): free text
    /// that starts with neither a digit, a sign nor a space, or a number above 0 and at most 1,000,000 with at most
    /// 3 decimals (2 after a comma, which with 3 would read as a thousands separator), then a unit Lists knows,
    /// lower-case. Everything it allows is a quantity (a test reads many strings both ways); a few quantities it
    /// leaves out are still read (upper-case units, spaces around, leading zeros before a decimal's last one).
    static let pattern: String = {
        let units = Unit.spellings.keys.sorted { $0.count > $1.count || ($0.count == $1.count && $0 < $1) }
            .joinedInline(separator: "|")
        let number =
            #"0*[1-9][0-9]{0,5}(\\.[0-9]{1,3}|,[0-9]{1,2})?|0*1000000(\\.0{1,3}|,0{1,2})?"#
            + #"|0+(\\.[0-9]{0,2}[1-9]|,[0-9]?[1-9])"#
        let text = #"[^0-9+\\-\#(blank)\#(forbidden)][^\#(forbidden)]*"#
        return #"^(\#(text)|(\#(number))( ?(\#(units)))?)$"#
    }()
}

extension FieldType where Value == String? {
    /// The id of another record of the household, or none (an item's category): as ``recordID(what:)``, `null`
    /// or empty being none. People choose it from a list (an input of kind `choice`, whose options are the
    /// records), so app.js takes the chosen id as it is and leaves its check to the model.
    public static func optionalRecordID(what: String, description: String) -> FieldType<String?> {
        let text = FieldType<String?>.optionalText(what: what)
        let id = FieldType<String>.recordID(what: what)
        return FieldType<String?>(
            storage: text.storage,
            schema:
                #"{"type": ["string", "null"], "format": "uuid", "description": "\#(description)"}"#,
            isNullable: true,
            input: TextInput(
                kind: "choice", rules: #""messages": {}"#, parse: { text, _, _ in text },
                show: { text, _ in text ?? "" }),
            toStore: text.toStore, fromStore: text.fromStore, toJSON: text.toJSON, fromJSON: text.fromJSON,
            check: { text, field, now in
                guard let text, !text.trimmingWhitespace().isEmpty else { return nil }
                return try id.check(text, field, now)
            },
            isNone: text.isNone)
    }
}

extension FieldType where Value == [String] {
    /// Ids of other records of the household in an order (a list's aisles, set by hand): a JSON array of ids; none
    /// is the empty array. Kept as one text of the ids separated by spaces, or no value when there are none.
    public static func recordIDs(what: String, description: String) -> FieldType<[String]> {
        let id = FieldType<String>.recordID(what: what)
        return FieldType<[String]>(
            storage: .optionalText,
            schema:
                #"{"type": "array", "items": {"type": "string", "format": "uuid"}, "description": "\#(description)"}"#,
            input: nil,
            toStore: { $0.isEmpty ? .null : .text($0.joinedInline(separator: " ")) },
            fromStore: { value in
                switch value {
                case .null: return []
                case .text(let text): return text.split(separator: " ").map(String.init)
                default: throw StoreError.corrupt("ids")
                }
            },
            toJSON: { ids, output in
                output.append(UInt8(ascii: "["))
                for (index, id) in ids.enumerated() {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    JSONValue.writeString(id, to: &output)
                }
                output.append(UInt8(ascii: "]"))
            },
            fromJSON: { json, field in
                guard case .array(let values) = json else { throw mismatch(field, "an array of ids") }
                return try values.map { value in
                    guard case .string(let text) = value else { throw mismatch(field, "an array of ids") }
                    return text
                }
            },
            check: { ids, field, now in
                guard ids.count <= 1000 else {
                    throw ValidationError(field: field, message: "holds at most 1000 ids")
                }
                return try ids.map { try id.check($0, field, now) }
            },
            isNone: { $0.isEmpty })
    }
}
