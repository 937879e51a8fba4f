import ListsHTTP
import ListsModel
import Synchronization

/// The host names a server answers to, so that a web page elsewhere cannot reach it by DNS rebinding.
///
/// A page on `evil.example` can point that name at 127.0.0.1 after it has loaded; the browser then sends the
/// page's requests to Lists as same-origin requests, with `Host: evil.example`. So a request is answered only
/// when its `Host` (and, behind a proxy, its `X-Forwarded-Host`) names this server:
///
/// - `localhost`, which browsers resolve to this machine and no page can take over;
/// - an IP address the server answers on (``isServedAddress``): the loopback addresses when it listens on
///   loopback, the address it listens on, or, listening on every address (`0.0.0.0`, `::`), this machine's
///   own; a page cannot be served from an address literal it does not own, so these cannot be rebound either;
/// - the names the operator gives (`--allowed-host`, `LISTS_ALLOWED_HOSTS`), for a server behind a reverse
///   proxy or reached by name on a home network.
///
/// The port is not compared: a proxy may pass on the name with its own port or none. A request with no `Host`
/// at all (HTTP/1.0 from a script) is not a browser's and is answered.
public struct HostPolicy: Sendable {
    /// The names allowed besides `localhost` and the served addresses: lower-case, without a final dot.
    public let names: Set<String>
    /// Whether the server answers on an IP address, given as its text without brackets (`127.0.0.1`, `::1`).
    public let isServedAddress: @Sendable (String) -> Bool
    /// `Host` values already found allowed, as they came: the same few arrive with every request.
    private let allowed = SharedSet()

    /// A set of strings behind a lock, shared by the copies of a policy.
    private final class SharedSet: Sendable {
        private let set = Mutex<Set<String>>([])
        func contains(_ value: String) -> Bool { set.withLock { $0.contains(value) } }
        func insert(_ value: String) {
            set.withLock { set in
                // Bounded: a client chooses the values (every port of 127.0.0.1 is allowed).
                if set.count >= 64 { set.removeAll() }
                set.insert(value)
            }
        }
    }

    /// A policy allowing `names` (any case; a final dot ignored) and the addresses `isServedAddress` accepts.
    public init(names: [String] = [], isServedAddress: @escaping @Sendable (String) -> Bool) {
        self.names = Set(
            names.map { name in
                let bare = name.hasPrefix("[") && name.hasSuffix("]") ? String(name.dropFirst().dropLast()) : name
                return Self.normalized(bare)
            })
        self.isServedAddress = isServedAddress
    }

    /// A server on loopback with no other names: what a route test's requests, and `lists serve` by default,
    /// answer to.
    public static let loopback = HostPolicy(isServedAddress: isLoopbackAddress)

    /// Whether the text is a loopback address: `127.0.0.0/8` or `::1`, in any of their spellings.
    public static func isLoopbackAddress(_ text: String) -> Bool {
        if let ipv4 = ipv4Octets(text) { return ipv4[0] == 127 }
        return ["::1", "0:0:0:0:0:0:0:1", "::0:1", "0::1"].contains(text.lowercased())
            || text.lowercased().hasPrefix("::ffff:127.")
    }

    /// Refuses a request whose `Host` or `X-Forwarded-Host` names another server.
    /// - Throws: ``HTTPError`` 421 naming the host.
    public func check(_ request: HTTPRequest) throws {
        for header in ["Host", "X-Forwarded-Host"] {
            guard let value = request.headers[header] else { continue }
            // A proxy chain lists each host it was asked for; every one of them must be this server's.
            for host in value.split(separator: ",") where !allows(String(host)) {
                throw HTTPError(
                    status: 421, code: "unknown_host",
                    message: "this server does not answer to the host \"\(Self.hostName(String(host)) ?? "")\"; "
                        + "nothing was changed (its operator can allow a name with --allowed-host)")
            }
        }
    }

    /// Whether a `Host` value (`name`, `name:port`, `[v6]:port`) names this server.
    ///
    /// Read on its bytes, with no Unicode tables: this runs for every request.
    public func allows(_ value: String) -> Bool {
        if allowed.contains(value) { return true }
        let isAllowed = decide(value)
        if isAllowed { allowed.insert(value) }
        return isAllowed
    }

    private func decide(_ value: String) -> Bool {
        guard let host = Self.hostName(value) else { return false }
        if host.hasPrefix("[") {
            let address = String(host.dropFirst().dropLast())
            return isServedAddress(address) || names.contains(address)
        }
        if Self.ipv4Octets(host) != nil { return isServedAddress(host) || names.contains(host) }
        return host == "localhost" || names.contains(host)
    }

    /// Whether `name` can be allowed: a host name (letters, digits, dots, hyphens) or an IPv4 or IPv6 address,
    /// without a port.
    public static func isAllowableName(_ name: String) -> Bool {
        if name.contains(":") {
            let bare = name.hasPrefix("[") && name.hasSuffix("]") ? String(name.dropFirst().dropLast()) : name
            return !bare.isEmpty
                && bare.utf8.allSatisfy { isHexDigit($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") }
        }
        return hostName(name) == normalized(name)
    }

    /// The host part of a `Host` value, lower-case and without a final dot, IPv6 kept in brackets; `nil` when the
    /// value is not a host with an optional port.
    static func hostName(_ value: String) -> String? {
        var bytes = Array(value.utf8)
        while let last = bytes.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { bytes.removeLast() }
        let start = bytes.firstIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } ?? bytes.endIndex
        var host = bytes[start...]
        if host.first == UInt8(ascii: "[") {
            guard let close = host.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            guard isPort(host[(close + 1)...]) else { return nil }
            host = host[...close]
            guard
                host.dropFirst().dropLast().allSatisfy({
                    isHexDigit($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".")
                })
            else { return nil }
            return String(decoding: host.map(lowercased), as: UTF8.self)
        }
        if let colon = host.lastIndex(of: UInt8(ascii: ":")) {
            guard isPort(host[colon...]) else { return nil }
            host = host[..<colon]
        }
        if host.last == UInt8(ascii: ".") { host = host.dropLast() }
        guard !host.isEmpty, host.allSatisfy(isNameByte) else { return nil }
        return String(decoding: host.map(lowercased), as: UTF8.self)
    }

    /// Whether `bytes` is empty or a colon followed by digits only.
    private static func isPort(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.isEmpty || (bytes.first == UInt8(ascii: ":") && bytes.dropFirst().allSatisfy(isDigit))
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }

    /// A letter, digit, dot, hyphen or underscore: what a host name is made of.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }

    private static func normalized(_ name: String) -> String {
        let lower = name.lowercased()
        return lower.hasSuffix(".") ? String(lower.dropLast()) : lower
    }

    /// The four numbers of a dotted IPv4 address, or `nil`.
    static func ipv4Octets(_ text: String) -> [Int]? {
        var octets: [Int] = []
        var value = 0
        var digits = 0
        for byte in text.utf8 {
            if isDigit(byte) {
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
                guard digits <= 3, value < 256 else { return nil }
            } else if byte == UInt8(ascii: "."), digits > 0, octets.count < 3 {
                octets.append(value)
                (value, digits) = (0, 0)
            } else {
                return nil
            }
        }
        guard digits > 0, octets.count == 3 else { return nil }
        return octets + [value]
    }
}
