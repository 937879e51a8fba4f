import Foundation
import ListsServer
import Synchronization
import Testing

@Suite("Connections: timeouts, concurrency and shutdown")
struct ConnectionHandlingTests {
    @Test func aStalledClientIsDisconnectedWhileOthersAreServed() throws {
        let fixture = try TestServer(connectionTimeout: 1)
        let stalled = try RawHTTPClient(port: fixture.port, readTimeout: 5)
        try stalled.send("GET /echo HTTP/1.1\r\nHost: a\r\n")
        let started = ContinuousClock.now
        let other = try RawHTTPClient.request(port: fixture.port, target: "/other")
        #expect(other.status == 200)
        #expect(stalled.waitForClose() == .closedByServer)
        let waited = ContinuousClock.now - started
        #expect(waited >= .milliseconds(900))
        #expect(waited < .seconds(3))
        #expect(fixture.handlerCalls == 1)
    }

    @Test func fiftyConcurrentRequestsAreAllAnswered() throws {
        let fixture = try TestServer()
        let port = fixture.port
        let answers = Mutex<[Int: String]>([:])
        DispatchQueue.concurrentPerform(iterations: 50) { index in
            let text = (try? RawHTTPClient.request(port: port, target: "/n/\(index)"))?.text ?? "failed"
            answers.withLock { $0[index] = text }
        }
        let all = answers.withLock { $0 }
        #expect(all.count == 50)
        for index in 0..<50 { #expect(all[index] == "GET /n/\(index)  0") }
    }

    @Test func shutdownLetsARequestInFlightFinishThenRefusesConnections() throws {
        let fixture = try TestServer()
        let port = fixture.port
        let result = Mutex<RawResponse?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let response = try? RawHTTPClient.request(port: port, target: "/slow")
            result.withLock { $0 = response }
            done.signal()
        }
        let deadline = ContinuousClock.now + .seconds(5)
        while !fixture.probe.slowRequestStarted.load(ordering: .acquiring) && ContinuousClock.now < deadline {
            usleep(1000)
        }
        let slowRequestStarted = fixture.probe.slowRequestStarted.load(ordering: .acquiring)
        #expect(slowRequestStarted)
        let started = ContinuousClock.now
        fixture.server.shutdown(gracePeriod: .seconds(5))
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(done.wait(timeout: .now() + 5) == .success)
        let response = result.withLock { $0 }
        #expect(response?.status == 200)
        #expect(response?.text == "slept")
        #expect(fixture.server.port == 0)
        #expect(throws: ClientError.self) { try RawHTTPClient(port: port) }
    }

    @Test func shutdownGivesUpOnAnUnfinishedRequestAfterTheGracePeriod() throws {
        let fixture = try TestServer()
        let client = try RawHTTPClient(port: fixture.port, readTimeout: 5)
        // The head is complete, so the request is in flight; the body never is.
        try client.send("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\n12345")
        let deadline = ContinuousClock.now + .seconds(5)
        while fixture.server.requestsInFlight == 0 && ContinuousClock.now < deadline { usleep(1000) }
        let started = ContinuousClock.now
        fixture.server.shutdown(gracePeriod: .milliseconds(200))
        let waited = ContinuousClock.now - started
        #expect(waited >= .milliseconds(200))
        #expect(waited < .seconds(1))
        #expect(client.waitForClose() == .closedByServer)
        #expect(fixture.handlerCalls == 0)
    }
}
