import Foundation
import ListsModel
import Testing

/// Lists inside households: a store scoped to one list of a household reads and changes that list's records only,
/// with its own order, numbers, counts, revision and undo; a store scoped to the whole household sees its lists
/// together, the main one first, and adds to the main one.
extension StoreContract {
    /// The list the checks run in beside the first household's main list (``inAnotherList``).
    static let otherList = StoreScope(household: .first, list: ListID(2))

    /// Every check of the contract, run in a list of the first household other than its main one while the main
    /// one holds records: each must pass as on an empty store, and leave the main list as it was. The checks of
    /// named shopping lists, to-do lists and categories are not among them: those, the catalog and the tasks of
    /// to-do lists are the household's main list's, whatever list a store is scoped to.
    public static let inAnotherList: [Check] =
        all.filter { check in
            !(shoppingListChecks + categoryChecks + tabListChecks + todoListChecks).contains { $0.name == check.name }
        }.map { check in
            Check("\(check.name)InAnotherList") { store in
                try fillNeighbour(store)
                let before = try NeighbourView(store)
                try check.run(store.scoped(to: otherList))
                #expect(try NeighbourView(store) == before, "\(check.name) changed the main list's records")
            }
        } + listIsolation

    /// Every check of the contract, run in the whole of a household whose lists are empty, beside another
    /// household's records: with one list, a whole household is that list.
    public static let inAWholeHousehold: [Check] = all.map { check in
        Check("\(check.name)InAWholeHousehold") { store in
            try fillNeighbour(store)
            let before = try NeighbourView(store)
            try check.run(store.scoped(to: .wholeHousehold(otherHousehold)))
            #expect(try NeighbourView(store) == before, "\(check.name) changed another household's records")
        }
    }

    /// The checks that try one list's records from another, and the lists of a household together.
    static let listIsolation: [Check] = [
        Check("anotherListsRecordsAreNotFoundChangedOrRestored", anotherListsRecordsAreNotFoundChangedOrRestored),
        Check("countsNumbersAndRevisionsAreEachListsOwn", countsNumbersAndRevisionsAreEachListsOwn),
        Check("aWholeHouseholdSeesItsListsTogether", aWholeHouseholdSeesItsListsTogether),
        Check("anIdIsTheHouseholdsInEveryList", anIdIsTheHouseholdsInEveryList),
        Check("aRemovalAcrossListsIsRestoredScopeByScope", aRemovalAcrossListsIsRestoredScopeByScope),
    ]

