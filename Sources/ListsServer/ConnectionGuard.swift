import CMicroHTTPD
import Dispatch
import Synchronization

/// Keeps one client from holding the server's connections, and a slow client from holding one for long.
///
/// - **Per client.** A client address may hold at most ``ServerConfiguration/connectionsPerClient`` connections;
///   further ones are closed as soon as they are accepted, so one address holding its maximum leaves the rest of
///   the server's connections to everyone else. An IPv6 client counts by its /64 network, the block one
///   subscriber is given, so that a client cannot step around the limit by changing its own address. The
///   operator's trusted proxies (``ServerConfiguration/trustedProxies``) are not limited: every client behind
///   a proxy shares its address, and the proxy is where those clients are told apart.
/// - **A deadline for the head.** libmicrohttpd's timeout is an idle timeout: a client that sends one header line
///   every few seconds (slowloris) is never idle. Here a new connection must deliver its first request's whole
///   head within ``ServerConfiguration/headTimeout`` seconds, and a kept-alive connection its next request's
///   head within ``ServerConfiguration/connectionTimeout`` seconds of the previous answer; a connection past
///   its deadline is shut down. A request whose head has arrived is no longer timed here (its body and its
///   handler are not the client dawdling over a head).
///
/// libmicrohttpd calls ``admits(_:)`` as it accepts, ``opened(address:socket:)`` and ``closed(_:)`` around
/// each connection's life, and the server marks a head's arrival and a request's end. A thread checks the
/// deadlines four times a second and shuts overdue sockets down (`shutdown(2)`, not `close`): libmicrohttpd
/// still owns the descriptor, sees the connection end, and cleans it up as its own.
final class ConnectionGuard: Sendable {
    /// One open connection.
    final class Connection: Sendable {
        /// The connection's socket, owned by libmicrohttpd.
        let socket: Int32
        /// Whose connection it is, or `nil` for a trusted proxy (or an address of another family), which is not
        /// counted.
        let client: ClientKey?
        /// The client's address (4 bytes for IPv4, 16 for IPv6; empty for another family), which each request on
        /// the connection carries.
        let hostBytes: [UInt8]
        /// Whether the client is one of the trusted proxies.
        let isTrusted: Bool
        /// When the head of the request the connection owes must have arrived, in nanoseconds of the monotonic
        /// clock; 0 while a request whose head has arrived is being read or answered.
        let deadline: Atomic<Int64>
        /// Whether the guard has shut the socket down.
        let isCut = Atomic<Bool>(false)

        init(socket: Int32, client: ClientKey?, hostBytes: [UInt8], isTrusted: Bool, deadline: Int64) {
            self.socket = socket
            self.client = client
            self.hostBytes = hostBytes
            self.isTrusted = isTrusted
            self.deadline = Atomic(deadline)
        }
    }

    private struct State {
        var perClient: [ClientKey: Int] = [:]
        var open: [ObjectIdentifier: Connection] = [:]
        var lastRefusalLogged: Int64 = 0
    }

    private let connectionsPerClient: Int
    private let trusted: Set<[UInt8]>
    private let headTimeout: Int64
    private let keepAliveTimeout: Int64
    private let logsRefusals: Bool
    private let state = Mutex(State())
    /// Whether the deadline checks are running, and what stops them and says they have stopped.
    private let isChecking = Atomic<Bool>(false)
    private let wake = DispatchSemaphore(value: 0)
    private let checksEnded = DispatchSemaphore(value: 0)

    /// A guard with the configuration's limits; ``start()`` begins checking deadlines.
    init(configuration: ServerConfiguration) {
        connectionsPerClient = configuration.connectionsPerClient
        trusted = Set(configuration.trustedProxies.compactMap { SocketAddress(host: $0, port: 0)?.hostBytes })
        headTimeout = Int64(configuration.headTimeout) * 1_000_000_000
        keepAliveTimeout = Int64(configuration.connectionTimeout) * 1_000_000_000
        logsRefusals = configuration.logsAccess
    }

    /// Starts checking deadlines, four times a second on a thread of its own, until ``stop()``.
    func start() {
        guard !isChecking.exchange(true, ordering: .acquiringAndReleasing) else { return }
        DispatchQueue(label: "lists.connection-deadlines").async { [self] in
            while isChecking.load(ordering: .acquiring) {
                _ = wake.wait(timeout: .now() + .milliseconds(250))
                cutOverdueConnections()
            }
            checksEnded.signal()
        }
    }

    /// Stops checking deadlines and waits for the check under way; connections still open are libmicrohttpd's to
    /// close.
    func stop() {
        guard isChecking.exchange(false, ordering: .acquiringAndReleasing) else { return }
        wake.signal()
        checksEnded.wait()
    }

