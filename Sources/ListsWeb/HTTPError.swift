import Foundation
import ListsModel

/// A request refused at the HTTP layer, with the status it answers and the API's error body
/// `{"error": {"code", "message", "field"}}`.
public struct HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The status code: 400, 403, 404, 405, 409, 412, 413, 415, 422 or 503.
    public var status: Int
    /// A stable machine-readable code, such as `invalid_field` or `version_mismatch`.
    public var code: String
    /// A sentence for people.
    public var message: String
    /// The field the problem is in, when there is one.
    public var field: String?
    /// The methods a path allows, for a 405's `Allow` header.
    public var allowedMethods: [String] = []

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

    /// The HTTP form of any error a route may throw: validation 422, storage errors by meaning, others 500.
    public init(_ error: any Error) {
        switch error {
        case let error as HTTPError:
            self = error
        case let error as ValidationError:
            self.init(status: 422, code: "invalid_field", message: error.message, field: error.field)
        case let error as StoreError:
            switch error {
            case .notFound: self.init(status: 404, code: "not_found", message: error.description)
            case .conflict:
                self.init(status: 412, code: "version_mismatch", message: error.description)
            // What a client is told of the server's side names no database server, file or address: the server's
            // log has that (ListsWebApp logs every 5xx with the store's whole description).
            case .busy: self.init(status: 503, code: "busy", message: error.description)
            case .connectionLost:
                self.init(
                    status: 503, code: "database_unavailable",
                    message: "the connection to the database was lost; try again (a change sent just then may or "
                        + "may not have been saved)")
            case .unreachable:
                self.init(
                    status: 503, code: "database_unavailable",
                    message: "the database cannot be reached; nothing was changed, try again later")
            case .readOnly:
                self.init(status: 503, code: "read_only", message: "the database is read-only; nothing was changed")
            case .cannotOpen:
                self.init(status: 500, code: "storage_failure", message: "the database cannot be opened")
            default: self.init(status: 500, code: "storage_failure", message: error.description)
            }
        default:
            self.init(status: 500, code: "internal_error", message: "the server failed; nothing was changed")
        }
    }

    /// The API's JSON body for this error.
    public var jsonBody: [UInt8] {
        var object: [String: String] = ["code": code, "message": message]
        if let field { object["field"] = field }
        let data = (try? ListsFormat.jsonEncoder().encode(["error": object])) ?? Data()
        return Array(data)
    }

    /// This error as a JSON response.
    public var response: HTTPResponse {
        var response = HTTPResponse.json(bytes: jsonBody, status: status)
        if !allowedMethods.isEmpty { response.headers["Allow"] = allowedMethods.joined(separator: ", ") }
        if status == 503 { response.headers["Retry-After"] = "1" }
        return response
    }
}
