import Foundation
import ListsModel

/// `lists todo ...`: the To-Do app (iTahDoodle).
enum TodoCommands {
    static let all =
        [
            CommandEntry(List.self), CommandEntry(Today.self), CommandEntry(Upcoming.self), CommandEntry(Add.self),
            CommandEntry(Show.self), CommandEntry(Edit.self), CommandEntry(Done.self), CommandEntry(Undone.self),
            CommandEntry(Remove.self),
        ] + listCommands

    /// `lists todo today`.
    struct Today: Command {
        static let configuration = CommandConfiguration(
            app: "todo", name: "today", abstract: "Show what is overdue or due today, soonest first.",
            discussion:
                "Days are the household's (lists households zone). Every list's tasks, each with its number from "
                + "'lists todo list' and, with several lists, its list.",
            example: "lists todo today")
        static let arguments: [Argument<Self>] = []

        func run(_ run: Invocation) throws {
            try TodoCommands.agenda(days: 0, run, empty: "Nothing is due today.")
        }
    }

    /// `lists todo upcoming`.
    struct Upcoming: Command {
        static let configuration = CommandConfiguration(
            app: "todo", name: "upcoming", abstract: "Show what is due in the next 7 days, by day.",
            discussion:
                "Days are the household's (lists households zone); today's and overdue tasks are 'lists todo today'.",
            example: "lists todo upcoming")
        static let arguments: [Argument<Self>] = []

        func run(_ run: Invocation) throws {
            try TodoCommands.agenda(days: 7, run, empty: "Nothing is due in the next 7 days.")
        }
    }

    /// Prints Today's tasks (`days` 0: overdue and due today) or Upcoming's (the `days` after today), in the
    /// household's days (``ListsModel/HouseholdTimeZone``): number, due date, text, priority; `empty` when there are none.
    static func agenda(days: Int, _ run: Invocation, empty: String) throws {
        let todo = try run.todo()
        let today = Day(todo.tasks.now(), in: try todo.tasks.store.householdTimeZone())
        // Upcoming leaves out what Today shows.
        let after = days > 0 ? today : nil
        if run.wantsJSON {
            return run.output.json(CollectionBody(try todo.due(through: today.adding(days: days), after: after)))
        }
        // They gather every list: with several, each task's list follows its text, as in `lists todo list`.
        let lists = try run.todoLists().all()
        let names = TodoLists.names(of: lists)
        let showsList = lists.count > 1
        // The table reads only the fields it shows.
        let tasks = try todo.agenda(through: today.adding(days: days), after: after, lists: showsList)
        if tasks.isEmpty { return run.output.line(empty) }
        let hasPriority = tasks.contains { $0.priority != nil }
        let alignments: [Table.Alignment] =
            [.right, .left, .left] + (showsList ? [.left] : []) + (hasPriority ? [.left] : [])
        // One array of every row's cells.
        var cells: [String] = []
        cells.reserveCapacity(tasks.count * alignments.count)
        for task in tasks {
            cells.append(String(task.number))
            cells.append(shown(task.due))
            cells.append(task.title)
            if showsList { cells.append(task.list.flatMap { names[$0] } ?? "") }
            if hasPriority { cells.append(task.priority?.rawValue ?? "") }
        }
        run.output.table(Table(alignments: alignments, cells: cells)) { column, cell in
            column == 0 || column > 2 ? run.output.dim(cell) : cell
        }
    }

    /// `lists todo list`.
    struct List: Command {
        static let configuration = CommandConfiguration(
            app: "todo", name: "list",
            abstract: "Show the tasks in the order they were added (or by due date), a checkmark on those done.",
            discussion: "Every list's tasks, or --list's; with several lists, each task's list follows its text. A "
                + "task's due date, priority and repeat follow when some task has one. --by-date sorts them as the "
                + "web app's By Date does: soonest due first (a day's tasks without a time before its timed ones), "
                + "then those with no due date in their order; each keeps its number.",
            example: "lists todo list --list To-Do")
        static let arguments: [Argument<Self>] = [
            .option("list", "LIST", help: "only this to-do list's tasks, by name or number") { $0.list = $1 },
            .flag("by-date", help: "soonest due first, then the tasks with no due date") { $0.byDate = $1 },
        ]

        var list: String?
        var byDate = false

