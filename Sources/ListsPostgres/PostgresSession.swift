import Foundation
import ListsModel
import ListsSQL
import Synchronization

/// ``StoreSession`` on one PostgreSQL connection, inside a transaction that ``PostgresStore`` opened.
///
/// The same queries as the SQLite store, in PostgreSQL's dialect (`$n` placeholders, `LIMIT NULL` for no limit).
/// Tables and columns come from the record types' ``Record/kind`` and ``Record/fieldSpecs``; every value is
/// bound as a parameter, never spliced into SQL.
///
/// Every statement is scoped to the session's household (schema 8) and list (schema 12): a record is found by
/// household and id within the list's positions (``positions(of:)``), a list is the household's rows of those
/// positions in order (through the index on household and position), and counts and the revision are the scope's.
struct PostgresSession: StoreSession, BulkLoadingSession {
    let connection: PostgresConnection
    /// The records the session reads and changes.
    let scope: StoreScope
    /// Whether the session is a write transaction (settings are then read under the store's lock).
    var isWrite = false

    init(connection: PostgresConnection, scope: StoreScope, isWrite: Bool = false) {
        self.connection = connection
        self.scope = scope
        self.isWrite = isWrite
        let positions = scope.list.map(Self.positions(of:)) ?? 0..<(ListID.limit << Self.listShift)
        bounds = ScopeBounds(scope, positions: positions)
    }

    /// The parameters of the scope: its household, positions in it and lists.
    private let bounds: ScopeBounds

    func session(in list: ListID?) -> any StoreSession {
        PostgresSession(
            connection: connection, scope: StoreScope(household: scope.household, list: list), isWrite: isWrite)
    }

    /// How far a list's number is shifted in a position: list `n`'s records hold the positions from `n << 47`,
    /// each that plus a value of its table's sequence (schema 5), which is shared by every household and list and
    /// stays below 2^47 (140 trillion adds). The main list, number 0, holds the sequence's values as they are, as
    /// every record did before households had lists: no row moved.
    static let listShift: Int64 = 47

    /// The positions of `list`'s records in its household.
    static func positions(of list: ListID) -> Range<Int64> {
        (list.rawValue << listShift)..<((list.rawValue + 1) << listShift)
    }

    /// The SQL for the list of the row whose position is `position`.
    static func listExpression(_ position: String) -> String { "\(position) >> \(listShift)" }

    static func table(_ kind: RecordKind) -> String { StoreLayout.table(kind) }

    /// The columns a record is read from, in order: meta first, then the fields.
    static func columns<R: Record>(_ type: R.Type) -> String { StoreLayout.columns(type) }

    /// The condition of the scope's records matching `filter`, and its parameters (the household `$1`, its
    /// positions `$2` and `$3`, then the filter's from `$4`). The filter's fields are checked against `R`'s schema
    /// (``StoreLayout/condition(_:_:parameter:)``), so that no caller text reaches the SQL.
    private func condition<R: Record>(_ filter: FieldFilter?, _ type: R.Type) throws -> (String, [FieldValue]) {
        let scoped = "WHERE household = $1 AND position >= $2 AND position < $3"
        guard let filter else { return (scoped, [bounds.household, bounds.low, bounds.high]) }
        let (tests, values) = try StoreLayout.condition(
            filter, type, parameter: { "$\($0 + 4)" }, byteOrder: { "\($0) COLLATE \"C\"" })
        return ("\(scoped) AND \(tests)", [bounds.household, bounds.low, bounds.high] + values)
    }

    /// Runs a query whose rows are ``columns(_:)`` and then the short number, and decodes them; `number` gives the
    /// numbers instead when the query has no such column.
    private func numbered<R: Record>(
        _ type: R.Type, _ sql: String, _ parameters: [FieldValue], number: ((Int) -> Int)? = nil
    ) throws -> [Numbered<R>] {
        let rows = try connection.query(sql, parameters)
        let kinds = R.fieldSpecs.map(\.kind)
        var result: [Numbered<R>] = []
        result.reserveCapacity(rows.count)
        for row in 0..<rows.count {
            let idText = rows.text(row, 0)
            guard let id = UUID(text: idText) else { throw StoreError.corrupt("id \(idText)") }
            let meta = RecordMeta(
                id: id,
                createdAt: Date(timeIntervalSince1970: Double(rows.integer(row, 1)) / 1000),
                updatedAt: Date(timeIntervalSince1970: Double(rows.integer(row, 2)) / 1000),
                version: Int(rows.integer(row, 3)))
            var fields: [FieldValue] = []
            fields.reserveCapacity(kinds.count)
            for (index, kind) in kinds.enumerated() { fields.append(rows.value(row, 4 + index, as: kind)) }
            let place = number?(row) ?? Int(rows.integer(row, 4 + kinds.count))
            result.append(Numbered(number: place, record: try R(meta: meta, fields: fields)))
        }
        return result
    }

