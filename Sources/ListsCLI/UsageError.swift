/// A command line that cannot be run as typed: an unknown command or option, a missing argument.
/// Exits with status 2 and one line on stderr.
struct UsageError: Error, CustomStringConvertible {
    /// What is wrong and what is allowed.
    var message: String
    /// The command whose help explains it, e.g. `lists shop add`.
    var command: String

    var description: String { "\(message) (see '\(command) --help')" }
}

/// The exit statuses of `lists` (docs/architecture.md §4).
public enum ExitStatus {
    /// Done.
    public static let success: Int32 = 0
    /// Any failure that is not the input's fault (a read-only disk, a newer database).
    public static let failure: Int32 = 1
    /// Bad input or usage; one line on stderr names the field.
    public static let badInput: Int32 = 2
}
