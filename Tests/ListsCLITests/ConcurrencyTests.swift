import Foundation
import Synchronization
import Testing

/// Several `lists` processes on one file, and processes killed in the middle of a write.
@Suite("Concurrent writers and crashes", .serialized)
struct ConcurrencyTests {
    /// Runs `body(worker)` for each worker on its own thread and returns their results in worker order.
    private func inParallel<T: Sendable>(_ workers: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
        let results = Mutex<[Int: T]>([:])
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let result = body(worker)
            results.withLock { $0[worker] = result }
        }
        return results.withLock { dictionary in (0..<workers).compactMap { dictionary[$0] } }
    }

    @Test func fourProcessesAddingAtOnceLoseNothing() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let workers = 4
        let adds = 25
        // The database does not exist yet: the writers also race to create, migrate and seed it.
        let outcomes = inParallel(workers) { worker in
            (1...adds).map { index in
                Result { try sandbox.run(["todo", "add", "w\(worker)-\(index)"]) }
            }
        }.flatMap { $0 }
        var numbers: [Int] = []
        for outcome in outcomes {
            let outcome = try outcome.get()
            #expect(outcome.status == 0 && outcome.stderr == "", "\(outcome)")
            let match = outcome.stdout.wholeMatch(of: /Added task (\d+): w\d-\d+\n/)
            #expect(match != nil, "\(outcome.stdout.debugDescription)")
            if let match, let number = Int(match.1) { numbers.append(number) }
        }
        // Each add saw its own place at the end of the list.
        #expect(numbers.sorted() == Array(4...(3 + workers * adds)))
        let titles = try decode(TasksBody.self, try sandbox.succeed(["--json", "todo", "list"])).tasks.map(\.title)
        let expected =
            ["Walk the dogs", "Feed the hogs", "Chop the logs"]
            + (0..<workers).flatMap { worker in (1...adds).map { "w\(worker)-\($0)" } }
        #expect(titles.count == expected.count)
        #expect(titles.sorted() == expected.sorted())
        #expect(Array(titles.prefix(3)) == ["Walk the dogs", "Feed the hogs", "Chop the logs"], "seeded once")
        // Each writer's tasks keep the order it added them in.
        for worker in 0..<workers {
            #expect(titles.filter { $0.hasPrefix("w\(worker)-") } == (1...adds).map { "w\(worker)-\($0)" })
        }
        #expect(try sandbox.sqlite3(sandbox.database, "PRAGMA integrity_check").stdout == "ok\n")
    }

    @Test func everyAcknowledgedAddSurvivesKilledProcesses() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.succeed(["todo", "list"])
        let iterations = 150
        // Two writers, so that some processes die while the other one waits for or holds the write lock.
        let runs = inParallel(2) { worker in
            var generator = SystemRandomNumberGenerator()
            return stride(from: worker, to: iterations, by: 2).map { index in
                let title = "task-\(index)"
                // Two in three are killed at a random moment 0-15 ms after the start; the rest run to the end.
                let killAfter: Duration? =
                    index % 3 == 2 ? nil : .microseconds(Int.random(in: 0...15_000, using: &generator))
                return (title, Result { try sandbox.run(["todo", "add", title], killAfter: killAfter) })
            }
        }.flatMap { $0 }

        var acknowledged: [String] = []
        var attempted: Set<String> = []
        var killed = 0
        for (title, result) in runs {
            let outcome = try result.get()
            attempted.insert(title)
            if outcome.wasKilled {
                #expect(outcome.status == SIGKILL, "\(outcome)")
                killed += 1
                continue
            }
            // Not killed: it must have finished properly.
            #expect(outcome.status == 0 && outcome.stderr == "", "\(title): \(outcome)")
            if outcome.status == 0, outcome.stdout.wholeMatch(of: /Added task \d+: task-\d+\n/) != nil,
                outcome.stdout.hasSuffix(": \(title)\n")
            {
                acknowledged.append(title)
            }
        }
        #expect(killed > 0, "no process was killed before it finished; the test proved nothing")
        #expect(acknowledged.count >= iterations / 3, "at least the processes left to finish were acknowledged")

        // The file still works after the crashes, and for a writer that was never killed.
        #expect(try sandbox.succeed(["todo", "add", "after"]).hasSuffix(": after\n"))
        let titles = try decode(TasksBody.self, try sandbox.succeed(["--json", "todo", "list"])).tasks.map(\.title)
        let present = Set(titles)
        let lost = acknowledged.filter { !present.contains($0) }
        #expect(lost.isEmpty, "acknowledged but lost: \(lost)")
        #expect(titles.count == present.count, "no task was stored twice")
        let unexpected = present.subtracting(attempted).subtracting([
            "Walk the dogs", "Feed the hogs", "Chop the logs", "after",
        ])
        #expect(unexpected.isEmpty, "tasks nobody added: \(unexpected)")
        #expect(try sandbox.sqlite3(sandbox.database, "PRAGMA integrity_check").stdout == "ok\n")
    }

    /// A bulk import, which runs in a rollback journal when it is alone on the file, killed at any moment of it:
    /// the file holds the tasks it had or all the imported ones, never part of them, and the next process finds it
    /// intact and back in WAL, with no journal left.
    @Test func aBulkImportKilledAtAnyMomentLeavesAllOrNothing() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let count = 12_000
        let file = sandbox.path("bulk.json")
        let lines = (0..<count).map { index in
            let uuid = String(format: "00000000-0000-4000-8000-%012d", index)
            return #"{"id":\#(index + 1),"description":"Bulk task number \#(index)","entry":"20260101T000000Z","#
                + #""modified":"20260102T000000Z","project":"home.garden","status":"pending","#
                + #""tags":["bulk","test"],"uuid":"\#(uuid)","urgency":4.5}"#
        }
        let bytes = Data((lines.joined(separator: "\n") + "\n").utf8)
        // Estimated from its size (240 bytes a task), the import is a bulk load: alone on the file, it leaves WAL.
        #expect(bytes.count / 240 >= 10_000)
        try bytes.write(to: URL(fileURLWithPath: file))
        func tasks(_ database: String) throws -> Int {
            try decode(TasksBody.self, try sandbox.succeed(["--json", "--database", database, "todo", "list"])).tasks
                .count
        }
        // How long a whole import takes here, so that the kills below fall all along one.
        let timed = sandbox.path("timed.sqlite")
        #expect(try tasks(timed) == 3)
        let started = ContinuousClock.now
        _ = try sandbox.succeed(["--database", timed, "import", file])
        let duration = ContinuousClock.now - started
        #expect(try tasks(timed) == 3 + count)

        var killed = 0
        var finished = 0
        // Kills all along the time it took, then two runs likely to finish.
        for (run, share) in [0.15, 0.3, 0.45, 0.6, 0.75, 0.9, 1.25, 3].enumerated() {
            let database = sandbox.path("run-\(run).sqlite")
            #expect(try tasks(database) == 3)
            let outcome = try sandbox.run(
                ["--database", database, "import", file], killAfter: duration * share)
            if outcome.wasKilled { killed += 1 } else { finished += 1 }
            #expect(outcome.wasKilled || outcome.status == 0, "\(outcome)")
            let after = try tasks(database)
            #expect(after == 3 || after == 3 + count, "run \(run): \(after) tasks")
            if !outcome.wasKilled { #expect(after == 3 + count, "run \(run): acknowledged but \(after) tasks") }
            #expect(try sandbox.sqlite3(database, "PRAGMA integrity_check").stdout == "ok\n")
            #expect(try sandbox.sqlite3(database, "PRAGMA journal_mode").stdout == "wal\n")
            #expect(!FileManager.default.fileExists(atPath: database + "-journal"), "run \(run): a journal was left")
        }
        #expect(killed > 0 && finished > 0, "\(killed) killed, \(finished) finished: the kills missed the import")
    }
}
