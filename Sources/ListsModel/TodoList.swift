import Foundation

/// iTahDoodle's data controller: the tasks in insertion order, now durable, with done marks, edits and deletes; the
/// tasks of one of the household's to-do lists (``TaskList``), or of them all.
///
/// Every list's tasks are the household's one list of tasks, each naming its list (``TodoTask/list``): a task's
/// short number is its place there, the same on every list and on Today.
public struct TodoList: Sendable {
    /// The tasks, as the API serves every list.
    public let tasks: RecordList<TodoTask>
    /// The to-do list whose tasks these are, or `nil` for every list's.
    public let list: TaskList?
    /// What picks the list's tasks out of the household's; `nil` for every task (every list's, or those of the
    /// household's only list, where reading them all costs less than picking them out).
    let filter: FieldFilter?

    /// The tasks of `list` (every list's when `nil`) kept in `store`, the household's main list; `isOnlyList` says
    /// that `list` is the household's only one, so that its tasks are all of them. `clock` dates changes.
    public init(
        store: any Store, list: TaskList? = nil, isOnlyList: Bool = false,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        tasks = RecordList(store: store, clock: clock)
        self.list = list
        filter = isOnlyList ? nil : list.map { TodoTask.Fields.list == $0.id.uuidString }
    }

    /// The list's tasks in insertion order, paged by `offset` and `limit`.
    public func all(offset: Int = 0, limit: Int? = nil) throws -> [Numbered<TodoTask>] {
        try tasks.list(where: filter, offset: offset, limit: limit)
    }

    /// Up to `limit` tasks from the place `start` gives for the number of tasks, and that number, in one
    /// snapshot: a page of a long list (see `RecordCollection.window`).
    public func window(limit: Int, start: (_ total: Int) -> Int) throws -> (tasks: [Numbered<TodoTask>], total: Int) {
        let window = try tasks.window(where: filter, limit: limit, start: start)
        return (window.records, window.total)
    }

    /// How many tasks there are, counted by the store (kept as a count: no list is read).
    public func count() throws -> Int {
        try tasks.counts([filter])[0]
    }

    /// How many tasks there are, and how many of them are not done, counted by the store (a list of 100k tasks
    /// is not read to count it).
    public func counts() throws -> (all: Int, open: Int) {
        let open = TodoTask.Fields.isDone == false
        let counts = try tasks.counts([filter, filter.map { $0 && open } ?? open])
        return (counts[0], counts[1])
    }

    /// The task `reference` points at.
    /// - Throws: ``ValidationError`` when none or several match.
    public func task(_ reference: Reference) throws -> Numbered<TodoTask> {
        try tasks.find(reference)
    }

    /// Inserts a task at the end; with its short number unless `numbered` is false. Empty text adds nothing and
    /// is refused with a reason, where the tutorial's Insert button silently did nothing. `id`, the client's
    /// choice, makes an insert sent twice insert once (see ``RecordList/add(_:numbered:id:)``).
    /// - Throws: ``ValidationError`` for `title`, `note`.
    @discardableResult
    public func add(
        title: String, isDone: Bool = false, due: Due? = nil, priority: TaskPriority? = nil, note: String? = nil,
        recurrence: Recurrence? = nil, remindAt: Due? = nil, numbered: Bool = true, id: UUID? = nil
    ) throws -> Added<TodoTask> {
        var task = TodoTask(
            meta: .draft, title: title, isDone: isDone, due: due, priority: priority, note: note,
            recurrence: recurrence)
        task.remindAt = remindAt
        task.list = list?.id.uuidString
        return try tasks.add(task, numbered: numbered, id: id)
    }

    /// Changes a task's text, its done mark, its due date, its priority, its note, its repeat and its reminder (each given as
    /// `.some(nil)` taken away), and the list it is on, in one change (one new version). Marking a repeating task done checks it off: it
    /// moves to its next due date (see ``TodoTask``'s derive).
    /// - Throws: ``ValidationError``, ``StoreError/conflict(_:)`` when `expectedVersion` is stale.
    @discardableResult
    public func edit(
        _ reference: Reference, title: String? = nil, isDone: Bool? = nil, due: Due?? = nil,
        priority: TaskPriority?? = nil, note: String?? = nil, recurrence: Recurrence?? = nil,
        remindAt: Due?? = nil, list: TaskList? = nil, expectedVersion: Int? = nil
    ) throws -> Numbered<TodoTask> {
        try tasks.change([reference], expectedVersion: expectedVersion) { task in
            if let list { task.list = list.id.uuidString }
            if let recurrence { task.recurrence = recurrence }
            if let remindAt { task.remindAt = remindAt }
            if let title { task.title = title }
            if let isDone { task.isDone = isDone }
            if let due { task.due = due }
            if let priority { task.priority = priority }
            if let note { task.note = note }
        }[0]
    }

