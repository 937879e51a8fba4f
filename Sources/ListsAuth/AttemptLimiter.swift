import Synchronization

/// Limits failed attempts per key (an account name, a client address) within a sliding window.
///
/// After `limit` failures for a key within `window`, ``check(_:now:)`` answers ``Decision/limited(retryAfter:)``
/// until the oldest of them is `window` old; a success ends the count with ``reset(_:)``. Only failures are
/// counted: a person who signs in at the first try is never held up.
///
/// Memory is bounded: at most `capacity` keys are tracked, each with at most `limit` instants. When a new key finds
/// the table full, keys whose failures have all expired go first, then those whose last failure is oldest, an
/// eighth of the table at a time, so that a flood of new keys costs a sort now and then rather than a scan at each
/// failure. Someone with more addresses than `capacity` can thereby push an older key out; the capacity is meant to
/// be far above what honest traffic fills.
///
/// Every method takes the current time, so that tests can move the clock; the defaults read the monotonic clock.
public final class AttemptLimiter: Sendable {
    /// Whether an attempt may go ahead.
    public enum Decision: Sendable, Equatable {
        /// Fewer than the limit of failures in the window: go ahead.
        case allowed
        /// Too many failures: refuse without trying, and say to try again in `retryAfter` whole seconds (at least
        /// 1), when the oldest failure in the window expires.
        case limited(retryAfter: Int)
    }

    /// The failures allowed within ``window`` before attempts are refused.
    public let limit: Int
    /// How long a failure counts.
    public let window: Duration
    /// The most keys tracked at once.
    public let capacity: Int
    /// Each key's failures within the window, oldest first, at most ``limit`` of them.
    private let failures = Mutex<[String: [ContinuousClock.Instant]]>([:])

    /// A limiter allowing `limit` failures per key within `window`, tracking at most `capacity` keys.
    ///
    /// A limit, window or capacity that is not positive is a programmer error and stops the program.
    public init(limit: Int = 5, window: Duration = .seconds(60), capacity: Int = 100_000) {
        precondition(limit > 0 && window > .zero && capacity > 0, "limit, window and capacity must be positive")
        self.limit = limit
        self.window = window
        self.capacity = capacity
    }

    /// Whether an attempt for `key` may go ahead at `now`.
    public func check(_ key: String, now: ContinuousClock.Instant = .now) -> Decision {
        failures.withLock { failures in
            guard let times = failures[key] else { return .allowed }
            let current = times.filter { now - $0 < window }
            // Forgetting a key whose failures have all expired keeps the table small without waiting for it to fill.
            failures[key] = current.isEmpty ? nil : current
            guard current.count >= limit, let oldest = current.first else { return .allowed }
            return .limited(retryAfter: Self.wholeSeconds(oldest + window - now))
        }
    }

    /// Counts a failed attempt for `key` at `now`.
    public func recordFailure(_ key: String, now: ContinuousClock.Instant = .now) {
        failures.withLock { failures in
            if failures[key] == nil && failures.count >= capacity { makeRoom(in: &failures, now: now) }
            var times = failures[key, default: []].filter { now - $0 < window }
            times.append(now)
            // Only the latest `limit` failures decide when attempts are allowed again.
            if times.count > limit { times.removeFirst(times.count - limit) }
            failures[key] = times
        }
    }

    /// Forgets `key`'s failures, after a success.
    public func reset(_ key: String) {
        _ = failures.withLock { failures in failures.removeValue(forKey: key) }
    }

    /// How many keys are tracked: at most ``capacity``.
    public var trackedKeyCount: Int {
        failures.withLock { failures in failures.count }
    }

    /// Frees room in a full table: keys with no failure left in the window, then, if too few, the keys whose last
    /// failure is oldest until an eighth of the table (at least one key) is free.
    private func makeRoom(in failures: inout [String: [ContinuousClock.Instant]], now: ContinuousClock.Instant) {
        failures = failures.filter { _, times in times.last.map { now - $0 < window } ?? false }
        let target = capacity - max(1, capacity / 8)
        guard failures.count > target else { return }
        let oldestFirst = failures.compactMap { key, times in times.last.map { (key: key, last: $0) } }
            .sorted { $0.last < $1.last }
        for entry in oldestFirst.prefix(failures.count - target) { failures[entry.key] = nil }
    }

    /// `duration` in whole seconds, rounded up, at least 1: a client told 0 would try again at once.
    private static func wholeSeconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(1, Int(seconds) + (attoseconds > 0 ? 1 : 0))
    }
}