        func run(_ run: Invocation) throws {
            let lists = try run.todoLists()
            let all = try lists.all()
            let chosen = try list.map { try lists.list(.typed($0)) }
            let todo = lists.tasks(of: chosen, isOnlyList: all.count == 1)
            let tasks = byDate ? try todo.byDueDate() : try todo.all()
            if run.wantsJSON { return run.output.json(CollectionBody(tasks)) }
            let names = TodoLists.names(of: all)
            let showsList = chosen == nil && all.count > 1
            let hasDue = tasks.contains { $0.record.due != nil }
            let hasPriority = tasks.contains { $0.record.priority != nil }
            let repeats = tasks.contains { $0.record.recurrence != nil }
            let alignments: [Table.Alignment] =
                [.right, .left, .left] + (showsList ? [.left] : []) + (hasDue ? [.left] : [])
                + (hasPriority ? [.left] : [])
                + (repeats ? [.left] : [])
            // One array of every row's cells (arrays of each row's, added together, would make one for each column).
            var cells: [String] = []
            cells.reserveCapacity(tasks.count * alignments.count)
            for numbered in tasks {
                let task = numbered.record
                cells.append(String(numbered.number))
                cells.append(task.isDone ? "✓" : "")
                cells.append(task.title)
                if showsList { cells.append(task.list.flatMap { names[$0] } ?? "") }
                if hasDue { cells.append(task.due.map(TodoCommands.shown) ?? "") }
                if hasPriority { cells.append(task.priority?.rawValue ?? "") }
                if repeats { cells.append(task.recurrence.map(RepeatPhrase.phrase(of:)) ?? "") }
            }
            run.output.table(Table(alignments: alignments, cells: cells)) { column, cell in
                column == 0 || column > 2 ? run.output.dim(cell) : column == 1 ? run.output.green(cell) : cell
            }
            if tasks.isEmpty, run.output.isTerminal { run.output.line("No tasks. Add one: lists todo add TEXT") }
        }
    }

    /// `lists todo add TEXT [--due D] [--priority P] [--note N] [--every R]`.
    struct Add: Command {
        static let configuration = CommandConfiguration(
            app: "todo", name: "add", abstract: "Insert a task at the end of the list.",
            discussion: "TEXT is 1 to 200 characters; its words need no quotes. Empty text adds nothing.",
            example: "lists todo add Pay rent --due 1st --every month --priority high")
        static let arguments: [Argument<Self>] = [
            .positional("TEXT", 0, nil) { $0.words = $1 },
            .option("due", "D", help: TodoCommands.dueHelp) { $0.dueText = $1 },
            .option("priority", "P", help: TodoCommands.priorityHelp) { $0.priorityText = $1 },
            .option("note", "N", help: TodoCommands.noteHelp) { $0.noteText = $1 },
            .option("every", "R", help: TodoCommands.everyHelp) { $0.everyText = $1 },
            .option("remind", "D", help: TodoCommands.remindHelp) { $0.remindText = $1 },
            .option("list", "LIST", help: TodoCommands.listHelp) { $0.list = $1 },
        ]

        var list: String?
        /// The words of the task's text, which need no quotes.
        var words: [String] = []
        var dueText: String?
        var priorityText: String?
        var noteText: String?
        var everyText: String?
        var remindText: String?
        /// The text, checked.
        var title = ""
        var due: Due?
        var priority: TaskPriority?
        var note: String?
        var recurrence: Recurrence?
        /// The reminder as `--remind` gave it, read in UTC as the command was checked.
        var remindAt: Due?

        mutating func validate() throws {
            title = try TodoTask.Fields.title.parse(words.joinedInline(separator: " "))
            recurrence = try everyText.flatMap { try TodoCommands.repeatParse($0) }
            due = try dueText.flatMap { try TodoTask.Fields.due.parse($0, TodoCommands.checkedOnly) }
            priority = try priorityText.flatMap { try TodoTask.Fields.priority.parse($0) }
            note = try noteText.flatMap { try TodoTask.Fields.note.parse($0) }
            remindAt = try remindText.flatMap { try TodoTask.Fields.remindAt.parse($0, TodoCommands.checkedOnly) }
        }

