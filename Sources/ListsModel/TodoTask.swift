import Foundation

/// A task of the to-do list: one of iTahDoodle's strings, now with a done mark and an identity.
public struct TodoTask: Record {
    public static let kind = RecordKind.task
    public static let fieldSpecs = [FieldSpec("title", .text), FieldSpec("done", .bool)]
    public static let nameField = "title"

    public var meta: RecordMeta
    /// What is to be done, 1 to 200 characters.
    public var title: String
    /// Whether it is done.
    public var isDone: Bool

    /// A task with an already validated title.
    public init(meta: RecordMeta, title: String, isDone: Bool = false) {
        self.meta = meta
        self.title = title
        self.isDone = isDone
    }

    public var fields: [FieldValue] { [.text(title), .bool(isDone)] }
    public var displayName: String { title }

    public init(meta: RecordMeta, fields: [FieldValue]) throws {
        self.init(meta: meta, title: try fields.text(0), isDone: try fields.bool(1))
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
        case id, title, done, createdAt, updatedAt, version
    }

    /// The API's shape: `{id, title, done, createdAt, updatedAt, version}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id.uuidString, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(isDone, forKey: .done)
        try container.encode(meta.createdAt, forKey: .createdAt)
        try container.encode(meta.updatedAt, forKey: .updatedAt)
        try container.encode(meta.version, forKey: .version)
    }
}
