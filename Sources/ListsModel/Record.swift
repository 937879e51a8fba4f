import Foundation
import JSONCodec

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

/// A kind of record, one per tutorial app; a store keeps each in its own ordered collection, in a table of its own.
///
/// A kind is declared once, here, with everything its faces and stores name it by: its word, its collection's key
/// in JSON, the table that holds it and its record type. Code that handles every kind goes through ``all`` and
/// ``recordType`` rather than a switch: a new kind is one more declaration here and its place in ``all``.
public struct RecordKind: Sendable, Hashable, CustomStringConvertible {
    /// The kind's name, as the changes API and messages say it (`item`): also the word for one record.
    public let rawValue: String
    /// The key of a collection of this kind in the API's JSON (`{"items": [...]}`), also the plural noun.
    public let collectionKey: String
    /// The table that holds records of this kind in a relational store.
    public let table: String
    /// The record type of the kind, for code that handles any kind: passed to a generic function, it opens as
    /// that type (`func load<R: Record>(_ type: R.Type)` called with `kind.recordType`), with no dynamic cast
    /// (docs/performance.md, "No conformance scans").
    public let recordType: any Record.Type

    private init(_ name: String, collection: String, table: String, type: any Record.Type, noun: String? = nil) {
        rawValue = name
        self.noun = noun ?? name
        collectionKey = collection
        self.table = table
        recordType = type
    }

    /// An item of the shopping catalog.
    public static let item = RecordKind("item", collection: "items", table: "items", type: ShoppingItem.self)
    /// A to-do task.
    public static let task = RecordKind("task", collection: "tasks", table: "tasks", type: TodoTask.self)
    /// A bird sighting.
    public static let sighting = RecordKind(
        "sighting", collection: "sightings", table: "sightings", type: BirdSighting.self)

    /// A named to-do list of the household ("Home", "Work"): its tasks name it (``TodoTask/list``).
    public static let todoList = RecordKind(
        "todoList", collection: "todoLists", table: "todo_lists", type: TaskList.self, noun: "to-do list")

    /// A named shopping list of the household.
    public static let list = RecordKind("list", collection: "lists", table: "named_lists", type: NamedList.self)
    /// An item put on a named shopping list.
    public static let entry = RecordKind("entry", collection: "entries", table: "list_entries", type: ListEntry.self)

    /// A category of the household's items (an aisle of a store).
    public static let category = RecordKind(
        "category", collection: "categories", table: "categories", type: ItemCategory.self)

    /// A check-off in the household's log of what was bought.
    public static let purchase = RecordKind(
        "purchase", collection: "purchases", table: "purchases", type: Purchase.self)

    /// Every kind, in the order lists, exports and imports take them (a list before its entries, a to-do list before
    /// its tasks).
    public static let all: [RecordKind] = [
        .category, .item, .todoList, .task, .sighting, .list, .entry, .purchase,
    ]

    /// The kind called `name`, if there is one.
    public init?(rawValue name: String) {
        guard let kind = Self.all.first(where: { $0.rawValue == name }) else { return nil }
        self = kind
    }

    /// The kind whose collections are called `key` in JSON (`items`), if there is one.
    public init?(collectionKey key: String) {
        guard let kind = Self.all.first(where: { $0.collectionKey == key }) else { return nil }
        self = kind
    }

    /// The word people use for one record of this kind, in messages: its name, or words ("to-do list").
    public let noun: String

    /// Every kind's word, as a message lists what is allowed: "item, task or sighting".
    public static var words: String {
        let words = all.map(\.rawValue)
        guard words.count > 1 else { return words.joined() }
        return Array(words.dropLast()).joinedInline(separator: ", ") + " or " + words[words.count - 1]
    }

    public var description: String { rawValue }

    public static func == (lhs: RecordKind, rhs: RecordKind) -> Bool { lhs.rawValue == rhs.rawValue }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
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
/// Its ``schema`` declares its fields once; a store maps ``kind`` to its own table and the fields to its own
/// columns (no SQL and no column type crosses this line, so SQLite and PostgreSQL implement the same
/// ``StoreSession``), and the API's JSON, its input checks and its document come from the same declaration.
public protocol Record: Sendable, Hashable, Identifiable, JSONWritable where ID == UUID {
    /// Which collection the record lives in.
    static var kind: RecordKind { get }
    /// The record's fields, declared once.
    static var schema: RecordSchema<Self> { get }

    /// Identity, dates and version.
    var meta: RecordMeta { get set }
    /// The text people refer to the record by.
    var displayName: String { get }

    /// The record's own fields as a store keeps them, in ``fieldSpecs`` order. The default derives them from
    /// ``schema``; a record may write them by hand for speed (they are checked against it).
    var fields: [FieldValue] { get }

    /// Appends ``fields`` to `values`: what a bulk load binds, row after row into one array, with no array of
    /// its own made for each record.
    func appendFields(to values: inout [FieldValue])

    /// Rebuilds a record from what a store read back. The default reads it through ``schema``; a record may write
    /// it by hand for speed (checked against it).
    /// - Throws: ``StoreError/corrupt(_:)`` when a value has the wrong shape.
    init(meta: RecordMeta, fields: [FieldValue]) throws

