import Foundation
import JSONCodec
import ListsModel

/// Records read from a file, of any kinds, written to a store in one transaction by ``apply(to:progress:)``: all
/// of them or, when one is refused, none.
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

    /// What happens to records already stored.
    public var existing: ExistingRecords

    /// An item put on a named list by a file's row (a shopping CSV's): the list and the item by name.
    public struct ListRow: Sendable {
        public var list: String
        public var item: String
        /// The item's price, for an item the catalog does not have.
        public var price: Money
        public var quantity: String?
        public var note: String?
        /// Where in the file, for a refusal.
        public var place: String

        public init(list: String, item: String, price: Money, quantity: String?, note: String?, place: String) {
            self.list = list
            self.item = item
            self.price = price
            self.quantity = quantity
            self.note = note
            self.place = place
        }
    }

    /// Items put on named lists, after the records, in the same write: each list made when the household has none
    /// of that name (case ignored), each item found in the catalog by name (or added to it), then put on its list as
    /// ``ListsModel/ShoppingLists/put(_:on:quantity:note:id:)`` puts one.
    public var listRows: [ListRow] = []
    /// The category of each item of the batch by the item's name key (``ListsModel/Reference/nameKey(_:)``): a
    /// category's name, found among the household's (case ignored) or added to them (a shopping CSV's column).
    public var categoryNames: [String: String] = [:]
    /// Whether an item of the batch with no category gets the one suggested for its name, as an item added by hand
    /// does (a file of another app, which has no categories); a backup's items keep what they had.
    public var suggestsCategories = false
    /// What the reader took in differently from the file, each naming its record and saying how (a Taskwarrior
    /// `recur` Lists repeats the nearest it can): the import goes on, and says so.
    public var warnings: [String] = []
    /// Whether the batch's tasks that name no list are put on one (a file of another app, which has no lists): on
    /// ``taskList``, found by name or made, else each task's Taskwarrior project, else the household's first list
    /// (``ListsModel/TaskListPlacement``). A backup's tasks keep what they had.
    public var placesTasks = false
    /// The to-do list the batch's tasks go on (`lists import --list`), when it ``placesTasks``.
    public var taskList: String?
    /// The household's time zone a backup kept (``ListsModel/HouseholdTimeZone``), set as the batch is applied;
    /// `nil` leaves the household's as it is.
    public var timeZone: String?
    /// The records of each kind read, in file order, one part per kind (at most one of each).
    private var parts: [any ImportPart] = []

    /// An empty batch.
    public init(existing: ExistingRecords = .keep) {
        self.existing = existing
    }

    /// How many records the batch holds.
    public var count: Int { parts.reduce(0) { $0 + $1.count } + listRows.count }

    /// The records of `type` the batch holds, in file order.
    public func records<R: Record>(_ type: R.Type) -> [R] {
        for part in parts where part.kind == R.kind {
            if let records = part as? ImportRecords<R> { return records.records }
        }
        return []
    }

    /// A batch of `records`, in file order.
    public init<R: Record>(_ records: [R], existing: ExistingRecords = .keep) {
        self.existing = existing
        append(contentsOf: records)
    }

    /// Adds `records` after the batch's records of their kind, in order. A reader builds a file's records of a
    /// kind in an array of their own and adds them at once: each call finds the kind's records among the batch's.
    public mutating func append<R: Record>(contentsOf records: [R]) {
        guard !records.isEmpty else { return }
        guard let index = parts.firstIndex(where: { $0.kind == R.kind }) else {
            parts.append(ImportRecords(records: records))
            return
        }
        // Taken out of the array first, so that its records are held once and grow in place, not copied whole.
        var taken: (any ImportPart)? = parts.remove(at: index)
        var part = taken as? ImportRecords<R> ?? ImportRecords<R>(records: [])
        taken = nil
        part.records.append(contentsOf: records)
        parts.insert(part, at: index)
    }

    /// Writes the batch in one transaction: new records are appended in file order (keeping their ids, dates
    /// and versions), stored ones are kept or updated as ``existing`` says. The kinds go in ``RecordKind/all``'s
    /// order.
    /// - Returns: what changed.
    /// - Throws: ``StoreError``; nothing is written then.
    @discardableResult
    public func apply(to store: any Store, progress: (Int) -> Void = { _ in }) throws -> ImportSummary {
        let ordered = RecordKind.all.compactMap { kind in parts.first { $0.kind == kind } }
        return try store.write(records: count) { session in
            var tally = ImportTally()
            let household = store.scope.household
            let placement = placesTasks ? TaskListPlacement(household: household, listName: taskList) : nil
            for var part in ordered {
                if let items = part as? ImportRecords<ShoppingItem>,
                    suggestsCategories || !categoryNames.isEmpty
                {
                    part = ImportRecords(
                        records: try categorized(items.records, household: household, in: session.session(in: .main)))
                }
                if part is ImportRecords<ItemCategory> {
                    // A backup's categories are the household's own from now on, as a change by hand makes them.
                    try Categories.keep(household: household, in: session.session(in: .main))
                }
                if let lists = part as? ImportRecords<TaskList> {
                    // A backup's to-do lists beside the household's: each keeps a name of its own.
                    part = ImportRecords(
                        records: try TodoLists.fitting(lists.records, in: session.session(in: .main)))
                }
                if let lists = part as? ImportRecords<NamedList> {
                    // A backup's lists beside the household's: each keeps a store list and a name of its own.
                    let fitted = try ShoppingLists.fitting(
                        lists.records, household: store.scope.household, in: session.session(in: .main))
                    try ImportRecords(records: fitted).merge(
                        into: session, existing: existing, placement: placement, tally: &tally, progress: progress)
                } else {
                    try part.merge(
                        into: session, existing: existing, placement: placement, tally: &tally, progress: progress)
                }
            }
            try putListRows(in: session.session(in: .main), household: store.scope.household, tally: &tally)
            if let timeZone { try HouseholdTimeZone.set(timeZone, of: household, in: session) }
            progress(tally.done)
            var summary = tally.summary
            summary.warnings = warnings
            return summary
        }
    }
}

