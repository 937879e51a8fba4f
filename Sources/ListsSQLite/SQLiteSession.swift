import Foundation
import ListsModel
import ListsSQL
import Synchronization

/// ``StoreSession`` on one SQLite connection, inside a transaction that ``SQLiteStore`` opened.
///
/// Tables and columns come from the record types' ``Record/kind`` and ``Record/fieldSpecs``; every value is
/// bound as a parameter, never spliced into SQL.
///
/// Every statement is scoped to the session's household and list: their records hold the positions of
/// ``RowPositions/range(of:)-(StoreScope)`` (schema 9 for households, 12 for lists), so a list is a range of its
/// table's rowids and a record is found by household and id within that range; counts and the revision are the
/// scope's rows of `household_counts`, one per household, kind and list.
struct SQLiteSession: StoreSession, BulkLoadingSession, ColumnReadingSession {
    let connection: SQLiteConnection
    /// The records the session reads and changes.
    let scope: StoreScope

    init(connection: SQLiteConnection, scope: StoreScope) {
        self.connection = connection
        self.scope = scope
        bounds = ScopeBounds(scope, positions: RowPositions.range(of: scope))
    }

    /// The parameters of the scope: its household, positions and lists.
    private let bounds: ScopeBounds

    func session(in list: ListID?) -> any StoreSession {
        SQLiteSession(connection: connection, scope: StoreScope(household: scope.household, list: list))
    }

    static func table(_ kind: RecordKind) -> String { StoreLayout.table(kind) }

    /// The columns a record is read from, in order: meta first, then the fields.
    static func columns<R: Record>(_ type: R.Type) -> String { StoreLayout.columns(type) }

    /// The condition of the scope's records matching `filter`, and its parameters. The filter's fields are
    /// checked against `R`'s schema (``StoreLayout/condition(_:_:parameter:)``), so that no caller text reaches
    /// the SQL.
    private func condition<R: Record>(_ filter: FieldFilter?, _ type: R.Type) throws -> (String, [FieldValue]) {
        let range = "WHERE position >= ? AND position < ?"
        guard let filter else { return (range, [bounds.low, bounds.high]) }
        let (tests, values) = try StoreLayout.condition(filter, type) { _ in "?" }
        return ("\(range) AND \(tests)", [bounds.low, bounds.high] + values)
    }

    /// Reads one record from a row laid out as ``columns(_:)``; `kinds` are `R.fieldSpecs`' kinds, looked up once
    /// per query rather than once per row.
    static func decode<R: Record>(_ row: SQLiteConnection.Row, _ type: R.Type, kinds: [FieldKind], number: Int) throws
        -> Numbered<R>
    {
        var fields: [FieldValue] = []
        return try decode(row, type, kinds: kinds, number: number, fields: &fields)
    }

    /// ``decode(_:_:kinds:number:)`` reading the values into `fields`, which a read of many rows keeps from one to
    /// the next rather than allocating one array per row.
    static func decode<R: Record>(
        _ row: SQLiteConnection.Row, _ type: R.Type, kinds: [FieldKind], number: Int, fields: inout [FieldValue]
    ) throws -> Numbered<R> {
        guard let id = row.uuid(0) else { throw StoreError.corrupt("id \(row.text(0))") }
        let meta = RecordMeta(
            id: id,
            createdAt: Date(timeIntervalSince1970: Double(row.integer(1)) / 1000),
            updatedAt: Date(timeIntervalSince1970: Double(row.integer(2)) / 1000),
            version: Int(row.integer(3)))
        fields.removeAll(keepingCapacity: true)
        fields.reserveCapacity(kinds.count)
        for (index, kind) in kinds.enumerated() { fields.append(row.value(Int32(4 + index), as: kind)) }
        return Numbered(number: number, record: try R(meta: meta, fields: fields))
    }

    /// Runs a query whose rows are `columns(R) , number` and decodes them.
    private func numbered<R: Record>(_ type: R.Type, _ sql: String, _ parameters: [FieldValue]) throws
        -> [Numbered<R>]
    {
        var result: [Numbered<R>] = []
        let kinds = R.fieldSpecs.map(\.kind)
        let numberColumn = Int32(4 + kinds.count)
        try connection.query(sql, parameters) { row in
            result.append(try Self.decode(row, type, kinds: kinds, number: Int(row.integer(numberColumn))))
        }
        return result
    }

    /// The SQL for "this row's 1-based place in its scope's list", `?1` being the scope's first position.
    private static func numberExpression(_ table: String) -> String {
        "(SELECT count(*) FROM \(table) AS earlier WHERE earlier.position >= ?1 AND earlier.position <= "
            + "\(table).position)"
    }

