import Foundation
import Testing

/// The database holds every household's lists and the accounts' password hashes: it, its `-wal` and `-shm`, and the
/// directory Lists makes for them are readable by their owner only, whatever the umask of whoever runs `lists`; a
/// file that is not a Lists database is left as it was (DatabaseFileTests).
@Suite("Files readable by their owner only")
struct PrivateFilesTests {
    /// The permission bits of the file at `path`.
    static func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int)
    }

    /// `lists arguments` started by a shell whose umask is `umask`.
    static func run(_ sandbox: Sandbox, umask: String, _ arguments: [String], environment: [String: String?] = [:])
        throws -> Outcome
    {
        try ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "umask \(umask); exec \"$0\" \"$@\"", try Sandbox.binary().path] + arguments,
            environment: sandbox.environment(environment))
    }

    @Test(arguments: ["000", "022", "077"])
    func aNewDatabaseAndItsDirectoryAreTheirOwnersOnly(umask: String) throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        // The default place: a data directory that does not exist yet.
        let data = sandbox.path("data")
        let outcome = try Self.run(
            sandbox, umask: umask, ["--no-seed", "households", "list"],
            environment: ["LISTS_DATABASE": nil, "XDG_DATA_HOME": data])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stderr == "")
        let database = data + "/lists/lists.sqlite"
        for file in [database, database + "-wal", database + "-shm"] {
            #expect(try Self.mode(file) == 0o600, "\(file)")
        }
        #expect(try Self.mode(data + "/lists") == 0o700)
        #expect(try Self.mode(data) == 0o700)
    }

    @Test func anExistingDatabaseOthersCouldReadIsMadePrivateAndSaysSo() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.succeed(["--no-seed", "todo", "add", "Walk the dogs"])
        let database = sandbox.database
        for file in [database, database + "-wal", database + "-shm"] {
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        }
        let outcome = try sandbox.run(["todo", "list"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "1    Walk the dogs\n")
        #expect(
            outcome.stderr
                == [database, database + "-wal", database + "-shm"].map {
                    "lists: warning: \($0) could be read by other users; it is now readable by its owner only\n"
                }.joined())
        for file in [database, database + "-wal", database + "-shm"] {
            #expect(try Self.mode(file) == 0o600, "\(file)")
        }
        // Once private, nothing more is said.
        #expect(try sandbox.run(["todo", "list"]).stderr == "")
    }

    @Test func aDatabaseOfAnotherUserThatOthersCanReadIsNamedWithTheFix() throws {
        guard getuid() == 0 else { return }
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.succeed(["--no-seed", "todo", "add", "Walk the dogs"])
        let database = sandbox.database
        // Shared by its owner with everyone (its directory too): someone else uses it, and cannot make it private,
        // so Lists tells them how its owner can.
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: sandbox.directory.path)
        for file in [database, database + "-wal", database + "-shm"] {
            try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: file)
        }
        let outcome = try sandbox.runAsNobody(["todo", "list"])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stdout == "1    Walk the dogs\n")
        #expect(
            outcome.stderr.hasPrefix(
                "lists: warning: \(database) can be read by other users, and Lists cannot change that; its owner can, "
                    + "with: chmod go-rwx \(database)\n"), "\(outcome)")
        #expect(try Self.mode(database) == 0o666)
        // Its owner opening it makes it private.
        #expect(try sandbox.run(["todo", "list"]).stderr.contains("it is now readable by its owner only"))
        #expect(try Self.mode(database) == 0o600)
    }

    @Test func anExportWrittenToAFileIsPrivate() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let backup = sandbox.path("backup.json")
        let outcome = try Self.run(sandbox, umask: "000", ["export", "--output", backup])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(try Self.mode(backup) == 0o600)
    }
}
