import Foundation

/// Where the model keeps its records: an embedded SQLite file or a PostgreSQL server.
///
/// The API is synchronous and throwing because both engines block. Work happens inside ``read(_:)`` and
/// ``write(_:)``: a write is one transaction, committed durably before `write` returns and rolled back
/// whole when the body throws, so a refused input never leaves half a record behind.
public protocol Store: Sendable {
    /// The records this store reads and changes (the first household's main list unless scoped).
    var scope: StoreScope { get }

    /// The same database, reading and changing the records of `scope` only: every list, count, number, name, sum,
    /// revision and undo of its sessions is that scope's. Cheap: the connections are shared.
    func scoped(to scope: StoreScope) -> any Store

    /// Runs `body` against a consistent snapshot.
    /// - Throws: ``StoreError`` or whatever `body` throws.
    func read<T>(_ body: (any StoreSession) throws -> T) throws -> T

    /// Runs `body` in one transaction and commits it durably; rolls back when `body` throws.
    /// - Throws: ``StoreError`` or whatever `body` throws.
    @discardableResult func write<T>(_ body: (any StoreSession) throws -> T) throws -> T

    /// The store's faster way to add one record, when it has one (``AppendingStore``); `nil` by default.
    var appending: (any AppendingStore)? { get }

    /// The store's way to prepare for a write of many records, when it has one (``BulkLoadingStore``); `nil` by
    /// default.
    var bulkLoading: (any BulkLoadingStore)? { get }

    /// Readies the store to be left open as its process ends, and answers whether it may be: `true` when the end
    /// of the process then closes it as well as closing it would, `false` (the default) when it is to be closed as
    /// usual. A command of the CLI asks as it ends (``SQLiteStore``: closing a connection frees every table,
    /// index and statement SQLite parsed, a fifteenth of a `todo add`, which the end of the process frees at once).
    func readyToEndWithProcess() -> Bool
}

/// A store that adds one record faster than a ``Store/write(_:)`` of it: PostgreSQL, where every round trip counts,
/// runs one statement, and commits adds arriving together as one (group commit).
///
/// Its capabilities are found through ``Store/appending`` rather than a dynamic cast (docs/performance.md, "No
/// conformance scans").
public protocol AppendingStore: Sendable {
    /// Appends `record` in a transaction of its own, as ``Store/append(_:numbered:)`` does.
    /// - Throws: ``StoreError/conflict(_:)`` when a record with its id exists.
    func append<R: Record>(_ record: R, numbered: Bool) throws -> Int?
}

/// A store that prepares for a write of many records at once (an import). SQLite grows its page cache for the
/// transaction, so that the table and indexes being filled stay in memory instead of being written out and read
/// back, and a bulk load with the file to itself goes through a rollback journal rather than the write-ahead log,
/// so that its pages are written once.
public protocol BulkLoadingStore: Sendable {
    /// Runs `body` as ``Store/write(_:)`` does, for a write of about `records` records.
    @discardableResult func write<T>(records: Int, _ body: (any StoreSession) throws -> T) throws -> T
}

extension Store {
    /// The household whose records this store reads and changes (``HouseholdID/first`` unless scoped).
    public var household: HouseholdID { scope.household }

    /// The same database, reading and changing the records of `household`'s main list only: with one list of each
    /// kind, all of its records (``scoped(to:)``).
    public func scoped(to household: HouseholdID) -> any Store {
        scoped(to: StoreScope(household: household))
    }

    public var appending: (any AppendingStore)? { nil }
    public var bulkLoading: (any BulkLoadingStore)? { nil }
    public func readyToEndWithProcess() -> Bool { false }

