// The operating system's side of the server, in one place: everything here is POSIX as glibc offers it, and a port
// to another system (Darwin) is a change to this file. The rest of the module reaches the system only through it.

import CMicroHTTPD

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system calls the server makes, beside the sockets' addresses (``SocketAddress``).
enum Platform {
    /// How libmicrohttpd's threads wait for their connections: epoll on Linux, poll elsewhere.
    static var pollingFlag: UInt32 {
        #if os(Linux)
            MHD_USE_EPOLL.rawValue
        #else
            MHD_USE_POLL.rawValue
        #endif
    }

    /// Nanoseconds of the monotonic clock.
    static func monotonicNanoseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// The length of a C string, in bytes.
    static func length(of text: UnsafePointer<CChar>) -> Int { strlen(text) }

    /// The processors online.
    static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// Shuts a socket down both ways, leaving it open: its owner sees it end and closes it.
    static func shutDown(socket: Int32) {
        _ = shutdown(socket, Int32(SHUT_RDWR))
    }

    /// The sentence the system gives for the last failed call.
    static var lastErrorDescription: String { String(cString: strerror(errno)) }

    /// Sleeps the calling thread.
    static func sleep(microseconds: UInt32) {
        usleep(microseconds)
    }

    /// The current time in UTC as year, month, day, hour, minute and second, from the C library (a log line per
    /// request must be cheap).
    static func utcNow() -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        var seconds = time(nil)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return (
            Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday), Int(parts.tm_hour),
            Int(parts.tm_min), Int(parts.tm_sec)
        )
    }

    /// Writes `bytes` to standard error in one write(2), so that lines from several threads never mix.
    static func writeToStandardError(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { bytes in
            while write(STDERR_FILENO, bytes.baseAddress, bytes.count) < 0 && errno == EINTR {}
        }
    }

    /// Blocks SIGINT and SIGTERM in the calling thread and in every thread it starts afterwards.
    static func blockTerminationSignals() {
        var signals = terminationSignals
        pthread_sigmask(SIG_BLOCK, &signals, nil)
    }

    /// Blocks the calling thread until SIGINT or SIGTERM arrives, and returns which one.
    static func waitForTerminationSignal() -> Int32 {
        var signals = terminationSignals
        var received: Int32 = 0
        while sigwait(&signals, &received) != 0 {}
        return received
    }

    /// The set of SIGINT (Control-C) and SIGTERM (a service manager stopping the server).
    private static var terminationSignals: sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        return signals
    }

    /// The addresses of this machine's network interfaces (`getifaddrs`), as ``SocketAddress/hostBytes(of:)``
    /// gives them.
    static func interfaceAddresses() -> Set<[UInt8]> {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var addresses: Set<[UInt8]> = []
        var next = first
        while let entry = next {
            if let address = entry.pointee.ifa_addr, let bytes = SocketAddress.hostBytes(of: address) {
                addresses.insert(bytes)
            }
            next = entry.pointee.ifa_next
        }
        return addresses
    }
}

/// An IPv4 or IPv6 socket address made from a numeric host and a port, and the printing of a peer's address.
struct SocketAddress {
    /// The address, in storage large enough for either family.
    private(set) var storage = sockaddr_storage()
    /// Whether the address is IPv6 (libmicrohttpd then needs `MHD_USE_IPv6`).
    let isIPv6: Bool

    /// The address of `host` (a numeric IPv4 or IPv6 literal, optionally in brackets) at `port`, or `nil` when
    /// `host` is not one.
    init?(host: String, port: UInt16) {
        var literal = host
        if literal.hasPrefix("[") && literal.hasSuffix("]") { literal = String(literal.dropFirst().dropLast()) }
        var ipv4 = sockaddr_in()
        var ipv6 = sockaddr_in6()
        if inet_pton(AF_INET, literal, &ipv4.sin_addr) == 1 {
            ipv4.sin_family = sa_family_t(AF_INET)
            ipv4.sin_port = port.bigEndian
            isIPv6 = false
            withUnsafeMutableBytes(of: &storage) { target in
                withUnsafeBytes(of: ipv4) { target.copyMemory(from: $0) }
            }
        } else if inet_pton(AF_INET6, literal, &ipv6.sin6_addr) == 1 {
            ipv6.sin6_family = sa_family_t(AF_INET6)
            ipv6.sin6_port = port.bigEndian
            isIPv6 = true
            withUnsafeMutableBytes(of: &storage) { target in
                withUnsafeBytes(of: ipv6) { target.copyMemory(from: $0) }
            }
        } else {
            return nil
        }
    }

    /// The address's host part as bytes: 4 for IPv4, 16 for IPv6 (an IPv4 address mapped into IPv6 as its 4).
    var hostBytes: [UInt8]? {
        withSocketAddress { Self.hostBytes(of: $0) }
    }

    /// Calls `body` with the address as a `sockaddr`.
    func withSocketAddress<T>(_ body: (UnsafePointer<sockaddr>) -> T) -> T {
        withUnsafePointer(to: storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
    }

    /// The host part of `address` as bytes: 4 for IPv4, 16 for IPv6, and an IPv4 address mapped into IPv6
    /// (`::ffff:127.0.0.1`, what a dual-stack socket reports for an IPv4 client) as its 4; `nil` for another family.
    static func hostBytes(of address: UnsafePointer<sockaddr>) -> [UInt8]? {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
                withUnsafeBytes(of: ipv4.pointee.sin_addr) { Array($0) }
            }
        case AF_INET6:
            let bytes = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { ipv6 in
                withUnsafeBytes(of: ipv6.pointee.sin6_addr) { Array($0) }
            }
            let isMappedIPv4 = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
            return isMappedIPv4 ? Array(bytes[12...]) : bytes
        default:
            return nil
        }
    }

    /// The numeric host of a peer's address (`127.0.0.1`, `::1`), or `-` when it is missing or of another
    /// family.
    static func describeHost(_ address: UnsafePointer<sockaddr>?) -> String {
        guard let address else { return "-" }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let written: UnsafePointer<CChar>?
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            written = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
                withUnsafePointer(to: ipv4.pointee.sin_addr) {
                    inet_ntop(AF_INET, $0, &text, socklen_t(text.count))
                }
            }
        case AF_INET6:
            written = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { ipv6 in
                withUnsafePointer(to: ipv6.pointee.sin6_addr) {
                    inet_ntop(AF_INET6, $0, &text, socklen_t(text.count))
                }
            }
        default:
            written = nil
        }
        guard written != nil else { return "-" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
