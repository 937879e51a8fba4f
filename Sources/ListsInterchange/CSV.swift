/// Comma-separated values as RFC 4180 writes them: fields in double quotes may hold commas, quotes (doubled)
/// and line breaks; lines end with CRLF or LF.
enum CSV {
    /// The rows of a file's `bytes` (UTF-8, a byte-order mark skipped), each with the line it starts on.
    /// - Throws: ``ImportError`` for bytes that are not UTF-8, a quote left open or text after a closing quote.
    static func rows(_ bytes: [UInt8]) throws -> [(line: Int, fields: [String])] {
        var reader = try ByteRows(bytes)
        var rows: [(line: Int, fields: [String])] = []
        while let row = try reader.next() { rows.append((row.line, row.fields)) }
        return rows
    }

    /// One field, quoted when it holds a comma, a quote or a line break.
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

extension CSV {
    /// The rows of a CSV file read from its bytes one at a time, each with the line it starts on and where it lies in
    /// the file (what an eBird import keeps of each row), without making the file a `String` first. A byte-order mark
    /// is skipped; blank lines are no rows.
    struct ByteRows {
        /// A row: its fields, the line it starts on, and its bytes in the file without its line end.
        struct Row {
            let line: Int
            let fields: [String]
            let range: Range<Int>
        }

        private let bytes: [UInt8]
        private var index: Int
        private var line = 1

        /// A reader of `bytes`.
        /// - Throws: ``ImportError`` when they are not UTF-8.
        init(_ bytes: [UInt8]) throws {
            let start = bytes.starts(with: ImportedText.byteOrderMark) ? ImportedText.byteOrderMark.count : 0
            let isUTF8 = bytes.withUnsafeBufferPointer { buffer in
                String(validating: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self) != nil
            }
            guard isUTF8 else { throw ImportError("the file", field: "file", "is not UTF-8 text") }
            self.bytes = bytes
            index = start
        }

        /// The text of `row` as the file has it.
        func text(of row: Row) -> String {
            bytes.withUnsafeBufferPointer {
                String(decoding: UnsafeBufferPointer(rebasing: $0[row.range]), as: UTF8.self)
            }
        }

        /// The fields of `text`, one row (which may hold line breaks inside quotes).
        /// - Throws: ``ImportError`` when it is not one row of CSV.
        static func fields(of text: String) throws -> [String] {
            var reader = try ByteRows(Array(text.utf8))
            guard let row = try reader.next(), try reader.next() == nil else {
                throw ImportError("the row", field: "file", "is not one row of comma-separated values")
            }
            return row.fields
        }

        /// The next row, or `nil` at the end.
        /// - Throws: ``ImportError`` for a quote left open or text after a closing quote.
        mutating func next() throws -> Row? {
            while index < bytes.count {
                let row = try bytes.withUnsafeBufferPointer { try read($0) }
                if let row { return row }
            }
            return nil
        }

        /// Reads one row from `index`; `nil` for a blank line.
        private mutating func read(_ buffer: UnsafeBufferPointer<UInt8>) throws -> Row? {
            let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
            let rowStart = index
            let rowLine = line
            var fields: [String] = []
            var position = index
            var rowEnd = buffer.count
            var ended = false
            while !ended {
                // One field, from `position`.
                var text: String
                if position < buffer.count, buffer[position] == quote {
                    var unquoted: [UInt8] = []
                    var cursor = position + 1
                    var closed = false
                    while cursor < buffer.count {
                        let byte = buffer[cursor]
                        if byte == quote {
                            if cursor + 1 < buffer.count, buffer[cursor + 1] == quote {
                                unquoted.append(quote)
                                cursor += 2
                                continue
                            }
                            closed = true
                            cursor += 1
                            break
                        }
                        if byte == lf { line += 1 }
                        unquoted.append(byte)
                        cursor += 1
                    }
                    guard closed else {
                        throw ImportError("line \(rowLine)", field: "file", "a quoted field is never closed")
                    }
                    text = String(decoding: unquoted, as: UTF8.self)
                    position = cursor
                    if position < buffer.count, buffer[position] != comma, buffer[position] != cr,
                        buffer[position] != lf
                    {
                        throw ImportError(
                            "line \(line)", field: "file", "text after a closing quote; double a quote inside quotes")
                    }
                } else {
                    var cursor = position
                    while cursor < buffer.count {
                        let byte = buffer[cursor]
                        if byte == comma || byte == cr || byte == lf { break }
                        cursor += 1
                    }
                    text = String(decoding: UnsafeBufferPointer(rebasing: buffer[position..<cursor]), as: UTF8.self)
                    position = cursor
                }
                fields.append(text)
                if position >= buffer.count {
                    rowEnd = position
                    ended = true
                } else if buffer[position] == comma {
                    position += 1
                } else {
                    rowEnd = position
                    position +=
                        buffer[position] == cr && position + 1 < buffer.count && buffer[position + 1] == lf ? 2 : 1
                    line += 1
                    ended = true
                }
            }
            index = position
            if fields.count == 1 && fields[0].isEmpty { return nil }
            return Row(line: rowLine, fields: fields, range: rowStart..<rowEnd)
        }
    }
}