    /// Appends `record` in a transaction of its own: what adding one record does. Returns its short number when
    /// `numbered`, else `nil` (the API answers a new record without it, and on PostgreSQL counting is a read the
    /// insert can then skip). The store's own way when it has one (``appending``), else
    /// ``appendByWriting(_:numbered:)``.
    /// - Throws: ``StoreError/conflict(_:)`` when a record with its id exists.
    public func append<R: Record>(_ record: R, numbered: Bool) throws -> Int? {
        if let appending { return try appending.append(record, numbered: numbered) }
        return try appendByWriting(record, numbered: numbered)
    }

    /// What appending a record is, plainly: a write that inserts it and counts its list. The reference that an
    /// ``AppendingStore``'s own way is tested against.
    ///
    /// In a whole household the record goes to the end of the main list, which comes first in the household's
    /// order: its number is the main list's count.
    /// - Throws: ``StoreError/conflict(_:)`` when a record with its id exists.
    public func appendByWriting<R: Record>(_ record: R, numbered: Bool) throws -> Int? {
        let list = scope.list == nil ? scoped(to: StoreScope(household: household, list: scope.insertList)) : self
        return try list.write { session in
            try session.insert(record)
            return numbered ? try session.count(R.self, where: nil) : nil
        }
    }

    /// Runs `body` as ``write(_:)`` does, for a write of about `records` records at once (an import), prepared for
    /// its size when the store can be (``bulkLoading``).
    @discardableResult public func write<T>(records: Int, _ body: (any StoreSession) throws -> T) throws -> T {
        if let bulkLoading { return try bulkLoading.write(records: records, body) }
        return try write(body)
    }
}

/// How long a deleted record can be put back (see ``StoreSession/restore(_:id:at:)``): long enough to notice a
/// wrong tap and come back to it, short enough that an undo never brings back something long forgotten. The
/// stores keep deleted records for this long, and forget older ones whenever a record is deleted.
public enum Undo {
    /// Ten minutes, in seconds.
    public static let window: TimeInterval = 10 * 60
}

/// Names the records one removal took out together (``StoreSession/delete(_:id:at:removal:)``), so that one undo
/// puts them all back as one (``StoreSession/restore(_:at:)``): the records one command removed, a list with its
/// entries. Chosen by whoever removes, as an add's id is, so that it needs no round trip.
public struct RemovalID: Hashable, Sendable, CustomStringConvertible {
    /// A random UUID.
    public let rawValue: UUID

    /// The removal named `rawValue`, or a new one.
    public init(_ rawValue: UUID = .random()) { self.rawValue = rawValue }

    /// Its UUID, upper-case and hyphenated, as stores keep it.
    public var description: String { rawValue.text }
}

/// A record named by its kind and id, as a removal of several kinds answers what it put back.
public struct RecordKey: Hashable, Sendable, CustomStringConvertible {
    /// The record's kind.
    public var kind: RecordKind
    /// The record's id.
    public var id: UUID

    /// The record of `kind` with `id`.
    public init(_ kind: RecordKind, _ id: UUID) {
        self.kind = kind
        self.id = id
    }

    public var description: String { "\(kind):\(id.text)" }
}

/// A record with its short number: its 1-based place in its whole list, as `lists ... list` shows it.
///
/// `R` is left unconstrained on purpose (docs/performance.md, "No conformance scans").
public struct Numbered<R> {
    /// The 1-based place in the list.
    public var number: Int
    /// The record.
    public var record: R

    /// Pairs `record` with its `number`.
    public init(number: Int, record: R) {
        self.number = number
        self.record = record
    }
}

extension Numbered: Sendable where R: Sendable {}
extension Numbered: Equatable where R: Equatable {}
extension Numbered: Hashable where R: Hashable {}

/// The operations a store offers inside a read or a write. Used only inside ``Store/read(_:)`` and
/// ``Store/write(_:)``, never kept or shared between threads.
///
/// Every operation is the store's ``Store/scope``'s: it reads, numbers, counts and changes that household's records
/// of that list (or of all its lists), and finds no other. Records of each kind keep insertion order:
/// ``insert(_:)`` appends at the end of the scope's list (of the main list, in a whole household).
public protocol StoreSession: ColumnReadingSession {
    /// The records of `type` in list order, numbered, optionally only those matching `filter`.
    /// `offset` and `limit` page through the matches.
    func list<R: Record>(_ type: R.Type, where filter: FieldFilter?, offset: Int, limit: Int?) throws
        -> [Numbered<R>]

