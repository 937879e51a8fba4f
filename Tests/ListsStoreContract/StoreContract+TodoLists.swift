import Foundation
import ListsModel
import Testing

/// A household's named to-do lists, on every store: made, renamed, moved and deleted with their tasks and an undo;
/// tasks on a list, moved between lists, and numbered as the household's; the tasks of a database from before
/// to-do lists put on "To-Do" once; bad input refused naming its field; each household's lists its own.
extension StoreContract {
    static let todoListChecks: [Check] = [
        Check(
            "todoListsAreMadeRenamedMovedAndDeletedWithTheirTasks", todoListsAreMadeRenamedMovedAndDeletedWithTheirTasks
        ),
        Check("tasksAreOnTheirListAndMoveBetweenLists", tasksAreOnTheirListAndMoveBetweenLists),
        Check("tasksFromBeforeTodoListsArePutOnToDoOnce", tasksFromBeforeTodoListsArePutOnToDoOnce),
        Check("badTodoListInputIsRefusedAndChangesNothing", badTodoListInputIsRefusedAndChangesNothing),
        Check("todoListsAreTheirHouseholdsOwn", todoListsAreTheirHouseholdsOwn),
    ]

    /// Every to-do list of a household and every task, to compare before and after a refusal.
    struct TodoView: Equatable {
        var lists: [TaskList]
        var tasks: [Numbered<TodoTask>]

        init(_ lists: TodoLists) throws {
            self.lists = try lists.all()
            tasks = try lists.tasks(of: nil).all()
        }
    }

    /// 24 December 2026.
    static let christmas = Day(daysSince1970: 20_811)

    /// Lists Home and Work, with two tasks on Home and one on Work.
    static func homeAndWork(_ store: any Store) throws -> (TodoLists, home: TaskList, work: TaskList) {
        let lists = TodoLists(store: store)
        let home = try lists.make(name: "Home")
        let work = try lists.make(name: "Work")
        try lists.tasks(of: home).add(title: "Walk the dogs")
        try lists.tasks(of: work).add(title: "File the report", due: Due(day: christmas))
        try lists.tasks(of: home).add(title: "Feed the hogs")
        return (lists, home, work)
    }

    static func todoListsAreMadeRenamedMovedAndDeletedWithTheirTasks(_ store: any Store) throws {
        let (lists, home, work) = try homeAndWork(store)
        #expect(try lists.all().map(\.name) == ["Home", "Work"])
        // A make sent twice with its id makes one list.
        let id = UUID()
        let garden = try lists.make(name: "Garden", id: id)
        #expect(try lists.make(name: "Garden", id: id) == garden)
        try lists.rename(.typed("work"), to: "Office")
        #expect(try lists.list(.id(work.id)).name == "Office")
        // Renaming to its own name with another case is no clash with itself.
        try lists.rename(.typed("Office"), to: "OFFICE")
        #expect(try lists.move(.typed("Garden"), by: -2).map(\.name) == ["Garden", "Home", "OFFICE"])
        #expect(try lists.list(.typed("1")).name == "Garden")
        refusal("offset") { try lists.move(.typed("Garden"), by: -1) }
        refusal("offset") { try lists.move(.typed("OFFICE"), by: 1) }
        #expect(
            try lists.summaries().map { "\($0.list.name) \($0.open)/\($0.tasks)" } == [
                "Garden 0/0", "Home 2/2", "OFFICE 1/1",
            ])
        // Past a dozen lists the counts come from one read of every task rather than from the store's counts: the
        // same counts. (Made and deleted again, so that what follows sees the three lists.)
        let more = try (1...12).map { try lists.make(name: "More \($0)") }
        try lists.tasks(of: more[11]).add(title: "Water the plants", isDone: true)
        let many = try lists.summaries()
        #expect(many.count == 15)
        for summary in many {
            let counted = try lists.tasks(of: summary.list).counts()
            #expect(summary.tasks == counted.all && summary.open == counted.open, "\(summary.list.name)")
        }
        #expect(many.last.map { "\($0.list.name) \($0.open)/\($0.tasks)" } == "More 12 0/1")
        for list in more { try lists.delete(.id(list.id)) }

        // A delete takes the list's tasks with it, and its undo puts both back as they were, in their places.
        let before = try TodoView(lists)
        let deleted = try lists.delete(.typed("Home"))
        #expect(deleted.tasks == 2)
        #expect(try lists.all().map(\.name) == ["Garden", "OFFICE"])
        #expect(try lists.tasks(of: nil).all().map(\.record.title) == ["File the report"])
        #expect(try lists.tasks(of: home).all().isEmpty)
        try lists.restore(deleted.removal)
        #expect(try TodoView(lists) == before)
        #expect(throws: StoreError.self) { try lists.restore(deleted.removal) }

