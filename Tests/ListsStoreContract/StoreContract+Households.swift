import Foundation
import ListsModel
import Testing

/// Households: a store scoped to one household reads and changes that household's records only, and nothing it
/// answers (a record, a number, a name, a count, a total, the revision, an undo, an error) tells of another's.
extension StoreContract {
    /// The household the checks run in when they run beside another's records (``inAnotherHousehold(_:)``).
    static let otherHousehold = HouseholdID(3)

    /// Every check of the contract, run in a household other than the first while the first holds records: each
    /// must pass as on an empty store, and leave the first household's records, counts and revision as they were.
    public static let inAnotherHousehold: [Check] =
        all.map { check in
            Check("\(check.name)InAnotherHousehold") { store in
                try fillNeighbour(store)
                let before = try NeighbourView(store)
                try check.run(store.scoped(to: otherHousehold))
                #expect(try NeighbourView(store) == before, "\(check.name) changed another household's records")
            }
        } + isolation

    /// The checks that try one household's records from another.
    static let isolation: [Check] = [
        Check("anotherHouseholdsRecordsAreNotFoundByAnyReference", anotherHouseholdsRecordsAreNotFoundByAnyReference),
        Check("anotherHouseholdsRecordsCannotBeChangedOrRemoved", anotherHouseholdsRecordsCannotBeChangedOrRemoved),
        Check("anotherHouseholdsRemovedRecordsCannotBeRestored", anotherHouseholdsRemovedRecordsCannotBeRestored),
        Check("anIdTakenInAnotherHouseholdIsFreeInThisOne", anIdTakenInAnotherHouseholdIsFreeInThisOne),
        Check("countsNumbersAndRevisionsAreEachHouseholdsOwn", countsNumbersAndRevisionsAreEachHouseholdsOwn),
    ]

    /// Gives the first household an item on the shopping list and one off it, two tasks and a sighting.
    static func fillNeighbour(_ store: any Store) throws {
        let shop = ShoppingList(store: store)
        try shop.add(name: "Pear", price: Money(minorUnits: 99), isOnShoppingList: true)
        try shop.add(name: "Bread", price: Money(minorUnits: 250))
        let todo = TodoList(store: store)
        try todo.add(title: "Walk the dogs")
        try todo.add(title: "Feed the hogs", isDone: true)
        try BirdSightingLog(store: store).add(name: "Robin", location: "Garden")
    }

    /// What another household could change of the first: its lists, counts, total and revision.
    struct NeighbourView: Equatable {
        var items: [Numbered<ShoppingItem>]
        var tasks: [Numbered<TodoTask>]
        var sightings: [Numbered<BirdSighting>]
        var counts: [Int]
        var total: Money
        var revision: Int64

        init(_ store: any Store) throws {
            (items, tasks, sightings, counts, revision) = try store.read { session in
                (
                    try session.list(ShoppingItem.self), try session.list(TodoTask.self),
                    try session.list(BirdSighting.self),
                    [
                        try session.count(ShoppingItem.self, where: nil), try session.count(TodoTask.self, where: nil),
                        try session.count(BirdSighting.self, where: nil),
                    ],
                    try session.revision()
                )
            }
            total = try ShoppingList(store: store).total()
        }
    }

    /// From another household, the first's records are found by no id, id prefix, number or name, and its lists,
    /// counts and total look empty.
    static func anotherHouseholdsRecordsAreNotFoundByAnyReference(_ store: any Store) throws {
        try fillNeighbour(store)
        let pear = try store.read { try $0.list(ShoppingItem.self) }[0].record
        let walk = try store.read { try $0.list(TodoTask.self) }[0].record
        let other = store.scoped(to: otherHousehold)
        try other.read { (session: any StoreSession) throws in
            #expect(try session.record(ShoppingItem.self, id: pear.id) == nil)
            #expect(try session.record(TodoTask.self, id: walk.id) == nil)
            #expect(try session.record(ShoppingItem.self, number: 1) == nil)
            #expect(try session.records(ShoppingItem.self, idPrefix: String(pear.id.text.prefix(8)), limit: 5).isEmpty)
            #expect(try session.records(ShoppingItem.self, named: "Pear", ignoringCase: true, limit: 5).isEmpty)
            #expect(try session.records(TodoTask.self, named: "walk the dogs", ignoringCase: true, limit: 5).isEmpty)
            #expect(try session.list(ShoppingItem.self).isEmpty)
            #expect(try session.list(TodoTask.self, where: TodoTask.Fields.isDone == true).isEmpty)
            #expect(try session.count(ShoppingItem.self, where: nil) == 0)
            #expect(try session.count(TodoTask.self, where: TodoTask.Fields.isDone == true) == 0)
            #expect(try session.count(BirdSighting.self, where: nil) == 0)
            #expect(try session.sum(ShoppingItem.self, field: "price_cents", where: nil) == 0)
        }
        #expect(try ShoppingList(store: other).total() == .zero)
        #expect(throws: ValidationError.self) { try TodoList(store: other).task(.typed("1")) }
        #expect(throws: ValidationError.self) { try TodoList(store: other).task(.typed("walk the dogs")) }
        #expect(throws: StoreError.notFound(.item)) { try ShoppingList(store: other).item(.id(pear.id)) }
    }