        func run(_ run: Invocation) throws {
            let lists = try run.todoLists()
            // Without --list, the task goes on the household's first list, which the add finds as it checks the
            // task's list (and makes, "To-Do", when there is none): one read, where finding it first made two.
            let todo = lists.tasks(of: try list.map { try lists.list(.typed($0)) })
            let due = try dueText.map { try TodoCommands.due($0, checked: self.due, todo) } ?? due
            let remind = try remindText.flatMap {
                try TodoCommands.due($0, checked: remindAt, todo, field: TodoTask.Fields.remindAt)
            }
            let added = try todo.add(
                title: title, due: due, priority: priority, note: note, recurrence: recurrence, remindAt: remind)
            if run.wantsJSON { return run.output.json(added.record) }
            run.output.line("Added task \(added.number ?? 0): \(added.record.title)")
        }
    }

    /// `lists todo show REF`: one task whole, as its sheet in the web app shows it, with what `todo list` leaves out
    /// (its note, its reminder, its check-offs).
    struct Show: Command {
        static let configuration = CommandConfiguration(
            app: "todo", name: "show",
            abstract: "Show one task: its text, list, due date, priority, repeat, reminder, note and check-offs.",
            discussion: "REF is the task's number from 'lists todo list', 4 or more characters of its id, or its "
                + "exact text. A repeating task's last \(TaskCompletion.shown) check-offs are listed, newest first.",
            example: "lists todo show 4")
        static let arguments: [Argument<Self>] = [.positional("REF", 1, 1) { $0.references = $1 }]

        var references: [String] = []

        func run(_ run: Invocation) throws {
            let lists = try run.todoLists()
            let numbered = try lists.tasks(of: nil).task(.typed(references[0]))
            let task = numbered.record
            if run.wantsJSON { return run.output.json(task) }
            let names = TodoLists.names(of: try lists.all())
            var rows: [[String]] = [
                ["Task", task.title], ["Number", String(numbered.number)],
                ["List", task.list.flatMap { names[$0] } ?? ""], ["Done", task.isDone ? "yes" : "no"],
                ["Due", task.due.map(TodoCommands.shown) ?? ""], ["Priority", task.priority?.rawValue ?? ""],
                ["Repeat", task.recurrence.map(RepeatPhrase.phrase(of:)) ?? ""],
                ["Remind me", task.remindAt.map(TodoCommands.shown) ?? ""],
            ]
            // A note of several lines: its first beside the label, the others under it.
            let noteLines = (task.note ?? "").split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in noteLines.enumerated() { rows.append([index == 0 ? "Note" : "", String(line)]) }
            if !task.completions.isEmpty {
                let count = task.completions.count
                rows.append(["Checked off", "\(count) \(count == 1 ? "time" : "times")"])
                for completion in task.completions.suffix(TaskCompletion.shown).reversed() {
                    rows.append(["", "due \(TodoCommands.shown(completion.due)), done \(run.date(completion.doneAt))"])
                }
            }
            rows += [["ID", task.id.uuidString], ["Version", "\(task.meta.version)"]]
            run.output.table(Table(alignments: [.left, .left], rows: rows)) { column, cell in
                column == 0 ? run.output.bold(cell) : cell
            }
        }
    }

    /// `lists todo edit REF [--title TEXT] [--due D] [--priority P] [--note N] [--every R]`.
    struct Edit: Command {
        static let configuration = CommandConfiguration(
            app: "todo", name: "edit",
            abstract: "Change a task's text, due date, priority, note, repeat or reminder, or move it to another list.",
            discussion: "REF is the task's number from 'lists todo list', 4 or more characters of its id, or its "
                + "exact text. An empty --due, --priority, --note, --every or --remind (or none) takes it away.",
            example: "lists todo edit 4 --title \"Call the vet at 9\" --due none")
        static let arguments: [Argument<Self>] = [
            .positional("REF", 1, 1) { $0.references = $1 },
            .option("title", "TEXT", help: "its new text") { $0.newTitle = $1 },
            .option("due", "D", help: TodoCommands.dueHelp) { $0.dueText = $1 },
            .option("priority", "P", help: TodoCommands.priorityHelp) { $0.priorityText = $1 },
            .option("note", "N", help: TodoCommands.noteHelp) { $0.noteText = $1 },
            .option("every", "R", help: TodoCommands.everyHelp) { $0.everyText = $1 },
            .option("remind", "D", help: TodoCommands.remindHelp) { $0.remindText = $1 },
            .option("list", "LIST", help: "move it to this to-do list, by name or number") { $0.list = $1 },
            .option("if-version", "V", help: "refuse the change unless the task is at version V") {
                $0.versionText = $1
            },
        ]

