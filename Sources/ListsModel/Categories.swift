import Foundation

/// A category of the household's items: an aisle, or a section of a store ("Produce", "Dairy and eggs").
///
/// The categories are records of the household's main list. A household starts with ``CategorySuggestion/defaults``
/// without a row written for them (``Categories``); each item names its category by id (``ShoppingItem/category``),
/// and each named list walks them in its own order (``ShoppingLists/aisles(of:)``).
public struct ItemCategory: Record {
    public static let kind = RecordKind.category

    public var meta: RecordMeta
    /// What the category is called, 1 to 200 characters, unique in the household (case ignored).
    public var name: String
    /// Its place among the household's categories, from 0: the order a list's sections take before any is learned.
    public var rank: Int

    /// A category with already validated values.
    public init(meta: RecordMeta, name: String, rank: Int) {
        self.meta = meta
        self.name = name
        self.rank = rank
    }

    public var displayName: String { name }

    /// A category's fields.
    public enum Fields {
        /// `name`: 1 to 200 characters.
        public static let name = Field(
            ItemCategory.self, key: "name", column: "name", type: .text(what: "a category's name"),
            get: { $0.name }, set: { $0.name = $1 })
        /// `rank`: its place among the household's categories; Lists sets it.
        public static let rank = Field(
            ItemCategory.self, key: "rank", column: "rank",
            type: .whole(0...Int(ListID.limit), description: "The category's place among the household's, from 0."),
            initial: .value(0), isInput: false, get: { $0.rank }, set: { $0.rank = $1 })
    }

    public static let schema = RecordSchema<ItemCategory>(
        [Fields.name.erased, Fields.rank.erased], name: Fields.name,
        blank: { ItemCategory(meta: $0, name: "", rank: 0) })
}

/// A household's categories: the data controller that the Items tab's category field, a list's sections, the
/// API's `/api/v1/categories` and `lists shop categories` work with.
///
/// *The defaults.* Until the household changes its categories, they are ``CategorySuggestion/defaults``, each with
/// a fixed id that is the same in every household (``defaultID(_:)``), and no row is written for them: items of
/// any household, and a backup moved between households, name them alike. The first change (an add, a rename, a
/// delete) writes them all as the household's own, in the same write, and marks the household as keeping its own
/// (a setting), so that a household that deletes every category keeps none.
///
/// *A delete* takes the category away as a removal that can be undone; the items in it keep its id, which reads as
/// no category until the undo puts it back, and the lists' hand orders keep it in its place.
public struct Categories: Sendable {
    /// The household's main list, where the categories are.
    let store: any Store
    /// The categories, as records.
    public let records: RecordList<ItemCategory>

    /// The categories of the household `store` is scoped to.
    public init(store: any Store, clock: @escaping @Sendable () -> Date = { Date() }) {
        let main = store.scoped(to: StoreScope(household: store.scope.household))
        self.store = main
        records = RecordList(store: main, clock: clock)
    }

    /// The most categories a household keeps.
    public static let maximum = 1000