    /// Marks tasks done (`true`) or not done (`false`), all or none.
    @discardableResult
    public func setDone(_ references: [Reference], isDone: Bool, expectedVersion: Int? = nil) throws
        -> [Numbered<TodoTask>]
    {
        try tasks.change(references, expectedVersion: expectedVersion) { $0.isDone = isDone }
    }

    /// Flips a task's done mark, as tapping it in the list does.
    @discardableResult
    public func toggle(_ reference: Reference, expectedVersion: Int? = nil) throws -> Numbered<TodoTask> {
        try tasks.change([reference], expectedVersion: expectedVersion) { $0.isDone.toggle() }[0]
    }

    /// The tasks still to do that are due on or before `last`, and after the day `first` when it is given (else
    /// overdue ones included), soonest first, a day's tasks without a time before its timed ones, then in list
    /// order: Today is the tasks due by `today`, Upcoming those due in the days after it (`first` today). Reads the
    /// list.
    public func due(through last: Day, after first: Day? = nil) throws -> [Numbered<TodoTask>] {
        // Picked out by the store, which decodes only those.
        Self.sortedByDue(try tasks.list(where: dueFilter(through: last, after: first)))
    }

    /// What picks out the list's tasks still to do that are due on or before `last` (and after `first`): due before
    /// the day after it (a due date's text sorts as the moments do: `2026-12-01T18:00` before `2026-12-02`), not
    /// done.
    private func dueFilter(through last: Day, after first: Day? = nil) -> FieldFilter {
        /// A day's text, past 9999 (no year has four digits) `~`, which every due date sorts before.
        func text(_ day: Day) -> String { day.year > 9999 ? "~" : day.description }
        let column = TodoTask.Fields.due.column
        var due =
            TodoTask.Fields.isDone == false && FieldFilter(column: column, .less, .text(text(last.adding(days: 1))))
        if let first { due = due && FieldFilter(column: column, .greaterOrEqual, .text(text(first.adding(days: 1)))) }
        return filter.map { $0 && due } ?? due
    }

    /// ``due(through:)``'s tasks as a table of them shows each (number, due date, title, priority, and with `lists`
    /// the list it is on), read without decoding the tasks whole: what Today and Upcoming in a terminal read of a
    /// long list. Same order.
    public func agenda(through last: Day, after first: Day? = nil, lists: Bool) throws -> [AgendaEntry] {
        let fields = TodoTask.Fields.self
        let columns =
            [fields.due.column, fields.title.column, fields.priority.column] + (lists ? [fields.list.column] : [])
        let found = try tasks.store.read { session in
            try session.values(TodoTask.self, columns: columns, where: dueFilter(through: last, after: first))
        }
        let width = columns.count
        var entries: [AgendaEntry] = []
        entries.reserveCapacity(found.numbers.count)
        for (index, number) in found.numbers.enumerated() {
            let values = found.values[(index * width)..<(index * width + width)]
            guard let due = try TodoTask.Fields.due.type.fromStore(values[values.startIndex]) else {
                throw StoreError.corrupt("a due task without a due date")
            }
            guard case .text(let title) = values[values.startIndex + 1] else { throw StoreError.corrupt("title") }
            var list: String?
            if lists {
                switch values[values.startIndex + 3] {
                case .text(let id): list = id
                case .null: list = nil
                default: throw StoreError.corrupt("list")
                }
            }
            entries.append(
                AgendaEntry(
                    number: number, due: due, title: title,
                    priority: try TodoTask.Fields.priority.type.fromStore(values[values.startIndex + 2]), list: list))
        }
        return Self.sortedByDue(entries) { ($0.due, $0.number) }
    }

    /// How many of the list's tasks still to do are due on or before `last` (``due(through:)``'s, counted by the
    /// store): the home screen's count of what is due today.
    public func dueCount(through last: Day) throws -> Int {
        try tasks.counts([dueFilter(through: last)])[0]
    }