    /// The scope's rows of `table` with their numbers (`number`, 1-based in list order), for a filter to pick from
    /// (`$1` the household, `$2` and `$3` the scope's positions, as ``condition(_:_:)`` numbers them).
    private static func numberedScope(_ table: String) -> String {
        "(SELECT *, row_number() OVER (ORDER BY position) AS number FROM \(table) WHERE household = $1 AND "
            + "position >= $2 AND position < $3) AS numbered"
    }

    /// The SQL for "this row's 1-based place in its scope's list", `low` being the parameter of the scope's first
    /// position.
    private static func numberExpression(_ table: String, low: String) -> String {
        "(SELECT count(*) FROM \(table) AS earlier WHERE earlier.household = \(table).household "
            + "AND earlier.position >= \(low) AND earlier.position <= \(table).position)"
    }

    func list<R: Record>(_ type: R.Type, where filter: FieldFilter?, offset: Int, limit: Int?) throws
        -> [Numbered<R>]
    {
        let table = Self.table(R.kind)
        let start = max(0, offset)
        let paging: [FieldValue] = [limit.map { .integer(Int64(max(0, $0))) } ?? .null, .integer(Int64(start))]
        guard filter != nil else {
            return try numbered(
                type,
                "SELECT \(Self.columns(type)) FROM \(table) WHERE household = $3 AND position >= $4 AND position < $5 "
                    + "ORDER BY position LIMIT $1 OFFSET $2",
                paging + [bounds.household, bounds.low, bounds.high], number: { start + $0 + 1 })
        }
        let (condition, parameters) = try self.condition(filter, type)
        return try numbered(
            type,
            "SELECT \(Self.columns(type)), number FROM \(Self.numberedScope(table)) \(condition) "
                + "ORDER BY position LIMIT $\(parameters.count + 1) OFFSET $\(parameters.count + 2)",
            parameters + paging)
    }

    func count<R: Record>(_ type: R.Type, where filter: FieldFilter?) throws -> Int {
        let table = Self.table(R.kind)
        guard filter != nil else {
            return Int(
                try connection.integer(
                    "SELECT \(Self.countExpression(table, household: "$1", lists: bounds.listTest("$2")))",
                    [bounds.household] + bounds.listParameters) ?? 0)
        }
        let (condition, parameters) = try self.condition(filter, type)
        return Int(try connection.integer("SELECT count(*) FROM \(table) \(condition)", parameters) ?? 0)
    }

    func record<R: Record>(_ type: R.Type, id: UUID) throws -> R? {
        let table = Self.table(R.kind)
        return try numbered(
            type,
            "SELECT \(Self.columns(type)) FROM \(table) WHERE household = $2 AND id = $1 AND position >= $3 "
                + "AND position < $4", [.text(id.text), bounds.household, bounds.low, bounds.high], number: { _ in 0 }
        ).first?.record
    }

    func record<R: Record>(_ type: R.Type, number: Int) throws -> Numbered<R>? {
        guard number >= 1 else { return nil }
        let table = Self.table(R.kind)
        return try numbered(
            type,
            "SELECT \(Self.columns(type)) FROM \(table) WHERE household = $2 AND position >= $3 AND position < $4 "
                + "ORDER BY position LIMIT 1 OFFSET $1",
            [.integer(Int64(number - 1)), bounds.household, bounds.low, bounds.high], number: { _ in number }
        ).first
    }

