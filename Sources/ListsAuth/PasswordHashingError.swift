/// A password could not be hashed or checked: Argon2id could not have its memory, or the helper processes that
/// hash for a server (``HashingHelpers``) could not be started or stopped answering.
public struct PasswordHashingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, for a log.
    public var reason: String

    /// A failure to hash at `memLimit` bytes.
    public init(memLimit: Int) {
        reason = "Argon2id could not have \(memLimit / 1024) KiB of memory"
    }

    /// A failure for `reason`.
    public init(reason: String) {
        self.reason = reason
    }

    /// The sentence a log shows.
    public var description: String {
        "a password could not be hashed or checked: \(reason)"
    }
}
