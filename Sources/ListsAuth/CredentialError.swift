/// A refused user name or password: which field, and a sentence saying what is allowed.
///
/// The message never repeats what was typed, so that it can be shown, logged or sent back whatever the password
/// was.
public struct CredentialError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The field as the user knows it: `user name` or `password`.
    public var field: String
    /// What is allowed, e.g. `at least 8 characters`.
    public var message: String

    /// A refusal of `field` saying `message`.
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    /// `field: message`, the line a terminal or a log shows.
    public var description: String { "\(field): \(message)" }
}
