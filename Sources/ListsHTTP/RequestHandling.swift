/// What a server must know of a request from its method and path alone, before it reads the body or calls the
/// handler: how large a body it may have, and whether answering it may take long. The app knows it from its routes
/// and hands the server a function that says it (`ListsWebApp.handling(method:path:)`), so that the server keeps
/// no list of paths.
public struct RequestHandling: Sendable, Equatable {
    /// The largest body the request may have, when it may have more than the server's own limit (an import's
    /// file, a batch of changes); `nil` for that limit.
    public var bodyLimit: Int?
    /// Whether answering may take long (a password to hash or check): the server answers it off its own threads,
    /// so that it holds up no one else's request.
    public var isSlow: Bool

    /// Handling with a larger body limit, or slow.
    public init(bodyLimit: Int? = nil, isSlow: Bool = false) {
        self.bodyLimit = bodyLimit
        self.isSlow = isSlow
    }

    /// Most requests: the server's body limit, answered on the server's thread.
    public static let ordinary = RequestHandling()
    /// A request answered off the server's threads.
    public static let slow = RequestHandling(isSlow: true)
}
