import Foundation
import JSONCodec

/// A task of the to-do list: one of iTahDoodle's strings, now with a done mark and an identity.
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

    /// A task with an already validated title.
    public init(meta: RecordMeta, title: String, isDone: Bool = false, taskwarrior: [String: JSONValue]? = nil) {
        self.init(meta: meta, title: title, isDone: isDone, taskwarriorJSON: taskwarrior.map(JSONValue.text))
    }

    /// A task with an already validated title and Taskwarrior's attributes as ``JSONValue/text(_:)`` writes them
    /// (an importer builds that text once from the file's bytes, ``JSONParser/CanonicalMembers/objectText(_:)``,
    /// with no dictionary).
    public init(meta: RecordMeta, title: String, isDone: Bool = false, taskwarriorJSON: String?) {
        self.meta = meta
        self.title = title
        self.isDone = isDone
        self.taskwarriorJSON = taskwarriorJSON
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
    }

    public static let schema = RecordSchema<TodoTask>(
        [Fields.title.erased, Fields.isDone.erased, Fields.taskwarrior.erased], name: Fields.title,
        blank: { TodoTask(meta: $0, title: "", taskwarriorJSON: nil) })

    /// Checks a task's text: trimmed, 1 to 200 characters, no control characters. Empty text is refused,
    /// as the tutorial's Insert button added nothing for an empty field.
    /// - Throws: ``ValidationError`` for `title`.
    public static func validTitle(_ title: String) throws -> String {
        try Fields.title.checked(title)
    }
}
