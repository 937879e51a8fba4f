import Foundation
import Testing

@testable import ListsModel

@Suite("Trimming white space as Foundation does")
struct TrimmingTests {
    static let samples = [
        "", " ", "plain", "  Milk  ", "\tTea\t", "\n Bread \r\n", "\u{A0}Pear\u{3000}", "\u{2028}x\u{2029}",
        "a b", " \u{85}Mango\u{85} ", "é\u{301} ", "🐦 ", "\u{200B}zero-width\u{200B}", "\u{2003}em\u{2003}",
    ]

    @Test(arguments: samples)
    func trimmingWhitespaceAndNewlinesMatchesFoundation(text: String) {
        #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test(arguments: samples)
    func trimmingOnlyWhitespaceMatchesFoundation(text: String) {
        #expect(text.trimmingWhitespace(includingNewlines: false) == text.trimmingCharacters(in: .whitespaces))
    }

    /// Every Unicode scalar is white space to the trimming exactly when it is in Foundation's sets.
    @Test func everyScalarIsWhiteSpaceExactlyWhenFoundationSaysSo() {
        let (withNewlines, without) = (CharacterSet.whitespacesAndNewlines, CharacterSet.whitespaces)
        var differing: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if String.isWhitespaceOrNewline(scalar) != withNewlines.contains(scalar)
                || String.isWhitespace(scalar) != without.contains(scalar)
            {
                differing.append(value)
            }
        }
        #expect(differing.isEmpty, "\(differing.map { String($0, radix: 16) })")
    }
}
