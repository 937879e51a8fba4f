import CSodium
import Dispatch
import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import HashingHelperSupport
import Synchronization
import Testing

@testable import ListsAuth

/// Argon2id's memory kept from one hash to the next, as a hashing helper keeps it (HashingMemory.h): the hashes
/// made on memory handed out again are exactly those made on fresh memory.
@Suite("Argon2id's memory kept between hashes", .serialized)
struct HashingMemoryTests {
    /// libsodium's raw Argon2id of `password` with a fixed salt over 32 MiB: the same bytes every time it is right.
    private func rawHash(_ password: String) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: 32)
        let salt = [UInt8](repeating: 7, count: Int(crypto_pwhash_SALTBYTES))
        let status = password.withCString { bytes in
            crypto_pwhash(
                &output, 32, bytes, UInt64(password.utf8.count), salt, 1, 32 << 20, crypto_pwhash_ALG_ARGON2ID13)
        }
        #expect(status == 0)
        return output
    }

    @Test func hashesOnKeptMemoryAreTheHashesOnFreshMemory() {
        Sodium.initialise()
        let fresh = rawHash("correct horse battery")
        let other = rawHash("another password")
        lists_hashing_memory_keep(16 << 20)
        defer { lists_hashing_memory_keep(0) }
        let reusesBefore = HashingMemory.reuses
        // The first maps its memory and leaves it kept; the others are handed it, as the one before left it.
        #expect(rawHash("correct horse battery") == fresh)
        #expect(HashingMemory.keptLength == 32 << 20)
        #expect(rawHash("another password") == other)
        #expect(rawHash("correct horse battery") == fresh)
        #expect(HashingMemory.reuses == reusesBefore + 2)
        // libsodium's string hashes too: made and checked on kept memory, checked on fresh memory.
        let hasher = PasswordHasher(opsLimit: 1, memLimit: 32 << 20)
        let hash = (try? hasher.hash("correct horse battery")) ?? ""
        #expect(hasher.verify("correct horse battery", hash: hash))
        #expect(!hasher.verify("correct horse batterY", hash: hash))
        HashingMemory.release()
        #expect(HashingMemory.keptLength == 0)
        lists_hashing_memory_keep(0)
        #expect(hasher.verify("correct horse battery", hash: hash))
        #expect(HashingMemory.keptLength == 0)
    }

    @Test func smallHashersKeepNothing() {
        // The tests' hasher (8 KiB): nothing to gain, and small mappings are everyone's.
        HashingMemory.keep(for: .testing)
        #expect(HashingMemory.keptLength == 0)
        let hash = (try? PasswordHasher.testing.hash("correct horse battery")) ?? ""
        #expect(PasswordHasher.testing.verify("correct horse battery", hash: hash))
        #expect(HashingMemory.keptLength == 0)
    }
}

/// A hashing thread gives the processor up every half millisecond while it hashes, and not otherwise; and never
/// before it has worked a while in a turn.
@Suite("Yielding while hashing", .serialized)
struct HashingYieldTests {
    /// The yield's timer is the thread's that prepared it, once per process: every check runs on one thread of its
    /// own, started here.
    @Test func theThreadYieldsWhileItHashesOnlyAfterWorkingAndNeverAfter() {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            HashingYield.prepare()
            Self.yieldsAlone()
            Self.yieldsBesideBusyLoops()
            done.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
        done.wait()
    }

    /// One hash on a processor of its own: yields about every 500 µs, and none once the hash is done.
    private static func yieldsAlone() {
        let hasher = PasswordHasher(opsLimit: 2, memLimit: 32 << 20)
        let measured = measure(hasher)
        // At most one yield each 500 µs of the hash's time. At least one each 16 ms of the thread's running: a
        // signal that expires while the thread runs on another processor may wait for the kernel's next look at it
        // there (the scheduler's tick, 4 ms here, 10 ms on some kernels), and the timer's next expiry with it.
        let most = Int(measured.took / .microseconds(HashingYield.interval)) + 1
        let least = max(1, Int(measured.processor / .milliseconds(16)))
        #expect(
            measured.yields >= least && measured.yields <= most,
            "\(measured.yields) yields in \(measured.took), \(measured.processor) running")
        // The timer stopped with the hash: an idle helper is not woken.
        let after = HashingYield.yields
        _ = hasher.verify("correct horse battery", hash: measured.hash)
        #expect(HashingYield.yields == after)
    }

    /// One hash at nice 19 beside twice as many busy loops as there are processors, as on a machine kept busy: the timer's
    /// signals fall due while the hashing thread waits for its turn, and it must not give each turn up as it gets
    /// it. So it yields at most once per half interval of its own running (with the old rule it yielded at once on
    /// every turn and hashed next to nothing: a sign-in beside two busy loops timed out).
    private static func yieldsBesideBusyLoops() {
        let stop = Atomic<Bool>(false)
        let loops = 2 * ProcessInfo.processInfo.activeProcessorCount
        let looping = DispatchSemaphore(value: 0)
        for _ in 0..<loops {
            Thread {
                looping.signal()
                var spins = 0
                while !stop.load(ordering: .relaxed) { spins &+= 1 }
            }.start()
        }
        for _ in 0..<loops { looping.wait() }
        defer { stop.store(true, ordering: .relaxed) }
        // At a helper's priority, under which the old rule starved it.
        Platform.lowerPriority()
        let measured = measure(PasswordHasher(opsLimit: 1, memLimit: 8 << 20))
        let most = Int(measured.processor / .microseconds(HashingYield.interval / 2)) + 1
        #expect(
            measured.yields <= most,
            "\(measured.yields) yields in \(measured.processor) of running (\(measured.took) in all)")
    }

    /// One hash by `hasher` with the timer running: its yields, its time, its thread's processor time.
    private static func measure(_ hasher: PasswordHasher) -> (
        hash: String, yields: Int, took: Duration, processor: Duration
    ) {
        let before = HashingYield.yields
        let started = ContinuousClock.now
        let processorBefore = threadProcessorTime()
        let hash = HashingYield.during { (try? hasher.hash("correct horse battery")) ?? "" }
        let processor = threadProcessorTime() - processorBefore
        let took = ContinuousClock.now - started
        #expect(hasher.verify("correct horse battery", hash: hash))
        return (hash, Int(HashingYield.yields - before), took, processor)
    }

    /// The processor time the calling thread has had.
    private static func threadProcessorTime() -> Duration {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
    }
}
