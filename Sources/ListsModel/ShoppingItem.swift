import Foundation

/// An item of the shopping catalog: the tutorial's `MTItem` (`uuid`, `name`, `price`, `inShoppingList`).
public struct ShoppingItem: Record {
    public static let kind = RecordKind.item

    public var meta: RecordMeta
    /// What the item is called, 1 to 200 characters.
    public var name: String
    /// Its exact price.
    public var price: Money
    /// Whether the item is on the shopping list (the tutorial's checkmark).
    public var isOnShoppingList: Bool
    /// The id of its category (its aisle: ``ItemCategory``), or none. An id of no category of the household (one
    /// deleted since) reads as none, and as its category again when the delete is undone.
    public var category: String?

    /// An item with already validated values.
    public init(meta: RecordMeta, name: String, price: Money, isOnShoppingList: Bool = false, category: String? = nil) {
        self.meta = meta
        self.name = name
        self.price = price
        self.isOnShoppingList = isOnShoppingList
        self.category = category
    }

    public var displayName: String { name }

    /// An item's fields: the one place that says how each is stored, written, read and checked.
    public enum Fields {
        /// `name`: 1 to 200 characters.
        public static let name = Field(
            ShoppingItem.self, key: "name", column: "name", type: .text(what: "an item's name"), get: { $0.name },
            set: { $0.name = $1 })
        /// `price`: exact, in cents in stores; 0 when not given.
        public static let price = Field(
            ShoppingItem.self,
            key: "price", column: "price_cents", type: .price, initial: .value(.zero), get: { $0.price },
            set: { $0.price = $1 })
        /// `inShoppingList`: the checkmark; a new item starts off the list.
        public static let isOnShoppingList = Field(
            ShoppingItem.self,
            key: "inShoppingList", column: "on_shopping_list", type: .bool,
            initial: .value(false), get: { $0.isOnShoppingList }, set: { $0.isOnShoppingList = $1 })
        /// `category`: the id of one of the household's categories, or none; a new item given none gets the one
        /// suggested for its name (``Categories/suggestion(for:household:in:)``).
        public static let category = Field(
            ShoppingItem.self, key: "category", column: "category",
            type: .optionalRecordID(
                what: "a category",
                description:
                    "The id of one of the household's categories, or null. A new item given none gets the one suggested for its name."
            ),
            initial: .value(nil), get: { $0.category }, set: { $0.category = $1 })
    }

    public static let schema = RecordSchema<ShoppingItem>(
        [Fields.name.erased, Fields.price.erased, Fields.isOnShoppingList.erased, Fields.category.erased],
        name: Fields.name,
        blank: { ShoppingItem(meta: $0, name: "", price: .zero) })

    /// Checks an item's name: trimmed, 1 to 200 characters, no control characters.
    /// - Throws: ``ValidationError`` for `name`.
    public static func validName(_ name: String) throws -> String {
        try Fields.name.checked(name)
    }
}
