import Foundation

/// One of a household's named to-do lists ("Home", "Work"): its name and its place among the household's lists.
///
/// The lists are records of the household's main list, and so are their tasks: each task names its list by id
/// (``TodoTask/list``). So a task keeps its short number, its place and its undo wherever it goes, Today and
/// Upcoming read one list of tasks for every list, and moving a task to another list is a change of one field,
/// merged as any other (docs/architecture.md §3, "To-do lists").
public struct TaskList: Record {
    public static let kind = RecordKind.todoList

    public var meta: RecordMeta
    /// What the list is called, 1 to 200 characters, unique among the household's to-do lists (case ignored).
    public var name: String
    /// Its place among the household's to-do lists, from 0: the switcher and the home screen show them by it.
    public var rank: Int

    /// A list with already validated values.
    public init(meta: RecordMeta, name: String, rank: Int) {
        self.meta = meta
        self.name = name
        self.rank = rank
    }

    public var displayName: String { name }

    /// A to-do list's fields.
    public enum Fields {
        /// `name`: 1 to 200 characters.
        public static let name = Field(
            TaskList.self, key: "name", column: "name", type: .text(what: "a list's name"), get: { $0.name },
            set: { $0.name = $1 })
        /// `rank`: the list's place among the household's to-do lists; changed by moving the list.
        public static let rank = Field(
            TaskList.self, key: "rank", column: "rank",
            type: .whole(
                0...Int(ListID.limit), description: "The list's place among the household's to-do lists, from 0."),
            initial: .value(0), isInput: false, get: { $0.rank }, set: { $0.rank = $1 })
    }

    public static let schema = RecordSchema<TaskList>(
        [Fields.name.erased, Fields.rank.erased], name: Fields.name,
        blank: { TaskList(meta: $0, name: "", rank: 0) })
}

extension TodoTask {
    public static var refersToOthers: Bool { true }

    /// A task added without a list goes on the household's first to-do list (none when it has none: see
    /// ``lacksHome(_:)``); a task changed without one keeps the one it had; a list given or changed must be one of
    /// the household's.
    /// - Throws: ``ValidationError`` on `list`.
    public static func settle(
        _ record: inout TodoTask, changedFrom old: TodoTask?, household: HouseholdID, in session: any StoreSession
    ) throws {
        guard let list = record.list, !list.isEmpty else {
            record.list = try old?.list ?? TodoLists.inOrder(session).first?.id.uuidString
            return
        }
        guard list != old?.list else { return }
        guard let id = UUID(text: list), try session.record(TaskList.self, id: id) != nil else {
            throw ValidationError(
                field: "list",
                message: "no to-do list of this household has the id \(list); "
                    + TodoLists.naming(try TodoLists.inOrder(session), withIDs: true))
        }
    }

    /// A task added in a household that has no to-do list (by the API, a phone's queued change, an import of one
    /// task) goes on one made for it, "To-Do", as the faces' adds do: no new task is left on no list.
    public static func lacksHome(_ record: TodoTask) -> Bool { record.list == nil }

    public static func settleMaking(
        _ record: inout TodoTask, household: HouseholdID, now: Date, in session: any StoreSession
    ) throws {
        try settle(&record, changedFrom: nil, household: household, in: session)
        if record.list == nil {
            record.list = try TodoLists.first(household: household, now: now, in: session).id.uuidString
        }
    }
}
