import ListsModel

/// `lists todo lists`, `make-list`, `rename-list`, `move-list` and `delete-list`: the household's named to-do lists
/// (``TodoLists``).
///
/// A task's number is the household's, the same on every list and on Today, so `done`, `edit` and `rm` need no
/// list. `lists todo add` puts a task on `--list NAME` (its name, case ignored, or its number from
/// `lists todo lists`), else on the household's first list ("To-Do" is made when it has none); `lists todo list`
/// shows `--list`'s tasks, else every list's, with the list of each when there are several.
extension TodoCommands {
    static let listCommands = [
        CommandEntry(Lists.self), CommandEntry(MakeList.self), CommandEntry(RenameList.self),
        CommandEntry(MoveList.self), CommandEntry(DeleteList.self),
    ]

    static let listHelp = "the to-do list, by name or number (default: the first)"

    /// Prints `summaries` numbered in their order with their counts.
    static func printLists(_ summaries: [TodoLists.Summary], _ output: Output) {
        output.numberedLists(summaries.map { ($0.list.name, "\($0.open) to do", "\($0.tasks) in all") })
    }

    /// `lists todo lists`.
    struct Lists: Command {
        static let configuration = CommandConfiguration(
            app: "todo", name: "lists", abstract: "Show the household's to-do lists, with how much is left on each.",
            discussion: "Lists are numbered in their order; a command's --list takes the number or the name.",
            example: "lists todo lists")
        static let arguments: [Argument<Self>] = []

        func run(_ run: Invocation) throws {
            let summaries = try run.todoLists().summaries()
            if run.wantsJSON { return run.output.json(TodoListsBody(summaries)) }
            printLists(summaries, run.output)
            if summaries.isEmpty, run.output.isTerminal {
                run.output.line("No to-do lists. Make one: lists todo make-list NAME")
            }
        }
    }

    /// `lists todo make-list NAME`.
    struct MakeList: Command {
        static let configuration = CommandConfiguration(
            app: "todo", name: "make-list", abstract: "Make a to-do list, after the others.",
            discussion: "NAME is 1 to 200 characters, and no other to-do list of the household has it (case ignored).",
            example: "lists todo make-list Work")
        static let arguments: [Argument<Self>] = [.positional("NAME", 1, nil) { $0.words = $1 }]

        var words: [String] = []
        var name = ""

        mutating func validate() throws {
            name = try TaskList.Fields.name.parse(words.joinedInline(separator: " "))
        }

        func run(_ run: Invocation) throws {
            let list = try run.todoLists().make(name: name)
            if run.wantsJSON { return run.output.json(list) }
            run.output.line("Made to-do list \(list.name)")
        }
    }

    /// `lists todo rename-list LIST --name NAME`.
    struct RenameList: Command {
        static let configuration = CommandConfiguration(
            app: "todo", name: "rename-list", abstract: "Rename a to-do list.",
            discussion: "LIST is the list's name or number from 'lists todo lists'.",
            example: "lists todo rename-list Work --name Office")
        static let arguments: [Argument<Self>] = [
            .positional("LIST", 1, nil) { $0.words = $1 },
            .option("name", "NAME", help: "its new name") { $0.nameText = $1 },
        ]

        var words: [String] = []
        var nameText: String?
        var name = ""

        mutating func validate() throws {
            guard let nameText else { throw UsageError(message: "give the new name with --name", command: Self.path) }
            name = try TaskList.Fields.name.parse(nameText)
        }

        func run(_ run: Invocation) throws {
            let lists = try run.todoLists()
            let old = try lists.list(.typed(words.joinedInline(separator: " ")))
            let renamed = try lists.rename(.id(old.id), to: name)
            if run.wantsJSON { return run.output.json(renamed) }
            run.output.line("Renamed to-do list \(old.name) to \(renamed.name)")
        }
    }

    /// `lists todo move-list LIST --by N`.
    struct MoveList: Command {
        static let configuration = CommandConfiguration(
            app: "todo", name: "move-list", abstract: "Move a to-do list up or down among the lists.",
            discussion: "--by -1 moves it one place up, towards the first; --by 2 two places down. The first list is "
                + "where a task goes when no list is named.",
            example: "lists todo move-list Work --by -1")
        static let arguments: [Argument<Self>] = [
            .positional("LIST", 1, nil) { $0.words = $1 },
            .option("by", "N", help: "how many places: negative up, positive down") { $0.byText = $1 },
        ]

        var words: [String] = []
        var byText: String?
        var offset = 0

        mutating func validate() throws {
            guard let byText else { throw UsageError(message: "say how far with --by N", command: Self.path) }
            offset = try Typed.offset(byText)
        }

        func run(_ run: Invocation) throws {
            let lists = try run.todoLists()
            try lists.move(.typed(words.joinedInline(separator: " ")), by: offset)
            let summaries = try lists.summaries()
            if run.wantsJSON { return run.output.json(TodoListsBody(summaries)) }
            printLists(summaries, run.output)
        }
    }

    /// `lists todo delete-list LIST`.
    struct DeleteList: Command {
        static let configuration = CommandConfiguration(
            app: "todo", name: "delete-list", abstract: "Delete a to-do list with its tasks.",
            discussion: "The web app can undo it for 10 minutes.", example: "lists todo delete-list Office")
        static let arguments: [Argument<Self>] = [.positional("LIST", 1, nil) { $0.words = $1 }]

        var words: [String] = []

        func run(_ run: Invocation) throws {
            let lists = try run.todoLists()
            let deleted = try lists.delete(.typed(words.joinedInline(separator: " ")))
            if run.wantsJSON { return run.output.json(deleted.list) }
            let count = deleted.tasks
            run.output.line(
                "Deleted to-do list \(deleted.list.name) and the \(count) \(count == 1 ? "task" : "tasks") on it")
        }
    }
}
