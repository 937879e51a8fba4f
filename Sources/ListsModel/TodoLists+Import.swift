import Foundation
import JSONCodec

/// Where imported tasks go: the to-do list an import names (`lists import --list`), else each task's Taskwarrior
/// `project` (a list of that name), else the household's first list, made "To-Do" when it has none. A list named
/// and missing is made, after the others. Kept for the length of one import's write, so that each name is looked
/// up once.
public final class TaskListPlacement {
    let household: HouseholdID
    /// The list the import names, if any.
    let listName: String?
    let now: Date
    /// The ids of the lists found or made, by their folded name; the first list's under "".
    private var ids: [String: String] = [:]

    /// A placement in `household` of the tasks of an import, on `listName` when it names one.
    public init(household: HouseholdID, listName: String?, now: Date = Date()) {
        self.household = household
        self.listName = listName
        self.now = now.roundedToMilliseconds
    }

    /// Whether the household had tasks when the import began: only then can a task of the file be stored already.
    private var hadTasks: Bool?

    /// Gives each of `tasks` that names no list its list, in `main` (the household's main list, in the import's
    /// write): a task stored already keeps the one it is on; any other goes where the placement says, its list found
    /// or made.
    /// - Throws: ``ValidationError`` on `list` for a name no list may have (a project of 201 characters).
    public func place(_ tasks: inout [TodoTask], in main: any StoreSession) throws {
        let hadTasks = try self.hadTasks ?? (main.count(TodoTask.self, where: nil) > 0)
        self.hadTasks = hadTasks
        for index in tasks.indices where tasks[index].list == nil {
            if hadTasks, let stored = try main.record(TodoTask.self, id: tasks[index].id), let list = stored.list {
                tasks[index].list = list
                continue
            }
            tasks[index].list = try listID(for: listName ?? Self.project(of: tasks[index]), in: main)
        }
    }

    /// The id of the list called `name` (the first list for `nil`), found or made.
    private func listID(for name: String?, in main: any StoreSession) throws -> String {
        let key = name.map(Reference.nameKey) ?? ""
        if let id = ids[key] { return id }
        let list: TaskList
        if let name {
            do {
                list = try TodoLists.named(name, household: household, now: now, in: main)
            } catch let error as ValidationError {
                throw ValidationError(field: "list", message: "\(Quoted(name)): \(error.message)")
            }
        } else {
            list = try TodoLists.first(household: household, now: now, in: main)
        }
        ids[key] = list.id.uuidString
        return list.id.uuidString
    }

    /// The Taskwarrior project a task was imported with, if any.
    static func project(of task: TodoTask) -> String? {
        guard let kept = task.taskwarriorJSON, let project = topLevelString("project", in: kept) else { return nil }
        let trimmed = project.trimmingWhitespace()
        return trimmed.isEmpty ? nil : trimmed
    }

    /// The string value of the member `name` of the JSON object `text`, at its top level; `nil` when it has none,
    /// or another value there. Found by one walk over the bytes that reads no other value: parsing each imported
    /// task's kept attributes whole for its project was a third of importing 100,000 Taskwarrior tasks.
    static func topLevelString(_ name: String, in text: String) -> String? {
        let key = Array("\"\(name)\"".utf8)
        var text = text
        return text.withUTF8 { bytes -> String? in
            let (quote, backslash) = (UInt8(ascii: "\""), UInt8(ascii: "\\"))
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
            /// The index of the quote that ends the string whose opening quote is at `start`.
            func stringEnd(from start: Int) -> Int? {
                var index = start + 1
                while index < bytes.count {
                    if bytes[index] == backslash {
                        index += 2
                    } else if bytes[index] == quote {
                        return index
                    } else {
                        index += 1
                    }
                }
                return nil
            }
            var depth = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == quote {
                    guard let end = stringEnd(from: index) else { return nil }
                    if depth == 1, end - index + 1 == key.count, bytes[index...end].elementsEqual(key) {
                        var value = end + 1
                        while value < bytes.count, isSpace(bytes[value]) { value += 1 }
                        if value < bytes.count, bytes[value] == UInt8(ascii: ":") {
                            value += 1
                            while value < bytes.count, isSpace(bytes[value]) { value += 1 }
                            guard value < bytes.count, bytes[value] == quote, let valueEnd = stringEnd(from: value),
                                case .string(let string)? = try? JSONParser.parse(Array(bytes[value...valueEnd]))
                            else { return nil }
                            return string
                        }
                    }
                    index = end + 1
                    continue
                }
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
                if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") { depth -= 1 }
                index += 1
            }
            return nil
        }
    }
}
