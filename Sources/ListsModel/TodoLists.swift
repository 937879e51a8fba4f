import Foundation
import JSONCodec

/// A household's named to-do lists: the data controller of the lists that the To-Do tab's switcher, the API's
/// `/api/v1/todo-lists` and `lists todo lists` work with.
///
/// The lists are ``TaskList`` records of the household's main list, and their tasks are the household's one list of
/// tasks, each naming its list (``TodoTask/list``): a task's short number is the household's, so that Today and
/// Upcoming, which gather every list, number tasks as each list does.
public struct TodoLists: Sendable {
    /// The household's main list, where the lists and the tasks are.
    let store: any Store
    /// The lists, as records.
    public let lists: RecordList<TaskList>
    let clock: @Sendable () -> Date

    /// The to-do lists of the household `store` is scoped to.
    public init(store: any Store, clock: @escaping @Sendable () -> Date = { Date() }) {
        let main = store.scoped(to: StoreScope(household: store.scope.household))
        self.store = main
        self.clock = clock
        lists = RecordList(store: main, clock: clock)
    }

    /// The most to-do lists a household keeps at once.
    public static let maximumLists = 1000

    /// Up to how many lists ``summaries()`` counts each list's tasks in the store: each count goes over the
    /// household's tasks without decoding them (on 10,000 tasks in SQLite about a millisecond, a twentieth of
    /// reading them all), so past a dozen lists one read of every task is the cheaper.
    static let listsCountedOneByOne = 12

    /// The name of the list a household's tasks from before to-do lists are put on, and the one made when a task
    /// is added in a household that has no list.
    public static let firstListName = "To-Do"

    /// One list with how many tasks it has and how many of them are not done.
    public struct Summary: Sendable, Equatable {
        public var list: TaskList
        public var tasks: Int
        public var open: Int
    }

    /// The tasks of `list` (every list's, when `nil`); `isOnlyList` says that `list` is the household's only one.
    public func tasks(of list: TaskList?, isOnlyList: Bool = false) -> TodoList {
        TodoList(store: store, list: list, isOnlyList: isOnlyList, clock: clock)
    }

    /// The household's to-do lists in their order (by rank, then as they were made).
    public func all() throws -> [TaskList] {
        try store.read(Self.inOrder)
    }

    /// The household's to-do lists in their order, in `session` (of its main list).
    public static func inOrder(_ session: any StoreSession) throws -> [TaskList] {
        try RankedRecords.inOrder(TaskList.self, in: session)
    }

    /// The lists in their order with their counts, for the home screen, the switcher and `lists todo lists`: with
    /// a few lists, two counts of each by the store (which decodes no task); with many, one read of the tasks for
    /// them all.
    public func summaries() throws -> [Summary] {
        try store.read { session in
            let lists = try Self.inOrder(session)
            if lists.count <= Self.listsCountedOneByOne {
                return try lists.map { list in
                    let on = TodoTask.Fields.list == list.id.uuidString
                    return Summary(
                        list: list, tasks: try session.count(TodoTask.self, where: on),
                        open: try session.count(TodoTask.self, where: on && TodoTask.Fields.isDone == false))
                }
            }
            var counts: [String: (all: Int, open: Int)] = [:]
            for task in try session.list(TodoTask.self).lazy.map(\.record) {
                guard let list = task.list else { continue }
                counts[list, default: (0, 0)].all += 1
                if !task.isDone { counts[list, default: (0, 0)].open += 1 }
            }
            return lists.map { list in
                let count = counts[list.id.uuidString] ?? (0, 0)
                return Summary(list: list, tasks: count.all, open: count.open)
            }
        }
    }

