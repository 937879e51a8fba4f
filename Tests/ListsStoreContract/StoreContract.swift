import Foundation
import ListsModel
import Testing

/// What every ``Store`` must do, written once against `any Store` and run on every backend.
///
/// Each check gets a new, empty store and drives it through the data controllers (`ShoppingList`, `TodoList`,
/// `BirdSightingLog`), `Seeding` and `StoreSession`. Nothing here knows which engine is behind the store.
public enum StoreContract {
    /// One named check, an argument of the backends' parameterised tests.
    public struct Check: Sendable, CustomTestStringConvertible {
        public var name: String
        public var run: @Sendable (any Store) throws -> Void

        public init(_ name: String, _ run: @escaping @Sendable (any Store) throws -> Void) {
            self.name = name
            self.run = run
        }

        public var testDescription: String { name }
    }

    /// Every check of the contract.
    public static let all: [Check] =
        [
            Check("itemsAreAddedAtTheEndWithShortNumbers", itemsAreAddedAtTheEndWithShortNumbers),
            Check("fastPathsAgreeWithTheirReferences", fastPathsAgreeWithTheirReferences),
            Check("eachKindKeepsItsOwnOrderAndNumbers", eachKindKeepsItsOwnOrderAndNumbers),
            Check("referencesByNumber", referencesByNumber),
            Check("referencesByIdPrefixIgnoringCase", referencesByIdPrefixIgnoringCase),
            Check("referenceByIdGivesTheListNumber", referenceByIdGivesTheListNumber),
            Check("referencesByExactNameThenIgnoringCase", referencesByExactNameThenIgnoringCase),
            Check("ambiguousReferencesAreRefusedNamingTheCandidates", ambiguousReferencesAreRefusedNamingTheCandidates),
            Check("unknownReferencesAreRefused", unknownReferencesAreRefused),
            Check("hexLookingNamesAreStillFoundByName", hexLookingNamesAreStillFoundByName),
            Check("editingAnItemGrowsTheVersionByOne", editingAnItemGrowsTheVersionByOne),
            Check("anUnchangedEditKeepsTheVersion", anUnchangedEditKeepsTheVersion),
            Check("aStaleVersionIsAConflictAndChangesNothing", aStaleVersionIsAConflictAndChangesNothing),
            Check("togglingPutsAnItemOnAndOffTheShoppingList", togglingPutsAnItemOnAndOffTheShoppingList),
            Check("theShoppingListKeepsCatalogOrderAndNumbers", theShoppingListKeepsCatalogOrderAndNumbers),
            Check("theTotalIsExact", theTotalIsExact),
            Check("removingDeletesAndRenumbers", removingDeletesAndRenumbers),
            Check("multiReferenceOperationsAreAllOrNothing", multiReferenceOperationsAreAllOrNothing),
            Check("aRecordNamedTwiceChangesOnce", aRecordNamedTwiceChangesOnce),
            Check("invalidItemsChangeNothing", invalidItemsChangeNothing),
            Check("namesOf200CharactersOfAnyScriptAreKept", namesOf200CharactersOfAnyScriptAreKept),
            Check("awkwardTextIsKeptAsTyped", awkwardTextIsKeptAsTyped),
            Check("caseIsIgnoredBeyondASCII", caseIsIgnoredBeyondASCII),
            Check("tasksAreInsertedInOrderAndEmptyTextAddsNothing", tasksAreInsertedInOrderAndEmptyTextAddsNothing),
            Check("tasksAreEditedToggledMarkedAndRemoved", tasksAreEditedToggledMarkedAndRemoved),
            Check("theAppsCountWhatTheyHold", theAppsCountWhatTheyHold),
            Check("sightingsAreDatedNowUnlessGivenADate", sightingsAreDatedNowUnlessGivenADate),
            Check("invalidSightingsChangeNothing", invalidSightingsChangeNothing),
            Check("sightingsAreEditedAndAnEmptyLocationClearsIt", sightingsAreEditedAndAnEmptyLocationClearsIt),
            Check("datesSurviveARoundTripToTheMillisecond", datesSurviveARoundTripToTheMillisecond),
            Check("editsDoNotMoveADate", editsDoNotMoveADate),
            Check("aWriteWhoseBodyThrowsIsRolledBack", aWriteWhoseBodyThrowsIsRolledBack),
            Check("sessionReportsConflictsAndMissingRecords", sessionReportsConflictsAndMissingRecords),
            Check("settingsAreKept", settingsAreKept),
            Check("pagingWithOffsetAndLimit", pagingWithOffsetAndLimit),
            Check("countAndSumWithAFilter", countAndSumWithAFilter),
            Check("filtersCombineAndCompare", filtersCombineAndCompare),
            Check("seedingHappensExactlyOnce", seedingHappensExactlyOnce),
            Check("seedingEmptyLeavesItEmptyButMarked", seedingEmptyLeavesItEmptyButMarked),
            Check("theRevisionGrowsWithEveryChangeOnly", theRevisionGrowsWithEveryChangeOnly),
            Check(
                "aBatchInsertAppendsInOrderAndKeepsCountsAndRevision",
                aBatchInsertAppendsInOrderAndKeepsCountsAndRevision),
            Check(
                "aBatchWithATakenIdIsAConflictAndTheWriteChangesNothing",
                aBatchWithATakenIdIsAConflictAndTheWriteChangesNothing),
            Check("anAppendWithATakenIdIsAConflictAndChangesNothing", anAppendWithATakenIdIsAConflictAndChangesNothing),
            // Undo, and adds whose id the client chose (StoreContract+Undo.swift).
            Check(
                "aRemovedTaskIsRestoredExactlyBetweenItsNeighbours", aRemovedTaskIsRestoredExactlyBetweenItsNeighbours),
            Check(
                "aRemovedItemComesBackOnTheShoppingListAndInTheTotal",
                aRemovedItemComesBackOnTheShoppingListAndInTheTotal),
            Check("aRemovedSightingComesBackWithEveryDetail", aRemovedSightingComesBackWithEveryDetail),
            Check("theLastRecordRemovedKeepsItsPlaceFromLaterAdds", theLastRecordRemovedKeepsItsPlaceFromLaterAdds),
            Check("recordsRemovedTogetherAreRestoredOneByOneInPlace", recordsRemovedTogetherAreRestoredOneByOneInPlace),
            Check("aRestoreFindsNothingTwiceLateOrNeverRemoved", aRestoreFindsNothingTwiceLateOrNeverRemoved),
            Check("deletesForgetWhatWasKeptTooLongAgo", deletesForgetWhatWasKeptTooLongAgo),
            Check("aRecordWhoseIdIsTakenAgainIsNotRestored", aRecordWhoseIdIsTakenAgainIsNotRestored),
            Check("aCheckOffIsUndoneByPuttingTheMarkBack", aCheckOffIsUndoneByPuttingTheMarkBack),
            Check("recordsRemovedAsOneAreRestoredAsOne", recordsRemovedAsOneAreRestoredAsOne),
            Check("aRemovalIsRestoredWholeOrNotAtAll", aRemovalIsRestoredWholeOrNotAtAll),
            Check("aRemovalKeepsToItsWindowAndToWhatIsLeft", aRemovalKeepsToItsWindowAndToWhatIsLeft),
            Check("anAddWithATakenClientIdAnswersTheStoredRecord", anAddWithATakenClientIdAnswersTheStoredRecord),
            Check("anAddSentManyTimesAtOnceAddsOnce", anAddSentManyTimesAtOnceAddsOnce),
        ] + shoppingListChecks + categoryChecks + tabListChecks + taskChecks + todoListChecks + birdListChecks