    // Made for to-dos too (a caller's generic call is sent to it when `R` is `TodoTask`): the generic body asked the
    // runtime for `Numbered<R>`'s metadata twice a row, 6.8 M of the 198 M instructions of `todo list` on 10,000.
    @_specialize(where R == TodoTask)
    func list<R: Record>(_ type: R.Type, where filter: FieldFilter?, offset: Int, limit: Int?) throws
        -> [Numbered<R>]
    {
        let table = Self.table(R.kind)
        guard let filter else {
            let paging: [FieldValue] = [.integer(Int64(limit ?? -1)), .integer(Int64(max(0, offset)))]
            var result: [Numbered<R>] = []
            var number = max(0, offset)
            // Room for every row at once (the count is kept): a list grown row by row copies its records again at
            // each doubling, a fifth of reading 10,000 tasks.
            let rows = try count(type, where: nil) - number
            result.reserveCapacity(max(0, limit.map { $0 < 0 ? rows : min($0, rows) } ?? rows))
            let kinds = R.fieldSpecs.map(\.kind)
            var fields: [FieldValue] = []
            try connection.query(
                "SELECT \(Self.columns(type)) FROM \(table) WHERE position >= ? AND position < ? ORDER BY position "
                    + "LIMIT ? OFFSET ?", [bounds.low, bounds.high] + paging
            ) { row in
                number += 1
                result.append(try Self.decode(row, type, kinds: kinds, number: number, fields: &fields))
            }
            return result
        }
        // Two passes over the list in order, in one snapshot: the filter's test of every row, which numbers the
        // rows it passes (their places in the whole list), then the rows it passes, each read and decoded once. A
        // window function numbering the rows first would copy every row whole; one pass returning every row
        // would have SQLite read every column of the rows the filter leaves out.
        let (tests, values) = try StoreLayout.condition(filter, type) { _ in "?" }
        var numbers: [Int] = []
        var number = 0
        try connection.query(
            "SELECT (\(tests)) FROM \(table) WHERE position >= ? AND position < ? ORDER BY position",
            values + [bounds.low, bounds.high]
        ) { row in
            number += 1
            if row.integer(0) != 0 { numbers.append(number) }
        }
        // As SQLite's LIMIT reads them: a negative limit is none.
        let start = min(max(0, offset), numbers.count)
        let end = limit.map { $0 < 0 ? numbers.count : min(start + $0, numbers.count) } ?? numbers.count
        guard start < end else { return [] }
        let kinds = R.fieldSpecs.map(\.kind)
        var result: [Numbered<R>] = []
        result.reserveCapacity(end - start)
        var fields: [FieldValue] = []
        try connection.query(
            "SELECT \(Self.columns(type)) FROM \(table) WHERE position >= ? AND position < ? AND \(tests) "
                + "ORDER BY position LIMIT ? OFFSET ?",
            [bounds.low, bounds.high] + values + [.integer(Int64(end - start)), .integer(Int64(start))]
        ) { row in
            guard start + result.count < end else { throw StoreError.corrupt("a filtered read changed") }
            result.append(
                try Self.decode(row, type, kinds: kinds, number: numbers[start + result.count], fields: &fields))
        }
        return result
    }

    func count<R: Record>(_ type: R.Type, where filter: FieldFilter?) throws -> Int {
        let table = Self.table(R.kind)
        guard filter != nil else {
            return Int(
                try connection.integer(
                    bounds.list == nil
                        ? "SELECT coalesce(sum(count), 0) FROM household_counts WHERE household = ? AND kind = ?"
                        : "SELECT count FROM household_counts WHERE household = ? AND kind = ? AND list = ?",
                    bounds.list.map { [bounds.household, .text(table), $0] } ?? [bounds.household, .text(table)]
                ) ?? 0)
        }
        let (condition, parameters) = try self.condition(filter, type)
        return Int(try connection.integer("SELECT count(*) FROM \(table) \(condition)", parameters) ?? 0)
    }

    func record<R: Record>(_ type: R.Type, id: UUID) throws -> R? {
        let table = Self.table(R.kind)
        return try numbered(
            type,
            "SELECT \(Self.columns(type)), 0 FROM \(table) WHERE household = ? AND id = ? AND position >= ? "
                + "AND position < ?", [bounds.household, .text(id.text), bounds.low, bounds.high]
        ).first?.record
    }

