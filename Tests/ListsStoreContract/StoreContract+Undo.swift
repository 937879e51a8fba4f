import Dispatch
import Foundation
import ListsModel
import Synchronization
import Testing

/// The contract's checks of undo (a removed record put back exactly and where it was, for ``Undo/window``) and of
/// adds whose id the client chose (an add sent twice adds once).
extension StoreContract {
    /// What a store shows of its lists: every record with its number, the counts and the revision.
    private struct Shown: Equatable {
        var snapshot: Snapshot
        var revision: Int64

        init(_ store: any Store) throws {
            snapshot = try Snapshot(store)
            revision = try store.read { try $0.revision() }
        }
    }

    // MARK: Undo of a remove

    /// A task edited, marked and given Taskwarrior attributes, removed from the middle of five, comes back with
    /// its id, fields, dates and version, at number 3 again, the counts as before and the revision grown; the
    /// undo of an undo is not kept (it is no longer among the recently removed).
    static func aRemovedTaskIsRestoredExactlyBetweenItsNeighbours(_ store: any Store) throws {
        let clock = TestClock()
        let todo = TodoList(store: store, clock: clock.closure)
        for title in ["Walk the dogs", "Feed the hogs", "Chop the logs", "Mend the fence", "Milk the cow"] {
            try todo.add(title: title)
            clock.advance(by: 1)
        }
        let withAttributes = TodoTask(
            meta: RecordMeta(createdAt: clock.now.roundedToMilliseconds), title: "Imported",
            taskwarriorJSON: #"{"project":"farm","urgency":4.5}"#)
        try store.write { try $0.insert(withAttributes) }
        clock.advance(by: 60)
        try todo.edit(.typed("3"), title: "Chop the big logs")
        try todo.toggle(.typed("3"))
        let before = try Shown(store)
        let chosen = try todo.task(.typed("3"))
        #expect(chosen.record.meta.version == 3)
        #expect(chosen.record.meta.updatedAt > chosen.record.meta.createdAt)

        clock.advance(by: 5)
        #expect(try todo.remove([.id(chosen.record.id)]).listed() == ["3 Chop the big logs"])
        #expect(try todo.counts() == (5, 5))
        #expect(try todo.tasks.recentlyRemoved(chosen.record.id) == chosen.record)
        let removed = try store.read { try $0.revision() }
        #expect(removed > before.revision)

        clock.advance(by: 5)
        let restored = try todo.restore(chosen.record.id)
        #expect(restored == chosen)
        let after = try Shown(store)
        #expect(after.snapshot == before.snapshot)
        #expect(after.revision > removed, "a restore did not grow the revision")
        #expect(try todo.counts() == (6, 5))
        #expect(try todo.task(.typed("Chop the big logs")).listed == "3 Chop the big logs")
        #expect(try todo.tasks.recentlyRemoved(chosen.record.id) == nil)

        // The Taskwarrior attributes, kept as their text, come back as they were.
        try todo.remove([.id(withAttributes.id)])
        #expect(try todo.restore(withAttributes.id).record == withAttributes)
        #expect(try Snapshot(store) == before.snapshot)
    }

    /// An item on the shopping list, removed, is off the list and out of the total; put back, it is on both again,
    /// at its place in the catalog and on the list.
    static func aRemovedItemComesBackOnTheShoppingListAndInTheTotal(_ store: any Store) throws {
        let shop = ShoppingList(store: store)
        for (name, cents) in [("Pear", 62), ("Notepad", 253), ("Pencil", 35), ("Bread", 312)] {
            try shop.add(name: name, price: Money(minorUnits: Int64(cents)), isOnShoppingList: name != "Pencil")
        }
        try shop.edit(.typed("Notepad"), price: Money(minorUnits: 250))
        let before = try Snapshot(store)
        let notepad = try shop.item(.typed("Notepad"))
        try shop.remove([.typed("Notepad")])
        #expect(try shop.shoppingList().listed() == ["1 Pear", "3 Bread"])
        #expect(try shop.total() == Money(minorUnits: 374))
        #expect(try shop.counts() == (3, 2))
        let restored = try shop.restore(notepad.record.id)
        #expect(restored == notepad)
        #expect(restored.record.meta.version == 2)
        #expect(try shop.shoppingList().listed() == ["1 Pear", "2 Notepad", "4 Bread"])
        #expect(try shop.total() == Money(minorUnits: 624))
        #expect(try shop.counts() == (4, 3))
        #expect(try Snapshot(store) == before)
    }

    /// A sighting with a location, an exact date and every detail comes back with all of them.
    static func aRemovedSightingComesBackWithEveryDetail(_ store: any Store) throws {
        let clock = TestClock()
        let birds = BirdSightingLog(store: store, clock: clock.closure)
        try birds.add(name: "Pigeon", location: "Everywhere")
        let details = SightingDetails(
            count: .present, scientificName: "Erithacus rubecula", latitude: Decimal(string: "51.501234"),
            longitude: Decimal(string: "-0.1416"), comments: "singing")
        let robin = try birds.add(
            name: "Robin", location: "Garden", date: Date(timeIntervalSince1970: 1_700_000_000.25), details: details)
        try birds.add(name: "Heron")
        let before = try Snapshot(store)
        try birds.remove([.typed("Robin")])
        #expect(try birds.all().listed() == ["1 Pigeon", "2 Heron"])
        let restored = try birds.restore(robin.record.id)
        #expect(restored.listed == "2 Robin")
        #expect(restored.record == robin.record)
        #expect(restored.record.details == details)
        #expect(try Snapshot(store) == before)
    }

    /// The last record removed, then a record added: the new one goes after the place the removed one keeps, so
    /// the removed one comes back before it, where it was (SQLite reuses no kept position; PostgreSQL's sequence
    /// never gives one twice). Once forgotten, its place may be taken.
    static func theLastRecordRemovedKeepsItsPlaceFromLaterAdds(_ store: any Store) throws {
        let todo = TodoList(store: store)
        for title in ["First", "Second", "Third"] { try todo.add(title: title) }
        let third = try todo.task(.typed("3")).record
        try todo.remove([.typed("3")])
        try todo.add(title: "Fourth")
        let items = ShoppingList(store: store)
        try items.add(name: "Tea", price: .zero)
        #expect(try todo.restore(third.id).listed == "3 Third")
        #expect(try todo.all().listed() == ["1 First", "2 Second", "3 Third", "4 Fourth"])
        // A load of many records at once keeps the place free too.
        let fourth = try todo.remove([.typed("Fourth")])[0].record
        let loaded = (1...3).map { TodoTask(meta: RecordMeta(createdAt: Date()), title: "Loaded \($0)") }
        try store.write(records: 3) { try $0.insert(contentsOf: loaded) }
        #expect(try todo.restore(fourth.id).listed == "4 Fourth")
        #expect(
            try todo.all().listed() == [
                "1 First", "2 Second", "3 Third", "4 Fourth", "5 Loaded 1", "6 Loaded 2", "7 Loaded 3",
            ])
    }

