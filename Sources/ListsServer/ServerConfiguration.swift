import ListsHTTP

/// How an ``HTTPServer`` listens and what it tolerates: its address, its threads and its limits.
///
/// The defaults suit one household on one machine: only this machine can connect (127.0.0.1), port 8080, a
/// small thread pool, bodies up to the API's 64 KiB. Put Lists behind a reverse proxy to serve other machines
/// or TLS.
public struct ServerConfiguration: Sendable, Equatable {
    /// The address to listen on, an IPv4 (`127.0.0.1`, `0.0.0.0`) or IPv6 (`::1`, `::`) literal; no host names,
    /// so that what is bound is exactly what was asked for.
    public var host: String
    /// The TCP port; 0 lets the system pick a free one, which ``HTTPServer/port`` then reports.
    public var port: Int
    /// How many threads serve connections (libmicrohttpd's thread pool).
    public var threadCount: Int
    /// How many connections may be open at once; connections beyond it are closed as soon as they are accepted.
    /// libmicrohttpd shares the limit out among its threads, each taking an equal part.
    public var connectionLimit: Int
    /// How many seconds a connection may stay silent (a stalled client, an idle keep-alive) before it is
    /// closed; also how long a kept-alive connection has, from one answer, to send the next request's whole head.
    public var connectionTimeout: Int
    /// How many seconds a new connection has to send its first request's whole head (request line and header
    /// fields), however steadily it trickles them in.
    public var headTimeout = 10
    /// How many connections one client may hold at once (an IPv4 address, or an IPv6 /64 network); its further
    /// connections are closed as soon as they are accepted. Trusted proxies are not limited.
    public var connectionsPerClient = 128
    /// The addresses of reverse proxies in front of the server (numeric IPv4 or IPv6), whose connections carry
    /// many clients and so are not limited per client.
    public var trustedProxies: [String] = []
    /// The largest request body accepted, in bytes, unless the request's handling allows a larger one (an
    /// import's file); larger ones get 413 and are never read whole.
    public var maximumBodySize: Int
    /// Whether each request is logged as one line on standard error.
    public var logsAccess: Bool
    /// A configuration; every argument has the default a local server wants.
    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        threadCount: Int = ServerConfiguration.defaultThreadCount,
        connectionLimit: Int = 1000,
        connectionTimeout: Int = 30,
        maximumBodySize: Int = HTTPRequest.maximumBodySize,
        logsAccess: Bool = true
    ) {
        self.host = host
        self.port = port
        self.threadCount = threadCount
        self.connectionLimit = connectionLimit
        self.connectionTimeout = connectionTimeout
        self.maximumBodySize = maximumBodySize
        self.logsAccess = logsAccess
    }

    /// Twice the processors online, at least 4: handlers block on the store, so a few more threads than cores
    /// keep the processors busy while some wait.
    public static var defaultThreadCount: Int {
        max(4, 2 * Platform.processorCount)
    }

    /// The first setting that cannot work, as a sentence naming it, or `nil` when all can.
    func problem() -> String? {
        if !(0...65535).contains(port) { return "the port must be from 0 to 65535, not \(port)" }
        if threadCount < 1 { return "the thread count must be at least 1, not \(threadCount)" }
        if connectionLimit < 1 { return "the connection limit must be at least 1, not \(connectionLimit)" }
        if connectionTimeout < 1 { return "the connection timeout must be at least 1 second, not \(connectionTimeout)" }
        if headTimeout < 1 { return "the head timeout must be at least 1 second, not \(headTimeout)" }
        if connectionsPerClient < 1 {
            return "the connections per client must be at least 1, not \(connectionsPerClient)"
        }
        if let proxy = trustedProxies.first(where: { SocketAddress(host: $0, port: 0) == nil }) {
            return "a trusted proxy must be an IPv4 or IPv6 address such as 10.0.0.2, not \"\(proxy)\""
        }
        if maximumBodySize < 0 { return "the maximum body size cannot be negative" }
        if SocketAddress(host: host, port: 0) == nil {
            return "the host must be an IPv4 or IPv6 address such as 127.0.0.1 or ::1, not \"\(host)\""
        }
        return nil
    }
}
