import Foundation

/// A household's named shopping lists and what is on them: the data controller of the lists that the Shopping
/// List tab, the API's `/api/v1/lists` and `lists shop lists` work with.
///
/// The lists are ``NamedList`` records of the household's main list; each list's entries are ``ListEntry`` records
/// kept in a store list of their own (the list's ``NamedList/slot``), so that a list of entries is read, numbered,
/// counted, revised and undone as any list of records is, and reading one list never reads another's entries.
/// The catalog of items stays one per household (``ShoppingList``): an entry names an item by its id, and an item
/// can be on several lists at once, each with its own quantity and note.
public struct ShoppingLists: Sendable {
    /// The household's main list, where the lists and the catalog are.
    let store: any Store
    let clock: @Sendable () -> Date
    /// The lists, as records.
    public let lists: RecordList<NamedList>
    /// The household's catalog of items.
    public let catalog: RecordList<ShoppingItem>

    /// The lists of the household `store` is scoped to (its main list, whatever list the scope names).
    public init(store: any Store, clock: @escaping @Sendable () -> Date = { Date() }) {
        let main = store.scoped(to: StoreScope(household: store.scope.household))
        self.store = main
        self.clock = clock
        lists = RecordList(store: main, clock: clock)
        catalog = RecordList(store: main, clock: clock)
    }

    /// The most lists a household keeps at once.
    public static let maximumLists = 1000

    /// One list with how many entries it has and how many of them are still to buy.
    public struct Summary: Sendable, Equatable {
        public var list: NamedList
        public var entries: Int
        public var toBuy: Int
    }

    /// One entry of a list with the item it names (`nil` when that item was deleted from the catalog since).
    public struct Row: Sendable, Equatable {
        public var entry: Numbered<ListEntry>
        public var item: ShoppingItem?

        public init(entry: Numbered<ListEntry>, item: ShoppingItem?) {
            self.entry = entry
            self.item = item
        }
    }

    /// What putting an item on a list did.
    public struct Put: Sendable, Equatable {
        /// The entry added or changed.
        public var entry: ListEntry
        /// Whether a new entry was added (false: the item's entry was changed, its quantity added to).
        public var isNew: Bool
        /// When the item was on the list already with a quantity the new one does not add to, the quantity it
        /// keeps beside the new entry's (a message says so).
        public var keptApart: String?
        /// Whether the put was one made already (the same id sent again), or one that changed nothing: nothing was
        /// written.
        public var isRepeat: Bool = false
    }

    /// The store of `list`'s entries.
    func entryStore(_ list: NamedList) -> any Store {
        store.scoped(to: StoreScope(household: store.scope.household, list: list.entries))
    }

    /// `list`'s entries, as records.
    public func entries(of list: NamedList) -> RecordList<ListEntry> {
        RecordList(store: entryStore(list), clock: clock)
    }

    /// The household's lists in their order (by rank, then as they were made).
    public func all() throws -> [NamedList] {
        try store.read(Self.inOrder)
    }

    /// The household's lists in their order, in `session` (of its main list).
    static func inOrder(_ session: any StoreSession) throws -> [NamedList] {
        try RankedRecords.inOrder(NamedList.self, in: session)
    }

    /// The lists in their order with their counts, for the home screen and the switcher.
    public func summaries(first limit: Int? = nil) throws -> [Summary] {
        try store.read { session in
            try Self.inOrder(session).prefix(limit ?? Int.max).map { list in
                let entries = session.session(in: list.entries)
                return Summary(
                    list: list, entries: try entries.count(ListEntry.self, where: nil),
                    toBuy: try entries.count(ListEntry.self, where: ListEntry.Fields.checkedAt == nil))
            }
        }
    }

    /// The list `reference` names: its id, its name (case ignored when no name matches exactly), its number in
    /// ``all()``'s order, or 4 or more characters of its id.
    /// - Throws: ``ValidationError`` on `list` naming the lists there are; ``StoreError/notFound(_:)`` for an id.
    public func list(_ reference: Reference) throws -> NamedList {
        if case .typed(let text) = reference, let number = Int(text.trimmingWhitespace()) {
            let all = try all()
            guard (1...max(1, all.count)).contains(number), number <= all.count else {
                throw ValidationError(field: "list", message: "no list number \(number); \(Self.naming(all))")
            }
            return all[number - 1]
        }
        do {
            return try lists.find(reference).record
        } catch let error as ValidationError {
            guard case .typed = reference else { throw error }
            let all = try all()
            throw ValidationError(field: "list", message: "\(error.message); \(Self.naming(all))")
        }
    }

    /// The list a command means: the one `name` names, or without a name the household's only list.
    /// - Throws: ``ValidationError`` on `list` when there is no list, or several and no name.
    public func list(named name: String?) throws -> NamedList {
        if let name { return try list(.typed(name)) }
        let all = try all()
        guard all.count == 1 else {
            throw ValidationError(
                field: "list",
                message: all.isEmpty
                    ? "there is no shopping list yet; make one first"
                    : "which list? name one with --list: \(all.map { Quoted($0.name).description }.joinedInline(separator: ", "))"
            )
        }
        return all[0]
    }

