import ListsHTTP
import CMicroHTTPD
import Dispatch
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd that turns each request into an ``HTTPRequest``, asks a handler for the
/// ``HTTPResponse`` and sends it; the handler never sees a socket.
///
/// libmicrohttpd owns the threads: a pool of ``ServerConfiguration/threadCount`` threads, each polling its
/// connections with epoll and calling the handler on its own thread, so a handler may block (on the store)
/// without stopping the others. The server refuses what the handler must never see: bodies over
/// ``ServerConfiguration/maximumBodySize`` (413), and a path, query or header that is not UTF-8 (400).
///
/// ```swift
/// HTTPServer.blockTerminationSignals()
/// let server = HTTPServer(configuration: ServerConfiguration(port: 8080)) { request in route(request) }
/// try server.start()
/// print("serving on http://127.0.0.1:\(server.port)")
/// _ = HTTPServer.waitForTerminationSignal()
/// server.shutdown(gracePeriod: .seconds(10))
/// ```
public final class HTTPServer: Sendable {
    /// What answers a request; called on one of the server's threads, possibly on several at once.
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    /// How the server listens and what it tolerates.
    public let configuration: ServerConfiguration
    /// The handler every accepted request goes to.
    let handler: Handler
    /// What the server must know of a request from its method and path: its body limit, and whether it may take
    /// long (a password to check), in which case it is answered off the server's threads (``deferredWork``), its
    /// connection suspended meanwhile, so that it holds none of them up.
    let handling: @Sendable (_ method: String, _ path: String) -> RequestHandling
    /// Where slow requests are answered.
    let deferredWork = DispatchQueue(label: "lists-slow-requests", attributes: .concurrent)
    /// Slow requests whose connections are suspended while they are answered: the daemon must not stop before
    /// they are resumed (libmicrohttpd's rule).
    let suspendedCount = Atomic<Int>(0)
    /// Slow requests from their suspension until their completion notification: once resumed, a connection
    /// still has its answer to send, which shutdown waits for whatever the grace period.
    let deferredCount = Atomic<Int>(0)
    /// The running daemon, if any, and the port it is bound to.
    private let daemon = Mutex<Daemon?>(nil)
    /// Requests between their first callback and their completion notification, which shutdown waits for.
    let inFlightCount = Atomic<Int>(0)
    /// The per-client connection limit and the deadline for request heads.
    let connectionGuard: ConnectionGuard
    /// The responses being streamed (event streams), which shutdown ends.
    let openStreams = OpenStreams()

    /// A running libmicrohttpd daemon.
    private struct Daemon {
        var handle: OpaquePointer
        var port: Int
    }

    /// A server that will send every request to `handler` once started. `handling` says, from a request's method
    /// and path, how large a body it may have (at least ``ServerConfiguration/maximumBodySize``) and whether it may
    /// take long: those are answered on other threads than the server's own, which go on serving the others
    /// meanwhile.
    public init(
        configuration: ServerConfiguration = ServerConfiguration(),
        handling: @escaping @Sendable (_ method: String, _ path: String) -> RequestHandling = { _, _ in .ordinary },
        handler: @escaping Handler
    ) {
        self.configuration = configuration
        self.handler = handler
        self.handling = handling
        connectionGuard = ConnectionGuard(configuration: configuration)
    }

    /// The port the server listens on (the one the system picked when configured with port 0), or 0 when it
    /// is not running or shutting down.
    public var port: Int {
        daemon.withLock { $0?.port ?? 0 }
    }

    /// How many requests are in flight: their head has arrived and their response has not been sent yet.
    public var requestsInFlight: Int {
        inFlightCount.load(ordering: .relaxed)
    }

    /// Starts listening and serving; returns once the socket is bound, with the server's threads running.
    ///
    /// Block the termination signals (``blockTerminationSignals()``) before this, so that the server's threads
    /// inherit the mask and only the waiting thread takes SIGINT and SIGTERM.
    /// - Throws: ``ServerError`` when a setting cannot work, the server is already running, or the address
    ///   cannot be bound (in use, not this machine's, or a privileged port).
    public func start() throws {
        if let problem = configuration.problem() { throw ServerError(message: problem) }
        guard var address = SocketAddress(host: configuration.host, port: UInt16(configuration.port)) else {
            throw ServerError(message: "the host is not an IP address: \(configuration.host)")
        }
        try daemon.withLock { daemon in
            if daemon != nil { throw ServerError(message: "the server is already running") }
            var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | Platform.pollingFlag | MHD_USE_TURBO.rawValue
            // Quiescing (the first step of a graceful shutdown) needs the inter-thread channel; slow requests
            // suspend their connections.
            flags |= MHD_USE_ITC.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
            if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
            // The daemon holds a strong reference to the server for as long as it runs: the callbacks get
            // this pointer as their `cls`, and `shutdown` releases it only after MHD_stop_daemon has joined
            // every thread that could call them.
            let server = Unmanaged.passRetained(self).toOpaque()
            let handle = withUnsafeMutablePointer(to: &address) { address in
                var options = [
                    MHD_OptionItem(option: .SOCK_ADDR, value: 0, ptr_value: address),
                    MHD_OptionItem(option: .THREAD_POOL_SIZE, value: configuration.threadCount, ptr_value: nil),
                    MHD_OptionItem(option: .CONNECTION_LIMIT, value: configuration.connectionLimit, ptr_value: nil),
                    MHD_OptionItem(option: .CONNECTION_MEMORY_LIMIT, value: Self.connectionMemory, ptr_value: nil),
                    MHD_OptionItem(
                        option: .CONNECTION_TIMEOUT, value: configuration.connectionTimeout, ptr_value: nil),
                    lists_mhd_notify_completed_option(requestCompleted, server),
                    lists_mhd_notify_connection_option(connectionNotified, server),
                    MHD_OptionItem(option: .END, value: 0, ptr_value: nil),
                ]
                return options.withUnsafeMutableBufferPointer {
                    lists_mhd_start_daemon(flags, acceptPolicy, server, accessHandler, server, $0.baseAddress)
                }
            }
            guard let handle else {
                let reason = Platform.lastErrorDescription
                // No daemon holds the pointer: balance the retain above.
                Unmanaged<HTTPServer>.fromOpaque(server).release()
                throw ServerError(
                    message: "cannot listen on \(configuration.host) port \(configuration.port): \(reason)")
            }
            daemon = Daemon(handle: handle, port: Int(lists_mhd_bound_port(handle)))
            connectionGuard.start()
        }
    }