extension ImportBatch {
    /// Puts the batch's items that are on the shopping list (every one, when none is and `everyWhenNoneMarked`) on
    /// the named list `name` instead, after they are added to the catalog: a tutorial's file imported into a list of
    /// its own, or the checkmarks of a file from before named lists put on the list "Shopping", as the household's
    /// own were (``ListsModel/ShoppingLists/foldCheckmarks()``).
    public mutating func putShoppingItems(on name: String, everyWhenNoneMarked: Bool = true) {
        var items = records(ShoppingItem.self)
        let marked = items.contains { $0.isOnShoppingList }
        guard marked || everyWhenNoneMarked else { return }
        for index in items.indices where items[index].isOnShoppingList || !marked {
            listRows.append(
                ListRow(
                    list: name, item: items[index].name, price: items[index].price, quantity: nil, note: nil,
                    place: "item \(Quoted(items[index].name))"))
            items[index].isOnShoppingList = false
        }
        parts.removeAll { $0.kind == .item }
        append(contentsOf: items)
    }

    /// `items` with the categories ``categoryNames`` gives them (each category found by name, or added), and, when
    /// the batch ``suggestsCategories``, the one suggested for the name of each that has none.
    fileprivate func categorized(_ items: [ShoppingItem], household: HouseholdID, in main: any StoreSession) throws
        -> [ShoppingItem]
    {
        var categories = try Categories.all(household: household, in: main)
        var byKey = Dictionary(
            categories.map { (Reference.nameKey($0.name), $0.id.uuidString) }, uniquingKeysWith: { first, _ in first })
        let now = Date().roundedToMilliseconds
        var items = items
        for index in items.indices {
            let key = Reference.nameKey(items[index].name)
            if let name = categoryNames[key] {
                if let id = byKey[Reference.nameKey(name)] {
                    items[index].category = id
                } else {
                    let added = try Categories.add(name: name, household: household, now: now, in: main)
                    categories.append(added)
                    byKey[Reference.nameKey(name)] = added.id.uuidString
                    items[index].category = added.id.uuidString
                }
            } else if suggestsCategories, items[index].category == nil,
                let suggested = CategorySuggestion.suggest(for: items[index].name, categories: categories.map(\.name))
            {
                items[index].category = byKey[Reference.nameKey(suggested)]
            }
        }
        return items
    }

