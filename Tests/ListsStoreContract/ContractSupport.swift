import Foundation
import ListsModel
import Synchronization
import Testing

/// A clock the contract sets by hand, so that `createdAt`, `updatedAt` and sightings' dates are known exactly.
public final class TestClock: Sendable {
    private let current: Mutex<Date>

    /// Starts at 2026-11-30T05:45:27.1234Z: a fraction below the millisecond, which stores must cut.
    public init(_ start: Date = Date(timeIntervalSince1970: 1_796_017_527.123_4)) {
        current = Mutex(start)
    }

    /// What the data controllers call "now".
    public var now: Date { current.withLock { $0 } }

    /// Moves the clock on by `seconds`.
    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// The closure the data controllers take.
    public var closure: @Sendable () -> Date { { self.now } }
}

/// Everything a store holds, to show that a refused operation changed nothing.
public struct Snapshot: Equatable {
    public var items: [Numbered<ShoppingItem>]
    public var tasks: [Numbered<TodoTask>]
    public var sightings: [Numbered<BirdSighting>]
    public var counts: [Int]
    public var seeded: String?

    public init(_ store: any Store) throws {
        (items, tasks, sightings, counts, seeded) = try store.read { session in
            (
                try session.list(ShoppingItem.self), try session.list(TodoTask.self),
                try session.list(BirdSighting.self),
                [
                    try session.count(ShoppingItem.self, where: nil), try session.count(TodoTask.self, where: nil),
                    try session.count(BirdSighting.self, where: nil),
                ],
                try session.setting("seeded")
            )
        }
    }
}

/// The error a write body throws on purpose.
public struct DeliberateFailure: Error, Equatable {
    public init() {}
}

extension Array {
    /// The names of numbered records with their numbers, the way `list` shows them: `["1 Pear", "2 Tea"]`.
    public func listed<R: Record>() -> [String] where Element == Numbered<R> {
        map { "\($0.number) \($0.record.displayName)" }
    }
}

/// A fixed id, written in the tests as text.
public func fixedID(_ text: String) throws -> UUID {
    try #require(UUID(uuidString: text))
}
