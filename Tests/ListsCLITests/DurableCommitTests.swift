import Foundation
import Testing

/// What `lists` asks of the disk, watched with `strace`: a command's change is on the disk when it says so (its
/// commit syncs the write-ahead log), and an add into a file that already has its write-ahead log syncs that and
/// nothing else (not the directory again, see `Sources/CSQLite/shim.h`); a write-ahead log a command makes has its
/// directory synced, so that its name is as durable as what is committed into it.
///
/// Skipped without `/usr/bin/strace`, unless `LISTS_REQUIRE_REFERENCES=1` (as `make test` sets, which installs it).
@Suite("Durable commits, watched with strace")
struct DurableCommitTests {
    static let strace = URL(fileURLWithPath: "/usr/bin/strace")
    static let isAvailable = FileManager.default.isExecutableFile(atPath: strace.path)
    static let isRequired = ProcessInfo.processInfo.environment["LISTS_REQUIRE_REFERENCES"] == "1"

    /// The file system calls of one run that matter here, in order.
    enum Call: Equatable, CustomStringConvertible {
        /// A file or directory opened, with whether `O_CREAT` was asked for.
        case open(path: String, creating: Bool)
        /// `fsync` or `fdatasync` of what the descriptor was opened as.
        case sync(path: String)

        var description: String {
            switch self {
            case .open(let path, let creating): "open \(path)\(creating ? " (create)" : "")"
            case .sync(let path): "sync \(path)"
            }
        }
    }

    /// The syncs among `calls`, in order.
    static func syncs(_ calls: [Call]) -> [Call] {
        calls.filter { if case .sync = $0 { true } else { false } }
    }

    /// Runs `lists arguments` under `strace` and answers its opens and syncs, descriptors resolved to paths.
    static func traced(_ arguments: [String], _ sandbox: Sandbox) throws -> [Call] {
        let log = sandbox.path("strace-\(UUID().uuidString).log")
        let outcome = try ChildProcess.run(
            strace,
            ["-f", "-qq", "-e", "trace=open,openat,close,fsync,fdatasync", "-o", log, try Sandbox.binary().path]
                + arguments,
            environment: sandbox.environment())
        #expect(outcome.status == 0, "lists \(arguments.joined(separator: " ")): \(outcome)")
        let text = try String(contentsOfFile: log, encoding: .utf8)
        let calls = parse(text)
        // Every run opens its database: none read means strace saw nothing of it (said whole, to tell why).
        #expect(!calls.isEmpty, "strace wrote no call of lists \(arguments.joined(separator: " ")): \(outcome) \(text)")
        return calls
    }

    /// The calls of a `strace -f` log. Each line starts with the process id (or `[pid N]`), and a call another thread
    /// interrupted is written in two lines, `openat(... <unfinished ...>` and later `<... openat resumed>) = 4`,
    /// which are joined here.
    static func parse(_ log: String) -> [Call] {
        var open: [String: String] = [:]
        var calls: [Call] = []
        var unfinished: [String: String] = [:]
        for line in log.split(separator: "\n").map(String.init) {
            var rest = Substring(line)
            if rest.hasPrefix("[pid") { rest = rest.drop { $0 != "]" }.dropFirst() }
            rest = rest.drop { $0 == " " }
            let pid = String(rest.prefix { $0.isNumber })
            rest = rest.dropFirst(pid.count).drop { $0 == " " }
            var call = String(rest)
            if let marker = call.range(of: " <unfinished ...>") {
                unfinished[pid] = String(call[..<marker.lowerBound])
                continue
            }
            if call.hasPrefix("<..."), let resumed = call.range(of: "resumed>") {
                guard let start = unfinished.removeValue(forKey: pid) else { continue }
                call = start + call[resumed.upperBound...]
            }
            if call.hasPrefix("openat(") || call.hasPrefix("open(") {
                guard let first = call.firstIndex(of: "\""),
                    let last = call[call.index(after: first)...].firstIndex(of: "\""),
                    let result = call.range(of: ") = ", options: .backwards),
                    let descriptor = Int(call[result.upperBound...].prefix { $0.isNumber })
                else { continue }
                let path = String(call[call.index(after: first)..<last])
                let flags = call[last...]
                open[String(descriptor)] = path
                calls.append(.open(path: path, creating: flags.contains("O_CREAT")))
            } else if call.hasPrefix("close(") {
                open[String(call.dropFirst("close(".count).prefix { $0.isNumber })] = nil
            } else if call.hasPrefix("fsync(") || call.hasPrefix("fdatasync(") {
                let descriptor = String(call.drop { $0 != "(" }.dropFirst().prefix { $0.isNumber })
                calls.append(.sync(path: open[descriptor] ?? "fd \(descriptor)"))
            }
        }
        return calls
    }