    /// Every task by its due date, soonest first (a day's tasks without a time before its timed ones), then the
    /// tasks with none in the list's order: the list sorted by date rather than kept in its own order.
    public func byDueDate() throws -> [Numbered<TodoTask>] {
        let all = try tasks.list(where: filter)
        return Self.sortedByDue(all.filter { $0.record.due != nil }) + all.filter { $0.record.due == nil }
    }

    /// `tasks` (each due) soonest first: by day, a day's untimed tasks first, then by number. Sorted by their keys
    /// and then gathered, as moving the tasks themselves while sorting copies each one many times.
    static func sortedByDue(_ tasks: [Numbered<TodoTask>]) -> [Numbered<TodoTask>] {
        sortedByDue(tasks) { ($0.record.due, $0.number) }
    }

    /// `items` sorted as ``sortedByDue(_:)`` sorts tasks, by the due date and number `key` gives of each.
    ///
    /// The keys are sorted with the items' indexes in them, each compared in place, rather than indexes that look
    /// their keys up at every comparison. When the items come in the order of their numbers (as a list reads them),
    /// the index stands for the number, and each key is packed into one integer (the day, the minute and the index
    /// in 22, 11 and 30 bits), which sorts fastest.
    private static func sortedByDue<Item>(_ items: [Item], key: (Item) -> (due: Due?, number: Int)) -> [Item] {
        let keys = items.indices.map { index in
            let (due, number) = key(items[index])
            return (due?.day.daysSince1970 ?? 0, due?.minute ?? -1, number, index)
        }
        if var packed = packedDueKeys(keys) {
            packed.sort()
            return packed.map { items[$0 & (1 << 30 - 1)] }
        }
        return keys.sorted { $0 < $1 }.map { items[$0.3] }
    }

    /// `keys` (day, minute or -1, number, index) packed into one integer each, which sort as the keys do; `nil`
    /// unless the numbers grow with the indexes and every part fits (a day of the years 1 to 9999, fewer than 2^30
    /// items).
    private static func packedDueKeys(_ keys: [(Int, Int, Int, Int)]) -> [Int]? {
        // 0001-01-01 is day -719,162; 9999-12-31 is day 2,932,896.
        let firstDay = -719_162
        var packed: [Int] = []
        packed.reserveCapacity(keys.count)
        var lastNumber = Int.min
        for (day, minute, number, index) in keys {
            guard number > lastNumber, index < 1 << 30, (firstDay..<firstDay + 1 << 22).contains(day),
                (-1..<1440).contains(minute)
            else { return nil }
            lastNumber = number
            packed.append((day - firstDay) << 41 | (minute + 1) << 30 | index)
        }
        return packed
    }

    /// Takes back the last check-off of a repeating task (the undo of a check-off): it is due again on the date it
    /// was checked off for, not done, and the check-off leaves its history.
    /// - Throws: ``StoreError/nothingToRestore(_:)`` when it has no check-off to take back,
    ///   ``StoreError/conflict(_:)`` when `expectedVersion` is stale.
    @discardableResult
    public func undoCheckOff(_ reference: Reference, expectedVersion: Int? = nil) throws -> Numbered<TodoTask> {
        let task = try tasks.find(reference)
        guard let last = task.record.completions.last else {
            throw StoreError.nothingToRestore(.task)
        }
        return try tasks.change([.id(task.record.id)], expectedVersion: expectedVersion) { task in
            task.completions.removeLast()
            task.due = last.due
            task.isDone = false
        }[0]
    }

    /// Deletes tasks, all or none; each can be put back for a while (``restore(_:)``).
    @discardableResult
    public func remove(_ references: [Reference], expectedVersion: Int? = nil) throws -> [Numbered<TodoTask>] {
        try tasks.remove(references, expectedVersion: expectedVersion)
    }

    /// Puts back a deleted task, as it was and where it was (the undo of a delete; see ``RecordList/restore(_:)``).
    /// - Throws: ``StoreError/nothingToRestore(_:)``, ``StoreError/conflict(_:)``.
    @discardableResult
    public func restore(_ id: UUID) throws -> Numbered<TodoTask> {
        try tasks.restore(id)
    }
}

/// A task as Today's and Upcoming's tables show it (``TodoList/agenda(through:after:lists:)``).
public struct AgendaEntry: Sendable, Equatable {
    /// Its number in its list.
    public var number: Int
    /// When it is due.
    public var due: Due
    /// Its text.
    public var title: String
    /// Its priority, or `nil`.
    public var priority: TaskPriority?
    /// The id of the to-do list it is on (``TodoTask/list``), when it was asked for.
    public var list: String?
}
