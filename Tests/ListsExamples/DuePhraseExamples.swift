import Foundation

/// Due-date phrases and what they mean at one reference moment, read from `due-phrases.json` beside this file: the
/// unit tests of ``DuePhrase`` run them, the web's and the CLI's tests run them through a form and `lists todo add
/// --due`, and the browser tests run the same file through app.js's reader, which reads phrases with no network.
/// One table, so that the two readers cannot drift apart.
///
/// The reference moment is Friday 4 December 2026 at 14:30 in the household's zone. Each row of ``read`` is a text
/// as typed and the due date it is stored as (`YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`); each row of ``refused`` is a text
/// that is refused and a part of the message that must say why and what to write instead.
public enum DuePhraseExamples {
    /// The table's file, in this folder.
    static let file = "due-phrases.json"

    /// The file's contents: its reference moment and its sections of rows, each row two texts.
    private struct Table: Decodable {
        struct Section: Decodable {
            var about: String
            var rows: [[String]]
        }
        var today: String
        var minute: Int
        var read: [Section]
        var refused: [Section]
    }

    private static let table = ExampleTable.load(Table.self, from: file)

    /// The rows of `sections`, each two texts.
    private static func rows(_ sections: [Table.Section]) -> [(String, String)] {
        ExampleTable.pairs(sections.flatMap(\.rows), of: file)
    }

    /// The household's day at the reference moment: a Friday.
    public static var today: String { table.today }
    /// The household's time of day at the reference moment, in minutes after midnight: 14:30.
    public static var minute: Int { table.minute }

    /// Texts that are read, and the due date each one is at the reference moment.
    public static let read: [(typed: String, due: String)] = rows(table.read).map { (typed: $0.0, due: $0.1) }

    /// Texts that are refused at the reference moment (slashes refused), and a part of the message each must have.
    public static let refused: [(typed: String, mentions: String)] = rows(table.refused).map {
        (typed: $0.0, mentions: $0.1)
    }
}
