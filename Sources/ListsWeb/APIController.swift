import Foundation
import ListsHTTP
import ListsModel

/// The JSON API of DESIGN.md §4 under `/api/v1`: the three apps' collections and records, the shopping list,
/// the revision pages poll for live updates, and the OpenAPI document that describes all of it.
///
/// Every handler calls the same data-controller method as the page for the same action.
struct APIController: Sendable {
    let lists: ListsServices

    /// The largest and default page: `limit` may ask for fewer.
    static let maximumPageSize = 1000

    func addRoutes(to router: inout Router) {
        let lists = self.lists
        router.add("GET", "/healthz") { _, _ in try .json(["status": "ok"]) }
        router.add("GET", "/api/v1/openapi.json") { _, _ in .json(bytes: OpenAPIDocument.bytes) }
        router.add("GET", "/api/v1/revision") { _, _ in try .json(["revision": lists.revision()]) }

        router.add("GET", "/api/v1/items") { request, _ in
            try Self.page(request, lists) { try lists.shopping.catalog(offset: $0, limit: $1) }
        }
        router.add("POST", "/api/v1/items") { request, _ in
            let input = try JSONInput.decode(ItemInput.self, from: request)
            let item = try lists.shopping.create(
                name: input.name, price: input.price ?? .zero, isOnShoppingList: input.inShoppingList ?? false)
            return try Self.created(item)
        }
        router.add("GET", "/api/v1/items/{id}") { _, path in
            try Self.record(lists.shopping.item(.id(path.id())).record)
        }
        router.add("PATCH", "/api/v1/items/{id}") { request, path in
            let id = try path.id()
            let expected = try Self.expectedVersion(request)
            let patch = try JSONInput.decode(ItemPatch.self, from: request)
            return try Self.record(
                lists.shopping.edit(
                    .id(id), name: patch.name, price: patch.price, isOnShoppingList: patch.inShoppingList,
                    expectedVersion: expected
                ).record)
        }
        router.add("DELETE", "/api/v1/items/{id}") { request, path in
            try lists.shopping.remove([.id(path.id())], expectedVersion: Self.expectedVersion(request))
            return HTTPResponse(status: 204)
        }
        router.add("GET", "/api/v1/shopping-list") { _, _ in
            try .json(ShoppingListBody(items: lists.shopping.shoppingList().map(\.record), total: lists.shopping.total()))
        }

        router.add("GET", "/api/v1/tasks") { request, _ in
            try Self.page(request, lists) { try lists.todo.all(offset: $0, limit: $1) }
        }
        router.add("POST", "/api/v1/tasks") { request, _ in
            let input = try JSONInput.decode(TaskInput.self, from: request)
            return try Self.created(lists.todo.create(title: input.title, isDone: input.done ?? false))
        }
        router.add("GET", "/api/v1/tasks/{id}") { _, path in
            try Self.record(lists.todo.task(.id(path.id())).record)
        }
        router.add("PATCH", "/api/v1/tasks/{id}") { request, path in
            let id = try path.id()
            let expected = try Self.expectedVersion(request)
            let patch = try JSONInput.decode(TaskPatch.self, from: request)
            return try Self.record(
                lists.todo.edit(.id(id), title: patch.title, isDone: patch.done, expectedVersion: expected).record)
        }
        router.add("DELETE", "/api/v1/tasks/{id}") { request, path in
            try lists.todo.remove([.id(path.id())], expectedVersion: Self.expectedVersion(request))
            return HTTPResponse(status: 204)
        }

        router.add("GET", "/api/v1/sightings") { request, _ in
            try Self.page(request, lists) { try lists.birds.all(offset: $0, limit: $1) }
        }
        router.add("POST", "/api/v1/sightings") { request, _ in
            let input = try JSONInput.decode(SightingInput.self, from: request)
            return try Self.created(
                lists.birds.create(name: input.name, location: input.location, date: input.date, details: input.details))
        }
        router.add("GET", "/api/v1/sightings/{id}") { _, path in
            try Self.record(lists.birds.sighting(.id(path.id())).record)
        }
        router.add("PATCH", "/api/v1/sightings/{id}") { request, path in
            let id = try path.id()
            let expected = try Self.expectedVersion(request)
            let patch = try JSONInput.decode(SightingPatch.self, from: request)
            return try Self.record(
                lists.birds.edit(
                    .id(id), name: patch.name, location: patch.location, date: patch.date, details: patch.details,
                    expectedVersion: expected
                ).record)
        }
        router.add("DELETE", "/api/v1/sightings/{id}") { request, path in
            try lists.birds.remove([.id(path.id())], expectedVersion: Self.expectedVersion(request))
            return HTTPResponse(status: 204)
        }
    }

