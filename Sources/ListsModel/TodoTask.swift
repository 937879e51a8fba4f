import Foundation
import JSONCodec

/// A task of the to-do list: one of iTahDoodle's strings, now with a done mark and an identity, and what people
/// who keep to-dos expect of one: when it is due, how much it matters, a note, and when it was done.
public struct TodoTask: Record {
    public static let kind = RecordKind.task

    public var meta: RecordMeta
    /// What is to be done, 1 to 200 characters.
    public var title: String
    /// Whether it is done.
    public var isDone: Bool
    /// ``taskwarrior`` as the text stores keep: a compact JSON object, keys sorted. A task holds this text rather
    /// than a dictionary because that is what is stored and written out (one string instead of a hash table a
    /// task), and reading or writing a task needs no conversion; two tasks with the same attributes have the
    /// same text. Set it only to the text ``JSONValue/text(_:)`` or ``JSONParser`` makes of an object.
    public var taskwarriorJSON: String?
    /// When it is due, in the household's time zone, or `nil`.
    public var due: Due?
    /// How much it matters, or `nil` for no priority.
    public var priority: TaskPriority?
    /// A note of several lines, or `nil`.
    public var note: String?
    /// When it was marked done (`nil` while it is not): set by the change that marks it. A repeating task that
    /// moved on to its next due date is not done: its check-offs' moments are in ``completions``.
    public var doneAt: Date?
    /// How it repeats, or `nil`: checking it off moves it to its next due date (``TodoTask/schema``'s derive).
    public var recurrence: Recurrence?
    /// The due date its repeat counts from (RFC 5545's DTSTART): the due date it had when the repeat was set.
    public var repeatFrom: Due?
    /// Its check-offs while it repeats, oldest first (its history; the last ``TaskCompletion/kept``).
    public var completions: [TaskCompletion] = []
    /// When to remind the household of it, in its time zone, or `nil`: an open page shows the reminder when it comes
    /// (pushed over the event stream). A reminder given as a day alone is at 09:00 that day. A repeating task's
    /// reminder moves with its due date, keeping its distance from it.
    public var remindAt: Due?
    /// The content lines of an iCalendar VTODO that Lists has no field for (its UID, alarms, categories, related
    /// tasks, a client's own properties), unfolded, one a line, kept from an import to be written back unchanged
    /// (``ListsInterchange/ICalendar``); `nil` for tasks made in Lists.
    public var icalendar: String?
    /// The id of the to-do list it is on (``TaskList``). A task added without one goes on the household's first
    /// list (``TodoTask/settle(_:changedFrom:household:in:)``); `nil` only for a task stored before to-do lists,
    /// until the household's first opening puts it on "To-Do" (``TodoLists/fold()``).
    public var list: String?

    /// A task with an already validated title.
    public init(
        meta: RecordMeta, title: String, isDone: Bool = false, taskwarrior: [String: JSONValue]? = nil,
        due: Due? = nil, priority: TaskPriority? = nil, note: String? = nil, doneAt: Date? = nil,
        recurrence: Recurrence? = nil, repeatFrom: Due? = nil, completions: [TaskCompletion] = []
    ) {
        self.init(
            meta: meta, title: title, isDone: isDone, taskwarriorJSON: taskwarrior.map(JSONValue.text), due: due,
            priority: priority, note: note, doneAt: doneAt, recurrence: recurrence, repeatFrom: repeatFrom,
            completions: completions)
    }

    /// A task with an already validated title and Taskwarrior's attributes as ``JSONValue/text(_:)`` writes them
    /// (an importer builds that text once from the file's bytes, ``JSONParser/CanonicalMembers/objectText(_:)``,
    /// with no dictionary).
    public init(
        meta: RecordMeta, title: String, isDone: Bool = false, taskwarriorJSON: String?, due: Due? = nil,
        priority: TaskPriority? = nil, note: String? = nil, doneAt: Date? = nil, recurrence: Recurrence? = nil,
        repeatFrom: Due? = nil, completions: [TaskCompletion] = []
    ) {
        self.meta = meta
        self.title = title
        self.isDone = isDone
        self.taskwarriorJSON = taskwarriorJSON
        self.due = due
        self.priority = priority
        self.note = note
        self.doneAt = doneAt
        self.recurrence = recurrence
        self.repeatFrom = repeatFrom
        self.completions = completions
    }

    /// The attributes of a task imported from Taskwarrior that Lists has no field for (`project`, `tags`, `end`,
    /// `urgency`, ...), kept to be written back on export; `nil` for tasks made in Lists. Held as
    /// ``taskwarriorJSON`` and read from it when asked for.
    public var taskwarrior: [String: JSONValue]? {
        get { taskwarriorJSON.flatMap(JSONValue.object) }
        set { taskwarriorJSON = newValue.map(JSONValue.text) }
    }

    public var displayName: String { title }

