import Foundation
import ListsAuth
import ListsInterchange
import ListsModel

/// The `lists` command: finds the command in the arguments, runs it, and turns every error into one line on
/// stderr and an exit status (0 done, 2 bad input or usage, 1 anything else).
public enum ListsCommandLine {
    /// The apps and their commands.
    static let apps = [
        App("shop", "Shopping List: a catalog of items with prices, put on a shopping list") { ShopCommands.all },
        App("todo", "To-Do: a list of tasks (iTahDoodle)") { TodoCommands.all },
        App("birds", "Bird Sightings: birds seen, where and when (BirdWatching)") { BirdsCommands.all },
        App("users", "Users: the accounts people sign in to the web app with") { UsersCommands.all },
        App("households", "Households: who shares which lists") { HouseholdsCommands.all },
        App("tokens", "API tokens: for scripts and apps, acting as their user") { TokensCommands.all },
    ]

    /// An app of the command line: its word, its title for the help, and its commands, whose table is made the
    /// first time they are asked for (a command makes its own app's only).
    struct App: Sendable {
        let name: String
        let title: String
        private let makeCommands: @Sendable () -> [CommandEntry]

        init(_ name: String, _ title: String, commands: @escaping @Sendable () -> [CommandEntry]) {
            self.name = name
            self.title = title
            makeCommands = commands
        }

        var commands: [CommandEntry] { makeCommands() }
    }

    /// The commands that belong to no single app.
    static let commands = [
        CommandEntry(ServeCommand.self), CommandEntry(TransferCommands.Import.self),
        CommandEntry(TransferCommands.Export.self),
    ]

    /// The apps' and the other commands' words, for messages.
    static let appNames = "shop, todo, birds, users, households, tokens, serve, import, export"

    /// The environment variables `lists` reads; `main` passes only these, because decoding the whole
    /// environment into a dictionary costs a short command a sixth of its work.
    public static let environmentVariables = [
        "LISTS_DATABASE", "XDG_DATA_HOME", "HOME", "NO_COLOR", "TERM", "LC_ALL", "LC_TIME", "LANG",
        "LISTS_ALLOWED_HOSTS", "LISTS_TRUSTED_PROXIES",
    ]

    /// The values of ``environmentVariables`` in this process's environment.
    public static func processEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        for name in environmentVariables {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }

    /// Runs `lists` with `arguments` (without the program name) and returns the exit status. `openPostgres` opens
    /// PostgreSQL stores (`lists-postgres` passes one); without it, a command on a `postgres://` or
    /// `postgresql://` database replaces this process with `lists-postgres` from the same directory, given the
    /// same arguments and environment, once its command line has been checked.
    public static func run(
        _ arguments: [String], environment: [String: String], openPostgres: PostgresOpener? = nil
    ) -> Int32 {
        // A server's password-hashing helper (``HashingHelpers``) is this executable started with its own first
        // argument, which no person types; it never reaches the commands.
        if let status = HashingHelpers.serveAsHelper(arguments: arguments) { return status }
        let output = Output(environment: environment)
        defer { output.flush() }
        do {
            try dispatch(arguments, environment: environment, output: output, openPostgres: openPostgres)
            return ExitStatus.success
        } catch let error as UsageError {
            return fail("\(error)", status: ExitStatus.badInput, output: output)
        } catch let error as ImportError {
            return fail("import: \(error); nothing was imported", status: ExitStatus.badInput, output: output)
        } catch let error as ValidationError {
            return fail("\(error)", status: ExitStatus.badInput, output: output)
        } catch let error as StoreError {
            switch error.code {
            case .notADatabase, .cannotOpen:
                return fail("database: \(error)", status: ExitStatus.badInput, output: output)
            case .conflict:
                return fail("version: \(error)", status: ExitStatus.badInput, output: output)
            case .nameTaken:
                return fail("\(error)", status: ExitStatus.badInput, output: output)
            case .failure, .corrupt:
                // At a terminal the engine's words help (they hold no bound value); a server keeps them to its log.
                return fail("database: \(error.debugDescription)", status: ExitStatus.failure, output: output)
            default:
                return fail("database: \(error)", status: ExitStatus.failure, output: output)
            }
        } catch {
            return fail("\(error)", status: ExitStatus.failure, output: output)
        }
    }

    private static func fail(_ message: String, status: Int32, output: Output) -> Int32 {
        output.flush()
        Platform.writeToStandardError("lists: \(message)\n")
        return status
    }

