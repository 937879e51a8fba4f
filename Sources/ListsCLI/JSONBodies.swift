import ListsModel

/// A collection as the API returns it: `{"items"|"tasks"|"sightings": [...], "nextCursor": null}`.
struct CollectionBody<R: Record & Encodable>: Encodable {
    var key: String
    var records: [R]
    var nextCursor: String? = nil

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(records, forKey: Key(stringValue: key))
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