    /// Puts ``listRows`` on their lists in `main`, the household's main list inside the import's write.
    fileprivate func putListRows(in main: any StoreSession, household: HouseholdID, tally: inout ImportTally) throws {
        guard !listRows.isEmpty else { return }
        let now = Date().roundedToMilliseconds
        var lists: [String: NamedList] = [:]
        for row in listRows {
            let key = Reference.nameKey(row.list)
            let list: NamedList
            if let known = lists[key] {
                list = known
            } else if let stored = try main.records(NamedList.self, named: row.list, ignoringCase: true, limit: 1).first
            {
                list = stored.record
            } else {
                list = try ImportError.at(row.place) {
                    try ShoppingLists.make(name: row.list, id: nil, household: household, now: now, in: main)
                }
            }
            lists[key] = list
            var item = try main.records(ShoppingItem.self, named: row.item, ignoringCase: false, limit: 1).first?.record
            if item == nil {
                var added = ShoppingItem(meta: RecordMeta(createdAt: now), name: row.item, price: row.price)
                added = try categorized([added], household: household, in: main)[0]
                try main.insert(added)
                tally.summary.added += 1
                item = added
            }
            guard let item else { continue }
            let put = try ImportError.at(row.place) {
                try ShoppingLists.put(
                    item, on: list, quantity: row.quantity, note: row.note, id: nil, now: now, in: main)
            }
            if put.isNew {
                tally.summary.added += 1
            } else if put.isRepeat {
                tally.summary.unchanged += 1
            } else {
                tally.summary.updated += 1
            }
            tally.done += 1
        }
    }
}

/// The records of one kind in an ``ImportBatch``, with their type erased so that a batch holds any kinds.
private protocol ImportPart: Sendable {
    /// Their kind.
    var kind: RecordKind { get }
    /// How many there are.
    var count: Int { get }
    /// Writes them to `session`, as ``ImportBatch/apply(to:progress:)`` does, tasks that name no list put where
    /// `placement` says.
    func merge(
        into session: any StoreSession, existing: ImportBatch.ExistingRecords, placement: TaskListPlacement?,
        tally: inout ImportTally, progress: (Int) -> Void) throws
}

extension ImportBatch {
    /// Gives each of `records` that is a task naming no list one, as `placement` says, in `session` (the import's
    /// write). In place: a cast of the array to `[TodoTask]` and back would copy every task twice.
    /// `stored`: the stored records among them (``ImportMerge/stored(_:)``), whose lists they keep.
    static func place<R: Record>(
        _ records: inout [R], _ placement: TaskListPlacement?, stored: [UUID: R], in session: any StoreSession
    ) throws {
        guard let placement, R.self == TodoTask.self else { return }
        let main = session.session(in: .main)
        // `R` is `TodoTask`: the same array and dictionary, seen as what they are.
        let stored = unsafeBitCast(stored, to: [UUID: TodoTask].self)
        try withUnsafeMutablePointer(to: &records) { pointer in
            try pointer.withMemoryRebound(to: [TodoTask].self, capacity: 1) { tasks in
                try placement.place(&tasks.pointee, stored: stored, in: main)
            }
        }
    }
}

/// The records of `R` in an ``ImportBatch``.
private struct ImportRecords<R> {
    var records: [R]
}

extension ImportRecords: Sendable where R: Sendable {}

// The constraint sits on the conformance, not the type (docs/performance.md, "No conformance scans").
extension ImportRecords: ImportPart where R: Record {
    var kind: RecordKind { R.kind }
    var count: Int { records.count }

    func merge(
        into session: any StoreSession, existing: ImportBatch.ExistingRecords, placement: TaskListPlacement?,
        tally: inout ImportTally, progress: (Int) -> Void
    ) throws {
        if let entries = records as? [ListEntry] {
            try Self.mergeEntries(entries, into: session, existing: existing, tally: &tally, progress: progress)
            return
        }
        var merge = ImportMerge<R>(session: session, existing: existing, expected: records.count)
        var records = records
        let stored = try merge.stored(records)
        try ImportBatch.place(&records, placement, stored: stored, in: session)
        try merge.add(records, stored: stored, tally: &tally, progress: progress)
        try merge.finish()
    }

    /// Writes entries of named lists each into its list's store list (``NamedList/slot``), in file order within
    /// each list; the lists come before them in the batch, so that a backup's lists are stored by then.
    /// - Throws: ``ValidationError`` on `list` for an entry whose list is neither in the file nor stored.
    private static func mergeEntries(
        _ entries: [ListEntry], into session: any StoreSession, existing: ImportBatch.ExistingRecords,
        tally: inout ImportTally, progress: (Int) -> Void
    ) throws {
        var order: [String] = []
        var byList: [String: [ListEntry]] = [:]
        for entry in entries {
            if byList[entry.list] == nil { order.append(entry.list) }
            byList[entry.list, default: []].append(entry)
        }
        let main = session.session(in: .main)
        for listID in order {
            guard let id = UUID(text: listID), let list = try main.record(NamedList.self, id: id) else {
                throw ValidationError(
                    field: "list",
                    message: "an entry is on the list \(listID), which neither the file nor the household has")
            }
            let group = byList[listID] ?? []
            var merge = ImportMerge<ListEntry>(
                session: session.session(in: list.entries), existing: existing, expected: group.count)
            try merge.add(group, tally: &tally, progress: progress)
            try merge.finish()
        }
    }
}

