import Foundation

/// Records handed by a reader on one thread to a writer on another, a part at a time, so that an import writes
/// while it still reads: ``ImportBatch/apply(_:to:existing:estimate:progress:reading:)``.
///
/// The reader sends parts in file order and never changes a record once sent. When it finds that it must (a later
/// task with the uuid of one already sent replaces it in place, as `task import` does), it ``abandon()``s the
/// feed: the writer rolls back and the whole batch is applied the usual way, so the result is the same either way.
///
/// `@unchecked Sendable` is safe because every stored property is read and written only with `condition` locked.
public final class ImportFeed<R: Record>: @unchecked Sendable {
    private let condition = NSCondition()
    private var parts: [[R]] = []
    private var taken = 0
    private var isClosed = false
    private var isAbandonedValue = false
    private var isWritten = false
    private var totalValue: Int

    /// A feed for about `estimate` records.
    init(estimate: Int) {
        totalValue = estimate
    }

    /// Hands `records`, the next ones in file order, to the writer.
    public func send(_ records: [R]) {
        guard !records.isEmpty else { return }
        condition.lock()
        if !isClosed {
            parts.append(records)
            condition.signal()
        }
        condition.unlock()
    }

    /// Tells the writer to write nothing: the batch will be applied whole instead.
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

    /// Tells the writer that every part was sent and that the file holds `total` records.
    func finish(total: Int) {
        condition.lock()
        isClosed = true
        totalValue = total
        condition.broadcast()
        condition.unlock()
    }

    /// Tells the reader that the writer holds no record any more (every one is inserted, or the write failed).
    func written() {
        condition.lock()
        isWritten = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until ``written()``.
    func waitUntilWritten() {
        condition.lock()
        while !isWritten { condition.wait() }
        condition.unlock()
    }

    /// How many records the file holds: the estimate until the reader is done.
    var total: Int {
        condition.lock()
        defer { condition.unlock() }
        return totalValue
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
}

extension ImportBatch {
    /// Imports a file of `R` records while it is still being read: `reading` runs on the calling thread, builds
    /// the batch and ``ImportFeed/send(_:)``s its records as they are ready, while a second thread writes them in
    /// one transaction. A 100k-task Taskwarrior file is read and written in about the time of the slower of the
    /// two instead of their sum.
    ///
    /// The outcome is the one of `try reading(feed).apply(to: store)`: all or nothing (a reading error rolls the
    /// write back and is thrown, before any store error), the same summary, and the whole batch applied the
    /// usual way when the reader abandons the feed.
    /// - Parameters:
    ///   - estimate: about how many records the file holds (from its size): the write prepares for that many.
    ///   - progress: told the records written so far and the file's count (the estimate until it is read), on
    ///     the writing thread.
    /// - Throws: what `reading` throws, else ``StoreError``.
    public static func apply<R: Record>(
        _ type: R.Type, to store: any Store, existing: ExistingRecords, estimate: Int,
        progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in },
        reading: (ImportFeed<R>) throws -> ImportBatch
    ) throws -> ImportSummary {
        let feed = ImportFeed<R>(estimate: estimate)
        let written = WriterOutcome()
        let writer = Thread {
            let outcome = Result {
                try store.write(records: estimate) { session in
                    var tally = ImportTally()
                    var merge = ImportMerge<R>(session: session, existing: existing, expected: estimate)
                    while let part = feed.next() {
                        try merge.add(part, tally: &tally) { done in progress(done, feed.total) }
                    }
                    // Abandoned: nothing of this write is kept.
                    if feed.isAbandoned { throw CancellationError() }
                    try merge.finish(inserted: feed.written)
                    progress(tally.done, tally.done)
                    return tally.summary
                }
            }
            feed.written()
            written.set(outcome)
        }
        writer.stackSize = 8 << 20
        writer.start()
        var batch: ImportBatch?
        do {
            batch = try reading(feed)
        } catch {
            feed.abandon()
            _ = written.wait()
            throw error
        }
        feed.finish(total: batch?.count ?? 0)
        if !feed.isAbandoned {
            // Only the writer needs the records now, and once they are inserted, not even it: they are freed here,
            // a tenth of a second for 100k tasks, while the store builds its indexes and commits.
            feed.waitUntilWritten()
            batch = nil
        }
        switch written.wait() {
        case .success(let summary):
            return summary
        case .failure(let error):
            guard feed.isAbandoned, let batch else { throw error }
            return try batch.apply(to: store) { progress($0, batch.count) }
        }
    }
}

/// The writing thread's result, waited for by the reading one.
private final class WriterOutcome: @unchecked Sendable {
    private let condition = NSCondition()
    private var outcome: Result<ImportSummary, any Error>?

    func set(_ value: Result<ImportSummary, any Error>) {
        condition.lock()
        outcome = value
        condition.broadcast()
        condition.unlock()
    }

    func wait() -> Result<ImportSummary, any Error> {
        condition.lock()
        defer { condition.unlock() }
        while outcome == nil { condition.wait() }
        return outcome!
    }
}
