import Foundation
import Testing

/// The static `lists` links no libpq: for a `postgres://` or `postgresql://` database it replaces itself with
/// `lists-postgres` from its own directory. These runs use a copy of `lists` in a directory of its own, next to a
/// stand-in `lists-postgres` that prints what it was given (or next to nothing), so they need no server.
@Suite("Handing PostgreSQL URLs to lists-postgres")
struct PostgresHandOffTests {
    /// A directory holding a copy of the `lists` under test and, with `standIn`, a `lists-postgres` script that
    /// prints its arguments, one per line, then the variables the check needs.
    struct Installation {
        let sandbox: Sandbox
        let lists: URL

        init(standIn: Bool) throws {
            sandbox = try Sandbox()
            let bin = sandbox.directory.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            lists = bin.appendingPathComponent("lists")
            try FileManager.default.copyItem(at: try Sandbox.binary(), to: lists)
            if standIn {
                let script = bin.appendingPathComponent("lists-postgres")
                try Data(
                    """
                    #!/bin/sh
                    printf 'arg %s\\n' "$@"
                    echo "LISTS_DATABASE=$LISTS_DATABASE PROBE=$PROBE"

                    """.utf8
                ).write(to: script)
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
            }
        }

        func run(_ arguments: [String], environment changes: [String: String?] = [:]) throws -> Outcome {
            try ChildProcess.run(lists, arguments, environment: sandbox.environment(changes))
        }
    }

    /// The whole command line and the whole environment (not only the variables `lists` reads) reach
    /// `lists-postgres`, for `--database`, `--database=` and `LISTS_DATABASE`, with either scheme.
    @Test func theSameArgumentsAndEnvironmentReachListsPostgres() throws {
        let installation = try Installation(standIn: true)
        defer { installation.sandbox.remove() }
        let url = "postgres://me@db.example:5433/lists"
        let given = ["--json", "--database", url, "todo", "add", "Call", "the vet"]
        #expect(
            try installation.run(given, environment: ["PROBE": "kept"])
                == Outcome(
                    status: 0,
                    stdout: given.map { "arg \($0)\n" }.joined()
                        + "LISTS_DATABASE=\(installation.sandbox.database) PROBE=kept\n",
                    stderr: ""))
        let inline = ["--database=postgresql://db.example/lists", "shop", "list"]
        #expect(try installation.run(inline).stdout.hasPrefix(inline.map { "arg \($0)\n" }.joined()))
        let fromEnvironment = try installation.run(["todo", "list"], environment: ["LISTS_DATABASE": url])
        #expect(fromEnvironment.stdout == "arg todo\narg list\nLISTS_DATABASE=\(url) PROBE=\n", "\(fromEnvironment)")
    }

    /// A command line that is wrong, and help, are answered by `lists` itself; SQLite databases stay with it.
    @Test func onlyCommandsOnPostgreSQLAreHandedOver() throws {
        let installation = try Installation(standIn: true)
        defer { installation.sandbox.remove() }
        let url = "postgres://me@db.example/lists"
        let wrong = try installation.run(["--database", url, "todo", "bogus"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.hasPrefix("lists: unknown command \"bogus\""), "\(wrong)")
        let help = try installation.run(["--database", url, "todo", "list", "--help"])
        #expect(help.status == 0 && help.stdout.contains("USAGE: lists todo list"), "\(help)")
        let onSQLite = try installation.run(["--no-seed", "todo", "list"])
        #expect(onSQLite.status == 0 && !onSQLite.stdout.contains("arg "), "\(onSQLite)")
        let file = installation.sandbox.path("postgres")
        let fileNamedPostgres = try installation.run(["--database", file, "--no-seed", "todo", "list"])
        #expect(fileNamedPostgres.status == 0 && !fileNamedPostgres.stdout.contains("arg "), "\(fileNamedPostgres)")
    }

    /// Without `lists-postgres` beside it, `lists` says so in one line naming the field, and how to get it.
    @Test func aMissingListsPostgresIsOneLineAndStatusTwo() throws {
        let installation = try Installation(standIn: false)
        defer { installation.sandbox.remove() }
        let outcome = try installation.run(["--database", "postgres://me@db.example/lists", "todo", "add", "Tea"])
        #expect(outcome.status == 2)
        #expect(outcome.stdout == "")
        #expect(outcome.stderrLines.count == 1, "\(outcome)")
        #expect(outcome.stderr.hasPrefix("lists: database: "), "\(outcome)")
        #expect(outcome.stderr.contains("lists-postgres") && outcome.stderr.contains("make build"), "\(outcome)")
    }
}
