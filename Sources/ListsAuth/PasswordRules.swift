import ListsModel

/// What a password must be: long enough to resist guessing, short enough that hashing it costs a bounded time.
public enum PasswordRules {
    /// The fewest characters (as a person counts them: `Character`s) a password may have.
    public static let minimumCharacters = 8
    /// The most bytes a password may have in UTF-8: room for any pass phrase, while a request carrying megabytes
    /// is refused before the hash reads them.
    public static let maximumBytes = 1024

    /// Checks `password` against the rules; cheap whatever its length, so it runs before any hashing.
    ///
    /// - Throws: ``ValidationError`` naming the `password` field and the bound it broke.
    public static func check(_ password: String) throws {
        // The byte count first: a native string knows it without reading the text, so 10 MB are refused at once;
        // counting characters then reads at most 1,024 bytes.
        if password.utf8.count > maximumBytes {
            throw ValidationError(field: "password", message: "at most \(maximumBytes) bytes in UTF-8")
        }
        if password.count < minimumCharacters {
            throw ValidationError(field: "password", message: "at least \(minimumCharacters) characters")
        }
    }
}
