import Foundation

/// The tutorial's Shopping List tab and its checkmark, on named lists.
///
/// The tutorial had one shopping list: an item's checkmark (`inShoppingList`) put it on it. Lists has named lists
/// (``ShoppingLists``), and the tab shows one of them, the *tab's list*: the one last opened on that device when it
/// is still the household's, else the household's first. The Items tab's checkmark says whether an item is to buy on
/// the tab's list (an entry of it not checked off), and tapping it puts the item on that list or takes it off.
///
/// A household's checkmarks from before named lists are folded into a list called "Shopping" (``foldCheckmarks()``),
/// once, the first time the household is opened: each marked item is put on it, in the catalog's order, and its mark
/// cleared, in one write. The list is made first of the household's lists, so that the tab opens on it as it did.
extension ShoppingLists {
    /// The name of the list the tutorial's checkmarks become, and of the one a household with no list gets when it
    /// first puts an item on the tab's list.
    public static let tabListName = "Shopping"

    /// The items that still carry the tutorial's checkmark, as stored before named lists.
    static let markedItems = ShoppingItem.Fields.isOnShoppingList == true

    /// The list the Shopping List tab shows: the one with id `preferred` when the household has it, else its first
    /// list; `nil` when it has none.
    public func tabList(preferring preferred: UUID?) throws -> NamedList? {
        let all = try all()
        return all.first { $0.id == preferred } ?? all.first
    }

    /// ``tabList(preferring:)``, or a list called ``tabListName`` made for it when the household has none (the Items
    /// tab's checkmark works on a household that deleted every list, as the tutorial's always did).
    public func tabListMaking(preferring preferred: UUID?) throws -> NamedList {
        if let list = try tabList(preferring: preferred) { return list }
        do {
            return try make(name: Self.tabListName)
        } catch StoreError.Code.nameTaken {
            // Made meanwhile by another request.
            return try list(.typed(Self.tabListName))
        }
    }

    /// The items to buy on `list` (on it and not checked off), each with its first such entry.
    public func toBuy(on list: NamedList) throws -> [UUID: ListEntry] {
        let open = try entries(of: list).store.read {
            try $0.list(ListEntry.self, where: ListEntry.Fields.checkedAt == nil)
        }
        var found: [UUID: ListEntry] = [:]
        for entry in open {
            guard let item = entry.record.itemID, found[item] == nil else { continue }
            found[item] = entry.record
        }
        return found
    }

    /// The Items tab's checkmark, tapped: puts the item `item` names on `list` when it is not to buy there, else
    /// takes its entries to buy off the list (those checked off stay). Answers whether the item is on the list now.
    /// - Throws: ``ValidationError`` on `list` when the list was deleted; ``StoreError/notFound(_:)`` for an item
    ///   the household does not have.
    @discardableResult
    public func toggle(_ item: Reference, on list: NamedList, id: UUID? = nil) throws -> Bool {
        try mark(item, nil, on: list, id: id)
    }

    /// Sets the Items tab's checkmark of the item `item` names for `list`: `true` puts the item on the list unless
    /// it is to buy there already, `false` takes its entries to buy off the list, `nil` flips it (``toggle(_:on:id:)``).
    /// Answers whether the item is to buy on the list now. `id` (the client's choice) is the put's: a put sent twice
    /// puts once.
    /// - Throws: ``ValidationError`` on `list` when the list was deleted; ``StoreError/notFound(_:)`` for an item
    ///   the household does not have.
    @discardableResult
    public func mark(_ item: Reference, _ isOn: Bool?, on list: NamedList, id: UUID? = nil) throws -> Bool {
        let now = lists.now()
        return try store.write { main in
            guard try main.record(NamedList.self, id: list.id) != nil else {
                throw ValidationError(
                    field: "list", message: "the list \(Quoted(list.name)) was deleted; nothing was changed on it")
            }
            let found = try main.resolve(item, as: ShoppingItem.self).record
            let session = main.session(in: list.entries)
            // The same tap sent twice: its put is there already.
            if isOn != false, let id, try session.record(ListEntry.self, id: id) != nil { return true }
            let open = try session.records(ListEntry.self, named: found.id.uuidString, ignoringCase: false, limit: 50)
                .map(\.record).filter { !$0.isChecked }
            switch (isOn ?? open.isEmpty, open.isEmpty) {
            case (true, true):
                _ = try Self.put(found, on: list, quantity: nil, note: nil, id: id, now: now, in: main)
                return true
            case (true, false):
                return true
            case (false, true):
                return false
            case (false, false):
                let removal = RemovalID()
                for entry in open {
                    try session.delete(ListEntry.self, id: entry.id, at: now, removal: removal)
                }
                try Self.touch(list, now: now, in: main)
                return false
            }
        }
    }

    /// `items` with their checkmarks (``ShoppingItem/isOnShoppingList``) set for `list`: whether each is to buy there
    /// (none when there is no list). The faces show an item's mark so.
    public func marking(_ items: [ShoppingItem], on list: NamedList?) throws -> [ShoppingItem] {
        guard let list else { return Self.marked(items, nil) }
        return try store.read { try Self.marked(items, Self.toBuyIDs(items, on: list, in: $0)) }
    }