    func record<R: Record>(_ type: R.Type, number: Int) throws -> Numbered<R>? {
        guard number >= 1 else { return nil }
        let table = Self.table(R.kind)
        return try numbered(
            type,
            "SELECT \(Self.columns(type)), ? FROM \(table) WHERE position >= ? AND position < ? ORDER BY position "
                + "LIMIT 1 OFFSET ?",
            [.integer(Int64(number)), bounds.low, bounds.high, .integer(Int64(number - 1))]
        ).first
    }

    func records<R: Record>(_ type: R.Type, idPrefix prefix: String, limit: Int) throws -> [Numbered<R>] {
        let table = Self.table(R.kind)
        let prefix = prefix.uppercased()
        // A range on the ids' index: from the prefix up to the prefix followed by the highest character.
        return try numbered(
            type,
            "SELECT \(Self.columns(type)), \(Self.numberExpression(table)) FROM \(table) "
                + "WHERE household = ?2 AND id >= ?3 AND id < ?4 AND position >= ?1 AND position < ?6 "
                + "ORDER BY position LIMIT ?5",
            [
                bounds.low, bounds.household, .text(prefix), .text(prefix + "\u{FFFF}"), .integer(Int64(limit)),
                bounds.high,
            ])
    }

    func records<R: Record>(_ type: R.Type, named name: String, ignoringCase: Bool, limit: Int) throws
        -> [Numbered<R>]
    {
        let table = Self.table(R.kind)
        // The folded key's index finds the candidates; the second test keeps only exact matches when case counts.
        let exact = ignoringCase ? "" : " AND \(R.nameField) = ?5"
        return try numbered(
            type,
            "SELECT \(Self.columns(type)), \(Self.numberExpression(table)) FROM \(table) "
                + "WHERE household = ?6 AND name_key = ?3 AND position >= ?1 AND position < ?2\(exact) "
                + "ORDER BY position LIMIT ?4",
            [bounds.low, bounds.high, .text(Reference.nameKey(name)), .integer(Int64(limit))]
                + [ignoringCase ? .null : .text(name), bounds.household])
    }

    func sum<R: Record>(_ type: R.Type, field: String, where filter: FieldFilter?) throws -> Int64 {
        guard R.fieldSpecs.contains(where: { $0.name == field && $0.kind == .integer }) else {
            throw StoreError.failure("unknown integer field \(field) for \(R.kind.noun)")
        }
        let (condition, parameters) = try self.condition(filter, type)
        return try connection.integer(
            "SELECT coalesce(sum(\(field)), 0) FROM \(Self.table(R.kind)) \(condition)", parameters) ?? 0
    }

    /// `INSERT` of whole rows of each kind, the positions given, one row or ``rowsPerInsert``: built once, not per
    /// record, and each only when its kind is first inserted (a command adding a task builds no other kind's
    /// schema). Keyed by the table's name: a dictionary keyed by `RecordKind` would have the runtime look its
    /// `Hashable` up at every start (docs/performance.md, "No conformance scans").
    private static let insertStatements = Mutex<[String: String]>([:])

    /// How many rows a load's `INSERT` carries: the statement's own cost (its start and end, its reset and its
    /// bindings cleared) shared by sixteen rows.
    static let rowsPerInsert = 16

    private static func insertStatement<R: Record>(_ type: R.Type, rows: Int = 1) -> String {
        let table = table(R.kind)
        let key = rows == 1 ? table : "\(table) \(rows)"
        if let made = insertStatements.withLock({ $0[key] }) { return made }
        var row = "("
        for index in 0..<R.fieldSpecs.count + 6 { row += index == 0 ? "?" : ", ?" }
        row += ")"
        var statement = "INSERT INTO \(table) (\(columns(R.self)), name_key, position) VALUES "
        for index in 0..<rows { statement += index == 0 ? row : ", " + row }
        insertStatements.withLock { $0[key] = statement }
        return statement
    }

    func insert<R: Record>(_ record: R) throws {
        try insert(contentsOf: [record])
    }

    /// Loads go through one prepared statement and, into an empty list, build its indexes once at the end.
    var bulkLoading: (any BulkLoadingSession)? { self }