    /// Records removed in one go are each kept; they come back one by one, each in its own place, whatever the
    /// order of the undos.
    static func recordsRemovedTogetherAreRestoredOneByOneInPlace(_ store: any Store) throws {
        let todo = TodoList(store: store)
        for number in 1...5 { try todo.add(title: "Task \(number)") }
        let before = try Snapshot(store)
        let removed = try todo.remove([.typed("4"), .typed("2"), .typed("5")])
        #expect(try todo.all().listed() == ["1 Task 1", "2 Task 3"])
        #expect(try todo.restore(removed[2].record.id).listed == "3 Task 5")
        #expect(try todo.restore(removed[0].record.id).listed == "3 Task 4")
        #expect(try todo.restore(removed[1].record.id).listed == "2 Task 2")
        #expect(try Snapshot(store) == before)
    }

    /// Nothing to restore: a second undo of one remove, an undo made after ``Undo/window``, and an undo of an id
    /// never removed (stored or not) are refused, naming the kind, and change nothing, the revision included. Just
    /// inside the window it works.
    static func aRestoreFindsNothingTwiceLateOrNeverRemoved(_ store: any Store) throws {
        let clock = TestClock()
        let todo = TodoList(store: store, clock: clock.closure)
        let birds = BirdSightingLog(store: store, clock: clock.closure)
        for title in ["Walk the dogs", "Feed the hogs", "Chop the logs"] { try todo.add(title: title) }
        let walk = try todo.task(.typed("1")).record
        let feed = try todo.task(.typed("2")).record
        try todo.remove([.id(walk.id), .id(feed.id)])
        clock.advance(by: Undo.window - 1)
        try todo.restore(walk.id)

        func expectNothingToRestore(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation)
            throws
        {
            let before = try Shown(store)
            #expect(throws: StoreError.nothingToRestore(.task), sourceLocation: sourceLocation) { try body() }
            #expect(try Shown(store) == before, sourceLocation: sourceLocation)
        }
        try expectNothingToRestore { try todo.restore(walk.id) }
        try expectNothingToRestore { try todo.restore(try #require(try todo.all().last).record.id) }
        try expectNothingToRestore { try todo.restore(try fixedID("DEADBEEF-0000-4000-8000-000000000000")) }
        #expect(throws: StoreError.nothingToRestore(.sighting)) { try birds.restore(feed.id) }
        clock.advance(by: 2)
        #expect(try todo.tasks.recentlyRemoved(feed.id) == nil)
        try expectNothingToRestore { try todo.restore(feed.id) }
        #expect(
            StoreError.nothingToRestore(.task).description
                == "there is nothing to undo: no task with that id was deleted in the last 10 minutes, or it was put "
                + "back already")
    }

    /// Every delete forgets the records of any kind kept from before ``Undo/window`` ago.
    static func deletesForgetWhatWasKeptTooLongAgo(_ store: any Store) throws {
        let clock = TestClock()
        let todo = TodoList(store: store, clock: clock.closure)
        let shop = ShoppingList(store: store, clock: clock.closure)
        let old = try todo.add(title: "Old").record
        try todo.add(title: "Recent")
        let tea = try shop.add(name: "Tea", price: .zero).record
        let removedAt = clock.now.roundedToMilliseconds
        try todo.remove([.typed("Old")])
        func kept(_ id: UUID) throws -> TodoTask? {
            try store.read { try $0.recentlyRemoved(TodoTask.self, id: id, at: removedAt) }
        }
        #expect(try kept(old.id) == old)
        clock.advance(by: Undo.window + 1)
        // Past the window it is not offered, though not forgotten yet.
        #expect(try todo.tasks.recentlyRemoved(old.id) == nil)
        #expect(try kept(old.id) == old)
        try shop.remove([.id(tea.id)])
        #expect(try kept(old.id) == nil)
        #expect(try shop.items.recentlyRemoved(tea.id) == tea)
    }

    /// A record removed and then stored again with its id (an add that chose that id, an import) stays as it is:
    /// the undo is a conflict and changes nothing. Once that record is removed, its own undo works.
    static func aRecordWhoseIdIsTakenAgainIsNotRestored(_ store: any Store) throws {
        let todo = TodoList(store: store)
        try todo.add(title: "First")
        let old = try todo.add(title: "Old").record
        try todo.add(title: "Last")
        try todo.remove([.id(old.id)])
        let again = try todo.add(title: "Again", id: old.id)
        #expect(again.isNew)
        let before = try Shown(store)
        #expect(throws: StoreError.conflict(.task)) { try todo.restore(old.id) }
        #expect(try Shown(store) == before)
        try todo.remove([.id(old.id)])
        #expect(try todo.restore(old.id).listed == "3 Again")
    }

    /// The undo of a check-off on the Shopping List tab puts the mark back: a change like any other, the version
    /// grown, refused when made from the version before another change.
    static func aCheckOffIsUndoneByPuttingTheMarkBack(_ store: any Store) throws {
        let shop = ShoppingList(store: store)
        try addItems(shop, ["Pear", "Bread", "Milk"])
        try shop.setOnShoppingList([.typed("Pear"), .typed("Bread"), .typed("Milk")], isOn: true)
        let checked = try shop.setOnShoppingList([.typed("Bread")], isOn: false, expectedVersion: 2)[0]
        #expect(checked.record.meta.version == 3)
        #expect(try shop.shoppingList().listed() == ["1 Pear", "3 Milk"])
        let undone = try shop.setOnShoppingList([.typed("Bread")], isOn: true, expectedVersion: 3)[0]
        #expect(undone.record.meta.version == 4)
        #expect(try shop.shoppingList().listed() == ["1 Pear", "2 Bread", "3 Milk"])
        try shop.setOnShoppingList([.typed("Milk")], isOn: false)
        try shop.edit(.typed("Milk"), price: Money(minorUnits: 99))
        #expect(throws: StoreError.conflict(.item)) {
            try shop.setOnShoppingList([.typed("Milk")], isOn: true, expectedVersion: 3)
        }
    }

