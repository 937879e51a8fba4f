import Foundation
import JSONCodec
import ListsHTTP
import ListsModel

/// The JSON API of one record kind, the same for the three: `GET` and `POST` on its collection
/// (`/api/v1/items`), `GET`, `PATCH` and `DELETE` on a record (`/api/v1/items/{id}`), and `POST` on
/// `/api/v1/items/{id}/restore`, the undo of a `DELETE` made less than ``Undo/window`` ago. What a request may send
/// and what an answer holds come from the kind's ``RecordSchema``; every change goes through its ``RecordList``,
/// as the pages' and the commands' do.
///
/// A `POST` that adds may choose the new record's `id`: sent again (a retry after a lost answer), it adds nothing
/// and answers the record stored with that id, with 200 instead of 201.
struct RecordAPI<R: Record>: Sendable {
    /// Where the records served are among a household's lists.
    let list: @Sendable (ListsServices) -> RecordList<R>
    /// The group the document lists the routes under.
    let tag: String
    /// The name of the record's schema in the document (`Item`), which also names its input, patch and collection.
    let name: String
    /// A field the API shows and takes that the record does not keep itself (an item's `inShoppingList`), if any.
    var kept: KeptElsewhere<R>? = nil

    /// The largest and default page: `limit` may ask for fewer.
    static var maximumPageSize: Int { 1000 }

    /// `/api/v1/items`.
    var collectionPath: String { "/api/v1/\(R.kind.collectionKey)" }

