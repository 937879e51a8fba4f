import Foundation
import ListsHTTP
import ListsModel

/// The JSON API under `/api/v1` (docs/architecture.md §4): the three apps' collections and records (one
/// ``RecordAPI`` each), the shopping list, the health check and the revision pages poll for live updates.
///
/// Every handler calls the same data-controller method as the page for the same action.
struct APIController: Sendable {
    /// The three record kinds' APIs.
    var shopping: RecordAPI<ShoppingItem> {
        RecordAPI(list: { $0.shopping.items }, tag: "Shopping", name: "Item", kept: .itemMark)
    }
    var todo: RecordAPI<TodoTask> { RecordAPI(list: { $0.todo.tasks }, tag: "To-Do", name: "Task") }
    var birds: RecordAPI<BirdSighting> {
        RecordAPI(list: { $0.birds.sightings }, tag: "Birds", name: "Sighting")
    }

    /// Every route, with its operation.
    var routes: [APIRoute] {
        [
            APIRoute(
                method: "GET", path: "/healthz",
                operation: APIOperation(
                    id: "health", summary: "Whether the server answers.",
                    answer: APIOperation.json("OK", schema: "Health")),
                traits: .publicAPI
            ) { _, _ in .json(bytes: Array(#"{"status":"ok"}"#.utf8)) },
            APIRoute(
                method: "GET", path: "/api/v1/revision",
                operation: APIOperation(
                    id: "revision",
                    summary: "A number that grows with every change to any record; pages poll it for live updates.",
                    answer: APIOperation.json("OK", schema: "Revision"))
            ) { _, context in .json(bytes: Array(#"{"revision":\#(try context.lists.revision())}"#.utf8)) },
            APIRoute(
                method: "GET", path: "/api/v1/shopping-list",
                operation: APIOperation(
                    id: "shoppingList", tag: "Shopping",
                    summary:
                        "The items to buy on the household's first list, in catalog order, and the exact total of "
                        + "that list's entries to buy (each item's price times its quantity).",
                    answer: APIOperation.json("OK", schema: "ShoppingList")),
                traits: .api.cachedByRevision
            ) { _, context in
                let lists = try context.lists.shoppingLists
                let (items, total) = try lists.tutorialList(try lists.tabList(preferring: nil))
                let body = ShoppingListBody(items: items.map(\.record), total: total)
                return .json(bytes: body.jsonBytes)
            },
        ] + shopping.routes + todo.routes + birds.routes + BirdListsAPI.routes + ListsAPI.routes + TodoListsAPI.routes
            + CategoriesAPI.routes + HouseholdAPI.routes + [ChangesAPI.route]
    }

    /// The record kinds' schemas for the document.
    var schemas: [(name: String, schema: String)] {
        shopping.schemas + todo.schemas + birds.schemas + BirdListsAPI.schemas + ListsAPI.schemas + TodoListsAPI.schemas
            + CategoriesAPI.schemas
            + HouseholdAPI.schemas
            + ChangesAPI.schemas
    }
}
