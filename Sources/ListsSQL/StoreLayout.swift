import ListsModel
import Synchronization

/// The names every relational store gives what it keeps, so that SQLite and PostgreSQL lay records out alike:
/// one table per ``RecordKind``, the meta columns, then a column per ``FieldSpec``.
public enum StoreLayout {
    /// The table that holds records of `kind`.
    public static func table(_ kind: RecordKind) -> String { kind.table }

    /// The kind whose records `table` holds, if any.
    public static func kind(ofTable table: String) -> RecordKind? {
        RecordKind.all.first { $0.table == table }
    }

    /// The columns a record of `type` is read from, in order: meta first, then the fields. Joined once a kind and
    /// kept: every read of a record by its id or number names them, and joining them again each time was half of
    /// looking up a task (17,000 instructions), half of an import into a list that has records already.
    public static func columns<R: Record>(_ type: R.Type) -> String {
        let table = table(R.kind)
        if let joined = joinedColumns.withLock({ $0[table] }) { return joined }
        let joined = columnNames(type).joinedInline(separator: ", ")
        joinedColumns.withLock { $0[table] = joined }
        return joined
    }

    /// ``columns(_:)`` by the kind's table (a dictionary keyed by `RecordKind` would have the runtime look its
    /// `Hashable` up by name at a command's start).
    private static let joinedColumns = Mutex<[String: String]>([:])

    /// ``columns(_:)`` one by one.
    public static func columnNames<R: Record>(_ type: R.Type) -> [String] {
        ["id", "created_at", "updated_at", "version"] + R.fieldSpecs.map(\.name)
    }

    /// Every column of `type`'s table: ``columnNames(_:)``, then the folded name and the position.
    public static func rowColumnNames<R: Record>(_ type: R.Type) -> [String] {
        columnNames(type) + ["name_key", "position"]
    }

    /// The SQL condition `filter` makes on `type`'s table, its tests joined by `AND`, and the values it binds, in
    /// order: `parameter(n)` writes the placeholder of the `n`-th value (0-based), `?` or `$n` as the dialect has
    /// them. Every column is checked to be a field of `type`, and an ordering to test an integer field, an instant,
    /// or a text field against text; text is ordered by its bytes (UTF-8's order is the code points'), which
    /// `byteOrder` makes of a column where the engine's own order is another (PostgreSQL's collation: `COLLATE
    /// "C"`), so that no caller text reaches the SQL and both stores answer alike. A test against `null` is `IS
    /// NULL` (`IS NOT NULL` for "not equal"), as SQL's `=` never holds for it.
    /// - Throws: ``StoreError/failure(_:)`` for a field `type` does not have, an ordering of another field, or an
    ///   ordering against `null`.
    public static func condition<R: Record>(
        _ filter: FieldFilter, _ type: R.Type, parameter: (Int) -> String,
        byteOrder: (_ column: String) -> String = { $0 }
    ) throws -> (sql: String, values: [FieldValue]) {
        var tests: [String] = []
        var values: [FieldValue] = []
        for condition in filter.conditions {
            // A loop, not `first(where:)`: in this generic function that is the standard library's unspecialized
            // copy, whose first call looks its associated types up by name (about 5% of a `todo add`'s instructions).
            var found: AnyField<R>?
            for field in R.schema.fields where field.column == condition.column {
                found = field
                break
            }
            guard let field = found else {
                throw StoreError.failure("unknown field \(condition.column) for \(R.kind.noun)")
            }
            switch (condition.comparison, condition.value) {
            case (.equal, .null):
                tests.append("\(field.column) IS NULL")
            case (.notEqual, .null):
                tests.append("\(field.column) IS NOT NULL")
            case (.equal, _), (.notEqual, _):
                tests.append("\(field.column) \(condition.comparison.rawValue) \(parameter(values.count))")
                values.append(condition.value)
            case (_, .null):
                throw StoreError.failure("\(field.column) of \(R.kind.noun) cannot be ordered against no value")
            case (_, .text) where field.storage == .text || field.storage == .optionalText:
                tests.append(
                    "\(byteOrder(field.column)) \(condition.comparison.rawValue) \(parameter(values.count))")
                values.append(condition.value)
            default:
                guard field.storage == .integer || field.storage == .date else {
                    throw StoreError.failure("\(field.column) of \(R.kind.noun) is not an ordered field")
                }
                tests.append("\(field.column) \(condition.comparison.rawValue) \(parameter(values.count))")
                values.append(condition.value)
            }
        }
        return (tests.joinedInline(separator: " AND "), values)
    }

    /// The keys of `kept` records (each with its position) in the order a restore of their removal puts them back
    /// and answers them: kind by kind in ``ListsModel/RecordKind/all``'s order, each kind in list order.
    public static func inRestoringOrder(_ kept: [(key: RecordKey, position: Int64)]) -> [RecordKey] {
        let order = Dictionary(uniqueKeysWithValues: RecordKind.all.enumerated().map { ($1, $0) })
        return kept.sorted { ((order[$0.key.kind] ?? 0), $0.position) < ((order[$1.key.kind] ?? 0), $1.position) }
            .map(\.key)
    }

    /// The table of recently removed records (SQLite schema 8, PostgreSQL schema 7): a record deleted less than
    /// ``ListsModel/Undo/window`` ago, as its row held it, so that an undo puts it back exactly and where it was,
    /// from any server sharing the store. Its columns: `household`, `kind` (the record's table), `id`, `position`
    /// (its place in its list, kept free meanwhile), `record` (a JSON object holding the whole row, each stored value
    /// under its column's name), `removed_at` (milliseconds since 1970) and `removal` (schema 12: the
    /// ``ListsModel/RemovalID`` of the records removed with it, which an undo puts back together).
    public static let removedTable = "removed_records"
}

/// The parameters that keep a statement to a store's scope (``ListsModel/StoreScope``), made once per session: its
/// household, the first and the last-plus-one position of its records (each store lays its lists out in positions
/// of its own), and its list, for the count and change rows kept per list.
public struct ScopeBounds: Sendable {
    /// The household.
    public let household: FieldValue
    /// The scope's first position.
    public let low: FieldValue
    /// The position after the scope's last.
    public let high: FieldValue
    /// The scope's list; `nil` for a whole household, whose count and change rows are all of the household's.
    public let list: FieldValue?

    /// The bounds of `scope`, whose records hold `positions`.
    public init(_ scope: StoreScope, positions: Range<Int64>) {
        household = .integer(scope.household.rawValue)
        low = .integer(positions.lowerBound)
        high = .integer(positions.upperBound)
        list = scope.list.map { .integer($0.rawValue) }
    }

    /// What keeps a count or change row to the scope, after the test of its household: ` AND list = ` and
    /// `placeholder`, or nothing for a whole household (so that its statements are the ones a household had).
    public func listTest(_ placeholder: String) -> String {
        list == nil ? "" : " AND list = \(placeholder)"
    }

    /// The parameter ``listTest(_:)`` binds, if any.
    public var listParameters: [FieldValue] { list.map { [$0] } ?? [] }
}
