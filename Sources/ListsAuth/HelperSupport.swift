import HashingHelperSupport

/// Argon2id's memory kept from one hash to the next, in a hashing helper process (HashingHelperSupport.h).
///
/// libsodium maps the memory afresh for every hash and unmaps it after: on the project's 2-core virtual machine,
/// the kernel's work of faulting in and freeing 64 MiB was a third of each hash's cost (some 30 of 90 ms). Kept, a
/// helper's hashes after the first cost only Argon2id's own work.
enum HashingMemory {
    /// How long a helper keeps the memory with nothing to hash, in milliseconds: a burst of sign-ins reuses it,
    /// and an idle server holds none of it.
    static let keptWhileIdle: Int32 = 3000

    /// The smallest memory limit worth keeping: below it a hash costs the kernel little (the tests' hasher).
    static let smallest = 16 << 20

    /// Keeps the memory of `hasher`'s hashes, from now on in this process; nothing for a hasher whose memory is
    /// smaller than ``smallest``.
    static func keep(for hasher: PasswordHasher) {
        guard hasher.memLimit >= smallest else { return }
        // libsodium maps a whole number of 1 KiB blocks, at most the limit's worth and not much less.
        lists_hashing_memory_keep(hasher.memLimit / 2)
    }

    /// Gives the memory kept back to the system.
    static func release() {
        lists_hashing_memory_release()
    }

    /// How many hashes used the memory kept instead of mapping their own.
    static var reuses: UInt { lists_hashing_memory_reuses() }

    /// The length of the memory kept now (0 when none is).
    static var keptLength: Int { lists_hashing_memory_kept_length() }
}

/// A helper's hashing thread gives the processor up every ``interval`` microseconds while it hashes
/// (HashingHelperSupport.h): whoever waits for the processor runs then, instead of at the scheduler's next tick.
enum HashingYield {
    /// How often, in microseconds of wall-clock time: measured, it took the requests' p99 back to what it is with no
    /// sign-ins, for a few percent of a hash's time.
    static let interval = 500

    /// Makes the calling thread's timer: the thread that hashes calls it, once.
    static func prepare() {
        _ = lists_hashing_yield_prepare(interval)
    }

    /// `work` with the timer running (nothing more when ``prepare()`` was not called, or failed).
    static func during<T>(_ work: () -> T) -> T {
        lists_hashing_yield_begin()
        defer { lists_hashing_yield_end() }
        return work()
    }

    /// How many times the thread has yielded, since the process started.
    static var yields: UInt { lists_hashing_yields() }
}
