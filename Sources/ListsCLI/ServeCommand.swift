import Foundation
import ListsModel
import ListsServer
import ListsWeb

/// `lists serve`: the web app and the JSON API on one address, until SIGINT or SIGTERM.
enum ServeCommand {
    static let spec = CommandSpec(
        app: "", name: "serve", arguments: "", arity: (0, 0),
        abstract: "Serve the web app and the JSON API (http://127.0.0.1:8080 by default).",
        discussion: "Binds 127.0.0.1 unless --host says otherwise; --port 0 picks a free port. Prints the address, "
            + "logs one line per request on stderr, and on Ctrl-C or SIGTERM lets requests in flight finish. "
            + "Answers only requests addressed to localhost, to an address it listens on, or to a name given "
            + "with --allowed-host (also $LISTS_ALLOWED_HOSTS, separated by commas): a page elsewhere cannot "
            + "reach it by pointing its own name at this machine.",
        options: [
            OptionSpec(name: "host", value: "ADDRESS", help: "the IPv4 or IPv6 address to listen on (127.0.0.1)"),
            OptionSpec(name: "port", value: "PORT", help: "the TCP port, 0 for any free one (8080)"),
            OptionSpec(
                name: "allowed-host", value: "NAME",
                help: "also answer requests for this host name (repeatable), as a proxy or a home network names it"),
            OptionSpec(
                name: "trusted-proxy", value: "ADDRESS",
                help: "a reverse proxy's address (repeatable): its connections are not limited per client"),
            OptionSpec(
                name: "connections-per-client", value: "N",
                help: "how many connections one client address may hold (128)"),
            OptionSpec(name: "timeout", value: "SECONDS", help: "close a connection idle this long (30)"),
            OptionSpec(
                name: "head-timeout", value: "SECONDS",
                help: "close a new connection whose request head has not arrived whole in this long (10)"),
            OptionSpec(name: "threads", value: "N", help: "how many threads serve requests (2 per core, at least 4)"),
            OptionSpec(name: "quiet", value: nil, help: "no access log"),
        ],
        example: "lists serve --port 8080", run: serve)

    static func serve(_ run: Invocation) throws {
        // Before any thread starts, so that the server's threads inherit the blocked mask and only this one
        // thread takes Ctrl-C and SIGTERM, to shut down in order.
        HTTPServer.blockTerminationSignals()
        let host = run.option("host") ?? "127.0.0.1"
        var address = in6_addr()
        guard inet_pton(AF_INET, host, &address) == 1 || inet_pton(AF_INET6, host.trimmingCharacters(in: ["[", "]"]), &address) == 1
        else {
            throw UsageError(
                message: "--host must be an IPv4 or IPv6 address such as 127.0.0.1, 0.0.0.0 or ::1, not \(Quoted(host))",
                command: run.command.path)
        }
        var configuration = ServerConfiguration(
            host: host,
            port: try number("port", run, in: 0...65535) ?? 8080,
            threadCount: try number("threads", run, in: 1...256) ?? ServerConfiguration.defaultThreadCount,
            connectionTimeout: try number("timeout", run, in: 1...3600) ?? 30,
            logsAccess: run.option("quiet") == nil)
        configuration.uploadPaths = ListsWebApp.uploadPaths
        configuration.headTimeout = try number("head-timeout", run, in: 1...3600) ?? configuration.headTimeout
        configuration.connectionsPerClient =
            try number("connections-per-client", run, in: 1...100_000) ?? configuration.connectionsPerClient
        configuration.trustedProxies = try addresses(
            run.values(of: "trusted-proxy") + listed(run.environment["LISTS_TRUSTED_PROXIES"]), run)
        let hosts = HostPolicy(
            names: try hostNames(run.values(of: "allowed-host") + listed(run.environment["LISTS_ALLOWED_HOSTS"]), run),
            isServedAddress: ServedAddresses(listeningOn: host).contains)
        // A read connection per server thread: pages and API reads run at once and never wait behind a commit.
        let app = ListsWebApp(store: try run.store(readConnections: configuration.threadCount), hosts: hosts)
        let server = HTTPServer(configuration: configuration) { app.respond(to: $0) }
        do {
            try server.start()
        } catch let error as ServerError {
            throw ServeFailure(message: "serve: \(error)")
        }
        let shownHost = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        run.output.line("Lists is serving http://\(shownHost):\(server.port)/ (Ctrl-C stops it)")
        run.output.flush()
        let signal = HTTPServer.waitForTerminationSignal()
        run.output.line("Stopping (signal \(signal)); letting requests in flight finish.")
        run.output.flush()
        server.shutdown(gracePeriod: .seconds(10))
        run.output.line("Stopped.")
    }

    /// The names in an environment variable's list, separated by commas or spaces.
    private static func listed(_ value: String?) -> [String] {
        (value ?? "").split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
    }

    /// `names` checked to be host names (letters, digits, dots, hyphens) or IP addresses, without a port.
    private static func hostNames(_ names: [String], _ run: Invocation) throws -> [String] {
        for name in names {
            guard HostPolicy.isAllowableName(name) else {
                throw UsageError(
                    message: "--allowed-host must be a host name such as lists.example.org or an IP address, "
                        + "without a port, not \(Quoted(name))",
                    command: run.command.path)
            }
        }
        return names
    }

    /// `addresses` checked to be numeric IPv4 or IPv6 addresses.
    private static func addresses(_ addresses: [String], _ run: Invocation) throws -> [String] {
        for address in addresses where ServedAddresses.parse(address) == nil {
            throw UsageError(
                message: "--trusted-proxy must be an IPv4 or IPv6 address such as 10.0.0.2, not \(Quoted(address))",
                command: run.command.path)
        }
        return addresses
    }

    /// The whole number option `name`, checked to lie in `range`.
    private static func number(_ name: String, _ run: Invocation, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = run.option(name) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(
                message: "--\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not "
                    + "\(Quoted(text))",
                command: run.command.path)
        }
        return value
    }
}

/// The server could not start (the port is taken, the address is not this machine's).
struct ServeFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
