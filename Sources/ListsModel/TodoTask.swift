import Foundation
import JSONCodec

/// A task of the to-do list: one of iTahDoodle's strings, now with a done mark and an identity.
public struct TodoTask: Record {
    public static let kind = RecordKind.task
    public static let fieldSpecs = [
        FieldSpec("title", .text), FieldSpec("done", .bool), FieldSpec("taskwarrior", .optionalText),
    ]
    public static let nameField = "title"

    public var meta: RecordMeta
    /// What is to be done, 1 to 200 characters.
    public var title: String
    /// Whether it is done.
    public var isDone: Bool

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

    /// ``taskwarrior`` as the text stores keep: a compact JSON object, keys sorted. A task holds this text rather
    /// than a dictionary because that is what is stored and written out (one string instead of a hash table a
    /// task), and reading or writing a task needs no conversion; two tasks with the same attributes have the
    /// same text.
    public private(set) var taskwarriorJSON: String?

    public var fields: [FieldValue] {
        [.text(title), .bool(isDone), taskwarriorJSON.map { .text($0) } ?? .null]
    }
    public var displayName: String { title }

    public init(meta: RecordMeta, fields: [FieldValue]) throws {
        let kept = try fields.optionalText(2)
        // Checked to be an object, as it is written out into JSON documents as it is.
        if let kept, JSONValue.object(kept) == nil { throw StoreError.corrupt("taskwarrior") }
        self.init(meta: meta, title: try fields.text(0), isDone: try fields.bool(1), taskwarriorJSON: kept)
    }

    /// Checks a task's text: trimmed, 1 to 200 characters, no control characters. Empty text is refused,
    /// as the tutorial's Insert button added nothing for an empty field.
    /// - Throws: ``ValidationError`` for `title`.
    public static func validTitle(_ title: String) throws -> String {
        try TextRule.check(title, field: "title", what: "a task's text") ?? ""
    }
}

extension TodoTask: Encodable {
    enum CodingKeys: String, CodingKey {
        case id, title, done, taskwarrior, createdAt, updatedAt, version
    }

    /// The API's shape: `{id, title, done, createdAt, updatedAt, version}`, and `taskwarrior` for a task
    /// imported from Taskwarrior.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id.uuidString, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(isDone, forKey: .done)
        try container.encodeIfPresent(taskwarrior, forKey: .taskwarrior)
        try container.encode(meta.createdAt, forKey: .createdAt)
        try container.encode(meta.updatedAt, forKey: .updatedAt)
        try container.encode(meta.version, forKey: .version)
    }
}
