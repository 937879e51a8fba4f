import Foundation
import ListsModel

/// The item's stored mark (`on_shopping_list`) as a plain boolean field of the catalog, which the contract checks
/// stores keep, filter, count and sum by as any field: it is what ``ListsModel/ShoppingLists/foldCheckmarks()``
/// reads from a database made before named lists. (The Items tab's checkmark is an entry of a list now; these are
/// not how a face puts an item on a list.)
extension ShoppingList {
    public static let marked = ShoppingItem.Fields.isOnShoppingList == true

    /// Adds an item with the stored mark set or not.
    @discardableResult
    public func add(name: String, price: Money, isOnShoppingList: Bool, numbered: Bool = true, id: UUID? = nil) throws
        -> Added<ShoppingItem>
    {
        try items.add(
            ShoppingItem(meta: .draft, name: name, price: price, isOnShoppingList: isOnShoppingList),
            numbered: numbered, id: id)
    }

    /// Changes an item's name, price and stored mark in one change.
    @discardableResult
    public func edit(
        _ reference: Reference, name: String? = nil, price: Money? = nil, isOnShoppingList: Bool?,
        expectedVersion: Int? = nil
    ) throws -> Numbered<ShoppingItem> {
        try items.change([reference], expectedVersion: expectedVersion) { item in
            if let name { item.name = name }
            if let price { item.price = price }
            if let isOnShoppingList { item.isOnShoppingList = isOnShoppingList }
        }[0]
    }

    /// The marked items, in catalog order.
    public func shoppingList() throws -> [Numbered<ShoppingItem>] {
        try items.list(where: Self.marked)
    }

    /// How many items are marked.
    public func onListCount() throws -> Int {
        try items.counts([Self.marked])[0]
    }

    /// How many items the catalog holds, and how many are marked.
    public func counts() throws -> (catalog: Int, onList: Int) {
        let counts = try items.counts([nil, Self.marked])
        return (counts[0], counts[1])
    }

    /// The sum of the marked items' prices, summed by the store.
    public func total() throws -> Money {
        try items.store.read { try Self.total(in: $0) }
    }

    private static func total(in session: any StoreSession) throws -> Money {
        Money(minorUnits: try session.sum(ShoppingItem.self, field: ShoppingItem.Fields.price.column, where: marked))
    }

    /// Sets the stored mark of the items, all or none.
    @discardableResult
    public func setOnShoppingList(_ references: [Reference], isOn: Bool, expectedVersion: Int? = nil) throws
        -> [Numbered<ShoppingItem>]
    {
        try items.change(references, expectedVersion: expectedVersion) { $0.isOnShoppingList = isOn }
    }

    /// Flips an item's stored mark.
    @discardableResult
    public func toggle(_ reference: Reference, expectedVersion: Int? = nil) throws -> Numbered<ShoppingItem> {
        try items.change([reference], expectedVersion: expectedVersion) { $0.isOnShoppingList.toggle() }[0]
    }
}