    /// Finds the app and command words (the first two words that are neither options nor the value of a global
    /// option such as `--database`), then parses the rest against that command's options and the global ones.
    private static func dispatch(
        _ arguments: [String], environment: [String: String], output: Output, openPostgres: PostgresOpener?
    ) throws {
        let context = Context(
            arguments: arguments, environment: environment, output: output, openPostgres: openPostgres)
        var words: [(index: Int, word: String)] = []
        let globalsWithValues = Set(GlobalOptions.all.filter { $0.value != nil }.map { "--\($0.name)" })
        var index = 0
        while index < arguments.count, words.count < 2 {
            let word = arguments[index]
            if word == "--" { break }
            if globalsWithValues.contains(word) {
                index += 2
                continue
            }
            if !word.hasPrefix("-") { words.append((index, word)) }
            index += 1
        }
        let wantsHelp = arguments.contains("--help") || arguments.contains("-h")
        guard let appWord = words.first else {
            if wantsHelp { return output.line(Help.overview(apps, commands: commands)) }
            throw UsageError(message: "missing app; one of \(appNames)", command: "lists")
        }
        if let command = commands.first(where: { $0.configuration.name == appWord.word }) {
            var rest = arguments
            rest.remove(at: appWord.index)
            return try run(command, rest, context)
        }
        guard let app = apps.first(where: { $0.name == appWord.word }) else {
            throw UsageError(
                message: "unknown app \(Quoted(appWord.word)); one of \(appNames)",
                command: "lists")
        }
        // Only for a message: a command that runs joins nothing.
        func commandNames() -> String { app.commands.map { $0.configuration.name }.joinedInline(separator: ", ") }
        guard words.count > 1 else {
            if wantsHelp { return output.line(Help.app(app.name, app.title, app.commands)) }
            throw UsageError(message: "missing command; one of \(commandNames())", command: "lists \(app.name)")
        }
        guard let command = app.commands.first(where: { $0.configuration.name == words[1].word }) else {
            throw UsageError(
                message: "unknown command \(Quoted(words[1].word)) for lists \(app.name); one of \(commandNames())",
                command: "lists \(app.name)")
        }
        var rest = arguments
        rest.remove(at: words[1].index)
        rest.remove(at: words[0].index)
        try run(command, rest, context)
    }

    /// What one run of `lists` passes from the dispatch to the command.
    struct Context {
        /// All the arguments, as given (what `lists-postgres` is given when the database is PostgreSQL's).
        var arguments: [String]
        var environment: [String: String]
        var output: Output
        var openPostgres: PostgresOpener?
    }

    /// Parses `rest` (the arguments without the command's words) into `command` and runs it, or hands the whole
    /// command line to `lists-postgres` when the database is a PostgreSQL URL that this build cannot open.
    private static func run(_ command: CommandEntry, _ rest: [String], _ context: Context) throws {
        try command.parseAndRun(rest, context)
    }
}

/// A command of `lists` as the dispatch and the help screens see it: what its type declares, and how to parse
/// and run it (the type itself, kept in a closure, so that no existential metatype is opened).
struct CommandEntry: Sendable {
    /// The command's words, help and example.
    let configuration: CommandConfiguration
    /// Parses the arguments (without the command's words) into the command and runs it.
    let parseAndRun: @Sendable ([String], ListsCommandLine.Context) throws -> Void
    /// What help screens show, made only when one is drawn: every command's entry is made at each start.
    private let help: @Sendable () -> (usage: String, positionalPlaceholder: String, options: [OptionSpec])

    /// The entry of the command `type`.
    init<C: Command>(_ type: C.Type) {
        configuration = C.configuration
        parseAndRun = { rest, context in try C.parseAndRun(rest, context) }
        help = { (C.usage, C.positionalPlaceholder, C.options) }
    }

    /// `lists shop add NAME [--price P]`.
    var usage: String { help().usage }
    /// `NAME`, `REF...`, or `""`.
    var positionalPlaceholder: String { help().positionalPlaceholder }
    /// Its options.
    var options: [OptionSpec] { help().options }

    /// `lists shop add`.
    var path: String { configuration.path }
}

extension Command {
    /// Parses `rest` into this command: help, or its arguments checked and validated; then runs it, or hands the
    /// whole command line to `lists-postgres`.
    static func parseAndRun(_ rest: [String], _ context: ListsCommandLine.Context) throws {
        let output = context.output
        let parsed = try ParsedArguments(rest, known: GlobalOptions.all + options, command: path)
        if parsed.wantsHelp { return output.line(Help.command(CommandEntry(Self.self))) }
        var command = try parse(parsed)
        try command.validate()
        let invocation = Invocation(
            global: GlobalOptions(parsed), environment: context.environment, output: output,
            openPostgres: context.openPostgres, app: configuration.app)
        // Two prefix checks on every command; nothing has been read or written yet, so the hand-off loses nothing.
        if context.openPostgres == nil, case .postgres? = try? invocation.database() {
            try PostgresHandOff.exec(context.arguments)
        }
        defer { invocation.endCommand() }
        try command.run(invocation)
    }
}
