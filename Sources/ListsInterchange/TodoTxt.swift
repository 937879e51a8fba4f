import Foundation
import ListsModel

/// todo.txt (github.com/todotxt/todo.txt): one task per line. An open task is `(A) 2026-11-20 text`, the
/// priority and the creation date each optional; a done one is `x (A) 2026-11-22 2026-11-20 text`, with the
/// priority, the completion date and the creation date (only after a completion date) each optional.
/// `+project`, `@context` and `key:value` are part of the text, but for `due:YYYY-MM-DD`, the task's due date,
/// and the common `rec:` extension, its repeat: `rec:3d`, `rec:2w`, `rec:1m`, `rec:1y` count from when it is done
/// (`AFTER-DONE`), `rec:+1m` from its due date (every month); `rec:1b`, every business day, is every weekday. A
/// `rec:` Lists does not read stays in the text. A repeat with no `due:` is due once the task is next changed.
///
/// A line ends with LF or CR LF (written: LF); the last may have no end; a byte-order mark is skipped. A
/// creation date becomes the task's creation time (noon UTC that day; a line without one gets the time of the
/// import), a completion date its last change. A priority `(A)`, `(B)` or `(C)` is the task's priority, high,
/// medium or low (and a task's priority is written as one), as Taskwarrior's importers of todo.txt read them;
/// `(D)` to `(Z)`, which Lists has no priority for, stay at the front of the title, where they can be seen and
/// edited in Lists and are written back.
///
/// A task read from a line keeps that line (``lineKey``): written out with its text and done mark unchanged,
/// it is that line again, byte for byte, so export neither adds a creation date the line did not have nor
/// loses spacing, a tab or a priority's place. Changed in Lists, it is written from its fields, with the dates
/// the line had.
public enum TodoTxt {
    /// The key under which a task read from todo.txt keeps its line among the attributes a task keeps for other
    /// programs (``TodoTask/taskwarrior``). A Taskwarrior attribute's name cannot hold a dot, so no attribute
    /// read from Taskwarrior has it; the Taskwarrior export leaves it out.
    public static let lineKey = "todo.txt"

    /// The tasks of a todo.txt file, appended in order.
    /// - Throws: ``ImportError`` naming the line.
    public static func read(_ bytes: [UInt8], now: Date) throws -> ImportBatch {
        let text = try ImportedText.utf8(bytes)
        var records: [TodoTask] = []
        let stamp = now.roundedToMilliseconds
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (index, piece) in lines.enumerated() {
            let line = String(Substring(piece.last == UInt8(ascii: "\r") ? piece.dropLast() : piece))
            // A tab or a stray control character is read as a space: a whole file is not refused for one.
            let parsed = Line(ImportedText.oneLine(line))
            guard !parsed.isBlank else { continue }
            let title = try ImportError.at("line \(index + 1)", field: "text") { try TodoTask.validTitle(parsed.title) }
            let createdAt = parsed.created.flatMap(day) ?? stamp
            let updatedAt = parsed.completed.flatMap(day) ?? createdAt
            // A repeat with no `due:` gets its first date when the task is next changed (`TodoTask`'s derive).
            let tags = parsed.tags
            let due = tags.due
            records.append(
                TodoTask(
                    meta: RecordMeta(createdAt: createdAt, updatedAt: updatedAt), title: title, isDone: parsed.isDone,
                    taskwarrior: [lineKey: .string(line)], due: due, priority: parsed.taskPriority,
                    recurrence: tags.recurrence,
                    repeatFrom: tags.recurrence == nil ? nil : due))
        }
        return ImportBatch(records)
    }

    /// The tasks as todo.txt lines, in order, each ending with LF.
    public static func write(_ tasks: [TodoTask]) -> [UInt8] {
        var text = ""
        for task in tasks {
            text += line(for: task)
            text += "\n"
        }
        return Array(text.utf8)
    }

