import Foundation

/// What every stored record carries besides its own fields.
public struct RecordMeta: Sendable, Hashable {
    /// The record's identity, written upper-case and hyphenated as the tutorial's `[[NSUUID UUID] UUIDString]`.
    public var id: UUID
    /// When the record was first added.
    public var createdAt: Date
    /// When the record last changed.
    public var updatedAt: Date
    /// Starts at 1 and grows by one on every change, so that an edit made from a stale screen is refused.
    public var version: Int

    /// Meta for a record added at `now`: a fresh id, version 1.
    public init(id: UUID = .random(), createdAt: Date, updatedAt: Date? = nil, version: Int = 1) {
        self.id = id
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
        self.version = version
    }
}

/// The three kinds of record, one per tutorial app; a store keeps each in its own ordered collection.
public enum RecordKind: String, Sendable, CaseIterable {
    case item, task, sighting

    /// The key of a collection of this kind in the API's JSON (`{"items": [...]}`), also the plural noun.
    public var collectionKey: String {
        switch self {
        case .item: "items"
        case .task: "tasks"
        case .sighting: "sightings"
        }
    }

    /// The word people use for one record of this kind, in messages.
    public var noun: String {
        switch self {
        case .item: "item"
        case .task: "task"
        case .sighting: "sighting"
        }
    }
}

/// A value a record stores in one of its fields, in the types every store can hold exactly.
public enum FieldValue: Sendable, Hashable {
    case text(String)
    case null
    case integer(Int64)
    case bool(Bool)
    case date(Date)
}

/// The type of a record's field, so that a store can read it back as the model wrote it.
public enum FieldKind: Sendable, Hashable {
    /// Text, never null.
    case text
    /// Text or null.
    case optionalText
    /// A 64-bit integer.
    case integer
    /// True or false.
    case bool
    /// An instant, kept to the millisecond.
    case date
}

/// A field of a record type: its name (which stores use for their column) and its type.
public struct FieldSpec: Sendable, Hashable {
    /// The field's name, in snake case: `name`, `price_cents`, `on_shopping_list`.
    public var name: String
    /// The field's type.
    public var kind: FieldKind

    /// A field called `name` of type `kind`.
    public init(_ name: String, _ kind: FieldKind) {
        self.name = name
        self.kind = kind
    }
}

/// One stored record kind: a value type the model owns and a store keeps without knowing its meaning.
///
/// A store maps ``kind`` to its own table and ``fields`` to its own columns; no SQL and no column type
/// crosses this line, so SQLite and PostgreSQL implement the same ``StoreSession`` without change.
public protocol Record: Sendable, Hashable, Identifiable where ID == UUID {
    /// Which collection the record lives in.
    static var kind: RecordKind { get }
    /// The record's own fields, in the order ``fields`` gives them.
    static var fieldSpecs: [FieldSpec] { get }
    /// The field people refer to the record by (`name` or `title`).
    static var nameField: String { get }

    /// Identity, dates and version.
    var meta: RecordMeta { get set }
    /// The record's own fields, in ``fieldSpecs`` order.
    var fields: [FieldValue] { get }
    /// The text people refer to the record by.
    var displayName: String { get }

    /// Rebuilds a record from what a store read back.
    /// - Throws: ``StoreError/corrupt(_:)`` when a value has the wrong shape.
    init(meta: RecordMeta, fields: [FieldValue]) throws
}

extension Record {
    /// The record's identity.
    public var id: UUID { meta.id }
}

extension Date {
    /// The date rounded to the nearest whole millisecond, the precision every store keeps, so that a value read
    /// back equals the one written (rounding down would move a date already on a whole millisecond whose
    /// binary value lies just below it).
    public var roundedToMilliseconds: Date {
        Date(timeIntervalSince1970: (timeIntervalSince1970 * 1000).rounded() / 1000)
    }

    /// Whole milliseconds since 1970, rounded to nearest: the form in which stores keep instants.
    public var millisecondsSince1970: Int64 {
        Int64((timeIntervalSince1970 * 1000).rounded())
    }
}

extension Array where Element == FieldValue {
    /// The text at `index`, or a corrupt-record error.
    func text(_ index: Int) throws -> String {
        guard indices.contains(index), case .text(let value) = self[index] else { throw StoreError.corrupt("text") }
        return value
    }

    /// The text at `index`, `nil` for null.
    func optionalText(_ index: Int) throws -> String? {
        guard indices.contains(index) else { throw StoreError.corrupt("text") }
        if case .null = self[index] { return nil }
        return try text(index)
    }

    /// The integer at `index`.
    func integer(_ index: Int) throws -> Int64 {
        guard indices.contains(index), case .integer(let value) = self[index] else {
            throw StoreError.corrupt("integer")
        }
        return value
    }

    /// The Boolean at `index` (stores may hand back 0 and 1).
    func bool(_ index: Int) throws -> Bool {
        guard indices.contains(index) else { throw StoreError.corrupt("bool") }
        switch self[index] {
        case .bool(let value): return value
        case .integer(let value): return value != 0
        default: throw StoreError.corrupt("bool")
        }
    }

    /// The date at `index`.
    func date(_ index: Int) throws -> Date {
        guard indices.contains(index), case .date(let value) = self[index] else { throw StoreError.corrupt("date") }
        return value
    }
}
