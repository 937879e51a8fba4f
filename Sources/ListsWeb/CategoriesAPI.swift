import Foundation
import JSONCodec
import ListsHTTP
import ListsModel

/// The JSON API of the household's categories (``Categories``) and of each list's aisles, the order its sections
/// are walked in (``ShoppingLists/aisles(of:)``). An item's category is its `category` field (`/api/v1/items`).
///
/// A category's `DELETE` answers the removal that took it out; `POST /api/v1/categories/removals/{removal}/restore`
/// puts it back for ``Undo/window``. Items in a deleted category read as having none until then.
enum CategoriesAPI {
    static let tag = "Categories"
    static let categoryPath = "/api/v1/categories/{id}"

    static func aisles(_ list: NamedList, _ context: RequestContext) throws -> HTTPResponse {
        let (order, byHand) = try context.lists.shoppingLists.aisles(of: list)
        return .json(bytes: CategoriesBody(order, byHand: byHand).jsonBytes)
    }

    /// The category the path names.
    static func category(_ context: RequestContext) throws -> ItemCategory {
        try context.lists.categories.category(.id(context.parameters.id()))
    }

    static var routes: [APIRoute] { categoryRoutes + aisleRoutes }

    static var categoryRoutes: [APIRoute] {
        [
            APIRoute(
                method: "GET", path: "/api/v1/categories",
                operation: APIOperation(
                    id: "listCategories", tag: tag,
                    summary: "The household's categories in their order: the defaults until it changes them.",
                    answer: APIOperation.json("OK", schema: "Categories"))
            ) { _, context in .json(bytes: CategoriesBody(try context.lists.categories.all()).jsonBytes) },
            APIRoute(
                method: "POST", path: "/api/v1/categories",
                operation: APIOperation(
                    id: "addCategory", tag: tag, summary: "Adds a category, after the others.",
                    body: APIOperation.jsonBody(schema: "CategoryInput"), status: 201,
                    answer: APIOperation.json(
                        "Created", schema: "Category", headers: RecordAPI<ItemCategory>.locationHeaders),
                    otherAnswers: [
                        200: APIOperation.json(
                            "Added before: the category with the id the body chose is answered as it is.",
                            schema: "Category", headers: RecordAPI<ItemCategory>.locationHeaders)
                    ],
                    refusals: APIOperation.writeRefusals + [409])
            ) { request, context in
                let categories = try context.lists.categories
                let members = try JSONInput.object(from: request, allowed: ["name", "id"])
                let id = try ItemCategory.schema.chosenID(in: members)
                guard let name = try ListsAPI.value(ItemCategory.Fields.name, in: members, now: context.lists.clock())
                else {
                    throw ValidationError(field: "name", message: "a category's name is required")
                }
                let before = try id.flatMap { id in try categories.all().first { $0.id == id } }
                let added = try categories.add(name: name, id: id)
                return RecordAPI<ItemCategory>.created(added, status: before == nil ? 201 : 200)
            },
            APIRoute(
                method: "PATCH", path: categoryPath,
                operation: APIOperation(
                    id: "renameCategory", tag: tag, summary: "Renames a category.",
                    parameters: [ListsAPI.idParameter, ListsAPI.ifMatch],
                    body: APIOperation.jsonBody(schema: "CategoryPatch"),
                    answer: APIOperation.json("OK", schema: "Category", headers: APIOperation.etag),
                    refusals: APIOperation.writeRefusals + [404, 409, 412])
            ) { request, context in
                let target = try category(context)
                let expected = try RecordAPI<ItemCategory>.expectedVersion(request)
                let members = try JSONInput.object(from: request, allowed: ["name"])
                guard let name = try ListsAPI.value(ItemCategory.Fields.name, in: members, now: context.lists.clock())
                else { return RecordAPI<ItemCategory>.record(target) }
                return RecordAPI<ItemCategory>.record(
                    try context.lists.categories.rename(.id(target.id), to: name, expectedVersion: expected))
            },
            APIRoute(
                method: "DELETE", path: categoryPath,
                operation: APIOperation(
                    id: "deleteCategory", tag: tag,
                    summary: "Deletes a category; its items read as having none. The removal it answers puts it "
                        + "back for \(Int(Undo.window / 60)) minutes.",
                    parameters: [ListsAPI.idParameter, ListsAPI.ifMatch],
                    answer: APIOperation.json("Deleted.", schema: "Removal"), refusals: [400, 404, 412])
            ) { request, context in
                let target = try category(context)
                let removal = RemovalID()
                try context.lists.categories.delete(
                    .id(target.id), expectedVersion: RecordAPI<ItemCategory>.expectedVersion(request),
                    removal: removal)
                return .json(bytes: Array(#"{"removal":"\#(removal)"}"#.utf8))
            },
            APIRoute(
                method: "POST", path: "/api/v1/categories/removals/{removal}/restore",
                operation: APIOperation(
                    id: "restoreCategory", tag: tag,
                    summary: "Puts back a category deleted less than \(Int(Undo.window / 60)) minutes ago: the undo "
                        + "of a category's DELETE.",
                    parameters: [ListsAPI.removalParameter],
                    answer: APIOperation.json("The categories now.", schema: "Categories"),
                    refusals: [400, 404, 409])
            ) { _, context in
                let categories = try context.lists.categories
                try categories.restore(RemovalID(context.parameters.id("removal")))
                return .json(bytes: CategoriesBody(try categories.all()).jsonBytes)
            },
        ]
    }

    static var aisleRoutes: [APIRoute] {
        [
            APIRoute(
                method: "GET", path: ListsAPI.listPath + "/aisles",
                operation: APIOperation(
                    id: "getAisles", tag: tag,
                    summary: "The household's categories in the order the list's store is walked: set by hand when a "
                        + "section was moved (byHand), else learned from the list's check-offs.",
                    parameters: [ListsAPI.idParameter], answer: APIOperation.json("OK", schema: "Aisles"),
                    refusals: [400, 404])
            ) { _, context in try aisles(try ListsAPI.list(context), context) },
            APIRoute(
                method: "POST", path: ListsAPI.listPath + "/aisles/move",
                operation: APIOperation(
                    id: "moveAisle", tag: tag,
                    summary: "Moves a category in the list's aisle order (offset -1 one place towards the entrance), "
                        + "which is then set by hand and wins over what is learned.",
                    parameters: [ListsAPI.idParameter], body: APIOperation.jsonBody(schema: "AisleMove"),
                    answer: APIOperation.json("The new order.", schema: "Aisles"),
                    refusals: APIOperation.writeRefusals + [404])
            ) { request, context in
                let target = try ListsAPI.list(context)
                let members = try JSONInput.object(from: request, allowed: ["category", "offset"])
                guard case .string(let text)? = members["category"], let id = UUID(text: text) else {
                    throw ValidationError(field: "category", message: "the id of a category is required")
                }
                guard case .number(let number)? = members["offset"], let offset = Int(number.text) else {
                    throw ValidationError(field: "offset", message: "offset must be a whole number of places")
                }
                try context.lists.shoppingLists.moveAisle(.id(id), by: offset, on: target)
                return try aisles(try ListsAPI.list(context), context)
            },
            APIRoute(
                method: "POST", path: ListsAPI.listPath + "/aisles/learn",
                operation: APIOperation(
                    id: "learnAisles", tag: tag,
                    summary: "Forgets the aisle order set by hand: the list's order is learned from its check-offs "
                        + "again.",
                    parameters: [ListsAPI.idParameter], answer: APIOperation.json("The order now.", schema: "Aisles"),
                    refusals: [400, 404])
            ) { _, context in
                try context.lists.shoppingLists.learnAisles(of: try ListsAPI.list(context))
                return try aisles(try ListsAPI.list(context), context)
            },
        ]
    }

    /// The document's schemas.
    static var schemas: [(name: String, schema: String)] {
        [
            ("Category", ItemCategory.schema.recordSchema),
            (
                "Categories",
                ##"{"type": "object", "additionalProperties": false, "required": ["categories"], "properties": {"categories": {"type": "array", "items": {"$ref": "#/components/schemas/Category"}}}}"##
            ),
            (
                "CategoryInput",
                #"{"type": "object", "additionalProperties": false, "required": ["name"], "properties": {"name": \#(ItemCategory.Fields.name.type.schema), "id": {"type": "string", "format": "uuid", "description": "The new category's id, chosen by the client: sent again, nothing more is added."}}}"#
            ),
            (
                "CategoryPatch",
                #"{"type": "object", "additionalProperties": false, "properties": {"name": \#(ItemCategory.Fields.name.type.schema)}}"#
            ),
            (
                "Aisles",
                ##"{"type": "object", "additionalProperties": false, "required": ["aisles", "byHand"], "properties": {"aisles": {"type": "array", "items": {"$ref": "#/components/schemas/Category"}}, "byHand": {"type": "boolean"}}}"##
            ),
            (
                "AisleMove",
                #"{"type": "object", "additionalProperties": false, "required": ["category", "offset"], "properties": {"category": {"type": "string", "format": "uuid", "description": "The category's id."}, "offset": {"type": "integer", "description": "Places to move: negative towards the entrance, positive away."}}}"#
            ),
        ]
    }
}