    /// "the lists are ...", for a refusal.
    static func naming(_ lists: [NamedList]) -> String {
        lists.isEmpty
            ? "there is no list yet"
            : "the lists are " + lists.map { Quoted($0.name).description }.joinedInline(separator: ", ")
    }

    // MARK: Making, renaming, moving, deleting lists

    /// Makes a list called `name`, after the others. `id`, the client's choice, makes a make sent twice make one.
    /// - Throws: ``ValidationError`` on `name` for a refused name, ``StoreError/nameTaken(_:)`` for one another list
    ///   of the household has (case ignored).
    @discardableResult
    public func make(name: String, id: UUID? = nil) throws -> NamedList {
        let now = lists.now()
        let name = try NamedList.Fields.name.checked(name, now: now)
        let household = store.scope.household
        return try store.write { try Self.make(name: name, id: id, household: household, now: now, in: $0) }
    }

    /// ``make(name:id:)`` inside a write of the household's main list, `name` checked already (an import makes the
    /// lists its rows name in its own write).
    public static func make(
        name: String, id: UUID?, household: HouseholdID, now: Date, in session: any StoreSession
    ) throws -> NamedList {
        if let id, let stored = try session.record(NamedList.self, id: id) { return stored }
        // Read first: on PostgreSQL a write's first read of a setting takes the store's lock, so that two makes of
        // one name at once take turns before either checks the name.
        _ = try session.setting(slotSetting(household))
        try checkFree(name, except: nil, in: session)
        let existing = try session.list(NamedList.self)
        guard existing.count < maximumLists else {
            throw ValidationError(
                field: "name", message: "a household keeps at most \(maximumLists) lists; delete one first")
        }
        let slot = try freeSlot(household, taken: Set(existing.map(\.record.slot)), in: session)
        let rank = (existing.map(\.record.rank).max() ?? -1) + 1
        var list = NamedList(meta: .draft, name: name, slot: slot, rank: rank)
        list = try NamedList.schema.checked(list, now: now)
        list.meta = RecordMeta(id: id ?? .random(), createdAt: now)
        try session.insert(list)
        return list
    }

    /// Refuses `name` when another list of the household (not `except`) is called so, case ignored.
    /// - Throws: ``StoreError/nameTaken(_:)`` on `name`.
    private static func checkFree(_ name: String, except: UUID?, in session: any StoreSession) throws {
        try RankedRecords.checkFree(NamedList.self, name, except: except, in: session)
    }

    /// Refuses the lists of the household as they now stand in `session` when two have one name (case ignored) or
    /// one store list: a list put back by an undo after another took its name (the write is then rolled back).
    /// - Throws: ``StoreError/nameTaken(_:)``, ``StoreError/conflict(_:)``.
    static func checkDistinct(in session: any StoreSession) throws {
        let all = try RankedRecords.checkNamesDistinct(NamedList.self, in: session)
        if Set(all.map(\.slot)).count != all.count { throw StoreError.conflict(NamedList.kind) }
    }

    /// The lists `incoming` (a backup's, not stored yet) as they can be stored beside the household's: each whose
    /// store list another list holds (in the household or earlier in `incoming`) given a new one, each whose name
    /// another has given a number ("Groceries 2"), and the next store list a list is made with moved past them.
    public static func fitting(
        _ incoming: [NamedList], household: HouseholdID, in session: any StoreSession
    ) throws -> [NamedList] {
        let stored = try session.list(NamedList.self).map(\.record)
        let storedIDs = Set(stored.map(\.id))
        var slots = Set(stored.map(\.slot))
        var names = Set(stored.map { Reference.nameKey($0.name) })
        let key = slotSetting(household)
        var next = max(try session.setting(key).flatMap { Int($0) } ?? 1, (slots.max() ?? 0) + 1)
        var fitted: [NamedList] = []
        for var list in incoming {
            guard !storedIDs.contains(list.id) else {
                fitted.append(list)
                continue
            }
            if slots.contains(list.slot) {
                while slots.contains(next) && next < ListID.limit { next += 1 }
                guard next < ListID.limit else {
                    throw ValidationError(field: "lists", message: "this household has no room for more lists")
                }
                list.slot = next
            }
            list.name = RankedRecords.freeName(list.name, taken: &names)
            slots.insert(list.slot)
            next = max(next, list.slot + 1)
            fitted.append(list)
        }
        if next <= ListID.limit { try session.setSetting(key, to: String(next)) }
        return fitted
    }

    /// The setting that holds the next store list a new list of `household` takes.
    private static func slotSetting(_ household: HouseholdID) -> String { "household.\(household.rawValue).next-list" }

