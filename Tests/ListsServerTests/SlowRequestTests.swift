import Foundation
import ListsHTTP
import ListsServer
import Testing

/// Requests the handler may take long over (a password to check) are answered off the server's threads.
@Suite("Slow requests hold up no one")
struct SlowRequestTests {
    @Test func slowRequestsLeaveEveryServerThreadToTheOthers() throws {
        // One server thread: a slow request answered on it would hold every other request for half a second.
        let fixture = try TestServer(
            configure: { $0.threadCount = 1 }, handling: { _, path in path == "/slow" ? .slow : .ordinary })
        let slow = (0..<3).map { _ in
            Background.detached { try? RawHTTPClient.request(port: fixture.port, target: "/slow") }
        }
        while !fixture.probe.slowRequestStarted.load(ordering: .acquiring) { usleep(1_000) }
        let started = ContinuousClock.now
        for _ in 0..<5 {
            #expect(try RawHTTPClient.request(port: fixture.port, target: "/fast").status == 200)
        }
        #expect(ContinuousClock.now - started < .milliseconds(400))
        // The slow ones are answered too, each with its own answer.
        for thread in slow {
            let response = thread.result()
            #expect(response?.status == 200)
            #expect(response?.text == "slept")
        }
    }

    @Test func aServerStopsOnlyOnceItsSlowRequestsAreAnswered() throws {
        var fixture: TestServer? = try TestServer(handling: { _, path in path == "/slow" ? .slow : .ordinary })
        let port = try #require(fixture?.port)
        let slow = Background.detached { try? RawHTTPClient.request(port: port, target: "/slow") }
        while fixture?.probe.slowRequestStarted.load(ordering: .acquiring) == false { usleep(1_000) }
        fixture?.server.shutdown(gracePeriod: .zero)
        fixture = nil
        #expect(slow.result()?.text == "slept")
    }
}

/// A thread whose result can be waited for.
final class Background<T: Sendable>: @unchecked Sendable {
    // `@unchecked Sendable`: `value` is written once by the thread before `done` is signalled, and read only after.
    private var value: T?
    private let done = DispatchSemaphore(value: 0)

    private init() {}

    /// Runs `body` on a new thread.
    static func detached(_ body: @escaping @Sendable () -> T) -> Background<T> {
        let thread = Background<T>()
        Foundation.Thread.detachNewThread {
            thread.value = body()
            thread.done.signal()
        }
        return thread
    }

    /// Waits for the thread and answers what it returned.
    func result() -> T {
        done.wait()
        guard let value else { preconditionFailure("the thread ended without a result") }
        return value
    }
}