    /// A task's fields: the one place that says how each is stored, written, read and checked.
    public enum Fields {
        /// `title`: 1 to 200 characters.
        public static let title = Field(
            TodoTask.self,
            key: "title", column: "title", type: .text(what: "a task's text", missing: "a task's title"),
            get: { $0.title }, set: { $0.title = $1 })
        /// `done`: a new task is not done.
        public static let isDone = Field(
            TodoTask.self, key: "done", column: "done", type: .bool, initial: .value(false), get: { $0.isDone },
            set: { $0.isDone = $1 })
        /// `taskwarrior`: what an import from Taskwarrior kept; the API shows it and never takes it.
        public static let taskwarrior = Field(
            TodoTask.self,
            key: "taskwarrior", column: "taskwarrior",
            type: .jsonObject(
                description: "The attributes of a task imported from Taskwarrior that Lists keeps for export."),
            initial: .value(nil), isInput: false, get: { $0.taskwarriorJSON }, set: { $0.taskwarriorJSON = $1 })
        /// `due`: a day or a day and a time, or none.
        public static let due = Field(
            TodoTask.self, key: "due", column: "due", type: .due, initial: .value(nil), get: { $0.due },
            set: { $0.due = $1 })
        /// `priority`: low, medium, high, or none.
        public static let priority = Field(
            TodoTask.self, key: "priority", column: "priority", type: .priority, initial: .value(nil),
            get: { $0.priority }, set: { $0.priority = $1 })
        /// `note`: several lines, or none.
        public static let note = Field(
            TodoTask.self, key: "note", column: "note", type: .note(what: "a task's note"), initial: .value(nil),
            get: { $0.note }, set: { $0.note = $1 })
        /// `doneAt`: when the task was marked done; Lists sets it with the mark.
        public static let doneAt = Field(
            TodoTask.self, key: "doneAt", column: "done_at",
            type: .optionalInstant(
                description: "When it was marked done; null while it is not. Lists sets it with the done mark.",
                from: Date(timeIntervalSince1970: 0), slack: 24 * 60 * 60,
                refusal: "a task is marked done from 1970 to a day after now"),
            initial: .value(nil), isInput: false, get: { $0.doneAt }, set: { $0.doneAt = $1 })
        /// `repeat`: how it repeats, or none.
        public static let recurrence = Field(
            TodoTask.self, key: "repeat", column: "repeat_rule", type: .recurrence, initial: .value(nil),
            get: { $0.recurrence }, set: { $0.recurrence = $1 })
        /// `remindAt`: when to be reminded, a day and a time (a day alone is 09:00), or none.
        public static let remindAt = Field(
            TodoTask.self, key: "remindAt", column: "remind_at", type: .due, initial: .value(nil),
            get: { $0.remindAt }, set: { $0.remindAt = $1 })
        /// `icalendar`: the iCalendar lines an import kept; the API shows them and never takes them.
        public static let icalendar = Field(
            TodoTask.self, key: "icalendar", column: "icalendar",
            type: .keptText(
                description:
                    "The iCalendar content lines of a task imported as a VTODO that Lists keeps for export, one a line.",
                maximum: 100_000),
            initial: .value(nil), isInput: false, get: { $0.icalendar }, set: { $0.icalendar = $1 })
        /// `repeatFrom`: the due date the repeat counts from; Lists sets it with the repeat.
        public static let repeatFrom = Field(
            TodoTask.self, key: "repeatFrom", column: "repeat_from", type: .due, initial: .value(nil), isInput: false,
            get: { $0.repeatFrom }, set: { $0.repeatFrom = $1 })
        /// `completions`: the check-offs of a repeating task; Lists writes them.
        public static let completions = Field(
            TodoTask.self, key: "completions", column: "completions", type: .completions, initial: .value([]),
            isInput: false, get: { $0.completions }, set: { $0.completions = $1 })
        /// `list`: the id of the to-do list it is on; without one, the household's first list. Changing it moves
        /// the task to another list.
        public static let list = Field(
            TodoTask.self, key: "list", column: "list",
            type: .optionalRecordID(
                what: "a to-do list",
                description: "The id of the to-do list the task is on; when not given, the household's first list."),
            initial: .value(nil), get: { $0.list }, set: { $0.list = $1 })
    }

    public static let schema = RecordSchema<TodoTask>(
        [
            Fields.title.erased, Fields.isDone.erased, Fields.taskwarrior.erased, Fields.due.erased,
            Fields.priority.erased, Fields.note.erased, Fields.doneAt.erased, Fields.recurrence.erased,
            Fields.repeatFrom.erased, Fields.completions.erased, Fields.icalendar.erased, Fields.remindAt.erased,
            Fields.list.erased,
        ], name: Fields.title, blank: { TodoTask(meta: $0, title: "", taskwarriorJSON: nil) },
        derive: { task, old, now, zone in try task.derive(from: old, now: now, in: zone) },
        mergeLinks: [(field: Fields.isDone.key, on: Fields.due.key)])

