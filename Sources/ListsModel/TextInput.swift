import Foundation
import JSONCodec

/// How a person writes what they type into a form's field or a command's option: whether their language writes
/// decimals with a comma, the time zone their days are in, and the moment they typed it (what "today" and "now"
/// are).
public struct InputConventions: Sendable {
    /// Whether decimals are written with a comma (`1,99`), as German and French do; a dot is read as well.
    public var writesDecimalComma: Bool
    /// The zone in which a typed day is read and a date's day is shown: the one given, else the machine's, looked
    /// up only when a field needs it (loading the zone costs a command a millisecond or two that a title does not).
    public var timeZone: Zone {
        get { givenZone ?? .current }
        set { givenZone = newValue }
    }
    /// The zone given, or `nil` for the machine's.
    private var givenZone: Zone?
    /// The moment of typing: a date given as none is this one, and a date after it is checked against it.
    public var now: Date

    /// Conventions of a person who writes decimals with a comma when `writesDecimalComma`, in `timeZone` (the
    /// machine's when `nil`), at `now`.
    public init(writesDecimalComma: Bool = false, timeZone: Zone? = nil, now: Date = Date()) {
        self.writesDecimalComma = writesDecimalComma
        givenZone = timeZone
        self.now = now
    }
}

/// How a person types a field's value as text (a form's input, a command's option) and how such an input shows
/// the value; with the same rules said as data for app.js, which reads forms with no network (``rules``).
///
/// Part of a ``FieldType``: a price reads a price as the person writes decimals, a date reads a day in their zone.
public struct TextInput<Value>: Sendable {
    /// What app.js calls this kind of input: `text`, `optionalText`, `price`, `day`, `checkbox`, `count`,
    /// `coordinate`.
    public let kind: String
    /// What an input left empty gives.
    public let empty: EmptyInput
    /// The value `text` says as `conventions` write it, before the field's own checks; a refusal names `field`.
    let parse: @Sendable (_ text: String, _ field: String, InputConventions) throws -> Value
    /// The text an input shows for a value.
    let show: @Sendable (Value, InputConventions) -> String
    /// The input's limits and messages for app.js, as members of a JSON object (`"maxLength": 200, ...`); a
    /// message's placeholders in braces stand for what was typed (`{quoted}`: the text as ``Quoted`` writes it).
    /// Written when asked, not with the record's schema: only a form's page asks (once, and keeps it), and every
    /// command of the CLI builds the schema of the records it touches.
    public var rules: String { makeRules() }
    private let makeRules: @Sendable () -> String

    /// An input of `kind` that reads a text with `parse`, shows a value with `show`, gives `empty` when left empty
    /// and is described to app.js by `rules`.
    init(
        kind: String, empty: EmptyInput = .text, rules: @escaping @autoclosure @Sendable () -> String,
        parse: @escaping @Sendable (_ text: String, _ field: String, InputConventions) throws -> Value,
        show: @escaping @Sendable (Value, InputConventions) -> String
    ) {
        self.kind = kind
        self.empty = empty
        self.makeRules = rules
        self.parse = parse
        self.show = show
    }
}

/// What an input left empty (nothing but white space) gives.
public enum EmptyInput: String, Sendable {
    /// The empty text, read like any other: a required text refuses it, an optional one is none.
    case text
    /// The field's initial value, in an edit too: an empty price is 0.
    case initial
    /// No value: a new record takes the field's initial value, an edit leaves the field as it is (a date).
    case nothing
}

/// JSON text written for app.js's rules, with the codec's string escaping.
enum JSONText {
    /// `text` as a JSON string.
    static func string(_ text: String) -> String {
        var bytes: [UInt8] = []
        JSONValue.writeString(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// An object of string members, in the order given.
    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { "\(string($0.0)): \(string($0.1))" }.joinedInline(separator: ", ") + "}"
    }
}
