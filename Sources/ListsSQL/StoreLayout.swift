import ListsModel

/// The names every relational store gives what it keeps, so that SQLite and PostgreSQL lay records out alike:
/// one table per ``RecordKind``, the meta columns, then a column per ``FieldSpec``.
public enum StoreLayout {
    /// The table that holds records of `kind`.
    public static func table(_ kind: RecordKind) -> String { kind.table }

    /// The kind whose records `table` holds, if any.
    public static func kind(ofTable table: String) -> RecordKind? {
        RecordKind.all.first { $0.table == table }
    }

    /// The columns a record of `type` is read from, in order: meta first, then the fields.
    public static func columns<R: Record>(_ type: R.Type) -> String {
        columnNames(type).joined(separator: ", ")
    }

    /// ``columns(_:)`` one by one.
    public static func columnNames<R: Record>(_ type: R.Type) -> [String] {
        ["id", "created_at", "updated_at", "version"] + R.fieldSpecs.map(\.name)
    }

    /// Every column of `type`'s table: ``columnNames(_:)``, then the folded name and the position.
    public static func rowColumnNames<R: Record>(_ type: R.Type) -> [String] {
        columnNames(type) + ["name_key", "position"]
    }

    /// The column `filter` tests, checked to be a field of `type`, so that no caller text reaches the SQL.
    /// - Throws: ``StoreError/failure(_:)`` for a field `type` does not have.
    public static func filteredColumn<R: Record>(_ filter: FieldFilter, _ type: R.Type) throws -> String {
        guard R.schema.fields.contains(where: { $0.column == filter.column }) else {
            throw StoreError.failure("unknown field \(filter.column) for \(R.kind.noun)")
        }
        return filter.column
    }

    /// The table of recently removed records (SQLite schema 8, PostgreSQL schema 7): a record deleted less than
    /// ``ListsModel/Undo/window`` ago, as its row held it, so that an undo puts it back exactly and where it was,
    /// from any server sharing the store. Its columns: `kind` (the record's table), `id`, `position` (its place in
    /// its list, kept free meanwhile), `record` (a JSON object holding the whole row, each stored value under its
    /// column's name) and `removed_at` (milliseconds since 1970).
    public static let removedTable = "removed_records"
}
