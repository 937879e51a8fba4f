import Foundation
import ListsServer
import Synchronization
import Testing

/// One client must not be able to take the server from everyone else: not by opening every connection it can,
/// and not by trickling a request head in a line at a time (slowloris).
@Suite("Limits per client: connections and the time to send a head")
struct ClientLimitTests {
    /// Opens `count` connections from `source`, each sending a request line and one header, never finishing the
    /// head; returns those the server kept open.
    private func holdConnections(_ count: Int, port: Int, from source: String) throws -> [RawHTTPClient] {
        var clients: [RawHTTPClient] = []
        for _ in 0..<count {
            let client = try RawHTTPClient(port: port, readTimeout: 1, from: source)
            try? client.send("GET /held HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            clients.append(client)
        }
        usleep(300_000)
        return clients.filter { client in
            var probe = pollfd(fd: client.socket, events: Int16(POLLIN), revents: 0)
            // Open when nothing is readable: the server neither answered nor closed it.
            return poll(&probe, 1, 0) == 0
        }
    }

    @Test func aClientHoldsNoMoreThanItsLimitAndOthersAreStillServed() throws {
        let fixture = try TestServer { $0.connectionsPerClient = 8 }
        let held = try holdConnections(40, port: fixture.port, from: "127.0.0.2")
        #expect(held.count == 8)
        let started = ContinuousClock.now
        for index in 0..<5 {
            let answer = try RawHTTPClient.request(port: fixture.port, target: "/other/\(index)", from: "127.0.0.3")
            #expect(answer.status == 200)
        }
        #expect(ContinuousClock.now - started < .seconds(1))
        #expect(fixture.handlerCalls == 5)
        withExtendedLifetime(held) {}
    }

    @Test func aClientsClosedConnectionsAreCountedOut() throws {
        let fixture = try TestServer { $0.connectionsPerClient = 4 }
        var held = try holdConnections(4, port: fixture.port, from: "127.0.0.4")
        #expect(held.count == 4)
        held.removeAll()
        usleep(300_000)
        let again = try holdConnections(4, port: fixture.port, from: "127.0.0.4")
        #expect(again.count == 4)
    }

    @Test func aTrustedProxyIsNotLimited() throws {
        let fixture = try TestServer {
            $0.connectionsPerClient = 2
            $0.trustedProxies = ["127.0.0.5"]
        }
        let held = try holdConnections(10, port: fixture.port, from: "127.0.0.5")
        #expect(held.count == 10)
    }

    @Test func aHeadTrickledInLineByLineIsCutOffAtTheHeadDeadline() throws {
        let fixture = try TestServer { $0.headTimeout = 1 }
        let client = try RawHTTPClient(port: fixture.port, readTimeout: 1)
        let started = ContinuousClock.now
        try client.send("GET /slowloris HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        var closed = false
        // A header line every 200 ms keeps an idle timeout from ever firing; the head's deadline still does.
        for index in 0..<20 where !closed {
            usleep(200_000)
            if (try? client.send("X-Line-\(index): x\r\n")) == nil { closed = true }
            var probe = pollfd(fd: client.socket, events: Int16(POLLIN), revents: 0)
            if poll(&probe, 1, 0) > 0 { closed = client.waitForClose() == .closedByServer }
        }
        let waited = ContinuousClock.now - started
        #expect(closed)
        #expect(waited >= .milliseconds(900))
        #expect(waited < .seconds(3))
        #expect(fixture.handlerCalls == 0)
    }

    @Test func aKeptAliveConnectionIsServedWithinItsTimeout() throws {
        let fixture = try TestServer(connectionTimeout: 5) { $0.headTimeout = 1 }
        let client = try RawHTTPClient(port: fixture.port, readTimeout: 5)
        for index in 0..<3 {
            try client.send("GET /again/\(index) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(try client.readResponse().status == 200)
            // Longer than the head timeout, shorter than the keep-alive timeout.
            usleep(1_500_000)
        }
        #expect(fixture.handlerCalls == 3)
    }

    /// Answers the server gives before any handler runs carry the same security headers as every other.
    @Test(arguments: [
        ("target", 414), ("header", 431), ("length", 413), ("utf8", 400),
    ])
    func theServersOwnRefusalsCarryTheSecurityHeaders(_ kind: String, status: Int) throws {
        let fixture = try TestServer()
        let answer: RawResponse
        switch kind {
        case "target":
            answer = try RawHTTPClient.request(port: fixture.port, target: "/" + String(repeating: "a", count: 9000))
        case "header":
            answer = try RawHTTPClient.request(
                port: fixture.port, target: "/", headers: ["X-Big: " + String(repeating: "b", count: 20_000)])
        case "length":
            answer = try RawHTTPClient.request(
                port: fixture.port, method: "POST", target: "/", headers: ["Content-Length: 999999999"])
        default:
            let client = try RawHTTPClient(port: fixture.port)
            try client.send(Array("GET /".utf8) + [0xFF] + Array(" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
            answer = try client.readResponse()
        }
        #expect(answer.status == status)
        #expect(answer.header("Content-Security-Policy")?.contains("default-src 'self'") == true)
        #expect(answer.header("X-Content-Type-Options") == "nosniff")
        #expect(fixture.handlerCalls == 0)
    }
}
