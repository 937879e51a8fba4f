import Foundation
import Synchronization

/// Random bytes from the standard library's `SystemRandomNumberGenerator` (the kernel's generator: `getrandom` on
/// Linux), drawn ahead and handed out in order, each byte once: a new id costs a copy under a lock instead of the
/// generator's calls on the adding thread. The bytes are the kernel's. The generator gives 8 bytes a call, so the
/// first draw is small (128 bytes: a command of the CLI adds a record or a few, and 4 KiB would be 512 calls) and
/// the later ones 4 KiB (a server making ids). Nothing is kept across `fork` (Lists never forks; `lists` hands over
/// to `lists-postgres` with `execv`, a new process image).
enum RandomBytes {
    private struct Pool {
        var bytes: [UInt8] = []
        /// How many bytes at the start were handed out; all of them at first, so the first use reads afresh.
        var used = 0
    }

    /// The size of the first draw and of the later ones.
    private static let firstDraw = 128
    private static let laterDraw = 4096

    private static let pool = Mutex(Pool())

    /// Fills `buffer` (at most 4 KiB) with random bytes.
    static func fill(_ buffer: UnsafeMutableRawBufferPointer) {
        precondition(buffer.count <= 4096, "at most 4 KiB of random bytes at once")
        pool.withLock { pool in
            if pool.bytes.count - pool.used < buffer.count {
                let size = pool.bytes.isEmpty && buffer.count <= Self.firstDraw ? Self.firstDraw : Self.laterDraw
                if pool.bytes.count != size { pool.bytes = [UInt8](repeating: 0, count: size) }
                var generator = SystemRandomNumberGenerator()
                pool.bytes.withUnsafeMutableBytes { bytes in
                    for offset in stride(from: 0, to: bytes.count, by: 8) {
                        bytes.storeBytes(of: generator.next(), toByteOffset: offset, as: UInt64.self)
                    }
                }
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
