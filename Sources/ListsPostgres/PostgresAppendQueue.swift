import Dispatch
import ListsModel
import Synchronization

/// Adds to one list that arrive while another is being committed, committed together: group commit.
///
/// An add that arrives while fewer than ``leaders`` batches are committing leads: it commits itself at once. One
/// that arrives while all are busy waits in the queue; when a lead's statement has committed, it takes the
/// waiting adds (up to ``largestBatch``) out of the queue and hands them, as the next batch, to the oldest, which
/// leads it. The others wait, and return once the statement that holds their record has committed, with their
/// own outcome. Nothing is acknowledged before it is durable, and under no load an add commits at once, alone;
/// under load one statement and one flush serve many adds instead of one each, which is what lets several
/// servers' writers share PostgreSQL without each add paying a round trip, a plan and a flush of its own.
///
/// `@unchecked Sendable` is safe because the state is touched only under `state`'s mutex, and an entry's outcome
/// and batch are written by one leader before its semaphore is signalled and read only after its owner's wait
/// returns; an entry is in one batch at most, because a batch is taken out of the queue under the mutex.
final class PostgresAppendQueue: @unchecked Sendable {
    /// One add: its row's parameters, and how it ended.
    final class Entry: @unchecked Sendable {
        /// The record's id, as stored.
        let id: String
        /// The record's row, as ``PostgresSession/insertValues(_:)`` gives it.
        let values: [FieldValue]
        /// Set by the leader that committed (or refused) it.
        var outcome: Result<Void, any Error>?
        /// Set when the add is handed the lead of a batch (its own first) instead of an outcome.
        var batch: [Entry]?
        let wake = DispatchSemaphore(value: 0)

        init(id: String, values: [FieldValue]) {
            self.id = id
            self.values = values
        }
    }

    private struct State {
        var pending: [Entry] = []
        /// How many adds lead now, each committing a batch (every pending add is led later or handed a lead).
        var leaders = 0
    }

    /// The most adds one statement carries (PostgreSQL takes at most 65,535 parameters; a sighting has 14).
    static let largestBatch = 64

    /// How many batches may be committing at once: while one waits for its flush, the next is sent, and
    /// PostgreSQL's own group commit lets their flushes overlap.
    static let leaders = 1

    private let state = Mutex(State())

    /// Queues `entry` and returns when it is committed; `commit` is called by a leading add with a batch of
    /// entries and must set every entry's outcome.
    /// - Throws: what `commit` set as the entry's failure.
    func add(_ entry: Entry, commit: ([Entry]) -> Void) throws {
        var batch = state.withLock { state -> [Entry]? in
            state.pending.append(entry)
            // Adds wait only while every lead is taken, so a new lead finds none waiting but itself.
            guard state.leaders < Self.leaders else { return nil }
            state.leaders += 1
            return Self.take(&state)
        }
        if batch == nil {
            entry.wake.wait()
            batch = entry.batch
            // The batch holds this entry: kept in it, it would hold itself, and the whole batch would never be freed.
            entry.batch = nil
        }
        if let batch {
            commit(batch)
            // The next batch, taken out of the queue here so that no other lead can take any of its adds, and
            // handed to its first add, which leads it.
            let next = state.withLock { state -> [Entry]? in
                guard !state.pending.isEmpty else {
                    state.leaders -= 1
                    return nil
                }
                return Self.take(&state)
            }
            // The next lead first, so that its statement is on its way while this batch's adds answer.
            if let next, let first = next.first {
                first.batch = next
                first.wake.signal()
            }
            for other in batch where other !== entry { other.wake.signal() }
        }
        guard let outcome = entry.outcome else {
            preconditionFailure("an add ended without an outcome")
        }
        try outcome.get()
    }

    /// The oldest waiting adds, up to ``largestBatch``, out of the queue.
    private static func take(_ state: inout State) -> [Entry] {
        let count = min(state.pending.count, largestBatch)
        let batch = Array(state.pending.prefix(count))
        state.pending.removeFirst(count)
        return batch
    }
}
