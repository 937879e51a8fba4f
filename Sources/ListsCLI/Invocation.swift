import Foundation
import ListsModel
import ListsSQLite
import Synchronization

/// What a command runs with: the global options, the environment, where it writes, and the store (opened on
/// first use).
final class Invocation {
    let global: GlobalOptions
    let environment: [String: String]
    let output: Output
    /// How PostgreSQL stores are opened; `nil` in the static `lists`, which hands them to `lists-postgres`.
    let openPostgres: PostgresOpener?
    /// The command's app word (`shop`, `todo`, `birds`), or `""` for a command of its own (`import`, `serve`).
    let app: String
    private var openedStore: (any Store)?

    init(
        global: GlobalOptions, environment: [String: String], output: Output, openPostgres: PostgresOpener?,
        app: String = ""
    ) {
        self.app = app
        self.global = global
        self.environment = environment
        self.output = output
        self.openPostgres = openPostgres
    }

    /// Whether `--json` was given.
    var wantsJSON: Bool { global.wantsJSON }

    /// The stores commands left open for the end of the process to close (``endCommand()``).
    private static let storesLeftOpen = Mutex<[any Store]>([])

    /// Ends the command: its store, readied for it, is left open for the end of the process to close, which
    /// follows (a store that must be closed, PostgreSQL's, is closed as the invocation goes).
    func endCommand() {
        guard let openedStore, openedStore.readyToEndWithProcess() else { return }
        Self.storesLeftOpen.withLock { $0.append(openedStore) }
    }

    /// The user's locale, from the environment.
    lazy var locale = ListsFormat.locale(environment: environment)

    /// `date` in the medium date style of the user's locale and time zone.
    func date(_ date: Date) -> String { ListsFormat.mediumDate(date, locale: locale) }

    /// Where the records are: an SQLite file, or a PostgreSQL server.
    enum Database: Equatable {
        /// The SQLite file at this path.
        case sqlite(path: String)
        /// The PostgreSQL server and database at this `postgres://` or `postgresql://` URL.
        case postgres(url: String)
    }

    /// The database: `--database`, else `LISTS_DATABASE`, else the XDG data directory's SQLite file. A
    /// `postgres://` or `postgresql://` URL names a PostgreSQL server; anything else is a file path.
    /// - Throws: ``ValidationError`` for a path that would keep nothing.
    func database() throws -> Database {
        let given = global.database ?? environment["LISTS_DATABASE"].flatMap { $0.isEmpty ? nil : $0 }
        guard let given else { return .sqlite(path: Self.defaultDatabasePath(environment: environment)) }
        if given.trimmingWhitespace(includingNewlines: false).isEmpty || given == ":memory:" {
            throw ValidationError(
                field: "database",
                message: "give the path of a file or a postgres:// URL; "
                    + "\(given.isEmpty ? "an empty path" : Quoted(given).description) would keep nothing")
        }
        if given.hasPrefix("postgres://") || given.hasPrefix("postgresql://") { return .postgres(url: given) }
        return .sqlite(path: given)
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

    /// The store, opened, migrated and seeded once (or left empty with `--no-seed`). `readConnections` is how
    /// many transactions may run at once on their own connections (a server passes its thread count), as in
    /// ``SQLiteStore/init(path:readConnections:)`` and ``PostgresStore/init(url:connections:)`` (through
    /// ``openPostgres``). Scoped to the household `--household` names, or the only one; a server, which scopes
    /// each request to its own household, asks for it `unscoped`. A command's SQLite file is read through a memory
    /// map (``SQLiteStore/init(path:readConnections:mapped:)``) unless it asks for it not `mapped`: a server, which
    /// runs for months, and an import.
    /// - Throws: ``StoreError``, ``ValidationError`` (also for a PostgreSQL URL without ``openPostgres``).
    func store(readConnections: Int = 0, unscoped: Bool = false, mapped: Bool = true) throws -> any Store {
        if let openedStore { return openedStore }
        let store: any Store
        switch try database() {
        case .sqlite(let path):
            let opened = try SQLiteStore(path: path, readConnections: readConnections, mapped: mapped)
            for notice in opened.permissionNotices {
                Platform.writeToStandardError("lists: warning: \(notice)\n")
            }
            store = opened
        case .postgres(let url):
            guard let openPostgres else { throw PostgresHandOff.unavailable }
            store = try openPostgres(url, max(1, readConnections))
        }
        try Seeding.seedIfNeeded(store, empty: global.noSeed)
        let scoped = unscoped ? store : try scoped(store)
        // The household's checkmarks from before named lists become its list "Shopping", and its tasks from before
        // to-do lists its list "To-Do" (a server folds each household's at its first request): the ones the
        // command's app reads (a to-do command need not look at the shopping lists, nor the reverse); a
        // command of no app (import, export) folds both.
        if !unscoped {
            if app != "todo", app != "birds" { try ShoppingLists(store: scoped).foldCheckmarks() }
            if app != "shop", app != "birds" { try TodoLists(store: scoped).fold() }
        }
        openedStore = scoped
        return scoped
    }

    /// `store` scoped to the household `--household` names; else to the only household, or, when there are
    /// several, a refusal naming them. One read of the households, before the command's own.
    /// - Throws: ``ValidationError`` naming `household`.
    private func scoped(_ store: any Store) throws -> any Store {
        let households = try store.read { try $0.accounts.households() }
        // Every database has a household (schema 9 makes the first); without one the store stays as it is.
        if households.isEmpty, global.household == nil { return store }
        let household = try chosenHousehold(among: households)
        return household.id == store.household ? store : store.scoped(to: household.id)
    }

    /// The Shopping List app's data controller.
    func shopping() throws -> ShoppingList { ShoppingList(store: try store()) }
    /// The household's named shopping lists.
    func lists() throws -> ShoppingLists { ShoppingLists(store: try store()) }
    /// The To-Do app's data controller.
    func todo() throws -> TodoList { TodoList(store: try store()) }

    func todoLists() throws -> TodoLists { TodoLists(store: try store()) }
    /// The Bird Sightings app's data controller.
    func birds() throws -> BirdSightingLog { BirdSightingLog(store: try store()) }
}

/// How commands read the values people type.
enum Typed {
    /// A version (`--if-version V`): a whole number from 1.
    /// - Throws: ``ValidationError`` for `version`.
    static func version(_ text: String?) throws -> Int? {
        guard let text else { return nil }
        guard let version = Int(text), version >= 1 else {
            throw ValidationError(
                field: "version", message: "\(Quoted(text)) is not a version; use a whole number from 1")
        }
        return version
    }

    /// A move among lists (`--by N`): a whole number other than 0.
    /// - Throws: ``ValidationError`` for `offset`.
    static func offset(_ text: String) throws -> Int {
        guard let value = Int(text), value != 0 else {
            throw ValidationError(
                field: "offset", message: "\(Quoted(text)) is not a move; use a whole number other than 0")
        }
        return value
    }

    /// A whole number option `--name` in `range`.
    /// - Throws: ``UsageError`` naming the option.
    static func number(_ text: String?, option name: String, in range: ClosedRange<Int>, command: String) throws -> Int?
    {
        guard let text else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(
                message: "--\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not "
                    + "\(Quoted(text))",
                command: command)
        }
        return value
    }
}
