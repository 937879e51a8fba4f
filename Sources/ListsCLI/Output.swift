import Foundation
import JSONCodec
import ListsModel

/// Where a command writes: buffered standard output, and how it may style it.
///
/// Styling (dim numbers, green checkmarks) happens only when standard output is a terminal and `NO_COLOR` is
/// not set; otherwise the output is plain text, the same text without escape codes.
final class Output {
    /// What is to be written, as UTF-8; appending bytes is several times cheaper than growing a `String`,
    /// which matters when a list has 10,000 rows.
    private var buffer: [UInt8] = []
    /// Whether escape codes may be written.
    let usesColor: Bool
    /// Whether standard output is a terminal (a person is reading).
    let isTerminal: Bool

    init(environment: [String: String]) {
        isTerminal = Platform.standardOutputIsTerminal
        usesColor = isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// Adds a line.
    func line(_ text: String = "") {
        buffer.append(contentsOf: text.utf8)
        buffer.append(UInt8(ascii: "\n"))
        flushWhenFull()
    }

    /// Writes `value` as one line of JSON, as the API would send it.
    func json(_ value: some JSONWritable) {
        value.writeJSON(to: &buffer)
        buffer.append(UInt8(ascii: "\n"))
        flushWhenFull()
    }

    /// Adds a household's lists numbered in their order, each with its name and what is left on it and in all
    /// (`3 to buy`, `5 in all`): what `lists shop lists` and `lists todo lists` print.
    func numberedLists(_ lists: [(name: String, left: String, all: String)]) {
        let rows = lists.enumerated().map { index, list in ["\(index + 1)", list.name, list.left, list.all] }
        table(Table(alignments: [.right, .left, .right, .right], rows: rows)) { column, cell in
            column == 0 ? dim(cell) : column == 1 ? bold(cell) : cell
        }
    }

    /// Adds `table`'s rows, one line each, styled by `style` (column index, cell) when styling is on.
    func table(_ table: Table, style: (Int, String) -> String) {
        let usesColor = self.usesColor
        table.render(into: &buffer) { usesColor ? style($0, $1) : $1 }
        flushWhenFull()
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
        FileHandle.standardOutput.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }

    private func flushWhenFull() {
        if buffer.count > 1 << 16 { flush() }
    }
}

/// Rows of cells printed in aligned columns, two spaces apart, with no trailing spaces.
struct Table {
    /// How a column is aligned.
    enum Alignment { case left, right }

    var alignments: [Alignment]
    /// The cells, row after row, as many to a row as there are columns: one array for the table, not one for each
    /// of its rows (a row of `todo list` is three to seven short texts).
    var cells: [String]

    /// A table of `cells`, row after row, `alignments.count` to a row.
    init(alignments: [Alignment], cells: [String]) {
        precondition(alignments.isEmpty ? cells.isEmpty : cells.count % alignments.count == 0, "whole rows")
        self.alignments = alignments
        self.cells = cells
    }

    /// A table of `rows`; a row with fewer cells than columns has empty ones after them.
    init(alignments: [Alignment], rows: [[String]]) {
        var cells: [String] = []
        cells.reserveCapacity(rows.count * alignments.count)
        for row in rows {
            cells.append(contentsOf: row.prefix(alignments.count))
            for _ in row.count..<max(row.count, alignments.count) { cells.append("") }
        }
        self.init(alignments: alignments, cells: cells)
    }

    /// Appends each row as a line of UTF-8 to `bytes`; `style` may wrap a cell in escape codes (the padding stays
    /// outside them).
    ///
    /// A last column aligned left is never measured nor padded (its padding would only be trimmed): with long
    /// texts in it, counting their characters would be a third of the time of listing 10,000 tasks.
    func render(into bytes: inout [UInt8], style: (Int, String) -> String) {
        let columns = alignments.count
        guard columns > 0 else { return }
        let measured = alignments.last == .left ? columns - 1 : columns
        var widths = Array(repeating: 0, count: measured)
        var counts: [Int] = []
        counts.reserveCapacity(cells.count / columns * measured)
        for rowStart in stride(from: 0, to: cells.count, by: columns) {
            for column in 0..<measured {
                let count = Self.width(of: cells[rowStart + column])
                counts.append(count)
                widths[column] = max(widths[column], count)
            }
        }
        let space = UInt8(ascii: " ")
        for (rowIndex, rowStart) in stride(from: 0, to: cells.count, by: columns).enumerated() {
            // Spaces are written only when a cell follows them, so a line never ends in spaces.
            var pendingSpaces = 0
            for column in 0..<columns {
                let cell = cells[rowStart + column]
                if column > 0 { pendingSpaces += 2 }
                let padding = column < measured ? widths[column] - counts[rowIndex * measured + column] : 0
                if alignments[column] == .right { pendingSpaces += padding }
                if !cell.isEmpty {
                    for _ in 0..<pendingSpaces { bytes.append(space) }
                    pendingSpaces = 0
                    Self.append(style(column, cell), to: &bytes)
                }
                if alignments[column] == .left { pendingSpaces += padding }
            }
            bytes.append(UInt8(ascii: "\n"))
        }
    }

    /// Appends `text`'s UTF-8 to `bytes`, copied at once from where a native string keeps it.
    private static func append(_ text: String, to bytes: inout [UInt8]) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
        if copied == nil { bytes.append(contentsOf: text.utf8) }
    }

    /// How many characters `text` shows: counted from its bytes when all of them are ASCII (the numbers and dates
    /// a table measures), as counting characters walks each one.
    static func width(of text: String) -> Int {
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 < 0x80 } ? bytes.count : nil
        }
        return (ascii ?? nil) ?? text.count
    }

    /// The rendered lines, unstyled.
    func lines() -> [String] {
        var bytes: [UInt8] = []
        render(into: &bytes) { $1 }
        // Cut at the bytes of its new lines: cutting the text at its characters walked every grapheme.
        return bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .dropLast().map { String(decoding: $0, as: UTF8.self) }
    }
}
