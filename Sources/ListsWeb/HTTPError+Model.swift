import Foundation
import ListsHTTP
import JSONCodec
import ListsAuth
import ListsModel

extension HTTPError {
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
            case .nothingToRestore: self.init(status: 404, code: "nothing_to_restore", message: error.description)
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
        case is PasswordHashingError:
            self.init(
                status: 503, code: "passwords_unavailable",
                message: "passwords cannot be checked just now; nothing was changed, try again in a moment")
        default:
            self.init(status: 500, code: "internal_error", message: "the server failed; nothing was changed")
        }
    }
}

extension HTTPResponse {
    /// `value` as the API's JSON (sorted keys, ISO 8601 dates in milliseconds), with `status`. Records and
    /// collections write their own JSON (the same bytes, many times faster than an encoder).
    /// - Throws: `EncodingError` (a programmer error: every API value encodes).
    static func json<T: Encodable>(_ value: T, status: Int = 200) throws -> HTTPResponse {
        let bytes: [UInt8] =
            if let writable = value as? any JSONWritable {
                writable.jsonBytes
            } else {
                Array(try ListsFormat.jsonEncoder().encode(value))
            }
        return json(bytes: bytes, status: status)
    }
}
