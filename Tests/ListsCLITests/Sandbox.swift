import Foundation
import Testing

/// A fresh temporary directory with its own HOME and database file, and a fixed environment to run `lists` in.
///
/// The environment is built from nothing, so the developer's `NO_COLOR`, `LC_ALL`, `LISTS_DATABASE` or
/// `XDG_DATA_HOME` never reach the binary: `LANG=en_US.UTF-8`, `TZ=UTC`, HOME in the sandbox, and
/// `LISTS_DATABASE` pointing at ``database``.
struct Sandbox: Sendable {
    /// The sandbox directory (readable and traversable by everyone, for runs as another user).
    let directory: URL
    /// The database file the runs use (not created until a command opens it).
    let database: String

    /// Creates the directory.
    /// - Throws: ``BinaryNotFound`` when there is no `lists` binary to test, or a file system error.
    init() throws {
        _ = try Self.binary()
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("lists-cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("home"), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o755])
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        database = directory.appendingPathComponent("lists.sqlite").path
    }

    /// Deletes the directory and everything in it.
    func remove() {
        // A test may have left a directory read-only; give it back before deleting.
        if let paths = FileManager.default.subpaths(atPath: directory.path) {
            for path in paths {
                try? FileManager.default.setAttributes(
                    [.posixPermissions: 0o755], ofItemAtPath: directory.appendingPathComponent(path).path)
            }
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// A path inside the sandbox.
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// The environment every run gets; `changes` sets (or, with `nil`, removes) variables.
    func environment(_ changes: [String: String?] = [:]) -> [String: String] {
        var environment = [
            "PATH": "/usr/bin:/bin",
            "LANG": "en_US.UTF-8",
            "TZ": "UTC",
            "HOME": directory.appendingPathComponent("home").path,
            "LISTS_DATABASE": database,
        ]
        for (name, value) in changes { environment[name] = value }
        return environment
    }

    /// The `lists` binary.
    /// - Throws: when it cannot be found (set `LISTS_BIN`).
    static func binary() throws -> URL {
        guard let url = ListsBinary.url else {
            throw BinaryNotFound(searched: ListsBinary.searched)
        }
        return url
    }

    /// Runs `lists arguments` against this sandbox's database and returns what it did.
    func run(
        _ arguments: [String], environment changes: [String: String?] = [:], killAfter: Duration? = nil,
        input: String? = nil
    ) throws -> Outcome {
        try ChildProcess.run(
            try Self.binary(), arguments, environment: environment(changes), killAfter: killAfter,
            input: input.map { Data($0.utf8) })
    }

    /// Runs `lists arguments`, expecting it to succeed without writing to stderr; returns its stdout.
    @discardableResult
    func succeed(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let outcome = try run(arguments)
        #expect(
            outcome.status == 0, "lists \(arguments.joined(separator: " ")): \(outcome)",
            sourceLocation: sourceLocation)
        #expect(outcome.stderr == "", "lists \(arguments.joined(separator: " "))", sourceLocation: sourceLocation)
        return outcome.stdout
    }

    /// Runs `lists arguments`, expecting exit status 0, exactly `expected` on stdout and nothing on stderr.
    func expect(
        _ arguments: [String], prints expected: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let outcome = try run(arguments)
        #expect(
            outcome == Outcome(status: 0, stdout: expected, stderr: ""), "lists \(arguments.joined(separator: " "))",
            sourceLocation: sourceLocation)
    }

    /// Runs `lists arguments` as user 65534 (nobody), through `setpriv`, so that file permissions apply even
    /// when the tests run as root.
    func runAsNobody(_ arguments: [String]) throws -> Outcome {
        let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
        return try ChildProcess.run(
            setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", try Self.binary().path] + arguments,
            environment: environment())
    }

    /// Runs `/usr/bin/sqlite3 file sql`.
    func sqlite3(_ file: String, _ sql: String) throws -> Outcome {
        try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/sqlite3"), [file, sql], environment: environment())
    }

    /// What a user can see of the database: the three lists as JSON, and the file's bytes.
    struct Snapshot: Equatable {
        var items: String
        var tasks: String
        var sightings: String
        var bytes: Data?
    }

    /// Takes a ``Snapshot`` of ``database`` (or of `file`).
    func snapshot(of file: String? = nil) throws -> Snapshot {
        let file = file ?? database
        let lists = try [["shop", "list"], ["todo", "list"], ["birds", "list"]].map { command in
            let outcome = try run(["--database", file, "--json"] + command)
            #expect(outcome.status == 0, "snapshot \(command): \(outcome)")
            return outcome.stdout
        }
        return Snapshot(
            items: lists[0], tasks: lists[1], sightings: lists[2],
            bytes: FileManager.default.contents(atPath: file))
    }

    /// The bytes of a file, or `nil` when it does not exist.
    func bytes(_ file: String) -> Data? { FileManager.default.contents(atPath: file) }
}

/// The `lists` binary is not where the tests look for it.
struct BinaryNotFound: Error, CustomStringConvertible {
    var searched: [String]
    var description: String {
        "the lists binary was not found; build it or set LISTS_BIN (looked at \(searched.joined(separator: ", ")))"
    }
}

/// The tasks, items and sightings of `--json ... list` output, decoded.
struct ItemsBody: Decodable {
    struct Item: Decodable, Equatable {
        var id: String
        var name: String
        var price: Double
        var inShoppingList: Bool
        var version: Int
    }
    var items: [Item]
}

/// `{"tasks": [...]}`.
struct TasksBody: Decodable {
    struct Task: Decodable, Equatable {
        var id: String
        var title: String
        var done: Bool
        var version: Int
    }
    var tasks: [Task]
}

/// `{"sightings": [...]}`.
struct SightingsBody: Decodable {
    struct Sighting: Decodable, Equatable {
        var id: String
        var name: String
        var location: String?
        var date: String
        var version: Int
    }
    var sightings: [Sighting]
}

/// Decodes `json` as `T`.
func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(json.utf8))
}

/// `date` as `lists` shows it with `LANG=en_US.UTF-8` and `TZ=UTC`: the medium date style (`Nov 29, 2026`).
func mediumDate(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateStyle = .medium
    formatter.timeStyle = .none
    return formatter.string(from: date)
}
