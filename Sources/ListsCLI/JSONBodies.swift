import ListsModel

/// A collection as the API returns it: `{"items"|"tasks"|"sightings": [...], "nextCursor": null}`.
struct CollectionBody<R: Record & Encodable>: Encodable {
    var records: [R]
    var nextCursor: String? = nil

    /// The records of `numbered`, without their numbers.
    init(_ numbered: [Numbered<R>]) {
        records = numbered.map(\.record)
    }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(records, forKey: Key(stringValue: R.kind.collectionKey))
        try container.encode(nextCursor, forKey: Key(stringValue: "nextCursor"))
    }
}

/// The shopping list as `GET /api/v1/shopping-list` returns it: `{"items": [...], "total": 1.99}`.
struct ShoppingListBody: Encodable {
    var items: [ShoppingItem]
    var total: Money
}

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
