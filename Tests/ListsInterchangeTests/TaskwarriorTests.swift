import Foundation
import JSONCodec
import ListsInterchange
import ListsModel
import Testing

/// The attributes of each task of a Taskwarrior export, by uuid.
private func tasksByUUID(_ bytes: [UInt8]) throws -> [String: [String: JSONValue]] {
    let tasks = try JSONDecoder().decode([[String: JSONValue]].self, from: Data(bytes))
    var result: [String: [String: JSONValue]] = [:]
    for task in tasks {
        guard case .string(let uuid) = task["uuid"] else {
            Issue.record("a task without uuid: \(task)")
            continue
        }
        result[uuid] = task
    }
    return result
}

/// UTC instant of `2026-11-20T08:15:00Z`-style text.
private func instant(_ text: String) -> Date? { ListsFormat.parseTimestamp(text) }

@Suite("Taskwarrior export: read, upsert by uuid, written back with what Lists does not understand")
struct TaskwarriorTests {
    @Test(arguments: ["tasks.json", "tasks.ndjson"])
    func exportGivesEachTaskWithItsUUIDTitleStateAndDates(file: String) throws {
        let batch = try InterchangeFormat.taskwarrior.read(try Fixture.bytes(file), now: fixedNow)
        #expect(
            batch.tasks.map(\.title) == [
                "Walk the dogs", "Feed the hogs", "Chop the logs", "Renew passport", "Crème brûlée for Sunday",
            ])
        #expect(batch.tasks.map(\.isDone) == [false, true, false, false, false])
        #expect(batch.tasks[0].id.uuidString == "3F2C1A4E-5B6D-4E7F-8A9B-0C1D2E3F4A01")
        #expect(batch.tasks[0].meta.createdAt == instant("2026-11-20T08:15:00Z"))
        #expect(batch.tasks[0].meta.updatedAt == instant("2026-11-21T09:00:00Z"))
        #expect(batch.tasks[1].meta.updatedAt == instant("2026-11-22T18:30:00Z"))
        #expect(batch.existing == .update)
    }

    @Test func bothLayoutsOfTheSameExportReadTheSame() throws {
        let array = try InterchangeFormat.taskwarrior.read(try Fixture.bytes("tasks.json"), now: fixedNow)
        let lines = try InterchangeFormat.taskwarrior.read(try Fixture.bytes("tasks.ndjson"), now: fixedNow)
        #expect(array.tasks == lines.tasks)
    }

    @Test func reimportingTheSameExportAddsAndChangesNothing() throws {
        let store = try emptyStore()
        let bytes = try Fixture.bytes("tasks.json")
        #expect(
            try InterchangeFormat.taskwarrior.read(bytes, now: fixedNow).apply(to: store) == ImportSummary(added: 5))
        let before = try StoreContents(store)
        #expect(
            try InterchangeFormat.taskwarrior.read(bytes, now: fixedNow).apply(to: store) == ImportSummary(unchanged: 5)
        )
        #expect(try StoreContents(store) == before)
    }

    @Test func anEditedExportUpdatesThoseTasksAsNewVersions() throws {
        let store = try emptyStore()
        let text = String(decoding: try Fixture.bytes("tasks.json"), as: UTF8.self)
        try InterchangeFormat.taskwarrior.read(Array(text.utf8), now: fixedNow).apply(to: store)
        let edited =
            text
            .replacingOccurrences(of: "\"Walk the dogs\"", with: "\"Walk the dogs twice\"")
            .replacingOccurrences(
                of: "\"modified\":\"20261119T120000Z\",\"status\":\"waiting\"",
                with: "\"end\":\"20261125T080000Z\",\"modified\":\"20261125T080000Z\",\"status\":\"completed\"")
        let summary = try InterchangeFormat.taskwarrior.read(Array(edited.utf8), now: fixedNow).apply(to: store)
        #expect(summary == ImportSummary(updated: 2, unchanged: 3))
        let tasks = try StoreContents(store).tasks
        #expect(tasks.map(\.title).first == "Walk the dogs twice")
        #expect(tasks.map(\.meta.version) == [2, 1, 1, 2, 1])
        #expect(tasks[3].isDone)
        #expect(tasks[3].meta.updatedAt == instant("2026-11-25T08:00:00Z"))
    }

    @Test func attributesListsDoesNotUseComeBackOnExportWithLowerCaseUUIDs() throws {
        let store = try emptyStore()
        let original = try tasksByUUID(try Fixture.bytes("tasks.json"))
        try InterchangeFormat.taskwarrior.read(try Fixture.bytes("tasks.json"), now: fixedNow).apply(to: store)
        let written = try tasksByUUID(try exported(store, as: .taskwarrior))
        #expect(Set(written.keys) == Set(original.keys))
        for (uuid, task) in original {
            #expect(written[uuid] == task, "task \(uuid)")
        }
    }

    @Test func theSameTaskTwiceInOneFileKeepsTheLaterLine() throws {
        let text = """
            {"uuid":"3f2c1a4e-5b6d-4e7f-8a9b-0c1d2e3f4a01","description":"first","status":"pending"}
            {"uuid":"3F2C1A4E-5B6D-4E7F-8A9B-0C1D2E3F4A01","description":"second","status":"completed"}
            """
        let batch = try InterchangeFormat.taskwarrior.read(Array(text.utf8), now: fixedNow)
        #expect(batch.tasks.map(\.title) == ["second"])
        #expect(batch.tasks.map(\.isDone) == [true])
    }

    @Test func aTaskWithABadStatusImportsNothingAndNamesTheLineAndWhatIsAllowed() throws {
        let store = try storeWithRecords()
        let before = try StoreContents(store)
        var lines = String(decoding: try Fixture.bytes("tasks.ndjson"), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        lines[2] = lines[2].replacingOccurrences(of: "\"deleted\"", with: "\"archived\"")
        let error = refusal(.taskwarrior, lines.joined(separator: "\n"))
        #expect(
            error == ImportError("line 3", field: "status", "must be pending, completed, deleted, waiting or recurring")
        )
        #expect(try StoreContents(store) == before)
    }

    @Test func aTaskWithABadDateInAnArrayNamesTheTaskAndTheFormat() {
        let text = """
            [{"uuid":"3f2c1a4e-5b6d-4e7f-8a9b-0c1d2e3f4a01","description":"ok","entry":"20261120T081500Z"},
            {"uuid":"7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c02","description":"late","entry":"2026-11-20"}]
            """
        #expect(
            refusal(.taskwarrior, text) == ImportError("task 2", field: "entry", "must be a date like 20261130T074500Z")
        )
    }

    @Test func aTaskWithoutUUIDOrWithAnEmptyDescriptionIsRefused() {
        #expect(refusal(.taskwarrior, "{\"description\":\"x\"}\n")?.field == "uuid")
        let empty = "{\"uuid\":\"3f2c1a4e-5b6d-4e7f-8a9b-0c1d2e3f4a01\",\"description\":\"  \"}"
        #expect(refusal(.taskwarrior, empty)?.field == "description")
    }

    @Test func aLineThatIsNotJSONIsRefusedByLineNumber() {
        let text = "{\"uuid\":\"3f2c1a4e-5b6d-4e7f-8a9b-0c1d2e3f4a01\",\"description\":\"x\"}\n\nnot json\n"
        #expect(refusal(.taskwarrior, text)?.location == "line 3")
    }
}
