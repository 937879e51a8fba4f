import Foundation

extension StringProtocol {
    /// The text without leading and trailing white space: Foundation's `.whitespacesAndNewlines`, or only
    /// `.whitespaces` when not `includingNewlines`.
    ///
    /// Foundation's own `trimmingCharacters(in:)` goes through `NSString` on Linux, a sixth of the work of a
    /// `lists todo add`, and even a `CharacterSet`'s first use costs a command more than its trimming; the scalars'
    /// Unicode properties say the same.
    public func trimmingWhitespace(includingNewlines: Bool = true) -> String {
        // Most texts start and end with a printable ASCII character: nothing to look at.
        let scalars = unicodeScalars
        if let first = scalars.first?.value, let last = scalars.last?.value, (0x21..<0x7F).contains(first),
            (0x21..<0x7F).contains(last)
        {
            return String(self)
        }
        let isSpace = includingNewlines ? Self.isWhitespaceOrNewline : Self.isWhitespace
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        // Most texts have nothing to trim: they are copied whole, not scalar by scalar.
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return String(self) }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }

    /// Whether `scalar` is in Foundation's `.whitespacesAndNewlines`: Unicode's White_Space property (the
    /// separators Z*, U+0009 to U+000D and U+0085) and, as Foundation still counts it, the zero width space U+200B;
    /// without building a `CharacterSet`. A test checks every scalar against Foundation's set.
    static func isWhitespaceOrNewline(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == " " || (0x09...0x0D).contains(scalar.value) }
        return scalar.properties.isWhitespace || scalar == "\u{200B}"
    }

    /// Whether `scalar` is in Foundation's `.whitespaces`: the space separators Zs, the tab and U+200B.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == " " || scalar == "\t" }
        return scalar.properties.generalCategory == .spaceSeparator || scalar == "\u{200B}"
    }
}

extension String {
    /// ``StringProtocol/trimmingWhitespace(includingNewlines:)`` for a `String`, whose bytes answer at once for the
    /// most common text, with nothing to trim: the generic version reaches them through the protocol, call by call.
    public func trimmingWhitespace(includingNewlines: Bool = true) -> String {
        if let first = utf8.first, let last = utf8.last, (0x21..<0x7F).contains(first), (0x21..<0x7F).contains(last) {
            return self
        }
        if isEmpty { return "" }
        return self[...].trimmingWhitespace(includingNewlines: includingNewlines)
    }
}
