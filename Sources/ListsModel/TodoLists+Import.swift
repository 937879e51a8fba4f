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
    /// The same ids by the name as a task gave it, so that a name seen before is not folded again.
    private var idsByName: [String: String] = [:]

    /// A placement in `household` of the tasks of an import, on `listName` when it names one.
    public init(household: HouseholdID, listName: String?, now: Date = Date()) {
        self.household = household
        self.listName = listName
        self.now = now.roundedToMilliseconds
    }

    /// Gives each of `tasks` that names no list its list, in `main` (the household's main list, in the import's
    /// write): a task stored already (in `stored`, the stored tasks with their ids, read by the caller at once)
    /// keeps the one it is on; any other goes where the placement says, its list found or made.
    /// - Throws: ``ValidationError`` on `list` for a name no list may have (a project of 201 characters).
    public func place(_ tasks: inout [TodoTask], stored: [UUID: TodoTask], in main: any StoreSession) throws {
        for index in tasks.indices where tasks[index].list == nil {
            // Into a new list nothing is stored: no id hashed to find that out.
            if !stored.isEmpty, let list = stored[tasks[index].id]?.list {
                tasks[index].list = list
                continue
            }
            tasks[index].list = try listID(
                for: listName ?? Self.project(ofTaskwarrior: tasks[index].taskwarriorJSON), in: main)
        }
    }

    /// The id of the list called `name` (the first list for `nil`), found or made.
    private func listID(for name: String?, in main: any StoreSession) throws -> String {
        if let name, let id = idsByName[name] { return id }
        let key = name.map(Reference.nameKey) ?? ""
        if let id = ids[key] {
            if let name { idsByName[name] = id }
            return id
        }
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
        if let name { idsByName[name] = list.id.uuidString }
        return list.id.uuidString
    }

    /// The Taskwarrior project a task was imported with, if any: found in its kept attributes
    /// (``TodoTask/taskwarriorJSON``) without parsing them (parsing each task's whole was a third of importing
    /// 100,000 Taskwarrior tasks). Given the attributes, not the task, which would be copied for the call (a retain
    /// and a release of each of its fields).
    static func project(ofTaskwarrior kept: String?) -> String? {
        guard let kept, let project = JSONParser.topLevelString("project", in: kept) else {
            return nil
        }
        let trimmed = project.trimmingWhitespace()
        return trimmed.isEmpty ? nil : trimmed
    }
}
