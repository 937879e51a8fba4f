import Foundation
import ListsModel

/// todo.txt (todotxt.org): one task per line, `x` first when done, then the completion and creation dates
/// (`YYYY-MM-DD`), a priority `(A)` before the creation date of an open task; `+project`, `@context` and
/// `key:value` stay in the text.
///
/// Dates carry days only: a creation date becomes the task's creation time (noon UTC of that day), a
/// completion date its last change. The priority is kept at the front of the title, so it survives a round trip.
public enum TodoTxt {
    /// The tasks of a todo.txt file, appended in order.
    /// - Throws: ``ImportError`` naming the line.
    public static func read(_ bytes: [UInt8], now: Date) throws -> ImportBatch {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ImportError("the file", field: "file", "is not UTF-8 text")
        }
        var batch = ImportBatch()
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            batch.tasks.append(try task(Substring(line), location: "line \(index + 1)", now: now))
        }
        return batch
    }

    private static func task(_ line: Substring, location: String, now: Date) throws -> TodoTask {
        var words = line.split(separator: " ", omittingEmptySubsequences: false)[...]
        var isDone = false
        var completed: Date?
        var created: Date?
        var priority: Substring?
        if words.first == "x" {
            isDone = true
            words.removeFirst()
            if let date = words.first.flatMap(day) {
                completed = date
                words.removeFirst()
            }
        } else if let first = words.first, first.count == 3, first.first == "(", first.last == ")",
            first.dropFirst().first.map({ $0.isASCII && $0.isUppercase }) == true
        {
            priority = first
            words.removeFirst()
        }
        if let date = words.first.flatMap(day) {
            created = date
            words.removeFirst()
        }
        let text = ((priority.map { [$0] } ?? []) + words).joined(separator: " ")
        let title = try ImportError.at(location, field: "text") { try TodoTask.validTitle(text) }
        let createdAt = created ?? now.roundedToMilliseconds
        return TodoTask(
            meta: RecordMeta(createdAt: createdAt, updatedAt: max(completed ?? createdAt, createdAt)), title: title,
            isDone: isDone)
    }

    /// `2026-11-30` as noon UTC that day.
    private static func day(_ word: Substring) -> Date? {
        guard word.count == 10 else { return nil }
        return ListsFormat.parseTimestamp("\(word)T12:00:00Z")
    }

    private static func dayText(_ date: Date) -> String {
        String(ListsFormat.isoTimestamp(date).prefix(10))
    }

    /// The tasks as todo.txt lines, in order.
    public static func write(_ tasks: [TodoTask]) -> [UInt8] {
        var text = ""
        for task in tasks {
            var title = Substring(task.title)
            var priority = ""
            let first = title.prefix(4)
            if first.count == 4, first.first == "(", first.dropFirst(2).first == ")", first.last == " ",
                first.dropFirst().first.map({ $0.isASCII && $0.isUppercase }) == true
            {
                priority = String(first)
                title = title.dropFirst(4)
            }
            if task.isDone {
                text += "x \(dayText(task.meta.updatedAt)) \(dayText(task.meta.createdAt)) \(priority)\(title)\n"
            } else {
                text += "\(priority)\(dayText(task.meta.createdAt)) \(title)\n"
            }
        }
        return Array(text.utf8)
    }
}