    func records<R: Record>(_ type: R.Type, idPrefix prefix: String, limit: Int) throws -> [Numbered<R>] {
        let table = Self.table(R.kind)
        let prefix = prefix.uppercased()
        // A range on the primary key (collated "C", byte order): ids from the prefix up to the prefix followed by
        // the highest character.
        return try numbered(
            type,
            "SELECT \(Self.columns(type)), \(Self.numberExpression(table, low: "$5")) FROM \(table) "
                + "WHERE household = $4 AND id >= $1 AND id < $2 AND position >= $5 AND position < $6 "
                + "ORDER BY position LIMIT $3",
            [
                .text(prefix), .text(prefix + "\u{FFFF}"), .integer(Int64(max(0, limit))), bounds.household, bounds.low,
                bounds.high,
            ])
    }

    func records<R: Record>(_ type: R.Type, named name: String, ignoringCase: Bool, limit: Int) throws
        -> [Numbered<R>]
    {
        let table = Self.table(R.kind)
        // The folded key's index finds the candidates; the second test keeps only exact matches when case counts.
        let exact = ignoringCase ? "" : " AND \(R.nameField) = $6"
        return try numbered(
            type,
            "SELECT \(Self.columns(type)), \(Self.numberExpression(table, low: "$4")) FROM \(table) "
                + "WHERE household = $3 AND name_key = $1 AND position >= $4 AND position < $5\(exact) "
                + "ORDER BY position LIMIT $2",
            [.text(Reference.nameKey(name)), .integer(Int64(max(0, limit))), bounds.household, bounds.low, bounds.high]
                + (ignoringCase ? [] : [.text(name)]))
    }

    func sum<R: Record>(_ type: R.Type, field: String, where filter: FieldFilter?) throws -> Int64 {
        guard R.fieldSpecs.contains(where: { $0.name == field && $0.kind == .integer }) else {
            throw StoreError.failure("unknown integer field \(field) for \(R.kind.noun)")
        }
        let (condition, parameters) = try self.condition(filter, type)
        return try connection.integer(
            "SELECT coalesce(sum(\(field)), 0) FROM \(Self.table(R.kind)) \(condition)", parameters) ?? 0
    }

    /// The SQL for the number of records the household `household` (a parameter such as `$1`) has in `table` (a
    /// table name, never caller text) in the lists `lists` keeps to (` AND ` a test of `list`, or nothing for all):
    /// the folded count rows plus the steps appended since (schema 6).
    static func countExpression(_ table: String, household: String, lists: String) -> String {
        "(SELECT coalesce(sum(count), 0) FROM record_counts WHERE kind = '\(table)' AND household = \(household)"
            + "\(lists))::bigint + (SELECT coalesce(sum(step), 0) FROM record_changes WHERE kind = '\(table)' "
            + "AND household = \(household)\(lists))::bigint"
    }

    /// `change` (an INSERT, UPDATE or DELETE of `table` ending in `RETURNING household, position`) with the change
    /// row schema 6 keeps appended in the same statement, in the list of the row's position: `step` is what the
    /// change does to the count. The statement's changed count is then the number of records changed.
    static func counted(_ change: String, _ table: String, step: Int) -> String {
        "WITH changed AS (\(change)) INSERT INTO record_changes (household, kind, list, step) "
            + "SELECT household, '\(table)', \(listExpression("position")), \(step) FROM changed"
    }

    /// The counted insert of `rows` records of `R` in one statement; the parameters are each record's
    /// ``insertValues(_:household:)`` in turn, then the number of the list they go to, and positions come from the
    /// table's sequence, so concurrent writers never race for one. One change row counts all the rows: the
    /// revision grows by one for the statement, as for any change. The statement answers the id of each record
    /// inserted, or with `numbered`, one row holding the list's count before the statement plus one (its own change
    /// row is not seen by its own query): the first record's number.
    ///
    /// A record whose id exists is left out (ON CONFLICT, instead of a unique violation, which in PostgreSQL aborts
    /// the whole transaction, where a caller may go on after a conflict, as it can on SQLite). Records known to be
    /// new take ``insertNewRows(_:rows:)``, which spares PostgreSQL the speculative insertion ON CONFLICT makes for
    /// every row.
    static func insertRows<R: Record>(_ type: R.Type, rows: Int, numbered: Bool = false) -> String {
        let table = table(R.kind)
        let household = "$\(R.fieldSpecs.count + 6)::bigint"
        let list = listParameter(R.self, rows: rows)
        return insertStatement("\(R.kind.rawValue) \(rows) \(numbered)") {
            "WITH changed AS (\(insertInto(R.self, rows: rows)) ON CONFLICT (household, id) DO NOTHING RETURNING id), "
                + "counted AS (INSERT INTO record_changes (household, kind, list, step) SELECT \(household), "
                + "'\(table)', \(list), count(*) FROM changed HAVING count(*) > 0 RETURNING 1) "
                + (numbered
                    ? "SELECT \(countExpression(table, household: household, lists: " AND list = \(list)")) + 1 "
                        + "FROM counted"
                    : "SELECT id FROM changed")
        }
    }

