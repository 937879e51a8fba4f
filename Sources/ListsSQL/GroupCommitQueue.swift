import Dispatch
import Synchronization

/// What waits in a ``GroupCommitQueue``: one write of a store, its outcome, and the batch it may be handed to lead.
public protocol GroupCommitEntry: AnyObject, Sendable {
    /// Set by the leader that committed (or refused) it.
    var outcome: Result<Void, any Error>? { get set }
    /// Set when the entry is handed the lead of a batch (its own first) instead of an outcome.
    var batch: [Self]? { get set }
    /// Signalled when the entry has its outcome, or a batch to lead.
    var wake: DispatchSemaphore { get }
}

/// Writes that arrive while others are being committed, committed together: group commit. Both stores use it:
/// SQLite for every write (each in a savepoint of the batch's transaction), PostgreSQL for adds to one list (one
/// statement for the batch).
///
/// A write that arrives while fewer than ``leaders`` batches are committing leads: it commits itself at once. One
/// that arrives while all are busy waits in the queue; when a lead's commit is done, it takes the waiting writes (up
/// to ``largestBatch``) out of the queue and hands them, as the next batch, to the oldest, which leads it. The others
/// wait, and return once the commit that holds their write is done, with their own outcome. Nothing is acknowledged
/// before it is durable, and under no load a write commits at once, alone; under load one commit (one flush) serves
/// many writes instead of one each.
///
/// `@unchecked Sendable` is safe because the state is touched only under `state`'s mutex, and an entry's outcome
/// and batch are written by one leader before its semaphore is signalled and read only after its owner's wait
/// returns; an entry is in one batch at most, because a batch is taken out of the queue under the mutex.
public final class GroupCommitQueue<Entry>: @unchecked Sendable {
    private struct State {
        var pending: [Entry] = []
        /// How many writes lead now, each committing a batch (every pending write is led later or handed a lead).
        var leaders = 0
        /// How many batches were committed (or refused) so far.
        var batches = 0
    }

    /// The most writes one batch carries.
    public let largestBatch: Int
    /// How many batches may be committing at once.
    public let leaders: Int

    private let state = Mutex(State())

    /// A queue whose batches carry up to `largestBatch` writes, with up to `leaders` batches committing at once.
    public init(largestBatch: Int, leaders: Int = 1) {
        self.largestBatch = largestBatch
        self.leaders = leaders
    }

    /// How many batches were committed (or refused) so far, and how many writes wait now: what tests look at.
    public var counts: (batches: Int, waiting: Int) { state.withLock { ($0.batches, $0.pending.count) } }
}

// The constraint sits on the methods, not the type: every store opens a queue, and a constrained type's metadata
// has the runtime look the conformance up (docs/performance.md, "No conformance scans").
extension GroupCommitQueue where Entry: GroupCommitEntry {

    /// Queues `entry` and returns when it is committed; `commit` is called by a leading write with a batch of
    /// entries and must set every entry's outcome.
    /// - Throws: what `commit` set as the entry's failure.
    public func add(_ entry: Entry, commit: ([Entry]) -> Void) throws {
        var batch = state.withLock { state -> [Entry]? in
            state.pending.append(entry)
            // Writes wait only while every lead is taken, so a new lead finds none waiting but itself.
            guard state.leaders < leaders else { return nil }
            state.leaders += 1
            return Self.take(&state, largestBatch)
        }
        if batch == nil {
            entry.wake.wait()
            batch = entry.batch
            // The batch holds this entry: kept in it, it would hold itself, and the whole batch would never be freed.
            entry.batch = nil
        }
        if let batch {
            commit(batch)
            // The next batch, taken out of the queue here so that no other lead can take any of its writes, and
            // handed to its first write, which leads it.
            let next = state.withLock { state -> [Entry]? in
                state.batches += 1
                guard !state.pending.isEmpty else {
                    state.leaders -= 1
                    return nil
                }
                return Self.take(&state, largestBatch)
            }
            // The next lead first, so that its commit is on its way while this batch's writes answer.
            if let next, let first = next.first {
                first.batch = next
                first.wake.signal()
            }
            for other in batch where other !== entry { other.wake.signal() }
        }
        guard let outcome = entry.outcome else {
            preconditionFailure("a write ended without an outcome")
        }
        try outcome.get()
    }

    /// The oldest waiting writes, up to ``largestBatch``, out of the queue.
    private static func take(_ state: inout State, _ largestBatch: Int) -> [Entry] {
        let count = min(state.pending.count, largestBatch)
        let batch = Array(state.pending.prefix(count))
        state.pending.removeFirst(count)
        return batch
    }
}