    /// `items` with their checkmarks set for the household's first list, read in one snapshot: what the API answers
    /// for `inShoppingList`.
    public func markingOnFirstList(_ items: [ShoppingItem]) throws -> [ShoppingItem] {
        try store.read { session in
            guard let first = try Self.inOrder(session).first else { return Self.marked(items, nil) }
            return Self.marked(items, try Self.toBuyIDs(items, on: first, in: session))
        }
    }

    /// The ids of `items` that are to buy on `list`: each looked up by its item (an entry's name key is its item's
    /// id) when there are few of them or the list is far longer than they are, else the items of the list's
    /// entries to buy read once, that column alone: decoding a long list's entries whole, or holding every one of
    /// their items' ids at once, costs a page of the catalog more than looking its own items up.
    private static func toBuyIDs(_ items: [ShoppingItem], on list: NamedList, in main: any StoreSession) throws
        -> Set<UUID>
    {
        let session = main.session(in: list.entries)
        let lookUpEach = try items.count <= 8 || session.count(ListEntry.self, where: nil) > 4 * items.count
        guard lookUpEach else {
            let open = try session.values(
                ListEntry.self, columns: [ListEntry.Fields.item.column], where: ListEntry.Fields.checkedAt == nil)
            return Set(
                open.values.compactMap { value in
                    guard case .text(let item) = value else { return nil }
                    return UUID(text: item)
                })
        }
        var found = Set<UUID>()
        for item in items {
            let entries = try session.records(ListEntry.self, named: item.id.uuidString, ignoringCase: false, limit: 50)
            if entries.contains(where: { !$0.record.isChecked }) { found.insert(item.id) }
        }
        return found
    }

    /// `items`, each marked when its id is in `toBuy`.
    private static func marked(_ items: [ShoppingItem], _ toBuy: Set<UUID>?) -> [ShoppingItem] {
        items.map { item in
            var item = item
            item.isOnShoppingList = toBuy?.contains(item.id) ?? false
            return item
        }
    }

    /// The tutorial's shopping list on `list`: the catalog's items to buy there, in the catalog's order with their
    /// catalog numbers, marked, and the exact total of the list's entries to buy (``total(_:)``, quantities counted),
    /// from one snapshot and one read of the catalog.
    public func tutorialList(_ list: NamedList?) throws -> (items: [Numbered<ShoppingItem>], total: Money) {
        guard let list else { return ([], .zero) }
        return try store.read { main in
            let open = try main.session(in: list.entries).list(ListEntry.self, where: ListEntry.Fields.checkedAt == nil)
            let catalog = try main.list(ShoppingItem.self)
            let byID = Dictionary(catalog.map { ($0.record.id, $0.record) }, uniquingKeysWith: { first, _ in first })
            let rows = open.map { Row(entry: $0, item: $0.record.itemID.flatMap { byID[$0] }) }
            let toBuy = Set(rows.compactMap { $0.item?.id })
            let items = catalog.filter { toBuy.contains($0.record.id) }.map { numbered in
                var numbered = numbered
                numbered.record.isOnShoppingList = true
                return numbered
            }
            return (items, Self.total(rows))
        }
    }

    /// Folds the tutorial's checkmarks into the list called ``tabListName`` (made first of the household's lists when
    /// it has none of that name): each marked item is put on it, in the catalog's order, and its mark cleared, all in
    /// one write. Each marked item's version grows (phones that kept it read it again); its dates stay, as no one
    /// edited it. Answers the list, or `nil` when no item was marked (the usual case, answered by one count).
    @discardableResult
    public func foldCheckmarks() throws -> NamedList? {
        guard try store.read({ try $0.count(ShoppingItem.self, where: Self.markedItems) }) > 0 else { return nil }
        let now = lists.now()
        let household = store.scope.household
        return try store.write { main -> NamedList? in
            let marked = try main.list(ShoppingItem.self, where: Self.markedItems)
            guard !marked.isEmpty else { return nil }
            let list: NamedList
            if let named = try main.records(NamedList.self, named: Self.tabListName, ignoringCase: true, limit: 1)
                .first?.record
            {
                list = named
            } else {
                let made = try Self.make(name: Self.tabListName, id: nil, household: household, now: now, in: main)
                list = try Self.moveFirst(made, now: now, in: main)
            }
            for numbered in marked {
                _ = try Self.put(numbered.record, on: list, quantity: nil, note: nil, id: nil, now: now, in: main)
                var cleared = numbered.record
                cleared.isOnShoppingList = false
                cleared.meta.version += 1
                try main.update(cleared, expectedVersion: numbered.record.meta.version)
            }
            return list
        }
    }

    /// Makes `list` the household's first list, the others following in their order.
    private static func moveFirst(_ list: NamedList, now: Date, in session: any StoreSession) throws -> NamedList {
        var order = try inOrder(session).filter { $0.id != list.id }
        order.insert(list, at: 0)
        return try RankedRecords.ranked(order, now: now, in: session)[0]
    }
}