    @Test func parsesLinesWithAndWithoutAProcessIDAndCallsOtherThreadsInterrupted() {
        let log = """
            101 openat(AT_FDCWD, "/d/l.sqlite-wal", O_RDWR|O_CREAT|O_CLOEXEC, 0600) = 4
            openat(AT_FDCWD, "/d", O_RDONLY|O_CLOEXEC) = 5
            [pid   102] fsync(5 <unfinished ...>
            101 openat(AT_FDCWD, "/d/l.sqlite-shm", O_RDWR|O_NOFOLLOW <unfinished ...>
            [pid   102] <... fsync resumed>) = 0
            101 <... openat resumed>) = 6
            101 fdatasync(4) = 0
            """
        #expect(
            Self.parse(log) == [
                .open(path: "/d/l.sqlite-wal", creating: true), .open(path: "/d", creating: false),
                .sync(path: "/d"), .open(path: "/d/l.sqlite-shm", creating: false), .sync(path: "/d/l.sqlite-wal"),
            ])
    }

    @Test(.enabled(if: isAvailable || isRequired, "strace is needed to watch the syncs"))
    func anAddSyncsItsCommitOnlyAndANewLogsDirectoryIsSynced() throws {
        try #require(
            Self.isAvailable, "LISTS_REQUIRE_REFERENCES=1 but /usr/bin/strace is missing: apt-get install strace")
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let wal = sandbox.database + "-wal"
        let directory = sandbox.directory.path

        // A new file: its write-ahead log is made, its directory synced, and the commit synced into the log.
        let first = try Self.traced(["--no-seed", "todo", "add", "Pay rent"], sandbox)
        #expect(first.contains(.open(path: wal, creating: true)), "\(first)")
        let madeAt = try #require(first.firstIndex(of: .open(path: wal, creating: true)))
        #expect(first[madeAt...].contains(.sync(path: directory)), "the new log's directory is synced: \(first)")
        #expect(first[madeAt...].contains(.sync(path: wal)), "\(first)")

        // The file and its log are there: the next add opens the log as it is and syncs it once, nothing else.
        let second = try Self.traced(["todo", "add", "Water the plants"], sandbox)
        #expect(second.contains(.open(path: wal, creating: false)), "\(second)")
        #expect(!second.contains(.open(path: wal, creating: true)), "\(second)")
        #expect(Self.syncs(second) == [.sync(path: wal)], "an add syncs its commit, and only that: \(second)")
        #expect(try sandbox.succeed(["todo", "list"]).contains("Water the plants"))

        // A command that only reads makes the log when it is not there (SQLite's shell, closing last, copied it into
        // the file and deleted it): the directory is synced then, before any later command commits into that log.
        let shell = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/sqlite3"), [sandbox.database, "PRAGMA user_version"],
            environment: sandbox.environment())
        #expect(shell.status == 0, "\(shell)")
        #expect(!FileManager.default.fileExists(atPath: wal))
        let read = try Self.traced(["todo", "list"], sandbox)
        #expect(read.contains(.open(path: wal, creating: true)), "\(read)")
        #expect(read.contains(.sync(path: directory)), "\(read)")
        // Into that empty log, the first commit also syncs the log's new header: the log, never the directory.
        let third = try Self.traced(["todo", "add", "Call the vet"], sandbox)
        let thirdSyncs = Self.syncs(third)
        #expect(!thirdSyncs.isEmpty && thirdSyncs.allSatisfy { $0 == .sync(path: wal) }, "\(third)")
        #expect(try sandbox.succeed(["todo", "list"]).contains("Call the vet"))
    }
}
