import Foundation

/// A table of examples kept as a JSON file in this folder, so that the browser tests run the same rows through
/// app.js as the Swift tests run through the model (``DuePhraseExamples``, ``RepeatPhraseExamples``).
enum ExampleTable {
    /// The file `name` of this folder, decoded as `T`; a file that is not one stops the tests, naming it.
    static func load<T: Decodable>(_ type: T.Type, from name: String) -> T {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(name)
        do {
            return try JSONDecoder().decode(T.self, from: Data(contentsOf: file))
        } catch {
            fatalError("\(file.path) is not a table of examples: \(error)")
        }
    }

    /// The rows of the file `name`, each two texts, as pairs; a row of another length stops the tests.
    static func pairs(_ rows: [[String]], of name: String) -> [(String, String)] {
        rows.map { row in
            precondition(row.count == 2, "a row of \(name) is two texts: \(row)")
            return (row[0], row[1])
        }
    }
}
