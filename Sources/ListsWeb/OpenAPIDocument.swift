import JSONCodec

/// The OpenAPI 3.1 document of the JSON API, served at `/api/v1/openapi.json`, built from the API's routes (each
/// carries its operation) and the record kinds' schemas (``ListsModel/RecordSchema``): a route cannot be served
/// without being described, and a record's fields are described where they are declared.
///
/// The parts are JSON texts; the document parses them all once, so a malformed part fails the first test that
/// reads the document, and writes the whole with sorted keys. A test checks every answer the API tests receive
/// against it, and another that requests it allows are accepted.
struct OpenAPIDocument {
    /// The document's bytes.
    let bytes: [UInt8]

    /// The path the document is served at.
    static let path = "/api/v1/openapi.json"
    /// What its route needs: any signed-in user may read it, in a household or not.
    static let traits = RouteTraits.userAPI

    /// The document of `routes` and of the route serving the document itself, with `schemas` for the records.
    init(routes: [APIRoute], schemas: [(name: String, schema: String)]) {
        var paths: [(path: String, operations: [String])] = []
        let operations =
            routes.map { ($0.method, $0.path, $0.operation, $0.traits.isPublic) }
            + [("GET", Self.path, Self.operation, Self.traits.isPublic)]
        for (method, path, operation, isPublic) in operations {
            let operation = "\"\(method.lowercased())\": \(operation.json(isPublic: isPublic))"
            if let index = paths.firstIndex(where: { $0.path == path }) {
                paths[index].operations.append(operation)
            } else {
                paths.append((path, [operation]))
            }
        }
        let pathsText = paths.map { "\"\($0.path)\": {\($0.operations.joined(separator: ", "))}" }
            .joined(separator: ", ")
        let schemaText = (schemas + Self.sharedSchemas).map { "\"\($0.name)\": \($0.schema)" }.joined(separator: ", ")
        let text = """
            {"openapi": "3.1.0", "info": \(Self.info), "servers": [{"url": "/"}], "paths": {\(pathsText)},
            "security": [{"bearer": []}, {"session": []}],
            "components": {"schemas": {\(schemaText)}, "responses": \(Self.responses), "parameters": \(Self.parameters),
            "securitySchemes": \(Self.securitySchemes)}}
            """
        do {
            var output: [UInt8] = []
            try JSONParser.parse(Array(text.utf8)).write(to: &output)
            bytes = output
        } catch {
            preconditionFailure("the OpenAPI document's parts are not JSON: \(error), in \(text)")
        }
    }

    /// The operation of the route serving the document itself.
    static let operation = APIOperation(
        id: "openapi", summary: "This document.",
        answer:
            #"{"description": "The OpenAPI 3.1 document.", "content": {"application/json": {"schema": {"type": "object"}}}}"#
    )

