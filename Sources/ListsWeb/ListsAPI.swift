import Foundation
import JSONCodec
import ListsHTTP
import ListsModel

/// The JSON API of named shopping lists and their entries (``ShoppingLists``): `/api/v1/lists` and each list's
/// `/entries`. Every handler calls the method the command for the same action calls.
///
/// A list's `DELETE` answers the removal that took it out with its entries; `POST /api/v1/removals/{removal}/restore`
/// puts them all back, for ``Undo/window``. An entry's `DELETE` is undone by its `restore`, as a record's is.
enum ListsAPI {
    static let tag = "Shopping lists"
    static let listPath = "/api/v1/lists/{id}"
    static let entryPath = "/api/v1/lists/{id}/entries/{entry}"

    static let idParameter = ##"{"$ref": "#/components/parameters/Id"}"##
    static let ifMatch = ##"{"$ref": "#/components/parameters/IfMatch"}"##
    static let entryParameter =
        #"{"name": "entry", "in": "path", "required": true, "description": "The entry's id.", "schema": {"type": "string", "format": "uuid"}}"#
    static let removalParameter =
        #"{"name": "removal", "in": "path", "required": true, "description": "The removal a list's DELETE answered.", "schema": {"type": "string", "format": "uuid"}}"#

    /// The list the path names.
    static func list(_ context: RequestContext) throws -> NamedList {
        try context.lists.shoppingLists.list(.id(context.parameters.id()))
    }

    /// A body's members, refused (422 naming it) when one is not among `allowed`.
    static func members(_ request: HTTPRequest, _ allowed: [String]) throws -> [String: JSONValue] {
        try JSONInput.object(from: request, allowed: allowed)
    }

    /// The value of `field` in `members`, read and checked by its type, or `nil` when the key is absent.
    static func value<R: Record, V: Equatable>(_ field: Field<R, V>, in members: [String: JSONValue], now: Date)
        throws -> V?
    {
        guard let json = members[field.key] else { return nil }
        return try field.type.read(json, field: field.key, now: now)
    }

    /// A move's `offset`, from a body that holds nothing else.
    /// - Throws: ``ValidationError`` on `offset`.
    static func offset(in request: HTTPRequest) throws -> Int {
        let members = try members(request, ["offset"])
        guard case .number(let number)? = members["offset"], let offset = Int(number.text) else {
            throw ValidationError(field: "offset", message: "offset must be a whole number of places")
        }
        return offset
    }

    /// Makes the list a POST's body names (`name`, and the `id` the client chose) with `make`, and answers it and
    /// whether it is new: a make sent again with its id answers the list it made.
    /// - Throws: ``ValidationError`` on `name` when the body has none, or what `make` throws.
    static func make<R: RankedRecord>(
        _ request: HTTPRequest, _ name: Field<R, String>, in stored: RecordList<R>,
        by make: (String, UUID?) throws -> R
    ) throws -> (list: R, isNew: Bool) {
        let members = try members(request, ["name", "id"])
        let id = try R.schema.chosenID(in: members)
        guard let name = try value(name, in: members, now: stored.now()) else {
            throw ValidationError(field: "name", message: "a list's name is required")
        }
        let before = try id.flatMap { try stored.stored($0) }
        return (try make(name, id), before == nil)
    }

    static func json(_ value: some JSONWritable, status: Int = 200) -> HTTPResponse {
        .json(bytes: value.jsonBytes, status: status)
    }

    /// The entry of the list the path names.
    static func entry(_ context: RequestContext, on list: NamedList) throws -> Numbered<ListEntry> {
        try context.lists.shoppingLists.entry(.id(context.parameters.id("entry")), on: list)
    }

    static var routes: [APIRoute] { listRoutes + entryRoutes + historyRoutes }