    /// From another household, an update or a delete of the first's record is `notFound`, exactly as for an id
    /// that does not exist, and changes nothing.
    static func anotherHouseholdsRecordsCannotBeChangedOrRemoved(_ store: any Store) throws {
        try fillNeighbour(store)
        let before = try NeighbourView(store)
        var pear = try store.read { try $0.list(ShoppingItem.self) }[0].record
        let other = store.scoped(to: otherHousehold)
        pear.name = "Stolen"
        #expect(throws: StoreError.notFound(.item)) {
            try other.write { try $0.update(pear, expectedVersion: pear.meta.version) }
        }
        #expect(throws: StoreError.notFound(.item)) {
            try other.write { try $0.delete(ShoppingItem.self, id: pear.id, at: Date()) }
        }
        #expect(throws: StoreError.notFound(.item)) {
            try other.write { try $0.delete(ShoppingItem.self, id: UUID(), at: Date()) }
        }
        #expect(throws: StoreError.notFound(.item)) { try ShoppingList(store: other).toggle(.id(pear.id)) }
        #expect(throws: ValidationError.self) { try ShoppingList(store: other).remove([.typed("1")]) }
        #expect(try NeighbourView(store) == before)
    }

    /// A record the first household removed is restored only there: from another household it is
    /// `nothingToRestore`, as a record never removed, and is not among its recently removed.
    static func anotherHouseholdsRemovedRecordsCannotBeRestored(_ store: any Store) throws {
        try fillNeighbour(store)
        let todo = TodoList(store: store)
        let walk = try todo.remove([.typed("1")])[0]
        let other = store.scoped(to: otherHousehold)
        #expect(try other.read { try $0.recentlyRemoved(TodoTask.self, id: walk.record.id, at: Date()) } == nil)
        #expect(throws: StoreError.nothingToRestore(.task)) { try TodoList(store: other).restore(walk.record.id) }
        #expect(try TodoList(store: other).all().isEmpty)
        #expect(try todo.restore(walk.record.id) == walk)
    }

    /// An id one household holds is free in another: an add that chose it there adds a record of its own (an
    /// answer of "taken" would tell that the id exists elsewhere), and each household then sees its own.
    static func anIdTakenInAnotherHouseholdIsFreeInThisOne(_ store: any Store) throws {
        try fillNeighbour(store)
        let walk = try store.read { try $0.list(TodoTask.self) }[0].record
        let other = store.scoped(to: otherHousehold)
        let added = try TodoList(store: other).add(title: "Mine", id: walk.id)
        #expect(added.record.id == walk.id)
        #expect(added.record.title == "Mine")
        #expect(try other.append(TodoTask(meta: RecordMeta(createdAt: Date()), title: "Appended"), numbered: true) == 2)
        #expect(try TodoList(store: other).all().listed() == ["1 Mine", "2 Appended"])
        #expect(try TodoList(store: store).task(.id(walk.id)).record.title == "Walk the dogs")
        try TodoList(store: other).remove([.id(walk.id)])
        #expect(try TodoList(store: store).task(.id(walk.id)).record.title == "Walk the dogs")
        #expect(try TodoList(store: other).restore(walk.id).record.title == "Mine")
    }

    /// Each household numbers its records from 1, counts its own, and has a revision that only its own changes
    /// grow; a write many records long (an import) in one household leaves the other's alone.
    static func countsNumbersAndRevisionsAreEachHouseholdsOwn(_ store: any Store) throws {
        try fillNeighbour(store)
        let other = store.scoped(to: otherHousehold)
        let revision = try store.read { try $0.revision() }
        let otherRevision = try other.read { try $0.revision() }
        let added = try TodoList(store: other).add(title: "First of ours")
        #expect(added.number == 1)
        try other.write(records: 300) { session in
            try session.insert(
                contentsOf: (1...300).map { TodoTask(meta: RecordMeta(createdAt: Date()), title: "Imported \($0)") })
        }
        #expect(try other.read { try $0.count(TodoTask.self, where: nil) } == 301)
        #expect(try other.read { try $0.revision() } > otherRevision)
        #expect(try store.read { try $0.revision() } == revision)
        #expect(try store.read { try $0.count(TodoTask.self, where: nil) } == 2)
        #expect(try TodoList(store: store).add(title: "Third").number == 3)
        #expect(try TodoList(store: other).all(offset: 300).listed() == ["301 Imported 300"])
        #expect(try other.read { try $0.record(TodoTask.self, number: 301) }?.record.title == "Imported 300")
    }
}