    /// Appends the records after the last position of the list, read once; then grows the list's count by their
    /// number and its revision by one, in the same transaction (schema 5 has no triggers doing it row by row).
    func insert<R: Record>(contentsOf records: [R]) throws {
        guard !records.isEmpty else { return }
        let table = Self.table(R.kind)
        let list = scope.insertList
        let positions = RowPositions.range(of: list, in: scope.household)
        // After the list's last record, and after the last one kept for undo, so that a restore finds its place
        // free; the list's first record at the first position of its range plus one.
        var position =
            try connection.integer(
                "SELECT max(?1, coalesce((SELECT max(position) FROM \(table) WHERE position >= ?1 AND position < ?2), "
                    + "0), coalesce((SELECT max(position) FROM \(Self.removed) WHERE kind = ?3 AND position >= ?1 "
                    + "AND position < ?2), 0))",
                [.integer(positions.lowerBound), .integer(positions.upperBound), .text(table)]) ?? 0
        guard position + Int64(records.count) < positions.upperBound else {
            throw StoreError.failure("\(scope.household)'s \(list) has no positions left in \(table)")
        }
        let single = try connection.prepared(Self.insertStatement(R.self))
        let many =
            records.count < Self.rowsPerInsert
            ? nil : try connection.prepared(Self.insertStatement(R.self, rows: Self.rowsPerInsert))
        var values: [FieldValue] = []
        values.reserveCapacity((R.fieldSpecs.count + 6) * (many == nil ? 1 : Self.rowsPerInsert))
        /// Inserts `records[start..<start + count]` by `statement`, at the positions after `position`.
        func insert(_ start: Int, _ count: Int, by statement: OpaquePointer) throws {
            values.removeAll(keepingCapacity: true)
            for record in records[start..<start + count] {
                position += 1
                Self.appendMetaValues(record, to: &values)
                record.appendFields(to: &values)
                values.append(.text(Reference.nameKey(record.displayName)))
                values.append(.integer(position))
            }
            try connection.query(statement, values) { _ in }
        }
        // Sixteen rows at a time, the last few one by one; sixteen that one of them spoils (the statement leaves
        // nothing) go one by one too, to find the one refused.
        var start = 0
        while start < records.count {
            let count = min(Self.rowsPerInsert, records.count - start)
            if let many, count == Self.rowsPerInsert {
                let first = position
                do {
                    try insert(start, count, by: many)
                    start += count
                    continue
                } catch let error as SQLiteError where error.isConstraintViolation {
                    position = first
                }
            }
            for index in start..<start + count {
                do {
                    try insert(index, 1, by: single)
                } catch let error as SQLiteError where error.isConstraintViolation {
                    // Taken in any list of the household: ids are the household's.
                    let taken = try connection.integer(
                        "SELECT 1 FROM \(table) WHERE household = ? AND id = ?",
                        [bounds.household, .text(records[index].id.text)])
                    if taken != nil { throw StoreError.conflict(R.kind) }
                    throw StoreError.failure(error.description)
                }
            }
            start += count
        }
        try counted(table, list, by: records.count)
    }

