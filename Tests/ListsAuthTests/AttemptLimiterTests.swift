import ListsAuth
import Testing

@Suite("Limits on failed attempts")
struct AttemptLimiterTests {
    let start = ContinuousClock.now

    /// `seconds` after the test's start.
    func at(_ seconds: Double) -> ContinuousClock.Instant {
        start.advanced(by: .milliseconds(Int64(seconds * 1000)))
    }

    @Test func fiveFailuresAreAllowedAndTheSixthAttemptIsLimited() {
        let limiter = AttemptLimiter()
        for second in 0..<5 {
            #expect(limiter.check("ada", now: at(Double(second))) == .allowed)
            limiter.recordFailure("ada", now: at(Double(second)))
        }
        guard case .limited(let retryAfter) = limiter.check("ada", now: at(5)) else {
            Issue.record("a sixth attempt within the minute should be limited")
            return
        }
        // The first failure, at 0 s, expires at 60 s: 55 s from now.
        #expect(retryAfter == 55)
        #expect((1...60).contains(retryAfter))
    }

    @Test func otherKeysAreNotLimited() {
        let limiter = AttemptLimiter()
        for second in 0..<5 { limiter.recordFailure("ada", now: at(Double(second))) }
        #expect(limiter.check("grace", now: at(5)) == .allowed)
    }

    @Test func retryAfterIsRoundedUpAndAtLeastOneSecond() {
        let limiter = AttemptLimiter(limit: 1, window: .seconds(60))
        limiter.recordFailure("ada", now: at(0))
        #expect(limiter.check("ada", now: at(0)) == .limited(retryAfter: 60))
        #expect(limiter.check("ada", now: at(0.5)) == .limited(retryAfter: 60))
        #expect(limiter.check("ada", now: at(59.999)) == .limited(retryAfter: 1))
    }

    @Test func attemptsAreAllowedAgainWhenTheOldestFailureLeavesTheWindow() {
        let limiter = AttemptLimiter()
        for second in 0..<5 { limiter.recordFailure("ada", now: at(Double(second) * 10)) }
        #expect(limiter.check("ada", now: at(59)) == .limited(retryAfter: 1))
        // The failure at 0 s has expired; four remain in the window.
        #expect(limiter.check("ada", now: at(60)) == .allowed)
        // One more failure makes five again, and the oldest in the window (at 10 s) now decides.
        limiter.recordFailure("ada", now: at(60))
        #expect(limiter.check("ada", now: at(60)) == .limited(retryAfter: 10))
        #expect(limiter.check("ada", now: at(200)) == .allowed)
    }

    @Test func failuresBeyondTheLimitDoNotProlongTheWait() {
        let limiter = AttemptLimiter()
        // A client that keeps failing while limited (the web layer should not even try, but may record it).
        for second in 0..<20 { limiter.recordFailure("ada", now: at(Double(second))) }
        // The latest five (15 s to 19 s) count: the wait ends when the one at 15 s expires.
        #expect(limiter.check("ada", now: at(20)) == .limited(retryAfter: 55))
    }

    @Test func resetClearsAKeysFailures() {
        let limiter = AttemptLimiter()
        for second in 0..<5 { limiter.recordFailure("ada", now: at(Double(second))) }
        limiter.reset("ada")
        #expect(limiter.check("ada", now: at(5)) == .allowed)
        #expect(limiter.trackedKeyCount == 0)
    }

    @Test func theNumberOfKeysNeverPassesTheCapacity() {
        let limiter = AttemptLimiter(limit: 3, window: .seconds(60), capacity: 100)
        for index in 0..<1000 {
            limiter.recordFailure("client \(index)", now: at(Double(index) / 100))
            #expect(limiter.trackedKeyCount <= 100)
        }
    }

    @Test func aFullTableDropsExpiredKeysBeforeActiveOnes() {
        let limiter = AttemptLimiter(limit: 2, window: .seconds(60), capacity: 4)
        // "active" is limited; three keys fail once long ago.
        limiter.recordFailure("active", now: at(100))
        limiter.recordFailure("active", now: at(101))
        for index in 0..<3 { limiter.recordFailure("old \(index)", now: at(Double(index))) }
        #expect(limiter.trackedKeyCount == 4)
        limiter.recordFailure("new", now: at(102))
        #expect(limiter.trackedKeyCount == 2)
        #expect(limiter.check("active", now: at(102)) == .limited(retryAfter: 58))
    }

    @Test func aFullTableOfActiveKeysDropsTheLeastRecentlyFailed() {
        let limiter = AttemptLimiter(limit: 2, window: .seconds(60), capacity: 4)
        for index in 0..<4 {
            limiter.recordFailure("key \(index)", now: at(Double(index)))
            limiter.recordFailure("key \(index)", now: at(Double(index)))
        }
        limiter.recordFailure("new", now: at(10))
        #expect(limiter.trackedKeyCount == 4)
        // "key 0" failed least recently: it went to make room; the others are still limited.
        #expect(limiter.check("key 0", now: at(10)) == .allowed)
        for index in 1..<4 { #expect(limiter.check("key \(index)", now: at(10)) != .allowed) }
    }

    @Test func aLimiterIsSafeToShareBetweenThreads() async {
        let limiter = AttemptLimiter(limit: 1000, window: .seconds(60))
        let now = at(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { for _ in 0..<100 { limiter.recordFailure("shared", now: now) } }
            }
        }
        // 800 failures, all counted: 200 more allowed before the limit.
        #expect(limiter.check("shared", now: now) == .allowed)
        for _ in 0..<200 { limiter.recordFailure("shared", now: now) }
        #expect(limiter.check("shared", now: now) == .limited(retryAfter: 60))
    }
}
