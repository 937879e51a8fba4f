import Foundation

/// What a user name must be: a short line of text a person can type and read back as it is.
public enum UserNameRules {
    /// The most characters a user name may have, after trimming.
    public static let maximumCharacters = 64

    /// Checks `name` and gives the form to store and look up.
    ///
    /// Leading and trailing white space is trimmed (a pasted name often carries some). The result is in Unicode
    /// normalization form C: one keyboard may send "é" as one code point and another as "e" and a combining
    /// accent, and a store compares bytes, so the same name must always be the same bytes. Case is kept as typed.
    ///
    /// - Returns: the trimmed name in normalization form C.
    /// - Throws: ``CredentialError`` naming the `user name` field: an empty name, one longer than
    ///   ``maximumCharacters``, or one with control characters, line separators or bidirectional marks (which
    ///   can make a name show as another).
    @discardableResult
    public static func check(_ name: String) throws -> String {
        let scalars = name.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace || isForbidden($0) }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace || isForbidden($0) })
        else {
            throw CredentialError(field: "user name", message: "1 to \(maximumCharacters) characters")
        }
        let trimmed = String(String.UnicodeScalarView(scalars[first...last]))
        if trimmed.unicodeScalars.contains(where: isForbidden) {
            throw CredentialError(
                field: "user name", message: "no control characters, line breaks or bidirectional marks")
        }
        // Counted before normalising (which keeps the count of characters) and no further than one past the
        // limit: a pasted megabyte costs little more than a long name.
        if trimmed.prefix(maximumCharacters + 1).count > maximumCharacters {
            throw CredentialError(field: "user name", message: "at most \(maximumCharacters) characters")
        }
        return trimmed.precomposedStringWithCanonicalMapping
    }

    /// Control characters (tab, newline, …), line and paragraph separators, and the bidirectional embedding,
    /// override and isolate marks: the characters ListsModel's `TextRule` refuses in any name.
    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: return (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
        }
    }
}
