import ListsModel

/// `{"total": 1.99}`.
struct TotalBody: Encodable {
    var total: Money
}

extension Output {
    /// Writes the records a command changed: the record itself when there is one, as `PATCH` returns it, else
    /// the collection shape.
    func json<R: Record & Encodable>(changed records: [Numbered<R>]) throws {
        if records.count == 1 { return try json(records[0].record) }
        try json(CollectionBody(records))
    }
}
