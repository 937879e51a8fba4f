import ListsAuth
import ListsModel

/// The rules for what people type about accounts, as the web's forms and the CLI's commands both check them: a
/// refusal is a ``ValidationError`` naming the field, the same words on a page and at the terminal.
public enum AccountRules {
    /// What every API token starts with, so that a token pasted somewhere it should not be is recognisable.
    public static let tokenPrefix = "lists_"

    /// `name` trimmed, when it can be a user name (``UserNameRules``), with nothing that hides or disguises what it
    /// shows (``NameRules``, as household names).
    /// - Throws: ``ValidationError`` naming `name`.
    public static func userName(_ name: String) throws -> String {
        let checked: String
        do {
            checked = try UserNameRules.check(name)
        } catch let error as CredentialError {
            throw ValidationError(field: "name", message: error.message)
        }
        try NameRules.checkVisible(checked, field: "name")
        return checked
    }

    /// Checks `password` against the rules (``PasswordRules``: 8 characters to 1,024 bytes).
    /// - Throws: ``ValidationError`` naming `password`.
    public static func checkPassword(_ password: String) throws {
        do {
            try PasswordRules.check(password)
        } catch let error as CredentialError {
            throw ValidationError(field: "password", message: error.message)
        }
    }

    /// `name` trimmed, when it can name an API token: 1 to 100 characters, no control characters.
    /// - Throws: ``ValidationError`` naming `field`.
    public static func tokenName(_ name: String, field: String = "name") throws -> String {
        let trimmed = name.trimmingWhitespace(includingNewlines: true)
        guard (1...100).contains(trimmed.count),
            !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw ValidationError(field: field, message: "a token's name is 1 to 100 characters, no control characters")
        }
        return trimmed
    }
}
