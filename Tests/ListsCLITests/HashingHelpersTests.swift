import Foundation
import ListsAuth
import ListsModel
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A server's password hashing in helper processes: the `lists` binary started with the helper's argument.
/// One test at a time: each counts this process's helpers.
@Suite("Hashing passwords in helper processes", .serialized)
struct HashingHelpersTests {
    /// Helpers at libsodium's least limits, so that the tests run fast.
    private func helpers(
        count: Int = 2, answerTimeout: Duration = .seconds(30), startAllowance: Duration = .seconds(30)
    ) throws -> HashingHelpers {
        HashingHelpers(
            hasher: PasswordHasher.testing, executable: try Sandbox.binary().path, count: count,
            answerTimeout: answerTimeout, startAllowance: startAllowance)
    }

    @Test func aHelperHashesAndChecksAsTheHasherDoes() throws {
        let helpers = try helpers()
        let hash = try helpers.hash("correct horse battery")
        #expect(hash.hasPrefix("$argon2id$"))
        #expect(try helpers.verify("correct horse battery", hash: hash))
        #expect(try !helpers.verify("correct horse batterY", hash: hash))
        // A hash made in a helper is one the hasher in this process checks, and the other way round.
        #expect(PasswordHasher.testing.verify("correct horse battery", hash: hash))
        #expect(try helpers.verify("ünïcödé pässwörd", hash: try PasswordHasher.testing.hash("ünïcödé pässwörd")))
        #expect(try !helpers.verify("anything at all", hash: "not a hash"))
        try helpers.verifyNothing("whatever was typed")
        #expect(!helpers.needsRehash(hash))
        #expect(helpers.needsRehash(try PasswordHasher(opsLimit: 2, memLimit: 16 * 1024).hash("correct horse")))
    }

    @Test func aPasswordTheRulesRefuseIsNeverSent() throws {
        let helpers = try helpers()
        #expect(throws: ValidationError.self) { try helpers.hash("short") }
        let huge = String(repeating: "x", count: 10_000_000)
        #expect(throws: ValidationError.self) { try helpers.hash(huge) }
        #expect(try !helpers.verify(huge, hash: try helpers.hash("correct horse battery")))
        try helpers.verifyNothing(huge)
    }

    @Test func manyCallersAtOnceEachGetTheirOwnAnswer() throws {
        let helpers = try helpers(count: 2)
        let passwords = (0..<12).map { "password number \($0)" }
        let hashes = try passwords.map { try PasswordHasher.testing.hash($0) }
        let answers = Mutex<[Int: (Bool, Bool)]>([:])
        DispatchQueue.concurrentPerform(iterations: passwords.count) { index in
            let right = (try? helpers.verify(passwords[index], hash: hashes[index])) ?? false
            let wrong = (try? helpers.verify(passwords[index], hash: hashes[(index + 1) % hashes.count])) ?? true
            answers.withLock { $0[index] = (right, wrong) }
        }
        let all = answers.withLock { $0 }
        #expect(all.count == passwords.count)
        #expect(all.values.allSatisfy { $0 == (true, false) })
    }

    @Test func helpersRunAtTheLowestPriorityWithNoneOfTheServersFiles() throws {
        // One helper, which has answered: it is past its start-up.
        let helpers = try helpers(count: 1)
        _ = try helpers.verify("correct horse battery", hash: "$argon2id$")
        let children = HelperProcesses.ofThisProcess()
        #expect(children.count == 1)
        for pid in children {
            #expect(HelperProcesses.niceness(of: pid) == 19)
            #expect(HelperProcesses.policy(of: pid) == 0, "SCHED_OTHER")
            // Standard input and output (the socket) and standard error: nothing else of this process's.
            #expect(HelperProcesses.openDescriptors(of: pid) == ["0", "1", "2"])
        }
        withExtendedLifetime(helpers) {}
    }

    @Test func aHelperKeepsArgon2idsMemoryWhilePasswordsComeAndGivesItBackWhenIdle() throws {
        // At the server's limits: 64 MiB a hash, which libsodium maps afresh each time and the helper keeps.
        let helpers = HashingHelpers(hasher: .interactive, executable: try Sandbox.binary().path, count: 1)
        let hash = try helpers.hash("correct horse battery")
        for _ in 0..<3 {
            #expect(try helpers.verify("correct horse battery", hash: hash))
            #expect(try !helpers.verify("correct horse batterY", hash: hash))
        }
        let pid = try #require(HelperProcesses.ofThisProcess().first)
        // Eight hashes (the stand-in, the hash, six checks), the memory faulted in once: 16,384 pages of 4 KiB,
        // where mapping it afresh each time faults in eight times that many.
        let pages = 64 * 1024 / 4
        #expect(try #require(HelperProcesses.minorFaults(of: pid)) < 2 * pages)
        #expect(try #require(HelperProcesses.residentKiB(of: pid)) >= 64 * 1024)
        // Given back after a quiet moment (HashingMemory.keptWhileIdle), and mapped again for the next password.
        let deadline = ContinuousClock.now + .seconds(15)
        while try #require(HelperProcesses.residentKiB(of: pid)) >= 32 * 1024, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(try #require(HelperProcesses.residentKiB(of: pid)) < 32 * 1024)
        #expect(try helpers.verify("correct horse battery", hash: hash))
        #expect(try !helpers.verify("correct horse batterY", hash: hash))
    }

