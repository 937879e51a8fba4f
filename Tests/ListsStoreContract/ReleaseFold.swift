import Foundation
import ListsModel
import Testing

/// What a database the release before the Shopping List tab became a named list (schema 17) wrote must become, on
/// either store: each store's tests restore such a database (their `Fixtures/release-schema-17`) and run this.
public enum ReleaseFold {
    /// Checks `store`, a database of that release as its `lists` commands left it (the tutorials' seeded data, Pear
    /// and Bread put on the shopping list, Oat milk added at 1.99 and put on it, a list "Hardware" made and Pear put
    /// on it: 2, "the ripe ones"; the three seeded tasks), then folds it as a face does at a household's first open and checks the result:
    /// the marked items on the list "Shopping", first, with their total; Hardware as it was; no mark left. Answers
    /// the list "Shopping".
    @discardableResult
    public static func foldsTheShoppingListIntoTheListShopping(_ store: any Store) throws -> NamedList {
        let shop = ShoppingList(store: store)
        #expect(try shop.shoppingList().map(\.record.name) == ["Pear", "Bread", "Oat milk"])
        let lists = ShoppingLists(store: store)
        let shopping = try #require(try lists.foldCheckmarks())
        #expect(try lists.all().map(\.name) == ["Shopping", "Hardware"])
        #expect(try lists.rows(of: shopping).map { $0.item?.name } == ["Pear", "Bread", "Oat milk"])
        #expect(try lists.tutorialList(shopping).total == Money(minorUnits: 62 + 312 + 199))
        let hardware = try lists.list(.typed("Hardware"))
        #expect(
            try lists.rows(of: hardware).map {
                "\($0.item?.name ?? "") \($0.entry.record.quantity ?? "-") \($0.entry.record.note ?? "-")"
            } == ["Pear 2 the ripe ones"])
        #expect(try shop.shoppingList().isEmpty)
        // The tasks come through schema 18 as they were, with no due date, priority, note or time done.
        let tasks = try TodoList(store: store).all().map(\.record)
        #expect(tasks.map(\.title) == ["Walk the dogs", "Feed the hogs", "Chop the logs"])
        #expect(tasks.allSatisfy { $0.due == nil && $0.priority == nil && $0.note == nil && $0.doneAt == nil })
        // They are on no list until the household is first opened, which puts them on the to-do list "To-Do",
        // in their order, each at the version it had.
        #expect(tasks.allSatisfy { $0.list == nil })
        let todoLists = TodoLists(store: store)
        let toDo = try #require(try todoLists.fold())
        #expect(try todoLists.all() == [toDo] && toDo.name == "To-Do")
        let listed = try todoLists.tasks(of: toDo).all().map(\.record)
        #expect(listed.map(\.title) == tasks.map(\.title))
        #expect(listed.map(\.meta.version) == tasks.map(\.meta.version))
        #expect(try todoLists.fold() == nil)
        return shopping
    }
}