    static var historyRoutes: [APIRoute] {
        [
            APIRoute(
                method: "GET", path: "/api/v1/suggestions",
                operation: APIOperation(
                    id: "suggestItems", tag: tag,
                    summary: "The catalog's items with a word starting with q (case and accents ignored), most often "
                        + "and most lately bought first, each with the quantity it was last bought in.",
                    parameters: [
                        APIOperation.typedQuery,
                        #"{"name": "limit", "in": "query", "description": "At most this many, 1 to 50 (8 by default).", "schema": {"type": "integer", "minimum": 1, "maximum": 50}}"#,
                    ],
                    answer: APIOperation.json("OK", schema: "Suggestions"), refusals: [400])
            ) { request, context in
                let limit = try request.wholeNumber("limit", in: 1...50, default: 8)
                let typed = try request.typedQuery()
                let found = try context.suggestionIndex().suggestions(for: typed, limit: limit)
                var output = Array("{\"suggestions\":[".utf8)
                for (index, suggestion) in found.enumerated() {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    suggestion.writeJSON(to: &output)
                }
                output += Array("]}".utf8)
                return .json(bytes: output)
            },
            APIRoute(
                method: "GET", path: "/api/v1/purchases",
                operation: APIOperation(
                    id: "listPurchases", tag: tag,
                    summary: "Everything the household bought (each check-off), newest first, a page at a time.",
                    parameters: [
                        #"{"name": "offset", "in": "query", "description": "How many to skip.", "schema": {"type": "integer", "minimum": 0, "maximum": 2147483647}}"#,
                        #"{"name": "limit", "in": "query", "description": "At most this many, 1 to 1000 (100 by default).", "schema": {"type": "integer", "minimum": 1, "maximum": 1000}}"#,
                    ],
                    answer: APIOperation.json("OK", schema: "Purchases"), refusals: [400])
            ) { request, context in
                let offset = try request.wholeNumber("offset", in: 0...Int(Int32.max), default: 0)
                let limit = try request.wholeNumber("limit", in: 1...1000, default: 100)
                let page = try context.lists.shoppingLists.purchases(offset: offset, limit: limit)
                var output = Array("{\"purchases\":[".utf8)
                for (index, purchase) in page.purchases.enumerated() {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    purchase.writeJSON(to: &output)
                }
                output += Array("],\"total\":\(page.total)}".utf8)
                return .json(bytes: output)
            },
        ]
    }