/// How far an import got, and what it changed so far.
struct ImportTally {
    var summary = ImportSummary()
    /// Records of the file dealt with.
    var done = 0
}

/// How ``ImportBatch/apply(to:progress:)`` writes the records of one kind, a part at a time (so that an import
/// can write while it still reads: ``ImportFeed``). Given the parts in order, it does what it would do with them
/// all at once.
struct ImportMerge<R: Record> {
    let session: any StoreSession
    let existing: ImportBatch.ExistingRecords
    /// About how many records will come.
    let expected: Int
    /// Whether the list was empty before the import: then nothing can be stored already and no record is looked
    /// up. Known from the first part on.
    private var isEmpty: Bool?
    /// Whether the parts never repeat an id (an ``ImportFeed``'s), so that none is looked for in ``added``.
    let idsAreUnique: Bool
    private var added = Set<UUID>()
    /// New records not inserted yet: they go in together, in file order (one statement per record, but the store
    /// keeps its count and revision once per part); a record that may meet one of them is looked up only after
    /// they are written.
    private var pending: [R] = []
    /// What brings back the list's indexes, when the store left them out for a large load.
    private var rebuildIndexes: (() throws -> Void)?
    /// Every record the list had, by id, when the store left its indexes out for a large load into a list with a
    /// few records: then no record is looked up in the store (without its index of ids, each lookup would read
    /// the whole table), and the changes to them wait in ``deferredUpdates`` until the indexes are back.
    private var storedByID: [UUID: R]?
    /// The stored records the file changes, with the versions they had, while ``storedByID`` stands for the store.
    private var deferredUpdates: [(record: R, version: Int)] = []

    /// The fewest records for which a store is asked to build the list's indexes once at the end.
    static var deferredIndexesFrom: Int { 1_000 }

    /// How many records a list may hold, for each one of a load, for the store to build its indexes once at the
    /// end rather than keep them record by record: a household's first import into a new file (three tasks
    /// seeded from the tutorial, then 100,000 from Taskwarrior) is then about as fast as into an empty list.
    static var deferredIndexesWithRecordsUpTo: Double { 0.25 }

    init(session: any StoreSession, existing: ImportBatch.ExistingRecords, expected: Int, idsAreUnique: Bool = false) {
        self.session = session
        self.existing = existing
        self.expected = expected
        self.idsAreUnique = idsAreUnique
        if !idsAreUnique { added.reserveCapacity(expected) }
        pending.reserveCapacity(min(expected, 1000))
    }

    /// Whether the list was empty when the import began; at the first call, also whether the store is to build its
    /// indexes once at the end: for a load of ``deferredIndexesFrom`` records or more into the empty list, or,
    /// when the parts never repeat an id, into a list with a few records (then every one of them is read here).
    private mutating func begin() throws -> Bool {
        if let isEmpty { return isEmpty }
        let count = try session.count(R.self, where: nil)
        isEmpty = count == 0
        if expected >= Self.deferredIndexesFrom {
            let few = Int(Double(expected) * Self.deferredIndexesWithRecordsUpTo)
            if count == 0 {
                rebuildIndexes = try session.deferIndexes(of: R.self)
            } else if idsAreUnique, count <= few {
                rebuildIndexes = try session.deferIndexes(of: R.self, rowsAtMost: few)
                if rebuildIndexes != nil {
                    // Read in list order, by position: no index of the ones left out is needed for it.
                    var stored: [UUID: R] = [:]
                    for numbered in try session.list(R.self) { stored[numbered.record.id] = numbered.record }
                    storedByID = stored
                }
            }
        }
        return count == 0
    }

    /// The stored records with the ids of `records`, by id (some others too): read at once, 500 to a statement,
    /// rather than one statement per record; none when the list was empty. What `records` change is only the
    /// records of those ids, each looked up before its first change; the records are to be given to ``add``
    /// next, their ids unchanged.
    mutating func stored(_ records: some Collection<R>) throws -> [UUID: R] {
        if try begin() { return [:] }
        if let storedByID { return storedByID }
        var ids: [UUID] = []
        ids.reserveCapacity(records.count)
        for record in records { ids.append(record.id) }
        return try session.records(R.self, ids: ids)
    }

