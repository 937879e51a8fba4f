import ListsModel

/// Text as other programs write their files, made into what Lists keeps.
///
/// Editors on Windows start UTF-8 files with a byte-order mark, and real files carry a stray tab or line break
/// in a title now and then. Lists's own rules refuse control characters in a name or title; a whole file is not
/// refused for one of them, so readers of other programs' files pass titles and names through ``oneLine(_:)``
/// first. Lists's own backup (lists-json) stays strict: Lists never writes such a title.
enum ImportedText {
    /// The UTF-8 encoding of U+FEFF, which some editors put at the start of a text file.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// `bytes` without a UTF-8 byte-order mark at the start; the same array (not a copy) when there is none.
    static func withoutByteOrderMark(_ bytes: [UInt8]) -> [UInt8] {
        bytes.starts(with: byteOrderMark) ? Array(bytes.dropFirst(byteOrderMark.count)) : bytes
    }

    /// The file as UTF-8 text, without a byte-order mark.
    /// - Throws: ``ImportError`` when it is not UTF-8.
    static func utf8(_ bytes: [UInt8]) throws -> String {
        guard let text = String(validating: withoutByteOrderMark(bytes), as: UTF8.self) else {
            throw ImportError("the file", field: "file", "is not UTF-8 text")
        }
        return text
    }

    /// `text` with each control character (a tab, a line break, any other) read as a space, a CR LF pair as one,
    /// and the bidirectional embedding, override and isolate marks Lists refuses (they can make a name display as
    /// something else) left out. Text with none of them is returned as it is, after one pass over its bytes.
    static func oneLine(_ text: String) -> String {
        var text = text
        let isPlain = text.withUTF8 { utf8 in
            for byte in utf8 where byte < 0x20 || byte >= 0x7F { return false }
            return true
        }
        if isPlain || !text.unicodeScalars.contains(where: TextRule.isForbidden) { return text }
        var result = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            guard TextRule.isForbidden(scalar) else {
                result.append(scalar)
                continue
            }
            if scalar == "\n" && previous == "\r" { continue }
            if scalar.properties.generalCategory == .format { continue }
            result.append(" ")
        }
        return String(result)
    }
}