    private static let info = #"""
        {"title": "Lists", "version": "1.0.0", "description": "The JSON API of Lists: the BirdWatching, iTahDoodle and Shopping List tutorials as one self-hosted app. Errors are {\"error\": {\"code\", \"message\", \"field\"}}; a 5xx is a bug."}
        """#

    /// The schemas that are not a record kind's.
    private static let sharedSchemas: [(name: String, schema: String)] = [
        (
            "ShoppingList",
            ##"{"type": "object", "additionalProperties": false, "required": ["items", "total"], "properties": {"items": {"type": "array", "items": {"$ref": "#/components/schemas/Item"}}, "total": {"type": "number", "minimum": 0}}}"##
        ),
        (
            "Revision",
            #"{"type": "object", "additionalProperties": false, "required": ["revision"], "properties": {"revision": {"type": "integer", "minimum": 0}}}"#
        ),
        (
            "Health",
            #"{"type": "object", "additionalProperties": false, "required": ["status"], "properties": {"status": {"type": "string", "enum": ["ok"]}}}"#
        ),
        (
            "Error",
            #"{"type": "object", "additionalProperties": false, "required": ["error"], "properties": {"error": {"type": "object", "additionalProperties": false, "required": ["code", "message"], "properties": {"code": {"type": "string"}, "message": {"type": "string"}, "field": {"type": "string"}}}}}"#
        ),
        (
            "ImportSummary",
            #"{"type": "object", "additionalProperties": false, "required": ["format", "added", "updated", "unchanged"], "properties": {"format": {"type": "string"}, "added": {"type": "integer", "minimum": 0}, "updated": {"type": "integer", "minimum": 0}, "unchanged": {"type": "integer", "minimum": 0}}}"#
        ),
    ]

    /// The refusals every route shares, by name (``APIOperation/refusals``).
    private static let responses: String = {
        let descriptions = [
            "BadRequest": "The request is malformed: not JSON, a bad parameter, a malformed id or If-Match.",
            "NotFound":
                "No record has that id; for a restore, no record with that id was deleted in the last 10 minutes, or it was put back already (code nothing_to_restore).",
            "Conflict":
                "A record with that id is stored again (an import, or an add that chose that id, brought it back): the deleted one is not put back over it.",
            "PreconditionFailed": "The record's version is not the one If-Match names: it changed meanwhile.",
            "TooLarge": "The body is over 64 KiB (100 MB for an import).",
            "UnsupportedMediaType": "The body is not sent as application/json.",
            "Invalid":
                "A field is unknown, of the wrong type or not allowed, or a file cannot be imported; `field` names it. Nothing was changed.",
            "Busy":
                "The database cannot answer now: it stayed busy (code busy), or its server cannot be reached or the connection to it broke (code database_unavailable; the message says whether the change may have been saved); retry after a second.",
            "Forbidden":
                "Sent from another site (Origin, Sec-Fetch-Site or Referer), or by a user who belongs to no household (code no_household); nothing was changed.",
            "Unauthenticated":
                "Nobody is signed in: no API token (Authorization: Bearer), or one that is not valid or was revoked (code invalid_token), and no session cookie.",
            "MisdirectedRequest":
                "The request's Host (or X-Forwarded-Host) names a host this server does not answer to, as a page rebinding its own name to this server would; nothing was read or changed.",
        ]
        let members = descriptions.sorted { $0.key < $1.key }.map { name, description in
            ##""\##(name)": {"description": "\##(description)", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}"##
        }
        return "{" + members.joined(separator: ", ") + "}"
    }()

    /// The parameters routes share, saying exactly what the server takes.
    /// How a request says who sends it: an API token, or the session cookie of a signed-in browser.
    private static let securitySchemes = #"""
        {"bearer": {"type": "http", "scheme": "bearer", "description": "An API token (lists_…), made on the Account page or with lists tokens create NAME. It acts as its user; a user in several households sends the number of one in the X-Lists-Household header (every answer of a household carries its number in that header)."},
        "session": {"type": "apiKey", "in": "cookie", "name": "lists_session", "description": "The session cookie a browser gets at sign-in (__Host-lists_session over HTTPS)."}}
        """#

    private static let parameters = #"""
        {"Id": {"name": "id", "in": "path", "required": true, "schema": {"type": "string", "format": "uuid"}},
        "Limit": {"name": "limit", "in": "query", "required": false, "schema": {"type": "integer", "minimum": 1, "maximum": 1000, "default": 1000}},
        "Cursor": {"name": "cursor", "in": "query", "required": false, "description": "A nextCursor from the previous page.", "schema": {"type": "string", "pattern": "^[1-9][0-9]{0,17}\\.[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"}},
        "IfMatch": {"name": "If-Match", "in": "header", "required": false, "description": "The version the change is meant for, as the ETag gave it: \"3\", or * for any. A different current version answers 412.", "schema": {"type": "string", "pattern": "^(\\*|\"[1-9][0-9]{0,17}\"|[1-9][0-9]{0,17})$"}}}
        """#
}
