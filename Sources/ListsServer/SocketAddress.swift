#if canImport(Glibc)
    import Glibc
#endif

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