    /// A store list for a new list: the next one never given in the household (so that a list deleted and kept
    /// for undo keeps its own), or once all were given, one no list has (an undo of a list deleted before then is
    /// refused when its store list was given again: ``checkDistinct(in:)``).
    private static func freeSlot(_ household: HouseholdID, taken: Set<Int>, in session: any StoreSession) throws
        -> Int
    {
        let key = slotSetting(household)
        // Lists restored from a backup keep their store lists, which the setting may not know of.
        let next = max(try session.setting(key).flatMap { Int($0) } ?? 1, (taken.max() ?? 0) + 1)
        if next < ListID.limit {
            try session.setSetting(key, to: String(next + 1))
            return next
        }
        for slot in 1..<Int(ListID.limit) where !taken.contains(slot) {
            return slot
        }
        throw ValidationError(field: "name", message: "this household has no room for another list")
    }

    /// Renames the list `reference` names.
    /// - Throws: ``ValidationError`` on `name`, ``StoreError/conflict(_:)`` for a stale `expectedVersion`.
    @discardableResult
    public func rename(_ reference: Reference, to name: String, expectedVersion: Int? = nil) throws -> NamedList {
        let target = try list(reference)
        let now = lists.now()
        let name = try NamedList.Fields.name.checked(name, now: now)
        let household = store.scope.household
        return try store.write { session in
            _ = try session.setting(Self.slotSetting(household))
            try Self.checkFree(name, except: target.id, in: session)
            return try RankedRecords.renamed(
                NamedList.self, id: target.id, to: name, expectedVersion: expectedVersion, now: now, in: session)
        }
    }

    /// Moves the list `reference` names `offset` places (negative: up, towards the first), and answers the lists in
    /// their new order.
    /// - Throws: ``ValidationError`` on `offset` for a move past the first or the last list.
    @discardableResult
    public func move(_ reference: Reference, by offset: Int) throws -> [NamedList] {
        let target = try list(reference)
        let now = lists.now()
        return try store.write { session in
            try RankedRecords.moved(target, by: offset, in: try Self.inOrder(session), now: now, in: session)
        }
    }

    /// Deletes the list `reference` names with its entries, as one removal that ``restore(_:)`` puts back whole
    /// for ``Undo/window``.
    @discardableResult
    public func delete(_ reference: Reference, expectedVersion: Int? = nil, removal: RemovalID = RemovalID()) throws
        -> (list: NamedList, removal: RemovalID)
    {
        let target = try list(reference)
        let now = lists.now()
        try store.write { session in
            guard let stored = try session.record(NamedList.self, id: target.id) else {
                throw StoreError.notFound(NamedList.kind)
            }
            if let expectedVersion, stored.meta.version != expectedVersion { throw StoreError.conflict(NamedList.kind) }
            let entries = session.session(in: stored.entries)
            for entry in try entries.list(ListEntry.self) {
                try entries.delete(ListEntry.self, id: entry.record.id, at: now, removal: removal)
            }
            try session.delete(NamedList.self, id: target.id, at: now, removal: removal)
        }
        return (target, removal)
    }

    /// Puts back a list deleted less than ``Undo/window`` ago with its entries, as they were.
    /// - Throws: ``StoreError/nothingToRestore(_:)``, ``StoreError/conflict(_:)``.
    @discardableResult
    public func restore(_ removal: RemovalID) throws -> [RecordKey] {
        let now = lists.now()
        let household = store.scope.household
        return try store.write { session in
            _ = try session.setting(Self.slotSetting(household))
            let restored = try session.session(in: nil).restore(removal, at: now)
            guard !restored.isEmpty else { throw StoreError.nothingToRestore(NamedList.kind) }
            try Self.checkDistinct(in: session)
            return restored
        }
    }

    // MARK: Entries

    /// The entries of `list` in their order, each with its item.
    public func rows(of list: NamedList) throws -> [Row] {
        try store.read { try Self.rows(of: list, in: $0) }
    }

    /// ``rows(of:)`` in `session` of the household's main list.
    public static func rows(of list: NamedList, in session: any StoreSession) throws -> [Row] {
        try rows(of: [list], in: session)[list.id] ?? []
    }

    /// The entries of each of `lists` in their order, each with its item, in `session` of the household's main list:
    /// what their screens draw, with one read of the catalog for them all when it is not much larger than they are.
    public static func rows(of lists: [NamedList], in session: any StoreSession) throws -> [UUID: [Row]] {
        var entries: [UUID: [Numbered<ListEntry>]] = [:]
        for list in lists { entries[list.id] = try session.session(in: list.entries).list(ListEntry.self) }
        let count = entries.values.reduce(0) { $0 + $1.count }
        var items: [UUID: ShoppingItem] = [:]
        // One read of the whole catalog when it is not much larger than the lists (a read a row costs a round trip
        // on PostgreSQL), else a read of each entry's item by its id.
        let catalog = try session.count(ShoppingItem.self, where: nil)
        if catalog <= max(Self.wholeCatalogRead, count * 10) {
            for item in try session.list(ShoppingItem.self) { items[item.record.id] = item.record }
        } else {
            for entry in entries.values.joined() {
                guard let id = entry.record.itemID, items[id] == nil else { continue }
                items[id] = try session.record(ShoppingItem.self, id: id)
            }
        }
        return entries.mapValues { list in
            list.map { Row(entry: $0, item: $0.record.itemID.flatMap { items[$0] }) }
        }
    }

    /// The largest catalog a list's rows read whole, whatever the list's length.
    static let wholeCatalogRead = 500

