import Foundation
import ListsAuth
import ListsModel
import ListsServer
import ListsWeb

/// `lists serve`: the web app and the JSON API on one address, until SIGINT or SIGTERM.
struct ServeCommand: Command {
    static let configuration = CommandConfiguration(
        app: "", name: "serve", abstract: "Serve the web app and the JSON API (http://127.0.0.1:8080 by default).",
        discussion: "Binds 127.0.0.1 unless --host says otherwise; --port 0 picks a free port. Prints the address, "
            + "logs one line per request on stderr, and on Ctrl-C or SIGTERM lets requests in flight finish. "
            + "Answers only requests addressed to localhost, to an address it listens on, or to a name given "
            + "with --allowed-host (also $LISTS_ALLOWED_HOSTS, separated by commas): a page elsewhere cannot "
            + "reach it by pointing its own name at this machine.",
        example: "lists serve --port 8080")
    static let arguments: [Argument<Self>] = [
        .option("host", "ADDRESS", help: "the IPv4 or IPv6 address to listen on (127.0.0.1)") { $0.hostText = $1 },
        .option("port", "PORT", help: "the TCP port, 0 for any free one (8080)") { $0.portText = $1 },
        .repeatedOption(
            "allowed-host", "NAME",
            help: "also answer requests for this host name (repeatable), as a proxy or a home network names it"
        ) { $0.allowedHosts = $1 },
        .repeatedOption(
            "trusted-proxy", "ADDRESS",
            help: "a reverse proxy's address (repeatable): its connections are not "
                + "limited per client"
        ) { $0.trustedProxies = $1 },
        .option(
            "connections-per-client", "N", help: "how many connections one client address may hold (128)"
        ) { $0.connectionsText = $1 },
        .option("timeout", "SECONDS", help: "close a connection idle this long (30)") { $0.timeoutText = $1 },
        .option(
            "head-timeout", "SECONDS",
            help: "close a new connection whose request head has not arrived whole in this long (10)"
        ) { $0.headTimeoutText = $1 },
        .option("threads", "N", help: "how many threads serve requests (2 per core, at least 4)") {
            $0.threadsText = $1
        },
        .flag("quiet", help: "no access log") { $0.isQuiet = $1 },
    ]

    var hostText: String?
    var portText: String?
    var allowedHosts: [String] = []
    var trustedProxies: [String] = []
    var connectionsText: String?
    var timeoutText: String?
    var headTimeoutText: String?
    var threadsText: String?
    var isQuiet = false
    /// The server's settings, from the options.
    var configuration = ServerConfiguration()

    mutating func validate() throws {
        let host = hostText ?? "127.0.0.1"
        guard ServedAddresses.parse(host) != nil else {
            throw UsageError(
                message:
                    "--host must be an IPv4 or IPv6 address such as 127.0.0.1, 0.0.0.0 or ::1, not \(Quoted(host))",
                command: Self.path)
        }
        configuration = ServerConfiguration(
            host: host,
            port: try Typed.number(portText, option: "port", in: 0...65535, command: Self.path) ?? 8080,
            threadCount: try Typed.number(threadsText, option: "threads", in: 1...256, command: Self.path)
                ?? ServerConfiguration.defaultThreadCount,
            connectionTimeout: try Typed.number(timeoutText, option: "timeout", in: 1...3600, command: Self.path) ?? 30,
            logsAccess: !isQuiet)
        configuration.headTimeout =
            try Typed.number(headTimeoutText, option: "head-timeout", in: 1...3600, command: Self.path)
            ?? configuration.headTimeout
        configuration.connectionsPerClient =
            try Typed.number(connectionsText, option: "connections-per-client", in: 1...100_000, command: Self.path)
            ?? configuration.connectionsPerClient
        try Self.checkAddresses(trustedProxies)
        try Self.checkHostNames(allowedHosts)
    }

    func run(_ run: Invocation) throws {
        // Before any thread starts, so that the server's threads inherit the blocked mask and only this one
        // thread takes Ctrl-C and SIGTERM, to shut down in order.
        HTTPServer.blockTerminationSignals()
        var configuration = self.configuration
        let proxiesFromEnvironment = Self.listed(run.environment["LISTS_TRUSTED_PROXIES"])
        let namesFromEnvironment = Self.listed(run.environment["LISTS_ALLOWED_HOSTS"])
        try Self.checkAddresses(proxiesFromEnvironment)
        try Self.checkHostNames(namesFromEnvironment)
        configuration.trustedProxies = trustedProxies + proxiesFromEnvironment
        let hosts = HostPolicy(
            names: allowedHosts + namesFromEnvironment,
            isServedAddress: ServedAddresses(listeningOn: configuration.host).contains)
        // A read connection per server thread: pages and API reads run at once and never wait behind a commit.
        // Passwords are hashed by two helper processes, this executable started again (see HashingHelpers).
        let app = ListsWebApp(
            store: try run.store(readConnections: configuration.threadCount, unscoped: true, mapped: false),
            hosts: hosts,
            hasher: HashingHelpers(hasher: .interactive, executable: Platform.executablePath()))
        let server = HTTPServer(configuration: configuration, handling: { app.handling(method: $0, path: $1) }) {
            app.respond(to: $0)
        }
        do {
            try server.start()
        } catch let error as ServerError {
            throw ServeFailure(message: "serve: \(error)")
        }
        let shownHost = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        if let setup = try app.setupPath() {
            // On stderr, where the person who started the server looks, and before the banner, so that whoever
            // waits for the banner finds it written. The address works once, until the server stops.
            let reachable = ["0.0.0.0", "::"].contains(configuration.host) ? "127.0.0.1" : shownHost
            Platform.writeToStandardError(
                "lists: no account yet. Make the first one, which owns the lists already here, at\n"
                    + "  http://\(reachable):\(server.port)\(setup)\n"
                    + "lists: the address works once, until the server stops; anyone else gets the sign-in page.\n")
        }
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

    /// Refuses a name that is neither a host name (letters, digits, dots, hyphens) nor an IP address, or that has
    /// a port.
    private static func checkHostNames(_ names: [String]) throws {
        for name in names where !HostPolicy.isAllowableName(name) {
            throw UsageError(
                message: "--allowed-host must be a host name such as lists.example.org or an IP address, "
                    + "without a port, not \(Quoted(name))",
                command: path)
        }
    }

    /// Refuses what is not a numeric IPv4 or IPv6 address.
    private static func checkAddresses(_ addresses: [String]) throws {
        for address in addresses where ServedAddresses.parse(address) == nil {
            throw UsageError(
                message: "--trusted-proxy must be an IPv4 or IPv6 address such as 10.0.0.2, not \(Quoted(address))",
                command: path)
        }
    }
}

/// The server could not start (the port is taken, the address is not this machine's).
struct ServeFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