    /// The `INSERT` of `rows` records that are all new, as ``insertRows(_:rows:numbered:)`` writes them but
    /// answering nothing: the one change row counts `rows`, known in advance, since an existing id fails the whole
    /// statement (a unique violation). Without `ON CONFLICT`, `RETURNING`, the count of what was inserted and the
    /// `HAVING`, PostgreSQL spends about a sixth less on the statement: the adds of the API, whose random ids are
    /// new.
    static func insertNewRows<R: Record>(_ type: R.Type, rows: Int) -> String {
        insertStatement("\(R.kind.rawValue) \(rows) new") {
            "WITH changed AS (\(insertInto(R.self, rows: rows))) "
                + "INSERT INTO record_changes (household, kind, list, step) "
                + "VALUES ($\(R.fieldSpecs.count + 6)::bigint, '\(table(R.kind))', "
                + "\(listParameter(R.self, rows: rows)), \(rows))"
        }
    }

    /// The parameter of the list an insert of `rows` records of `R` goes to: the one after their values.
    private static func listParameter<R: Record>(_ type: R.Type, rows: Int) -> String {
        "$\(rows * (R.fieldSpecs.count + 6) + 1)::bigint"
    }

    /// `INSERT INTO` `R`'s table with `rows` rows of parameters (``insertValues(_:household:)``, the household
    /// last), each ending with its position: the next value of the table's sequence in the list's positions.
    private static func insertInto<R: Record>(_ type: R.Type, rows: Int) -> String {
        let table = table(R.kind)
        let width = R.fieldSpecs.count + 6
        let position = "nextval('\(table)_position') + (\(listParameter(R.self, rows: rows)) << \(listShift))"
        let values = (0..<rows).map { row in
            "(" + (1...width).map { "$\(row * width + $0)" }.joined(separator: ", ") + ", \(position))"
        }
        return "INSERT INTO \(table) (\(columns(R.self)), name_key, household, position) VALUES "
            + values.joined(separator: ", ")
    }

    /// The insert statement cached under `key`, built by `build` the first time: once for each list, size and form.
    private static func insertStatement(_ key: String, _ build: () -> String) -> String {
        if let sql = insertStatements.withLock({ $0[key] }) { return sql }
        let sql = build()
        insertStatements.withLock { $0[key] = sql }
        return sql
    }

    /// ``insertStatement(_:_:)``'s statements, by key.
    private static let insertStatements = Mutex<[String: String]>([:])

    /// The parameters of `record`'s row in an insert into `household`'s list: meta, fields, the folded name, the
    /// household.
    static func insertValues<R: Record>(_ record: R, household: HouseholdID) -> [FieldValue] {
        metaValues(record) + record.fields
            + [.text(Reference.nameKey(record.displayName)), .integer(household.rawValue)]
    }

    func insert<R: Record>(_ record: R) throws {
        try insert(contentsOf: [record])
    }

    /// The list records inserted in the scope go to, as the last parameter of an insert.
    private var insertList: FieldValue { .integer(scope.insertList.rawValue) }

    /// Loads go in statements of many rows.
    var bulkLoading: (any BulkLoadingSession)? { self }

    /// PostgreSQL keeps its indexes as rows come: no index is rebuilt after a load.
    func deferIndexes<R: Record>(of type: R.Type, rowsAtMost: Int) throws -> (() throws -> Void)? { nil }

