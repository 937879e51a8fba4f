import CSodium

/// libsodium's one-time set-up, which every function in this module that calls libsodium makes sure of first.
///
/// `sodium_init` picks the fastest implementations for this processor and opens the kernel's random source; until
/// it has run, libsodium's functions are not safe to call from several threads at once. A `static let` runs its
/// initialiser exactly once, under the runtime's own lock, whichever thread gets there first.
enum Sodium {
    private static let initialisation: Void = {
        // 0 is done, 1 is done before (by another library in the same process); only -1 is a failure, and then
        // there is no safe random source or hash: nothing in this module could work.
        if sodium_init() < 0 { fatalError("libsodium could not be initialised (sodium_init returned -1)") }
    }()

    /// Initialises libsodium if nothing has yet; cheap after the first call.
    static func initialise() {
        initialisation
    }
}

extension String {
    /// The text a libsodium function wrote into `buffer`, up to its terminating NUL (ASCII: base64, hex, a
    /// password hash).
    init(nulTerminated buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