    /// How many records of `type` there are, optionally only those matching `filter`.
    func count<R: Record>(_ type: R.Type, where filter: FieldFilter?) throws -> Int

    /// The record with `id`, or `nil`.
    func record<R: Record>(_ type: R.Type, id: UUID) throws -> R?

    /// The record whose short number is `number` (1-based), or `nil`.
    func record<R: Record>(_ type: R.Type, number: Int) throws -> Numbered<R>?

    /// Up to `limit` records whose upper-case id starts with `prefix`.
    func records<R: Record>(_ type: R.Type, idPrefix prefix: String, limit: Int) throws -> [Numbered<R>]

    /// Up to `limit` records whose name field equals `name`, ignoring case when `ignoringCase`.
    func records<R: Record>(_ type: R.Type, named name: String, ignoringCase: Bool, limit: Int) throws
        -> [Numbered<R>]

    /// The sum of an integer field over the records matching `filter` (exactly, in integers).
    func sum<R: Record>(_ type: R.Type, field: String, where filter: FieldFilter?) throws -> Int64

    /// Appends `record` at the end of its list.
    /// - Throws: ``StoreError/conflict(_:)`` when a record with its id exists.
    func insert<R: Record>(_ record: R) throws

    /// Replaces the stored record with `record`, provided the stored one still has `expectedVersion`.
    /// - Throws: ``StoreError/notFound(_:)``, or ``StoreError/conflict(_:)`` when it changed meanwhile.
    func update<R: Record>(_ record: R, expectedVersion: Int) throws

    /// Deletes the record with `id`, keeping it among the recently removed (its stored values and its position,
    /// removed at `time` by `removal`) so that ``restore(_:id:at:)`` can put it back, alone, or
    /// ``restore(_:at:)`` with the other records of `removal`, and forgets the records of every kind kept from before
    /// ``Undo/window`` ago. A record deleted again replaces what was kept of it.
    ///
    /// While a record is kept, its position stays free: no record added meanwhile takes it.
    /// - Throws: ``StoreError/notFound(_:)``.
    func delete<R: Record>(_ type: R.Type, id: UUID, at time: Date, removal: RemovalID) throws

    /// Puts back the record with `id` that was deleted less than ``Undo/window`` before `time`, exactly as it was
    /// (id, fields, meta, version) and at its position, between the records that were its neighbours; it is then
    /// no longer kept. Counts and the revision change as for an insert.
    /// - Throws: ``StoreError/nothingToRestore(_:)`` when no such record is kept (never deleted, deleted longer
    ///   ago, or put back already); ``StoreError/conflict(_:)`` when a record with its id is stored again (an
    ///   import, an add that chose that id), which is left as it is.
    func restore<R: Record>(_ type: R.Type, id: UUID, at time: Date) throws

    /// The record with `id` that was deleted less than ``Undo/window`` before `time` and can be put back, or
    /// `nil`.
    func recentlyRemoved<R: Record>(_ type: R.Type, id: UUID, at time: Date) throws -> R?

    /// Puts back every record of `type` that `removal` deleted less than ``Undo/window`` before `time` and that is
    /// still kept, as ``restore(_:id:at:)`` puts back each: all of them, or none when one cannot be (its id is
    /// stored again). Answers their ids, in list order. One kind's part of ``restore(_:at:)``.
    /// - Throws: ``StoreError/conflict(_:)`` when a record with the id of one of them is stored again.
    func restore<R: Record>(_ type: R.Type, removal: RemovalID, at time: Date) throws -> [UUID]