    static var listRoutes: [APIRoute] {
        [
            APIRoute(
                method: "GET", path: "/api/v1/lists",
                operation: APIOperation(
                    id: "listLists", tag: tag, summary: "The household's shopping lists in their order, with counts.",
                    answer: APIOperation.json("OK", schema: "Lists"))
            ) { _, context in json(ListsBody(try context.lists.shoppingLists.summaries())) },
            APIRoute(
                method: "POST", path: "/api/v1/lists",
                operation: APIOperation(
                    id: "makeList", tag: tag, summary: "Makes a shopping list, after the others.",
                    body: APIOperation.jsonBody(schema: "ListInput"), status: 201,
                    answer: APIOperation.json(
                        "Created", schema: "List", headers: RecordAPI<NamedList>.locationHeaders),
                    otherAnswers: [
                        200: APIOperation.json(
                            "Made before: the list with the id the body chose is answered as it is.", schema: "List",
                            headers: RecordAPI<NamedList>.locationHeaders)
                    ],
                    refusals: APIOperation.writeRefusals + [409])
            ) { request, context in
                let lists = try context.lists.shoppingLists
                let made = try make(request, NamedList.Fields.name, in: lists.lists, by: lists.make(name:id:))
                return RecordAPI<NamedList>.created(made.list, status: made.isNew ? 201 : 200)
            },
            APIRoute(
                method: "GET", path: listPath,
                operation: APIOperation(
                    id: "getList", tag: tag,
                    summary: "One shopping list with its entries in order, each with its item, and its total.",
                    parameters: [idParameter], answer: APIOperation.json("OK", schema: "ListWithEntries"),
                    refusals: [400, 404])
            ) { _, context in
                let list = try list(context)
                return json(ListBody(list: list, rows: try context.lists.shoppingLists.rows(of: list)))
            },
            APIRoute(
                method: "PATCH", path: listPath,
                operation: APIOperation(
                    id: "renameList", tag: tag, summary: "Renames a shopping list.",
                    parameters: [idParameter, ifMatch],
                    body: APIOperation.jsonBody(schema: "ListPatch"),
                    answer: APIOperation.json("OK", schema: "List", headers: APIOperation.etag),
                    refusals: APIOperation.writeRefusals + [404, 409, 412])
            ) { request, context in
                let lists = try context.lists.shoppingLists
                let target = try list(context)
                let expected = try RecordAPI<NamedList>.expectedVersion(request)
                let members = try members(request, ["name"])
                guard let name = try value(NamedList.Fields.name, in: members, now: lists.lists.now())
                else {
                    return RecordAPI<NamedList>.record(target)
                }
                return RecordAPI<NamedList>.record(
                    try lists.rename(.id(target.id), to: name, expectedVersion: expected))
            },
            APIRoute(
                method: "POST", path: listPath + "/move",
                operation: APIOperation(
                    id: "moveList", tag: tag,
                    summary: "Moves a shopping list among the lists: offset -1 one place up, 2 two places down.",
                    parameters: [idParameter], body: APIOperation.jsonBody(schema: "ListMove"),
                    answer: APIOperation.json("The lists in their new order.", schema: "Lists"),
                    refusals: APIOperation.writeRefusals + [404])
            ) { request, context in
                let lists = try context.lists.shoppingLists
                let target = try list(context)
                try lists.move(.id(target.id), by: try offset(in: request))
                return json(ListsBody(try lists.summaries()))
            },
            APIRoute(
                method: "DELETE", path: listPath,
                operation: APIOperation(
                    id: "deleteList", tag: tag,
                    summary: "Deletes a shopping list with its entries (the items stay in the catalog); the removal "
                        + "it answers puts them back for \(Int(Undo.window / 60)) minutes.",
                    parameters: [idParameter, ifMatch], answer: APIOperation.json("Deleted.", schema: "Removal"),
                    refusals: [400, 404, 412])
            ) { request, context in
                let lists = try context.lists.shoppingLists
                let target = try list(context)
                let removal = try lists.delete(
                    .id(target.id), expectedVersion: RecordAPI<NamedList>.expectedVersion(request)
                ).removal
                return .json(bytes: Array(#"{"removal":"\#(removal)"}"#.utf8))
            },
            APIRoute(
                method: "POST", path: "/api/v1/removals/{removal}/restore",
                operation: APIOperation(
                    id: "restoreList", tag: tag,
                    summary: "Puts back a shopping list deleted less than \(Int(Undo.window / 60)) minutes ago, with "
                        + "its entries, as they were: the undo of a list's DELETE.",
                    parameters: [removalParameter], answer: APIOperation.json("The lists now.", schema: "Lists"),
                    refusals: [400, 404, 409])
            ) { _, context in
                let lists = try context.lists.shoppingLists
                do {
                    try lists.restore(RemovalID(context.parameters.id("removal")))
                } catch StoreError.Code.conflict {
                    throw HTTPError(
                        status: 409, code: "id_taken",
                        message: "a list or an entry with one of the ids is stored again; nothing was put back")
                }
                return json(ListsBody(try lists.summaries()))
            },
        ]
    }

    static var entryRoutes: [APIRoute] {
        let entry = APIOperation.json("OK", schema: "Entry", headers: APIOperation.etag)
        return [
            APIRoute(
                method: "POST", path: listPath + "/entries",
                operation: APIOperation(
                    id: "putEntry", tag: tag,
                    summary: "Puts an item of the catalog on the list. An item on the list already (not checked off) "
                        + "gets the quantity added when the units agree (200); otherwise a new entry is added (201), "
                        + "and keptApart names the quantity the list had.",
                    parameters: [idParameter], body: APIOperation.jsonBody(schema: "EntryInput"), status: 201,
                    answer: APIOperation.json("Added.", schema: "PutEntry"),
                    otherAnswers: [200: APIOperation.json("Added to the entry the item had.", schema: "PutEntry")],
                    refusals: APIOperation.writeRefusals + [404])
            ) { request, context in
                let lists = try context.lists.shoppingLists
                let target = try list(context)
                let members = try members(request, ["item", "quantity", "note", "id"])
                let id = try ListEntry.schema.chosenID(in: members)
                let now = lists.lists.now()
                guard let item = try value(ListEntry.Fields.item, in: members, now: now),
                    let itemID = UUID(text: item)
                else {
                    throw ValidationError(field: "item", message: "the id of an item is required")
                }
                let put = try lists.put(
                    .id(itemID), on: target,
                    quantity: try value(ListEntry.Fields.quantity, in: members, now: now) ?? nil,
                    note: try value(ListEntry.Fields.note, in: members, now: now) ?? nil, id: id)
                return json(PutBody(put), status: put.isNew ? 201 : 200)
            },
            APIRoute(
                method: "PATCH", path: entryPath,
                operation: APIOperation(
                    id: "changeEntry", tag: tag,
                    summary: "Changes an entry's quantity, note or check-off (checkedAt: when it was bought, the "
                        + "phone's time; null puts it back to buy).",
                    parameters: [idParameter, entryParameter, ifMatch],
                    body: APIOperation.jsonBody(schema: "EntryPatch"), answer: entry,
                    refusals: APIOperation.writeRefusals + [404, 412])
            ) { request, context in
                let lists = try context.lists.shoppingLists
                let target = try list(context)
                let found = try self.entry(context, on: target)
                let expected = try RecordAPI<ListEntry>.expectedVersion(request)
                let members = try members(request, ["quantity", "note", "checkedAt"])
                let now = lists.lists.now()
                let quantity = try value(ListEntry.Fields.quantity, in: members, now: now)
                let note = try value(ListEntry.Fields.note, in: members, now: now)
                let checkedAt = try value(ListEntry.Fields.checkedAt, in: members, now: now)
                let changed = try lists.change([.id(found.record.id)], on: target, expectedVersion: expected) {
                    record in
                    if let quantity { record.quantity = quantity }
                    if let note { record.note = note }
                    if let checkedAt { record.checkedAt = checkedAt }
                }
                return RecordAPI<ListEntry>.record(changed[0].record)
            },
            APIRoute(
                method: "DELETE", path: entryPath,
                operation: APIOperation(
                    id: "takeEntry", tag: tag, summary: "Takes an entry off the list.",
                    parameters: [idParameter, entryParameter, ifMatch], status: 204,
                    answer: #"{"description": "Taken off."}"#, refusals: [400, 404, 412])
            ) { request, context in
                let target = try list(context)
                let found = try self.entry(context, on: target)
                try context.lists.shoppingLists.remove(
                    [.id(found.record.id)], from: target, expectedVersion: RecordAPI<ListEntry>.expectedVersion(request)
                )
                return HTTPResponse(status: 204)
            },
            APIRoute(
                method: "POST", path: entryPath + "/restore",
                operation: APIOperation(
                    id: "restoreEntry", tag: tag,
                    summary: "Puts back an entry taken off less than \(Int(Undo.window / 60)) minutes ago, as it "
                        + "was and where it was.",
                    parameters: [idParameter, entryParameter], answer: entry, refusals: [400, 404, 409])
            ) { _, context in
                let target = try list(context)
                return RecordAPI<ListEntry>.record(
                    try context.lists.shoppingLists.restoreEntry(context.parameters.id("entry"), on: target).record)
            },
        ]
    }

    /// The document's schemas.
    static var schemas: [(name: String, schema: String)] {
        [
            ("List", NamedList.schema.recordSchema), ("Entry", ListEntry.schema.recordSchema),
            ("Purchase", Purchase.schema.recordSchema),
            (
                "Suggestions",
                ##"{"type": "object", "additionalProperties": false, "required": ["suggestions"], "properties": {"suggestions": {"type": "array", "items": {"type": "object", "additionalProperties": false, "required": ["bought", "item", "lastBoughtAt", "lastQuantity"], "properties": {"bought": {"type": "integer", "minimum": 0}, "item": {"$ref": "#/components/schemas/Item"}, "lastBoughtAt": {"type": ["string", "null"], "format": "date-time"}, "lastQuantity": {"type": ["string", "null"]}}}}}}"##
            ),
            (
                "Purchases",
                ##"{"type": "object", "additionalProperties": false, "required": ["purchases", "total"], "properties": {"purchases": {"type": "array", "items": {"$ref": "#/components/schemas/Purchase"}}, "total": {"type": "integer", "minimum": 0}}}"##
            ),
            (
                "ListPatch",
                #"{"type": "object", "additionalProperties": false, "properties": {"name": \#(NamedList.Fields.name.type.schema)}}"#
            ),
            (
                "ListInput",
                #"{"type": "object", "additionalProperties": false, "required": ["name"], "properties": {"name": \#(NamedList.Fields.name.type.schema), "id": {"type": "string", "format": "uuid", "description": "The new list's id, chosen by the client: sent again, nothing more is made."}}}"#
            ),
            (
                "ListMove",
                #"{"type": "object", "additionalProperties": false, "required": ["offset"], "properties": {"offset": {"type": "integer", "description": "Places to move: negative up, positive down."}}}"#
            ),
            (
                "Removal",
                #"{"type": "object", "additionalProperties": false, "required": ["removal"], "properties": {"removal": {"type": "string", "format": "uuid"}}}"#
            ),
            (
                "Lists",
                ##"{"type": "object", "additionalProperties": false, "required": ["lists"], "properties": {"lists": {"type": "array", "items": {"type": "object", "additionalProperties": false, "required": ["entries", "list", "toBuy"], "properties": {"entries": {"type": "integer", "minimum": 0}, "toBuy": {"type": "integer", "minimum": 0}, "list": {"$ref": "#/components/schemas/List"}}}}}}"##
            ),
            (
                "ListWithEntries",
                ##"{"type": "object", "additionalProperties": false, "required": ["entries", "list", "total"], "properties": {"list": {"$ref": "#/components/schemas/List"}, "total": {"type": "number", "minimum": 0}, "entries": {"type": "array", "items": {"type": "object", "additionalProperties": false, "required": ["entry", "item", "number"], "properties": {"number": {"type": "integer", "minimum": 1}, "entry": {"$ref": "#/components/schemas/Entry"}, "item": {"oneOf": [{"$ref": "#/components/schemas/Item"}, {"type": "null"}]}}}}}}"##
            ),
            (
                "EntryInput",
                #"{"type": "object", "additionalProperties": false, "required": ["item"], "properties": {"item": \#(ListEntry.Fields.item.type.schema), "quantity": \#(ListEntry.Fields.quantity.type.schema), "note": \#(ListEntry.Fields.note.type.schema), "id": {"type": "string", "format": "uuid", "description": "The new entry's id, chosen by the client: sent again, nothing more is put."}}}"#
            ),
            (
                "EntryPatch",
                #"{"type": "object", "additionalProperties": false, "properties": {"quantity": \#(ListEntry.Fields.quantity.type.schema), "note": \#(ListEntry.Fields.note.type.schema), "checkedAt": \#(ListEntry.Fields.checkedAt.type.schema)}}"#
            ),
            (
                "PutEntry",
                ##"{"type": "object", "additionalProperties": false, "required": ["entry", "keptApart"], "properties": {"entry": {"$ref": "#/components/schemas/Entry"}, "keptApart": {"type": ["string", "null"], "description": "When the item was on the list with a quantity the new one does not add to: that quantity, kept in its own entry."}}}"##
            ),
        ]
    }
}

/// `{"entry": {...}, "keptApart": "1.5 l" | null}`: what a put did.
struct PutBody: JSONWritable {
    let put: ShoppingLists.Put

    init(_ put: ShoppingLists.Put) { self.put = put }

    func writeJSON(to output: inout [UInt8]) {
        output += Array("{\"entry\":".utf8)
        put.entry.writeJSON(to: &output)
        output += Array(",\"keptApart\":".utf8)
        if let kept = put.keptApart {
            JSONValue.writeString(kept, to: &output)
        } else {
            output += JSONObjectWriter.null
        }
        output.append(UInt8(ascii: "}"))
    }
}
