import Synchronization

/// The IP addresses a server listening on one address answers on, for the web app's host policy: a request whose
/// `Host` is an address literal is this server's only when it names one of them.
///
/// - Listening on loopback (`127.0.0.1`, `::1`): every loopback address.
/// - Listening on every address (`0.0.0.0`, `::`): the loopback addresses and this machine's own, as its
///   network interfaces have them now (read again, at most every few seconds, when an address is not among
///   them: a laptop's address changes with its network).
/// - Listening on one other address: that one.
public final class ServedAddresses: Sendable {
    private enum Listening {
        case loopback([UInt8])
        case everywhere
        case one([UInt8])
    }

    private let listening: Listening
    private let interfaces = Mutex<(addresses: Set<[UInt8]>, readAt: Int64)>(([], 0))

    /// The addresses served by a server listening on `host`, a numeric IPv4 or IPv6 address.
    public init(listeningOn host: String) {
        let bytes = Self.parse(host) ?? []
        if bytes.allSatisfy({ $0 == 0 }) {
            listening = .everywhere
        } else if Self.isLoopback(bytes) {
            listening = .loopback(bytes)
        } else {
            listening = .one(bytes)
        }
    }

    /// Whether `text`, a numeric address without brackets, is one this server answers on.
    @Sendable public func contains(_ text: String) -> Bool {
        guard let bytes = Self.parse(text) else { return false }
        switch listening {
        case .loopback(let bound): return Self.isLoopback(bytes) || bytes == bound
        case .one(let bound): return bytes == bound
        case .everywhere: return Self.isLoopback(bytes) || isInterfaceAddress(bytes)
        }
    }

    /// The bytes of a numeric IPv4 (4) or IPv6 (16) address, optionally in brackets, an IPv4 address mapped into
    /// IPv6 as its 4; `nil` when `text` is not one.
    public static func parse(_ text: String) -> [UInt8]? {
        guard let address = SocketAddress(host: text, port: 0) else { return nil }
        return address.hostBytes
    }

    private static func isLoopback(_ bytes: [UInt8]) -> Bool {
        bytes.count == 4 ? bytes[0] == 127 : bytes == [UInt8](repeating: 0, count: 15) + [1]
    }

    private func isInterfaceAddress(_ bytes: [UInt8]) -> Bool {
        let now = ConnectionGuard.now()
        return interfaces.withLock { interfaces in
            if interfaces.addresses.contains(bytes) { return true }
            guard now - interfaces.readAt > 5_000_000_000 || interfaces.readAt == 0 else { return false }
            interfaces = (Platform.interfaceAddresses(), now)
            return interfaces.addresses.contains(bytes)
        }
    }

}