    /// The records in statements of up to 64 rows, each appending one change row for all its rows.
    /// - Throws: ``StoreError/conflict(_:)`` when one of them exists (the transaction is then to be rolled back).
    func insert<R: Record>(contentsOf records: [R]) throws {
        var start = records.startIndex
        while start < records.endIndex {
            let chunk = records[start..<min(start + 64, records.endIndex)]
            let rows = try connection.query(
                Self.insertRows(R.self, rows: chunk.count),
                chunk.flatMap { Self.insertValues($0, household: scope.household) } + [insertList])
            if rows.count != chunk.count { throw StoreError.conflict(R.kind) }
            start += chunk.count
        }
    }

    /// Inserts `record` and returns its short number, in one statement (``PostgresStore/append(_:numbered:)``).
    func insertNumbered<R: Record>(_ record: R) throws -> Int {
        let rows = try connection.query(
            Self.insertRows(R.self, rows: 1, numbered: true),
            Self.insertValues(record, household: scope.household) + [insertList])
        guard rows.count == 1 else { throw StoreError.conflict(R.kind) }
        return Int(rows.integer(0, 0))
    }

    func update<R: Record>(_ record: R, expectedVersion: Int) throws {
        let table = Self.table(R.kind)
        let names = ["created_at", "updated_at", "version"] + R.fieldSpecs.map(\.name) + ["name_key"]
        let assignments = names.enumerated().map { "\($1) = $\($0 + 1)" }.joined(separator: ", ")
        let changed = try connection.run(
            Self.counted(
                "UPDATE \(table) SET \(assignments) WHERE id = $\(names.count + 1) AND version = $\(names.count + 2) "
                    + "AND household = $\(names.count + 3) AND position >= $\(names.count + 4) "
                    + "AND position < $\(names.count + 5) RETURNING household, position", table, step: 0),
            Array(Self.metaValues(record).dropFirst()) + record.fields
                + [
                    .text(Reference.nameKey(record.displayName)), .text(record.id.text),
                    .integer(Int64(expectedVersion)), bounds.household, bounds.low, bounds.high,
                ])
        if changed == 0 {
            throw try self.record(R.self, id: record.id) == nil ? StoreError.notFound(R.kind) : .conflict(R.kind)
        }
    }

    /// The table of records kept for undo (schema 7).
    private static let removed = StoreLayout.removedTable

    /// Forgets what was kept too long ago, then, in one statement, deletes the row, keeps it whole (`to_jsonb` of
    /// the row: bigints stay exact numbers, booleans booleans) among the recently removed, and appends its change
    /// row. Positions come from the list's sequence, so the kept position stays free.
    func delete<R: Record>(_ type: R.Type, id: UUID, at time: Date, removal: RemovalID) throws {
        let table = Self.table(R.kind)
        // Not in the statement below: one statement must not change one row twice (an entry both forgotten and
        // replaced).
        try connection.run(
            "DELETE FROM \(Self.removed) WHERE removed_at < $1", [.date(time.addingTimeInterval(-Undo.window))])
        let deleted = try connection.run(
            "WITH gone AS (DELETE FROM \(table) WHERE household = $3 AND id = $1 AND position >= $4 AND position < $5 "
                + "RETURNING *), "
                + "kept AS (INSERT INTO \(Self.removed) (household, kind, id, position, record, removed_at, removal) "
                + "SELECT household, '\(table)', id, position, to_jsonb(gone), $2::bigint, $6 FROM gone "
                + "ON CONFLICT (household, kind, id) DO UPDATE SET position = excluded.position, "
                + "record = excluded.record, removed_at = excluded.removed_at, removal = excluded.removal) "
                + "INSERT INTO record_changes (household, kind, list, step) "
                + "SELECT household, '\(table)', \(Self.listExpression("position")), -1 FROM gone",
            [.text(id.text), .date(time), bounds.household, bounds.low, bounds.high, .text(removal.description)])
        if deleted == 0 { throw StoreError.notFound(R.kind) }
    }