    @Test func aHelperThatDiedIsStartedAgainAndThePasswordSentOnceMore() throws {
        let helpers = try helpers(count: 1)
        let hash = try helpers.hash("correct horse battery")
        let first = try #require(HelperProcesses.ofThisProcess().first)
        kill(first, SIGKILL)
        #expect(try helpers.verify("correct horse battery", hash: hash))
        let second = try #require(HelperProcesses.ofThisProcess().first)
        #expect(second != first)
        // The dead one was waited for: no zombie is left.
        #expect(!FileManager.default.fileExists(atPath: "/proc/\(first)"))
    }

    @Test func aStuckHelperIsReplacedAfterTheTimeout() throws {
        let helpers = try helpers(count: 1, answerTimeout: .milliseconds(500))
        let hash = try helpers.hash("correct horse battery")
        let stuck = try #require(HelperProcesses.ofThisProcess().first)
        kill(stuck, SIGSTOP)
        let started = ContinuousClock.now
        #expect(try helpers.verify("correct horse battery", hash: hash))
        #expect(ContinuousClock.now - started >= .milliseconds(500))
        #expect(!FileManager.default.fileExists(atPath: "/proc/\(stuck)"))
    }

    /// A helper that has not answered yet is a process still starting (on a busy machine, at the lowest priority,
    /// that takes a while): it is given the start allowance before it is taken for stuck.
    @Test func aHelperStartingSlowlyIsNotTakenForStuck() throws {
        let helpers = try helpers(count: 1, answerTimeout: .milliseconds(200))
        // Spawned, but on a busy machine perhaps not yet running the helper: found once it is.
        let starting = try #require(HelperProcesses.started())
        kill(starting, SIGSTOP)
        let resume = Thread {
            Thread.sleep(forTimeInterval: 1)
            kill(starting, SIGCONT)
        }
        resume.start()
        let started = ContinuousClock.now
        #expect(try helpers.hash("correct horse battery").hasPrefix("$argon2id$"))
        #expect(ContinuousClock.now - started >= .milliseconds(200))
        // The same helper answered: it was waited for, not replaced.
        #expect(HelperProcesses.ofThisProcess() == [starting])
    }

    @Test func withoutAHelperTheCallerIsTold() throws {
        let helpers = HashingHelpers(hasher: PasswordHasher.testing, executable: "/nonexistent/lists", count: 1)
        #expect(throws: PasswordHashingError.self) { try helpers.verify("correct horse battery", hash: "$argon2id$") }
        #expect(throws: PasswordHashingError.self) { try helpers.hash("correct horse battery") }
    }

    @Test func helpersEndWithTheirServer() throws {
        var helpers: HashingHelpers? = try helpers()
        _ = try helpers?.hash("correct horse battery")
        #expect(HelperProcesses.ofThisProcess().count == 2)
        helpers = nil
        #expect(HelperProcesses.ofThisProcess().isEmpty)
    }

    @Test func theHelperArgumentIsNoCommandForPeople() throws {
        let sandbox = try Sandbox()
        // Wrong limits: refused with status 2 and nothing written.
        let wrong = try sandbox.run([HashingHelpers.helperArgument, "one", "two"])
        #expect(wrong.status == 2 && wrong.stdout.isEmpty)
        // Right limits and nothing to read: the helper ends at once with nothing written.
        let idle = try sandbox.run([HashingHelpers.helperArgument, "1", "8192"])
        #expect(idle.status == 0 && idle.stdout.isEmpty && idle.stderr.isEmpty)
    }
}

/// This test process's hashing helpers, found in `/proc`.
enum HelperProcesses {
    /// The ids of the living (not zombie) children of this process that run as helpers.
    /// The first helper of this process once one has started (a child running as a helper), waiting for it for as
    /// long as a busy machine may take; `nil` when none starts within a minute.
    static func started() -> Int32? {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if let pid = ofThisProcess().first { return pid }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return nil
    }

    static func ofThisProcess() -> [Int32] {
        let me = getpid()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            // Fields after the name: state, parent id.
            guard fields.count > 2, fields[1] == String(me) else { return false }
            let commandLine = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
            return String(decoding: commandLine, as: UTF8.self).contains(HashingHelpers.helperArgument)
        }.sorted()
    }

    /// The nice value of `pid`'s first thread (field 19 of stat).
    static func niceness(of pid: Int32) -> Int? {
        statField(19, of: pid)
    }

    /// The scheduling policy of `pid`'s first thread (field 41 of stat: 0 is `SCHED_OTHER`, 5 `SCHED_IDLE`).
    static func policy(of pid: Int32) -> Int? {
        statField(41, of: pid)
    }

    /// How many minor page faults `pid` has taken (field 10 of stat).
    static func minorFaults(of pid: Int32) -> Int? {
        statField(10, of: pid)
    }

    /// The memory `pid` has resident, in KiB (`VmRSS` of its status).
    static func residentKiB(of pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return nil }
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    /// Field `number` (counted from 1, as proc(5) does) of `/proc/pid/stat`, as a number.
    static func statField(_ number: Int, of pid: Int32) -> Int? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // After the command's closing parenthesis comes field 3 (the state).
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > number - 3 ? Int(fields[number - 3]) : nil
    }

    /// The file descriptors `pid` has open.
    static func openDescriptors(of pid: Int32) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []).sorted()
    }
}