    /// The exact total of `list`: each entry's item price times its quantity's ``Quantity/multiplier``, rounded to
    /// the cent; entries whose item was deleted count nothing.
    public func total(of list: NamedList) throws -> Money {
        try Self.total(rows(of: list))
    }

    /// The total of `rows`.
    public static func total(_ rows: [Row]) -> Money {
        var cents = Decimal(0)
        for row in rows {
            guard let item = row.item else { continue }
            let multiplier = (try? row.entry.record.quantity.flatMap { try Quantity(parsing: $0) })??.multiplier ?? 1
            cents += Decimal(item.price.minorUnits) * multiplier
        }
        var rounded = Decimal()
        NSDecimalRound(&rounded, &cents, 0, .plain)
        return Money(minorUnits: NSDecimalNumber(decimal: rounded).int64Value)
    }

    /// Puts the item `item` names on `list`, with a quantity and a note.
    ///
    /// When the item is on the list already and not checked off, the new quantity is added to that entry's when
    /// the units agree (`500 ml` and `1 l` make `1.5 l`), and given to it when it had none; a note replaces its
    /// note. When the units do not agree, a second entry keeps the new quantity and ``Put/keptApart`` says which
    /// one the list had. `id` (the client's choice) makes a put sent twice put once: as the new entry's id, or kept
    /// on the entry it added to (``ListEntry/lastPut``). With `merging` false, the put makes an entry of its own
    /// whatever the list holds.
    /// - Throws: ``ValidationError`` on `item` (an item of no household's catalog this one sees), `quantity`,
    ///   `note`; ``StoreError/notFound(_:)`` for the id of no item of the household.
    @discardableResult
    public func put(
        _ item: Reference, on list: NamedList, quantity: String? = nil, note: String? = nil, id: UUID? = nil,
        merging: Bool = true
    ) throws -> Put {
        let now = lists.now()
        let quantity = try ListEntry.Fields.quantity.checked(quantity, now: now)
        let note = try ListEntry.Fields.note.checked(note, now: now)
        return try store.write { main in
            guard try main.record(NamedList.self, id: list.id) != nil else {
                throw ValidationError(
                    field: "list", message: "the list \(Quoted(list.name)) was deleted; nothing was put on it")
            }
            let found = try main.resolve(item, as: ShoppingItem.self).record
            return try Self.put(
                found, on: list, quantity: quantity, note: note, id: id, merging: merging, now: now, in: main)
        }
    }

    /// ``put(_:on:quantity:note:id:)`` of `item` inside a write of the household's main list, `quantity` and
    /// `note` checked already (an import puts its rows' entries in its own write).
    public static func put(
        _ item: ShoppingItem, on list: NamedList, quantity: String?, note: String?, id: UUID?, merging: Bool = true,
        now: Date, in main: any StoreSession
    ) throws -> Put {
        let session = main.session(in: list.entries)
        if let id, let stored = try session.record(ListEntry.self, id: id) {
            return Put(entry: stored, isNew: false, keptApart: nil, isRepeat: true)
        }
        // Not merging (an entry a CalDAV client made is one of its own): no entry to add to.
        let open =
            merging
            ? try session.records(ListEntry.self, named: item.id.uuidString, ignoringCase: false, limit: 50)
                .map(\.record).filter { !$0.isChecked } : []
        // The same put again: it added to this entry already.
        if let id, let done = open.first(where: { $0.wasPut(by: id) }) {
            return Put(entry: done, isNew: false, keptApart: nil, isRepeat: true)
        }
        var keptApart: String?
        for old in open {
            var new = old
            switch (old.quantity, quantity) {
            case (_, nil):
                break
            case (nil, let added?):
                new.quantity = added
            case (let had?, let added?):
                guard
                    let sum = try Quantity(parsing: had).flatMap({ a in
                        try Quantity(parsing: added).flatMap { a.adding($0) }
                    })
                else {
                    keptApart = had
                    continue
                }
                new.quantity = sum.description
            }
            if let note { new.note = note }
            keptApart = nil
            guard new != old else { return Put(entry: old, isNew: false, keptApart: nil, isRepeat: true) }
            if let id { new.lastPut = old.keepingPut(id) }
            new = try ListEntry.schema.checked(new, changedFrom: old, now: now)
            new.meta = RecordMeta(
                id: old.id, createdAt: old.meta.createdAt, updatedAt: now, version: old.meta.version + 1)
            try session.update(new, expectedVersion: old.meta.version)
            try touch(list, now: now, in: main)
            return Put(entry: new, isNew: false, keptApart: nil)
        }
        var entry = ListEntry(meta: .draft, item: item.id, list: list.id, quantity: quantity, note: note)
        entry = try ListEntry.schema.checked(entry, now: now)
        entry.meta = RecordMeta(id: id ?? .random(), createdAt: now)
        try session.insert(entry)
        try touch(list, now: now, in: main)
        return Put(entry: entry, isNew: true, keptApart: keptApart)
    }