    /// The routes, each with its operation.
    var routes: [APIRoute] {
        let (list, noun, kept) = (list, R.kind.noun, kept)
        /// The household's records, from the request's context.
        @Sendable func records(_ context: RequestContext) throws -> RecordList<R> { list(try context.lists) }
        let article = "aeiou".contains(noun.first ?? "x") ? "an" : "a"
        let recordPath = collectionPath + "/{id}"
        let id = ##"{"$ref": "#/components/parameters/Id"}"##
        let ifMatch = ##"{"$ref": "#/components/parameters/IfMatch"}"##
        let record = APIOperation.json("OK", schema: name, headers: APIOperation.etag)
        return [
            APIRoute(
                method: "GET", path: collectionPath,
                operation: APIOperation(
                    id: "list\(name)s", tag: tag, summary: "The \(noun)s in list order, a page at a time.",
                    parameters: [
                        ##"{"$ref": "#/components/parameters/Limit"}"##,
                        ##"{"$ref": "#/components/parameters/Cursor"}"##,
                    ],
                    answer: APIOperation.json("OK", schema: "\(name)Collection"), refusals: [400]),
                traits: .api.cachedByRevision
            ) { request, context in
                try Self.page(request, records(context)) { try kept?.show($0, context.lists) ?? $0 }
            },
            APIRoute(
                method: "POST", path: collectionPath,
                operation: APIOperation(
                    id: "add\(name)", tag: tag, summary: "Adds \(article) \(noun) at the end of the list.",
                    body: APIOperation.jsonBody(schema: "\(name)Input"), status: 201,
                    answer: APIOperation.json("Created", schema: name, headers: Self.locationHeaders),
                    otherAnswers: [
                        200: APIOperation.json(
                            "Added before: a record with the id the body chose is stored, and is answered as it is; "
                                + "nothing was added.", schema: name, headers: Self.locationHeaders)
                    ],
                    refusals: APIOperation.writeRefusals)
            ) { request, context in
                let list = try records(context)
                var members = try JSONInput.object(from: request, allowed: R.schema.createKeys)
                let mark = try kept?.take(from: &members)
                let id = try R.schema.chosenID(in: members)
                let draft = try R.schema.create(from: members, now: list.now())
                let added = try list.add(draft, numbered: false, id: id)
                if let kept, let mark { try kept.set(added.record, mark, context.lists) }
                // A new record the body marked nothing on is on no list: answered as stored, with no read.
                let shown = added.isNew && mark == nil ? added.record : try kept?.show([added.record], context.lists)[0]
                return Self.created(shown ?? added.record, status: added.isNew ? 201 : 200)
            },
            APIRoute(
                method: "GET", path: recordPath,
                operation: APIOperation(
                    id: "get\(name)", tag: tag, summary: "One \(noun).", parameters: [id], answer: record,
                    refusals: [400, 404])
            ) { _, context in
                let found = try records(context).find(.id(context.parameters.id())).record
                return Self.record(try kept?.show([found], context.lists)[0] ?? found)
            },
            APIRoute(
                method: "PATCH", path: recordPath,
                operation: APIOperation(
                    id: "edit\(name)", tag: tag, summary: "Changes some of \(article) \(noun)'s fields.",
                    parameters: [id, ifMatch], body: APIOperation.jsonBody(schema: "\(name)Patch"), answer: record,
                    refusals: APIOperation.writeRefusals + [404, 412])
            ) { request, context in
                let list = try records(context)
                let id = try context.parameters.id()
                let expected = try Self.expectedVersion(request)
                var members = try JSONInput.object(from: request, allowed: R.schema.inputKeys)
                let mark = try kept?.take(from: &members)
                try R.schema.checkInput(members, now: list.now())
                var changed = try list.change([.id(id)], expectedVersion: expected) { record in
                    record = try R.schema.change(record, with: members, now: list.now())
                }[0].record
                if let kept {
                    if let mark { try kept.set(changed, mark, context.lists) }
                    changed = try kept.show([changed], context.lists)[0]
                }
                return Self.record(changed)
            },
            APIRoute(
                method: "DELETE", path: recordPath,
                operation: APIOperation(
                    id: "delete\(name)", tag: tag, summary: "Deletes \(article) \(noun).", parameters: [id, ifMatch],
                    status: 204, answer: #"{"description": "Deleted."}"#, refusals: [400, 403, 404, 412])
            ) { request, context in
                try records(context).remove(
                    [.id(context.parameters.id())], expectedVersion: Self.expectedVersion(request))
                return HTTPResponse(status: 204)
            },
            APIRoute(
                method: "POST", path: recordPath + "/restore",
                operation: APIOperation(
                    id: "restore\(name)", tag: tag,
                    summary:
                        "Puts back \(article) \(noun) deleted in the last \(Int(Undo.window / 60)) minutes, exactly "
                        + "as it was (id, fields, dates, version) and where it was in the list: the undo of a delete.",
                    parameters: [id], answer: record, refusals: [400, 403, 404, 409])
            ) { _, context in
                do {
                    let restored = try records(context).restore(context.parameters.id()).record
                    return Self.record(try kept?.show([restored], context.lists)[0] ?? restored)
                } catch StoreError.Code.conflict {
                    throw HTTPError(
                        status: 409, code: "id_taken",
                        message:
                            "\(article) \(noun) with that id is stored again (an import or an add brought it back); "
                            + "the deleted one was not put back over it")
                }
            },
        ]
    }

    /// The headers of an add's answer: the version and the record's URL.
    static var locationHeaders: String {
        String(APIOperation.etag.dropLast())
            + #", "Location": {"description": "The new record's URL.", "schema": {"type": "string"}}}"#
    }

    /// The document's schemas for the kind: the record, what adds one, what changes one, and a page of them.
    var schemas: [(name: String, schema: String)] {
        let key = R.kind.collectionKey
        let collection =
            ##"{"type": "object", "additionalProperties": false, "required": ["\##(key)", "nextCursor"], "properties": {"\##(key)": {"type": "array", "items": {"$ref": "#/components/schemas/\##(name)"}}, "nextCursor": {"type": ["string", "null"], "description": "Where the next page starts (cursor=), or null on the last page."}}}"##
        return [
            (name, R.schema.recordSchema), ("\(name)Input", R.schema.inputSchema(forChange: false)),
            ("\(name)Patch", R.schema.inputSchema(forChange: true)), ("\(name)Collection", collection),
        ]
    }

    /// One record, with its version as the `ETag` that `If-Match` sends back.
    static func record(_ record: R, status: Int = 200) -> HTTPResponse {
        var response = HTTPResponse.json(bytes: record.jsonBytes, status: status)
        response.headers["ETag"] = "\"\(record.meta.version)\""
        return response
    }

    /// 201 (or `status`) with the new record and its `Location`.
    static func created(_ record: R, status: Int = 201) -> HTTPResponse {
        var response = self.record(record, status: status)
        response.headers["Location"] = "/api/v1/\(R.kind.collectionKey)/\(record.id.text)"
        return response
    }

    /// The version `If-Match` asks for: `"3"` (or `3`); `*` or no header means any version.
    /// - Throws: ``HTTPError`` 400 naming `If-Match` for anything else; 412 for a weak tag (`W/"3"`), which
    ///   `If-Match` never matches (RFC 9110 compares strongly).
    static func expectedVersion(_ request: HTTPRequest) throws -> Int? {
        guard let value = request.headers["If-Match"]?.trimmingSpacesAndTabs(), value != "*" else { return nil }
        if value.hasPrefix("W/") {
            throw HTTPError(
                status: 412, code: "version_mismatch",
                message: "If-Match takes the strong tag the ETag gave, like \"3\", not a weak one")
        }
        let unquoted =
            value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"") ? value.dropFirst().dropLast() : value
        guard let version = Int(unquoted), version >= 1 else {
            throw HTTPError.badRequest(
                "If-Match must be a record's version in quotes, as its ETag gives it, like \"3\"", field: "If-Match")
        }
        return version
    }

