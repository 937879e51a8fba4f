import Foundation

/// Records read from a file, written to a store in one transaction by ``apply(to:)``: all of them or, when one
/// is refused, none.
///
/// Readers of each format (lists-json, the tutorials' files, Taskwarrior, eBird, todo.txt, CSV) validate every
/// record with the model's own rules and build a batch; this type alone decides how it meets what is stored.
public struct ImportBatch: Sendable {
    /// What happens to a record whose id is already stored.
    public enum ExistingRecords: Sendable {
        /// Leave the stored one as it is: importing the same file twice adds nothing (lists-json, eBird, the
        /// tutorial's archive).
        case keep
        /// Replace its fields with the file's, as a new version (Taskwarrior's `uuid` upsert).
        case update
    }

    /// Shopping items, in file order.
    public var items: [ShoppingItem] = []
    /// Tasks, in file order.
    public var tasks: [TodoTask] = []
    /// Sightings, in file order.
    public var sightings: [BirdSighting] = []
    /// What happens to records already stored.
    public var existing: ExistingRecords

    /// An empty batch.
    public init(existing: ExistingRecords = .keep) {
        self.existing = existing
    }

    /// How many records the batch holds.
    public var count: Int { items.count + tasks.count + sightings.count }

    /// Writes the batch in one transaction: new records are appended in file order (keeping their ids, dates
    /// and versions), stored ones are kept or updated as ``existing`` says.
    /// - Returns: what changed.
    /// - Throws: ``StoreError``; nothing is written then.
    @discardableResult
    public func apply(to store: any Store, progress: (Int) -> Void = { _ in }) throws -> ImportSummary {
        try store.write(records: count) { session in
            var summary = ImportSummary()
            var done = 0
            func merge<R: Record>(_ records: [R]) throws {
                // Into an empty list nothing can be stored already: no look-up per record.
                let isEmpty = try records.isEmpty || session.count(R.self, where: nil) == 0
                var added = Set<UUID>(minimumCapacity: records.count)
                // New records are inserted together, in file order (one statement per record, but the store
                // keeps its count and revision once per batch); a record that may meet one of them is looked
                // up only after they are written.
                var pending: [R] = []
                pending.reserveCapacity(min(records.count, 1000))
                func flush() throws {
                    try session.insert(contentsOf: pending)
                    pending.removeAll(keepingCapacity: true)
                }
                for record in records {
                    let isNew = added.insert(record.id).inserted
                    var stored: R?
                    if isEmpty, !isNew {
                        // The same id twice in one file: the first is kept.
                        summary.unchanged += 1
                    } else if !isEmpty {
                        if !isNew { try flush() }  // the same id earlier in the file: it may be pending
                        stored = try session.record(R.self, id: record.id)
                    }
                    if let stored {
                        var replacement = record
                        replacement.meta = stored.meta
                        if existing == .keep || replacement == stored {
                            summary.unchanged += 1
                        } else {
                            replacement.meta.version = stored.meta.version + 1
                            replacement.meta.updatedAt = max(record.meta.updatedAt, stored.meta.updatedAt)
                            try session.update(replacement, expectedVersion: stored.meta.version)
                            summary.updated += 1
                        }
                    } else if isNew || !isEmpty {
                        pending.append(record)
                        summary.added += 1
                    }
                    done += 1
                    if done % 1000 == 0 {
                        try flush()
                        progress(done)
                    }
                }
                try flush()
            }
            try merge(items)
            try merge(tasks)
            try merge(sightings)
            progress(done)
            return summary
        }
    }
}

/// What an import changed.
public struct ImportSummary: Sendable, Equatable, CustomStringConvertible {
    /// Records that were not stored before.
    public var added = 0
    /// Stored records whose fields the file changed.
    public var updated = 0
    /// Records the store already had as the file has them (or kept as they were).
    public var unchanged = 0

    /// An empty summary.
    public init(added: Int = 0, updated: Int = 0, unchanged: Int = 0) {
        self.added = added
        self.updated = updated
        self.unchanged = unchanged
    }

    public var description: String {
        "\(added) added, \(updated) updated, \(unchanged) already there"
    }
}