    /// Drops the indexes of `type`'s table (the unique one on ids too; not those led by the position) and returns
    /// what creates them again from their own SQL, as the schema has them: `CREATE INDEX` sorts the keys once,
    /// where an insert places each key in the B-tree, which for random ids is a third of importing 100k tasks.
    /// In the write's transaction, so a failed import rolls the drop back with everything else; a duplicate id
    /// makes the unique index fail to build, failing the write.
    func deferIndexes<R: Record>(of type: R.Type, rowsAtMost: Int) throws -> (() throws -> Void)? {
        // Only into a table of at most `rowsAtMost` rows, of any household: with more there, rebuilding the
        // indexes would cost more than it spares. Counted no further than that.
        let rows = try connection.integer(
            "SELECT count(*) FROM (SELECT 1 FROM \(Self.table(R.kind)) LIMIT ?)", [.integer(Int64(rowsAtMost) + 1)])
        if (rows ?? 0) > rowsAtMost { return nil }
        var indexes: [(name: String, sql: String)] = []
        // An index led by the position (a partial one: the tasks on no list, the items on the shopping list) stays:
        // the load's rows come at growing positions, so it is appended to, where building it again would read
        // the whole table once more for the few rows it holds.
        try connection.query(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ?1 AND sql IS NOT NULL "
                + "AND coalesce((SELECT info.name FROM pragma_index_info(sqlite_master.name) AS info "
                + "WHERE info.seqno = 0), '') <> 'position'",
            [.text(Self.table(R.kind))]
        ) { row in indexes.append((row.text(0), row.text(1))) }
        guard !indexes.isEmpty else { return nil }
        for index in indexes {
            try connection.execute("DROP INDEX \"\(index.name.replacingOccurrences(of: "\"", with: "\"\""))\"")
        }
        return { [connection] in
            try connection.writeChangedPagesAhead()
            // Built with a small page cache rather than the load's, and with two of SQLite's sorter threads: the
            // sorter keeps up to the cache's size of keys in memory and sorts them as one list (with the load's
            // 64 MB, 100k keys at once), so with 500 KB it fills runs of 500 KB, which its threads sort and merge
            // while this thread reads on through the table: the other processor, idle since the reader finished,
            // does half the sorting. The table's pages are in the file by now (and stay clean); index pages the
            // smaller cache cannot hold go into the file before the commit instead of at it. Measured on 100k tasks
            // (docs/performance.md): the indexes and the commit 0.25 s in one sort, 0.20-0.21 s in 2 MB runs, a
            // tenth to a fifth less again in 500 KB runs with the threads.
            let cache = try connection.integer("PRAGMA cache_size") ?? Int64(-SQLiteStore.defaultCacheKiB)
            try connection.execute("PRAGMA cache_size = -500; PRAGMA threads = 2")
            defer { try? connection.execute("PRAGMA cache_size = \(cache); PRAGMA threads = 0") }
            for index in indexes { try connection.execute(index.sql) }
        }
    }

    /// Grows (or shrinks) the count of the household's records in `table` in `list` and grows its revision: what
    /// every change of records ends with. A list's first change makes its row.
    private func counted(_ table: String, _ list: ListID, by change: Int) throws {
        try connection.run(
            "INSERT INTO household_counts (household, kind, list, count, changes) VALUES (?, ?, ?, ?, 1) "
                + "ON CONFLICT (household, list, kind) DO UPDATE SET count = count + excluded.count, "
                + "changes = changes + 1",
            [bounds.household, .text(table), .integer(list.rawValue), .integer(Int64(change))])
    }

    /// The list of the rows a statement changed: the scope's, or in a whole household, the one their positions
    /// (the statement's `RETURNING position`) are in; `nil` when it changed none.
    private func changedList(_ sql: String, _ parameters: [FieldValue]) throws -> ListID? {
        guard let list = scope.list else {
            var position: Int64?
            try connection.query(sql + " RETURNING position", parameters) { position = $0.integer(0) }
            return position.map(RowPositions.list(at:))
        }
        try connection.run(sql, parameters)
        return connection.changes == 0 ? nil : list
    }

    func update<R: Record>(_ record: R, expectedVersion: Int) throws {
        let table = Self.table(R.kind)
        let assignments = (["created_at", "updated_at", "version"] + R.fieldSpecs.map(\.name) + ["name_key"])
            .map { "\($0) = ?" }.joinedInline(separator: ", ")
        let list = try changedList(
            "UPDATE \(table) SET \(assignments) WHERE household = ? AND id = ? AND version = ? AND position >= ? "
                + "AND position < ?",
            Array(Self.metaValues(record).dropFirst()) + record.fields
                + [
                    .text(Reference.nameKey(record.displayName)), bounds.household, .text(record.id.text),
                    .integer(Int64(expectedVersion)), bounds.low, bounds.high,
                ])
        guard let list else {
            throw try self.record(R.self, id: record.id) == nil ? StoreError.notFound(R.kind) : .conflict(R.kind)
        }
        try counted(table, list, by: 0)
    }

    /// The table of records kept for undo (schema 8).
    private static let removed = StoreLayout.removedTable

    /// Keeps the row, as a JSON object of its columns (`json_object`, which keeps integers and text as they are),
    /// among the recently removed under `removal`, then deletes it.
    func delete<R: Record>(_ type: R.Type, id: UUID, at time: Date, removal: RemovalID) throws {
        let table = Self.table(R.kind)
        try connection.run(
            "DELETE FROM \(Self.removed) WHERE removed_at < ?", [.date(time.addingTimeInterval(-Undo.window))])
        let row = StoreLayout.rowColumnNames(type).map { "'\($0)', \($0)" }.joinedInline(separator: ", ")
        let list = try changedList(
            "INSERT INTO \(Self.removed) (household, kind, id, position, record, removed_at, removal) "
                + "SELECT household, ?, id, position, json_object(\(row)), ?, ? FROM \(table) "
                + "WHERE household = ? AND id = ? AND position >= ? AND position < ? "
                + "ON CONFLICT (household, kind, id) DO UPDATE SET position = excluded.position, "
                + "record = excluded.record, removed_at = excluded.removed_at, removal = excluded.removal",
            [
                .text(table), .date(time), .text(removal.description), bounds.household, .text(id.text), bounds.low,
                bounds.high,
            ])
        guard let list else { throw StoreError.notFound(R.kind) }
        try connection.run("DELETE FROM \(table) WHERE household = ? AND id = ?", [bounds.household, .text(id.text)])
        try counted(table, list, by: -1)
    }

    /// The condition on the recently removed that finds the household `?4`'s record of `table` with the id `?2`
    /// removed at or after the instant `?3` (`?1` is the table) from a position from `?5` up to `?6`.
    private static let keptRecord =
        "household = ?4 AND kind = ?1 AND id = ?2 AND removed_at >= ?3 AND position >= ?5 AND position < ?6"

    /// Puts the kept row back as it was (each column read from the JSON object with `json_extract`, which gives
    /// back the integer or the text it was given), at its position, which no insert took meanwhile.
    func restore<R: Record>(_ type: R.Type, id: UUID, at time: Date) throws {
        let table = Self.table(R.kind)
        let columns = StoreLayout.rowColumnNames(type)
        let values = columns.map { "json_extract(record, '$.\($0)')" }.joinedInline(separator: ", ")
        let kept: [FieldValue] = [
            .text(table), .text(id.text), .date(time.addingTimeInterval(-Undo.window)), bounds.household, bounds.low,
            bounds.high,
        ]
        let list: ListID?
        do {
            list = try changedList(
                "INSERT INTO \(table) (\(columns.joinedInline(separator: ", "))) SELECT \(values) FROM \(Self.removed) "
                    + "WHERE \(Self.keptRecord)", kept)
        } catch let error as SQLiteError where error.isConstraintViolation {
            throw StoreError.conflict(R.kind)
        }
        guard let list else { throw StoreError.nothingToRestore(R.kind) }
        try connection.run(
            "DELETE FROM \(Self.removed) WHERE household = ? AND kind = ? AND id = ?",
            [bounds.household, .text(table), .text(id.text)])
        try counted(table, list, by: 1)
    }

    func recentlyRemoved<R: Record>(_ type: R.Type, id: UUID, at time: Date) throws -> R? {
        let values = StoreLayout.columnNames(type).map { "json_extract(record, '$.\($0)')" }.joinedInline(
            separator: ", ")
        return try numbered(
            type, "SELECT \(values), 0 FROM \(Self.removed) WHERE \(Self.keptRecord)",
            [
                .text(Self.table(R.kind)), .text(id.text), .date(time.addingTimeInterval(-Undo.window)),
                bounds.household,
                bounds.low, bounds.high,
            ]
        ).first?.record
    }

    /// The condition on the recently removed that finds the household `?1`'s records of the table `?2` removed by
    /// `?3` at or after the instant `?4`, from a position from `?5` up to `?6`.
    private static let keptRemoval =
        "household = ?1 AND kind = ?2 AND removal = ?3 AND removed_at >= ?4 AND position >= ?5 AND position < ?6"

    /// Puts back the kept rows of `R` that `removal` removed, each as ``restore(_:id:at:)`` does, in one statement,
    /// then counts them in their lists.
    func restore<R: Record>(_ type: R.Type, removal: RemovalID, at time: Date) throws -> [UUID] {
        let table = Self.table(R.kind)
        let columns = StoreLayout.rowColumnNames(type)
        let values = columns.map { "json_extract(record, '$.\($0)')" }.joinedInline(separator: ", ")
        let kept: [FieldValue] = [
            bounds.household, .text(table), .text(removal.description), .date(time.addingTimeInterval(-Undo.window)),
            bounds.low, bounds.high,
        ]
        var rows: [(id: UUID?, position: Int64)] = []
        do {
            try connection.query(
                "INSERT INTO \(table) (\(columns.joinedInline(separator: ", "))) SELECT \(values) FROM \(Self.removed) "
                    + "WHERE \(Self.keptRemoval) RETURNING id, position", kept
            ) { rows.append(($0.uuid(0), $0.integer(1))) }
        } catch let error as SQLiteError where error.isConstraintViolation {
            throw StoreError.conflict(R.kind)
        }
        guard !rows.isEmpty else { return [] }
        try connection.run("DELETE FROM \(Self.removed) WHERE \(Self.keptRemoval)", kept)
        rows.sort { $0.position < $1.position }
        for (list, restored) in Dictionary(grouping: rows, by: { RowPositions.list(at: $0.position) }) {
            try counted(table, list, by: restored.count)
        }
        return try rows.map { row in
            guard let id = row.id else { throw StoreError.corrupt("an id of \(table)") }
            return id
        }
    }

    func recentlyRemoved(_ removal: RemovalID, at time: Date) throws -> [RecordKey] {
        var kept: [(key: RecordKey, position: Int64)] = []
        try connection.query(
            "SELECT kind, id, position FROM \(Self.removed) WHERE household = ? AND removal = ? AND removed_at >= ? "
                + "AND position >= ? AND position < ?",
            [
                bounds.household, .text(removal.description), .date(time.addingTimeInterval(-Undo.window)), bounds.low,
                bounds.high,
            ]
        ) { row in
            guard let kind = StoreLayout.kind(ofTable: row.text(0)), let id = row.uuid(1) else { return }
            kept.append((RecordKey(kind, id), row.integer(2)))
        }
        return StoreLayout.inRestoringOrder(kept)
    }

    func revision() throws -> Int64 {
        try connection.integer(
            bounds.list == nil
                ? "SELECT coalesce(sum(changes), 0) FROM household_counts WHERE household = ?"
                : "SELECT coalesce(sum(changes), 0) FROM household_counts WHERE household = ? AND list = ?",
            bounds.list.map { [bounds.household, $0] } ?? [bounds.household]) ?? 0
    }

    func revisions() throws -> [RecordKind: Int64] {
        var byKind: [RecordKind: Int64] = [:]
        try connection.query(
            bounds.list == nil
                ? "SELECT kind, sum(changes) FROM household_counts WHERE household = ? GROUP BY kind"
                : "SELECT kind, changes FROM household_counts WHERE household = ? AND list = ?",
            bounds.list.map { [bounds.household, $0] } ?? [bounds.household]
        ) {
            if let kind = StoreLayout.kind(ofTable: $0.text(0)) { byKind[kind] = $0.integer(1) }
        }
        return byKind
    }

    func setting(_ key: String) throws -> String? {
        var value: String?
        try connection.query("SELECT value FROM settings WHERE key = ?", [.text(key)]) { value = $0.text(0) }
        return value
    }

    func setSetting(_ key: String, to value: String) throws {
        try connection.run(
            "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            [.text(key), .text(value)])
    }

    func removeSetting(_ key: String) throws {
        try connection.run("DELETE FROM settings WHERE key = ?", [.text(key)])
    }

    private static func appendMetaValues<R: Record>(_ record: R, to values: inout [FieldValue]) {
        values.append(.text(record.id.text))
        values.append(.date(record.meta.createdAt))
        values.append(.date(record.meta.updatedAt))
        values.append(.integer(Int64(record.meta.version)))
    }

    private static func metaValues<R: Record>(_ record: R) -> [FieldValue] {
        [
            .text(record.id.text), .date(record.meta.createdAt), .date(record.meta.updatedAt),
            .integer(Int64(record.meta.version)),
        ]
    }
}

