import Foundation
import ListsModel
import ListsSQLite

/// One run of a command: its arguments, where it writes, and the store it works on (opened on first use).
final class Invocation {
    let arguments: ParsedArguments
    let environment: [String: String]
    let output: Output
    let command: CommandSpec
    private var openedStore: (any Store)?

    init(arguments: ParsedArguments, environment: [String: String], output: Output, command: CommandSpec) {
        self.arguments = arguments
        self.environment = environment
        self.output = output
        self.command = command
    }

    /// Whether `--json` was given.
    var wantsJSON: Bool { arguments.options["json"] != nil }

    /// The value of `--name`, if given.
    func option(_ name: String) -> String? { arguments.options[name] }

    /// The user's locale, from the environment.
    lazy var locale = ListsFormat.locale(environment: environment)

    /// `date` in the medium date style of the user's locale and time zone.
    func date(_ date: Date) -> String { ListsFormat.mediumDate(date, locale: locale) }

    /// The positional arguments.
    var positionals: [String] { arguments.positionals }

    /// The positional arguments as references.
    var references: [Reference] { positionals.map(Reference.typed) }

    /// The database path: `--database`, else `LISTS_DATABASE`, else the XDG data directory.
    /// - Throws: ``UsageError`` for a URL this version cannot open.
    func databasePath() throws -> String {
        let given = option("database") ?? environment["LISTS_DATABASE"].flatMap { $0.isEmpty ? nil : $0 }
        if let given {
            if given.trimmingWhitespace(includingNewlines: false).isEmpty || given == ":memory:" {
                throw ValidationError(
                    field: "database",
                    message: "give the path of a file; \(given.isEmpty ? "an empty path" : Quoted(given).description) "
                        + "would keep nothing")
            }
            if given.hasPrefix("postgres://") || given.hasPrefix("postgresql://") {
                throw ValidationError(
                    field: "database", message: "PostgreSQL is not supported by this version yet; give a file path")
            }
            return given
        }
        return Self.defaultDatabasePath(environment: environment)
    }

    /// `$XDG_DATA_HOME/lists/lists.sqlite`, else `~/.local/share/lists/lists.sqlite`: the Linux counterpart of
    /// the tutorials' Documents directory.
    static func defaultDatabasePath(environment: [String: String]) -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return data + "/lists/lists.sqlite"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/share/lists/lists.sqlite"
    }

    /// The store, opened, migrated and seeded once (or left empty with `--no-seed`); `readConnections` as in
    /// ``SQLiteStore/init(path:readConnections:)``.
    /// - Throws: ``StoreError``, ``ValidationError``.
    func store(readConnections: Int = 0) throws -> any Store {
        if let openedStore { return openedStore }
        let store = try SQLiteStore(path: try databasePath(), readConnections: readConnections)
        try Seeding.seedIfNeeded(store, empty: option("no-seed") != nil)
        openedStore = store
        return store
    }

    /// The Shopping List app's data controller.
    func shopping() throws -> ShoppingList { ShoppingList(store: try store()) }
    /// The To-Do app's data controller.
    func todo() throws -> TodoList { TodoList(store: try store()) }
    /// The Bird Sightings app's data controller.
    func birds() throws -> BirdSightingLog { BirdSightingLog(store: try store()) }

    /// The words of all positional arguments joined by spaces, so `lists todo add Call the vet` needs no quotes.
    var joinedText: String { positionals.joined(separator: " ") }

    /// `--if-version V`, checked to be a positive whole number.
    /// - Throws: ``ValidationError`` for `version`.
    func expectedVersion() throws -> Int? {
        guard let text = option("if-version") else { return nil }
        guard let version = Int(text), version >= 1 else {
            throw ValidationError(
                field: "version", message: "\(Quoted(text)) is not a version; use a whole number from 1")
        }
        return version
    }

    /// `--price P` parsed, if given.
    /// - Throws: ``ValidationError`` for `price`.
    func price() throws -> Money? {
        try option("price").map(Money.init(parsingPrice:))
    }
}
