import Foundation
import Testing
import ListsStoreContract

@testable import ListsPostgres

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `lists` on PostgreSQL: `--database postgres://...` (or `LISTS_DATABASE`) for the commands and for `serve`, on the
/// server `LISTS_TEST_POSTGRES` names. Fails, never skips, when that is unset or unreachable.
@Suite("The CLI on PostgreSQL", .enabled(if: PostgresTestSettings.isEnabled, PostgresTestSettings.reason))
struct PostgresCLITests {
    /// A session's commands, each run on SQLite and on PostgreSQL.
    static let commands: [[String]] = [
        ["shop", "list"], ["shop", "add", "Tea", "--price", "2.50"], ["shop", "need", "Tea", "Pear"],
        ["shop", "list", "--needed"], ["shop", "total"], ["shop", "edit", "tea", "--name", "Green tea"],
        ["shop", "rm", "Bread"], ["shop", "list"], ["todo", "add", "Call", "the", "vet"], ["todo", "done", "1", "4"],
        ["todo", "list"], ["birds", "add", "Robin", "--location", "Garden", "--date", "2026-05-01"],
        ["birds", "rm", "1"], ["birds", "list"],
    ]

    /// Every command prints the same on PostgreSQL as on the SQLite default.
    @Test func commandsPrintTheSameAsOnSQLite() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        do {
            let url = try freshDatabase()
            for command in Self.commands {
                let onSQLite = try sandbox.run(command)
                let onPostgres = try sandbox.run(["--database", url] + command)
                #expect(onSQLite.status == 0, "\(command): \(onSQLite)")
                #expect(onPostgres == onSQLite, "lists \(command.joined(separator: " "))")
            }
            let fromEnvironment = try sandbox.run(["todo", "list"], environment: ["LISTS_DATABASE": url])
            #expect(fromEnvironment == (try sandbox.run(["todo", "list"])))
        }
    }

    /// `lists-postgres`, run directly, is the same program: it opens PostgreSQL itself (what `lists` hands it) and
    /// SQLite files too.
    @Test func listsPostgresRunsTheSameCommandsItself() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let listsPostgres = try Sandbox.binary().deletingLastPathComponent().appendingPathComponent("lists-postgres")
        let url = try freshDatabase()
        for command in [["todo", "add", "Call", "the", "vet"], ["todo", "list"], ["shop", "total"]] {
            let direct = try ChildProcess.run(
                listsPostgres, ["--database", url] + command, environment: sandbox.environment())
            #expect(direct.status == 0, "\(command): \(direct)")
            let onSQLite = try ChildProcess.run(listsPostgres, command, environment: sandbox.environment())
            #expect(onSQLite == direct, "lists-postgres \(command.joined(separator: " "))")
        }
        #expect(try sandbox.run(["--database", url, "todo", "list"]) == (try sandbox.run(["todo", "list"])))
    }

    /// Moving from the SQLite default to PostgreSQL, as docs/operating.md tells: `lists export` from the file,
    /// `lists import` into the server, and the server's export is the same file, byte for byte.
    @Test func movingFromSQLiteToPostgreSQLKeepsEveryRecord() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.succeed(["shop", "need", "Pear", "Bread"])
        try sandbox.succeed(["shop", "edit", "Mango", "--name", "Mangue \"Alphonso\"", "--price", "2.05"])
        try sandbox.succeed(["todo", "done", "2"])
        try sandbox.succeed(["birds", "add", "Rotkehlchen", "--location", "Köln", "--date", "2026-11-02T07:30"])
        let tasks = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ListsInterchangeTests/Fixtures/tasks.json").path
        try sandbox.succeed(["import", tasks])  // 4 tasks: its fifth is deleted in Taskwarrior
        let fromSQLite = sandbox.path("from-sqlite.json")
        let fromPostgres = sandbox.path("from-postgres.json")
        try sandbox.expect(["export", "--output", fromSQLite], prints: "")
        let url = try freshDatabase()
        try sandbox.expect(
            ["--database", url, "--no-seed", "import", fromSQLite],
            prints: "Imported from-sqlite.json (lists-json): 20 added, 0 updated, 0 already there.\n")
        try sandbox.expect(["--database", url, "export", "--output", fromPostgres], prints: "")
        let bytes = try #require(sandbox.bytes(fromSQLite))
        #expect(bytes.count > 1000)
        #expect(sandbox.bytes(fromPostgres) == bytes)
        for command in [["shop", "list"], ["todo", "list"], ["birds", "list"], ["shop", "total"]] {
            #expect(try sandbox.run(["--database", url] + command) == (try sandbox.run(command)), "\(command)")
        }
    }

    /// An eBird download imported into PostgreSQL comes back byte for byte, as from SQLite.
    @Test func anEBirdDownloadComesBackWholeFromPostgreSQL() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ListsInterchangeTests/Fixtures")
        for name in ["MyEBirdData.csv", "MyEBirdData-en.csv"] {
            let download = fixtures.appendingPathComponent(name).path
            let url = try freshDatabase()
            try sandbox.succeed(["--database", url, "--no-seed", "import", download])
            let exported = sandbox.path("exported-\(name)")
            try sandbox.expect(["--database", url, "export", "--format", "ebird", "--output", exported], prints: "")
            #expect(sandbox.bytes(exported) == sandbox.bytes(download), "\(name)")
        }
    }

    /// `lists serve` on PostgreSQL: a task added through the API is there for the CLI, which shares the server.
    @Test func serveSharesTheDatabaseWithTheCommands() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let url = try freshDatabase()
        // An account and a token first: the API serves nobody else.
        #expect(try sandbox.run(["--database", url, "users", "add", "ann"], input: "correct horse\n").status == 0)
        let token = try sandbox.succeed(["--database", url, "tokens", "create", "test"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let server = Process()
        server.executableURL = try Sandbox.binary()
        server.arguments = ["--database", url, "serve", "--port", "0", "--quiet"]
        server.environment = sandbox.environment()
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.standardError
        try server.run()
        defer {
            server.terminate()
            // A server that does not stop on SIGTERM (it lets requests finish for 10 s at most) is killed and
            // the test fails, rather than waiting for it forever.
            let stopped = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                server.waitUntilExit()
                stopped.signal()
            }
            if stopped.wait(timeout: .now() + 60) == .timedOut {
                Issue.record("lists serve did not stop within a minute of SIGTERM")
                kill(server.processIdentifier, SIGKILL)
                server.waitUntilExit()
            }
        }
        var banner = Data()
        while !banner.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            banner.append(chunk)
        }
        let line = String(decoding: banner, as: UTF8.self)
        let address = try #require(
            line.split(separator: " ").first(where: { $0.hasPrefix("http://") }).map(String.init),
            "serve printed \(line)")
        var request = URLRequest(url: try #require(URL(string: address + "api/v1/tasks")))
        request.httpMethod = "POST"
        // Bounds a request the server never answers: the test then fails instead of waiting forever.
        request.timeoutInterval = 120
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.httpBody = Data(#"{"title": "Feed the cat"}"#.utf8)
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 201)
        let listed = try sandbox.run(["--database", url, "todo", "list"])
        #expect(listed.status == 0)
        #expect(listed.stdout.hasSuffix("4    Feed the cat\n"), "\(listed)")
    }

    /// A PostgreSQL database of its own: a new schema on the test server, named in the URL's search path.
    func freshDatabase() throws -> String {
        let base = ProcessInfo.processInfo.environment["LISTS_TEST_POSTGRES"] ?? ""
        try #require(!base.isEmpty, "LISTS_TEST_POSTGRES must name a PostgreSQL server; `make test` starts one")
        let admin = try PostgresConnection(url: base, place: "LISTS_TEST_POSTGRES")
        let schema = "cli_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try admin.execute("CREATE SCHEMA \(schema)")
        return base + (base.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)"
    }
}
