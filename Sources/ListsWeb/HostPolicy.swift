import ListsHTTP
import ListsModel

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

    /// A policy allowing `names` (any case; a final dot ignored) and the addresses `isServedAddress` accepts.
    public init(names: [String] = [], isServedAddress: @escaping @Sendable (String) -> Bool) {
        self.names = Set(names.map { name in
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
    public func allows(_ value: String) -> Bool {
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
            return !bare.isEmpty && bare.unicodeScalars.allSatisfy { $0.properties.isASCIIHexDigit || $0 == ":" || $0 == "." }
        }
        return hostName(name) == normalized(name)
    }

    /// The host part of a `Host` value, lower-case and without a final dot, IPv6 kept in brackets; `nil` when the
    /// value is not a host with an optional port.
    static func hostName(_ value: String) -> String? {
        let trimmed = value.trimmingWhitespace(includingNewlines: false)
        var host = Substring(trimmed)
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            let rest = host[host.index(after: close)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isASCIIDigit)) else {
                return nil
            }
            return host[...close].lowercased()
        }
        if let colon = host.lastIndex(of: ":") {
            guard host[host.index(after: colon)...].allSatisfy(\.isASCIIDigit) else { return nil }
            host = host[..<colon]
        }
        let name = normalized(String(host))
        let allowed = name.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isASCIIHexDigit || ("a"..."z").contains(scalar) || scalar == "." || scalar == "-"
                || scalar == "_"
        }
        return allowed && !name.isEmpty ? name : nil
    }

    private static func normalized(_ name: String) -> String {
        let lower = name.lowercased()
        return lower.hasSuffix(".") ? String(lower.dropLast()) : lower
    }

    /// The four numbers of a dotted IPv4 address, or `nil`.
    static func ipv4Octets(_ text: String) -> [Int]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        let numbers = parts.compactMap { part -> Int? in
            guard (1...3).contains(part.count), part.allSatisfy(\.isASCIIDigit), let value = Int(part), value < 256
            else { return nil }
            return value
        }
        return numbers.count == 4 ? numbers : nil
    }
}

extension Character {
    /// Whether the character is one of the ASCII digits 0 to 9.
    var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
