import Foundation
import JSONCodec

// The kinds of value a task's fields hold beyond the tutorial's title and done mark: a due date, a priority, a note.

extension FieldType where Value == Due? {
    /// When a task is due (``Due``): a day, or a day and a time, in the household's time zone; `null` for none.
    /// Kept and sent as `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`, which sorts as the moments do.
    public static let due = FieldType<Due?>(
        storage: .optionalText,
        schema:
            #"{"type": ["string", "null"], "pattern": "^(?:(?:[0-9]{3}[1-9]|[0-9]{2}[1-9]0|[0-9][1-9]00|[1-9]000)-(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1[0-9]|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31)|(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:0[48]|[2468][048]|[13579][26])00)-02-29)(?:T(?:[01][0-9]|2[0-3]):[0-5][0-9])?$", "description": "When it is due, in the household's time zone: a real day (2026-12-24) or a day and a time (2026-12-24T18:00); null for none."}"#,
        isNullable: true,
        input: TextInput(
            kind: "due", rules: Due.inputRules, parse: { text, field, conventions in try Due.typed(text, conventions) },
            show: { due, _ in due.map(Due.shownInField) ?? "" }),
        toStore: { $0.map { .text($0.description) } ?? .null },
        fromStore: { value in
            switch value {
            case .null: return nil
            case .text(let text):
                guard let due = Due(iso: text) else { throw StoreError.corrupt("due date") }
                return due
            default: throw StoreError.corrupt("due date")
            }
        },
        toJSON: { due, output in
            if let due { JSONValue.writeString(due.description, to: &output) } else { output += JSONObjectWriter.null }
        },
        fromJSON: { json, field in
            switch json {
            case .null: return nil
            case .string(let text):
                guard let due = Due(iso: text) else {
                    throw ValidationError(field: field, message: Due.notISOMessage(text))
                }
                return due
            default: throw mismatch(field, "a date (2026-12-24 or 2026-12-24T18:00) or null")
            }
        },
        isNone: { $0 == nil })
}

extension FieldType where Value == TaskPriority? {
    /// How much a task matters (``TaskPriority``): `"low"`, `"medium"`, `"high"`, or `null` for none; kept as that
    /// word.
    public static let priority = FieldType<TaskPriority?>(
        storage: .optionalText,
        schema:
            #"{"type": ["string", "null"], "enum": ["low", "medium", "high", null], "description": "How much it matters; null for none."}"#,
        isNullable: true,
        input: TextInput(
            kind: "choice", rules: #""messages": {}"#,
            parse: { text, field, _ in try TaskPriority.typed(text, field: field) },
            show: { priority, _ in priority?.rawValue ?? "" }),
        toStore: { $0.map { .text($0.rawValue) } ?? .null },
        fromStore: { value in
            switch value {
            case .null: return nil
            case .text(let text):
                guard let priority = TaskPriority(rawValue: text) else { throw StoreError.corrupt("priority") }
                return priority
            default: throw StoreError.corrupt("priority")
            }
        },
        toJSON: { priority, output in
            if let priority {
                JSONValue.writeString(priority.rawValue, to: &output)
            } else {
                output += JSONObjectWriter.null
            }
        },
        fromJSON: { json, field in
            switch json {
            case .null: return nil
            case .string(let text):
                guard let priority = TaskPriority(rawValue: text) else {
                    throw ValidationError(field: field, message: TaskPriority.refusal(text))
                }
                return priority
            default: throw mismatch(field, "\"low\", \"medium\", \"high\" or null")
            }
        },
        isNone: { $0 == nil })
}

