import Foundation
@testable import ListsSQLite
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Database files `lists` must refuse without touching them: not SQLite, in a read-only directory, newer.
@Suite("Database files that cannot be used")
struct DatabaseFileTests {
    @Test func aFileThatIsNotSQLiteIsRefusedAndKept() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let text = Data("Pear 0.62\nNotepad 2.53\nthis is a shopping list, not a database\n".utf8)
        try text.write(to: URL(fileURLWithPath: sandbox.database))
        for arguments in [["todo", "list"], ["shop", "add", "Milk"], ["--no-seed", "birds", "list"]] {
            let outcome = try sandbox.run(arguments)
            #expect(
                outcome
                    == Outcome(
                        status: 2, stdout: "",
                        stderr: "lists: database: \(sandbox.database) is not a Lists database (not an SQLite file); "
                            + "nothing was changed\n"),
                "\(arguments)")
            #expect(sandbox.bytes(sandbox.database) == text, "the file's bytes changed")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.directory.path).sorted()
        #expect(leftovers == ["home", "lists.sqlite"], "no -wal or -shm file next to it")
    }

    @Test func aReadOnlyDirectoryIsNamedInTheMessage() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let directory = sandbox.path("readonly")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory)
        let database = directory + "/lists.sqlite"
        let arguments = ["--database", database, "todo", "add", "Call the vet"]
        // root ignores directory permissions, so run as nobody when the tests run as root.
        let outcome = getuid() == 0 ? try sandbox.runAsNobody(arguments) : try sandbox.run(arguments)
        #expect(
            outcome
                == Outcome(
                    status: 1, stdout: "",
                    stderr: "lists: database: cannot write to \(directory): it is read-only; nothing was changed\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [])
    }

    @Test func aDatabaseInAReadOnlyDirectoryIsNotChanged() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let directory = sandbox.path("readonly")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let database = directory + "/lists.sqlite"
        try sandbox.succeed(["--database", database, "todo", "list"])
        let bytes = sandbox.bytes(database)
        if getuid() == 0 { _ = chown(database, 65534, 65534) }
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory)
        let arguments = ["--database", database, "todo", "add", "Call the vet"]
        let outcome = getuid() == 0 ? try sandbox.runAsNobody(arguments) : try sandbox.run(arguments)
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stdout == "")
        #expect(
            outcome.stderr == "lists: database: cannot write to \(directory): it is read-only; nothing was changed\n")
        #expect(sandbox.bytes(database) == bytes)
        // The WAL and its index are kept between processes (empty after the last one closed).
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(files == ["lists.sqlite", "lists.sqlite-shm", "lists.sqlite-wal"])
    }

    @Test func aMissingParentThatCannotBeCreatedIsRefused() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let blocker = sandbox.path("file")
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        let outcome = try sandbox.run(["--database", blocker + "/lists.sqlite", "todo", "list"])
        #expect(
            outcome
                == Outcome(
                    status: 2, stdout: "",
                    stderr: "lists: database: cannot open or create a database at \(blocker)/lists.sqlite\n"))
    }

    @Test(arguments: ["", ":memory:"])
    func aDatabasePathThatKeepsNothingIsNotAcknowledged(_ path: String) throws {
        // An empty --database (say, from an unset shell variable) or ":memory:" opens a database that vanishes
        // at exit. Either lists refuses it, or what it acknowledged is there on the next run.
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let added = try sandbox.run(["--database", path, "todo", "add", "Important"])
        if added.status == 0 {
            let list = try sandbox.run(["--database", path, "todo", "list"])
            #expect(
                list.stdout.contains("Important"),
                "lists --database \(path.debugDescription) acknowledged \(added.stdout.debugDescription) but kept nothing"
            )
        } else {
            #expect(added.status == 2, "\(added)")
            #expect(added.stdout == "")
            #expect(added.stderrLines.count == 1 && added.stderr.hasPrefix("lists: database: "), "\(added)")
        }
    }

    @Test func aNewerSchemaWrittenByListsIsRefusedAndKept() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.succeed(["todo", "list"])
        #expect(try sandbox.sqlite3(sandbox.database, "PRAGMA user_version=99").status == 0)
        try expectNewerSchemaRefused(sandbox)
    }

    @Test func aNewerSchemaMadeBySQLite3IsRefusedAndKept() throws {
        // A database written by another tool, in SQLite's default rollback-journal mode.
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        #expect(try sandbox.sqlite3(sandbox.database, "PRAGMA user_version=99").status == 0)
        try expectNewerSchemaRefused(sandbox)
    }

    @Test func aSchemaListsDidNotWriteFailsItsMigrationNamingTheStepAndIsKept() throws {
        // Schema 6 as no Lists wrote it: the tasks lack their folded names (a hand-edited file, or a development
        // build's). Migration 7 cannot copy them; the file is left as it was and the message says where and why.
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.succeed(["todo", "list"])
        #expect(
            try sandbox.sqlite3(
                sandbox.database,
                "DROP INDEX tasks_by_name; ALTER TABLE tasks DROP COLUMN name_key; PRAGMA user_version=6"
            ).status == 0)
        let rows = try sandbox.sqlite3(sandbox.database, "SELECT * FROM tasks").stdout
        let outcome = try sandbox.run(["todo", "list"])
        #expect(outcome.status == 1)
        #expect(outcome.stdout == "")
        #expect(
            outcome.stderr.hasPrefix(
                "lists: database: the database failed: migrating the database from schema 6 to 7: "), "\(outcome)")
        #expect(outcome.stderr.contains("no such column: name_key"), "\(outcome)")
        #expect(try sandbox.sqlite3(sandbox.database, "PRAGMA user_version").stdout == "6\n")
        #expect(try sandbox.sqlite3(sandbox.database, "SELECT * FROM tasks").stdout == rows)
    }

    private func expectNewerSchemaRefused(_ sandbox: Sandbox) throws {
        let bytes = try #require(sandbox.bytes(sandbox.database))
        for arguments in [["todo", "add", "Call the vet"], ["shop", "list"]] {
            let outcome = try sandbox.run(arguments)
            #expect(
                outcome
                    == Outcome(
                        status: 1, stdout: "",
                        stderr: "lists: database: the database was written by a newer version of Lists (schema 99; "
                            + "this version knows up to \(SQLiteStore.migrations.count)); upgrade Lists to open it. Nothing was changed\n"
                    ),
                "\(arguments)")
            #expect(sandbox.bytes(sandbox.database) == bytes, "lists \(arguments) changed the file's bytes")
        }
        #expect(try sandbox.sqlite3(sandbox.database, "PRAGMA user_version").stdout == "99\n")
    }
}
