/// A refused input: which field, and a sentence saying what is allowed.
///
/// Thrown by the model's validation and by every face's parsing, so that the CLI, the API and the pages
/// show the same words. The message never contains raw control characters (see ``Quoted``).
public struct ValidationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The field as the user knows it: `name`, `price`, `title`, `location`, `date`, `version`, ...
    public var field: String
    /// What was wrong and what is allowed, e.g. `a name needs 1 to 200 characters`.
    public var message: String

    /// A refusal of `field` saying `message`.
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    /// `field: message`, the line a terminal or a log shows.
    public var description: String { "\(field): \(message)" }
}

/// A user's text made safe to put in a message: in double quotes, control characters escaped,
/// cut at 40 characters so that a pasted novel does not flood the terminal.
public struct Quoted: CustomStringConvertible, Sendable {
    /// The text as typed.
    public var text: String

    /// Quotes `text`.
    public init(_ text: String) { self.text = text }

    public var description: String {
        var out = "\""
        for (index, scalar) in text.unicodeScalars.enumerated() {
            if index == 40 {
                out += "…"
                break
            }
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if TextRule.isForbidden(scalar) {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// The rules every name, title and location follows (docs/architecture.md §5).
public enum TextRule {
    /// The most characters a name, title or location may have.
    public static let maximumLength = 200
    /// The most Unicode code points a name may have: generous for any script, emoji or accent, but a bound that
    /// the database can check too (it counts code points, not characters).
    public static let maximumCodePoints = 2000

    /// Trims `text` and checks it: 1 to 200 characters (0 to 200 when `isOptional`), no control characters.
    ///
    /// - Parameters:
    ///   - field: the field named in the message.
    ///   - what: how the message calls the thing, e.g. `a bird's name`.
    /// - Returns: the trimmed text, or `nil` for an optional field left empty.
    /// - Throws: ``ValidationError``.
    public static func check(_ text: String, field: String, what: String, isOptional: Bool = false) throws
        -> String?
    {
        // Most text is short printable ASCII with nothing to trim: nothing to look up then. Checked on the
        // contiguous bytes (a native string's), not through the UTF-8 view's iterator.
        var text = text
        let isPlain = text.withUTF8 { utf8 in
            guard utf8.count <= maximumLength, let first = utf8.first, let last = utf8.last, first != 0x20,
                last != 0x20
            else { return false }
            for byte in utf8 where byte < 0x20 || byte >= 0x7F { return false }
            return true
        }
        if isPlain { return text }
        let trimmed = text.trimmingWhitespace()
        if let bad = trimmed.unicodeScalars.first(where: isForbidden) {
            throw ValidationError(field: field, message: forbiddenMessage(what, code: hex4(bad.value)))
        }
        if trimmed.isEmpty {
            if isOptional { return nil }
            throw ValidationError(field: field, message: requiredMessage(what))
        }
        if trimmed.unicodeScalars.count > maximumCodePoints {
            throw ValidationError(
                field: field, message: tooManyCodePointsMessage(what, count: "\(trimmed.unicodeScalars.count)"))
        }
        if trimmed.count > maximumLength {
            throw ValidationError(field: field, message: tooLongMessage(what, count: "\(trimmed.count)"))
        }
        return trimmed
    }

    // The messages, each made by one function, so that the rules app.js is given (``inputRules(what:)``) hold the
    // very words, with a placeholder where a message names what was typed.

    /// The refusal of a text holding a character ``isForbidden(_:)`` names (`code`: its hex, like `0007`).
    static func forbiddenMessage(_ what: String, code: String) -> String {
        "\(what) may not contain control characters (found U+\(code))"
    }

    /// The refusal of an empty text that is required.
    static func requiredMessage(_ what: String) -> String {
        "\(what) is required (1 to \(maximumLength) characters)"
    }

    /// The refusal of a text of `count` code points, more than ``maximumCodePoints``.
    static func tooManyCodePointsMessage(_ what: String, count: String) -> String {
        "\(what) has \(count) code points (too many combining marks); at most \(maximumCodePoints) are allowed"
    }

    /// The refusal of a text of `count` characters, more than ``maximumLength``.
    static func tooLongMessage(_ what: String, count: String) -> String {
        "\(what) is \(count) characters long; at most \(maximumLength) are allowed"
    }

    /// The rules of a text called `what` as app.js applies them (``TextInput/rules``): its limits and its
    /// messages, `{count}` and `{code}` standing for what the text holds.
    static func inputRules(what: String, isOptional: Bool) -> String {
        var messages = [
            ("forbidden", forbiddenMessage(what, code: "{code}")),
            ("tooManyCodePoints", tooManyCodePointsMessage(what, count: "{count}")),
            ("tooLong", tooLongMessage(what, count: "{count}")),
        ]
        if !isOptional { messages.insert(("required", requiredMessage(what)), at: 0) }
        return "\"maxLength\": \(maximumLength), \"maxCodePoints\": \(maximumCodePoints), "
            + "\"messages\": \(JSONText.object(messages))"
    }

    /// Control characters (tab, newline, bell...), line and paragraph separators, and the bidirectional
    /// embedding, override and isolate marks, which can make a name display as something else than it is.
    public static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: return (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
        }
    }

    static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
