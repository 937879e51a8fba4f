import Foundation
import Testing

/// `--help` everywhere: exit 0, a usage line, an example, nothing on stderr, no database touched.
@Suite("Help screens")
struct HelpTests {
    /// Every command of `lists`, as `APP COMMAND`.
    static let commands = [
        "shop list", "shop add", "shop edit", "shop need", "shop unneed", "shop rm", "shop total",
        "shop lists", "shop make-list", "shop rename-list", "shop move-list", "shop delete-list", "shop put",
        "shop show", "shop check", "shop uncheck", "shop change", "shop take",
        "todo list", "todo add", "todo edit", "todo done", "todo undone", "todo rm",
        "birds list", "birds add", "birds show", "birds edit", "birds rm",
    ]

    @Test(arguments: commands)
    func everyCommandHasHelpWithAnExample(_ command: String) throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let words = command.split(separator: " ").map(String.init)
        for flag in ["--help", "-h"] {
            let outcome = try sandbox.run(words + [flag])
            #expect(outcome.status == 0, "\(command) \(flag): \(outcome)")
            #expect(outcome.stderr == "")
            #expect(outcome.stdout.contains("\nUSAGE: lists \(command)"), "\(outcome.stdout)")
            #expect(outcome.stdout.contains("\nEXAMPLE:\n  lists \(words[0]) "), "\(outcome.stdout)")
            #expect(outcome.stdout.contains("--database PATH"))
        }
        // Help wins over arguments that would be refused.
        let refused = try sandbox.run(words + ["--help", "x", "y"])
        #expect(refused.status == 0 && refused.stdout.contains("USAGE: lists \(command)"), "\(refused)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.database), "help must not create the database")
    }

    @Test(arguments: ["", "shop", "todo", "birds"])
    func appsAndTheToolHaveHelp(_ app: String) throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let outcome = try sandbox.run((app.isEmpty ? [] : [app]) + ["--help"])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stderr == "")
        #expect(outcome.stdout.contains("USAGE: lists \(app.isEmpty ? "[--database PATH|URL]" : app)"))
        #expect(outcome.stdout.contains("\nEXAMPLE:\n  lists "))
        #expect(!FileManager.default.fileExists(atPath: sandbox.database))
    }

    @Test func shopAddHelpInFull() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        #expect(
            try sandbox.run(["shop", "add", "--help"])
                == Outcome(
                    status: 0,
                    stdout: """
                        Add an item at the end of the catalog, off the shopping list.

                        USAGE: lists shop add NAME [--price P]

                        NAME is 1 to 200 characters; the words of NAME need no quotes. The price is a number \
                        from 0 to 1000000 with at most two decimals after a dot; it defaults to 0.

                        OPTIONS:
                          --price P  its price, like 1.99

                        GLOBAL OPTIONS:
                          --database PATH|URL  the database file, or a postgres://user@host:port/db URL (default: \
                        $LISTS_DATABASE, else $XDG_DATA_HOME/lists/lists.sqlite)
                          --household NAME     the household whose lists to use (default: the only one; see \
                        'lists households list')
                          --json               print JSON, the objects the API returns
                          --no-seed            when this run creates the database, leave it empty instead of \
                        adding the tutorials' data

                        EXAMPLE:
                          lists shop add Oat milk --price 1.99

                        """, stderr: ""))
    }

    @Test func todoHelpInFull() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        #expect(
            try sandbox.run(["todo", "--help"])
                == Outcome(
                    status: 0,
                    stdout: """
                        To-Do: a list of tasks (iTahDoodle)

                        USAGE: lists todo COMMAND [ARGS]

                        COMMANDS:
                          list         Show the tasks in the order they were added (or by due date), a checkmark on those done.
                          today        Show what is overdue or due today, soonest first.
                          upcoming     Show what is due in the next 7 days, by day.
                          add          Insert a task at the end of the list.
                          show         Show one task: its text, list, due date, priority, repeat, reminder, note and check-offs.
                          edit         Change a task's text, due date, priority, note, repeat or reminder, or move it to another list.
                          done         Mark tasks done.
                          undone       Mark tasks not done.
                          rm           Delete tasks.
                          lists        Show the household's to-do lists, with how much is left on each.
                          make-list    Make a to-do list, after the others.
                          rename-list  Rename a to-do list.
                          move-list    Move a to-do list up or down among the lists.
                          delete-list  Delete a to-do list with its tasks.

                        EXAMPLE:
                          lists todo list --list To-Do

                        See 'lists todo COMMAND --help' for more.

                        """, stderr: ""))
    }

    @Test func everyExampleInTheHelpRuns() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.succeed(["shop", "add", "Milk"])
        try sandbox.succeed(["todo", "add", "Fourth"])
        try sandbox.succeed(["shop", "make-list", "Groceries"])
        // In an order where each example finds what it refers to.
        for command in [
            "shop make-list", "shop lists", "shop put", "shop show", "shop check", "shop uncheck", "shop change",
            "shop take", "shop move-list", "shop rename-list", "shop delete-list",
            "shop list", "shop add", "shop edit", "shop need", "shop unneed", "shop total", "shop rm",
            "todo list", "todo add", "todo edit", "todo done", "todo undone", "todo rm",
            "birds list", "birds add", "birds show", "birds edit", "birds life", "birds year", "birds species",
            "birds match", "birds rm",
        ] {
            let help = try sandbox.run(command.split(separator: " ").map(String.init) + ["--help"]).stdout
            let example = try #require(
                help.split(separator: "\n").last.map(String.init), "\(command) has an example")
            let words = try shellWords(example.trimmingCharacters(in: .whitespaces))
            #expect(words.first == "lists", "\(example)")
            let outcome = try sandbox.run(Array(words.dropFirst()))
            #expect(outcome.status == 0 && outcome.stderr == "", "\(example): \(outcome)")
        }
    }
}

/// Splits a command line the way a shell does for plain words and double-quoted strings.
func shellWords(_ line: String) throws -> [String] {
    var words: [String] = []
    var current = ""
    var inQuotes = false
    var hasWord = false
    for character in line {
        switch character {
        case "\"":
            inQuotes.toggle()
            hasWord = true
        case " " where !inQuotes:
            if hasWord { words.append(current) }
            current = ""
            hasWord = false
        default:
            current.append(character)
            hasWord = true
        }
    }
    if hasWord { words.append(current) }
    return words
}
