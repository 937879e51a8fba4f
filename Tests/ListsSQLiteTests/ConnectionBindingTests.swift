import ListsModel
@testable import ListsSQLite
import Testing

/// How ``SQLiteConnection`` binds a statement's parameters: text in place, bound as NUL-terminated unless it holds
/// a NUL, nulls left to `sqlite3_clear_bindings`.
@Suite struct ConnectionBindingTests {
    /// An in-memory database with a table of texts whose `CHECK` reads each text's length, as the tasks table does.
    private func connection() throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: ":memory:", create: true)
        try connection.execute(
            "CREATE TABLE texts (id INTEGER PRIMARY KEY, body TEXT CHECK (body IS NULL OR length(body) <= 13))")
        return connection
    }

    /// What the table holds for `id`: the text's bytes as SQLite counts them (hex, so a NUL inside shows) and its
    /// `length()` in characters; `nil` for a null.
    private func stored(_ id: Int64, in connection: SQLiteConnection) throws -> (hex: String, length: Int64)? {
        var found: (hex: String, length: Int64)?
        try connection.query(
            "SELECT hex(body), length(body) FROM texts WHERE id = ? AND body IS NOT NULL",
            [
                .integer(id)
            ]
        ) { row in found = (row.text(0), row.integer(1)) }
        return found
    }

    @Test func textsAreStoredWholeWithANulInsideOrNoneShortOrLongAndEmpty() throws {
        let connection = try connection()
        // A text of up to 15 bytes is held inline in the string, a longer one is not; "é" is two bytes, one letter.
        let texts: [(id: Int64, text: String, hex: String)] = [
            (1, "Milk", "4D696C6B"), (2, "a\u{0}b", "610062"), (3, "", ""), (4, "Café\u{0}", "436166C3A900"),
            (5, "\u{0}", "00"), (6, "Crème fraîche", "4372C3A86D6520667261C3AE636865"),
        ]
        for (id, text, _) in texts {
            try connection.run("INSERT INTO texts (id, body) VALUES (?, ?)", [.integer(id), .text(text)])
        }
        for (id, text, hex) in texts {
            let found = try stored(id, in: connection)
            #expect(found?.hex == hex, "\(id)")
            // SQLite's `length()` counts the letters before the first NUL.
            #expect(found?.length == Int64(text.prefix { $0 != "\u{0}" }.count), "\(id)")
        }
        // The check sees each text's own length in letters: 13 (16 bytes) kept above, 14 refused.
        for text in ["Crèmes fraîche", "fourteen bytes"] {
            #expect(throws: SQLiteError.self, "\(text)") {
                try connection.run("INSERT INTO texts (id, body) VALUES (?, ?)", [.integer(8), .text(text)])
            }
        }
        #expect(try connection.integer("SELECT count(*) FROM texts") == 6)
        // A text compared in a statement: equal to what was bound, not to the part before its NUL.
        #expect(try connection.integer("SELECT count(*) FROM texts WHERE body = ?", [.text("a\u{0}b")]) == 1)
        #expect(try connection.integer("SELECT count(*) FROM texts WHERE body = ?", [.text("a")]) == 0)
    }

    @Test func aNullAfterATextIsNullNotTheTextBoundBefore() throws {
        let connection = try connection()
        let insert = "INSERT INTO texts (id, body) VALUES (?, ?)"
        try connection.run(insert, [.integer(1), .text("Tea")])
        try connection.run(insert, [.integer(2), .null])
        try connection.run(insert, [.integer(3)])
        #expect(try stored(1, in: connection)?.hex == "546561")
        #expect(try stored(2, in: connection) == nil)
        #expect(try stored(3, in: connection) == nil)
        #expect(try connection.integer("SELECT count(*) FROM texts WHERE body IS NULL") == 2)
    }

    @Test func aParameterTooManyIsRefusedEvenANull() throws {
        let connection = try connection()
        let insert = "INSERT INTO texts (id, body) VALUES (?, ?)"
        #expect(throws: SQLiteError.self) { try connection.run(insert, [.integer(1), .text("Tea"), .null]) }
        #expect(throws: SQLiteError.self) { try connection.run(insert, [.integer(1), .null, .integer(3)]) }
        #expect(try connection.integer("SELECT count(*) FROM texts") == 0)
    }
}
