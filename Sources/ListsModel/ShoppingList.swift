import Foundation

/// The Shopping List app's data controller: the catalog of items and the shopping list drawn from it.
///
/// The tutorial kept `items` in `MTListViewController` and rewrote `items.plist` on every `saveItems`; here
/// each operation is one durable transaction in the store.
public struct ShoppingList: Sendable {
    /// The catalog's items, as the API serves every list.
    public let items: RecordList<ShoppingItem>

    /// The shopping data kept in `store`; `clock` dates changes (tests pass a fixed one).
    public init(store: any Store, clock: @escaping @Sendable () -> Date = { Date() }) {
        items = RecordList(store: store, clock: clock)
    }

    static let onList = ShoppingItem.Fields.isOnShoppingList == true

    /// The catalog in insertion order (the Items tab), paged by `offset` and `limit`.
    public func catalog(offset: Int = 0, limit: Int? = nil) throws -> [Numbered<ShoppingItem>] {
        try items.list(offset: offset, limit: limit)
    }

    /// Up to `limit` items of the catalog from the place `start` gives for the catalog's size, and that size, in
    /// one snapshot: a page of a long catalog.
    public func catalogWindow(limit: Int, start: (_ total: Int) -> Int) throws
        -> (items: [Numbered<ShoppingItem>], total: Int)
    {
        let window = try items.window(limit: limit, start: start)
        return (window.records, window.total)
    }

    /// The items on the shopping list, in catalog order (the Shopping List tab); numbers are catalog numbers.
    public func shoppingList() throws -> [Numbered<ShoppingItem>] {
        try items.list(where: Self.onList)
    }

    /// Up to `limit` items of the shopping list from the place `start` gives for the list's length, that length,
    /// and the exact total of the whole list (not only of these items), in one snapshot: a page of a long list.
    public func shoppingListWindow(limit: Int, start: (_ total: Int) -> Int) throws
        -> (items: [Numbered<ShoppingItem>], count: Int, total: Money)
    {
        try items.store.read { session in
            let window = try items.window(in: session, where: Self.onList, limit: limit, start: start)
            return (window.records, window.total, try Self.total(in: session))
        }
    }

    /// How many items the catalog holds, counted by the store (kept as a count: no list is read).
    public func catalogCount() throws -> Int {
        try items.counts([nil])[0]
    }

    /// How many items are on the shopping list, counted by the store.
    public func onListCount() throws -> Int {
        try items.counts([Self.onList])[0]
    }

    /// How many items the catalog holds, and how many of them are on the shopping list, counted by the store.
    public func counts() throws -> (catalog: Int, onList: Int) {
        let counts = try items.counts([nil, Self.onList])
        return (counts[0], counts[1])
    }

    /// The exact sum of the prices of the items on the shopping list.
    public func total() throws -> Money {
        try items.store.read { try Self.total(in: $0) }
    }

    /// ``total()`` in `session`'s snapshot.
    private static func total(in session: any StoreSession) throws -> Money {
        Money(minorUnits: try session.sum(ShoppingItem.self, field: ShoppingItem.Fields.price.column, where: onList))
    }

    /// The item `reference` points at.
    /// - Throws: ``ValidationError`` when none or several match.
    public func item(_ reference: Reference) throws -> Numbered<ShoppingItem> {
        try items.find(reference)
    }

    /// Adds an item at the end of the catalog, off the shopping list unless told (as `createItemWithName:andPrice:`
    /// did); with its short number unless `numbered` is false. `id`, the client's choice, makes an add sent twice
    /// add once (see ``RecordList/add(_:numbered:id:)``).
    /// - Throws: ``ValidationError`` for a bad name or price.
    @discardableResult
    public func add(
        name: String, price: Money, isOnShoppingList: Bool = false, numbered: Bool = true, id: UUID? = nil
    ) throws -> Added<ShoppingItem> {
        try items.add(
            ShoppingItem(meta: .draft, name: name, price: price, isOnShoppingList: isOnShoppingList),
            numbered: numbered, id: id)
    }

    /// Changes an item's name, price and/or place on the shopping list, in one change (one new version).
    /// - Throws: ``ValidationError``, ``StoreError/conflict(_:)`` when `expectedVersion` is stale.
    @discardableResult
    public func edit(
        _ reference: Reference, name: String? = nil, price: Money? = nil, isOnShoppingList: Bool? = nil,
        expectedVersion: Int? = nil
    ) throws -> Numbered<ShoppingItem> {
        try items.change([reference], expectedVersion: expectedVersion) { item in
            if let name { item.name = name }
            if let price { item.price = price }
            if let isOnShoppingList { item.isOnShoppingList = isOnShoppingList }
        }[0]
    }

    /// Puts the items on the shopping list (`true`) or takes them off (`false`), all or none.
    ///
    /// The undo of a check-off on the Shopping List tab is this with `true` and the version the check-off gave:
    /// putting the mark back is a change like any other (the version grows), and one made from a stale screen is
    /// refused, so an undo never overrides a change it did not see.
    /// - Throws: ``ValidationError`` for an unknown reference, ``StoreError/conflict(_:)``.
    @discardableResult
    public func setOnShoppingList(_ references: [Reference], isOn: Bool, expectedVersion: Int? = nil) throws
        -> [Numbered<ShoppingItem>]
    {
        try items.change(references, expectedVersion: expectedVersion) { $0.isOnShoppingList = isOn }
    }

    /// Flips an item's checkmark, as tapping its row did in the tutorial.
    @discardableResult
    public func toggle(_ reference: Reference, expectedVersion: Int? = nil) throws -> Numbered<ShoppingItem> {
        try items.change([reference], expectedVersion: expectedVersion) { $0.isOnShoppingList.toggle() }[0]
    }

    /// Deletes items from the catalog (and so from the shopping list), all or none; each can be put back for a
    /// while (``restore(_:)``).
    @discardableResult
    public func remove(_ references: [Reference], expectedVersion: Int? = nil) throws -> [Numbered<ShoppingItem>] {
        try items.remove(references, expectedVersion: expectedVersion)
    }

    /// Puts back a deleted item, as it was and where it was, on the shopping list if it was (the undo of a delete;
    /// see ``RecordList/restore(_:)``).
    /// - Throws: ``StoreError/nothingToRestore(_:)``, ``StoreError/conflict(_:)``.
    @discardableResult
    public func restore(_ id: UUID) throws -> Numbered<ShoppingItem> {
        try items.restore(id)
    }
}