    /// The list `reference` names: its id, its name (case ignored when no name matches exactly), its number in
    /// ``all()``'s order, or 4 or more characters of its id.
    /// - Throws: ``ValidationError`` on `list` naming the lists there are; ``StoreError/notFound(_:)`` for an id.
    public func list(_ reference: Reference) throws -> TaskList {
        if case .typed(let text) = reference, let number = Int(text.trimmingWhitespace()) {
            let all = try all()
            guard number >= 1, number <= all.count else {
                throw ValidationError(field: "list", message: "no to-do list number \(number); \(Self.naming(all))")
            }
            return all[number - 1]
        }
        do {
            return try lists.find(reference).record
        } catch let error as ValidationError {
            guard case .typed = reference else { throw error }
            throw ValidationError(field: "list", message: "\(error.message); \(Self.naming(try all()))")
        }
    }

    /// The list a command or a form means: the one `name` names, or without a name the household's first list.
    /// - Throws: ``ValidationError`` on `list` for a name no list has, or when there is no list.
    public func list(named name: String?) throws -> TaskList {
        if let name { return try list(.typed(name)) }
        guard let first = try first(making: false) else {
            throw ValidationError(field: "list", message: "there is no to-do list yet; make one first")
        }
        return first
    }

    /// The household's first to-do list; when it has none, `nil`, or with `making` a new one called "To-Do".
    public func first(making: Bool) throws -> TaskList? {
        if let first = try all().first { return first }
        guard making else { return nil }
        let now = lists.now()
        let household = store.scope.household
        return try store.write { try Self.first(household: household, now: now, in: $0) }
    }

    /// The household's first to-do list in `session` (of its main list), made as "To-Do" when it has none.
    static func first(household: HouseholdID, now: Date, in session: any StoreSession) throws -> TaskList {
        // The lock first (see make): two firsts at once on PostgreSQL take turns, and the second finds the list the
        // first made rather than refusing its name.
        _ = try session.setting(lockSetting(household))
        return try inOrder(session).first
            ?? make(name: firstListName, id: nil, household: household, now: now, in: session)
    }