    /// The fixed id of the default category at `index` of ``CategorySuggestion/defaults``: never to change, as
    /// items and backups hold it.
    public static func defaultID(_ index: Int) -> UUID {
        // 0A15E500-0000-4000-8000-00000000000N: the index + 1 in the last 48 bits, a valid version 4 UUID.
        let n = UInt64(index + 1)
        return UUID(
            uuid: (
                0x0A, 0x15, 0xE5, 0x00, 0x00, 0x00, 0x40, 0x00, 0x80, 0x00, UInt8(n >> 40 & 0xFF),
                UInt8(n >> 32 & 0xFF), UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF),
                UInt8(n & 0xFF)
            ))
    }

    /// The default categories as records of no household yet, dated 2000-01-01.
    public static let defaults: [ItemCategory] = CategorySuggestion.defaults.enumerated().map { index, name in
        let date = Date(timeIntervalSince1970: 946_684_800)
        return ItemCategory(
            meta: RecordMeta(id: defaultID(index), createdAt: date), name: name, rank: index)
    }

    /// The setting that marks `household` as keeping its own categories.
    static func keptSetting(_ household: HouseholdID) -> String { "household.\(household.rawValue).categories" }

    /// The household's categories in their order (by rank, then as they were made), in `session` of its main list:
    /// its own when it keeps them, else the defaults.
    public static func all(household: HouseholdID, in session: any StoreSession) throws -> [ItemCategory] {
        let stored = try session.list(ItemCategory.self).map(\.record)
        if stored.isEmpty, try session.setting(keptSetting(household)) == nil { return defaults }
        return stored.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }
            .map(\.element)
    }

    /// The household's categories in their order.
    public func all() throws -> [ItemCategory] {
        let household = store.scope.household
        return try store.read { try Self.all(household: household, in: $0) }
    }

    /// The category `reference` names among `categories`: its id, its name (case ignored when none matches
    /// exactly), its number in their order, or 4 or more characters of its id.
    /// - Throws: ``ValidationError`` on `field`, naming the categories there are.
    public static func find(_ reference: Reference, in categories: [ItemCategory], field: String = "category") throws
        -> ItemCategory
    {
        let found: [ItemCategory]
        switch reference {
        case .id(let id): found = categories.filter { $0.id == id }
        case .typed(let raw):
            let text = raw.trimmingWhitespace()
            if let number = Int(text), text.allSatisfy({ $0.isASCII && $0.isNumber }) {
                found = categories.indices.contains(number - 1) ? [categories[number - 1]] : []
            } else {
                let exact = categories.filter { $0.name == text }
                let key = Reference.nameKey(text)
                let named = exact.isEmpty ? categories.filter { Reference.nameKey($0.name) == key } : exact
                let upper = text.uppercased()
                found =
                    named.isEmpty && text.count >= 4
                    ? categories.filter { $0.id.uuidString.hasPrefix(upper) } : named
            }
        }
        guard found.count == 1 else {
            if case .id = reference, found.isEmpty { throw StoreError.notFound(ItemCategory.kind) }
            let names = categories.map { Quoted($0.name).description }.joinedInline(separator: ", ")
            throw ValidationError(
                field: field,
                message: found.isEmpty
                    ? "no category is \(Quoted(reference.description)); the categories are \(names.isEmpty ? "none" : names)"
                    : "\(reference) names several categories; use its id")
        }
        return found[0]
    }

    /// The category `reference` names.
    /// - Throws: ``ValidationError`` on `category`.
    public func category(_ reference: Reference) throws -> ItemCategory {
        try Self.find(reference, in: all())
    }

    /// Writes the defaults as the household's own categories when it does not keep its own yet, inside a write of
    /// its main list, and answers its categories.
    static func kept(household: HouseholdID, now: Date, in session: any StoreSession) throws -> [ItemCategory] {
        let key = keptSetting(household)
        // Read first: on PostgreSQL a write's first read of a setting takes the store's lock, so that two first
        // changes at once take turns before either writes the defaults.
        if try session.setting(key) != nil { return try all(household: household, in: session) }
        let stored = try session.list(ItemCategory.self).map(\.record)
        if stored.isEmpty {
            for category in defaults {
                var own = category
                own.meta = RecordMeta(id: category.id, createdAt: now)
                try session.insert(own)
            }
        }
        try session.setSetting(key, to: "own")
        return try all(household: household, in: session)
    }

    /// Marks `household` as keeping its own categories (a backup's, just stored), inside a write of its main list.
    public static func keep(household: HouseholdID, in session: any StoreSession) throws {
        try session.setSetting(keptSetting(household), to: "own")
    }

    /// Adds a category called `name` (checked, and free in the household) after the others, inside a write of the
    /// household's main list: an import adds the categories its rows name.
    /// - Throws: ``ValidationError`` on `name`.
    public static func add(name: String, household: HouseholdID, now: Date, in session: any StoreSession) throws
        -> ItemCategory
    {
        let name = try ItemCategory.Fields.name.checked(name, now: now)
        let categories = try kept(household: household, now: now, in: session)
        var category = ItemCategory(meta: .draft, name: name, rank: (categories.map(\.rank).max() ?? -1) + 1)
        category = try ItemCategory.schema.checked(category, now: now)
        category.meta = RecordMeta(createdAt: now)
        try session.insert(category)
        return category
    }

    /// Adds a category called `name` after the others. `id`, the client's choice, makes an add sent twice add one.
    /// - Throws: ``ValidationError`` on `name`, ``StoreError/nameTaken(_:)`` for a name the household has.
    @discardableResult
    public func add(name: String, id: UUID? = nil) throws -> ItemCategory {
        let now = records.now()
        let name = try ItemCategory.Fields.name.checked(name, now: now)
        let household = store.scope.household
        return try store.write { session in
            let categories = try Self.kept(household: household, now: now, in: session)
            if let id, let stored = categories.first(where: { $0.id == id }) { return stored }
            try Self.checkFree(name, except: nil, in: categories)
            guard categories.count < Self.maximum else {
                throw ValidationError(
                    field: "name", message: "a household keeps at most \(Self.maximum) categories; delete one first")
            }
            var category = ItemCategory(meta: .draft, name: name, rank: (categories.map(\.rank).max() ?? -1) + 1)
            category = try ItemCategory.schema.checked(category, now: now)
            category.meta = RecordMeta(id: id ?? .random(), createdAt: now)
            try session.insert(category)
            return category
        }
    }

    /// Refuses `name` when a category of `categories` other than `except` is called so, case ignored.
    private static func checkFree(_ name: String, except: UUID?, in categories: [ItemCategory]) throws {
        let key = Reference.nameKey(name)
        if categories.contains(where: { $0.id != except && Reference.nameKey($0.name) == key }) {
            throw StoreError.nameTaken("name")
        }
    }

    /// Renames the category `reference` names.
    /// - Throws: ``ValidationError`` on `name` or `category`, ``StoreError/nameTaken(_:)``,
    ///   ``StoreError/conflict(_:)`` for a stale `expectedVersion`.
    @discardableResult
    public func rename(_ reference: Reference, to name: String, expectedVersion: Int? = nil) throws -> ItemCategory {
        let now = records.now()
        let name = try ItemCategory.Fields.name.checked(name, now: now)
        let household = store.scope.household
        return try store.write { session in
            let categories = try Self.kept(household: household, now: now, in: session)
            let old = try Self.find(reference, in: categories)
            if let expectedVersion, expectedVersion != old.meta.version { throw StoreError.conflict(ItemCategory.kind) }
            try Self.checkFree(name, except: old.id, in: categories)
            var new = old
            new.name = name
            new = try ItemCategory.schema.checked(new, changedFrom: old, now: now)
            guard new != old else { return old }
            new.meta = RecordMeta(
                id: old.id, createdAt: old.meta.createdAt, updatedAt: now, version: old.meta.version + 1)
            try session.update(new, expectedVersion: old.meta.version)
            return new
        }
    }

    /// Deletes the category `reference` names, as a removal that ``restore(_:)`` puts back for ``Undo/window``. The
    /// items in it are left as they are: they read as having no category until it is put back.
    /// - Throws: ``ValidationError`` on `category`, ``StoreError/conflict(_:)`` for a stale `expectedVersion`.
    @discardableResult
    public func delete(_ reference: Reference, expectedVersion: Int? = nil, removal: RemovalID = RemovalID()) throws
        -> ItemCategory
    {
        let now = records.now()
        let household = store.scope.household
        return try store.write { session in
            let categories = try Self.kept(household: household, now: now, in: session)
            let category = try Self.find(reference, in: categories)
            if let expectedVersion, expectedVersion != category.meta.version {
                throw StoreError.conflict(ItemCategory.kind)
            }
            try session.delete(ItemCategory.self, id: category.id, at: now, removal: removal)
            return category
        }
    }

    /// Puts back a category deleted less than ``Undo/window`` ago, as it was.
    /// - Throws: ``StoreError/nothingToRestore(_:)``; ``StoreError/nameTaken(_:)`` when another category took its
    ///   name meanwhile (then nothing is put back).
    @discardableResult
    public func restore(_ removal: RemovalID) throws -> [ItemCategory] {
        let now = records.now()
        let household = store.scope.household
        return try store.write { session in
            let restored = try session.restore(removal, at: now)
            guard !restored.isEmpty else { throw StoreError.nothingToRestore(ItemCategory.kind) }
            let categories = try Self.all(household: household, in: session)
            if Set(categories.map { Reference.nameKey($0.name) }).count != categories.count {
                throw StoreError.nameTaken("name")
            }
            let ids = Set(restored.filter { $0.kind == .category }.map(\.id))
            return categories.filter { ids.contains($0.id) }
        }
    }

    /// The setting that keeps `household`'s choice of a category for items called `name` (by its key).
    static func choiceSetting(_ household: HouseholdID, name: String) -> String {
        "household.\(household.rawValue).aisle-of.\(Reference.nameKey(name))"
    }

    /// The id of the category suggested for an item called `name` (``CategorySuggestion``): the one the household
    /// last moved an item of that name to (its earlier choice, kept when an item's category is changed), else the
    /// table's, when the household has that category; `nil` otherwise. Two point reads, whatever the catalog holds.
    public static func suggestion(for name: String, household: HouseholdID, in session: any StoreSession) throws
        -> String?
    {
        let categories = try all(household: household, in: session)
        guard !categories.isEmpty else { return nil }
        if let chosen = try session.setting(choiceSetting(household, name: name)),
            categories.contains(where: { $0.id.uuidString == chosen })
        {
            return chosen
        }
        guard let suggested = CategorySuggestion.suggest(for: name, categories: categories.map(\.name)) else {
            return nil
        }
        return categories.first { $0.name == suggested }?.id.uuidString
    }
}

extension ShoppingItem {
    public static var refersToOthers: Bool { true }

    /// A new item with no category gets the one suggested for its name; a category given or changed must be one of
    /// the household's.
    /// - Throws: ``ValidationError`` on `category`.
    public static func settle(
        _ record: inout ShoppingItem, changedFrom old: ShoppingItem?, household: HouseholdID,
        in session: any StoreSession
    ) throws {
        guard let category = record.category else {
            if old == nil {
                record.category = try Categories.suggestion(for: record.name, household: household, in: session)
            }
            return
        }
        guard category != old?.category else { return }
        let categories = try Categories.all(household: household, in: session)
        guard categories.contains(where: { $0.id.uuidString == category }) else {
            let names = categories.map { "\(Quoted($0.name).description) (\($0.id.uuidString))" }
            throw ValidationError(
                field: "category",
                message: "no category of this household has the id \(category); "
                    + (names.isEmpty
                        ? "it has none" : "the categories are \(Array(names.prefix(20)).joinedInline(separator: ", "))")
            )
        }
        // An item moved to another aisle is the household's choice for items of its name from now on.
        if old != nil {
            try session.setSetting(Categories.choiceSetting(household, name: record.name), to: category)
        }
    }
}
