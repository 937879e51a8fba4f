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
            + "logs one line per request on stderr, and on Ctrl-C or SIGTERM lets requests in flight finish.",
        options: [
            OptionSpec(name: "host", value: "ADDRESS", help: "the IPv4 or IPv6 address to listen on (127.0.0.1)"),
            OptionSpec(name: "port", value: "PORT", help: "the TCP port, 0 for any free one (8080)"),
            OptionSpec(name: "timeout", value: "SECONDS", help: "close a connection idle this long (30)"),
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
        // A read connection per server thread: pages and API reads run at once and never wait behind a commit.
        let app = ListsWebApp(store: try run.store(readConnections: configuration.threadCount))
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
