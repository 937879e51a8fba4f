import Foundation
import ListsHTTP
import ListsServer
import Synchronization
import Testing

/// Responses written as they come (event streams): sent chunk by chunk as the route writes, holding no server
/// thread while they wait, ended by the route or by shutdown, forgotten when the client goes.
@Suite("Streamed responses")
struct StreamingTests {
    /// Opens `/stream` and reads its head and first chunk.
    private func open(_ fixture: TestServer) throws -> RawHTTPClient {
        let client = try RawHTTPClient(port: fixture.port, readTimeout: 5)
        try client.send("GET /stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let head = try client.readHead()
        #expect(head.status == 200)
        #expect(head.header("Transfer-Encoding") == "chunked")
        #expect(head.header("Content-Type") == "text/event-stream")
        #expect(String(decoding: try client.readChunk(), as: UTF8.self) == "hello\n")
        return client
    }

    @Test func whatTheRouteSendsArrivesAsItIsSent() throws {
        let fixture = try TestServer()
        let client = try open(fixture)
        let stream = try #require(fixture.probe.streams.withLock { $0.first })
        for number in 1...3 {
            stream.send(Array("event \(number)\n".utf8))
            #expect(String(decoding: try client.readChunk(), as: UTF8.self) == "event \(number)\n")
        }
        stream.finish()
        #expect(try client.readChunk() == [])
    }

    @Test func waitingStreamsHoldNoServerThread() throws {
        // One server thread and ten streams waiting: a request is still answered at once.
        let fixture = try TestServer(configure: { $0.threadCount = 1 })
        let clients = try (0..<10).map { _ in try open(fixture) }
        let started = ContinuousClock.now
        #expect(try RawHTTPClient.request(port: fixture.port, target: "/fast").status == 200)
        #expect(ContinuousClock.now - started < .milliseconds(500))
        // And each stream still gets what is sent to it.
        let streams = fixture.probe.streams.withLock { $0 }
        for (index, stream) in streams.enumerated() { stream.send(Array("to \(index)\n".utf8)) }
        for (index, client) in clients.enumerated() {
            #expect(String(decoding: try client.readChunk(), as: UTF8.self) == "to \(index)\n")
        }
    }

    @Test func aClientThatLeftIsForgottenAtTheNextSend() throws {
        let fixture = try TestServer()
        var client: RawHTTPClient? = try open(fixture)
        let stream = try #require(fixture.probe.streams.withLock { $0.first })
        client = nil
        _ = client
        // A suspended connection's close is noticed when the server writes to it again.
        let deadline = ContinuousClock.now + .seconds(5)
        while fixture.probe.closedStreams.load(ordering: .acquiring) == 0 && ContinuousClock.now < deadline {
            stream.send(Array(String(repeating: "x", count: 1000).utf8))
            usleep(20_000)
        }
        #expect(fixture.probe.closedStreams.load(ordering: .acquiring) == 1)
        #expect(stream.isClosed)
    }

    @Test func shutdownEndsEveryStreamAtOnce() throws {
        var fixture: TestServer? = try TestServer()
        let port = try #require(fixture?.port)
        _ = port
        let clients = try (0..<3).map { _ in try open(try #require(fixture)) }
        let started = ContinuousClock.now
        fixture?.server.shutdown(gracePeriod: .seconds(5))
        #expect(ContinuousClock.now - started < .seconds(2))
        for client in clients { #expect(try client.readChunk() == []) }
        fixture = nil
    }
}
