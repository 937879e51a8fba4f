import Foundation
import Synchronization

/// Threads of the lowest scheduling priority that hash and check passwords for the request threads.
///
/// Argon2id takes tens of milliseconds of a core and 64 MiB by design. Run on a server's request threads, twenty
/// sign-ins a second would take most of a small machine's processors from the requests of people using their
/// lists. Here the work waits its turn on `count` threads at nice 19, which the scheduler runs only on what
/// the other threads leave: a sign-in takes longer while the server is busy, the lists do not. The caller blocks
/// until its job is done (the request thread of a sign-in has nothing else to do).
public final class HashingWorkers: Sendable {
    /// One job: the work and, once done, its outcome.
    private final class Job: @unchecked Sendable {
        // `@unchecked Sendable`: `work` is only read by the one worker that took the job, and `outcome` is written
        // by that worker before `done` is signalled and read by the caller only after it waited for `done`.
        let work: () -> Void
        let done = DispatchSemaphore(value: 0)
        init(_ work: @escaping () -> Void) { self.work = work }
    }

    /// The jobs waiting for a worker, oldest first.
    private let queue = Mutex<[Job]>([])
    /// Counts the jobs waiting, for the workers to sleep on.
    private let waiting = DispatchSemaphore(value: 0)

    /// Starts `count` workers (at least one), which live as long as the process.
    public init(count: Int = 1) {
        for _ in 0..<max(1, count) {
            let thread = Thread { [self] in
                Platform.lowerCallingThreadPriority()
                while true {
                    waiting.wait()
                    guard let job = queue.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { continue }
                    job.work()
                    job.done.signal()
                }
            }
            thread.name = "lists-hashing"
            thread.start()
        }
    }

    /// Runs `body` on a worker and returns what it returned, or throws what it threw; blocks until then.
    public func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
        let result = Mutex<Result<T, any Error>?>(nil)
        let job = Job { result.withLock { $0 = Result { try body() } } }
        queue.withLock { $0.append(job) }
        waiting.signal()
        job.done.wait()
        guard let outcome = result.withLock({ $0 }) else {
            preconditionFailure("a hashing job ended without an outcome")
        }
        return try outcome.get()
    }
}
