import Foundation

/// The Shopping List app's catalog of items (the Items tab); the lists they are put on are ``ShoppingLists``.
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

    /// How many items the catalog holds, counted by the store (kept as a count: no list is read).
    public func catalogCount() throws -> Int {
        try items.counts([nil])[0]
    }

    /// The item `reference` points at.
    /// - Throws: ``ValidationError`` when none or several match.
    public func item(_ reference: Reference) throws -> Numbered<ShoppingItem> {
        try items.find(reference)
    }

    /// Adds an item at the end of the catalog (as `createItemWithName:andPrice:` did); with its short number unless
    /// `numbered` is false. `id`, the client's choice, makes an add sent twice add once (see
    /// ``RecordList/add(_:numbered:id:)``). Lists are put items on by ``ShoppingLists``.
    /// - Throws: ``ValidationError`` for a bad name or price.
    @discardableResult
    public func add(name: String, price: Money, numbered: Bool = true, id: UUID? = nil) throws -> Added<ShoppingItem> {
        try items.add(ShoppingItem(meta: .draft, name: name, price: price), numbered: numbered, id: id)
    }

    /// Changes an item's name and/or price, in one change (one new version).
    /// - Throws: ``ValidationError``, ``StoreError/conflict(_:)`` when `expectedVersion` is stale.
    @discardableResult
    public func edit(_ reference: Reference, name: String? = nil, price: Money? = nil, expectedVersion: Int? = nil)
        throws -> Numbered<ShoppingItem>
    {
        try items.change([reference], expectedVersion: expectedVersion) { item in
            if let name { item.name = name }
            if let price { item.price = price }
        }[0]
    }

    /// Deletes items from the catalog (their entries stay on the lists, shown as deleted items), all or none; each can be put back for a
    /// while (``restore(_:)``).
    @discardableResult
    public func remove(_ references: [Reference], expectedVersion: Int? = nil) throws -> [Numbered<ShoppingItem>] {
        try items.remove(references, expectedVersion: expectedVersion)
    }

    /// Puts back a deleted item, as it was and where it was (the undo of a delete; see ``RecordList/restore(_:)``).
    /// - Throws: ``StoreError/nothingToRestore(_:)``, ``StoreError/conflict(_:)``.
    @discardableResult
    public func restore(_ id: UUID) throws -> Numbered<ShoppingItem> {
        try items.restore(id)
    }
}