    /// Whether records of this kind hold ids of other records of the household that ``settle(_:changedFrom:household:in:)``
    /// checks (an item's category); `false` (the default) spares every add and change of other kinds a read.
    static var refersToOthers: Bool { get }

    /// Checks the ids `record` holds of other records of its household, read in `session` of the household's main
    /// list, and fills what a new one (`old` is `nil`) takes from the household: called by ``RecordList`` on every
    /// add and change, after the schema's checks. The default does nothing.
    /// - Throws: ``ValidationError`` naming the field whose id names no record of the household.
    static func settle(
        _ record: inout Self, changedFrom old: Self?, household: HouseholdID, in session: any StoreSession)
        throws

    /// Whether records of this kind take something from the other records of their own list when added or changed
    /// (a sighting's species, from an earlier sighting of its name): ``settleInList(_:changedFrom:in:)`` is then
    /// called on every add and change. `false` (the default) spares other kinds the read.
    static var settlesInList: Bool { get }

    /// Fills what `record` takes from the records of its own list, read in `session` of that list: called by
    /// ``RecordList`` after the schema's checks, with `old` `nil` for a new record. The default does nothing.
    static func settleInList(_ record: inout Self, changedFrom old: Self?, in session: any StoreSession) throws

    /// Whether `record`, new and settled, lacks something of its household that a write must make first (a task
    /// added in a household with no to-do list): ``RecordList`` then settles it again in a write, with
    /// ``settleMaking(_:household:now:in:)``. The default: never.
    static func lacksHome(_ record: Self) -> Bool

    /// Settles the new `record` in `session`, a write of the household's main list, making what it lacks. The
    /// default settles it as ``settle(_:changedFrom:household:in:)`` does.
    static func settleMaking(_ record: inout Self, household: HouseholdID, now: Date, in session: any StoreSession)
        throws
}

extension Record {
    public static var refersToOthers: Bool { false }

    public static func settle(
        _ record: inout Self, changedFrom old: Self?, household: HouseholdID, in session: any StoreSession
    ) throws {}

    public static func lacksHome(_ record: Self) -> Bool { false }

    public static var settlesInList: Bool { false }

    public static func settleInList(_ record: inout Self, changedFrom old: Self?, in session: any StoreSession) throws {
    }

    public static func settleMaking(
        _ record: inout Self, household: HouseholdID, now: Date, in session: any StoreSession
    ) throws {
        try settle(&record, changedFrom: nil, household: household, in: session)
    }

    /// The record's identity.
    public var id: UUID { meta.id }

    /// The record's fields as stores name and type their columns, in order.
    public static var fieldSpecs: [FieldSpec] { schema.fieldSpecs }

    /// The column people refer to the record by (`name` or `title`).
    public static var nameField: String { schema.nameColumn }

    public var fields: [FieldValue] { Self.schema.values(of: self) }

    public func appendFields(to values: inout [FieldValue]) { values += fields }

    public init(meta: RecordMeta, fields: [FieldValue]) throws {
        self = try Self.schema.record(meta: meta, values: fields)
    }

    /// The record as the API's JSON: `{id, createdAt, updatedAt, version}` and its fields, keys sorted, through
    /// ``schema``; a record may write it by hand for speed (checked against it).
    public func writeJSON(to output: inout [UInt8]) {
        Self.schema.writeJSON(self, to: &output)
    }
}

/// A filter on a record's fields, made from typed fields and combined with `&&`:
/// `ShoppingItem.Fields.isOnShoppingList == true && ShoppingItem.Fields.price > .zero`. A store checks every column
/// against the kind's schema and binds every value, so no caller text reaches its SQL.
public struct FieldFilter: Sendable, Hashable {
    /// How a field's value is compared with a condition's.
    public enum Comparison: String, Sendable, Hashable {
        /// Equal (for `null`: the field has no value).
        case equal = "="
        /// Not equal (for `null`: the field has a value). A field without a value is not "not equal" to one.
        case notEqual = "<>"
        /// Below the value; like the other orderings, for integer fields and instants only.
        case less = "<"
        /// Below or equal.
        case lessOrEqual = "<="
        /// Above.
        case greater = ">"
        /// Above or equal.
        case greaterOrEqual = ">="
    }

    /// One test of one field.
    public struct Condition: Sendable, Hashable {
        /// The store column of one of the record type's fields.
        public let column: String
        /// How the field's value is compared with ``value``.
        public let comparison: Comparison
        /// The value, as stores keep it.
        public let value: FieldValue
    }

    /// The tests, every one of which a record passes.
    public let conditions: [Condition]

    init(column: String, _ comparison: Comparison, _ value: FieldValue) {
        conditions = [Condition(column: column, comparison: comparison, value: value)]
    }

    private init(conditions: [Condition]) {
        self.conditions = conditions
    }

    /// The records both filters let through.
    public static func && (lhs: FieldFilter, rhs: FieldFilter) -> FieldFilter {
        FieldFilter(conditions: lhs.conditions + rhs.conditions)
    }
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
