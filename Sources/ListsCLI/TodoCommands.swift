import ListsModel

/// `lists todo ...`: the To-Do app (iTahDoodle).
enum TodoCommands {
    static let all = [
        CommandEntry(List.self), CommandEntry(Add.self), CommandEntry(Edit.self), CommandEntry(Done.self),
        CommandEntry(Undone.self), CommandEntry(Remove.self),
    ]

    /// `lists todo list`.
    struct List: Command {
        static let configuration = CommandConfiguration(
            app: "todo", name: "list",
            abstract: "Show the tasks in the order they were added, a checkmark on those done.",
            example: "lists todo list")
        static let arguments: [Argument<Self>] = []

        func run(_ run: Invocation) throws {
            let tasks = try run.todo().all()
            if run.wantsJSON { return run.output.json(CollectionBody(tasks)) }
            let rows = tasks.map { ["\($0.number)", $0.record.isDone ? "✓" : "", $0.record.title] }
            run.output.table(Table(alignments: [.right, .left, .left], rows: rows)) { column, cell in
                column == 0 ? run.output.dim(cell) : column == 1 ? run.output.green(cell) : cell
            }
            if tasks.isEmpty, run.output.isTerminal { run.output.line("No tasks. Add one: lists todo add TEXT") }
        }
    }

    /// `lists todo add TEXT`.
    struct Add: Command {
        static let configuration = CommandConfiguration(
            app: "todo", name: "add", abstract: "Insert a task at the end of the list.",
            discussion: "TEXT is 1 to 200 characters; its words need no quotes. Empty text adds nothing.",
            example: "lists todo add Call the vet")
        static let arguments: [Argument<Self>] = [.positional("TEXT", 0, nil) { $0.words = $1 }]

        /// The words of the task's text, which need no quotes.
        var words: [String] = []
        /// The text, checked.
        var title = ""

        mutating func validate() throws {
            title = try TodoTask.Fields.title.parse(words.joined(separator: " "))
        }

        func run(_ run: Invocation) throws {
            let added = try run.todo().add(title: title)
            if run.wantsJSON { return run.output.json(added.record) }
            run.output.line("Added task \(added.number ?? 0): \(added.record.title)")
        }
    }

    /// `lists todo edit REF --title TEXT`.
    struct Edit: Command {
        static let configuration = CommandConfiguration(
            app: "todo", name: "edit", abstract: "Change a task's text.",
            discussion: "REF is the task's number from 'lists todo list', 4 or more characters of its id, or its "
                + "exact text.",
            example: "lists todo edit 4 --title \"Call the vet at 9\"")
        static let arguments: [Argument<Self>] = [
            .positional("REF", 1, 1) { $0.references = $1 },
            .option("title", "TEXT", help: "its new text") { $0.newTitle = $1 },
            .option("if-version", "V", help: "refuse the change unless the task is at version V") {
                $0.versionText = $1
            },
        ]

        var references: [String] = []
        var newTitle: String?
        var versionText: String?
        var title = ""
        var version: Int?

        mutating func validate() throws {
            guard let newTitle else { throw UsageError(message: "nothing to change; give --title", command: Self.path) }
            title = try TodoTask.Fields.title.parse(newTitle)
            version = try Typed.version(versionText)
        }

        func run(_ run: Invocation) throws {
            let edited = try run.todo().edit(.typed(references[0]), title: title, expectedVersion: version)
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
            discussion: "Every REF must match exactly one task, or nothing changes.", example: "lists todo undone 1")
        static let arguments: [Argument<Self>] = [.positional("REF...", 1, nil) { $0.references = $1 }]

        var references: [String] = []

        func run(_ run: Invocation) throws {
            try mark(references, isDone: false, run)
        }
    }

    /// Marks the tasks `references` name done or not done, and says so.
    static func mark(_ references: [String], isDone: Bool, _ run: Invocation) throws {
        let changed = try run.todo().setDone(references.map(Reference.typed), isDone: isDone)
        if run.wantsJSON { return run.output.json(changed: changed) }
        for numbered in changed { run.output.line("\(isDone ? "Done" : "Not done"): \(numbered.record.title)") }
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
