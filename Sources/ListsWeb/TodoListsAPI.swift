import Foundation
import JSONCodec
import ListsHTTP
import ListsModel

/// The JSON API of named to-do lists (``TodoLists``): `/api/v1/todo-lists` and each list's `/tasks`. A task is still
/// a record of `/api/v1/tasks`, whose `list` names its list: a POST there without one puts it on the household's
/// first list, and a PATCH of `list` moves it. Every handler calls the method the command for the same action calls.
///
/// A list's `DELETE` answers the removal that took it out with its tasks; `POST /api/v1/todo-lists/removals/{removal}/restore`
/// puts them all back, for ``Undo/window``.
enum TodoListsAPI {
    static let tag = "To-do lists"
    static let listPath = "/api/v1/todo-lists/{id}"

    /// The list the path names.
    static func list(_ context: RequestContext) throws -> TaskList {
        try context.lists.todoLists.list(.id(context.parameters.id()))
    }

    static var routes: [APIRoute] {
        [
            APIRoute(
                method: "GET", path: "/api/v1/todo-lists",
                operation: APIOperation(
                    id: "listTodoLists", tag: tag,
                    summary: "The household's to-do lists in their order, each with how many tasks it has and how "
                        + "many are not done.",
                    answer: APIOperation.json("OK", schema: "TodoLists"))
            ) { _, context in ListsAPI.json(TodoListsBody(try context.lists.todoLists.summaries())) },
            APIRoute(
                method: "POST", path: "/api/v1/todo-lists",
                operation: APIOperation(
                    id: "makeTodoList", tag: tag, summary: "Makes a to-do list, after the others.",
                    body: APIOperation.jsonBody(schema: "TodoListInput"), status: 201,
                    answer: APIOperation.json(
                        "Created", schema: "TodoList", headers: RecordAPI<TaskList>.locationHeaders),
                    otherAnswers: [
                        200: APIOperation.json(
                            "Made before: the list with the id the body chose is answered as it is.",
                            schema: "TodoList", headers: RecordAPI<TaskList>.locationHeaders)
                    ],
                    refusals: APIOperation.writeRefusals + [409])
            ) { request, context in
                let lists = try context.lists.todoLists
                let made = try ListsAPI.make(request, TaskList.Fields.name, in: lists.lists, by: lists.make(name:id:))
                var response = RecordAPI<TaskList>.record(made.list, status: made.isNew ? 201 : 200)
                response.headers["Location"] = "/api/v1/todo-lists/\(made.list.id.text)"
                return response
            },
            APIRoute(
                method: "GET", path: listPath,
                operation: APIOperation(
                    id: "getTodoList", tag: tag, summary: "One to-do list.", parameters: [ListsAPI.idParameter],
                    answer: APIOperation.json("OK", schema: "TodoList", headers: APIOperation.etag),
                    refusals: [400, 404])
            ) { _, context in RecordAPI<TaskList>.record(try list(context)) },
            APIRoute(
                method: "GET", path: listPath + "/tasks",
                operation: APIOperation(
                    id: "listTodoListTasks", tag: tag,
                    summary: "The list's tasks in their order.",
                    parameters: [ListsAPI.idParameter], answer: APIOperation.json("OK", schema: "TaskCollection"),
                    refusals: [400, 404])
            ) { _, context in
                let list = try list(context)
                return ListsAPI.json(CollectionBody(try context.lists.todoLists.tasks(of: list).all()))
            },
            APIRoute(
                method: "PATCH", path: listPath,
                operation: APIOperation(
                    id: "renameTodoList", tag: tag, summary: "Renames a to-do list.",
                    parameters: [ListsAPI.idParameter, ListsAPI.ifMatch],
                    body: APIOperation.jsonBody(schema: "TodoListPatch"),
                    answer: APIOperation.json("OK", schema: "TodoList", headers: APIOperation.etag),
                    refusals: APIOperation.writeRefusals + [404, 409, 412])
            ) { request, context in
                let lists = try context.lists.todoLists
                let target = try list(context)
                let expected = try RecordAPI<TaskList>.expectedVersion(request)
                let members = try ListsAPI.members(request, ["name"])
                guard let name = try ListsAPI.value(TaskList.Fields.name, in: members, now: lists.lists.now()) else {
                    return RecordAPI<TaskList>.record(target)
                }
                return RecordAPI<TaskList>.record(try lists.rename(.id(target.id), to: name, expectedVersion: expected))
            },
            APIRoute(
                method: "POST", path: listPath + "/move",
                operation: APIOperation(
                    id: "moveTodoList", tag: tag,
                    summary: "Moves a to-do list among the lists: offset -1 one place up, 2 two places down.",
                    parameters: [ListsAPI.idParameter], body: APIOperation.jsonBody(schema: "ListMove"),
                    answer: APIOperation.json("The lists in their new order.", schema: "TodoLists"),
                    refusals: APIOperation.writeRefusals + [404])
            ) { request, context in
                let lists = try context.lists.todoLists
                let target = try list(context)
                try lists.move(.id(target.id), by: try ListsAPI.offset(in: request))
                return ListsAPI.json(TodoListsBody(try lists.summaries()))
            },
            APIRoute(
                method: "DELETE", path: listPath,
                operation: APIOperation(
                    id: "deleteTodoList", tag: tag,
                    summary: "Deletes a to-do list with its tasks; the removal it answers puts them back for "
                        + "\(Int(Undo.window / 60)) minutes.",
                    parameters: [ListsAPI.idParameter, ListsAPI.ifMatch],
                    answer: APIOperation.json("Deleted.", schema: "Removal"), refusals: [400, 404, 412])
            ) { request, context in
                let target = try list(context)
                let removal = try context.lists.todoLists.delete(
                    .id(target.id), expectedVersion: RecordAPI<TaskList>.expectedVersion(request)
                ).removal
                return .json(bytes: Array(#"{"removal":"\#(removal)"}"#.utf8))
            },
            APIRoute(
                method: "POST", path: "/api/v1/todo-lists/removals/{removal}/restore",
                operation: APIOperation(
                    id: "restoreTodoList", tag: tag,
                    summary: "Puts back a to-do list deleted less than \(Int(Undo.window / 60)) minutes ago, with "
                        + "its tasks, as they were: the undo of a list's DELETE.",
                    parameters: [ListsAPI.removalParameter],
                    answer: APIOperation.json("The lists now.", schema: "TodoLists"), refusals: [400, 404, 409])
            ) { _, context in
                let lists = try context.lists.todoLists
                do {
                    try lists.restore(RemovalID(context.parameters.id("removal")))
                } catch StoreError.Code.conflict {
                    throw HTTPError(
                        status: 409, code: "id_taken",
                        message: "a list or a task with one of the ids is stored again; nothing was put back")
                }
                return ListsAPI.json(TodoListsBody(try lists.summaries()))
            },
        ]
    }

    /// The document's schemas.
    static var schemas: [(name: String, schema: String)] {
        [
            ("TodoList", TaskList.schema.recordSchema),
            (
                "TodoListPatch",
                #"{"type": "object", "additionalProperties": false, "properties": {"name": \#(TaskList.Fields.name.type.schema)}}"#
            ),
            (
                "TodoListInput",
                #"{"type": "object", "additionalProperties": false, "required": ["name"], "properties": {"name": \#(TaskList.Fields.name.type.schema), "id": {"type": "string", "format": "uuid", "description": "The new list's id, chosen by the client: sent again, nothing more is made."}}}"#
            ),
            (
                "TodoLists",
                ##"{"type": "object", "additionalProperties": false, "required": ["todoLists"], "properties": {"todoLists": {"type": "array", "items": {"type": "object", "additionalProperties": false, "required": ["list", "open", "tasks"], "properties": {"list": {"$ref": "#/components/schemas/TodoList"}, "open": {"type": "integer", "minimum": 0}, "tasks": {"type": "integer", "minimum": 0}}}}}}"##
            ),
        ]
    }
}