    /// One record, with its version as the `ETag` that `If-Match` sends back.
    static func record<R: Record & Encodable>(_ record: R, status: Int = 200) throws -> HTTPResponse {
        var response = try HTTPResponse.json(record, status: status)
        response.headers["ETag"] = "\"\(record.meta.version)\""
        return response
    }

    /// 201 with the new record and its `Location`.
    static func created<R: Record & Encodable>(_ record: R) throws -> HTTPResponse {
        var response = try self.record(record, status: 201)
        response.headers["Location"] = "/api/v1/\(R.kind.collectionKey)/\(record.id.text)"
        return response
    }

    /// The version `If-Match` asks for: `"3"` (or `3`); `*` or no header means any version.
    /// - Throws: ``HTTPError`` 400 naming `If-Match` for anything else; 412 for a weak tag (`W/"3"`), which
    ///   `If-Match` never matches (RFC 9110 compares strongly).
    static func expectedVersion(_ request: HTTPRequest) throws -> Int? {
        guard let value = request.headers["If-Match"]?.trimmingWhitespace(includingNewlines: false),
            value != "*"
        else { return nil }
        if value.hasPrefix("W/") {
            throw HTTPError(
                status: 412, code: "version_mismatch",
                message: "If-Match takes the strong tag the ETag gave, like \"3\", not a weak one")
        }
        let unquoted = value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"") ? value.dropFirst().dropLast() : Substring(value)
        guard let version = Int(unquoted), version >= 1 else {
            throw HTTPError.badRequest(
                "If-Match must be a record's version in quotes, as its ETag gives it, like \"3\"", field: "If-Match")
        }
        return version
    }

    /// A page of a collection: `limit` (1 to 1000, default 1000) records from `cursor`, with the cursor of the
    /// next page when there is one.
    ///
    /// A cursor is `<number>.<id>` of the page's last record. The next page starts after that record where it
    /// now is, so records added or deleted before it neither repeat nor skip records; if it was itself deleted,
    /// the page starts where it was.
    static func page<R: Record & Encodable>(
        _ request: HTTPRequest, _ lists: ListsServices, _ fetch: (Int, Int) throws -> [Numbered<R>]
    ) throws -> HTTPResponse {
        var limit = maximumPageSize
        if let text = request.query["limit"] {
            guard let value = Int(text), (1...maximumPageSize).contains(value) else {
                throw HTTPError.badRequest(
                    "limit must be a whole number from 1 to \(maximumPageSize), not \"\(text)\"", field: "limit")
            }
            limit = value
        }
        var offset = 0
        if let cursor = request.query["cursor"] {
            offset = try Self.offset(after: cursor, R.self, lists)
        }
        // One more than asked tells whether there is a next page without counting.
        let records = try fetch(offset, limit + 1)
        let page = Array(records.prefix(limit))
        let next = records.count > limit ? page.last.map { "\($0.number).\($0.record.id.uuidString)" } : nil
        return try .json(CollectionBody(page, nextCursor: next))
    }

    private static func offset<R: Record>(after cursor: String, _ type: R.Type, _ lists: ListsServices) throws -> Int {
        let parts = cursor.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, let number = Int(parts[0]), number >= 1, let id = UUID(uuidString: String(parts[1]))
        else {
            throw HTTPError.badRequest(
                "cursor must be a nextCursor the API returned, not \"\(cursor)\"", field: "cursor")
        }
        if let current = try lists.store.read({ try $0.records(type, idPrefix: id.uuidString, limit: 1).first }) {
            return current.number
        }
        return number - 1
    }
}