        var references: [String] = []
        var list: String?
        var newTitle: String?
        var dueText: String?
        var priorityText: String?
        var noteText: String?
        var everyText: String?
        var remindText: String?
        var versionText: String?
        var title: String?
        var due: Due??
        var priority: TaskPriority??
        var note: String??
        var recurrence: Recurrence??
        /// The reminder as `--remind` gave it, read in UTC as the command was checked.
        var remindAt: Due??
        var version: Int?

        mutating func validate() throws {
            guard
                newTitle != nil || dueText != nil || priorityText != nil || noteText != nil || everyText != nil
                    || remindText != nil || list != nil
            else {
                throw UsageError(
                    message: "nothing to change; give --title, --due, --priority, --note, --every, --remind or --list",
                    command: Self.path)
            }
            remindAt = try remindText.map {
                try TodoCommands.none($0) ? nil : TodoTask.Fields.remindAt.parse($0, TodoCommands.checkedOnly)
            }
            recurrence = try everyText.map { try TodoCommands.repeatParse($0) }
            title = try newTitle.map { try TodoTask.Fields.title.parse($0) }
            due = try dueText.map {
                try TodoCommands.none($0) ? nil : TodoTask.Fields.due.parse($0, TodoCommands.checkedOnly)
            }
            priority = try priorityText.map { try TodoTask.Fields.priority.parse($0) }
            note = try noteText.map { try TodoCommands.none($0) ? nil : TodoTask.Fields.note.parse($0) }
            version = try Typed.version(versionText)
        }

        func run(_ run: Invocation) throws {
            let todo = try run.todo()
            let due =
                try dueText.map {
                    try TodoCommands.none($0) ? nil : TodoCommands.due($0, checked: self.due ?? nil, todo)
                } ?? due
            let remind = try remindText.map {
                try TodoCommands.none($0)
                    ? nil : TodoCommands.due($0, checked: remindAt ?? nil, todo, field: TodoTask.Fields.remindAt)
            }
            let edited = try todo.edit(
                .typed(references[0]), title: title, due: due, priority: priority, note: note, recurrence: recurrence,
                remindAt: remind, list: try list.map { try run.todoLists().list(.typed($0)) },
                expectedVersion: version)
            if run.wantsJSON { return run.output.json(edited.record) }
            run.output.line("Updated task \(edited.number): \(edited.record.title)")
        }
    }

    /// `lists todo done REF...`.
    struct Done: Command {
        static let configuration = CommandConfiguration(
            app: "todo", name: "done", abstract: "Mark tasks done.",
            discussion: "Every REF must match exactly one task, or nothing changes.", example: "lists todo done 1 2")
        static let arguments: [Argument<Self>] = [.positional("REF...", 1, nil) { $0.references = $1 }]

        var references: [String] = []

        func run(_ run: Invocation) throws {
            try mark(references, isDone: true, run)
        }
    }

    /// `lists todo undone REF...`.
    struct Undone: Command {
        static let configuration = CommandConfiguration(
            app: "todo", name: "undone", abstract: "Mark tasks not done.",
            discussion: "Every REF must match exactly one task, or nothing changes. For a repeating task it takes "
                + "back its last check-off: it is due again on the date it was checked off for.",
            example: "lists todo undone 1")
        static let arguments: [Argument<Self>] = [.positional("REF...", 1, nil) { $0.references = $1 }]

        var references: [String] = []

        func run(_ run: Invocation) throws {
            try mark(references, isDone: false, run)
        }
    }

    static let dueHelp = "when it is due: today, tomorrow 9am, fri, in 3 days, dec 24, 24.12., 2026-12-24 18:00"
    static let everyHelp =
        "how it repeats: day, 2 weeks, weekdays, tue and thu, month on the 1st, last friday, year, "
        + "\"3 days after done\", or an RRULE"
    static let remindHelp =
        "when an open page of the household reminds you: a day and a time as for --due (a day alone is 9:00)"
    static let priorityHelp = "how much it matters: none, low, medium or high"
    static let noteHelp = "a note; several lines in the shell's quotes"