    /// Marks `list` changed (its version and `updatedAt`) in the write that changed its entries, which are kept in a
    /// store list of their own: so the household's main list's revision moves with them, and open screens of the
    /// list (which follow that revision) and the list's `ETag` follow its entries.
    /// - Throws: ``ValidationError`` on `list` when it was deleted meanwhile: nothing is changed on it then.
    static func touch(_ list: NamedList, now: Date, in main: any StoreSession) throws {
        guard let stored = try main.record(NamedList.self, id: list.id) else {
            throw ValidationError(
                field: "list", message: "the list \(Quoted(list.name)) was deleted; nothing was changed on it")
        }
        var new = stored
        new.meta = RecordMeta(
            id: stored.id, createdAt: stored.meta.createdAt, updatedAt: max(now, stored.meta.updatedAt),
            version: stored.meta.version + 1)
        try main.update(new, expectedVersion: stored.meta.version)
    }

    /// Puts the catalog's item called `name` on `list` (case ignored when none has it exactly; the first of several),
    /// adding it to the catalog at `price` when the catalog has none of that name, all in one write: a refused
    /// quantity or note adds nothing to the catalog either.
    /// - Throws: ``ValidationError`` on `item`, `quantity`, `note` or `list`.
    @discardableResult
    public func put(
        named name: String, on list: NamedList, price: Money = .zero, quantity: String? = nil, note: String? = nil,
        id: UUID? = nil
    ) throws -> Put {
        let now = lists.now()
        let typed = name
        let name: String
        do {
            name = try ShoppingItem.Fields.name.checked(typed, now: now)
        } catch let error as ValidationError {
            throw ValidationError(field: "item", message: error.message)
        }
        let quantity = try ListEntry.Fields.quantity.checked(quantity, now: now)
        let note = try ListEntry.Fields.note.checked(note, now: now)
        return try store.write { main in
            guard try main.record(NamedList.self, id: list.id) != nil else {
                throw ValidationError(
                    field: "list", message: "the list \(Quoted(list.name)) was deleted; nothing was put on it")
            }
            let item = try Self.item(named: name, price: price, household: store.scope.household, now: now, in: main)
            return try Self.put(item, on: list, quantity: quantity, note: note, id: id, now: now, in: main)
        }
    }

    /// The catalog's item called `name` (a name checked already), as ``put(named:on:price:quantity:note:id:)``
    /// finds it, or added at `price`: for a CalDAV client's new to-do, which is an entry of its own rather than one
    /// added to. Found in a read; added in a write that looks again, so that two adds make one item.
    public func item(named name: String, price: Money = .zero) throws -> ShoppingItem {
        if let found = try store.read({ try Self.catalogItem(named: name, in: $0) }) { return found }
        let now = lists.now()
        return try store.write { main in
            try Self.item(named: name, price: price, household: store.scope.household, now: now, in: main)
        }
    }

    /// The catalog's item called `name`, in `main` inside a write: ``catalogItem(named:in:)``, else one added at
    /// `price` (its category suggested, as any new item's is).
    static func item(
        named name: String, price: Money, household: HouseholdID, now: Date, in main: any StoreSession
    ) throws -> ShoppingItem {
        if let found = try catalogItem(named: name, in: main) { return found }
        var added = try ShoppingItem.schema.checked(ShoppingItem(meta: .draft, name: name, price: price), now: now)
        added.meta = RecordMeta(createdAt: now)
        try ShoppingItem.settle(&added, changedFrom: nil, household: household, in: main)
        try main.insert(added)
        return added
    }

    /// The catalog's item of that exact name, else of that name ignoring case (the first of several).
    static func catalogItem(named name: String, in session: any StoreSession) throws -> ShoppingItem? {
        try session.records(ShoppingItem.self, named: name, ignoringCase: false, limit: 1).first?.record
            ?? session.records(ShoppingItem.self, named: name, ignoringCase: true, limit: 1).first?.record
    }

    /// The entry of `list` that `reference` names: its number on the list, 4 or more characters of its id, or the
    /// name of its item (which must be on the list once).
    /// - Throws: ``ValidationError`` on `entry`.
    public func entry(_ reference: Reference, on list: NamedList) throws -> Numbered<ListEntry> {
        let entries = entries(of: list)
        if case .typed(let text) = reference, !text.trimmingWhitespace().allSatisfy({ $0.isASCII && $0.isNumber }) {
            if let item = try? catalog.find(reference).record {
                let matches = try entries.store.read {
                    try $0.records(ListEntry.self, named: item.id.uuidString, ignoringCase: false, limit: 6)
                }
                switch matches.count {
                case 1: return matches[0]
                case 0:
                    throw ValidationError(
                        field: "entry", message: "\(Quoted(item.name)) is not on \(Quoted(list.name))")
                default:
                    throw ValidationError(
                        field: "entry",
                        message: "\(Quoted(item.name)) is on \(Quoted(list.name)) \(matches.count) times: use its "
                            + "number (\(matches.map { String($0.number) }.joinedInline(separator: ", ")))")
                }
            }
        }
        do {
            return try entries.find(reference)
        } catch let error as ValidationError {
            throw ValidationError(field: "entry", message: error.message)
        }
    }