    /// The records `removal` deleted less than ``Undo/window`` before `time` that ``restore(_:at:)`` would put
    /// back, in its order.
    func recentlyRemoved(_ removal: RemovalID, at time: Date) throws -> [RecordKey]

    /// A number that grows with every insert, update and delete of any record of the scope, by any process: a page
    /// polls it to learn cheaply that something changed. Only its changes mean something, not its value. A whole
    /// household's is the sum of its lists'.
    func revision() throws -> Int64

    /// Each kind's share of ``revision()``: a number per kind that grows with every change of that kind's records
    /// in the scope (a kind never changed may be missing, for 0); they add up to the revision. An event tells pages
    /// which lists changed from them.
    func revisions() throws -> [RecordKind: Int64]

    /// A value the store keeps about itself, such as whether it was seeded.
    func setting(_ key: String) throws -> String?

    /// Sets a value the store keeps about itself.
    func setSetting(_ key: String, to value: String) throws

    /// Forgets a value the store keeps about itself (nothing when it keeps none).
    func removeSetting(_ key: String) throws

    /// The session's faster ways to load many records, when it has them (``BulkLoadingSession``); `nil` by default.
    var bulkLoading: (any BulkLoadingSession)? { get }

    /// The same transaction, reading and changing `list` of the session's household instead (`nil`: all its lists
    /// together): what a read or a write that spans lists works through (a named list with its entries, a backup's
    /// entries put back in their lists).
    func session(in list: ListID?) -> any StoreSession

    /// The accounts (users, households, memberships, sign-in sessions, API tokens, invitations), which belong to
    /// the store as a whole, not to the session's household: a session of a scoped store sees them all. Inside a
    /// write they change in its transaction, and roll back with it.
    var accounts: any AccountSession { get }
}

/// A session that loads many records faster than inserting them one by one (SQLite: one prepared statement for all,
/// indexes built once after the load).
public protocol BulkLoadingSession {
    /// Appends `records` at the end of their list, in order, as ``StoreSession/insert(contentsOf:)`` does.
    /// - Throws: ``StoreError/conflict(_:)`` when a record with one of their ids exists.
    func insert<R: Record>(contentsOf records: [R]) throws

    /// Stops keeping the indexes of `type`'s list entry by entry, for a load of many records into it in this write,
    /// and returns what builds them again, as ``StoreSession/deferIndexes(of:rowsAtMost:)`` describes.
    func deferIndexes<R: Record>(of type: R.Type, rowsAtMost: Int) throws -> (() throws -> Void)?
}

/// What a session reads of a long list without decoding its records whole, each store in statements of its own:
/// a few fields of every record, records by their ids, the groups of a log's names. What a birder's life list reads
/// of 100,000 sightings.
public protocol ColumnReadingSession {
    /// As ``StoreSession/values(_:columns:within:)``, whose checks are done.
    func values<R: Record>(
        _ type: R.Type, columns: [(name: String, kind: FieldKind)], within: (column: String, range: Range<Date>)?
    ) throws -> [FieldValue]

    /// As ``StoreSession/values(_:columns:where:)``, whose checks are done.
    func values<R: Record>(
        _ type: R.Type, columns: [(name: String, kind: FieldKind)], where filter: FieldFilter
    ) throws -> NumberedValues

    /// The records of `type` with `ids` in the session's scope, by id; an id no record has is left out.
    func records<R: Record>(_ type: R.Type, ids: [UUID]) throws -> [UUID: R]

    /// The first records of `groups` (of ``StoreSession/firstInGroups(_:groupedBy:earliest:)``), by id: SQLite
    /// reads them by their places, which are positions, not through the index of ids.
    func records<R: Record>(_ type: R.Type, firstOf groups: [FirstInGroup]) throws -> [UUID: R]