extension SQLiteSession {
    /// The columns (checked by ``StoreSession/values(_:columns:)`` against the schema) of the scope's list, in order.
    func values<R: Record>(
        _ type: R.Type, columns: [(name: String, kind: FieldKind)], within: (column: String, range: Range<Date>)?
    ) throws -> [FieldValue] {
        var values: [FieldValue] = []
        if within == nil { values.reserveCapacity(try count(type, where: nil) * columns.count) }
        let names = columns.map(\.name).joinedInline(separator: ", ")
        var sql = "SELECT \(names) FROM \(Self.table(R.kind)) WHERE position >= ? AND position < ?"
        var parameters = [bounds.low, bounds.high]
        if let within {
            sql += " AND \(within.column) >= ? AND \(within.column) < ?"
            parameters += [.date(within.range.lowerBound), .date(within.range.upperBound)]
        }
        try connection.query(sql + " ORDER BY position", parameters) { row in
            for (index, column) in columns.enumerated() { values.append(row.value(Int32(index), as: column.kind)) }
        }
        return values
    }

    /// One pass over the list in order: the filter's test and the columns of every row, the values kept of the rows
    /// it passes. SQLite reads a few columns of every row about as fast as it tests them, and a second statement
    /// for the rows passed would test every row again.
    func values<R: Record>(_ type: R.Type, columns: [(name: String, kind: FieldKind)], where filter: FieldFilter)
        throws -> NumberedValues
    {
        let (tests, parameters) = try StoreLayout.condition(filter, type) { _ in "?" }
        let names = columns.map(\.name).joinedInline(separator: ", ")
        var found = NumberedValues()
        var number = 0
        try connection.query(
            "SELECT (\(tests)), \(names) FROM \(Self.table(R.kind)) WHERE position >= ? AND position < ? "
                + "ORDER BY position", parameters + [bounds.low, bounds.high]
        ) { row in
            number += 1
            guard row.integer(0) != 0 else { return }
            found.numbers.append(number)
            for (index, column) in columns.enumerated() {
                found.values.append(row.value(Int32(index + 1), as: column.kind))
            }
        }
        return found
    }