    /// The entry of `list` with `id`, or else the one a put with that id added to (``ListEntry/lastPut``): an entry
    /// put on a list offline that the server added to the item's entry there is found by the id the phone gave it,
    /// so that its later check-off or edit made offline lands on that entry. `nil` when there is neither (it was
    /// taken off the list).
    public func entry(putAs id: UUID, on list: NamedList) throws -> ListEntry? {
        try entries(of: list).store.read { session in
            if let entry = try session.record(ListEntry.self, id: id) { return entry }
            return try session.list(ListEntry.self).first { $0.record.wasPut(by: id) }?.record
        }
    }

    /// Changes an entry's quantity and/or note (`.some(nil)` clears one).
    @discardableResult
    public func edit(
        _ reference: Reference, on list: NamedList, quantity: String?? = nil, note: String?? = nil,
        expectedVersion: Int? = nil
    ) throws -> Numbered<ListEntry> {
        try change([reference], on: list, expectedVersion: expectedVersion) { record in
            if let quantity { record.quantity = quantity }
            if let note { record.note = note }
        }[0]
    }

    /// Checks entries off at `time` (the phone's clock, also when it was offline; now when not given), each logged
    /// as a ``Purchase``.
    @discardableResult
    public func check(_ references: [Reference], on list: NamedList, at time: Date? = nil, expectedVersion: Int? = nil)
        throws -> [Numbered<ListEntry>]
    {
        let stamp = time ?? lists.now()
        return try change(references, on: list, expectedVersion: expectedVersion) { $0.checkedAt = stamp }
    }

    /// Puts checked-off entries back to buy, their purchases taken out of the log.
    @discardableResult
    public func uncheck(_ references: [Reference], on list: NamedList, expectedVersion: Int? = nil) throws
        -> [Numbered<ListEntry>]
    {
        try change(references, on: list, expectedVersion: expectedVersion) { $0.checkedAt = nil }
    }

    /// Applies `body` to every entry of `list` that `references` name, in one write: all of them or none, each
    /// checked against its schema, a stale `expectedVersion` refused; a check-off made, moved or taken back is
    /// logged (``Purchase``) in the same write.
    /// - Throws: ``ValidationError``, ``StoreError/conflict(_:)``, ``StoreError/notFound(_:)``.
    @discardableResult
    public func change(
        _ references: [Reference], on list: NamedList, expectedVersion: Int? = nil,
        _ body: (inout ListEntry) throws -> Void
    ) throws -> [Numbered<ListEntry>] {
        let ids = try references.map { try entry($0, on: list).record.id }
        let now = lists.now()
        return try store.write { main in
            let session = main.session(in: list.entries)
            var seen = Set<UUID>()
            var changed: [Numbered<ListEntry>] = []
            var wrote = false
            for id in ids where seen.insert(id).inserted {
                guard let numbered = try session.records(ListEntry.self, idPrefix: id.uuidString, limit: 1).first else {
                    throw StoreError.notFound(ListEntry.kind)
                }
                let old = numbered.record
                if let expectedVersion, expectedVersion != old.meta.version {
                    throw StoreError.conflict(ListEntry.kind)
                }
                var new = old
                try body(&new)
                new = try ListEntry.schema.checked(new, changedFrom: old, now: now)
                guard new != old else {
                    changed.append(numbered)
                    continue
                }
                new.meta = RecordMeta(
                    id: old.id, createdAt: old.meta.createdAt, updatedAt: now, version: old.meta.version + 1)
                try session.update(new, expectedVersion: old.meta.version)
                wrote = true
                if new.checkedAt != old.checkedAt { try Self.log(checkOff: new, in: main, now: now) }
                changed.append(Numbered(number: numbered.number, record: new))
            }
            if wrote { try Self.touch(list, now: now, in: main) }
            return changed
        }
    }

    /// Keeps the household's purchase log in step with `entry`'s check-off: the purchase of its earlier check-off
    /// goes, and one for its check-off now, if it has one, comes.
    static func log(checkOff entry: ListEntry, in main: any StoreSession, now: Date) throws {
        for earlier in try main.records(Purchase.self, named: entry.id.uuidString, ignoringCase: false, limit: 10) {
            try main.delete(Purchase.self, id: earlier.record.id, at: now)
        }
        guard let time = entry.checkedAt else { return }
        let category = try entry.itemID.flatMap { try main.record(ShoppingItem.self, id: $0) }?.category
        try main.insert(Purchase(meta: RecordMeta(createdAt: now), entry: entry, at: time, category: category))
    }

    /// What the household bought, newest first: `limit` purchases from `offset`, and how many there are.
    public func purchases(offset: Int = 0, limit: Int = 100) throws -> (purchases: [Purchase], total: Int) {
        try store.read { session in
            let all = try session.list(Purchase.self).map(\.record)
            let sorted = all.sorted { ($0.boughtAt, $0.meta.createdAt) > ($1.boughtAt, $1.meta.createdAt) }
            return (Array(sorted.dropFirst(offset).prefix(limit)), all.count)
        }
    }

