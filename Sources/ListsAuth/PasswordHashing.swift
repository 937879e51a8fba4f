/// What hashes and checks passwords: a ``PasswordHasher`` on the calling thread, or ``HashingHelpers`` in processes
/// of their own. A server takes either; the CLI and tests hash on the calling thread.
public protocol PasswordHashing: Sendable {
    /// The hasher whose limits new hashes are made at.
    var hasher: PasswordHasher { get }

    /// Hashes `password` with a new random salt (see ``PasswordHasher/hash(_:)``).
    /// - Throws: ``ValidationError`` for a password the rules refuse; ``PasswordHashingError``.
    func hash(_ password: String) throws -> String

    /// Whether `password` is the one `hash` was made from (see ``PasswordHasher/verify(_:hash:)``).
    /// - Throws: ``PasswordHashingError`` when the check could not be made (not for a wrong password).
    func verify(_ password: String, hash: String) throws -> Bool

    /// Spends the time of a verify and learns nothing (see ``PasswordHasher/verifyNothing(_:)``).
    /// - Throws: ``PasswordHashingError``.
    func verifyNothing(_ password: String) throws
}

extension PasswordHashing {
    /// Whether `hash` should be made anew at ``hasher``'s limits (cheap: it reads the hash's parameters).
    public func needsRehash(_ hash: String) -> Bool {
        hasher.needsRehash(hash)
    }
}

extension PasswordHasher: PasswordHashing {
    /// Itself: it hashes on the calling thread.
    public var hasher: PasswordHasher { self }
}
