/// An error that says how it is answered over HTTP, in the manner of Hummingbird's `HTTPResponseError`: each layer's
/// error type gives its own status, stable code, sentence and field, and the web app answers any error that adopts
/// this with that, in JSON or as a page. Any other error is the server's failure (``HTTPError/internalFailure``).
///
/// The answer is one value rather than one property per part so that an adopting type keeps its own names
/// (`ValidationError.field` is not optional, `StoreError` has no `message`); its module need not import this one,
/// since the web layer adds the conformance by extension.
public protocol HTTPResponseError: Error {
    /// The answer: status, code, message, field and the headers that go with them.
    var httpError: HTTPError { get }
}

extension HTTPError: HTTPResponseError {
    /// The error itself.
    public var httpError: HTTPError { self }

    /// The HTTP form of any error a route may throw: the one it says (``HTTPResponseError``), else a 500 that tells
    /// the client nothing of the failure.
    public init(_ error: any Error) {
        self = (error as? any HTTPResponseError)?.httpError ?? .internalFailure
    }

    /// 500 for an error that says nothing of how to answer it: a bug, whose detail is for the server's log.
    public static let internalFailure = HTTPError(
        status: 500, code: "internal_error", message: "the server failed; nothing was changed")
}
