import Foundation
import JSONCodec

/// A collection as the API returns it: `{"items"|"tasks"|"sightings": [...], "nextCursor": null}`.
public struct CollectionBody<R: Record> {
    /// The records, in list order.
    public var records: [R]
    /// Where the next page starts (`cursor=`), or `nil` on the last page.
    public var nextCursor: String?

    /// The records of `numbered`, without their numbers.
    public init(_ numbered: [Numbered<R>], nextCursor: String? = nil) {
        records = numbered.map(\.record)
        self.nextCursor = nextCursor
    }
}

/// The shopping list as `GET /api/v1/shopping-list` returns it: `{"items": [...], "total": 1.99}`.
public struct ShoppingListBody {
    /// The items on the shopping list, in catalog order.
    public var items: [ShoppingItem]
    /// The exact sum of their prices.
    public var total: Money

    /// The body for `items` and their `total`.
    public init(items: [ShoppingItem], total: Money) {
        self.items = items
        self.total = total
    }
}