    /// One statement grouping the scope's rows; with the index schema 24 gives sightings on `(position >> 40, name,
    /// scientific_name, sighted_at, id)`, it reads the index alone, in order. SQLite takes a bare column of a `min()`
    /// aggregate from the row with the least value, and of rows with equal values from the first in the index's
    /// order, which ends with the position.
    func firstInGroups<R: Record>(
        _ type: R.Type, groupedBy columns: [(name: String, kind: FieldKind)], earliest: String
    ) throws -> [FirstInGroup] {
        let names = columns.map(\.name).joinedInline(separator: ", ")
        let count = Int32(columns.count)
        var groups: [FirstInGroup] = []
        try connection.query(
            "SELECT \(names), count(*), min(\(earliest)), position, id FROM \(Self.table(R.kind)) WHERE "
                + "position >> 40 = ? AND position >= ? AND position < ? GROUP BY \(names)",
            [bounds.household, bounds.low, bounds.high]
        ) { row in
            guard let id = row.uuid(count + 3) else { return }
            groups.append(
                FirstInGroup(
                    values: columns.enumerated().map { row.value(Int32($0.offset), as: $0.element.kind) },
                    count: Int(row.integer(count)),
                    date: Date(timeIntervalSince1970: Double(row.integer(count + 1)) / 1000), id: id,
                    place: row.integer(count + 2)))
        }
        return groups
    }