    /// Takes entries off `list`, as one removal that ``restoreEntry(_:on:)`` puts back one by one (or
    /// ``restore(_:)`` whole).
    @discardableResult
    public func remove(
        _ references: [Reference], from list: NamedList, expectedVersion: Int? = nil,
        removal: RemovalID = RemovalID()
    ) throws -> [Numbered<ListEntry>] {
        let found = try references.map { try entry($0, on: list) }
        let now = lists.now()
        return try store.write { main in
            let session = main.session(in: list.entries)
            var seen = Set<UUID>()
            for numbered in found where seen.insert(numbered.record.id).inserted {
                guard let stored = try session.record(ListEntry.self, id: numbered.record.id) else {
                    throw StoreError.notFound(ListEntry.kind)
                }
                if let expectedVersion, expectedVersion != stored.meta.version {
                    throw StoreError.conflict(ListEntry.kind)
                }
                try session.delete(ListEntry.self, id: stored.id, at: now, removal: removal)
            }
            try Self.touch(list, now: now, in: main)
            return found
        }
    }

    /// Moves the entry with `id` from the shopping list it is on to the end of `list`, as it is (its item, quantity,
    /// note, check-off and id): how a calendar app moves a to-do from one list to another. The entry it was is
    /// taken off its old list as a removal of its own, so that an undo there cannot bring a second copy back.
    /// - Throws: ``StoreError/notFound(_:)`` when no list of the household has the entry,
    ///   ``StoreError/conflict(_:)`` when it is not at `expectedVersion`; ``ValidationError`` on `list` when it
    ///   was deleted.
    @discardableResult
    public func move(entry id: UUID, to list: NamedList, expectedVersion: Int? = nil) throws -> ListEntry {
        let now = lists.now()
        return try store.write { main in
            guard let stored = try main.session(in: nil).record(ListEntry.self, id: id) else {
                throw StoreError.notFound(ListEntry.kind)
            }
            if let expectedVersion, expectedVersion != stored.meta.version { throw StoreError.conflict(ListEntry.kind) }
            guard stored.list != list.id.uuidString else { return stored }
            guard let from = try UUID(text: stored.list).flatMap({ try main.record(NamedList.self, id: $0) }) else {
                throw StoreError.notFound(ListEntry.kind)
            }
            try main.session(in: from.entries).delete(ListEntry.self, id: id, at: now, removal: RemovalID())
            var moved = stored
            moved.list = list.id.uuidString
            moved.meta = RecordMeta(
                id: id, createdAt: stored.meta.createdAt, updatedAt: now, version: stored.meta.version + 1)
            try main.session(in: list.entries).insert(moved)
            try Self.touch(from, now: now, in: main)
            try Self.touch(list, now: now, in: main)
            return moved
        }
    }

    /// Puts back the entry with `id`, taken off `list` less than ``Undo/window`` ago, as it was and where it was.
    /// - Throws: ``StoreError/nothingToRestore(_:)``, ``StoreError/conflict(_:)``; ``ValidationError`` on `list`
    ///   when the list was deleted.
    @discardableResult
    public func restoreEntry(_ id: UUID, on list: NamedList) throws -> Numbered<ListEntry> {
        let now = lists.now()
        return try store.write { main in
            let session = main.session(in: list.entries)
            try session.restore(ListEntry.self, id: id, at: now)
            guard let restored = try session.records(ListEntry.self, idPrefix: id.uuidString, limit: 1).first else {
                throw StoreError.nothingToRestore(ListEntry.kind)
            }
            try Self.touch(list, now: now, in: main)
            return restored
        }
    }

    // MARK: Aisles

    /// One section of a list: the entries of one category, or of none (``category`` `nil`: "Other", last).
    public struct Section: Sendable {
        public let category: ItemCategory?
        public let rows: [Row]
    }

    /// How many of a list's latest check-offs its aisle order is learned from (older trips weigh next to nothing).
    public static let learnedFrom = 2000

    /// The household's categories in the order `list`'s store is walked (``AisleOrder``): the order set by hand,
    /// when a section was moved, else the one learned from the list's check-offs; and whether it was set by hand.
    public func aisles(of list: NamedList) throws -> (order: [ItemCategory], byHand: Bool) {
        let household = store.scope.household
        return try store.read { try Self.aisles(of: list, household: household, in: $0) }
    }

    /// ``aisles(of:)`` in `session` of `household`'s main list.
    public static func aisles(of list: NamedList, household: HouseholdID, in session: any StoreSession) throws
        -> (order: [ItemCategory], byHand: Bool)
    {
        // The list as stored: its hand order may have changed since `list` was read.
        let list = try session.record(NamedList.self, id: list.id) ?? list
        let categories = try Categories.all(household: household, in: session)
        let latest = try session.list(
            Purchase.self, where: Purchase.Fields.list == list.id.uuidString, offset: 0, limit: nil)
        let checkOffs = latest.suffix(Self.learnedFrom).compactMap { numbered -> AisleOrder.CheckOff? in
            numbered.record.category.map { AisleOrder.CheckOff(section: $0, at: numbered.record.boughtAt) }
        }
        let byID = Dictionary(categories.map { ($0.id.uuidString, $0) }, uniquingKeysWith: { first, _ in first })
        let order = AisleOrder.order(
            sections: categories.map(\.id.uuidString), checkOffs: checkOffs,
            hand: list.aisles.isEmpty ? nil : list.aisles)
        return (order.compactMap { byID[$0] }, !list.aisles.isEmpty)
    }