    /// Whether a new connection from `address` may be served: its client holds fewer than its limit. An admitted
    /// connection is counted at once, under the lock, so that connections accepted at the same moment by several
    /// of the server's threads cannot together pass the limit; libmicrohttpd then always reports it opened.
    func admits(_ address: UnsafePointer<sockaddr>?) -> Bool {
        guard let client = key(of: address) else { return true }
        let (admitted, held) = state.withLock { state -> (Bool, Int) in
            let held = state.perClient[client, default: 0]
            guard held < connectionsPerClient else { return (false, held) }
            state.perClient[client] = held + 1
            return (true, held)
        }
        if !admitted { logRefusal(address, held: held) }
        return admitted
    }

    /// Starts tracking a connection that libmicrohttpd has accepted (and ``admits(_:)`` counted); its first head is
    /// due within the head timeout.
    func opened(address: UnsafePointer<sockaddr>?, socket: Int32) -> Connection {
        let bytes = address.flatMap { SocketAddress.hostBytes(of: $0) } ?? []
        let connection = Connection(
            socket: socket, client: key(of: address), hostBytes: bytes, isTrusted: !bytes.isEmpty && isTrusted(bytes),
            deadline: Self.now() + headTimeout)
        state.withLock { state in state.open[ObjectIdentifier(connection)] = connection }
        return connection
    }

    /// Stops tracking a connection that libmicrohttpd is about to close. Under the lock, so that the timer never
    /// shuts down a descriptor libmicrohttpd has closed and the system may have handed to another connection.
    func closed(_ connection: Connection) {
        state.withLock { state in
            state.open[ObjectIdentifier(connection)] = nil
            guard let client = connection.client, let held = state.perClient[client] else { return }
            state.perClient[client] = held > 1 ? held - 1 : nil
        }
    }

    /// A request's head has arrived whole: nothing is due from the client until its answer has been sent.
    func headArrived(on connection: Connection) {
        connection.deadline.store(0, ordering: .relaxed)
    }

    /// A request was answered (or given up): the next head is due within the keep-alive timeout.
    func requestEnded(on connection: Connection) {
        connection.deadline.store(Self.now() + keepAliveTimeout, ordering: .relaxed)
    }

    /// How many connections are open from the client at `host` (a numeric address), for tests.
    func connectionCount(from host: String) -> Int {
        guard let address = SocketAddress(host: host, port: 0) else { return 0 }
        let client = address.withSocketAddress { key(of: $0) }
        return client.map { client in state.withLock { $0.perClient[client, default: 0] } } ?? 0
    }

    private func cutOverdueConnections() {
        let now = Self.now()
        state.withLock { state in
            for connection in state.open.values {
                let deadline = connection.deadline.load(ordering: .relaxed)
                guard deadline != 0, deadline < now, !connection.isCut.load(ordering: .relaxed) else { continue }
                connection.isCut.store(true, ordering: .relaxed)
                Platform.shutDown(socket: connection.socket)
            }
        }
    }

    /// The client an address counts against: the IPv4 address, or the /64 network of an IPv6 one (an IPv4 address
    /// mapped into IPv6 counts as itself); `nil` for a trusted proxy or an address of another family.
    /// Whether `hostBytes` (an address's 4 or 16 bytes) is one of the trusted proxies'.
    func isTrusted(_ hostBytes: [UInt8]) -> Bool { trusted.contains(hostBytes) }

    private func key(of address: UnsafePointer<sockaddr>?) -> ClientKey? {
        guard let address, let bytes = SocketAddress.hostBytes(of: address), !trusted.contains(bytes) else {
            return nil
        }
        return ClientKey(bytes)
    }

    /// Writes, at most once a minute, that connections from a client are being closed at the limit.
    private func logRefusal(_ address: UnsafePointer<sockaddr>?, held: Int) {
        guard logsRefusals else { return }
        let now = Self.now()
        let due = state.withLock { state in
            guard now - state.lastRefusalLogged > 60_000_000_000 || state.lastRefusalLogged == 0 else { return false }
            state.lastRefusalLogged = now
            return true
        }
        guard due else { return }
        let line =
            "\(RequestContext.utcNow()) \(SocketAddress.describeHost(address)) holds \(held) connections, the most a "
            + "client may (--connections-per-client); closing its new ones\n"
        RequestContext.writeToStandardError(Array(line.utf8))
    }

    /// Nanoseconds of the monotonic clock.
    static func now() -> Int64 { Platform.monotonicNanoseconds() }
}

/// Whose a connection is, for the per-client limit: an IPv4 address, or an IPv6 /64 network.
struct ClientKey: Hashable, Sendable {
    private let isIPv6: Bool
    private let bits: UInt64

    /// The key of an address's bytes: 4 for IPv4, 16 for IPv6 (of which the first 8 count).
    init(_ bytes: [UInt8]) {
        isIPv6 = bytes.count == 16
        bits = bytes.prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
    }
}
