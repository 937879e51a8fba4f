import Foundation
import ListsModel

/// Opens the PostgreSQL store at `url` with `connections` connections (a server passes its thread count). Only the
/// `lists-postgres` executable has one: it links libpq, which the fully static `lists` cannot.
public typealias PostgresOpener = @Sendable (_ url: String, _ connections: Int) throws -> any Store

/// How the static `lists` reaches PostgreSQL: by replacing itself with `lists-postgres`, the dynamically linked
/// build of the same commands that links libpq. Debian cannot link libpq statically, and a dynamic `lists` would
/// cost every SQLite command the dynamic loader's start-up (about 5 ms against a 2.6 ms `lists todo add`).
enum PostgresHandOff {
    /// The executable's name; it is looked for in the directory of the running `lists`.
    static let executableName = "lists-postgres"

    /// Replaces this process with `lists-postgres` from this executable's directory, with `arguments` (without
    /// the program name) and this process's environment. Returns only by throwing.
    /// - Throws: ``ValidationError`` for `database` when there is no such executable to run.
    static func exec(_ arguments: [String]) throws -> Never {
        let path = Platform.executableDirectory() + "/" + executableName
        let reason = Platform.replaceProcess(with: path, arguments: [path] + arguments)
        throw ValidationError(
            field: "database",
            message: "PostgreSQL URLs are opened by \(executableName), and \(path) cannot be run (\(reason)); "
                + "`make build` builds it next to lists")
    }

    /// The refusal when a `lists` without PostgreSQL support is asked to open a PostgreSQL store in-process.
    static var unavailable: ValidationError {
        ValidationError(
            field: "database",
            message:
                "this build cannot open PostgreSQL URLs; run \(executableName) (`make build` builds it next to lists)")
    }
}