    /// `list`'s entries in sections, in its aisle order: a section for each category with entries, then "Other"
    /// (no category, or one deleted since) when it has any; in each, the entries in their order on the list.
    public func sections(of list: NamedList) throws -> [Section] {
        let household = store.scope.household
        return try store.read { session in
            let rows = try Self.rows(of: list, in: session)
            let order = try Self.aisles(of: list, household: household, in: session).order
            return Self.sections(rows, order: order)
        }
    }

    /// `rows` in sections, in `order`.
    public static func sections(_ rows: [Row], order: [ItemCategory]) -> [Section] {
        var byCategory: [String: [Row]] = [:]
        var other: [Row] = []
        let known = Set(order.map(\.id.uuidString))
        for row in rows {
            if let category = row.item?.category, known.contains(category) {
                byCategory[category, default: []].append(row)
            } else {
                other.append(row)
            }
        }
        var sections = order.compactMap { category in
            byCategory[category.id.uuidString].map { Section(category: category, rows: $0) }
        }
        if !other.isEmpty { sections.append(Section(category: nil, rows: other)) }
        return sections
    }

    /// Moves the section of the category `reference` names `offset` places in `list`'s aisle order (negative: up,
    /// towards the entrance), which becomes the order set by hand and wins over what is learned. Among `shown`
    /// (the categories of the sections a screen shows), when given, a place is one of those: the section moves
    /// past the shown one before or after it. Answers the new order.
    /// - Throws: ``ValidationError`` on `category` for a category the household does not have, on `move` for a
    ///   move past the first or the last section; ``StoreError/notFound(_:)`` for a deleted list.
    @discardableResult
    public func moveAisle(_ reference: Reference, by offset: Int, on list: NamedList, among shown: [UUID]? = nil)
        throws -> [ItemCategory]
    {
        let household = store.scope.household
        let now = lists.now()
        return try store.write { session in
            guard let old = try session.record(NamedList.self, id: list.id) else {
                throw StoreError.notFound(NamedList.kind)
            }
            let order = try Self.aisles(of: old, household: household, in: session).order
            let category = try Categories.find(reference, in: order)
            let ids = order.map(\.id.uuidString)
            do {
                return try Self.move(
                    category, by: offset, in: ids, among: shown, list: old, now: now, in: session, order)
            } catch var error as ValidationError {
                // AisleOrder names sections by id: a person knows them by name.
                error.message = error.message.replacingOccurrences(
                    of: Quoted(category.id.uuidString).description, with: Quoted(category.name).description)
                throw error
            }
        }
    }

    /// ``moveAisle(_:by:on:among:)`` inside its write.
    private static func move(
        _ category: ItemCategory, by offset: Int, in ids: [String], among shown: [UUID]?, list old: NamedList,
        now: Date, in session: any StoreSession, _ order: [ItemCategory]
    ) throws -> [ItemCategory] {
        let moved: [String]
        if let shown {
            let visible = Set(shown.map(\.uuidString))
            let among = ids.filter { visible.contains($0) || $0 == category.id.uuidString }
            let placed = try AisleOrder.moving(category.id.uuidString, by: offset, in: among)
            let index = placed.firstIndex(of: category.id.uuidString) ?? 0
            var rest = ids.filter { $0 != category.id.uuidString }
            if index + 1 < placed.count, let next = rest.firstIndex(of: placed[index + 1]) {
                rest.insert(category.id.uuidString, at: next)
            } else if index > 0, let previous = rest.firstIndex(of: placed[index - 1]) {
                rest.insert(category.id.uuidString, at: previous + 1)
            } else {
                rest = ids
            }
            moved = rest
        } else {
            moved = try AisleOrder.moving(category.id.uuidString, by: offset, in: ids)
        }
        var new = old
        new.aisles = moved
        new.meta = RecordMeta(
            id: old.id, createdAt: old.meta.createdAt, updatedAt: now, version: old.meta.version + 1)
        try session.update(new, expectedVersion: old.meta.version)
        let byID = Dictionary(order.map { ($0.id.uuidString, $0) }, uniquingKeysWith: { first, _ in first })
        return moved.compactMap { byID[$0] }
    }

    /// Lets `list`'s aisle order be learned again from its check-offs, forgetting the order set by hand.
    public func learnAisles(of list: NamedList) throws {
        let now = lists.now()
        try store.write { session in
            guard let old = try session.record(NamedList.self, id: list.id) else {
                throw StoreError.notFound(NamedList.kind)
            }
            guard !old.aisles.isEmpty else { return }
            var new = old
            new.aisles = []
            new.meta = RecordMeta(
                id: old.id, createdAt: old.meta.createdAt, updatedAt: now, version: old.meta.version + 1)
            try session.update(new, expectedVersion: old.meta.version)
        }
    }
}
