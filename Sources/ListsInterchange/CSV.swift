/// Comma-separated values as RFC 4180 writes them: fields in double quotes may hold commas, quotes (doubled)
/// and line breaks; lines end with CRLF or LF.
enum CSV {
    /// The rows of `text`, each with the line it starts on.
    /// - Throws: ``ImportError`` for a quote left open or text after a closing quote.
    static func rows(_ text: String) throws -> [(line: Int, fields: [String])] {
        var rows: [(line: Int, fields: [String])] = []
        var fields: [String] = []
        var field = ""
        var inQuotes = false
        var afterQuote = false
        var line = 1
        var rowLine = 1
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = scalars.next()
        func endRow() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty) { rows.append((rowLine, fields)) }
            fields = []
            field = ""
        }
        while let scalar = pending {
            pending = scalars.next()
            if inQuotes {
                if scalar == "\"" {
                    if pending == "\"" {
                        field.unicodeScalars.append("\"")
                        pending = scalars.next()
                    } else {
                        inQuotes = false
                        afterQuote = true
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case ",":
                fields.append(field)
                field = ""
                afterQuote = false
            case "\r" where pending == "\n":
                continue
            case "\n", "\r":
                endRow()
                afterQuote = false
                line += 1
                rowLine = line
            case "\"" where field.isEmpty && !afterQuote:
                inQuotes = true
            default:
                if afterQuote {
                    throw ImportError(
                        "line \(line)", field: "file", "text after a closing quote; double a quote inside quotes")
                }
                field.unicodeScalars.append(scalar)
            }
        }
        if inQuotes { throw ImportError("line \(rowLine)", field: "file", "a quoted field is never closed") }
        if !field.isEmpty || !fields.isEmpty { endRow() }
        return rows
    }

    /// One field, quoted when it holds a comma, a quote or a line break.
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