    /// In one statement: takes the kept row out of the recently removed and inserts it as it was
    /// (`jsonb_populate_record` reads the JSON object back as a row of the table), and appends its change row. A
    /// row whose id (or position) is stored is not inserted, and the statement then says so, for the write to roll
    /// back.
    func restore<R: Record>(_ type: R.Type, id: UUID, at time: Date) throws {
        let table = Self.table(R.kind)
        let rows = try connection.query(
            "WITH back AS (DELETE FROM \(Self.removed) WHERE household = $3 AND kind = '\(table)' AND id = $1 "
                + "AND removed_at >= $2 AND position >= $4 AND position < $5 RETURNING record), "
                + "restored AS (INSERT INTO \(table) SELECT kept.* FROM back, "
                + "jsonb_populate_record(NULL::\(table), back.record) AS kept WHERE kept.household = $3 "
                + "ON CONFLICT DO NOTHING RETURNING position), "
                + "counted AS (INSERT INTO record_changes (household, kind, list, step) "
                + "SELECT $3, '\(table)', \(Self.listExpression("position")), 1 FROM restored) "
                + "SELECT (SELECT count(*) FROM back), (SELECT count(*) FROM restored)",
            [.text(id.text), .date(time.addingTimeInterval(-Undo.window)), bounds.household, bounds.low, bounds.high])
        guard rows.count == 1, rows.integer(0, 0) == 1 else { throw StoreError.nothingToRestore(R.kind) }
        if rows.integer(0, 1) != 1 { throw StoreError.conflict(R.kind) }
    }

    func recentlyRemoved<R: Record>(_ type: R.Type, id: UUID, at time: Date) throws -> R? {
        let table = Self.table(R.kind)
        let columns = StoreLayout.columnNames(type).map { "kept.\($0)" }.joined(separator: ", ")
        // The kept row read back as a row of its table.
        return try numbered(
            type,
            "SELECT \(columns) FROM \(Self.removed), jsonb_populate_record(NULL::\(table), \(Self.removed).record) "
                + "AS kept WHERE \(Self.removed).kind = '\(table)' AND \(Self.removed).id = $1 "
                + "AND \(Self.removed).removed_at >= $2 AND \(Self.removed).household = $3 "
                + "AND \(Self.removed).position >= $4 AND \(Self.removed).position < $5",
            [.text(id.text), .date(time.addingTimeInterval(-Undo.window)), bounds.household, bounds.low, bounds.high],
            number: { _ in 0 }
        ).first?.record
    }

    /// In one statement, as ``restore(_:id:at:)`` does for one record: takes the kept rows of `R` that `removal`
    /// removed out of the recently removed, inserts them as they were, and appends a change row for each list they
    /// go back to; answers their ids in list order. A row whose id is stored is not inserted, and the statement
    /// then says so, for the write to roll back.
    func restore<R: Record>(_ type: R.Type, removal: RemovalID, at time: Date) throws -> [UUID] {
        let table = Self.table(R.kind)
        let list = Self.listExpression("position")
        let rows = try connection.query(
            "WITH back AS (DELETE FROM \(Self.removed) WHERE household = $1 AND kind = '\(table)' AND removal = $2 "
                + "AND removed_at >= $3 AND position >= $4 AND position < $5 RETURNING record), "
                + "restored AS (INSERT INTO \(table) SELECT kept.* FROM back, "
                + "jsonb_populate_record(NULL::\(table), back.record) AS kept WHERE kept.household = $1 "
                + "ON CONFLICT DO NOTHING RETURNING id, position), "
                + "counted AS (INSERT INTO record_changes (household, kind, list, step) "
                + "SELECT $1, '\(table)', \(list), count(*) FROM restored GROUP BY \(list)) "
                + "SELECT (SELECT count(*) FROM back), (SELECT count(*) FROM restored), "
                + "(SELECT string_agg(id, ' ' ORDER BY position) FROM restored)",
            [
                bounds.household, .text(removal.description), .date(time.addingTimeInterval(-Undo.window)), bounds.low,
                bounds.high,
            ])
        guard rows.count == 1 else { return [] }
        if rows.integer(0, 0) != rows.integer(0, 1) { throw StoreError.conflict(R.kind) }
        guard !rows.isNull(0, 2) else { return [] }
        return try rows.text(0, 2).split(separator: " ").map { text in
            guard let id = UUID(text: String(text)) else { throw StoreError.corrupt("id \(text)") }
            return id
        }
    }

