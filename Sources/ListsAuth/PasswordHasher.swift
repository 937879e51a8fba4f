import CSodium
import Synchronization

/// Hashes passwords with Argon2id and checks them against stored hashes.
///
/// A hash is libsodium's string form, e.g. `$argon2id$v=19$m=65536,t=2,p=1$salt$hash`: it carries its own random
/// salt and the limits it was made with, so a hash made at older limits still verifies, and ``needsRehash(_:)``
/// says when to replace it (at the next successful sign-in, when the password is at hand).
///
/// Hashing and verifying are slow on purpose (that is what makes guessing slow) and block their thread: some 60 ms
/// of one core and 64 MiB of memory per call at ``interactive`` on the project's 2-core machine.
public struct PasswordHasher: Sendable {
    /// How many passes Argon2id makes over its memory.
    public let opsLimit: UInt64
    /// How many bytes of memory Argon2id fills.
    public let memLimit: Int
    /// The hash ``verifyNothing(_:)`` checks against, made at first use: a hasher that never needs it costs
    /// nothing, and ``testing`` and ``interactive`` can be `static let`s.
    private let dummyHash = DummyHash()

    /// libsodium's interactive limits (2 passes over 64 MiB): the default, and the least a server should use.
    public static let interactive = PasswordHasher(
        opsLimit: UInt64(crypto_pwhash_OPSLIMIT_INTERACTIVE), memLimit: Int(crypto_pwhash_MEMLIMIT_INTERACTIVE))

    /// The least libsodium allows (1 pass over 8 KiB), so that tests run fast. For tests only: a hash made with
    /// it is cheap to guess.
    public static let testing = PasswordHasher(
        opsLimit: UInt64(crypto_pwhash_OPSLIMIT_MIN), memLimit: Int(crypto_pwhash_MEMLIMIT_MIN))

    /// A hasher at the given limits.
    ///
    /// Limits below libsodium's minimums (1 pass, 8 KiB) are a programmer error and stop the program.
    public init(
        opsLimit: UInt64 = UInt64(crypto_pwhash_OPSLIMIT_INTERACTIVE),
        memLimit: Int = Int(crypto_pwhash_MEMLIMIT_INTERACTIVE)
    ) {
        precondition(opsLimit >= UInt64(crypto_pwhash_OPSLIMIT_MIN), "Argon2id needs at least 1 pass")
        precondition(memLimit >= Int(crypto_pwhash_MEMLIMIT_MIN), "Argon2id needs at least 8 KiB")
        self.opsLimit = opsLimit
        self.memLimit = memLimit
    }

    /// Hashes `password` with a new random salt at this hasher's limits.
    ///
    /// - Returns: libsodium's string form of the hash, beginning `$argon2id$`, at most 127 ASCII characters.
    /// - Throws: ``ValidationError`` when `password` breaks ``PasswordRules`` (checked first, so an over-long
    ///   password is never read); ``PasswordHashingError`` when the memory for the hash cannot be had.
    public func hash(_ password: String) throws -> String {
        try PasswordRules.check(password)
        Sodium.initialise()
        var output = [CChar](repeating: 0, count: Int(crypto_pwhash_STRBYTES))
        let status = password.withCString { bytes in
            crypto_pwhash_str_alg(
                &output, bytes, UInt64(password.utf8.count), opsLimit, memLimit, crypto_pwhash_ALG_ARGON2ID13)
        }
        guard status == 0 else { throw PasswordHashingError(memLimit: memLimit) }
        return String(nulTerminated: output)
    }

    /// Whether `password` is the one `hash` was made from.
    ///
    /// Takes the time the hash's own limits ask for. False, at once, for a malformed hash and for a password
    /// longer than ``PasswordRules/maximumBytes`` (no password that long was ever hashed here).
    public func verify(_ password: String, hash: String) -> Bool {
        guard password.utf8.count <= PasswordRules.maximumBytes, Self.isPlausible(hash) else { return false }
        Sodium.initialise()
        return hash.withCString { hash in
            password.withCString { bytes in
                crypto_pwhash_str_verify(hash, bytes, UInt64(password.utf8.count)) == 0
            }
        }
    }

    /// Whether `hash` was made at other limits or with another algorithm than this hasher's, so that the password
    /// should be hashed anew once it has been verified. True for a malformed hash too.
    public func needsRehash(_ hash: String) -> Bool {
        guard Self.isPlausible(hash) else { return true }
        Sodium.initialise()
        return hash.withCString { crypto_pwhash_str_needs_rehash($0, opsLimit, memLimit) } != 0
    }

    /// Spends the time of a ``verify(_:hash:)`` of `password` against a hash made at this hasher's limits, and
    /// learns nothing.
    ///
    /// For a sign-in naming a user who does not exist: without it, that answer would come back in microseconds
    /// and a wrong password in tens of milliseconds, telling anyone which user names are taken. The first call
    /// also makes the hash it checks against (one hash's time, once per hasher): a server calls it once at start-up
    /// so that no sign-in pays that.
    public func verifyNothing(_ password: String) {
        let hash = dummyHash.value(for: self)
        // The result is always false (the hash is of random bytes nobody knows) and of no interest.
        _ = verify(password, hash: hash)
    }

    /// Makes the hash ``verifyNothing(_:)`` checks against now, if it is not made yet: one hash's time, so that no
    /// sign-in pays it.
    public func prepare() {
        _ = dummyHash.value(for: self)
    }

    /// Whether `hash` can be handed to libsodium: shorter than its hash buffer and free of NUL bytes. libsodium
    /// reads a C string and refuses anything else it does not understand itself.
    private static func isPlausible(_ hash: String) -> Bool {
        hash.utf8.count < Int(crypto_pwhash_STRBYTES) && !hash.utf8.contains(0)
    }
}

/// The hash of random bytes a ``PasswordHasher`` verifies against to spend time, made once, at first use.
///
/// A class so that the hasher stays a `let`-only `Sendable` struct while this is filled in later; the `Mutex`
/// makes that safe from any thread, and holds a second caller until the first has made the hash.
private final class DummyHash: Sendable {
    private let hash = Mutex<String?>(nil)

    /// The hash, made with `hasher` on first use.
    func value(for hasher: PasswordHasher) -> String {
        hash.withLock { hash in
            if let hash { return hash }
            // A token is 43 characters, within the password rules; nobody ever learns it. Without the memory to
            // hash, a real verify fails at once too: the empty hash (refused at once) costs the same.
            guard let made = try? hasher.hash(SecretToken.generate()) else { return "" }
            hash = made
            return made
        }
    }
}