    /// As ``StoreSession/firstInGroups(_:groupedBy:earliest:)``, whose checks are done.
    func firstInGroups<R: Record>(
        _ type: R.Type, groupedBy columns: [(name: String, kind: FieldKind)], earliest: String
    ) throws -> [FirstInGroup]

    /// As ``StoreSession/hasEarlier(_:matching:earliest:from:than:)``, whose checks are done.
    func hasEarlier<R: Record>(
        _ type: R.Type, matching: [(name: String, value: FieldValue)], earliest: String, from: Date, than id: UUID
    ) throws -> Bool
}

/// A few fields of the records a filter passes (``StoreSession/values(_:columns:where:)``): each one's number (its
/// 1-based place in its whole list) and its values, `columns` of them a record, in list order.
public struct NumberedValues: Sendable {
    /// The records' numbers, in list order.
    public var numbers: [Int] = []
    /// Their values, one record's after the other, in the columns' order.
    public var values: [FieldValue] = []

    public init(numbers: [Int] = [], values: [FieldValue] = []) {
        self.numbers = numbers
        self.values = values
    }
}

/// The records of a group (those with the same values of some columns) and the first of them by a date: what a
/// life list reads of each name and scientific name its sightings have.
public struct FirstInGroup: Sendable, Hashable {
    /// The values the group's records share, in the columns' order.
    public let values: [FieldValue]
    /// How many records the group has.
    public let count: Int
    /// The earliest date among them.
    public let date: Date
    /// The id of the record with that date; of several, the one first in list order.
    public let id: UUID
    /// That record's place in list order: only for comparing with another group's.
    public let place: Int64

    public init(values: [FieldValue], count: Int, date: Date, id: UUID, place: Int64) {
        self.values = values
        self.count = count
        self.date = date
        self.id = id
        self.place = place
    }
}

extension StoreSession {
    public var bulkLoading: (any BulkLoadingSession)? { nil }

    /// The values of the store columns `columns` (fields' columns, or `id` as text) of every record of `type`, in
    /// list order, one record after the other (`columns.count` values each): a read of a few fields of a long list.
    /// With `within`, only the records whose date column `within.column` lies in `within.range`.
    /// - Throws: ``StoreError/failure(_:)`` for a column `type` does not have.
    public func values<R: Record>(
        _ type: R.Type, columns: [String], within: (column: String, range: Range<Date>)? = nil
    ) throws -> [FieldValue] {
        let chosen = try columns.map { try Self.column($0, of: type) }
        if let within { try Self.checkDateColumn(within.column, of: type) }
        return try values(type, columns: chosen, within: within)
    }

    /// The store columns `columns` (fields' columns, or `id`) of the records of `type` that `filter` passes, in list
    /// order, with their numbers: what a screen that shows a few fields of some records of a long list reads
    /// (Today's tasks) without decoding each whole.
    /// - Throws: ``StoreError/failure(_:)`` for a column `type` does not have.
    public func values<R: Record>(_ type: R.Type, columns: [String], where filter: FieldFilter) throws
        -> NumberedValues
    {
        try values(type, columns: try columns.map { try Self.column($0, of: type) }, where: filter)
    }

    /// The groups of the records of `type` with equal values of the store columns `columns` (fields' columns), in
    /// no order, each with its first record by the date column `earliest` (of several at one moment, the one first
    /// in list order): a life list's first sighting of each name, in one statement over an index.
    /// - Throws: ``StoreError/failure(_:)`` for a column `type` does not have, or an `earliest` that is no date.
    public func firstInGroups<R: Record>(_ type: R.Type, groupedBy columns: [String], earliest: String) throws
        -> [FirstInGroup]
    {
        let chosen = try columns.map { try Self.column($0, of: type) }
        try Self.checkDateColumn(earliest, of: type)
        return try firstInGroups(type, groupedBy: chosen, earliest: earliest)
    }

