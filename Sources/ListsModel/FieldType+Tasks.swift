import Foundation
import JSONCodec

// The kinds of value a task's fields hold beyond the tutorial's title and done mark: a due date, a priority, a note.

extension FieldType {
    /// A value or none, kept and sent as a text (`text(value)`), `null` for none: how a due date, a priority, a
    /// repeat and an optional text are stored and written. A stored text `fromText` does not read is a damaged
    /// record (`corrupt` names it); a JSON string is read by `fromJSONText` (which names the field in a refusal),
    /// anything else but `null` refused as not `expected`. `text` is a closure, not a key path: a key path called
    /// as a function is looked up at each call, and every task stored or written runs it.
    static func optionalText<Wrapped>(
        schema: String, input: TextInput<Wrapped?>, text: @escaping @Sendable (Wrapped) -> String,
        fromText: @escaping @Sendable (String) -> Wrapped?, corrupt: String,
        fromJSONText: @escaping @Sendable (_ text: String, _ field: String) throws -> Wrapped?, expected: String,
        check: @escaping @Sendable (Wrapped?, _ field: String, _ now: Date) throws -> Wrapped? = { value, _, _ in value
        }
    ) -> FieldType<Wrapped?> {
        FieldType<Wrapped?>(
            storage: .optionalText, schema: schema, isNullable: true, input: input,
            toStore: { $0.map { .text(text($0)) } ?? .null },
            fromStore: { value in
                switch value {
                case .null: return nil
                case .text(let stored):
                    guard let value = fromText(stored) else { throw StoreError.corrupt(corrupt) }
                    return value
                default: throw StoreError.corrupt(corrupt)
                }
            },
            toJSON: { value, output in
                if let value {
                    JSONValue.writeString(text(value), to: &output)
                } else {
                    output += JSONObjectWriter.null
                }
            },
            fromJSON: { json, field in
                switch json {
                case .null: return nil
                case .string(let text): return try fromJSONText(text, field)
                default: throw mismatch(field, expected)
                }
            },
            check: check, isNone: { $0 == nil })
    }
}

extension FieldType where Value == Due? {
    /// When a task is due (``Due``): a day, or a day and a time, in the household's time zone; `null` for none.
    /// Kept and sent as `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`, which sorts as the moments do.
    public static let due = optionalText(
        schema:
            #"{"type": ["string", "null"], "pattern": "^(?:(?:[0-9]{3}[1-9]|[0-9]{2}[1-9]0|[0-9][1-9]00|[1-9]000)-(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1[0-9]|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31)|(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:0[48]|[2468][048]|[13579][26])00)-02-29)(?:T(?:[01][0-9]|2[0-3]):[0-5][0-9])?$", "description": "When it is due, in the household's time zone: a real day (2026-12-24) or a day and a time (2026-12-24T18:00); null for none."}"#,
        input: TextInput(
            kind: "due", rules: Due.inputRules,
            parse: { text, field, conventions in
                do {
                    return try Due.typed(text, conventions)
                } catch var error as ValidationError {
                    // The grammar names `due`; a reminder's field is read by it too.
                    error.field = field
                    throw error
                }
            },
            show: { due, _ in due.map(Due.shownInField) ?? "" }),
        text: { $0.description }, fromText: { Due(iso: $0) }, corrupt: "due date",
        fromJSONText: { text, field in
            guard let due = Due(iso: text) else {
                throw ValidationError(field: field, message: Due.notISOMessage(text))
            }
            return due
        }, expected: "a date (2026-12-24 or 2026-12-24T18:00) or null")
}

extension FieldType where Value == TaskPriority? {
    /// How much a task matters (``TaskPriority``): `"low"`, `"medium"`, `"high"`, or `null` for none; kept as that
    /// word.
    public static let priority = optionalText(
        schema:
            #"{"type": ["string", "null"], "enum": ["low", "medium", "high", null], "description": "How much it matters; null for none."}"#,
        input: TextInput(
            kind: "choice", rules: #""messages": {}"#,
            parse: { text, field, _ in try TaskPriority.typed(text, field: field) },
            show: { priority, _ in priority?.rawValue ?? "" }),
        text: { $0.rawValue }, fromText: { TaskPriority(rawValue: $0) }, corrupt: "priority",
        fromJSONText: { text, field in
            guard let priority = TaskPriority(rawValue: text) else {
                throw ValidationError(field: field, message: TaskPriority.refusal(text))
            }
            return priority
        }, expected: "\"low\", \"medium\", \"high\" or null")
}

