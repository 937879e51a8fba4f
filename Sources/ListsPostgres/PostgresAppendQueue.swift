import Dispatch
import ListsModel
import ListsSQL

/// Adds to one list that arrive while another is being committed, committed together, in one statement: group
/// commit (``GroupCommitQueue``), one batch committing at a time (while one waits for its flush, the next gathers,
/// and PostgreSQL's own group commit lets several servers' flushes overlap). This is what lets several servers'
/// writers share PostgreSQL without each add paying a round trip, a plan and a flush of its own.
typealias PostgresAppendQueue = GroupCommitQueue<PostgresAppend>

extension GroupCommitQueue where Entry == PostgresAppend {
    /// The most adds one statement carries (PostgreSQL takes at most 65,535 parameters; a sighting has 14).
    static var largestBatch: Int { 64 }

    /// A queue of adds to one list.
    convenience init() { self.init(largestBatch: Self.largestBatch) }
}

/// One add: its row's parameters, and how it ended.
///
/// `@unchecked Sendable` is safe for the reasons ``GroupCommitQueue`` gives.
final class PostgresAppend: GroupCommitEntry, @unchecked Sendable {
    /// The record's id, as stored.
    let id: String
    /// The record's row, as ``PostgresSession/insertValues(_:household:)`` gives it.
    let values: [FieldValue]
    var outcome: Result<Void, any Error>?
    var batch: [PostgresAppend]?
    let wake = DispatchSemaphore(value: 0)

    init(id: String, values: [FieldValue]) {
        self.id = id
        self.values = values
    }
}