    /// The conventions a command's `--due` is checked in before the database is opened (a refusal then is a usage
    /// error, as any option's): UTC, which takes and refuses what every zone does, and costs nothing to load, where
    /// the machine's zone costs a millisecond or two. The due date stored is read again in the household's zone
    /// (``due(_:_:field:)``).
    static let checkedOnly = InputConventions(timeZone: .utc)

    /// A due date as `--due` gives it, read in the household's days (``ListsModel/HouseholdTimeZone``): what today
    /// and "fri" are there. The option was checked as the command was read, in UTC (``checkedOnly``), so that a
    /// refused date opens no database; `checked` is what it read then, which a household in UTC reads as well.
    static func due(
        _ text: String, checked: Due?, _ todo: TodoList, field: Field<TodoTask, Due?> = TodoTask.Fields.due
    ) throws -> Due? {
        let zone = try todo.tasks.store.householdTimeZone()
        if zone == checkedOnly.timeZone, let checked { return checked }
        return try field.parse(text, InputConventions(timeZone: zone))
    }

    /// Whether an option's text takes its value away: empty, or `none`.
    static func none(_ text: String) -> Bool {
        let text = text.trimmingWhitespace().lowercased()
        return text.isEmpty || text == "none"
    }

    /// A repeat as `--every` gives it: `month`, `every 2 weeks`, `3 days after done` (``RepeatPhrase``, which the
    /// option's `every` needs not be typed for), `none` for none.
    static func repeatParse(_ text: String) throws -> Recurrence? {
        let words = text.trimmingWhitespace()
        if none(words) { return nil }
        let lowered = words.lowercased()
        let phrase =
            lowered.hasPrefix("every ") || lowered.contains("=") || lowered.hasSuffix("after done")
                || ["daily", "weekly", "monthly", "yearly", "annually", "weekdays", "weekends"].contains(lowered)
            ? words : "every " + words
        return try TodoTask.Fields.recurrence.parse(phrase)
    }

    /// A due date as a terminal shows it, as the web app's field does: `2026-12-24`, `2026-12-24 18:00`.
    static func shown(_ due: Due) -> String { Due.shownInField(due) }

    /// Marks the tasks `references` name done or not done, and says so.
    /// A repeating task marked done moves to its next due date, which is said; a repeating task marked not done
    /// (alone) has its last check-off taken back.
    static func mark(_ references: [String], isDone: Bool, _ run: Invocation) throws {
        let todo = try run.todo()
        if !isDone, references.count == 1, let task = try? todo.task(.typed(references[0])).record,
            task.recurrence != nil, !task.isDone, !task.completions.isEmpty
        {
            let back = try todo.undoCheckOff(.id(task.id))
            if run.wantsJSON { return run.output.json(changed: [back]) }
            let due = back.record.due.map(shown) ?? ""
            return run.output.line("Check-off taken back: \(back.record.title), due \(due) again")
        }
        let changed = try todo.setDone(references.map(Reference.typed), isDone: isDone)
        if run.wantsJSON { return run.output.json(changed: changed) }
        for numbered in changed {
            let task = numbered.record
            if isDone, task.recurrence != nil, !task.isDone, let due = task.due {
                run.output.line("Done: \(task.title); next due \(shown(due))")
            } else {
                run.output.line("\(isDone ? "Done" : "Not done"): \(task.title)")
            }
        }
    }

    /// `lists todo rm REF...`.
    struct Remove: Command {
        static let configuration = CommandConfiguration(
            app: "todo", name: "rm", abstract: "Delete tasks.",
            discussion: "Every REF must match exactly one task, or nothing is deleted.",
            example: "lists todo rm \"Chop the logs\"")
        static let arguments: [Argument<Self>] = [.positional("REF...", 1, nil) { $0.references = $1 }]

        var references: [String] = []

        func run(_ run: Invocation) throws {
            let removed = try run.todo().remove(references.map(Reference.typed))
            if run.wantsJSON { return run.output.json(changed: removed) }
            for numbered in removed { run.output.line("Removed task \(numbered.number): \(numbered.record.title)") }
        }
    }
}