extension FieldType where Value == String? {
    /// Text of several lines (a task's note): trimmed, line ends kept as `\n`, tabs allowed, no other control
    /// characters, up to ``NoteRule/maximumLength`` characters; empty or `null` is none.
    ///
    /// `limit`, when given, is a lower limit than a task's note, counted both in characters and in Unicode scalars
    /// (what a store's check counts): a sighting's comments, whose column has held 2,000 since eBird imports.
    public static func note(what: String, limit: Int = NoteRule.maximumLength) -> FieldType<String?> {
        optionalText(
            schema:
                #"{"type": ["string", "null"], "maxLength": \#(limit), "pattern": "^[^\#(NoteRule.forbiddenClass)]*$", "description": "Several lines; trimmed; line ends as \\n; no control characters but tabs and line ends."}"#,
            input: TextInput(
                kind: "note", rules: NoteRule.inputRules(what: what, limit: limit), parse: { text, _, _ in text },
                show: { text, _ in text ?? "" }),
            text: { $0 }, fromText: { $0 }, corrupt: "text", fromJSONText: { text, _ in text }, expected: "a string",
            check: { text, field, _ in
                try text.flatMap { try NoteRule.check($0, field: field, what: what, limit: limit) }
            })
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
    public static func check(_ text: String, field: String, what: String, limit: Int = maximumLength) throws
        -> String?
    {
        // Counted before anything else is done with it: a megabyte is refused without being looked at twice.
        guard text.utf8.count <= limit * 4 else {
            throw ValidationError(field: field, message: tooLongMessage(what, count: "\(text.count)", limit: limit))
        }
        let lines =
            text.utf8.contains(UInt8(ascii: "\r"))
            ? text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n") : text
        let trimmed = lines.trimmingWhitespace()
        if trimmed.isEmpty { return nil }
        if let bad = trimmed.unicodeScalars.first(where: { $0 != "\n" && $0 != "\t" && TextRule.isForbidden($0) }) {
            throw ValidationError(field: field, message: forbiddenMessage(what, code: TextRule.hex4(bad.value)))
        }
        if trimmed.count > limit {
            throw ValidationError(field: field, message: tooLongMessage(what, count: "\(trimmed.count)", limit: limit))
        }
        if limit < maximumLength, trimmed.unicodeScalars.count > limit {
            throw ValidationError(
                field: field, message: tooLongMessage(what, count: "\(trimmed.unicodeScalars.count)", limit: limit))
        }
        return trimmed
    }

    static func forbiddenMessage(_ what: String, code: String) -> String {
        "\(what) may not contain control characters but line ends and tabs (found U+\(code))"
    }

    static func tooLongMessage(_ what: String, count: String, limit: Int = maximumLength) -> String {
        "\(what) is \(count) characters long; at most \(limit) are allowed"
    }

    /// The rules for app.js: the limit and the messages.
    static func inputRules(what: String, limit: Int = maximumLength) -> String {
        "\"maxLength\": \(limit), \"messages\": "
            + JSONText.object([
                ("forbidden", forbiddenMessage(what, code: "{code}")),
                ("tooLong", tooLongMessage(what, count: "{count}", limit: limit)),
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

    /// How a due date's field and a terminal show it: as it is typed back (`2026-12-24`, `2026-12-24 18:00`).
    public static func shownInField(_ due: Due) -> String {
        guard let minute = due.minute else { return due.day.description }
        return "\(due.day) \(Day.padded(minute / 60, 2)):\(Day.padded(minute % 60, 2))"
    }

    /// The refusal of a due date that is not `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM` (the API's form).
    static func notISOMessage(_ text: String) -> String {
        "\(Quoted(text)) is not a due date: write a day (2026-12-24) or a day and a time (2026-12-24T18:00)"
    }

    /// The rules for app.js, which reads a due date with no network as ``DuePhrase`` does (its
    /// `24-due-phrases.js`, run on the same table of examples), in the same words: it needs no message of the
    /// server's.
    static let inputRules = #""messages": {}"#
}

extension FieldType where Value == Recurrence? {
    /// How a task repeats (``Recurrence``), or `null`: kept and sent as an RFC 5545 RRULE value
    /// (`FREQ=MONTHLY;BYMONTHDAY=1`) or `AFTER-DONE=P3D`; typed as people say it (``RepeatPhrase``).
    public static let recurrence = optionalText(
        schema:
            #"{"type": ["string", "null"], "maxLength": \#(Recurrence.maximumTextLength), "pattern": "^(FREQ=DAILY(;INTERVAL=[1-9][0-9]{0,2})?(;COUNT=[1-9][0-9]{0,2})?|FREQ=WEEKLY(;INTERVAL=[1-9][0-9]{0,2})?(;BYDAY=(MO|TU|WE|TH|FR|SA|SU)(,(MO|TU|WE|TH|FR|SA|SU)){0,6})?(;COUNT=[1-9][0-9]{0,2})?|FREQ=MONTHLY(;INTERVAL=[1-9][0-9]{0,2})?(;BYMONTHDAY=([1-9]|1[0-9]|2[0-8]|-1)|;BYDAY=([1-4]|-1)(MO|TU|WE|TH|FR|SA|SU))?(;COUNT=[1-9][0-9]{0,2})?|FREQ=YEARLY(;INTERVAL=[1-9][0-9]{0,2})?(;COUNT=[1-9][0-9]{0,2})?|AFTER-DONE=P[1-9][0-9]{0,2}[DWMY])$", "description": "How it repeats: an RFC 5545 RRULE value, or AFTER-DONE=P3D (days D, weeks W, months M or years Y after it is done); null or empty for none. The pattern is the common forms, which are always taken; the server also takes the whole of what Lists reads of RRULE (BYMONTH, BYSETPOS, UNTIL, WKST, BYMONTHDAY from 29 to 31 and from the end, several days or positions), refusing a rule that can never come due, COUNT above 1000 and FREQ more often than daily."}"#,
        input: TextInput(
            kind: "repeat", rules: RepeatPhrase.inputRules, parse: { text, _, _ in try RepeatPhrase.read(text) },
            show: { recurrence, _ in recurrence.map(RepeatPhrase.phrase(of:)) ?? "" }),
        text: { $0.text }, fromText: { try? Recurrence(rule: $0) }, corrupt: "repeat rule",
        fromJSONText: { text, field in
            if text.trimmingWhitespace().isEmpty { return nil }
            do {
                return try Recurrence(rule: text)
            } catch var error as ValidationError {
                error.field = field
                throw error
            }
        }, expected: "an RRULE value (FREQ=WEEKLY;BYDAY=TU), AFTER-DONE=P3D or null")
}

extension FieldType where Value == [TaskCompletion] {
    /// The check-offs of a repeating task (``TaskCompletion``), oldest first, the last ``TaskCompletion/kept``;
    /// Lists writes them, nobody types them.
    public static let completions = FieldType<[TaskCompletion]>(
        storage: .optionalText,
        schema:
            #"{"type": "array", "items": {"type": "object", "required": ["due", "doneAt"], "properties": {"due": {"type": "string"}, "doneAt": {"type": "string", "format": "date-time"}}}, "description": "The times a repeating task was checked off, oldest first (the last \#(TaskCompletion.kept)): the due date each was for, and when. Lists writes it."}"#,
        input: nil,
        toStore: { $0.isEmpty ? .null : .text(TaskCompletion.text($0)) },
        fromStore: { value in
            switch value {
            case .null: return []
            case .text(let text):
                guard let completions = TaskCompletion.list(text) else { throw StoreError.corrupt("completions") }
                return completions
            default: throw StoreError.corrupt("completions")
            }
        },
        toJSON: { completions, output in TaskCompletion.writeJSON(completions, to: &output) },
        fromJSON: { json, field in
            guard case .array(let items) = json else { throw mismatch(field, "an array of {due, doneAt}") }
            return try items.map { item in
                guard case .object(let members) = item, case .string(let due)? = members["due"],
                    let day = Due(iso: due), case .string(let at)? = members["doneAt"],
                    let doneAt = ListsFormat.parseTimestamp(at)
                else { throw mismatch(field, "an array of {due, doneAt}") }
                return TaskCompletion(due: day, doneAt: doneAt)
            }
        },
        isNone: { $0.isEmpty })
}

/// One check-off of a repeating task: the due date it was done for and the moment it was done. A repeating task
/// keeps its last ``kept`` check-offs (its history), and the undo of a check-off takes the last one back.
public struct TaskCompletion: Hashable, Sendable {
    /// The due date the check-off was for.
    public var due: Due
    /// When it was checked off.
    public var doneAt: Date

    public init(due: Due, doneAt: Date) {
        self.due = due
        self.doneAt = doneAt
    }

    /// How many check-offs a task keeps.
    public static let kept = 100

    /// How many of them a task's history shows, newest first (the web app's sheet, `lists todo show`).
    public static let shown = 10

    /// The stores' text: one line a check-off, `due` then the moment in milliseconds since 1970.
    static func text(_ completions: [TaskCompletion]) -> String {
        completions.map { "\($0.due) \(Int64(($0.doneAt.timeIntervalSince1970 * 1000).rounded()))" }
            .joinedInline(separator: "\n")
    }

    /// The check-offs ``text(_:)`` wrote, or `nil` for a text it did not write.
    static func list(_ text: String) -> [TaskCompletion]? {
        var completions: [TaskCompletion] = []
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 2, let due = Due(iso: parts[0]), let milliseconds = Int64(parts[1]) else {
                return nil
            }
            completions.append(
                TaskCompletion(due: due, doneAt: Date(timeIntervalSince1970: Double(milliseconds) / 1000)))
        }
        return completions
    }

    /// The check-offs as the API writes them: `[{"doneAt": "…", "due": "…"}, …]`.
    static func writeJSON(_ completions: [TaskCompletion], to output: inout [UInt8]) {
        output.append(UInt8(ascii: "["))
        for (index, completion) in completions.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            var object = JSONObjectWriter.open(&output)
            object.date("doneAt", completion.doneAt, &output)
            object.string("due", completion.due.description, &output)
            object.close(&output)
        }
        output.append(UInt8(ascii: "]"))
    }
}

extension RepeatPhrase {
    /// The rules for app.js, which reads a repeat with no network as ``read(_:)`` does (its `25-repeat-phrases.js`,
    /// run on the same table of examples), in the same words: it needs no message of the server's.
    static let inputRules = #""messages": {}"#
}