    /// The line for `task`: the one it was read from while its text and done mark are as that line says, else
    /// one made from its fields.
    static func line(for task: TodoTask) -> String {
        var read: Line?
        if case .string(let original)? = task.taskwarrior?[lineKey] {
            let parsed = Line(ImportedText.oneLine(original))
            if parsed.describes(task) { return original }
            read = parsed
        }
        // The task's priority, else one its title starts with (`(D)` to `(Z)`, or a title from before priorities).
        let (priority, title) =
            task.priority.map { (Self.word(for: $0), task.title[...]) } ?? Line.priority(of: task.title)
        var words = [title]
        if let due = task.due { words.append("due:\(due.day)") }
        if let recurrence = task.recurrence, let rec = rec(recurrence) { words.append("rec:\(rec)") }
        let text = words.joined(separator: " ")[...]
        let createdDay = dayText(task.meta.createdAt)
        let doneDay = dayText(task.meta.updatedAt)
        var created: Substring? = createdDay[...]
        var completed: Substring? = task.isDone ? doneDay[...] : nil
        if let read {
            // The dates the line had, and no others: a line without a creation date gets none.
            created = read.created
            if task.isDone && read.isDone { completed = read.completed }
        }
        let made = compose(isDone: task.isDone, priority: priority, completed: completed, created: created, text: text)
        if Line(made).describes(task) { return made }
        // Without its dates the text would read as something else (`x ...`, or a date at its start): with both.
        return compose(
            isDone: task.isDone, priority: priority, completed: task.isDone ? doneDay[...] : nil,
            created: createdDay[...],
            text: text)
    }

    private static func compose(
        isDone: Bool, priority: Substring?, completed: Substring?, created: Substring?, text: Substring
    ) -> String {
        var parts: [Substring] = []
        if isDone { parts.append("x") }
        if let priority { parts.append(priority) }
        if isDone, let completed {
            parts.append(completed)
            if let created { parts.append(created) }
        } else if !isDone, let created {
            parts.append(created)
        }
        parts.append(text)
        return parts.joined(separator: " ")
    }

    /// One line read by the format's grammar.
    struct Line {
        /// Whether the line starts with `x `.
        var isDone = false
        /// `(A)`, when the line has a priority.
        var priority: Substring?
        /// `2026-11-22`, for a done task that says when it was done.
        var completed: Substring?
        /// `2026-11-20`.
        var created: Substring?
        /// What follows: the task's own text.
        var text: Substring

        /// Reads `line`. Each part is taken only when text follows it, so that no line reads as a task without
        /// text: `x 2026-11-22` alone is a done task whose text is the date.
        init(_ line: String) {
            var rest = Substring(line)
            /// Whether `word` followed by a space starts `rest` with more than spaces after it.
            func startsWithWord(_ length: Int, _ isWord: (Substring) -> Bool) -> Bool {
                let word = rest.prefix(length)
                let after = rest.dropFirst(length)
                return word.count == length && isWord(word) && after.first == " "
                    && after.dropFirst().contains { $0 != " " }
            }
            func take(_ length: Int) -> Substring {
                defer { rest = rest.dropFirst(length + 1) }
                return rest.prefix(length)
            }
            if startsWithWord(1, { $0 == "x" }) {
                isDone = true
                _ = take(1)
            }
            if startsWithWord(3, Self.isPriority) { priority = take(3) }
            if isDone, startsWithWord(10, Self.isDate) {
                completed = take(10)
                if startsWithWord(10, Self.isDate) { created = take(10) }
            } else if !isDone, startsWithWord(10, Self.isDate) {
                created = take(10)
            }
            text = rest
        }

        /// Whether the line holds nothing but spaces.
        var isBlank: Bool { !isDone && priority == nil && created == nil && text.allSatisfy(\.isWhitespace) }

        /// The task's priority, the one whose word (``TodoTxt/word(for:)``) the line has: `(A)` high, `(B)` medium,
        /// `(C)` low; `nil` for none and for `(D)` to `(Z)`.
        var taskPriority: TaskPriority? {
            guard let priority else { return nil }
            return TaskPriority.allCases.first { TodoTxt.word(for: $0) == priority }
        }

        /// The task's title: a priority Lists has none for (`(D)` to `(Z)`), then the text without its `due:` and
        /// `rec:`.
        var title: String {
            let text = tags.text
            guard taskPriority == nil, let priority else { return String(text) }
            return "\(priority) \(text)"
        }

        /// The `due:` and `rec:` the text holds, and the text without them (as it is when it holds none).
        var tags: (due: Due?, recurrence: Recurrence?, text: Substring) {
            guard text.contains("due:") || text.contains("rec:") else { return (nil, nil, text) }
            var due: Due?
            var recurrence: Recurrence?
            var kept: [Substring] = []
            for word in text.split(separator: " ") {
                if word.hasPrefix("due:"), due == nil, let day = Day(iso: word.dropFirst(4)) {
                    due = Due(day: day)
                } else if word.hasPrefix("rec:"), recurrence == nil, let read = TodoTxt.recurrence(word.dropFirst(4)) {
                    recurrence = read
                } else {
                    kept.append(word)
                }
            }
            // A text that is nothing but tags keeps them as its text.
            guard !kept.isEmpty else { return (nil, nil, text) }
            return (due, recurrence, kept.joined(separator: " ")[...])
        }

