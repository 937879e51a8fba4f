import Foundation
import JSONCodec
import ListsModel
import Testing

import ListsInterchange

/// Files of tasks meet to-do lists: a Taskwarrior project is a list of that name (made when new) and goes back out as
/// the project; `--list` puts a whole file on one list; a task imported again keeps the list it is on; a backup's
/// lists come back beside the household's, a name taken given a number.
@Suite struct TodoListImportTests {
    static let export = """
        [
        {"uuid":"11111111-1111-4111-8111-111111111111","description":"Pay rent","status":"pending","project":"Home","entry":"20261101T090000Z"},
        {"uuid":"22222222-2222-4222-8222-222222222222","description":"File the report","status":"pending","project":"Work","entry":"20261101T090000Z"},
        {"uuid":"33333333-3333-4333-8333-333333333333","description":"Call mum","status":"pending","entry":"20261101T090000Z"}
        ]
        """

    /// Each task's title and the name of its list.
    static func placed(_ store: any Store) throws -> [String] {
        let lists = TodoLists(store: store)
        let names = Dictionary(uniqueKeysWithValues: try lists.all().map { ($0.id.uuidString, $0.name) })
        return try lists.tasks(of: nil).all().map {
            "\($0.record.title) \($0.record.list.flatMap { names[$0] } ?? "-")"
        }
    }

    @Test func aTaskwarriorProjectIsAListOfThatNameAndGoesBackAsTheProject() throws {
        let store = try emptyStore()
        let toDo = try TodoLists(store: store).make(name: "To-Do")
        _ = try InterchangeFormat.taskwarrior.importing(Array(Self.export.utf8), into: store, now: fixedNow)
        #expect(try TodoLists(store: store).all().map(\.name) == ["To-Do", "Home", "Work"])
        #expect(try Self.placed(store) == ["Pay rent Home", "File the report Work", "Call mum To-Do"])
        // A task moved to another list in Lists goes back with that list's name as its project.
        let lists = TodoLists(store: store)
        try lists.tasks(of: nil).edit(.typed("Pay rent"), list: try lists.list(.typed("Work")))
        var exported: [UInt8] = []
        try InterchangeFormat.taskwarrior.export(store) { exported += $0 }
        let objects = try JSONDecoder().decode([[String: JSONValue]].self, from: Data(exported))
        let projects = objects.map { object -> String? in
            guard case .string(let project)? = object["project"] else { return nil }
            return project
        }
        #expect(projects == ["Work", "Work", nil])
        // Imported again, each task stays on the list it is on.
        _ = try InterchangeFormat.taskwarrior.importing(Array(Self.export.utf8), into: store, now: fixedNow)
        #expect(try Self.placed(store) == ["Pay rent Work", "File the report Work", "Call mum To-Do"])
        #expect(try lists.all().first == toDo)
    }

    @Test func aFileImportedWithAListGoesOnThatListMadeWhenNew() throws {
        let store = try emptyStore()
        let todo = "Call the vet due:2026-12-24\r\nx Buy stamps\r\n"
        _ = try InterchangeFormat.todoTxt.importing(Array(todo.utf8), into: store, now: fixedNow, list: "Errands")
        #expect(try Self.placed(store) == ["Call the vet Errands", "Buy stamps Errands"])
        // A Taskwarrior file with --list puts every task there, whatever its project.
        _ = try InterchangeFormat.taskwarrior.importing(
            Array(Self.export.utf8), into: store, now: fixedNow, list: "errands")
        #expect(try TodoLists(store: store).all().map(\.name) == ["Errands"])
        // A name no list may have is refused naming the list, and nothing is imported.
        let before = try Self.placed(store)
        #expect(throws: ValidationError.self) {
            try InterchangeFormat.todoTxt.importing(
                Array("Walk\n".utf8), into: store, list: String(repeating: "x", count: 201))
        }
        #expect(try Self.placed(store) == before)
        // A file of neither tasks nor shopping items takes no list.
        #expect(throws: ValidationError.self) {
            try InterchangeFormat.ebird.importing(Array("Submission ID\n".utf8), into: store, list: "Errands")
        }
    }

    @Test func aBackupsListsComeBackBesideTheHouseholdsANameTakenGivenANumber() throws {
        let source = try emptyStore()
        try Seeding.seedIfNeeded(source)
        try TodoLists(store: source).make(name: "Work")
        var backup: [UInt8] = []
        try ListsJSON.export(source) { backup += $0 }
        // Into a database seeded with its own "To-Do": the backup's comes back as "To-Do 2", with its tasks.
        let target = try emptyStore()
        try Seeding.seedIfNeeded(target)
        _ = try InterchangeFormat.listsJSON.importing(backup, into: target)
        #expect(try TodoLists(store: target).all().map(\.name) == ["To-Do", "To-Do 2", "Work"])
        #expect(
            try Self.placed(target) == [
                "Walk the dogs To-Do", "Feed the hogs To-Do", "Chop the logs To-Do", "Walk the dogs To-Do 2",
                "Feed the hogs To-Do 2", "Chop the logs To-Do 2",
            ])
        // Into an empty database it comes back as it was, byte for byte.
        let empty = try emptyStore()
        _ = try InterchangeFormat.listsJSON.importing(backup, into: empty)
        var again: [UInt8] = []
        try ListsJSON.export(empty) { again += $0 }
        #expect(again == backup)
    }
}