    /// libmicrohttpd keeps a request's head in a memory pool of 32 KiB per connection, and answers a head that does
    /// not fit (414 or 431) itself, with its own fixed text and none of the headers Lists sends; it zeroes the whole
    /// pool after every request, so a larger pool costs every request (at 256 KiB, a quarter of a GET's time). Lists
    /// therefore checks its own, lower limits (``maximumTargetLength``, ``maximumHeadLength``) and answers them
    /// with its headers; only a head too large for the pool gets libmicrohttpd's answer.
    /// The memory pool libmicrohttpd gives each connection: 64 KiB, twice its default. A head and a copy of its
    /// `Cookie` field (which libmicrohttpd parses into cookies before Lists sees the request) must fit in it
    /// together; at 32 KiB a `Cookie` of 15 KiB did not, and libmicrohttpd answered 431 itself, its status line and
    /// headers written twice and none of Lists's. At 64 KiB every head up to ``maximumHeadLength`` and well past it
    /// reaches Lists, which answers 431 with its own headers; only a head over about 32 KiB is libmicrohttpd's.
    static let connectionMemory = 64 * 1024

    /// The longest request target (path and query) Lists reads: 8 KiB, as most servers take; longer gets 414.
    static let maximumTargetLength = 8 * 1024

    /// The largest request head (its header fields) Lists reads: 16 KiB, well above what browsers send; larger gets
    /// 431.
    static let maximumHeadLength = 16 * 1024

    /// Stops the server gracefully: stops accepting connections at once, lets the requests in flight finish
    /// for up to `gracePeriod`, then closes every connection and joins the server's threads.
    ///
    /// Returns when the server is stopped; does nothing when it is not running. Idle keep-alive connections
    /// and requests whose headers have not fully arrived are not waited for. A request whose body is still
    /// arriving when the grace period ends is cut off; one whose handler is still running is not (a handler
    /// cannot be interrupted): stopping then waits for it to return, and its response is not sent.
    public func shutdown(gracePeriod: Duration = .seconds(10)) {
        // Taken out at once, so that a second, concurrent shutdown finds nothing to stop.
        let taken = daemon.withLock { daemon in
            defer { daemon = nil }
            return daemon
        }
        guard let running = taken else { return }
        // MHD_quiesce_daemon hands the listening socket back; closing it makes new connections be refused
        // instead of waiting in the kernel's backlog until the daemon stops.
        let listener = MHD_quiesce_daemon(running.handle)
        if listener >= 0 { close(listener) }
        // An event stream lasts as long as its client stays: it ends now, and its connection with it.
        openStreams.finishAll()
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: gracePeriod)
        while inFlightCount.load(ordering: .acquiring) > 0 && clock.now < deadline {
            Platform.sleep(microseconds: 2_000)
        }
        // A suspended connection must be resumed before the daemon stops (libmicrohttpd's rule): slow requests
        // end (a password check takes well under a second), however long the grace period was.
        while suspendedCount.load(ordering: .acquiring) > 0 {
            Platform.sleep(microseconds: 2_000)
        }
        // A resumed connection's answer is sent by the daemon's thread a moment later; a client that reads
        // nothing gets a few seconds at most.
        let sendingDeadline = clock.now.advanced(by: .seconds(5))
        while deferredCount.load(ordering: .acquiring) > 0 && clock.now < sendingDeadline {
            Platform.sleep(microseconds: 2_000)
        }
        MHD_stop_daemon(running.handle)
        connectionGuard.stop()
        // Balances the retain taken in `start`: no callback can run any more.
        Unmanaged.passUnretained(self).release()
    }
}

extension HTTPServer {
    /// Blocks SIGINT and SIGTERM in the calling thread and in every thread it starts afterwards, so that they
    /// wait for ``waitForTerminationSignal()`` instead of ending the process.
    ///
    /// Call it first thing in `main`, before ``start()`` and anything else that starts threads: a thread keeps
    /// the signal mask it was started with, and a signal goes to any thread that does not block it.
    public static func blockTerminationSignals() {
        Platform.blockTerminationSignals()
    }

    /// Blocks the calling thread until SIGINT or SIGTERM arrives, and returns which one.
    ///
    /// Call ``blockTerminationSignals()`` first; otherwise a signal may end the process before it is waited for.
    public static func waitForTerminationSignal() -> Int32 {
        Platform.waitForTerminationSignal()
    }
}

/// Why a server could not start, as a sentence for the person starting it.
public struct ServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong and with which setting.
    public var message: String

    /// An error saying `message`.
    public init(message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
