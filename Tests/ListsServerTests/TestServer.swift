import Foundation
import ListsHTTP
import ListsServer
import Synchronization

/// A live server on port 0 with a small handler: `/slow` sleeps 500 ms, `/stream` answers a stream the probe keeps
/// (``HandlerProbe/streams``) that starts with `hello\n`, anything else echoes the request as
/// `method path query body-length`, with the `X-Echo` header carrying the request's `X-Test` header.
final class TestServer: Sendable {
    let server: HTTPServer
    let probe: HandlerProbe

    init(
        connectionTimeout: Int = 30, configure: (inout ServerConfiguration) -> Void = { _ in },
        handling: @escaping @Sendable (String, String) -> RequestHandling = { _, _ in .ordinary }
    ) throws {
        let probe = HandlerProbe()
        var configuration = ServerConfiguration(
            port: 0, threadCount: 4, connectionTimeout: connectionTimeout, logsAccess: false)
        configure(&configuration)
        server = HTTPServer(configuration: configuration, handling: handling) { request in probe.handle(request) }
        self.probe = probe
        try server.start()
    }

    var port: Int { server.port }

    /// How many times the handler was called.
    var handlerCalls: Int { probe.calls.load(ordering: .acquiring) }

    deinit { server.shutdown(gracePeriod: .zero) }
}

/// The test handler and what it saw.
final class HandlerProbe: Sendable {
    /// How many times the handler was called.
    let calls = Atomic<Int>(0)
    /// Whether a slow request has reached the handler.
    let slowRequestStarted = Atomic<Bool>(false)
    /// The streams answered, and how many of them have closed.
    let streams = Mutex<[ResponseStream]>([])
    let closedStreams = Atomic<Int>(0)

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        calls.add(1, ordering: .releasing)
        if request.path == "/stream" {
            let stream = ResponseStream(first: Array("hello\n".utf8))
            stream.onClose { [self] in closedStreams.add(1, ordering: .releasing) }
            streams.withLock { $0.append(stream) }
            var response = HTTPResponse(status: 200, headers: HTTPHeaders([("Content-Type", "text/event-stream")]))
            response.stream = stream
            return response
        }
        if request.path == "/slow" {
            slowRequestStarted.store(true, ordering: .releasing)
            usleep(500_000)
            return HTTPResponse(status: 200, body: Array("slept".utf8))
        }
        let query = request.query.keys.sorted().map { "\($0)=\(request.query[$0] ?? "")" }.joined(separator: "&")
        var headers = HTTPHeaders([("Content-Type", "text/plain")])
        if let test = request.headers["x-test"] { headers["X-Echo"] = test }
        let text = "\(request.method) \(request.path) \(query) \(request.body.count)"
        return HTTPResponse(status: request.method == "POST" ? 201 : 200, headers: headers, body: Array(text.utf8))
    }
}