    /// Whether a record of `type` whose store columns equal `matching` has a date in the column `earliest` from
    /// `from` that comes before the record `id`'s (or at the same moment, before it in list order): whether a
    /// sighting is the first of its name in its year.
    /// - Throws: ``StoreError/notFound(_:)`` when no record has `id`; ``StoreError/failure(_:)`` for a column
    ///   `type` does not have.
    public func hasEarlier<R: Record>(
        _ type: R.Type, matching: [(column: String, value: FieldValue)], earliest: String, from: Date, than id: UUID
    ) throws -> Bool {
        let chosen = try matching.map { (name: try Self.column($0.column, of: type).name, value: $0.value) }
        try Self.checkDateColumn(earliest, of: type)
        return try hasEarlier(type, matching: chosen, earliest: earliest, from: from, than: id)
    }

    /// The store column `name` of `type` (a field's column, or `id`) and its kind.
    private static func column<R: Record>(_ name: String, of type: R.Type) throws -> (name: String, kind: FieldKind) {
        if name == "id" { return ("id", .text) }
        guard let spec = R.fieldSpecs.first(where: { $0.name == name }) else {
            throw StoreError.failure("unknown column \(name) for \(R.kind.noun)")
        }
        return (name, spec.kind)
    }

    /// Refuses a `name` that is not one of `type`'s date columns.
    private static func checkDateColumn<R: Record>(_ name: String, of type: R.Type) throws {
        guard try column(name, of: type).kind == .date else {
            throw StoreError.failure("\(name) is no date column of \(R.kind.noun)")
        }
    }

    /// Puts back every record `removal` deleted less than ``Undo/window`` before `time` that is still kept, of every
    /// kind, as ``restore(_:id:at:)`` puts back each: all of them, or none when one cannot be (its id is stored
    /// again). Answers what it put back, kind by kind in ``RecordKind/all``'s order and each kind in list order:
    /// nothing when nothing of `removal` is kept.
    /// - Throws: ``StoreError/conflict(_:)`` when a record with the id of one of them is stored again; the caller's
    ///   write is then to be rolled back (some may be put back already).
    public func restore(_ removal: RemovalID, at time: Date) throws -> [RecordKey] {
        try RecordKind.all.flatMap { kind in
            try restore(kind.recordType, removal: removal, at: time).map { RecordKey(kind, $0) }
        }
    }

    /// Deletes the record with `id` as a removal of its own: ``delete(_:id:at:removal:)``.
    /// - Throws: ``StoreError/notFound(_:)``.
    public func delete<R: Record>(_ type: R.Type, id: UUID, at time: Date) throws {
        try delete(type, id: id, at: time, removal: RemovalID())
    }

    /// Appends `records` at the end of their list, in order: what ``insert(_:)`` on each does, in one go, the
    /// session's own faster way when it has one (``bulkLoading``; an import of 100k records does). On a failure
    /// some may be inserted, so the enclosing write is rolled back.
    /// - Throws: ``StoreError/conflict(_:)`` when a record with one of their ids exists.
    public func insert<R: Record>(contentsOf records: [R]) throws {
        if let bulkLoading { return try bulkLoading.insert(contentsOf: records) }
        try insertOneByOne(records)
    }

    /// Inserts the records one by one: the reference a ``BulkLoadingSession``'s own way is tested against.
    public func insertOneByOne<R: Record>(_ records: [R]) throws {
        for record in records { try insert(record) }
    }

    /// Called before many records of `type` are inserted into its list in this write (an import): a session may
    /// then stop keeping the list's indexes entry by entry, and returns what builds them again, which the caller
    /// runs after the last insert and before the write ends (SQLite sorts 100k ids once instead of placing each).
    /// Lookups by id and changes of stored records may be slow until then: a caller into a list with records
    /// reads them first and changes them after. `rowsAtMost`: how many rows the store may hold already for it to
    /// be worth it (its indexes built again take them in too); `nil`: the indexes are kept as records come.
    public func deferIndexes<R: Record>(of type: R.Type, rowsAtMost: Int = 0) throws -> (() throws -> Void)? {
        try bulkLoading?.deferIndexes(of: type, rowsAtMost: rowsAtMost)
    }