    /// `append`, what an API add does (numbered or not), refuses a record whose id is stored and changes
    /// nothing; the next append still works.
    static func anAppendWithATakenIdIsAConflictAndChangesNothing(_ store: any Store) throws {
        try expectUnchangedByATakenId(store) { taken in
            for numbered in [false, true] {
                #expect(throws: StoreError.conflict(.task)) { try store.append(taken, numbered: numbered) }
            }
        }
        #expect(try store.append(TodoTask(meta: RecordMeta(createdAt: Date()), title: "New"), numbered: false) == nil)
        #expect(try TodoList(store: store).all().map(\.record.title) == ["Kept", "New"])
    }

    /// `insert(contentsOf:)` appends after what is stored, in order; counts, numbers and the revision follow, and
    /// the single-record operations after it still keep the counts.
    static func aBatchInsertAppendsInOrderAndKeepsCountsAndRevision(_ store: any Store) throws {
        let todo = TodoList(store: store)
        try todo.add(title: "First")
        let before = try store.read { try $0.revision() }
        let batch = (1...2500).map {
            TodoTask(meta: RecordMeta(createdAt: Date(timeIntervalSince1970: 1_796_017_527)), title: "Task \($0)")
        }
        try store.write { session in
            try session.insert(contentsOf: [TodoTask]())
            try session.insert(contentsOf: batch)
        }
        #expect(try store.read { try $0.revision() } > before, "a batch did not grow the revision")
        #expect(try store.read { try $0.count(TodoTask.self, where: nil) } == 2501)
        #expect(try store.read { try $0.count(ShoppingItem.self, where: nil) } == 0)
        let listed = try todo.all()
        #expect(listed.count == 2501)
        #expect(listed.first?.record.title == "First")
        #expect(listed.last.map { "\($0.number) \($0.record.title)" } == "2501 Task 2500")
        #expect(try todo.task(.typed("2")).record.id == batch[0].id)
        let afterBatch = try store.read { try $0.revision() }
        try todo.add(title: "Last")
        #expect(try todo.all().last.map { "\($0.number) \($0.record.title)" } == "2502 Last")
        try todo.remove([.typed("1"), .typed("2")])
        #expect(try store.read { try $0.count(TodoTask.self, where: nil) } == 2500)
        #expect(try store.read { try $0.count(TodoTask.self, where: TodoTask.Fields.isDone == false) } == 2500)
        #expect(try store.read { try $0.revision() } > afterBatch)
    }

    /// Stores one task, then runs `refuse` with a new task carrying its id, and checks that nothing changed.
    private static func expectUnchangedByATakenId(_ store: any Store, _ refuse: (TodoTask) throws -> Void) throws {
        try TodoList(store: store).add(title: "Kept")
        let stored = try store.read { try $0.list(TodoTask.self) }[0].record
        let before = try Snapshot(store)
        let revision = try store.read { try $0.revision() }
        var taken = TodoTask(meta: stored.meta, title: "Again")
        taken.meta.version = 1
        try refuse(taken)
        #expect(try Snapshot(store) == before)
        #expect(try store.read { try $0.revision() } == revision)
    }

