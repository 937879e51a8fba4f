import Foundation

/// What a name that people tell apart by sight (a household's, a user's) may not hold: characters that do not
/// show, or that change how the rest shows, so that one name could pass for another ("Bo\u{202E}sb" shows as
/// "Bobs").
public enum NameRules {
    /// Refuses `name` when it holds a control character, a line or paragraph separator, a bidirectional mark
    /// (embeddings, overrides, isolates, the left-to-right, right-to-left and Arabic letter marks), or an invisible
    /// character: format characters such as the zero-width space and the word joiner, the soft hyphen, and the
    /// Hangul fillers and the blank Braille pattern, which show as nothing. The zero-width joiner is taken between
    /// two emoji (👨‍👩‍👧), and tag characters after a flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿), where they are part of what shows.
    /// - Throws: ``ValidationError`` naming `field` and the character found.
    public static func checkVisible(_ name: String, field: String) throws {
        let scalars = Array(name.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where isHidden(scalar, in: scalars, at: index) {
            throw ValidationError(
                field: field,
                message: "no control characters, line breaks, bidirectional marks or invisible characters (found "
                    + "U+\(TextRule.hex4(scalar.value)))")
        }
    }

    /// Whether the scalar at `index` of `scalars` is one ``checkVisible(_:field:)`` refuses.
    static func isHidden(_ scalar: Unicode.Scalar, in scalars: [Unicode.Scalar], at index: Int) -> Bool {
        switch scalar.value {
        case 0x200D:
            // Between two emoji it joins them into one (a family, a profession); elsewhere it shows as nothing.
            return
                !(index > 0 && index + 1 < scalars.count && isEmoji(scalars[index - 1])
                && isEmoji(scalars[index + 1]))
        case 0xE0020...0xE007F:
            // Tags spell a subdivision's flag after the black flag (England, Scotland, Wales).
            let before = index > 0 ? scalars[index - 1].value : 0
            return !(before == 0x1F3F4 || (0xE0020...0xE007F).contains(before))
        case 0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800:
            return true
        default:
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator, .format: return true
            default: return false
            }
        }
    }

    /// Whether `scalar` is an emoji a joiner may follow or precede (not a digit, `#` or `*`, which are emoji only
    /// with a keycap).
    /// The variation selector that asks for an emoji's picture counts as the emoji it follows (👁️‍🗨️).
    private static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0xFE0F || (scalar.value > 0x7F && scalar.properties.isEmoji)
    }
}

extension Household {
    /// `name` trimmed, when it is a name a household can have: 1 to ``maxNameLength`` characters, none that hide
    /// or disguise what it shows (``NameRules``).
    /// - Throws: ``ValidationError`` naming the field `name`.
    public static func validName(_ name: String) throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { throw ValidationError(field: "name", message: "a household needs a name") }
        if trimmed.count > maxNameLength {
            throw ValidationError(field: "name", message: "at most \(maxNameLength) characters")
        }
        try NameRules.checkVisible(trimmed, field: "name")
        return trimmed
    }
}

extension UserAccount {
    /// The most characters a user name may have, after trimming.
    public static let maxNameLength = 64

    /// `name` trimmed and in Unicode normalization form C, when it can be a user name: 1 to ``maxNameLength``
    /// characters, none that hide or disguise what it shows (``TextRule/isForbidden(_:)``, then ``NameRules``, as
    /// for a household's).
    ///
    /// Leading and trailing white space is trimmed (a pasted name often carries some). Normalization form C, since
    /// one keyboard may send "é" as one code point and another as "e" and a combining accent, and a store compares
    /// bytes: the same name must always be the same bytes. Case is kept as typed. Checked by the web's forms and the
    /// CLI before a password is hashed, and again by ``Households`` as it adds the user.
    /// - Throws: ``ValidationError`` naming the field `name`.
    public static func validName(_ name: String) throws -> String {
        let scalars = name.unicodeScalars
        // A forbidden character at either end is kept, to be refused, not trimmed away.
        let isKept = { (scalar: Unicode.Scalar) in !scalar.properties.isWhitespace || TextRule.isForbidden(scalar) }
        guard let first = scalars.firstIndex(where: isKept), let last = scalars.lastIndex(where: isKept) else {
            throw ValidationError(field: "name", message: "1 to \(maxNameLength) characters")
        }
        let trimmed = String(String.UnicodeScalarView(scalars[first...last]))
        if trimmed.unicodeScalars.contains(where: TextRule.isForbidden) {
            throw ValidationError(field: "name", message: "no control characters, line breaks or bidirectional marks")
        }
        // Counted before normalising (which keeps the count of characters) and no further than one past the
        // limit: a pasted megabyte costs little more than a long name.
        if trimmed.prefix(maxNameLength + 1).count > maxNameLength {
            throw ValidationError(field: "name", message: "at most \(maxNameLength) characters")
        }
        let normalized = trimmed.precomposedStringWithCanonicalMapping
        try NameRules.checkVisible(normalized, field: "name")
        return normalized
    }
}

extension APIToken {
    /// What every API token starts with, so that a token pasted somewhere it should not be is recognisable.
    public static let prefix = "lists_"

    /// `name` trimmed, when it can name an API token: 1 to 100 characters, no control characters.
    /// - Throws: ``ValidationError`` naming `field`.
    public static func validName(_ name: String, field: String = "name") throws -> String {
        let trimmed = name.trimmingWhitespace(includingNewlines: true)
        guard (1...100).contains(trimmed.count),
            !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw ValidationError(field: field, message: "a token's name is 1 to 100 characters, no control characters")
        }
        return trimmed
    }
}
