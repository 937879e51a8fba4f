import Foundation

/// An item of the shopping catalog: the tutorial's `MTItem` (`uuid`, `name`, `price`, `inShoppingList`).
public struct ShoppingItem: Record {
    public static let kind = RecordKind.item
    public static let fieldSpecs = [
        FieldSpec("name", .text), FieldSpec("price_cents", .integer), FieldSpec("on_shopping_list", .bool),
    ]
    public static let nameField = "name"

    public var meta: RecordMeta
    /// What the item is called, 1 to 200 characters.
    public var name: String
    /// Its exact price.
    public var price: Money
    /// Whether the item is on the shopping list (the tutorial's checkmark).
    public var isOnShoppingList: Bool

    /// An item with already validated values.
    public init(meta: RecordMeta, name: String, price: Money, isOnShoppingList: Bool = false) {
        self.meta = meta
        self.name = name
        self.price = price
        self.isOnShoppingList = isOnShoppingList
    }

    public var fields: [FieldValue] { [.text(name), .integer(price.minorUnits), .bool(isOnShoppingList)] }
    public var displayName: String { name }

    public init(meta: RecordMeta, fields: [FieldValue]) throws {
        self.init(
            meta: meta, name: try fields.text(0), price: Money(minorUnits: try fields.integer(1)),
            isOnShoppingList: try fields.bool(2))
    }

    /// Checks an item's name: trimmed, 1 to 200 characters, no control characters.
    /// - Throws: ``ValidationError`` for `name`.
    public static func validName(_ name: String) throws -> String {
        try TextRule.check(name, field: "name", what: "an item's name") ?? ""
    }
}

extension ShoppingItem: Encodable {
    enum CodingKeys: String, CodingKey {
        case id, name, price, inShoppingList, createdAt, updatedAt, version
    }

    /// The API's shape: `{id, name, price, inShoppingList, createdAt, updatedAt, version}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id.uuidString, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(price, forKey: .price)
        try container.encode(isOnShoppingList, forKey: .inShoppingList)
        try container.encode(meta.createdAt, forKey: .createdAt)
        try container.encode(meta.updatedAt, forKey: .updatedAt)
        try container.encode(meta.version, forKey: .version)
    }
}