    /// Writes `records`, the next ones in file order; `progress` is told how many are done every 1,000. `stored`:
    /// what ``stored(_:)`` answered for them, if it was asked.
    mutating func add(
        _ records: some Collection<R>, stored storedBefore: [UUID: R]? = nil, tally: inout ImportTally,
        progress: (Int) -> Void
    ) throws {
        guard !records.isEmpty else { return }
        let storedBefore = try storedBefore ?? stored(records)
        let isEmpty = try begin()
        if pending.isEmpty, let part = records as? [R], isEmpty || storedByID != nil,
            isEmpty || !part.contains(where: { storedBefore[$0.id] != nil }), idsAreUnique || isFresh(part)
        {
            // Into the empty list (or with its few records aside), ids that are all new: the part is inserted as it
            // is (not copied record by record into `pending`), in the same runs as below, up to each 1,000th
            // record.
            var start = 0
            while start < part.count {
                let end = min(part.count, start + 1000 - tally.done % 1000)
                try session.insert(contentsOf: start == 0 && end == part.count ? part : Array(part[start..<end]))
                tally.summary.added += end - start
                tally.done += end - start
                if tally.done % 1000 == 0 { progress(tally.done) }
                start = end
            }
            return
        }
        for record in records {
            let isNew = idsAreUnique || added.insert(record.id).inserted
            var stored: R?
            if isEmpty, !isNew {
                // The same id twice in one file: the first is kept.
                tally.summary.unchanged += 1
            } else if !isEmpty {
                if isNew {
                    stored = storedBefore[record.id]
                } else {
                    // The same id earlier in the file: it may be pending, or changed since the part was read.
                    try flush()
                    stored = try session.record(R.self, id: record.id)
                }
            }
            if let stored {
                var replacement = record
                replacement.meta = stored.meta
                if existing == .keep || replacement == stored {
                    tally.summary.unchanged += 1
                } else {
                    replacement.meta.version = stored.meta.version + 1
                    replacement.meta.updatedAt = max(record.meta.updatedAt, stored.meta.updatedAt)
                    if storedByID != nil {
                        deferredUpdates.append((replacement, stored.meta.version))
                    } else {
                        try session.update(replacement, expectedVersion: stored.meta.version)
                    }
                    tally.summary.updated += 1
                }
            } else if isNew || !isEmpty {
                pending.append(record)
                tally.summary.added += 1
            }
            tally.done += 1
            if tally.done % 1000 == 0 {
                try flush()
                progress(tally.done)
            }
        }
    }

    /// Whether no id of `part` came before, in it or in an earlier part; if so, they are now counted as added.
    private mutating func isFresh(_ part: [R]) -> Bool {
        // Through the buffer: each id is read in place, where iterating the array copied every record.
        part.withUnsafeBufferPointer { records in
            for index in records.indices where !added.insert(records[index].id).inserted {
                for earlier in 0..<index { added.remove(records[earlier].id) }
                return false
            }
            return true
        }
    }

    /// Writes what is pending and brings back the indexes: the last step, before the write commits.
    /// `inserted` is called in between, once no record is held here any more.
    mutating func finish(inserted: () -> Void = {}) throws {
        try flush()
        inserted()
        try rebuildIndexes?()
        rebuildIndexes = nil
        storedByID = nil
        for update in deferredUpdates { try session.update(update.record, expectedVersion: update.version) }
        deferredUpdates = []
    }

    private mutating func flush() throws {
        try session.insert(contentsOf: pending)
        pending.removeAll(keepingCapacity: true)
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
    /// What was taken in differently from the file (``ImportBatch/warnings``).
    public var warnings: [String] = []

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

extension ImportSummary: JSONWritable {
    /// `{"added": 3, "unchanged": 0, "updated": 1}`, as `lists import --json` prints it, with `"warnings"` when
    /// there are some.
    public func writeJSON(to output: inout [UInt8]) {
        output += Array(#"{"added":\#(added),"unchanged":\#(unchanged),"updated":\#(updated)"#.utf8)
        if !warnings.isEmpty {
            output += Array(#","warnings":["#.utf8)
            for (index, warning) in warnings.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONValue.writeString(warning, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        }
        output.append(UInt8(ascii: "}"))
    }
}