    func recentlyRemoved(_ removal: RemovalID, at time: Date) throws -> [RecordKey] {
        let rows = try connection.query(
            "SELECT kind, id, position FROM \(Self.removed) WHERE household = $1 AND removal = $2 "
                + "AND removed_at >= $3 AND position >= $4 AND position < $5",
            [
                bounds.household, .text(removal.description), .date(time.addingTimeInterval(-Undo.window)), bounds.low,
                bounds.high,
            ])
        var kept: [(key: RecordKey, position: Int64)] = []
        for row in 0..<rows.count {
            guard let kind = StoreLayout.kind(ofTable: rows.text(row, 0)), let id = UUID(text: rows.text(row, 1))
            else { continue }
            kept.append((RecordKey(kind, id), rows.integer(row, 2)))
        }
        return StoreLayout.inRestoringOrder(kept)
    }

    func revision() throws -> Int64 {
        try connection.integer(
            bounds.list == nil
                ? "SELECT (SELECT coalesce(sum(changes), 0) FROM record_counts WHERE household = $1)::bigint "
                    + "+ (SELECT count(*) FROM record_changes WHERE household = $1)"
                : "SELECT (SELECT coalesce(sum(changes), 0) FROM record_counts WHERE household = $1 AND list = $2)"
                    + "::bigint + (SELECT count(*) FROM record_changes WHERE household = $1 AND list = $2)",
            bounds.list.map { [bounds.household, $0] } ?? [bounds.household]) ?? 0
    }

    func revisions() throws -> [RecordKind: Int64] {
        let rows = try connection.query(
            "SELECT kind, sum(n)::bigint FROM (SELECT kind, changes AS n FROM record_counts WHERE household = $1"
                + "\(bounds.listTest("$2")) UNION ALL SELECT kind, count(*) FROM record_changes WHERE household = $1"
                + "\(bounds.listTest("$2")) GROUP BY kind) AS counted GROUP BY kind",
            [bounds.household] + bounds.listParameters)
        var byKind: [RecordKind: Int64] = [:]
        for row in 0..<rows.count {
            if let kind = StoreLayout.kind(ofTable: rows.text(row, 0)) { byKind[kind] = rows.integer(row, 1) }
        }
        return byKind
    }

    func setting(_ key: String) throws -> String? {
        // Settings decide things once per database (seeding): in a write, whoever reads one holds the store's
        // lock until commit, so two servers starting at once take turns there, and only there.
        if isWrite { try connection.execute(PostgresStore.writeLock) }
        let rows = try connection.query("SELECT value FROM settings WHERE key = $1", [.text(key)])
        return rows.count > 0 ? rows.text(0, 0) : nil
    }

    func setSetting(_ key: String, to value: String) throws {
        try connection.run(
            "INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            [.text(key), .text(value)])
    }

    func removeSetting(_ key: String) throws {
        try connection.run("DELETE FROM settings WHERE key = $1", [.text(key)])
    }

    private static func metaValues<R: Record>(_ record: R) -> [FieldValue] {
        [
            .text(record.id.text), .date(record.meta.createdAt), .date(record.meta.updatedAt),
            .integer(Int64(record.meta.version)),
        ]
    }
}

/// A few columns of a long list, and a log's names grouped, in statements of their own (schema 24's index on
/// sightings serves the groups and the look-ups).
extension PostgresSession: ColumnReadingSession {
    func values<R: Record>(
        _ type: R.Type, columns: [(name: String, kind: FieldKind)], within: (column: String, range: Range<Date>)?
    ) throws -> [FieldValue] {
        let names = columns.map(\.name).joined(separator: ", ")
        var sql = "SELECT \(names) FROM \(Self.table(R.kind)) WHERE household = $1 AND position >= $2 AND position < $3"
        var parameters = [bounds.household, bounds.low, bounds.high]
        if let within {
            sql += " AND \(within.column) >= $4 AND \(within.column) < $5"
            parameters += [.date(within.range.lowerBound), .date(within.range.upperBound)]
        }
        let rows = try connection.query(sql + " ORDER BY position", parameters)
        var values: [FieldValue] = []
        values.reserveCapacity(rows.count * columns.count)
        for row in 0..<rows.count {
            for (index, column) in columns.enumerated() { values.append(rows.value(row, index, as: column.kind)) }
        }
        return values
    }

