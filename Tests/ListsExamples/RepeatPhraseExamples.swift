import Foundation

/// Repeats as people say them and the rule each one is kept as, read from `repeat-phrases.json` beside this file:
/// the unit tests of ``RepeatPhrase`` run them, and the browser tests run the same file through app.js's reader,
/// which reads repeats with no network. One table, so that the two readers cannot drift apart.
public enum RepeatPhraseExamples {
    /// The table's file, in this folder.
    static let file = "repeat-phrases.json"

    private struct Table: Decodable {
        var read: [[String]]
        var refused: [[String]]
        var refusedByRule: [[String]]
        var none: [String]
    }

    private static let table = ExampleTable.load(Table.self, from: file)

    private static func pairs(_ rows: [[String]]) -> [(String, String)] { ExampleTable.pairs(rows, of: file) }

    /// Texts that are read, and the rule (``ListsModel/Recurrence/text``) each one is kept as.
    public static let read: [(typed: String, rule: String)] = pairs(table.read).map { (typed: $0.0, rule: $0.1) }
    /// Phrases that are refused, and a part of the message each must have.
    public static let refused: [(typed: String, mentions: String)] = pairs(table.refused).map {
        (typed: $0.0, mentions: $0.1)
    }
    /// RRULE values refused by the check of the rule itself, and a part of the message each must have.
    public static let refusedByRule: [(typed: String, mentions: String)] = pairs(table.refusedByRule).map {
        (typed: $0.0, mentions: $0.1)
    }
    /// Texts that say no repeat.
    public static var none: [String] { table.none }
}