    func hasEarlier<R: Record>(
        _ type: R.Type, matching: [(name: String, value: FieldValue)], earliest: String, from: Date, than id: UUID
    ) throws -> Bool {
        let table = Self.table(R.kind)
        let tests = matching.map { "\($0.name) IS ?" }.joinedInline(separator: " AND ")
        var mine: (date: Int64, position: Int64)?
        try connection.query(
            "SELECT \(earliest), position FROM \(table) WHERE household = ? AND id = ? AND position >= ? "
                + "AND position < ?", [bounds.household, .text(id.text), bounds.low, bounds.high]
        ) { row in mine = (row.integer(0), row.integer(1)) }
        guard let mine else { throw StoreError.notFound(R.kind) }
        let found = try connection.integer(
            "SELECT 1 FROM \(table) WHERE position >> 40 = ? AND position >= ? AND position < ? AND \(tests) "
                + "AND \(earliest) >= ? AND (\(earliest) < ? OR (\(earliest) = ? AND position < ?)) LIMIT 1",
            [bounds.household, bounds.low, bounds.high] + matching.map(\.value)
                + [.date(from), .integer(mine.date), .integer(mine.date), .integer(mine.position)])
        return found != nil
    }

    /// The records with `ids`, 500 ids to a statement.
    func records<R: Record>(_ type: R.Type, ids: [UUID]) throws -> [UUID: R] {
        try records(type, where: "household = ? AND id", [bounds.household], keys: ids.map { .text($0.text) })
    }

    /// The records at the groups' places (their positions, as ``firstInGroups(_:groupedBy:earliest:)`` gives them),
    /// 500 to a statement.
    func records<R: Record>(_ type: R.Type, firstOf groups: [FirstInGroup]) throws -> [UUID: R] {
        try records(type, where: "position", [], keys: groups.map { .integer($0.place) })
    }

    /// The scope's records whose column `test` (after its `parameters`) is one of `keys`, by id, 500 keys to a
    /// statement.
    private func records<R: Record>(_ type: R.Type, where test: String, _ parameters: [FieldValue], keys: [FieldValue])
        throws -> [UUID: R]
    {
        var found: [UUID: R] = [:]
        var start = 0
        while start < keys.count {
            let chunk = keys[start..<min(start + 500, keys.count)]
            start += chunk.count
            let marks = Array(repeating: "?", count: chunk.count).joinedInline(separator: ", ")
            for numbered in try numbered(
                type,
                "SELECT \(Self.columns(type)), 0 FROM \(Self.table(R.kind)) WHERE \(test) IN (\(marks)) "
                    + "AND position >= ? AND position < ?", parameters + chunk + [bounds.low, bounds.high])
            {
                found[numbered.record.id] = numbered.record
            }
        }
        return found
    }
}