    func values<R: Record>(_ type: R.Type, columns: [(name: String, kind: FieldKind)], where filter: FieldFilter)
        throws -> NumberedValues
    {
        let (condition, parameters) = try self.condition(filter, type)
        let names = columns.map(\.name).joined(separator: ", ")
        let rows = try connection.query(
            "SELECT number, \(names) FROM \(Self.numberedScope(Self.table(R.kind))) \(condition) ORDER BY position",
            parameters)
        var found = NumberedValues()
        found.numbers.reserveCapacity(rows.count)
        found.values.reserveCapacity(rows.count * columns.count)
        for row in 0..<rows.count {
            found.numbers.append(Int(rows.integer(row, 0)))
            for (index, column) in columns.enumerated() {
                found.values.append(rows.value(row, index + 1, as: column.kind))
            }
        }
        return found
    }

    func records<R: Record>(_ type: R.Type, ids: [UUID]) throws -> [UUID: R] {
        var found: [UUID: R] = [:]
        for numbered in try numbered(
            type,
            "SELECT \(Self.columns(type)) FROM \(Self.table(R.kind)) WHERE household = $2 AND id = ANY($1::text[]) "
                + "AND position >= $3 AND position < $4",
            [.text("{" + ids.map(\.text).joined(separator: ",") + "}"), bounds.household, bounds.low, bounds.high])
        {
            found[numbered.record.id] = numbered.record
        }
        return found
    }

    func records<R: Record>(_ type: R.Type, firstOf groups: [FirstInGroup]) throws -> [UUID: R] {
        try records(type, ids: groups.map(\.id))
    }

    /// The first row of each group in the index's order (date, then position), and the group's size.
    func firstInGroups<R: Record>(
        _ type: R.Type, groupedBy columns: [(name: String, kind: FieldKind)], earliest: String
    ) throws -> [FirstInGroup] {
        let names = columns.map(\.name).joined(separator: ", ")
        let rows = try connection.query(
            "SELECT DISTINCT ON (\(names)) \(names), count(*) OVER (PARTITION BY \(names)), \(earliest), position, id "
                + "FROM \(Self.table(R.kind)) WHERE household = $1 AND position >= $2 AND position < $3 "
                + "ORDER BY \(names), \(earliest), position", [bounds.household, bounds.low, bounds.high])
        let count = columns.count
        var groups: [FirstInGroup] = []
        groups.reserveCapacity(rows.count)
        for row in 0..<rows.count {
            guard let id = UUID(text: rows.text(row, count + 3)) else { throw StoreError.corrupt("id") }
            groups.append(
                FirstInGroup(
                    values: columns.enumerated().map { rows.value(row, $0.offset, as: $0.element.kind) },
                    count: Int(rows.integer(row, count)),
                    date: Date(timeIntervalSince1970: Double(rows.integer(row, count + 1)) / 1000), id: id,
                    place: rows.integer(row, count + 2)))
        }
        return groups
    }

    func hasEarlier<R: Record>(
        _ type: R.Type, matching: [(name: String, value: FieldValue)], earliest: String, from: Date, than id: UUID
    ) throws -> Bool {
        let table = Self.table(R.kind)
        let tests = matching.enumerated().map { "\($0.element.name) IS NOT DISTINCT FROM $\($0.offset + 6)" }
            .joined(separator: " AND ")
        let rows = try connection.query(
            "SELECT \(earliest), position FROM \(table) WHERE household = $1 AND id = $2 AND position >= $3 "
                + "AND position < $4", [bounds.household, .text(id.text), bounds.low, bounds.high])
        guard rows.count == 1 else { throw StoreError.notFound(R.kind) }
        let found = try connection.integer(
            "SELECT 1 FROM \(table) WHERE household = $1 AND position >= $2 AND position < $3 AND \(earliest) >= $4 "
                + "AND (\(earliest), position) < ($5, $\(matching.count + 6)) AND \(tests) LIMIT 1",
            [bounds.household, bounds.low, bounds.high, .date(from), .integer(rows.integer(0, 0))]
                + matching.map(\.value) + [.integer(rows.integer(0, 1))])
        return found != nil
    }
}