        // An undo that would bring back a second list of one name is refused, and puts nothing back.
        let again = try lists.delete(.typed("Home"))
        try lists.make(name: "home")
        let beforeUndo = try TodoView(lists)
        #expect(throws: StoreError.nameTaken("name")) { try lists.restore(again.removal) }
        #expect(try TodoView(lists) == beforeUndo)
    }

    static func tasksAreOnTheirListAndMoveBetweenLists(_ store: any Store) throws {
        let (lists, home, work) = try homeAndWork(store)
        let onHome = lists.tasks(of: home)
        let onWork = lists.tasks(of: work)
        // A task's number is the household's: the same on its list and on every list together.
        #expect(try onHome.all().listed() == ["1 Walk the dogs", "3 Feed the hogs"])
        #expect(try onWork.all().listed() == ["2 File the report"])
        #expect(try onHome.counts() == (2, 2))
        #expect(try onHome.window(limit: 1, start: { $0 - 1 }).tasks.listed() == ["3 Feed the hogs"])
        #expect(try lists.tasks(of: nil).all().count == 3)
        // Today gathers every list; a list's own agenda only its tasks.
        #expect(try lists.tasks(of: nil).due(through: christmas).listed() == ["2 File the report"])
        #expect(try onHome.due(through: christmas).isEmpty)
        // The table of Today reads the same tasks, with their lists when asked.
        let agenda = try lists.tasks(of: nil).agenda(through: christmas, lists: true)
        #expect(agenda.map { "\($0.number) \($0.title) \($0.list ?? "none")" } == ["2 File the report \(work.id)"])
        #expect(try lists.tasks(of: nil).agenda(through: christmas, lists: false).map(\.list) == [nil])
        #expect(try onHome.agenda(through: christmas, lists: true).isEmpty)
        // Moving a task is changing its list: it keeps its id, number and version history.
        let moved = try onHome.edit(.typed("Feed the hogs"), list: work)
        #expect(moved.number == 3 && moved.record.list == work.id.uuidString && moved.record.meta.version == 2)
        #expect(try onWork.all().listed() == ["2 File the report", "3 Feed the hogs"])
        #expect(try onHome.all().listed() == ["1 Walk the dogs"])
        // A task added with no list goes on the first list.
        let plain = try TodoList(store: store).add(title: "Chop the logs")
        #expect(plain.record.list == home.id.uuidString)
    }

    static func tasksFromBeforeTodoListsArePutOnToDoOnce(_ store: any Store) throws {
        // Tasks as a release before to-do lists stored them: on no list.
        let main = store.scoped(to: StoreScope(household: store.scope.household))
        let now = Date(timeIntervalSince1970: 1_796_017_527.123)
        let old = ["Walk the dogs", "Feed the hogs"].map { TodoTask(meta: RecordMeta(createdAt: now), title: $0) }
        try main.write { session in for task in old { try session.insert(task) } }
        let lists = TodoLists(store: store)
        #expect(try lists.all().isEmpty)
        let toDo = try #require(try lists.fold())
        #expect(toDo.name == "To-Do")
        let tasks = try lists.tasks(of: toDo).all()
        #expect(tasks.listed() == ["1 Walk the dogs", "2 Feed the hogs"])
        // Nothing a person sees changed: each task keeps its version, so a form made from it still applies.
        #expect(tasks.allSatisfy { $0.record.meta.version == 1 && $0.record.list == toDo.id.uuidString })
        #expect(try lists.fold() == nil)
        #expect(try lists.all() == [toDo])
        // A household whose lists were deleted gets no list made again.
        try lists.delete(.id(toDo.id))
        #expect(try lists.fold() == nil && lists.all().isEmpty)
        // Until a task is added, by any face (the API and a phone's queued changes add through RecordList): it goes
        // on a "To-Do" made for it, never on no list, and the next add finds that list.
        let added = try (0..<2).map { _ in
            try RecordList<TodoTask>(store: store, clock: { Date() }).add(TodoTask(meta: .draft, title: "New"))
        }
        let made = try lists.all()
        #expect(made.map(\.name) == ["To-Do"] && made[0].id != toDo.id)
        #expect(added.allSatisfy { $0.record.list == made[0].id.uuidString })
        #expect(try lists.tasks(of: nil).all().allSatisfy { $0.record.list == made[0].id.uuidString })
    }

    static func badTodoListInputIsRefusedAndChangesNothing(_ store: any Store) throws {
        let (lists, home, _) = try homeAndWork(store)
        let before = try TodoView(lists)
        refusal("name") { try lists.make(name: "") }
        refusal("name") { try lists.make(name: String(repeating: "x", count: 201)) }
        #expect(throws: StoreError.nameTaken("name")) { try lists.make(name: "HOME") }
        #expect(throws: StoreError.nameTaken("name")) { try lists.rename(.typed("Work"), to: "home") }
        refusal("list") { _ = try lists.list(.typed("Garden")) }
        refusal("list") { _ = try lists.list(.typed("7")) }
        // A task put on a list that is not the household's (deleted meanwhile, or made up) changes nothing.
        let madeUp = TaskList(meta: RecordMeta(createdAt: Date()), name: "Gone", rank: 9)
        refusal("list") { try lists.tasks(of: madeUp).add(title: "Lost") }
        refusal("list") { try lists.tasks(of: home).edit(.typed("Walk the dogs"), list: madeUp) }
        #expect(try TodoView(lists) == before)
    }

    static func todoListsAreTheirHouseholdsOwn(_ store: any Store) throws {
        let (lists, home, _) = try homeAndWork(store)
        let before = try TodoView(lists)
        let neighbour = store.scoped(to: StoreScope(household: HouseholdID(store.scope.household.rawValue + 1)))
        let theirs = TodoLists(store: neighbour)
        #expect(try theirs.all().isEmpty)
        #expect(throws: StoreError.self) { try theirs.list(.id(home.id)) }
        #expect(throws: StoreError.self) { try theirs.delete(.id(home.id)) }
        // A task of theirs cannot be put on this household's list: it is as unknown there as a made-up one.
        refusal("list") { try theirs.tasks(of: home).add(title: "Sneak in") }
        let garden = try theirs.make(name: "Home")
        try theirs.tasks(of: garden).add(title: "Mow")
        #expect(try theirs.tasks(of: garden).all().listed() == ["1 Mow"])
        #expect(try TodoView(lists) == before)
    }
}