    /// All records of `type`, in list order.
    public func list<R: Record>(_ type: R.Type, where filter: FieldFilter? = nil) throws -> [Numbered<R>] {
        try list(type, where: filter, offset: 0, limit: nil)
    }
}

/// Why a store could not do what was asked. SQLite and PostgreSQL map their codes to the same ``Code``s.
///
/// A struct with a ``code`` rather than an enum, as postgres-nio's `PSQLError` is: a code added later is a new
/// static, which breaks no caller's `switch`. Callers compare codes (`error.code == .conflict`) or catch them
/// (`catch StoreError.Code.conflict`, through ``~=(_:_:)``).
///
/// `description` is for people and never contains bound values; the engine's detail is in `debugDescription`.
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// What went wrong, as callers tell errors apart.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) { self.name = name }

        /// No record of that kind with that id.
        public static let notFound = Code("notFound")
        /// The record changed since it was read (stale version), or its id is taken.
        public static let conflict = Code("conflict")
        /// A name that must be unique is taken (ignoring case).
        public static let nameTaken = Code("nameTaken")
        /// No deleted record of that kind with that id can be put back: it was never deleted, was deleted longer
        /// than ``Undo/window`` ago, or was put back already.
        public static let nothingToRestore = Code("nothingToRestore")
        /// The file or server holds a newer schema than this build knows; nothing was changed.
        public static let newerSchema = Code("newerSchema")
        /// The file is not a database of this engine.
        public static let notADatabase = Code("notADatabase")
        /// The database or its directory cannot be written.
        public static let readOnly = Code("readOnly")
        /// The database cannot be opened or created at that place.
        public static let cannotOpen = Code("cannotOpen")
        /// Another writer held the database longer than the busy timeout.
        public static let busy = Code("busy")
        /// The connection to the database server broke during the request (the server restarted, the network
        /// dropped); the next request opens a new one.
        public static let connectionLost = Code("connectionLost")
        /// A store that was open could not connect to its database server again (the server is down or refuses
        /// the login): nothing was sent, so nothing was changed.
        public static let unreachable = Code("unreachable")
        /// A stored value has an unexpected shape.
        public static let corrupt = Code("corrupt")
        /// Any other engine failure.
        public static let failure = Code("failure")

        public var description: String { name }

        /// Whether `error` is a store error of `code`: what lets a `catch` name a code
        /// (`catch StoreError.Code.busy`).
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? StoreError)?.code == code
        }
    }

    /// What went wrong.
    public let code: Code
    /// The kind of record it is about (``Code/notFound``, ``Code/conflict``, ``Code/nothingToRestore``).
    public let kind: RecordKind?
    /// The field whose name is taken (``Code/nameTaken``): "user name", "household name", "token name".
    public let field: String?
    /// The file or the database server it is about (``Code/notADatabase``, ``Code/readOnly``,
    /// ``Code/cannotOpen``, ``Code/connectionLost``, ``Code/unreachable``).
    public let place: String?
    /// The engine's detail (``Code/corrupt``, ``Code/failure``), for logs only: never in ``description``.
    public let detail: String?
    /// The schema the database holds and the newest this build knows (``Code/newerSchema``).
    public let schema: (found: Int, known: Int)?

    private init(
        _ code: Code, kind: RecordKind? = nil, field: String? = nil, place: String? = nil, detail: String? = nil,
        schema: (found: Int, known: Int)? = nil
    ) {
        self.code = code
        self.kind = kind
        self.field = field
        self.place = place
        self.detail = detail
        self.schema = schema
    }

    /// No record of `kind` with that id.
    public static func notFound(_ kind: RecordKind) -> StoreError { StoreError(.notFound, kind: kind) }
    /// The record of `kind` changed since it was read, or its id is taken.
    public static func conflict(_ kind: RecordKind) -> StoreError { StoreError(.conflict, kind: kind) }
    /// The name given for `field` is taken.
    public static func nameTaken(_ field: String) -> StoreError { StoreError(.nameTaken, field: field) }
    /// No deleted record of `kind` with that id can be put back.
    public static func nothingToRestore(_ kind: RecordKind) -> StoreError {
        StoreError(.nothingToRestore, kind: kind)
    }
    /// The database holds schema `found`; this build knows up to `known`.
    public static func newerSchema(found: Int, known: Int) -> StoreError {
        StoreError(.newerSchema, schema: (found, known))
    }
    /// The file at `path` is not a database of this engine.
    public static func notADatabase(_ path: String) -> StoreError { StoreError(.notADatabase, place: path) }
    /// The database at `path` or its directory cannot be written.
    public static func readOnly(_ path: String) -> StoreError { StoreError(.readOnly, place: path) }
    /// No database can be opened or created at `path`.
    public static func cannotOpen(_ path: String) -> StoreError { StoreError(.cannotOpen, place: path) }
    /// Another writer held the database longer than the busy timeout.
    public static let busy = StoreError(.busy)
    /// The connection to the database server at `place` broke.
    public static func connectionLost(_ place: String) -> StoreError { StoreError(.connectionLost, place: place) }
    /// The database server at `place` could not be reached again.
    public static func unreachable(_ place: String) -> StoreError { StoreError(.unreachable, place: place) }
    /// A stored value has an unexpected shape, which `detail` describes.
    public static func corrupt(_ detail: String) -> StoreError { StoreError(.corrupt, detail: detail) }
    /// Another engine failure, with the engine's `detail`.
    public static func failure(_ detail: String) -> StoreError { StoreError(.failure, detail: detail) }

    public static func == (lhs: StoreError, rhs: StoreError) -> Bool {
        lhs.code == rhs.code && lhs.kind == rhs.kind && lhs.field == rhs.field && lhs.place == rhs.place
            && lhs.detail == rhs.detail && lhs.schema?.found == rhs.schema?.found
            && lhs.schema?.known == rhs.schema?.known
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(kind)
        hasher.combine(field)
        hasher.combine(place)
        hasher.combine(detail)
    }

    /// The noun of the record kind it is about.
    private var noun: String { kind?.noun ?? "record" }

    public var description: String {
        switch code {
        case .notFound: "no such \(noun)"
        case .conflict: "the \(noun) was changed by someone else; reload it and try again"
        case .nameTaken: "\(field ?? "name"): that name is taken; choose another"
        case .nothingToRestore:
            "there is nothing to undo: no \(noun) with that id was deleted in the last "
                + "\(Int(Undo.window / 60)) minutes, or it was put back already"
        case .newerSchema:
            "the database was written by a newer version of Lists (schema \(schema?.found ?? 0); this version knows "
                + "up to \(schema?.known ?? 0)); upgrade Lists to open it. Nothing was changed"
        case .notADatabase:
            "\(place ?? "the file") is not a Lists database (not an SQLite file); nothing was changed"
        case .readOnly: "cannot write to \(place ?? "the database"): it is read-only; nothing was changed"
        case .cannotOpen: "cannot open or create a database at \(place ?? "that place")"
        case .busy: "the database stayed busy (another program is writing); try again"
        case .connectionLost:
            "the connection to the database server at \(place ?? "its address") was lost; try again (a change sent "
                + "just then may or may not have been saved)"
        case .unreachable:
            "cannot connect to the database server at \(place ?? "its address"); nothing was changed, try again later"
        case .corrupt: "a stored record is damaged"
        default: "the database failed"
        }
    }

    public var debugDescription: String {
        guard let detail else { return description }
        return "\(description): \(detail)"
    }
}