    /// What follows in this task, added or changed from `old` at `now`, for a household in the zone `zoneOf` gives
    /// (looked up only for a repeat):
    /// - marked done, it gets the moment (unless the change gave it, as an import's completion time does; a task
    ///   done before Lists kept the moment keeps none); marked not done, it has none;
    /// - a repeat set or changed counts from the task's due date (``repeatFrom``), and so does one whose due date is
    ///   moved by hand (its `COUNT` then counts from there); a repeating task with no due date (a new one, or one
    ///   whose due date was taken away) gets the repeat's first date from today. A repeat that never comes due from there is refused, as is an `UNTIL`
    ///   before it;
    /// - a repeating task changed to done is checked off: the check-off is kept in ``completions``, and the task moves
    ///   to the repeat's next due date, not done, keeping its id; after the last date of a `COUNT` or `UNTIL` it
    ///   stays done. An after-done repeat counts from the day it is done.
    ///
    /// The household's zone is the one it chose, else the server's (``HouseholdTimeZone/of(_:in:)``).
    /// - Throws: ``ValidationError`` on `repeat`.
    mutating func derive(from old: TodoTask?, now: Date, in zoneOf: () throws -> Zone) throws {
        let wasDone = old?.isDone ?? false
        // A due date or priority set in Lists is the task's: the one a Taskwarrior import kept among its attributes
        // (by a release before due dates) is not written back over it.
        if let old, due != old.due || priority != old.priority, var kept = taskwarrior {
            if due != old.due { kept["due"] = nil }
            if priority != old.priority { kept["priority"] = nil }
            taskwarrior = kept.isEmpty ? nil : kept
        }
        if !isDone {
            doneAt = nil
        } else if !wasDone, doneAt == nil || doneAt == old?.doneAt {
            doneAt = now
        }
        // A reminder is at a time: a day alone is its morning.
        if let remind = remindAt, remind.minute == nil { remindAt = Due(day: remind.day, minute: Self.morning) }
        // A check-off taken back (its due date and history changed together) takes the reminder back with it.
        if let old, let oldDue = old.due, let due, due != oldDue, completions != old.completions,
            remindAt == old.remindAt
        {
            remindAt = remindAt.map { Self.shifted($0, by: due, from: oldDue) }
        }
        // A due date moved by hand (not by a check-off or its undo, which change the history) restarts the repeat
        // from it, as does a repeat set or changed.
        let movedByHand = old.map { due != $0.due && completions == $0.completions } ?? true
        if recurrence != old?.recurrence || (recurrence != nil && (due == nil || movedByHand)) {
            if let recurrence {
                let zone = try zoneOf()
                let start = due ?? recurrence.firstDue(from: Due(day: Day(now, in: zone)), in: zone)
                guard let start else {
                    throw ValidationError(field: "repeat", message: "this repeat never comes due from today")
                }
                _ = try recurrence.checked(start: start, in: zone)
                due = start
                // A task read back from a backup keeps the start it had.
                if old != nil || repeatFrom == nil { repeatFrom = start }
            } else {
                repeatFrom = nil
            }
        }
        // Only a change checks off: a task added done (an import's) is as it was given.
        guard let recurrence, isDone, let old, !old.isDone, let due else { return }
        let zone = try zoneOf()
        completions.append(TaskCompletion(due: due, doneAt: doneAt ?? now))
        if completions.count > TaskCompletion.kept { completions.removeFirst(completions.count - TaskCompletion.kept) }
        if let next = recurrence.nextDue(completing: due, start: repeatFrom ?? due, at: doneAt ?? now, in: zone) {
            self.due = next
            isDone = false
            doneAt = nil
            remindAt = remindAt.map { Self.shifted($0, by: next, from: due) }
        }
    }

    /// The time of day a reminder given as a day alone is at: 09:00.
    public static let morning = 9 * 60

    /// `remind` moved as a due date moved from `from` to `to`: as many days and minutes from the new one as it was
    /// from the old one (a whole day's due date counted from its midnight).
    static func shifted(_ remind: Due, by to: Due, from: Due) -> Due {
        func minutes(_ due: Due) -> Int { due.day.daysSince1970 * 1440 + (due.minute ?? 0) }
        let moved = minutes(remind) + minutes(to) - minutes(from)
        let day = Int((Double(moved) / 1440).rounded(.down))
        return Due(day: Day(daysSince1970: day), minute: moved - day * 1440)
    }

    /// Checks a task's text: trimmed, 1 to 200 characters, no control characters. Empty text is refused,
    /// as the tutorial's Insert button added nothing for an empty field.
    /// - Throws: ``ValidationError`` for `title`.
    public static func validTitle(_ title: String) throws -> String {
        try Fields.title.checked(title)
    }
}