    /// A page of the collection: `limit` (1 to 1000, default 1000) records from `cursor`, with the cursor of the
    /// next page when there is one.
    ///
    /// A cursor is `<number>.<id>` of the page's last record. The next page starts after that record where it
    /// now is, so records added or deleted before it neither repeat nor skip records; if it was itself deleted,
    /// the page starts where it was.
    static func page(_ request: HTTPRequest, _ list: RecordList<R>, shown: ([R]) throws -> [R]) throws
        -> HTTPResponse
    {
        let limit = try request.wholeNumber("limit", in: 1...maximumPageSize, default: maximumPageSize)
        var offset = 0
        if let cursor = request.query["cursor"] {
            offset = try Self.offset(after: cursor, list)
        }
        // One more than asked tells whether there is a next page without counting.
        let records = try list.list(offset: offset, limit: limit + 1)
        let page = Array(records.prefix(limit))
        let next = records.count > limit ? page.last.map { "\($0.number).\($0.record.id.uuidString)" } : nil
        var body = CollectionBody(page, nextCursor: next)
        body.records = try shown(body.records)
        return .json(bytes: body.jsonBytes)
    }

    private static func offset(after cursor: String, _ list: RecordList<R>) throws -> Int {
        let parts = cursor.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, let number = Int(parts[0]), number >= 1, let id = UUID(text: String(parts[1]))
        else {
            throw HTTPError.badRequest(
                "cursor must be a nextCursor the API returned, not \"\(cursor)\"", field: "cursor")
        }
        return try list.place(of: id) ?? number - 1
    }
}

extension HTTPRequest {
    /// What was typed into a field being filled in (`q`, at most its first 200 characters), for the suggestions.
    /// - Throws: ``HTTPError`` 400 naming `q` when there is none.
    func typedQuery() throws -> String {
        guard let typed = query["q"] else { throw HTTPError.badRequest("q is required: what was typed", field: "q") }
        return String(typed.prefix(200))
    }

    /// The query's `name` as a whole number in `range`, `fallback` when it is not given.
    /// - Throws: ``HTTPError`` 400 naming `name` for anything else.
    func wholeNumber(_ name: String, in range: ClosedRange<Int>, default fallback: Int) throws -> Int {
        guard let text = query[name] else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw HTTPError.badRequest(
                "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(text)\"",
                field: name)
        }
        return value
    }
}

/// A field of a kind's JSON that its records do not keep: the API takes it out of a body before the record is made or
/// changed, acts on it after, and fills it in each record it answers. An item's `inShoppingList` is whether it is to
/// buy on the household's first list (``ListsModel/ShoppingLists``): setting it puts the item there or takes it off.
struct KeptElsewhere<R: Record>: Sendable {
    /// The field's key in the JSON.
    let key: String
    /// The records as answered: the field filled in.
    let show: @Sendable ([R], ListsServices) throws -> [R]
    /// Acts on the value a body gave the field, once `record` is stored.
    let set: @Sendable (_ record: R, Bool, ListsServices) throws -> Void

    /// Takes the field's value out of `members`, the body's.
    /// - Throws: ``HTTPError`` 400 naming the field when it is not `true` or `false`.
    func take(from members: inout [String: JSONValue]) throws -> Bool? {
        guard let value = members.removeValue(forKey: key) else { return nil }
        guard case .bool(let flag) = value else {
            throw ValidationError(field: key, message: "must be true or false")
        }
        return flag
    }

    /// An item's `inShoppingList`, kept as an entry of the household's first list (one called "Shopping" is made
    /// when an item is put on it and the household has no list).
    static var itemMark: KeptElsewhere<ShoppingItem> {
        KeptElsewhere<ShoppingItem>(
            key: ShoppingItem.Fields.isOnShoppingList.key,
            show: { items, lists in try lists.shoppingLists.markingOnFirstList(items) },
            set: { item, isOn, lists in
                let shopping = lists.shoppingLists
                guard let list = try isOn ? shopping.tabListMaking(preferring: nil) : shopping.tabList(preferring: nil)
                else { return }
                try shopping.mark(.id(item.id), isOn, on: list)
            })
    }
}
