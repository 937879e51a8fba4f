import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What one run of a program did: its exit status and everything it wrote.
struct Outcome: Sendable, Equatable, CustomStringConvertible {
    /// The exit status, or the signal number when ``wasKilled``.
    var status: Int32
    /// Everything written to standard output, decoded as UTF-8.
    var stdout: String
    /// Everything written to standard error, decoded as UTF-8.
    var stderr: String
    /// Whether a signal ended it instead of `exit`.
    var wasKilled: Bool = false

    /// The lines of standard error (without their newlines).
    var stderrLines: [String] {
        stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    var description: String {
        "status \(wasKilled ? "signal " : "")\(status), stdout \(stdout.debugDescription), "
            + "stderr \(stderr.debugDescription)"
    }
}

/// Runs programs as child processes with exactly the environment given, standard input from `/dev/null`,
/// and standard output and error captured through pipes (so the child never sees a terminal).
enum ChildProcess {
    /// How long a child may run before it is taken for hung and killed: far beyond any command of the tests
    /// (the slowest take seconds on a busy machine), so that it bounds a hang and never times a command.
    static let hangLimit: Duration = .seconds(600)

    /// Runs `executable` with `arguments` and `environment` (nothing inherited), waits for it and returns what
    /// it did. With `killAfter`, sends SIGKILL that long after the start unless it has already exited.
    static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String], killAfter: Duration? = nil,
        input: Data? = nil
    ) throws -> Outcome {
        // A binary just copied (PostgresHandOffTests copies `lists`) cannot be started while any process still
        // holds it open for writing: a child another test thread forked in the middle of the copy inherits the
        // descriptor until it runs its own program ("Text file busy"). That passes as soon as the child has run
        // it, so the start is tried again until it is, for up to a minute.
        var attempts = 0
        var launched: (process: Process, stdin: Pipe, stdout: Pipe, stderr: Pipe)?
        while launched == nil {
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            process.environment = environment
            let stdin = Pipe()
            process.standardInput = input == nil ? FileHandle.nullDevice : stdin
            let stdout = Pipe()
            let stderr = Pipe()
            process.standardOutput = stdout
            process.standardError = stderr
            do {
                try process.run()
                launched = (process, stdin, stdout, stderr)
            } catch let error as NSError
                where (error.userInfo[NSUnderlyingErrorKey] as? NSError)?.code == Int(ETXTBSY) && attempts < 1200
            {
                attempts += 1
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        guard let (process, stdin, stdout, stderr) = launched else { throw CocoaError(.executableLoad) }
        if let input {
            // Written whole, then closed: the child reads its end of input.
            stdin.fileHandleForWriting.write(input)
            try stdin.fileHandleForWriting.close()
        }
        // Both pipes are drained at once so that a child filling one of them cannot block forever.
        let outReader = PipeReader(stdout.fileHandleForReading)
        let errReader = PipeReader(stderr.fileHandleForReading)
        // A child that never ends (a bug, or a program waiting for input it will not get) is killed after
        // ``hangLimit`` and fails its test, saying so, instead of holding the whole run until CI gives up.
        // Held weakly: the queue keeps a cancelled item until its deadline, and a process held that long would keep
        // its pipes' descriptors open with it.
        let watchdog = DispatchWorkItem { [weak process] in
            if let process, process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + hangLimit.seconds, execute: watchdog)
        defer { watchdog.cancel() }
        if let killAfter {
            if killAfter > .zero { Thread.sleep(forTimeInterval: killAfter.seconds) }
            // Foundation reaps the child on its own thread; between that and `isRunning` turning false lie
            // microseconds, too short for the kernel to hand the pid to a new process.
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        let out = outReader.wait()
        let err = errReader.wait()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus,
            stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self),
            wasKilled: process.terminationReason == .uncaughtSignal)
    }
}

/// Reads a pipe to its end on a thread of its own.
private final class PipeReader: Sendable {
    private let data = Mutex<Data?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            let read = handle.readDataToEndOfFile()
            data.withLock { $0 = read }
            finished.signal()
        }
    }

    /// Waits for the end of the pipe and returns all that was read.
    func wait() -> Data {
        finished.wait()
        return data.withLock { $0 ?? Data() }
    }
}

extension Duration {
    /// The duration in seconds, as `Thread.sleep` takes it.
    var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}

/// Where the `lists` binary under test is.
enum ListsBinary {
    /// `$LISTS_BIN` when set, else `lists` next to the running test bundle (SwiftPM puts the products of a
    /// build in one directory), else `nil`.
    static let url: URL? = locate()

    /// The directories looked in, for the message when the binary is not found.
    static var searched: [String] { candidates().map(\.path) }

    private static func candidates() -> [URL] {
        if let given = ProcessInfo.processInfo.environment["LISTS_BIN"], !given.isEmpty {
            return [URL(fileURLWithPath: given)]
        }
        var directories = [Bundle.main.bundleURL]
        if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
        let argument0 = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        directories.append(argument0.deletingLastPathComponent())
        // On Linux the test bundle is `ListsPackageTests.xctest`; when it is a directory, the products are
        // beside it.
        directories += directories.filter { $0.pathExtension == "xctest" }.map { $0.deletingLastPathComponent() }
        return directories.map { $0.appendingPathComponent("lists") }
    }

    private static func locate() -> URL? {
        candidates().first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
