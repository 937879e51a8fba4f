import Foundation
import Synchronization

/// Random bytes from the kernel's generator (`getrandom`, through glibc's `arc4random_buf`), read 4 KiB at a time
/// and handed out in order, each byte once: a new id costs a copy instead of two system calls (the standard
/// library's `SystemRandomNumberGenerator` asks the kernel for 8 bytes at a time), which a server adding thousands
/// of records a second made for each add. The bytes are the kernel's; only the calls are fewer. Nothing is kept
/// across `fork` (Lists never forks; `lists` hands over to `lists-postgres` with `execv`, a new process image).
enum RandomBytes {
    private struct Pool {
        var bytes = [UInt8](repeating: 0, count: 4096)
        /// How many bytes at the start were handed out; all of them at first, so the first use reads afresh.
        var used = 4096
    }

    private static let pool = Mutex(Pool())

    /// Fills `buffer` (at most 4 KiB) with random bytes.
    static func fill(_ buffer: UnsafeMutableRawBufferPointer) {
        precondition(buffer.count <= 4096, "at most 4 KiB of random bytes at once")
        pool.withLock { pool in
            if pool.bytes.count - pool.used < buffer.count {
                pool.bytes.withUnsafeMutableBytes { Platform.fillWithRandomBytes($0) }
                pool.used = 0
            }
            pool.bytes.withUnsafeBytes { all in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: all[pool.used..<pool.used + buffer.count]))
            }
            // Handed out once: never given to another caller.
            pool.used += buffer.count
        }
    }
}
