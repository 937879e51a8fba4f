import Foundation

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
        self.meta = meta
        self.title = title
        self.isDone = isDone
        self.taskwarrior = taskwarrior
    }

    /// The attributes of a task imported from Taskwarrior that Lists has no field for (`project`, `tags`, `end`,
    /// `urgency`, ...), kept to be written back on export; `nil` for tasks made in Lists.
    public var taskwarrior: [String: JSONValue]?

    public var fields: [FieldValue] {
        [.text(title), .bool(isDone), taskwarrior.map { .text(JSONValue.text($0)) } ?? .null]
    }
    public var displayName: String { title }

    public init(meta: RecordMeta, fields: [FieldValue]) throws {
        let kept = try fields.optionalText(2)
        let taskwarrior = try kept.map { text in
            guard let object = JSONValue.object(text) else { throw StoreError.corrupt("taskwarrior") }
            return object
        }
        self.init(meta: meta, title: try fields.text(0), isDone: try fields.bool(1), taskwarrior: taskwarrior)
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
