import Foundation
import ListsModel

/// The three apps' data controllers over one store: what every page and API handler works with.
public struct ListsServices: Sendable {
    /// Where the records live.
    public let store: any Store
    /// The Shopping List app.
    public let shopping: ShoppingList
    /// The iTahDoodle app: every to-do list's tasks together (Today, Upcoming, the API's `/api/v1/tasks`).
    public let todo: TodoList
    /// The household's named to-do lists.
    public let todoLists: TodoLists
    /// The BirdWatching app.
    public let birds: BirdSightingLog
    /// The household's named shopping lists and their entries.
    public let shoppingLists: ShoppingLists
    /// The household's categories of items (the aisles of its lists).
    public let categories: Categories
    /// The current time (tests pass a fixed clock).
    public let clock: @Sendable () -> Date

    /// The controllers over `store`, dating changes with `clock`.
    public init(store: any Store, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.clock = clock
        shopping = ShoppingList(store: store, clock: clock)
        todo = TodoList(store: store, clock: clock)
        todoLists = TodoLists(store: store, clock: clock)
        birds = BirdSightingLog(store: store, clock: clock)
        shoppingLists = ShoppingLists(store: store, clock: clock)
        categories = Categories(store: store, clock: clock)
    }

    /// The store's revision, which grows with every change: pages poll it for live updates.
    /// - Throws: ``StoreError``.
    public func revision() throws -> Int64 {
        try store.read { try $0.revision() }
    }
}
