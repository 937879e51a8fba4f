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
    /// When it was marked done (`nil` while it is not): set by the change that marks it.
    public var doneAt: Date?

    /// A task with an already validated title.
    public init(
        meta: RecordMeta, title: String, isDone: Bool = false, taskwarrior: [String: JSONValue]? = nil,
        due: Due? = nil, priority: TaskPriority? = nil, note: String? = nil, doneAt: Date? = nil
    ) {
        self.init(
            meta: meta, title: title, isDone: isDone, taskwarriorJSON: taskwarrior.map(JSONValue.text), due: due,
            priority: priority, note: note, doneAt: doneAt)
    }

    /// A task with an already validated title and Taskwarrior's attributes as ``JSONValue/text(_:)`` writes them
    /// (an importer builds that text once from the file's bytes, ``JSONParser/CanonicalMembers/objectText(_:)``,
    /// with no dictionary).
    public init(
        meta: RecordMeta, title: String, isDone: Bool = false, taskwarriorJSON: String?, due: Due? = nil,
        priority: TaskPriority? = nil, note: String? = nil, doneAt: Date? = nil
    ) {
        self.meta = meta
        self.title = title
        self.isDone = isDone
        self.taskwarriorJSON = taskwarriorJSON
        self.due = due
        self.priority = priority
        self.note = note
        self.doneAt = doneAt
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
    }

    public static let schema = RecordSchema<TodoTask>(
        [
            Fields.title.erased, Fields.isDone.erased, Fields.taskwarrior.erased, Fields.due.erased,
            Fields.priority.erased, Fields.note.erased, Fields.doneAt.erased,
        ], name: Fields.title, blank: { TodoTask(meta: $0, title: "", taskwarriorJSON: nil) },
        derive: { task, old, now in
            // Marked done now, unless the change gave the moment itself (an import's completion time); a task done
            // before Lists kept the moment keeps none.
            if !task.isDone {
                task.doneAt = nil
            } else if old.map({ !$0.isDone }) ?? true, task.doneAt == nil || task.doneAt == old?.doneAt {
                task.doneAt = now
            }
        })

    /// Checks a task's text: trimmed, 1 to 200 characters, no control characters. Empty text is refused,
    /// as the tutorial's Insert button added nothing for an empty field.
    /// - Throws: ``ValidationError`` for `title`.
    public static func validTitle(_ title: String) throws -> String {
        try Fields.title.checked(title)
    }
}
