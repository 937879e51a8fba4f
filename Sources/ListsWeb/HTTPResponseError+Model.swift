import ListsAuth
import ListsHTTP
import ListsModel

// The model's, the store's and the password hasher's errors as HTTP answers. Their modules know nothing of HTTP,
// so the web layer, which does, says here how each is answered; the app then needs no list of error types.

extension ValidationError: HTTPResponseError {
    /// 422 `invalid_field`, naming the field.
    public var httpError: HTTPError {
        HTTPError(status: 422, code: "invalid_field", message: message, field: field)
    }
}

extension StoreError: HTTPResponseError {
    /// A status by meaning: 404 for what is not there, 412 for a stale version, 503 for a database that cannot
    /// answer now, 500 for anything else.
    ///
    /// What a client is told of the server's side names no database server, file or address: the server's log has
    /// that (`ListsWebApp` logs every 5xx with the store's whole description).
    public var httpError: HTTPError {
        switch code {
        case .notFound: HTTPError(status: 404, code: "not_found", message: description)
        case .nothingToRestore: HTTPError(status: 404, code: "nothing_to_restore", message: description)
        case .conflict: HTTPError(status: 412, code: "version_mismatch", message: description)
        case .nameTaken: HTTPError(status: 409, code: "name_taken", message: description, field: field)
        case .busy: HTTPError(status: 503, code: "busy", message: description)
        case .connectionLost:
            HTTPError(
                status: 503, code: "database_unavailable",
                message: "the connection to the database was lost; try again (a change sent just then may or "
                    + "may not have been saved)")
        case .unreachable:
            HTTPError(
                status: 503, code: "database_unavailable",
                message: "the database cannot be reached; nothing was changed, try again later")
        case .readOnly:
            HTTPError(status: 503, code: "read_only", message: "the database is read-only; nothing was changed")
        case .cannotOpen: HTTPError(status: 500, code: "storage_failure", message: "the database cannot be opened")
        default: HTTPError(status: 500, code: "storage_failure", message: description)
        }
    }
}

extension PasswordHashingError: HTTPResponseError {
    /// 503 `passwords_unavailable`: the hashing helpers could not answer; the reason is for the log.
    public var httpError: HTTPError {
        HTTPError(
            status: 503, code: "passwords_unavailable",
            message: "passwords cannot be checked just now; nothing was changed, try again in a moment")
    }
}