    /// From another list of the household, the main list's records are found by no id, id prefix, number or name;
    /// updates and deletes of them are `notFound` and change nothing; its removed records are not restored there.
    static func anotherListsRecordsAreNotFoundChangedOrRestored(_ store: any Store) throws {
        try fillNeighbour(store)
        var pear = try store.read { try $0.list(ShoppingItem.self) }[0].record
        let walk = try TodoList(store: store).remove([.typed("1")])[0].record
        let before = try NeighbourView(store)
        let other = store.scoped(to: otherList)
        try other.read { (session: any StoreSession) throws in
            #expect(try session.record(ShoppingItem.self, id: pear.id) == nil)
            #expect(try session.record(ShoppingItem.self, number: 1) == nil)
            #expect(try session.records(ShoppingItem.self, idPrefix: String(pear.id.text.prefix(8)), limit: 5).isEmpty)
            #expect(try session.records(ShoppingItem.self, named: "Pear", ignoringCase: true, limit: 5).isEmpty)
            #expect(try session.list(ShoppingItem.self).isEmpty)
            #expect(try session.count(ShoppingItem.self, where: nil) == 0)
            #expect(try session.count(ShoppingItem.self, where: ShoppingItem.Fields.isOnShoppingList == true) == 0)
            #expect(try session.sum(ShoppingItem.self, field: "price_cents", where: nil) == 0)
            #expect(try session.recentlyRemoved(TodoTask.self, id: walk.id, at: Date()) == nil)
            #expect(try session.revision() == 0)
        }
        pear.name = "Moved"
        #expect(throws: StoreError.notFound(.item)) {
            try other.write { try $0.update(pear, expectedVersion: pear.meta.version) }
        }
        #expect(throws: StoreError.notFound(.item)) {
            try other.write { try $0.delete(ShoppingItem.self, id: pear.id, at: Date()) }
        }
        #expect(throws: StoreError.notFound(.item)) { try ShoppingList(store: other).toggle(.id(pear.id)) }
        #expect(throws: StoreError.nothingToRestore(.task)) { try TodoList(store: other).restore(walk.id) }
        #expect(try NeighbourView(store) == before)
        #expect(try TodoList(store: store).restore(walk.id).listed == "1 Walk the dogs")
    }

    /// Two lists of one household each number their records from 1, count their own (adds one at a time, numbered
    /// or not, and loads of many), and have revisions that only their own changes grow; the household's main list
    /// is left alone.
    static func countsNumbersAndRevisionsAreEachListsOwn(_ store: any Store) throws {
        try fillNeighbour(store)
        let main = try NeighbourView(store)
        let first = store.scoped(to: StoreScope(household: .first, list: ListID(1)))
        let second = store.scoped(to: otherList)
        #expect(try TodoList(store: first).add(title: "Milk the cow").number == 1)
        #expect(try TodoList(store: second).add(title: "Mend the fence").number == 1)
        #expect(try first.append(TodoTask(meta: RecordMeta(createdAt: Date()), title: "Appended"), numbered: true) == 2)
        #expect(
            try second.append(TodoTask(meta: RecordMeta(createdAt: Date()), title: "Queued"), numbered: false) == nil)
        let firstRevision = try first.read { try $0.revision() }
        try second.write(records: 30) { session in
            try session.insert(
                contentsOf: (1...30).map { TodoTask(meta: RecordMeta(createdAt: Date()), title: "Loaded \($0)") })
        }
        #expect(try first.read { try $0.revision() } == firstRevision)
        #expect(try TodoList(store: first).all().listed() == ["1 Milk the cow", "2 Appended"])
        #expect(try TodoList(store: second).all(offset: 30).listed() == ["31 Loaded 29", "32 Loaded 30"])
        #expect(try second.read { try $0.count(TodoTask.self, where: nil) } == 32)
        #expect(try TodoList(store: second).task(.typed("2")).record.title == "Queued")
        #expect(try TodoList(store: second).task(.typed("mend the fence")).listed == "1 Mend the fence")
        #expect(try TodoList(store: first).toggle(.typed("2")).record.isDone)
        #expect(try first.read { try $0.revision() } > firstRevision)
        #expect(try first.read { try $0.revisions() }[.task] == (try first.read { try $0.revision() }))
        #expect(try NeighbourView(store) == main)
    }

    /// A whole household reads its lists together (the main one first, numbered through), counts, sums and revises
    /// them together, adds to its main list, and changes, removes and restores a record of any of them, each
    /// counted and revised in its own list.
    static func aWholeHouseholdSeesItsListsTogether(_ store: any Store) throws {
        try fillNeighbour(store)
        let whole = store.scoped(to: .wholeHousehold(.first))
        let listed = store.scoped(to: otherList)
        let shop = ShoppingList(store: listed)
        try shop.add(name: "Tea", price: Money(minorUnits: 250), isOnShoppingList: true)
        try shop.add(name: "Jam", price: Money(minorUnits: 199))
        let revisions = try [store, listed].map { scoped in try scoped.read { try $0.revision() } }
        try whole.read { (session: any StoreSession) throws in
            #expect(try session.list(ShoppingItem.self).listed() == ["1 Pear", "2 Bread", "3 Tea", "4 Jam"])
            #expect(try session.count(ShoppingItem.self, where: nil) == 4)
            #expect(try session.count(ShoppingItem.self, where: ShoppingItem.Fields.isOnShoppingList == true) == 2)
            #expect(try session.sum(ShoppingItem.self, field: "price_cents", where: nil) == 798)
            #expect(try session.revision() == revisions.reduce(0, +))
            #expect(
                try session.records(ShoppingItem.self, named: "jam", ignoringCase: true, limit: 5).listed() == ["4 Jam"]
            )
        }
        let wholeShop = ShoppingList(store: whole)
        #expect(try wholeShop.add(name: "Salt", price: .zero).number == 3, "an add goes to the end of the main list")
        #expect(try ShoppingList(store: store).catalog().listed() == ["1 Pear", "2 Bread", "3 Salt"])
        let mainRevision = try store.read { try $0.revision() }
        #expect(try wholeShop.toggle(.typed("Jam")).listed == "5 Jam")
        #expect(
            try store.read { try $0.revision() } == mainRevision, "a change in a list grew the main list's revision")
        #expect(try listed.read { try $0.revision() } > revisions[1])
        let jam = try wholeShop.remove([.typed("Jam")])[0]
        #expect(try shop.counts() == (1, 1))
        #expect(try ShoppingList(store: store).counts() == (3, 1))
        #expect(try wholeShop.items.recentlyRemoved(jam.record.id) == jam.record)
        #expect(try wholeShop.restore(jam.record.id) == jam)
        #expect(try shop.catalog().listed() == ["1 Tea", "2 Jam"])
        #expect(try shop.counts() == (2, 2))
        #expect(try whole.read { try $0.count(ShoppingItem.self, where: nil) } == 5)
    }

    /// A record's id is its household's: an add that chose an id another list of the household holds is refused
    /// (as a taken id is), and the other list's record is left as it was.
    static func anIdIsTheHouseholdsInEveryList(_ store: any Store) throws {
        try fillNeighbour(store)
        let walk = try store.read { try $0.list(TodoTask.self) }[0].record
        let other = store.scoped(to: otherList)
        #expect(throws: StoreError.conflict(.task)) { try TodoList(store: other).add(title: "Mine", id: walk.id) }
        #expect(throws: StoreError.conflict(.task)) {
            try other.append(TodoTask(meta: RecordMeta(id: walk.id, createdAt: Date()), title: "Mine"), numbered: false)
        }
        #expect(try TodoList(store: other).all().isEmpty)
        #expect(try TodoList(store: store).task(.id(walk.id)).record.title == "Walk the dogs")
    }

    /// A removal that took records out of two lists of a household (made in the whole household) is restored in a
    /// list only as far as that list goes, and in the whole household whole; another household finds nothing of it.
    static func aRemovalAcrossListsIsRestoredScopeByScope(_ store: any Store) throws {
        try fillNeighbour(store)
        let listed = store.scoped(to: otherList)
        let whole = store.scoped(to: .wholeHousehold(.first))
        try TodoList(store: listed).add(title: "Mend the fence")
        try TodoList(store: listed).add(title: "Milk the cow")
        let removal = RemovalID()
        let removed = try TodoList(store: whole).tasks.remove(
            [.typed("Walk the dogs"), .typed("Milk the cow")], removal: removal)
        #expect(removed.listed() == ["1 Walk the dogs", "4 Milk the cow"])
        #expect(try TodoList(store: store).counts() == (1, 0))
        #expect(try TodoList(store: listed).counts() == (1, 1))
        let now = Date()
        let keys = removed.map { RecordKey(.task, $0.record.id) }
        #expect(try listed.read { try $0.recentlyRemoved(removal, at: now) } == [keys[1]])
        #expect(try whole.read { try $0.recentlyRemoved(removal, at: now) } == keys)
        #expect(try store.scoped(to: otherHousehold).read { try $0.recentlyRemoved(removal, at: now) }.isEmpty)
        #expect(throws: StoreError.nothingToRestore(.task)) {
            try TodoList(store: store.scoped(to: otherHousehold)).tasks.restore(removal)
        }
        #expect(try TodoList(store: listed).tasks.restore(removal).listed() == ["2 Milk the cow"])
        #expect(try TodoList(store: store).counts() == (1, 0))
        #expect(try TodoList(store: whole).tasks.restore(removal).listed() == ["1 Walk the dogs"])
        #expect(try TodoList(store: store).all().listed() == ["1 Walk the dogs", "2 Feed the hogs"])
        #expect(try TodoList(store: listed).counts() == (2, 2))
    }
}
