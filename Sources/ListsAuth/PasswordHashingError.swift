/// Argon2id could not hash a password: libsodium could not have the memory the hasher's limits ask for.
public struct PasswordHashingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes of memory that were asked for.
    public var memLimit: Int

    /// A failure to hash at `memLimit` bytes.
    public init(memLimit: Int) {
        self.memLimit = memLimit
    }

    /// The sentence a log shows.
    public var description: String {
        "a password could not be hashed: Argon2id could not have \(memLimit / 1024) KiB of memory"
    }
}
