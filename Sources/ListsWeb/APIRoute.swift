import ListsHTTP

/// A route of the JSON API together with what its OpenAPI operation says of it: the router serves the handler,
/// and ``OpenAPIDocument`` is built from the same values, so the document cannot name a route that is not served
/// or leave out one that is.
struct APIRoute: Sendable {
    /// The HTTP method.
    var method: String
    /// The path pattern, `{name}` for a captured segment.
    var path: String
    /// What the document says of it.
    var operation: APIOperation
    /// What it needs: a household's, by default; whether it is public is also what the document says of it.
    var traits = RouteTraits.api
    /// What answers it.
    var handler: RouteHandler
}

/// One operation of the API's OpenAPI document. Its parts are JSON texts, which the document checks by parsing.
struct APIOperation: Sendable {
    /// The `operationId`.
    var id: String
    /// The group it is listed under (`Shopping`, `To-Do`, `Birds`, `Data`), if any.
    var tag: String?
    /// One sentence saying what it does.
    var summary: String
    /// Its parameters, as JSON texts (a `$ref` to a shared one, or the parameter itself).
    var parameters: [String] = []
    /// Its `requestBody` object as JSON text, when it takes a body.
    var body: String?
    /// The status of a success.
    var status = 200
    /// The success's response object as JSON text.
    var answer: String
    /// Other successes, by status, as JSON texts (an add that finds its record stored already answers 200).
    var otherAnswers: [Int: String] = [:]
    /// The refusals it can answer, beyond the ones every API route can (421 for a foreign host, 503 while the
    /// database cannot answer): each a status of ``APIOperation/refusals``.
    var refusals: [Int] = []

    /// The shared refusals, by status: the names of the responses in the document's components.
    static let refusals: [Int: String] = [
        400: "BadRequest", 401: "Unauthenticated", 403: "Forbidden", 404: "NotFound", 409: "Conflict",
        412: "PreconditionFailed",
        413: "TooLarge",
        415: "UnsupportedMediaType", 421: "MisdirectedRequest", 422: "Invalid", 503: "Busy",
    ]

    /// The refusals of a route that takes a JSON body and changes something.
    static let writeRefusals = [400, 403, 413, 415, 422]

    /// The `q` parameter of a suggestions route: what was typed (``HTTPRequest/typedQuery()``).
    static let typedQuery =
        #"{"name": "q", "in": "query", "required": true, "description": "What was typed.", "schema": {"type": "string", "maxLength": 200}}"#

    /// A success answering a JSON body of the schema `name` in the components.
    static func json(_ description: String, schema name: String, headers: String? = nil) -> String {
        let headers = headers.map { #", "headers": \#($0)"# } ?? ""
        return
            ##"{"description": "\##(description)", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/\##(name)"}}}\##(headers)}"##
    }

    /// A JSON request body of the schema `name` in the components.
    static func jsonBody(schema name: String) -> String {
        ##"{"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/\##(name)"}}}}"##
    }

    /// The `ETag` header a record's answer carries.
    static let etag =
        #"{"ETag": {"description": "The record's version, quoted, for If-Match.", "schema": {"type": "string", "pattern": "^\"[1-9][0-9]*\"$"}}}"#

    /// The operation as JSON text; `isPublic` when anyone may call it, signed in or not (the health check): every
    /// other operation needs a session or a token, and answers 401 without one.
    func json(isPublic: Bool) -> String {
        var members = [#""operationId": "\#(id)""#, #""summary": "\#(summary)""#]
        if let tag { members.append(#""tags": ["\#(tag)"]"#) }
        if !parameters.isEmpty { members.append(#""parameters": [\#(parameters.joined(separator: ", "))]"#) }
        if let body { members.append(#""requestBody": \#(body)"#) }
        var responses = [#""\#(status)": \#(answer)"#]
        for (status, answer) in otherAnswers.sorted(by: { $0.key < $1.key }) {
            responses.append(#""\#(status)": \#(answer)"#)
        }
        if isPublic { members.append(#""security": []"#) }
        for status in Set(refusals + [421, 503] + (isPublic ? [] : [401])).sorted() {
            guard let name = Self.refusals[status] else { continue }
            responses.append(##""\##(status)": {"$ref": "#/components/responses/\##(name)"}"##)
        }
        members.append(#""responses": {\#(responses.joined(separator: ", "))}"#)
        return "{" + members.joined(separator: ", ") + "}"
    }
}
