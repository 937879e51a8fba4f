// The operating system's side of the model, in one place: its random source. A port to another system is a change
// to this file.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system calls the model makes.
enum Platform {
    /// Fills `buffer` with random bytes from the kernel's generator (`arc4random_buf`, which glibc 2.36 and Darwin
    /// both have: on Linux it reads `getrandom`).
    static func fillWithRandomBytes(_ buffer: UnsafeMutableRawBufferPointer) {
        guard let start = buffer.baseAddress else { return }
        arc4random_buf(start, buffer.count)
    }
}
