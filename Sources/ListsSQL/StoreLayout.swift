import ListsModel

/// The names every relational store gives what it keeps, so that SQLite and PostgreSQL lay records out alike:
/// one table per ``RecordKind``, the meta columns, then a column per ``FieldSpec``.
public enum StoreLayout {
    /// The table that holds records of `kind`.
    public static func table(_ kind: RecordKind) -> String {
        switch kind {
        case .item: "items"
        case .task: "tasks"
        case .sighting: "sightings"
        }
    }

    /// The columns a record of `type` is read from, in order: meta first, then the fields.
    public static func columns<R: Record>(_ type: R.Type) -> String {
        (["id", "created_at", "updated_at", "version"] + R.fieldSpecs.map(\.name)).joined(separator: ", ")
    }

    /// The column `filter` tests, checked to be a field of `type`, so that no caller text reaches the SQL.
    /// - Throws: ``StoreError/failure(_:)`` for a field `type` does not have.
    public static func filteredColumn<R: Record>(_ filter: FieldFilter, _ type: R.Type) throws -> String {
        guard R.schema.fields.contains(where: { $0.column == filter.column }) else {
            throw StoreError.failure("unknown field \(filter.column) for \(R.kind.noun)")
        }
        return filter.column
    }
}
