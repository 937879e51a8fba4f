import JSONCodec

/// A request refused at the HTTP layer, with the status it answers and the API's error body
/// `{"error": {"code", "message", "field"}}`.
public struct HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The status code: 400, 401, 403, 404, 405, 409, 410, 412, 413, 415, 422, 429 or 503.
    public var status: Int
    /// A stable machine-readable code, such as `invalid_field` or `version_mismatch`.
    public var code: String
    /// A sentence for people.
    public var message: String
    /// The field the problem is in, when there is one.
    public var field: String?
    /// The methods a path allows, for a 405's `Allow` header.
    public var allowedMethods: [String] = []
    /// For a 429, how many seconds to wait (`Retry-After`).
    public var retryAfter: Int?

    /// An error answering `status`.
    public init(status: Int, code: String, message: String, field: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
    }

    public var description: String { "\(status) \(code): \(message)" }

    /// 400: the request itself is malformed.
    public static func badRequest(_ message: String, field: String? = nil) -> HTTPError {
        HTTPError(status: 400, code: field == nil ? "bad_request" : "invalid_parameter", message: message, field: field)
    }

    /// 404 for a path no route serves.
    public static func noRoute(_ path: String) -> HTTPError {
        HTTPError(status: 404, code: "not_found", message: "nothing is at \(path)")
    }

    /// 405 with the methods the path allows.
    public static func methodNotAllowed(_ method: String, allowed: [String]) -> HTTPError {
        var error = HTTPError(
            status: 405, code: "method_not_allowed",
            message: "\(method) is not allowed here; use \(allowed.joined(separator: ", "))")
        error.allowedMethods = allowed
        return error
    }

    /// 415 for a body that is not JSON (or not a form, for pages).
    public static func unsupportedMediaType(_ got: String?, expected: String) -> HTTPError {
        HTTPError(
            status: 415, code: "unsupported_media_type",
            message: "the body must be sent as \(expected)" + (got.map { ", not \($0)" } ?? ""))
    }

    /// 403 for a form posted from another site.
    public static let crossSite = HTTPError(
        status: 403, code: "cross_site", message: "this form was posted from another site; nothing was changed")

    /// The API's JSON body for this error.
    public var jsonBody: [UInt8] {
        var output = Array(#"{"error":"#.utf8)
        var object = JSONObjectWriter.open(&output)
        object.string("code", code, &output)
        if let field { object.string("field", field, &output) }
        object.string("message", message, &output)
        object.close(&output)
        output.append(UInt8(ascii: "}"))
        return output
    }

    /// This error as a JSON response.
    public var response: HTTPResponse {
        var response = HTTPResponse.json(bytes: jsonBody, status: status)
        if !allowedMethods.isEmpty { response.headers["Allow"] = allowedMethods.joined(separator: ", ") }
        if status == 503 { response.headers["Retry-After"] = "1" }
        if let retryAfter { response.headers["Retry-After"] = String(retryAfter) }
        if status == 401 { response.headers["WWW-Authenticate"] = Self.authenticationChallenge }
        return response
    }

    /// What a 401 of the API asks for: a bearer token (or the session cookie the web app signs in with).
    public static let authenticationChallenge = "Bearer realm=\"Lists\""

    /// 401: nobody is signed in.
    public static let unauthenticated = HTTPError(
        status: 401, code: "unauthenticated",
        message: "sign in first: send an API token as Authorization: Bearer TOKEN (make one on the Account page or "
            + "with lists tokens create NAME), or the session cookie of a signed-in browser")
}