    /// A batch holding an id that is stored already is refused; the write rolls back whole. Also in a batch of
    /// many (a store may write several rows a statement): the refused one among them is still a conflict.
    static func aBatchWithATakenIdIsAConflictAndTheWriteChangesNothing(_ store: any Store) throws {
        try expectUnchangedByATakenId(store) { taken in
            let batch = [TodoTask(meta: RecordMeta(createdAt: Date()), title: "New"), taken]
            #expect(throws: StoreError.conflict(.task)) {
                try store.write { session in try session.insert(contentsOf: batch) }
            }
            var many = (1...40).map { TodoTask(meta: RecordMeta(createdAt: Date()), title: "New \($0)") }
            many.insert(taken, at: 21)
            #expect(throws: StoreError.conflict(.task)) {
                try store.write(records: many.count) { session in try session.insert(contentsOf: many) }
            }
        }
    }

    /// Pages learn that something changed from the revision: every insert, update and delete of any kind
    /// grows it, reads and refused writes do not. Each list's own revision (``StoreSession/revisions()``) grows
    /// with its changes only, and they add up to the revision.
    static func theRevisionGrowsWithEveryChangeOnly(_ store: any Store) throws {
        func revision() throws -> Int64 { try store.read { try $0.revision() } }
        func revisions() throws -> [RecordKind: Int64] { try store.read { try $0.revisions() } }
        var last = try revision()
        var lastByKind = try revisions()
        #expect(lastByKind.values.reduce(0, +) == last)
        func expectGrown(_ what: String, _ kind: RecordKind) throws {
            let now = try revision()
            #expect(now > last, "\(what) did not grow the revision")
            last = now
            let byKind = try revisions()
            for other in RecordKind.all {
                if other == kind {
                    #expect(byKind[other, default: 0] > lastByKind[other, default: 0], "\(what): \(other)")
                } else {
                    #expect(byKind[other, default: 0] == lastByKind[other, default: 0], "\(what): \(other)")
                }
            }
            #expect(byKind.values.reduce(0, +) == now)
            lastByKind = byKind
        }
        let shop = ShoppingList(store: store)
        let tea = try shop.add(name: "Tea", price: .zero)
        try expectGrown("adding an item", .item)
        try shop.toggle(.id(tea.record.id))
        try expectGrown("toggling an item", .item)
        // A household's first task would make its first to-do list too: the list is made first, on its own.
        if try TodoLists(store: store).all().isEmpty {
            try TodoLists(store: store).make(name: "To-Do")
            try expectGrown("making a to-do list", .todoList)
        }
        let task = try TodoList(store: store).add(title: "Walk")
        try expectGrown("adding a task", .task)
        try BirdSightingLog(store: store).add(name: "Robin")
        try expectGrown("adding a sighting", .sighting)
        _ = try shop.catalog()
        _ = try? shop.add(name: "", price: .zero)
        #expect(try revision() == last, "a read or a refused write grew the revision")
        #expect(try revisions() == lastByKind)
        try TodoList(store: store).remove([.id(task.record.id)])
        try expectGrown("removing a task", .task)
    }

    static let onList = ShoppingItem.Fields.isOnShoppingList == true

    /// Adds items named `names` at 1.00 each.
    @discardableResult
    static func addItems(_ shop: ShoppingList, _ names: [String]) throws -> [Added<ShoppingItem>] {
        try names.map { try shop.add(name: $0, price: Money(minorUnits: 100)) }
    }

    /// Inserts items with fixed ids, through the session.
    static func insertItems(_ store: any Store, _ entries: [(id: String, name: String)]) throws {
        let records = try entries.map {
            ShoppingItem(
                meta: RecordMeta(id: try fixedID($0.id), createdAt: Date(timeIntervalSince1970: 1_796_017_527)),
                name: $0.name, price: Money(minorUnits: 100))
        }
        try store.write { session in
            for record in records { try session.insert(record) }
        }
    }

    /// The refusal `body` throws, checked to name `field`.
    @discardableResult
    static func refusal(
        _ field: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
    ) -> ValidationError? {
        let error = #expect(throws: ValidationError.self, sourceLocation: sourceLocation) { try body() }
        #expect(error?.field == field, sourceLocation: sourceLocation)
        return error
    }

    // MARK: Fast paths

    /// A store's own ways to add and to load (PostgreSQL's one-statement, grouped append; SQLite's one-statement
    /// load) do what the plain ways do: appends interleaved both ways number in order and store exactly what was
    /// appended; a bulk load and inserts one by one leave the list as the records were given.
    static func fastPathsAgreeWithTheirReferences(_ store: any Store) throws {
        let created = Date(timeIntervalSince1970: 1_796_017_527.123)
        func task(_ index: Int) -> TodoTask {
            TodoTask(meta: RecordMeta(createdAt: created.addingTimeInterval(Double(index))), title: "Task \(index)")
        }
        var appended: [TodoTask] = []
        var numbers: [Int?] = []
        for index in 0..<20 {
            let record = task(index)
            appended.append(record)
            numbers.append(
                index % 2 == 0
                    ? try store.append(record, numbered: true) : try store.appendByWriting(record, numbered: true))
        }
        #expect(numbers == Array(1...20))
        let unnumbered = [task(20), task(21)]
        #expect(try store.append(unnumbered[0], numbered: false) == nil)
        #expect(try store.appendByWriting(unnumbered[1], numbered: false) == nil)
        appended += unnumbered
        #expect(try store.read { try $0.list(TodoTask.self) }.map(\.record) == appended)
        #expect(throws: StoreError.conflict(.task)) { try store.append(appended[3], numbered: false) }
        #expect(throws: StoreError.conflict(.task)) { try store.appendByWriting(appended[3], numbered: true) }

        let loaded = (0..<150).map { index in
            ShoppingItem(
                meta: RecordMeta(createdAt: created), name: "Item \(index)", price: Money(minorUnits: Int64(index)))
        }
        let revision = try store.read { try $0.revision() }
        try store.write(records: 100) { try $0.insert(contentsOf: Array(loaded[..<100])) }
        try store.write { try $0.insertOneByOne(Array(loaded[100...])) }
        let stored = try store.read { try $0.list(ShoppingItem.self) }
        #expect(stored.map(\.record) == loaded)
        #expect(stored.map(\.number) == Array(1...150))
        #expect(try store.read { try $0.count(ShoppingItem.self, where: nil) } == 150)
        #expect(try store.read { try $0.revision() } > revision)
    }

    // MARK: Order and numbers

    static func itemsAreAddedAtTheEndWithShortNumbers(_ store: any Store) throws {
        let clock = TestClock()
        let shop = ShoppingList(store: store, clock: clock.closure)
        let pear = try shop.add(name: "Pear", price: Money(minorUnits: 62))
        clock.advance(by: 1)
        let tea = try shop.add(name: "  Tea ", price: Money(minorUnits: 199))
        let salt = try shop.add(name: "Salt", price: .zero)
        let numbers: [Int?] = [pear.number, tea.number, salt.number]
        #expect(numbers == [1, 2, 3])
        #expect(tea.record.name == "Tea")
        #expect(try shop.catalog().listed() == ["1 Pear", "2 Tea", "3 Salt"])

        let stored = try shop.item(.typed("1"))
        #expect(stored.record == pear.record && stored.number == pear.number)
        #expect(stored.record.meta.version == 1)
        #expect(!stored.record.isOnShoppingList)
        #expect(stored.record.meta.createdAt == Date(timeIntervalSince1970: 1_796_017_527.123))
        #expect(stored.record.meta.updatedAt == stored.record.meta.createdAt)
        #expect(try shop.item(.typed("2")).record.meta.createdAt == Date(timeIntervalSince1970: 1_796_017_528.123))
        #expect(pear.record.id.uuidString == pear.record.id.uuidString.uppercased())
    }

    static func eachKindKeepsItsOwnOrderAndNumbers(_ store: any Store) throws {
        let shop = ShoppingList(store: store)
        let todo = TodoList(store: store)
        let birds = BirdSightingLog(store: store)
        try shop.add(name: "Pear", price: .zero)
        try todo.add(title: "Walk the dogs")
        try birds.add(name: "Robin")
        try shop.add(name: "Tea", price: .zero)
        let feed = try todo.add(title: "Feed the hogs")
        try birds.add(name: "Heron")
        try todo.add(title: "Chop the logs")
        #expect(feed.number == 2)
        #expect(try shop.catalog().listed() == ["1 Pear", "2 Tea"])
        #expect(try todo.all().listed() == ["1 Walk the dogs", "2 Feed the hogs", "3 Chop the logs"])
        #expect(try birds.all().listed() == ["1 Robin", "2 Heron"])
    }

    // MARK: References

    static func referencesByNumber(_ store: any Store) throws {
        let shop = ShoppingList(store: store)
        try addItems(shop, ["Pear", "Tea", "Salt"])
        #expect(try shop.item(.typed("2")).listed == "2 Tea")
        #expect(try shop.item(.typed("003")).listed == "3 Salt")
        #expect(try shop.item(.typed(" 1 ")).listed == "1 Pear")
        for typed in ["0", "4", "99999999999999999999"] {
            let error = refusal("item") { _ = try shop.item(.typed(typed)) }
            #expect(error?.message == "no item number \(typed); there are 3 items")
        }
        try shop.remove([.typed("1"), .typed("2")])
        #expect(refusal("item") { _ = try shop.item(.typed("2")) }?.message == "no item number 2; there is 1 item")
    }

    static func referencesByIdPrefixIgnoringCase(_ store: any Store) throws {
        try insertItems(
            store,
            [
                ("A1B2C3D4-0000-4000-8000-000000000001", "Pear"), ("A1B2FFFF-0000-4000-8000-000000000002", "Tea"),
                ("0BCDEF12-0000-4000-8000-000000000003", "Salt"),
            ])
        let shop = ShoppingList(store: store)
        #expect(try shop.item(.typed("a1b2c3")).listed == "1 Pear")
        #expect(try shop.item(.typed("A1B2C3D4-0000")).listed == "1 Pear")
        #expect(try shop.item(.typed("0bcd")).listed == "3 Salt")
        #expect(try shop.item(.typed("a1b2ffff-0000-4000-8000-000000000002")).listed == "2 Tea")
        #expect(try shop.item(.id(try fixedID("0BCDEF12-0000-4000-8000-000000000003"))).record.name == "Salt")
        // Three characters are too few to be an id prefix.
        refusal("item") { _ = try shop.item(.typed("A1B")) }
        let error = refusal("item") { _ = try shop.item(.typed("a1b2")) }
        #expect(error?.message.contains("Pear (1), Tea (2)") == true)
        #expect(
            try store.read { try $0.records(ShoppingItem.self, idPrefix: "a1b2", limit: 6) }.listed() == [
                "1 Pear", "2 Tea",
            ])
    }

    static func referenceByIdGivesTheListNumber(_ store: any Store) throws {
        let shop = ShoppingList(store: store)
        let added = try addItems(shop, ["Pear", "Tea", "Salt"])
        #expect(try shop.item(.id(added[1].record.id)).number == 2)
        #expect(try shop.toggle(.id(added[2].record.id)).number == 3)
    }

    static func referencesByExactNameThenIgnoringCase(_ store: any Store) throws {
        let shop = ShoppingList(store: store)
        try addItems(shop, ["Bread", "Milk", "MILK"])
        for typed in ["Bread", "bread", "BREAD", "  Bread "] {
            #expect(try shop.item(.typed(typed)).listed == "1 Bread")
        }
        // An exact match wins over matches that differ in case.
        #expect(try shop.item(.typed("Milk")).listed == "2 Milk")
        #expect(try shop.item(.typed("MILK")).listed == "3 MILK")
        let error = refusal("item") { _ = try shop.item(.typed("milk")) }
        #expect(
            error?.message == "\"milk\" matches several items: Milk (2), MILK (3); use the number or more of the id")
        // Names match whole, not by prefix.
        refusal("item") { _ = try shop.item(.typed("Brea")) }

        let todo = TodoList(store: store)
        try todo.add(title: "Walk the dogs")
        #expect(try todo.task(.typed("walk THE dogs")).listed == "1 Walk the dogs")
        let birds = BirdSightingLog(store: store)
        try birds.add(name: "Robin")
        #expect(try birds.sighting(.typed("robin")).listed == "1 Robin")
    }

    static func ambiguousReferencesAreRefusedNamingTheCandidates(_ store: any Store) throws {
        let shop = ShoppingList(store: store)
        try addItems(shop, ["Tea", "Pear", "Tea"])
        let before = try Snapshot(store)
        let error = refusal("item") { try shop.remove([.typed("Tea")]) }
        #expect(error?.message == "\"Tea\" matches several items: Tea (1), Tea (3); use the number or more of the id")
        refusal("item") { try shop.setOnShoppingList([.typed("Tea")], isOn: true) }
        #expect(try Snapshot(store) == before)
        #expect(try shop.remove([.typed("3")]).listed() == ["3 Tea"])
        #expect(try shop.item(.typed("Tea")).listed == "1 Tea")

        let todo = TodoList(store: store)
        for title in ["Call Bob", "Call Bob", "Call Bob", "Call Bob", "Call Bob", "Call Bob", "Call Bob"] {
            try todo.add(title: title)
        }
        let many = refusal("task") { _ = try todo.task(.typed("call bob")) }
        #expect(
            many?.message.contains("Call Bob (1), Call Bob (2), Call Bob (3), Call Bob (4), Call Bob (5), ...") == true)
    }

    static func unknownReferencesAreRefused(_ store: any Store) throws {
        let shop = ShoppingList(store: store)
        try addItems(shop, ["Pear"])
        let before = try Snapshot(store)
        let unknown = refusal("item") { _ = try shop.item(.typed("Caviar")) }
        #expect(unknown?.message.hasPrefix("no item matches \"Caviar\"; give its number from the list") == true)
        let empty = refusal("item") { _ = try shop.item(.typed("  ")) }
        #expect(empty?.message.hasPrefix("which item?") == true)
        let id = try fixedID("DEADBEEF-0000-4000-8000-000000000000")
        #expect(throws: StoreError.notFound(.item)) { _ = try shop.item(.id(id)) }
        refusal("item") { try shop.edit(.typed("Caviar"), name: "Roe") }
        refusal("task") { _ = try TodoList(store: store).task(.typed("Pear")) }
        refusal("sighting") { try BirdSightingLog(store: store).remove([.typed("1")]) }
        #expect(try Snapshot(store) == before)
    }

    static func hexLookingNamesAreStillFoundByName(_ store: any Store) throws {
        try insertItems(
            store,
            [("00000000-0000-4000-8000-000000000001", "Beef"), ("00000000-0000-4000-8000-000000000002", "Cafe")])
        let shop = ShoppingList(store: store)
        #expect(try shop.item(.typed("Beef")).listed == "1 Beef")
        #expect(try shop.item(.typed("cafe")).listed == "2 Cafe")
    }

    // MARK: Shopping

    static func editingAnItemGrowsTheVersionByOne(_ store: any Store) throws {
        let clock = TestClock()
        let shop = ShoppingList(store: store, clock: clock.closure)
        let added = try shop.add(name: "Pear", price: Money(minorUnits: 62))
        try shop.add(name: "Tea", price: Money(minorUnits: 199))
        clock.advance(by: 60)
        let renamed = try shop.edit(.typed("Pear"), name: " Pears ")
        #expect(renamed.listed == "1 Pears")
        #expect(renamed.record.meta.version == 2)
        #expect(renamed.record.meta.createdAt == added.record.meta.createdAt)
        #expect(renamed.record.meta.updatedAt == clock.now.roundedToMilliseconds)
        #expect(renamed.record.price == Money(minorUnits: 62))
        clock.advance(by: 60)
        let repriced = try shop.edit(.typed("1"), price: Money(minorUnits: 70), expectedVersion: 2)
        #expect(repriced.record.meta.version == 3)
        #expect(repriced.record.name == "Pears")
        let both = try shop.edit(.id(added.record.id), name: "Nashi", price: Money(minorUnits: 90))
        #expect(both.record.meta.version == 4)
        #expect(try shop.item(.typed("1")).record == both.record)
        #expect(try shop.item(.typed("2")).record.meta.version == 1)
    }

    static func anUnchangedEditKeepsTheVersion(_ store: any Store) throws {
        let clock = TestClock()
        let shop = ShoppingList(store: store, clock: clock.closure)
        let added = try shop.add(name: "Pear", price: Money(minorUnits: 62))
        clock.advance(by: 60)
        #expect(try shop.edit(.typed("1"), name: "Pear", price: Money(minorUnits: 62)).record == added.record)
        #expect(try shop.edit(.typed("1"), name: "  Pear  ").record == added.record)
        #expect(try shop.edit(.typed("1")).record == added.record)
        #expect(try shop.setOnShoppingList([.typed("1")], isOn: false)[0].record == added.record)
        #expect(try shop.item(.typed("1")).record == added.record)

        let todo = TodoList(store: store, clock: clock.closure)
        let task = try todo.add(title: "Walk the dogs")
        #expect(try todo.edit(.typed("1"), title: "Walk the dogs").record == task.record)
        #expect(try todo.setDone([.typed("1")], isDone: false)[0].record == task.record)
    }

    static func aStaleVersionIsAConflictAndChangesNothing(_ store: any Store) throws {
        let shop = ShoppingList(store: store)
        let todo = TodoList(store: store)
        let birds = BirdSightingLog(store: store)
        try shop.add(name: "Pear", price: Money(minorUnits: 62))
        try shop.edit(.typed("1"), name: "Pears")
        try todo.add(title: "Walk the dogs")
        try todo.toggle(.typed("1"))
        try birds.add(name: "Robin")
        try birds.edit(.typed("1"), location: "Garden")
        let before = try Snapshot(store)

        #expect(throws: StoreError.conflict(.item)) { try shop.edit(.typed("1"), name: "Nashi", expectedVersion: 1) }
        #expect(throws: StoreError.conflict(.item)) { try shop.toggle(.typed("1"), expectedVersion: 1) }
        #expect(throws: StoreError.conflict(.item)) { try shop.remove([.typed("1")], expectedVersion: 3) }
        #expect(throws: StoreError.conflict(.task)) { try todo.edit(.typed("1"), title: "Run", expectedVersion: 1) }
        #expect(throws: StoreError.conflict(.task)) {
            try todo.setDone([.typed("1")], isDone: false, expectedVersion: 1)
        }
        #expect(throws: StoreError.conflict(.task)) { try todo.remove([.typed("1")], expectedVersion: 1) }
        #expect(throws: StoreError.conflict(.sighting)) {
            try birds.edit(.typed("1"), name: "Wren", expectedVersion: 1)
        }
        #expect(throws: StoreError.conflict(.sighting)) { try birds.remove([.typed("1")], expectedVersion: 1) }
        #expect(try Snapshot(store) == before)

        #expect(try shop.edit(.typed("1"), name: "Nashi", expectedVersion: 2).record.meta.version == 3)
        #expect(try todo.toggle(.typed("1"), expectedVersion: 2).record.meta.version == 3)
        #expect(try birds.remove([.typed("1")], expectedVersion: 2).count == 1)
    }

    static func togglingPutsAnItemOnAndOffTheShoppingList(_ store: any Store) throws {
        let shop = ShoppingList(store: store)
        try addItems(shop, ["Pear", "Tea"])
        let on = try shop.toggle(.typed("Tea"))
        #expect(on.record.isOnShoppingList)
        #expect(on.record.meta.version == 2)
        #expect(try shop.shoppingList().listed() == ["2 Tea"])
        let off = try shop.toggle(.typed("Tea"))
        #expect(!off.record.isOnShoppingList)
        #expect(off.record.meta.version == 3)
        #expect(try shop.shoppingList().isEmpty)
        #expect(
            try shop.setOnShoppingList([.typed("1"), .typed("2")], isOn: true).map(\.record.isOnShoppingList) == [
                true, true,
            ])
        #expect(try shop.shoppingList().listed() == ["1 Pear", "2 Tea"])
    }

    static func theShoppingListKeepsCatalogOrderAndNumbers(_ store: any Store) throws {
        let shop = ShoppingList(store: store)
        try addItems(shop, ["Pear", "Notepad", "Pencil", "Bread", "Mango"])
        try shop.setOnShoppingList([.typed("Mango")], isOn: true)
        try shop.setOnShoppingList([.typed("Notepad")], isOn: true)
        try shop.setOnShoppingList([.typed("Bread")], isOn: true)
        #expect(try shop.shoppingList().listed() == ["2 Notepad", "4 Bread", "5 Mango"])
        try shop.remove([.typed("Pear")])
        #expect(try shop.shoppingList().listed() == ["1 Notepad", "3 Bread", "4 Mango"])
        try shop.edit(.typed("Notepad"), name: "Notebook")
        try shop.setOnShoppingList([.typed("Mango")], isOn: false)
        #expect(try shop.shoppingList().listed() == ["1 Notebook", "3 Bread"])
        #expect(try shop.catalog().listed() == ["1 Notebook", "2 Pencil", "3 Bread", "4 Mango"])
    }

    static func theTotalIsExact(_ store: any Store) throws {
        let shop = ShoppingList(store: store)
        #expect(try shop.total() == .zero)
        for (name, price) in [
            ("Ten", "0.10"), ("Twenty", "0.20"), ("Seventy", "0.70"), ("Car", "1000000"),
            ("Boat", "1000000"),
        ] {
            try shop.add(name: name, price: try Money(parsingPrice: price))
        }
        #expect(try shop.total() == .zero)
        try shop.setOnShoppingList([.typed("Ten"), .typed("Twenty")], isOn: true)
        #expect(try shop.total().description == "0.30")
        try shop.toggle(.typed("Seventy"))
        #expect(try shop.total().description == "1.00")
        try shop.setOnShoppingList([.typed("Car"), .typed("Boat")], isOn: true)
        #expect(try shop.total().description == "2000001.00")
        try shop.edit(.typed("Ten"), price: Money(minorUnits: 1))
        try shop.remove([.typed("Boat")])
        #expect(try shop.total().description == "1000000.91")
    }

    static func removingDeletesAndRenumbers(_ store: any Store) throws {
        let shop = ShoppingList(store: store)
        try addItems(shop, ["Pear", "Tea", "Salt", "Jam"])
        #expect(try shop.remove([.typed("2")]).listed() == ["2 Tea"])
        #expect(try shop.catalog().listed() == ["1 Pear", "2 Salt", "3 Jam"])
        #expect(try shop.remove([.typed("Jam"), .typed("1")]).map(\.record.name).sorted() == ["Jam", "Pear"])
        #expect(try shop.catalog().listed() == ["1 Salt"])
        try addItems(shop, ["Cake"])
        try shop.remove([.typed("Cake")])
        try addItems(shop, ["Figs", "Kiwi"])
        #expect(try shop.catalog().listed() == ["1 Salt", "2 Figs", "3 Kiwi"])
        #expect(try store.read { try $0.count(ShoppingItem.self, where: nil) } == 3)

        let todo = TodoList(store: store)
        try todo.add(title: "Walk the dogs")
        try todo.add(title: "Feed the hogs")
        #expect(try todo.remove([.typed("1")]).listed() == ["1 Walk the dogs"])
        #expect(try todo.all().listed() == ["1 Feed the hogs"])
        let birds = BirdSightingLog(store: store)
        try birds.add(name: "Robin")
        try birds.add(name: "Wren")
        try birds.remove([.typed("Wren")])
        #expect(try birds.all().listed() == ["1 Robin"])
    }

    static func multiReferenceOperationsAreAllOrNothing(_ store: any Store) throws {
        let shop = ShoppingList(store: store)
        let todo = TodoList(store: store)
        let birds = BirdSightingLog(store: store)
        try addItems(shop, ["Pear", "Tea", "Salt"])
        try todo.add(title: "Walk the dogs")
        try todo.add(title: "Feed the hogs")
        try birds.add(name: "Robin")
        let before = try Snapshot(store)
        refusal("item") { try shop.setOnShoppingList([.typed("1"), .typed("2"), .typed("Caviar")], isOn: true) }
        refusal("item") { try shop.remove([.typed("Pear"), .typed("9")]) }
        refusal("task") { try todo.setDone([.typed("1"), .typed("2"), .typed("3")], isDone: true) }
        refusal("task") { try todo.remove([.typed("2"), .typed("")]) }
        refusal("sighting") { try birds.remove([.typed("Robin"), .typed("Wren")]) }
        refusal("item") { try shop.setOnShoppingList([], isOn: true) }
        refusal("task") { try todo.remove([]) }
        #expect(try Snapshot(store) == before)
        #expect(try shop.setOnShoppingList([.typed("1"), .typed("3")], isOn: true).listed() == ["1 Pear", "3 Salt"])
        #expect(try todo.setDone([.typed("1"), .typed("2")], isDone: true).map(\.record.isDone) == [true, true])
    }

    static func aRecordNamedTwiceChangesOnce(_ store: any Store) throws {
        let shop = ShoppingList(store: store)
        let pear = try shop.add(name: "Pear", price: .zero)
        let changed = try shop.setOnShoppingList([.typed("1"), .typed("Pear"), .id(pear.record.id)], isOn: true)
        #expect(changed.count == 1)
        #expect(try shop.item(.typed("1")).record.meta.version == 2)
        #expect(try shop.remove([.typed("Pear"), .typed("1")]).count == 1)
        #expect(try shop.catalog().isEmpty)
    }

    static func invalidItemsChangeNothing(_ store: any Store) throws {
        let shop = ShoppingList(store: store)
        try shop.add(name: "Pear", price: Money(minorUnits: 62))
        let before = try Snapshot(store)
        refusal("name") { try shop.add(name: "", price: .zero) }
        refusal("name") { try shop.add(name: "   ", price: .zero) }
        refusal("name") { try shop.add(name: String(repeating: "a", count: 201), price: .zero) }
        refusal("name") { try shop.add(name: "Pe\u{0}ar", price: .zero) }
        refusal("price") { try shop.add(name: "Tea", price: Money(minorUnits: -1)) }
        refusal("price") { try shop.add(name: "Tea", price: Money(minorUnits: 100_000_001)) }
        refusal("name") { try shop.edit(.typed("1"), name: "") }
        refusal("name") { try shop.edit(.typed("1"), name: "\u{7}") }
        refusal("price") { try shop.edit(.typed("1"), name: "Nashi", price: Money(minorUnits: -5)) }
        #expect(try Snapshot(store) == before)
    }

    static func namesOf200CharactersOfAnyScriptAreKept(_ store: any Store) throws {
        let shop = ShoppingList(store: store)
        let todo = TodoList(store: store)
        let birds = BirdSightingLog(store: store)
        for character in ["a", "ü", "🐦", "e\u{301}", "🇫🇷", "👩‍👩‍👧"] {
            let text = String(repeating: character, count: 200)
            #expect(throws: Never.self, "an item named 200 × \(character)") {
                let added = try shop.add(name: text, price: .zero)
                #expect(try shop.item(.id(added.record.id)).record.name == text)
            }
            #expect(throws: Never.self, "a task of 200 × \(character)") { try todo.add(title: text) }
            #expect(throws: Never.self, "a sighting at 200 × \(character)") {
                try birds.add(name: text, location: text)
            }
        }
    }

    static func awkwardTextIsKeptAsTyped(_ store: any Store) throws {
        let shop = ShoppingList(store: store)
        let names = ["Robert'); DROP TABLE items;--", "100% \"pure\" \\ juice", "Crème brûlée", "日本茶", "%_*?"]
        for name in names { try shop.add(name: name, price: .zero) }
        #expect(try shop.catalog().map(\.record.name) == names)
        #expect(try shop.item(.typed("%_*?")).listed == "5 %_*?")
    }

    static func caseIsIgnoredBeyondASCII(_ store: any Store) throws {
        let shop = ShoppingList(store: store)
        try addItems(shop, ["Crème brûlée", "Äpfel"])
        #expect((try? shop.item(.typed("CRÈME BRÛLÉE")))?.listed == "1 Crème brûlée")
        #expect((try? shop.item(.typed("äpfel")))?.listed == "2 Äpfel")
    }

    // MARK: To-do

    static func tasksAreInsertedInOrderAndEmptyTextAddsNothing(_ store: any Store) throws {
        let clock = TestClock()
        let todo = TodoList(store: store, clock: clock.closure)
        for title in ["Walk the dogs", " Feed the hogs ", "Chop the logs"] { try todo.add(title: title) }
        let before = try Snapshot(store)
        refusal("title") { try todo.add(title: "") }
        refusal("title") { try todo.add(title: " \n ") }
        refusal("title") { try todo.add(title: "tab\there") }
        #expect(try Snapshot(store) == before)
        let tasks = try todo.all()
        #expect(tasks.listed() == ["1 Walk the dogs", "2 Feed the hogs", "3 Chop the logs"])
        #expect(tasks.map(\.record.isDone) == [false, false, false])
        #expect(tasks.map(\.record.meta.version) == [1, 1, 1])
        #expect(tasks[0].record.meta.createdAt == clock.now.roundedToMilliseconds)
    }

    static func tasksAreEditedToggledMarkedAndRemoved(_ store: any Store) throws {
        let clock = TestClock()
        let todo = TodoList(store: store, clock: clock.closure)
        for title in Seeding.tasks { try todo.add(title: title) }
        clock.advance(by: 5)
        let edited = try todo.edit(.typed("Feed the hogs"), title: "Feed the pigs")
        #expect(edited.listed == "2 Feed the pigs")
        #expect(edited.record.meta.version == 2)
        #expect(edited.record.meta.updatedAt == clock.now.roundedToMilliseconds)
        let done = try todo.toggle(.typed("1"))
        #expect(done.record.isDone)
        #expect(done.record.meta.version == 2)
        #expect(try todo.toggle(.typed("1")).record.isDone == false)
        let marked = try todo.setDone([.typed("2"), .typed("Chop the logs")], isDone: true)
        #expect(marked.map(\.record.meta.version) == [3, 2])
        #expect(try todo.setDone([.typed("2")], isDone: true)[0].record.meta.version == 3)
        #expect(try todo.all().map(\.record.isDone) == [false, true, true])
        #expect(
            try store.read { try $0.list(TodoTask.self, where: TodoTask.Fields.isDone == true) }.listed()
                == ["2 Feed the pigs", "3 Chop the logs"])
        try todo.remove([.typed("Walk the dogs")])
        #expect(try todo.all().listed() == ["1 Feed the pigs", "2 Chop the logs"])
    }

    /// The home screen's lines: each app's counts follow adds, marks and removals, and agree with its lists.
    static func theAppsCountWhatTheyHold(_ store: any Store) throws {
        let todo = TodoList(store: store)
        let shop = ShoppingList(store: store)
        let birds = BirdSightingLog(store: store)
        #expect(try todo.counts() == (0, 0))
        #expect(try shop.counts() == (0, 0))
        #expect(try birds.count() == 0)
        for title in Seeding.tasks { try todo.add(title: title) }
        _ = try todo.setDone([.typed("1"), .typed("3")], isDone: true)
        _ = try addItems(shop, ["Milk", "Eggs", "Bread", "Tea"])
        _ = try shop.setOnShoppingList([.typed("Eggs")], isOn: true)
        try birds.add(name: "Robin")
        try birds.add(name: "Wren", location: "Garden")
        #expect(try todo.counts() == (3, 1))
        #expect(try shop.counts() == (4, 1))
        #expect(try birds.count() == 2)
        try todo.remove([.typed("2")])
        _ = try shop.remove([.typed("Eggs")])
        #expect(try todo.counts() == (2, 0))
        #expect(try todo.counts().all == todo.all().count)
        #expect(try shop.counts() == (3, 0))
        #expect(try shop.counts().onList == shop.shoppingList().count)
    }

    // MARK: Bird sightings

    static func sightingsAreDatedNowUnlessGivenADate(_ store: any Store) throws {
        let clock = TestClock()
        let birds = BirdSightingLog(store: store, clock: clock.closure)
        let robin = try birds.add(name: "Robin")
        #expect(robin.record.date == Date(timeIntervalSince1970: 1_796_017_527.123))
        #expect(robin.record.location == nil)
        let seen = Date(timeIntervalSince1970: 1_700_000_000.5)
        let heron = try birds.add(name: " Heron ", location: "  Lake ", date: seen)
        #expect(heron.listed == "2 Heron")
        #expect(heron.record.location == "Lake")
        #expect(heron.record.date == seen)
        let blank = try birds.add(name: "Wren", location: "   ")
        #expect(blank.record.location == nil)
        #expect(try birds.all().map(\.record) == [robin.record, heron.record, blank.record])
        #expect(try birds.sighting(.typed("2")).record == heron.record)
    }

    static func invalidSightingsChangeNothing(_ store: any Store) throws {
        let clock = TestClock()
        let birds = BirdSightingLog(store: store, clock: clock.closure)
        try birds.add(name: "Robin", location: "Garden")
        let before = try Snapshot(store)
        refusal("name") { try birds.add(name: "", location: "Park") }
        refusal("location") { try birds.add(name: "Wren", location: String(repeating: "x", count: 201)) }
        refusal("location") { try birds.add(name: "Wren", location: "a\nb") }
        refusal("date") { try birds.add(name: "Wren", date: clock.now.addingTimeInterval(2 * 86_400)) }
        refusal("date") { try birds.add(name: "Wren", date: BirdSighting.earliestDate.addingTimeInterval(-1)) }
        refusal("date") { try birds.edit(.typed("1"), date: clock.now.addingTimeInterval(3 * 86_400)) }
        refusal("name") { try birds.edit(.typed("1"), name: " ") }
        #expect(try Snapshot(store) == before)
    }

    static func sightingsAreEditedAndAnEmptyLocationClearsIt(_ store: any Store) throws {
        let clock = TestClock()
        let birds = BirdSightingLog(store: store, clock: clock.closure)
        try birds.add(name: "Robin", location: "Garden")
        clock.advance(by: 10)
        let renamed = try birds.edit(.typed("Robin"), name: "Robin redbreast")
        #expect(renamed.record.location == "Garden")
        #expect(renamed.record.meta.version == 2)
        let cleared = try birds.edit(.typed("1"), location: "")
        #expect(cleared.record.location == nil)
        #expect(cleared.record.meta.version == 3)
        let date = Date(timeIntervalSince1970: 1_600_000_000.25)
        let redated = try birds.edit(.typed("1"), location: "Park", date: date)
        #expect(redated.record.date == date)
        #expect(redated.record.location == "Park")
        #expect(redated.record.meta.version == 4)
        #expect(try birds.edit(.typed("1"), name: "Robin redbreast", date: date).record.meta.version == 4)
        #expect(try birds.sighting(.typed("1")).record == redated.record)
    }

    // MARK: Dates, versions and transactions

    /// Instants around today, before 1970, near 2^30 and 2^31 seconds, and in 1800.
    static let testedDates: [Date] = {
        let starts: [Double] = [1_796_017_527, 1_073_779_200, 2_147_558_400, -1, -5_364_662_400, 0]
        return starts.flatMap { start in
            (0..<40).map { Date(timeIntervalSince1970: start + Double($0) / 1000 + ($0 % 2 == 0 ? 0 : 0.000_3)) }
        }
    }()

    static func datesSurviveARoundTripToTheMillisecond(_ store: any Store) throws {
        let clock = TestClock(Date(timeIntervalSince1970: 2_200_000_000))
        let birds = BirdSightingLog(store: store, clock: clock.closure)
        var added: [BirdSighting] = []
        for (index, date) in testedDates.enumerated() {
            added.append(try birds.add(name: "Bird \(index)", date: date).record)
        }
        let stored = try birds.all().map(\.record)
        #expect(stored.count == added.count)
        var wrong: [String] = []
        for (index, (written, read)) in zip(added, stored).enumerated() {
            let expected = (testedDates[index].timeIntervalSince1970 * 1000).rounded()
            let readBack = (read.date.timeIntervalSince1970 * 1000).rounded()
            if written != read || readBack != expected { wrong.append("\(Int64(expected)) read as \(Int64(readBack))") }
        }
        let wrongCount = wrong.count
        #expect(wrongCount == 0, "\(wrongCount) of \(added.count) dates changed, e.g. \(wrong.prefix(3))")
    }

    static func editsDoNotMoveADate(_ store: any Store) throws {
        let clock = TestClock(Date(timeIntervalSince1970: 2_200_000_000))
        let birds = BirdSightingLog(store: store, clock: clock.closure)
        // Near 2^30 and 2^31 seconds (2004 and 2038) the last bit of a double is a sizeable part of a millisecond.
        let dates =
            testedDates.filter { abs($0.timeIntervalSince1970 - 1_073_779_200) < 1 }
            + testedDates.filter { abs($0.timeIntervalSince1970 - 2_147_558_400) < 1 }
        for (index, date) in dates.enumerated() { try birds.add(name: "Bird \(index)", date: date) }
        let first = try birds.all().map(\.record.date)
        for round in 1...2 {
            for number in 1...first.count { try birds.edit(.typed("\(number)"), name: "Bird \(number) \(round)") }
        }
        let moved = zip(first, try birds.all().map(\.record.date)).filter { $0 != $1 }.map { before, after in
            let shift = Int((after.timeIntervalSince(before) * 1000).rounded())
            return "\(Int64((before.timeIntervalSince1970 * 1000).rounded())) ms since 1970 moved by \(shift) ms"
        }
        let movedCount = moved.count
        #expect(
            movedCount == 0, "\(movedCount) of \(first.count) dates moved after two renames, e.g. \(moved.prefix(2))")
    }

    static func aWriteWhoseBodyThrowsIsRolledBack(_ store: any Store) throws {
        let shop = ShoppingList(store: store)
        try addItems(shop, ["Pear"])
        let before = try Snapshot(store)
        let now = Date(timeIntervalSince1970: 1_796_017_527)
        #expect(throws: DeliberateFailure()) {
            try store.write { session in
                try session.insert(ShoppingItem(meta: RecordMeta(createdAt: now), name: "Tea", price: .zero))
                try session.insert(TodoTask(meta: RecordMeta(createdAt: now), title: "Walk the dogs"))
                try session.setSetting("seeded", to: "tutorials")
                var pear = try #require(try session.record(ShoppingItem.self, number: 1)).record
                pear.name = "Nashi"
                pear.meta.version = 2
                try session.update(pear, expectedVersion: 1)
                #expect(try session.count(ShoppingItem.self, where: nil) == 2)
                throw DeliberateFailure()
            }
        }
        #expect(try Snapshot(store) == before)

        let taken = try #require(before.items.first).record
        #expect(throws: StoreError.conflict(.item)) {
            try store.write { session in
                try session.insert(TodoTask(meta: RecordMeta(createdAt: now), title: "Feed the hogs"))
                try session.insert(taken)
            }
        }
        #expect(try Snapshot(store) == before)
        // The store is still usable afterwards.
        try addItems(shop, ["Tea"])
        #expect(try shop.catalog().listed() == ["1 Pear", "2 Tea"])
    }

    static func sessionReportsConflictsAndMissingRecords(_ store: any Store) throws {
        let now = Date(timeIntervalSince1970: 1_796_017_527)
        let task = TodoTask(meta: RecordMeta(createdAt: now), title: "Walk the dogs")
        try store.write { try $0.insert(task) }
        #expect(throws: StoreError.conflict(.task)) { try store.write { try $0.insert(task) } }
        var changed = task
        changed.title = "Run"
        changed.meta.version = 3
        #expect(throws: StoreError.conflict(.task)) { try store.write { try $0.update(changed, expectedVersion: 2) } }
        let stranger = TodoTask(meta: RecordMeta(createdAt: now, version: 2), title: "Nobody")
        #expect(throws: StoreError.notFound(.task)) { try store.write { try $0.update(stranger, expectedVersion: 1) } }
        #expect(throws: StoreError.notFound(.sighting)) {
            try store.write { try $0.delete(BirdSighting.self, id: stranger.id, at: now) }
        }
        try store.read { (session: any StoreSession) throws in
            #expect(try session.record(TodoTask.self, id: task.id) == task)
            #expect(try session.record(TodoTask.self, id: stranger.id) == nil)
            #expect(try session.record(ShoppingItem.self, id: task.id) == nil)
            #expect(try session.record(TodoTask.self, number: 0) == nil)
            #expect(try session.record(TodoTask.self, number: 2) == nil)
            #expect(try session.record(TodoTask.self, number: 1) == Numbered(number: 1, record: task))
        }
        try store.write { try $0.update(changed, expectedVersion: 1) }
        #expect(try store.read { try $0.record(TodoTask.self, id: task.id) } == changed)
        try store.write { try $0.delete(TodoTask.self, id: task.id, at: now) }
        #expect(try store.read { try $0.count(TodoTask.self, where: nil) } == 0)
    }

    static func settingsAreKept(_ store: any Store) throws {
        #expect(try store.read { try $0.setting("currency") } == nil)
        try store.write { try $0.setSetting("currency", to: "EUR") }
        try store.write { try $0.setSetting("currency", to: "CHF") }
        try store.write { try $0.setSetting("theme", to: "dark") }
        #expect(try store.read { [try $0.setting("currency"), try $0.setting("theme")] } == ["CHF", "dark"])
        try store.write { try $0.removeSetting("currency") }
        try store.write { try $0.removeSetting("never set") }
        #expect(try store.read { [try $0.setting("currency"), try $0.setting("theme")] } == [nil, "dark"])
    }

    static func pagingWithOffsetAndLimit(_ store: any Store) throws {
        let todo = TodoList(store: store)
        for number in 1...10 { try todo.add(title: "Task \(number)") }
        #expect(try todo.all(offset: 3, limit: 4).listed() == ["4 Task 4", "5 Task 5", "6 Task 6", "7 Task 7"])
        #expect(try todo.all(offset: 8, limit: 5).listed() == ["9 Task 9", "10 Task 10"])
        #expect(try todo.all(offset: 10, limit: 5).isEmpty)
        #expect(try todo.all(offset: 0, limit: 0).isEmpty)
        #expect(try todo.all(offset: 7).listed() == ["8 Task 8", "9 Task 9", "10 Task 10"])
        #expect(try todo.all(limit: 2).listed() == ["1 Task 1", "2 Task 2"])

        let shop = ShoppingList(store: store)
        let names = (1...8).map { "Item \($0)" }
        try addItems(shop, names)
        try shop.setOnShoppingList([.typed("2"), .typed("4"), .typed("6"), .typed("8")], isOn: true)
        #expect(try shop.catalog(offset: 6, limit: 1).listed() == ["7 Item 7"])
        let page = try store.read { try $0.list(ShoppingItem.self, where: onList, offset: 1, limit: 2) }
        #expect(page.listed() == ["4 Item 4", "6 Item 6"])

        let birds = BirdSightingLog(store: store)
        for name in ["Robin", "Wren", "Heron"] { try birds.add(name: name) }
        #expect(try birds.all(offset: 1, limit: 1).listed() == ["2 Wren"])
    }

    static func countAndSumWithAFilter(_ store: any Store) throws {
        let shop = ShoppingList(store: store)
        for (name, cents) in [("Pear", 62), ("Notepad", 253), ("Pencil", 35), ("Bread", 312), ("Mango", 125)] {
            try shop.add(name: name, price: Money(minorUnits: Int64(cents)))
        }
        try shop.setOnShoppingList([.typed("Notepad"), .typed("Mango")], isOn: true)
        let offList = ShoppingItem.Fields.isOnShoppingList == false
        try store.read { (session: any StoreSession) throws in
            #expect(try session.count(ShoppingItem.self, where: nil) == 5)
            #expect(try session.count(ShoppingItem.self, where: onList) == 2)
            #expect(try session.count(ShoppingItem.self, where: offList) == 3)
            #expect(try session.count(ShoppingItem.self, where: ShoppingItem.Fields.name == "Pear") == 1)
            #expect(try session.count(TodoTask.self, where: nil) == 0)
            #expect(try session.sum(ShoppingItem.self, field: ShoppingItem.Fields.price.column, where: onList) == 378)
            #expect(try session.sum(ShoppingItem.self, field: ShoppingItem.Fields.price.column, where: nil) == 787)
            #expect(
                try session.sum(
                    ShoppingItem.self, field: ShoppingItem.Fields.price.column, where: ShoppingItem.Fields.name == "Fig"
                ) == 0)
        }
        #expect(try shop.total() == Money(minorUnits: 378))
    }

    /// Filters combined with `&&` let through the records that pass every test, for lists (numbered in the whole
    /// list), counts and sums alike; orderings compare prices and dates; a test against no value is "has none" (or
    /// "has one"); text is ordered by its bytes on every engine (`kestrel` after `Wren`, where a dictionary puts it
    /// before); a test of an unknown column is refused rather than sent.
    static func filtersCombineAndCompare(_ store: any Store) throws {
        let shop = ShoppingList(store: store)
        for (name, cents) in [("Pear", 62), ("Notepad", 253), ("Pencil", 35), ("Bread", 312), ("Mango", 125)] {
            try shop.add(name: name, price: Money(minorUnits: Int64(cents)))
        }
        try shop.setOnShoppingList([.typed("Notepad"), .typed("Pencil"), .typed("Mango")], isOn: true)
        let onList = ShoppingItem.Fields.isOnShoppingList == true
        let price = ShoppingItem.Fields.price
        let dearOnes = onList && price >= Money(minorUnits: 125)
        try store.read { (session: any StoreSession) throws in
            #expect(try session.list(ShoppingItem.self, where: dearOnes).listed() == ["2 Notepad", "5 Mango"])
            #expect(try session.count(ShoppingItem.self, where: dearOnes) == 2)
            #expect(try session.sum(ShoppingItem.self, field: price.column, where: dearOnes) == 378)
            #expect(
                try session.list(
                    ShoppingItem.self, where: price > Money(minorUnits: 62) && price < Money(minorUnits: 312)
                )
                .listed() == ["2 Notepad", "5 Mango"])
            #expect(
                try session.list(ShoppingItem.self, where: price <= Money(minorUnits: 62)).listed() == [
                    "1 Pear", "3 Pencil",
                ])
            #expect(
                try session.list(
                    ShoppingItem.self, where: onList && ShoppingItem.Fields.name != "Pencil", offset: 1, limit: 5
                )
                .listed() == ["5 Mango"])
            #expect(try session.count(ShoppingItem.self, where: onList && price > Money(minorUnits: 1000)) == 0)
        }
        let birds = BirdSightingLog(store: store)
        let noon = Date(timeIntervalSince1970: 1_700_000_000)
        try birds.add(name: "Robin", location: "Garden", date: noon.addingTimeInterval(-86_400))
        try birds.add(name: "Wren", location: nil, date: noon)
        try birds.add(name: "Jay", location: "Wood", date: noon.addingTimeInterval(3_600))
        try birds.add(name: "kestrel", location: "Wood", date: noon.addingTimeInterval(7_200))
        let date = BirdSighting.Fields.date
        let location = BirdSighting.Fields.location
        try store.read { (session: any StoreSession) throws in
            #expect(
                try session.list(BirdSighting.self, where: date >= noon).listed() == ["2 Wren", "3 Jay", "4 kestrel"])
            #expect(
                try session.list(BirdSighting.self, where: BirdSighting.Fields.name > "Z").listed() == ["4 kestrel"])
            #expect(try session.list(BirdSighting.self, where: location == nil).listed() == ["2 Wren"])
            #expect(try session.list(BirdSighting.self, where: location != nil && date < noon).listed() == ["1 Robin"])
            #expect(
                try session.list(BirdSighting.self, where: BirdSighting.Fields.name > "Jay").listed() == [
                    "1 Robin", "2 Wren", "4 kestrel",
                ])
            #expect(throws: StoreError.self) { try session.count(TodoTask.self, where: onList) }
        }
    }

    // MARK: Seeding

    static func seedingHappensExactlyOnce(_ store: any Store) throws {
        let now = Date(timeIntervalSince1970: 1_796_017_527.123_4)
        #expect(try Seeding.seedIfNeeded(store, now: now))
        let shop = ShoppingList(store: store)
        let catalog = try shop.catalog()
        #expect(catalog.listed() == ["1 Pear", "2 Notepad", "3 Pencil", "4 Bread", "5 Mango"])
        #expect(catalog.map(\.record.price.description) == ["0.62", "2.53", "0.35", "3.12", "1.25"])
        #expect(catalog.allSatisfy { !$0.record.isOnShoppingList && $0.record.meta.version == 1 })
        #expect(try TodoList(store: store).all().listed() == ["1 Walk the dogs", "2 Feed the hogs", "3 Chop the logs"])
        let sightings = try BirdSightingLog(store: store).all()
        #expect(sightings.listed() == ["1 Pigeon"])
        #expect(sightings.first?.record.location == "Everywhere")
        #expect(sightings.first?.record.date == Date(timeIntervalSince1970: 1_796_017_527.123))
        let seeded = try Snapshot(store)
        #expect(seeded.seeded != nil)

        #expect(try Seeding.seedIfNeeded(store, now: now) == false)
        #expect(try Snapshot(store) == seeded)
        try shop.remove(catalog.map { .id($0.record.id) })
        #expect(try Seeding.seedIfNeeded(store) == false)
        #expect(try shop.catalog().isEmpty)
    }

    static func seedingEmptyLeavesItEmptyButMarked(_ store: any Store) throws {
        #expect(try Seeding.seedIfNeeded(store, empty: true))
        let marked = try Snapshot(store)
        #expect(marked.seeded != nil)
        #expect(marked.items.isEmpty && marked.tasks.isEmpty && marked.sightings.isEmpty)
        #expect(marked.counts == [0, 0, 0])
        #expect(try Seeding.seedIfNeeded(store) == false)
        #expect(try Snapshot(store) == marked)
    }
}

extension Numbered where R: Record {
    /// `"2 Tea"`: the number and the name, as `list` shows a row.
    public var listed: String { "\(number) \(record.displayName)" }
}

extension Added where R: Record {
    /// `"2 Tea"`: the number and the name, as `add` reports them.
    public var listed: String { "\(number.map(String.init) ?? "-") \(record.displayName)" }
}
