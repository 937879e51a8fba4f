/// What a route answers: a status, headers and the body's bytes.
public struct HTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The header fields; the server adds `Content-Length` and `Date`.
    public var headers: HTTPHeaders
    /// The body.
    public var body: [UInt8]
    /// A body written as it comes instead of ``body`` (an event stream), sent with chunked encoding.
    public var stream: ResponseStream?

    /// A response with `status`, `headers` and `body`.
    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON body with `status`.
    public static func json(bytes: [UInt8], status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: HTTPHeaders([("Content-Type", "application/json")]), body: bytes)
    }

    /// An HTML page with `status`.
    public static func html(_ page: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: HTTPHeaders([("Content-Type", "text/html; charset=utf-8")]),
            body: Array(page.utf8))
    }

    /// A redirect after a form post (303 See Other: the browser then GETs `location`).
    public static func redirect(to location: String) -> HTTPResponse {
        HTTPResponse(status: 303, headers: HTTPHeaders([("Location", location)]))
    }

    /// Adds the headers every answer of Lists carries, whoever made it (a route, or the server refusing a request
    /// before any route sees it): nothing loads from elsewhere, nothing frames the page, no type is sniffed, and
    /// nothing is cached unless the answer says otherwise.
    public mutating func addSecurityHeaders() {
        headers["Content-Security-Policy"] =
            "default-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
        headers["X-Content-Type-Options"] = "nosniff"
        headers["Referrer-Policy"] = "same-origin"
        if headers["Cache-Control"] == nil { headers["Cache-Control"] = "no-store" }
    }

    /// The reason phrase for a status code, for logs and the server's status line.
    public static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 303: "See Other"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 421: "Misdirected Request"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status \(status)"
        }
    }
}
