import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Random bytes from the kernel's generator (`getentropy`, which is `getrandom` on Linux), drawn ahead and handed
/// out in order, each byte once: a new id costs a copy under a lock instead of a system call on the adding thread.
/// `getentropy` gives up to 256 bytes a call (the standard library's `SystemRandomNumberGenerator` gives 8 a call,
/// each a system call of its own), so the first draw is small (128 bytes, one call: a command of the CLI adds a
/// record or a few) and the later ones 4 KiB (16 calls; a server making ids). Nothing is kept across `fork` (Lists
/// never forks; `lists` hands over to `lists-postgres` with `execv`, a new process image).
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
                pool.bytes.withUnsafeMutableBytes { Self.draw(into: $0) }
                pool.used = 0
            }
            pool.bytes.withUnsafeBytes { all in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: all[pool.used..<pool.used + buffer.count]))
            }
            // Handed out once: never given to another caller.
            pool.used += buffer.count
        }
    }

    /// The most `getentropy` gives in one call.
    private static let entropyCall = 256

    /// Fills `bytes` from the kernel, `entropyCall` bytes a call; should the kernel refuse (a system without
    /// `getrandom`), from `SystemRandomNumberGenerator`, whose reading of `/dev/urandom` is then the way left.
    private static func draw(into bytes: UnsafeMutableRawBufferPointer) {
        var offset = 0
        while offset < bytes.count, let base = bytes.baseAddress {
            let count = min(entropyCall, bytes.count - offset)
            guard getentropy(base + offset, count) == 0 else { break }
            offset += count
        }
        guard offset < bytes.count else { return }
        var generator = SystemRandomNumberGenerator()
        for index in offset..<bytes.count {
            bytes[index] = UInt8(truncatingIfNeeded: generator.next())
        }
    }
}
