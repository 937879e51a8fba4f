import Foundation
import ListsModel

/// Where a command writes: buffered standard output, and how it may style it.
///
/// Styling (dim numbers, green checkmarks) happens only when standard output is a terminal and `NO_COLOR` is
/// not set; otherwise the output is plain text, the same text without escape codes.
final class Output {
    private var buffer = ""
    /// Whether escape codes may be written.
    let usesColor: Bool
    /// Whether standard output is a terminal (a person is reading).
    let isTerminal: Bool

    init(environment: [String: String]) {
        isTerminal = isatty(STDOUT_FILENO) == 1
        usesColor = isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// Adds a line.
    func line(_ text: String = "") {
        buffer += text
        buffer += "\n"
        if buffer.utf8.count > 1 << 16 { flush() }
    }

    /// Writes `value` as one line of JSON, as the API would send it.
    func json<T: Encodable>(_ value: T) throws {
        let data = try ListsFormat.jsonEncoder().encode(value)
        line(String(decoding: data, as: UTF8.self))
    }

    /// `text` dimmed, when styling is on.
    func dim(_ text: String) -> String { usesColor ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
    /// `text` in green, when styling is on.
    func green(_ text: String) -> String { usesColor ? "\u{1B}[32m\(text)\u{1B}[0m" : text }
    /// `text` in bold, when styling is on.
    func bold(_ text: String) -> String { usesColor ? "\u{1B}[1m\(text)\u{1B}[0m" : text }

    /// Writes what is buffered to standard output.
    func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(Data(buffer.utf8))
        buffer = ""
    }
}

/// Rows of cells printed in aligned columns, two spaces apart, trailing spaces trimmed.
struct Table {
    /// How a column is aligned.
    enum Alignment { case left, right }

    var alignments: [Alignment]
    var rows: [[String]] = []

    /// Renders each row; `style` may wrap a cell (already padded) in escape codes, by column index.
    ///
    /// A last column aligned left is never measured nor padded (its padding would only be trimmed): with long
    /// texts in it, counting their characters was a third of the time of listing 10,000 tasks.
    func lines(style: (Int, String) -> String = { $1 }) -> [String] {
        let measured = alignments.last == .left ? alignments.count - 1 : alignments.count
        var widths = Array(repeating: 0, count: alignments.count)
        for row in rows {
            for (column, cell) in row.prefix(measured).enumerated() {
                widths[column] = max(widths[column], cell.count)
            }
        }
        return rows.map { row in
            var line = ""
            for (column, cell) in row.enumerated() {
                let padding = column < measured ? String(repeating: " ", count: widths[column] - cell.count) : ""
                let padded = alignments[column] == .left ? cell + padding : padding + cell
                if column > 0 { line += "  " }
                line += style(column, padded)
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}
