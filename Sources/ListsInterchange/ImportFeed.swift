import Foundation
import ListsModel

/// Records handed by a reader on one thread to a writer on another, a part at a time, so that an import writes
/// while it still reads: ``ImportBatch/apply(_:to:existing:estimate:progress:reading:)``.
///
/// The reader sends parts in file order, keeps none of what it sent, never changes a record once sent and never
/// sends an id twice (so the writer does not look for repeats). When it finds that it must (a later task with the
/// uuid of one already sent replaces it in place, as `task import` does), it ``abandon()``s the feed: the writer rolls back, and the file is read again whole and applied the usual way,
/// so the outcome is the same either way.
///
/// Parts the writer is done with come back to the reader, which frees them while it reads: the records are freed on
/// the thread with time to spare, and their memory is used again for the next ones instead of the process growing
/// by the whole file's records.
///
/// `@unchecked Sendable` is safe because every stored property is read and written only with `condition` locked.
public final class ImportFeed<R: Record>: @unchecked Sendable {
    private let condition = NSCondition()
    private var parts: [[R]] = []
    private var taken = 0
    private var written: [[R]] = []
    private var sentCount = 0
    private var isClosed = false
    private var isAbandonedValue = false
    private var isDone = false
    private let estimate: Int

    /// A feed for about `estimate` records.
    init(estimate: Int) {
        self.estimate = estimate
    }

    /// Hands `records`, the next ones in file order, to the writer: no two with the same id, and none with the id
    /// of one sent before. (Should a reader break that, a load into the empty list fails on its unique index and
    /// keeps nothing; into a full list, where every id is looked up, the repeat counts as already there.)
    public func send(_ records: [R]) {
        guard !records.isEmpty else { return }
        condition.lock()
        if !isClosed {
            parts.append(records)
            sentCount += records.count
            condition.signal()
        }
        // The records the writer is done with are freed here, outside the lock, when `free` goes.
        let free = written
        written = []
        condition.unlock()
        _ = free
    }

    /// Tells the writer to write nothing: the file is to be read again and applied whole.
    public func abandon() {
        condition.lock()
        isAbandonedValue = true
        isClosed = true
        parts.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// Whether ``abandon()`` was called.
    public var isAbandoned: Bool {
        condition.lock()
        defer { condition.unlock() }
        return isAbandonedValue
    }

    /// Tells the writer that every part was sent.
    func finish() {
        condition.lock()
        isClosed = true
        condition.broadcast()
        condition.unlock()
    }

    /// How many records the file holds: the estimate while it is being read, then what was sent.
    var total: Int {
        condition.lock()
        defer { condition.unlock() }
        return isClosed && !isAbandonedValue ? sentCount : max(estimate, sentCount)
    }

    /// The next part, waiting for it; `nil` when every part was taken or the feed was abandoned.
    func next() -> [R]? {
        condition.lock()
        defer { condition.unlock() }
        while taken == parts.count && !isClosed { condition.wait() }
        guard !isAbandonedValue, taken < parts.count else { return nil }
        let part = parts[taken]
        parts[taken] = []
        taken += 1
        return part
    }

    /// Gives back a part the writer has written, for the reader to free.
    func wrote(_ part: [R]) {
        condition.lock()
        written.append(part)
        condition.unlock()
    }

    /// Tells the reader that the writer holds no record any more: every one is written, or the write failed.
    func writerIsDone() {
        condition.lock()
        isDone = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until ``writerIsDone()`` and frees what the writer gave back.
    func freeWritten() {
        condition.lock()
        while !isDone { condition.wait() }
        let free = written
        written = []
        condition.unlock()
        _ = free
    }
}

extension ImportBatch {
    /// Imports a file of `R` records while it is still being read: `reading` runs on the calling thread and, given
    /// a feed, ``ImportFeed/send(_:)``s the records as they are ready, keeping none, while a second thread writes
    /// them in one transaction. A 100k-task Taskwarrior file is read and written in about the time of the slower
    /// of the two instead of their sum.
    ///
    /// The outcome is the one of `try reading(nil).apply(to: store)`: all or nothing (a reading error rolls the
    /// write back and is thrown, before any store error), and the same summary. When the reader abandons the feed,
    /// the file is read again without one and applied whole.
    /// - Parameters:
    ///   - estimate: about how many records the file holds (from its size): the write prepares for that many.
    ///   - progress: told the records written so far and the file's count (the estimate until it is read), on
    ///     the writing thread.
    ///   - reading: reads the file; with a feed it sends the records there, without one it returns them.
    ///   - taskList: the to-do list tasks that name none go on (``ImportBatch/taskList``).
    /// - Throws: what `reading` throws, else ``StoreError``.
    public static func apply<R: Record>(
        _ type: R.Type, to store: any Store, existing: ExistingRecords, estimate: Int, taskList: String? = nil,
        progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in },
        reading: (ImportFeed<R>?) throws -> ImportBatch
    ) throws -> ImportSummary {
        let feed = ImportFeed<R>(estimate: estimate)
        let writer = BackgroundWork(stackSize: 8 << 20) {
            defer { feed.writerIsDone() }
            // The write opens with the first records, so a file refused before them never waits for the
            // database (another writer's lock) or touches it; a file without records writes nothing.
            guard let first = feed.next() else {
                if feed.isAbandoned { throw CancellationError() }
                return ImportSummary()
            }
            return try store.write(records: estimate) { session in
                var tally = ImportTally()
                let placement = TaskListPlacement(household: store.scope.household, listName: taskList)
                var merge = ImportMerge<R>(
                    session: session, existing: existing, expected: estimate, idsAreUnique: true)
                var next: [R]? = first
                while var part = next {
                    next = nil
                    let stored = try merge.stored(part)
                    try ImportBatch.place(&part, placement, stored: stored, in: session)
                    try merge.add(part, stored: stored, tally: &tally) { done in progress(done, feed.total) }
                    feed.wrote(part)
                    next = feed.next()
                }
                // Abandoned: nothing of this write is kept.
                if feed.isAbandoned { throw CancellationError() }
                try merge.finish(inserted: feed.writerIsDone)
                progress(tally.done, tally.done)
                return tally.summary
            }
        }
        var read = ImportBatch()
        do {
            read = try reading(feed)
        } catch {
            feed.abandon()
            _ = try? writer.value()
            // Abandoned for a task that replaces one already written: read again whole, below.
            guard error is CancellationError else { throw error }
        }
        if !feed.isAbandoned {
            feed.finish()
            // The last records the writer gives back are freed here, while the store builds its indexes and
            // commits.
            feed.freeWritten()
            var summary = try writer.value()
            summary.warnings = read.warnings
            return summary
        }
        _ = try? writer.value()
        var batch = try reading(nil)
        batch.placesTasks = true
        batch.taskList = taskList
        return try batch.apply(to: store) { progress($0, batch.count) }
    }
}