extension FieldType where Value == String? {
    /// Text of several lines (a task's note): trimmed, line ends kept as `\n`, tabs allowed, no other control
    /// characters, up to ``NoteRule/maximumLength`` characters; empty or `null` is none.
    public static func note(what: String) -> FieldType<String?> {
        FieldType(
            storage: .optionalText,
            schema:
                #"{"type": ["string", "null"], "maxLength": \#(NoteRule.maximumLength), "pattern": "^[^\#(NoteRule.forbiddenClass)]*$", "description": "Several lines; trimmed; line ends as \\n; no control characters but tabs and line ends."}"#,
            isNullable: true,
            input: TextInput(
                kind: "note", rules: NoteRule.inputRules(what: what), parse: { text, _, _ in text },
                show: { text, _ in text ?? "" }),
            toStore: { $0.map { .text($0) } ?? .null },
            fromStore: { value in
                switch value {
                case .null: return nil
                case .text(let text): return text
                default: throw StoreError.corrupt("text")
                }
            },
            toJSON: { text, output in
                if let text { JSONValue.writeString(text, to: &output) } else { output += JSONObjectWriter.null }
            },
            fromJSON: { json, field in
                switch json {
                case .null: return nil
                case .string(let text): return text
                default: throw mismatch(field, "a string")
                }
            },
            check: { text, field, _ in try text.flatMap { try NoteRule.check($0, field: field, what: what) } },
            isNone: { $0 == nil })
    }
}

/// The rules of a text of several lines, a note: what ``TextRule`` says of a name, but with line ends and tabs,
/// and longer.
public enum NoteRule {
    /// The characters no note may hold, as a JSON Schema character class: what no text may hold
    /// (``TextRule/isForbidden(_:)``) but tabs and line ends.
    static let forbiddenClass =
        #"\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069"#

    /// The most characters a note may have (a page of text; a note of a megabyte is refused).
    public static let maximumLength = 10_000

    /// `text` trimmed, its line ends made `\n`, and checked; `nil` when nothing is left.
    /// - Throws: ``ValidationError`` on `field`.
    public static func check(_ text: String, field: String, what: String) throws -> String? {
        // Counted before anything else is done with it: a megabyte is refused without being looked at twice.
        guard text.utf8.count <= maximumLength * 4 else {
            throw ValidationError(field: field, message: tooLongMessage(what, count: "\(text.count)"))
        }
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        let trimmed = lines.trimmingWhitespace()
        if trimmed.isEmpty { return nil }
        if let bad = trimmed.unicodeScalars.first(where: { $0 != "\n" && $0 != "\t" && TextRule.isForbidden($0) }) {
            throw ValidationError(field: field, message: forbiddenMessage(what, code: TextRule.hex4(bad.value)))
        }
        if trimmed.count > maximumLength {
            throw ValidationError(field: field, message: tooLongMessage(what, count: "\(trimmed.count)"))
        }
        return trimmed
    }

    static func forbiddenMessage(_ what: String, code: String) -> String {
        "\(what) may not contain control characters but line ends and tabs (found U+\(code))"
    }

    static func tooLongMessage(_ what: String, count: String) -> String {
        "\(what) is \(count) characters long; at most \(maximumLength) are allowed"
    }

    /// The rules for app.js: the limit and the messages.
    static func inputRules(what: String) -> String {
        "\"maxLength\": \(maximumLength), \"messages\": "
            + JSONText.object([
                ("forbidden", forbiddenMessage(what, code: "{code}")),
                ("tooLong", tooLongMessage(what, count: "{count}")),
            ])
    }
}

extension Due {
    /// What a person typed into a due date's field or a command's `--due`, read by ``DuePhrase`` on the day and at
    /// the time `conventions` give, in their zone (`fri`, `tomorrow 9am`, `2026-12-24`); the empty text is no due
    /// date.
    /// - Throws: ``ValidationError`` on `due`.
    static func typed(_ text: String, _ conventions: InputConventions) throws -> Due? {
        try DuePhrase(now: conventions.now, in: conventions.timeZone).readIfAny(text)
    }

    /// How a due date's field shows it: as it is typed back (`2026-12-24`, `2026-12-24 18:00`).
    static func shownInField(_ due: Due) -> String {
        due.description.replacingOccurrences(of: "T", with: " ")
    }

    /// The refusal of a due date that is not `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM` (the API's form).
    static func notISOMessage(_ text: String) -> String {
        "\(Quoted(text)) is not a due date: write a day (2026-12-24) or a day and a time (2026-12-24T18:00)"
    }

    /// The rules for app.js, which reads a due date with no network in the form the app stores it only: the
    /// phrases need the server's reading (and its clock and zone), and wait for the network.
    static var inputRules: String {
        let offline =
            "{quoted} is read as a due date only with the network; with none, write a day (2026-12-24) or a day and "
            + "a time (2026-12-24 18:00)"
        return "\"messages\": " + JSONText.object([("notADue", offline)])
    }
}