        /// Whether `task` has the title, done mark, priority, due date and repeat this line gives.
        func describes(_ task: TodoTask) -> Bool {
            let tags = tags
            return isDone == task.isDone && (try? TodoTask.validTitle(title)) == task.title
                && taskPriority == task.priority && tags.recurrence == task.recurrence && tags.due == task.due
        }

        /// `(A)` to `(Z)`.
        static func isPriority(_ word: Substring) -> Bool {
            let scalars = Array(word.unicodeScalars)
            return scalars.count == 3 && scalars[0] == "(" && ("A"..."Z").contains(scalars[1]) && scalars[2] == ")"
        }

        /// `YYYY-MM-DD` naming a day that exists.
        static func isDate(_ word: Substring) -> Bool { day(word) != nil }

        /// A title's priority, when it starts with one followed by text, and the rest.
        static func priority(of title: String) -> (Substring?, Substring) {
            let line = Line(title)
            guard let priority = line.priority, !line.isDone else { return (nil, title[...]) }
            return (priority, title.dropFirst(4))
        }
    }

    /// The word a line writes for `priority`: `(A)` high, `(B)` medium, `(C)` low.
    static func word(for priority: TaskPriority) -> Substring {
        switch priority {
        case .high: "(A)"
        case .medium: "(B)"
        case .low: "(C)"
        }
    }

    /// `2026-11-30` as noon UTC that day; `nil` for anything else, including days that do not exist.
    static func day(_ word: Substring) -> Date? {
        let bytes = Array(word.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let dayOfMonth = number(8..<10),
            (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(dayOfMonth)
        else { return nil }
        let days = CivilDate.daysSince1970(year: year, month: month, day: dayOfMonth)
        return Date(timeIntervalSince1970: Double(days * 86_400 + 12 * 3600))
    }

    /// The repeat a `rec:` value says: `3d`, `2w`, `1m`, `1y` after done, `+1m` from the due date, `1b` every
    /// weekday; `nil` for another.
    static func recurrence(_ value: Substring) -> Recurrence? {
        var rest = value
        let strict = rest.first == "+"
        if strict { rest = rest.dropFirst() }
        guard let unit = rest.last else { return nil }
        let digits = rest.dropLast()
        guard let count = digits.isEmpty ? 1 : Int(digits), (1...Recurrence.maximumInterval).contains(count) else {
            return nil
        }
        let rule: String
        switch (unit, strict) {
        case ("b", _) where count == 1: rule = "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"
        case ("d", false), ("w", false), ("m", false), ("y", false): rule = "AFTER-DONE=P\(count)\(unit.uppercased())"
        case ("d", true), ("w", true), ("m", true), ("y", true):
            let frequency = ["d": "DAILY", "w": "WEEKLY", "m": "MONTHLY", "y": "YEARLY"][String(unit)] ?? "DAILY"
            rule = "FREQ=\(frequency)" + (count == 1 ? "" : ";INTERVAL=\(count)")
        default: return nil
        }
        return try? Recurrence(rule: rule)
    }

    /// The `rec:` value for `recurrence`, or `nil` when todo.txt's extension has none for it (a position in the
    /// month, several days, an UNTIL or COUNT).
    static func rec(_ recurrence: Recurrence) -> String? {
        switch recurrence.form {
        case .afterDone(let count, let unit): return "\(count)\(unit.rawValue.lowercased())"
        case .rule(let rule):
            if rule.frequency == .weekly, rule.interval == 1, rule.weekdays.map(\.weekday) == [1, 2, 3, 4, 5],
                rule.count == nil, rule.until == nil
            {
                return "1b"
            }
            guard rule.weekdays.isEmpty, rule.monthDays.isEmpty, rule.months.isEmpty, rule.setPositions.isEmpty,
                rule.count == nil, rule.until == nil
            else { return nil }
            let units: [Recurrence.Frequency: String] = [.daily: "d", .weekly: "w", .monthly: "m", .yearly: "y"]
            let unit = units[rule.frequency] ?? "d"
            return "+\(rule.interval)\(unit)"
        }
    }

    private static func dayText(_ date: Date) -> String {
        String(ListsFormat.isoTimestamp(date).prefix(10))
    }
}