    // MARK: Undo of a removal of several records

    /// Records of several kinds removed as one removal (in two writes) come back in one restore, each exactly as it
    /// was and in its place: counts and totals as before, the revision grown; the answer names them kind by kind,
    /// each kind in list order, and a second restore finds nothing.
    static func recordsRemovedAsOneAreRestoredAsOne(_ store: any Store) throws {
        let clock = TestClock()
        let todo = TodoList(store: store, clock: clock.closure)
        let shop = ShoppingList(store: store, clock: clock.closure)
        for number in 1...5 { try todo.add(title: "Task \(number)") }
        try addItems(shop, ["Pear", "Bread", "Milk"])
        try shop.setOnShoppingList([.typed("Bread")], isOn: true)
        let before = try Shown(store)
        let removal = RemovalID()
        let tasks = try todo.tasks.remove([.typed("4"), .typed("2")], removal: removal)
        clock.advance(by: 1)
        let bread = try shop.items.remove([.typed("Bread")], removal: removal)[0]
        try todo.remove([.typed("Task 5")])
        #expect(try todo.all().listed() == ["1 Task 1", "2 Task 3"])
        #expect(try shop.total() == .zero)
        let expected = [RecordKey(.item, bread.record.id)] + tasks.reversed().map { RecordKey(.task, $0.record.id) }
        #expect(try store.read { try $0.recentlyRemoved(removal, at: clock.now) } == expected)
        let removed = try store.read { try $0.revision() }

        clock.advance(by: 1)
        let restored = try todo.tasks.restore(removal)
        #expect(restored.listed() == ["2 Task 2", "4 Task 4"])
        #expect(restored.map(\.record) == tasks.reversed().map(\.record))
        #expect(try todo.all().listed() == ["1 Task 1", "2 Task 2", "3 Task 3", "4 Task 4"])
        #expect(try shop.item(.typed("Bread")) == bread)
        #expect(try shop.total() == bread.record.price)
        #expect(try todo.counts() == (4, 4))
        #expect(try store.read { try $0.revision() } > removed)
        #expect(try store.read { try $0.recentlyRemoved(removal, at: clock.now) }.isEmpty)
        #expect(try store.write { try $0.restore(removal, at: clock.now) }.isEmpty)
        #expect(throws: StoreError.nothingToRestore(.item)) { try shop.items.restore(removal) }
        // The record removed on its own is still kept on its own.
        try todo.restore(try #require(before.snapshot.tasks.last).record.id)
        #expect(try Snapshot(store) == before.snapshot)
    }

    /// A removal one of whose records has its id stored again (an add that chose it) is not restored at all: a
    /// conflict, and nothing changes. Once that record is removed in turn, what is kept under the id is its own, so
    /// the removal puts back the others.
    static func aRemovalIsRestoredWholeOrNotAtAll(_ store: any Store) throws {
        let todo = TodoList(store: store)
        for number in 1...4 { try todo.add(title: "Task \(number)") }
        let removal = RemovalID()
        let removed = try todo.tasks.remove([.typed("1"), .typed("3"), .typed("4")], removal: removal)
        try todo.add(title: "Again", id: removed[1].record.id)
        let before = try Shown(store)
        #expect(throws: StoreError.conflict(.task)) { try todo.tasks.restore(removal) }
        #expect(try Shown(store) == before)
        try todo.remove([.typed("Again")])
        #expect(try todo.tasks.restore(removal).listed() == ["1 Task 1", "3 Task 4"])
        #expect(try todo.restore(removed[1].record.id).listed == "4 Again")
        #expect(try todo.all().listed() == ["1 Task 1", "2 Task 2", "3 Task 4", "4 Again"])
    }

    /// A removal is restored only within ``Undo/window``, and only what is left of it: a record of it already put
    /// back on its own is not put back twice, and one removed again since, by another removal, belongs to that one.
    static func aRemovalKeepsToItsWindowAndToWhatIsLeft(_ store: any Store) throws {
        let clock = TestClock()
        let todo = TodoList(store: store, clock: clock.closure)
        for number in 1...4 { try todo.add(title: "Task \(number)") }
        let first = RemovalID()
        let removed = try todo.tasks.remove([.typed("1"), .typed("2"), .typed("3")], removal: first)
        try todo.restore(removed[0].record.id)
        let second = RemovalID()
        try todo.tasks.remove([.id(removed[0].record.id)], removal: second)
        #expect(try todo.tasks.restore(first).listed() == ["1 Task 2", "2 Task 3"])
        #expect(try store.read { try $0.recentlyRemoved(first, at: clock.now) }.isEmpty)
        clock.advance(by: Undo.window + 1)
        #expect(try store.read { try $0.recentlyRemoved(second, at: clock.now) }.isEmpty)
        #expect(throws: StoreError.nothingToRestore(.task)) { try todo.tasks.restore(second) }
        #expect(try todo.all().listed() == ["1 Task 2", "2 Task 3", "3 Task 4"])
    }

    // MARK: Adds whose id the client chose

    /// An add that chose an id already stored writes nothing and answers the stored record as it is (not what it
    /// sent), with its number when asked: the counts and the revision stay. In every list, numbered or not.
    static func anAddWithATakenClientIdAnswersTheStoredRecord(_ store: any Store) throws {
        let clock = TestClock()
        let todo = TodoList(store: store, clock: clock.closure)
        let shop = ShoppingList(store: store, clock: clock.closure)
        let birds = BirdSightingLog(store: store, clock: clock.closure)
        try todo.add(title: "Before")
        let id = try fixedID("0C11E47C-0000-4000-8000-000000000001")
        let first = try todo.add(title: "Buy stamps", id: id)
        #expect(first.isNew && first.number == 2 && first.record.id == id)
        clock.advance(by: 1)
        for numbered in [true, false] {
            let before = try Shown(store)
            let second = try todo.add(title: "Buy stamps again", numbered: numbered, id: id)
            #expect(!second.isNew)
            #expect(second.record == first.record)
            #expect(second.number == (numbered ? 2 : nil))
            #expect(try Shown(store) == before)
        }
        let fresh = try todo.add(
            title: "After", numbered: false, id: try fixedID("0C11E47C-0000-4000-8000-000000000002"))
        #expect(fresh.isNew && fresh.number == nil)
        #expect(try todo.all().listed() == ["1 Before", "2 Buy stamps", "3 After"])

        let milk = try shop.add(name: "Milk", price: Money(minorUnits: 99), numbered: false, id: id)
        #expect(milk.isNew, "ids are per list: a task's id is free among items")
        #expect(try shop.add(name: "Milk", price: Money(minorUnits: 99), id: id).record == milk.record)
        let robin = try birds.add(name: "Robin", id: id)
        #expect(try birds.add(name: "Robin", numbered: false, id: id).record == robin.record)
        #expect(try shop.counts() == (1, 0))
        #expect(try birds.count() == 1)
    }

    /// The same add sent from eight threads at once (a double click racing itself, a retrying client) stores one
    /// record; every answer is that record, and exactly one says it stored it. Unnumbered adds go through a store's
    /// grouped appends (PostgreSQL commits adds arriving together in one statement), numbered ones alone.
    static func anAddSentManyTimesAtOnceAddsOnce(_ store: any Store) throws {
        let todo = TodoList(store: store)
        for numbered in [false, true] {
            let id = UUID()
            let answers = Mutex<[Result<Added<TodoTask>, any Error>]>([])
            DispatchQueue.concurrentPerform(iterations: 8) { index in
                let answer = Result { try todo.add(title: "Sent \(index)", numbered: numbered, id: id) }
                answers.withLock { $0.append(answer) }
            }
            let added = try answers.withLock { try $0.map { try $0.get() } }
            let stored = try #require(try store.read { try $0.record(TodoTask.self, id: id) })
            #expect(added.allSatisfy { $0.record == stored })
            #expect(added.filter(\.isNew).count == 1)
        }
        #expect(try todo.count() == 2)
    }
}