    /// Each of `lists`'s name by its id, as tasks name their list (``TodoTask/list``).
    public static func names(of lists: [TaskList]) -> [String: String] {
        Dictionary(lists.map { ($0.id.uuidString, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    /// "the lists are ...", for a refusal; with their ids when `withIDs` (the API's refusals).
    static func naming(_ lists: [TaskList], withIDs: Bool = false) -> String {
        lists.isEmpty
            ? "there is no to-do list yet"
            : "the to-do lists are "
                + lists.prefix(20).map { Quoted($0.name).description + (withIDs ? " (\($0.id.uuidString))" : "") }
                .joinedInline(separator: ", ")
    }

    // MARK: Making, renaming, moving, deleting lists

    /// Makes a to-do list called `name`, after the others. `id`, the client's choice, makes a make sent twice make
    /// one.
    /// - Throws: ``ValidationError`` on `name` for a refused name, ``StoreError/nameTaken(_:)`` for one another list
    ///   of the household has (case ignored).
    @discardableResult
    public func make(name: String, id: UUID? = nil) throws -> TaskList {
        let now = lists.now()
        let name = try TaskList.Fields.name.checked(name, now: now)
        let household = store.scope.household
        return try store.write { try Self.make(name: name, id: id, household: household, now: now, in: $0) }
    }

    /// ``make(name:id:)`` inside a write of the household's main list, `name` checked already (an import makes the
    /// lists its tasks name in its own write).
    public static func make(
        name: String, id: UUID?, household: HouseholdID, now: Date, in session: any StoreSession
    ) throws -> TaskList {
        if let id, let stored = try session.record(TaskList.self, id: id) { return stored }
        // Read first: on PostgreSQL a write's first read of a setting takes the store's lock, so that two makes of
        // one name at once take turns before either checks the name.
        _ = try session.setting(lockSetting(household))
        try checkFree(name, except: nil, in: session)
        let existing = try session.list(TaskList.self)
        guard existing.count < maximumLists else {
            throw ValidationError(
                field: "name", message: "a household keeps at most \(maximumLists) to-do lists; delete one first")
        }
        let rank = (existing.map(\.record.rank).max() ?? -1) + 1
        var list = try TaskList.schema.checked(TaskList(meta: .draft, name: name, rank: rank), now: now)
        list.meta = RecordMeta(id: id ?? .random(), createdAt: now)
        try session.insert(list)
        // A household's first list takes the tasks that are on none (added while it had no list).
        if existing.isEmpty { try adopt(list, in: session) }
        return list
    }

    /// The list called `name` in `session` (case ignored), made after the others when there is none: where an
    /// import puts a task whose file names its list (a Taskwarrior project).
    public static func named(_ name: String, household: HouseholdID, now: Date, in session: any StoreSession) throws
        -> TaskList
    {
        if let found = try session.records(TaskList.self, named: name, ignoringCase: true, limit: 1).first {
            return found.record
        }
        let checked = try TaskList.Fields.name.checked(name, now: now)
        return try make(name: checked, id: nil, household: household, now: now, in: session)
    }

    /// The setting a write of the lists reads first, so that on PostgreSQL writes of one household's lists take
    /// turns (a read of a setting in a write takes the store's lock).
    private static func lockSetting(_ household: HouseholdID) -> String {
        "household.\(household.rawValue).todo-lists"
    }

    /// Refuses `name` when another to-do list of the household (not `except`) is called so, case ignored.
    /// - Throws: ``StoreError/nameTaken(_:)`` on `name`.
    private static func checkFree(_ name: String, except: UUID?, in session: any StoreSession) throws {
        try RankedRecords.checkFree(TaskList.self, name, except: except, in: session)
    }

    /// Renames the list `reference` names.
    /// - Throws: ``ValidationError`` on `name`, ``StoreError/nameTaken(_:)``, ``StoreError/conflict(_:)`` for a
    ///   stale `expectedVersion`.
    @discardableResult
    public func rename(_ reference: Reference, to name: String, expectedVersion: Int? = nil) throws -> TaskList {
        let target = try list(reference)
        let now = lists.now()
        let name = try TaskList.Fields.name.checked(name, now: now)
        let household = store.scope.household
        return try store.write { session in
            _ = try session.setting(Self.lockSetting(household))
            try Self.checkFree(name, except: target.id, in: session)
            return try RankedRecords.renamed(
                TaskList.self, id: target.id, to: name, expectedVersion: expectedVersion, now: now, in: session)
        }
    }

    /// Moves the list `reference` names `offset` places (negative: up, towards the first), and answers the lists in
    /// their new order.
    /// - Throws: ``ValidationError`` on `offset` for a move past the first or the last list.
    @discardableResult
    public func move(_ reference: Reference, by offset: Int) throws -> [TaskList] {
        let target = try list(reference)
        let now = lists.now()
        return try store.write { session in
            try RankedRecords.moved(target, by: offset, in: try Self.inOrder(session), now: now, in: session)
        }
    }

    /// Deletes the list `reference` names with its tasks, as one removal that ``restore(_:)`` puts back whole for
    /// ``Undo/window``.
    @discardableResult
    public func delete(_ reference: Reference, expectedVersion: Int? = nil, removal: RemovalID = RemovalID()) throws
        -> (list: TaskList, tasks: Int, removal: RemovalID)
    {
        let target = try list(reference)
        let now = lists.now()
        let count = try store.write { session in
            guard let stored = try session.record(TaskList.self, id: target.id) else {
                throw StoreError.notFound(TaskList.kind)
            }
            if let expectedVersion, stored.meta.version != expectedVersion { throw StoreError.conflict(TaskList.kind) }
            let tasks = try session.list(TodoTask.self, where: TodoTask.Fields.list == target.id.uuidString)
            for task in tasks {
                try session.delete(TodoTask.self, id: task.record.id, at: now, removal: removal)
            }
            try session.delete(TaskList.self, id: target.id, at: now, removal: removal)
            return tasks.count
        }
        return (target, count, removal)
    }

    /// Puts back a list deleted less than ``Undo/window`` ago with its tasks, as they were.
    /// - Throws: ``StoreError/nothingToRestore(_:)``, ``StoreError/nameTaken(_:)`` when another list took its name
    ///   meanwhile (nothing is put back then).
    @discardableResult
    public func restore(_ removal: RemovalID) throws -> [RecordKey] {
        let now = lists.now()
        let household = store.scope.household
        return try store.write { session in
            _ = try session.setting(Self.lockSetting(household))
            let restored = try session.restore(removal, at: now)
            guard !restored.isEmpty else { throw StoreError.nothingToRestore(TaskList.kind) }
            try RankedRecords.checkNamesDistinct(TaskList.self, in: session)
            return restored
        }
    }

    /// The lists `incoming` (a backup's, not stored yet) as they can be stored beside the household's: each whose name
    /// another has (in the household or earlier in `incoming`) given a number ("Home 2"); a list stored with its id
    /// already is left as it is.
    public static func fitting(_ incoming: [TaskList], in session: any StoreSession) throws -> [TaskList] {
        let stored = try session.list(TaskList.self).map(\.record)
        let storedIDs = Set(stored.map(\.id))
        var names = Set(stored.map { Reference.nameKey($0.name) })
        return incoming.map { list in
            guard !storedIDs.contains(list.id) else { return list }
            var fitted = list
            fitted.name = RankedRecords.freeName(list.name, taken: &names)
            return fitted
        }
    }

    // MARK: Tasks from before to-do lists

    /// Puts every task that is on no list (stored before to-do lists) on the household's first list, made as
    /// "To-Do" when it has none, in one write; answers the list, or `nil` when there was no such task.
    ///
    /// Decided: the tasks keep their versions. Before to-do lists a household's tasks were its one list, and they
    /// are still on its one list: nothing a person sees of them changes, so a form or a phone's waiting change made
    /// from the version it saw still applies. Runs when a household is opened (a server's first request of it, every CLI
    /// command): when there is nothing to do it costs one count through a partial index that is empty.
    @discardableResult
    public func fold() throws -> TaskList? {
        let unlisted = TodoTask.Fields.list == nil
        guard try store.read({ try $0.count(TodoTask.self, where: unlisted) }) > 0 else { return nil }
        let now = lists.now()
        let household = store.scope.household
        return try store.write { session -> TaskList? in
            _ = try session.setting(Self.lockSetting(household))
            guard try session.count(TodoTask.self, where: unlisted) > 0 else { return nil }
            if let first = try Self.inOrder(session).first {
                try Self.adopt(first, in: session)
                return first
            }
            // Made, it takes them.
            return try Self.make(name: Self.firstListName, id: nil, household: household, now: now, in: session)
        }
    }

    /// Puts the tasks that are on no list on `list`, each keeping its version (see ``fold()``).
    private static func adopt(_ list: TaskList, in session: any StoreSession) throws {
        for numbered in try session.list(TodoTask.self, where: TodoTask.Fields.list == nil) {
            var task = numbered.record
            task.list = list.id.uuidString
            try session.update(task, expectedVersion: numbered.record.meta.version)
        }
    }
}

extension TodoLists.Summary: JSONWritable {
    /// `{"list": {...}, "open": 2, "tasks": 3}`.
    public func writeJSON(to output: inout [UInt8]) {
        output += Array("{\"list\":".utf8)
        list.writeJSON(to: &output)
        output += Array(",\"open\":\(open),\"tasks\":\(tasks)}".utf8)
    }
}

/// `{"todoLists": [summary, ...]}`: a household's to-do lists in their order with their counts, the same for the API
/// and `lists --json`.
public struct TodoListsBody: JSONWritable, Sendable {
    public var summaries: [TodoLists.Summary]

    public init(_ summaries: [TodoLists.Summary]) { self.summaries = summaries }

    public func writeJSON(to output: inout [UInt8]) {
        output += Array("{\"todoLists\":[".utf8)
        for (index, summary) in summaries.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            summary.writeJSON(to: &output)
        }
        output += Array("]}".utf8)
    }
}
