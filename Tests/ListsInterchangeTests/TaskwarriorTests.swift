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
        // "Chop the logs" is deleted in Taskwarrior: left out.
        #expect(
            batch.tasks.map(\.title) == [
                "Walk the dogs", "Feed the hogs", "Renew passport", "Crème brûlée for Sunday",
            ])
        #expect(batch.tasks.map(\.isDone) == [false, true, false, false])
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
            try InterchangeFormat.taskwarrior.read(bytes, now: fixedNow).apply(to: store) == ImportSummary(added: 4))
        let before = try StoreContents(store)
        #expect(
            try InterchangeFormat.taskwarrior.read(bytes, now: fixedNow).apply(to: store) == ImportSummary(unchanged: 4)
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
        #expect(summary == ImportSummary(updated: 2, unchanged: 2))
        let tasks = try StoreContents(store).tasks
        #expect(tasks.map(\.title).first == "Walk the dogs twice")
        #expect(tasks.map(\.meta.version) == [2, 1, 2, 1])
        #expect(tasks[2].isDone)
        #expect(tasks[2].meta.updatedAt == instant("2026-11-25T08:00:00Z"))
    }

    @Test func attributesListsDoesNotUseComeBackOnExportWithLowerCaseUUIDs() throws {
        let store = try emptyStore()
        // The deleted task is not imported; `task import` leaves it as Taskwarrior has it.
        let original = try tasksByUUID(try Fixture.bytes("tasks.json")).filter {
            $0.value["status"] != .string("deleted")
        }
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

    @Test func aRecurringTasksInstanceWasModifiedBeforeItsEntryAndKeepsBothDatesBothWays() throws {
        let line = """
            {"description":"Pay rent","entry":"20261201T000000Z","imask":3,"modified":"20261130T090000Z",\
            "parent":"5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a80","recur":"monthly","status":"pending",\
            "uuid":"6f7a8b9c-0d1e-4f2a-8b3c-4d5e6f7a8b91"}
            """
        let store = try emptyStore()
        let batch = try InterchangeFormat.taskwarrior.read(Array(line.utf8), now: fixedNow)
        #expect(batch.tasks.first?.meta.createdAt == instant("2026-12-01T00:00:00Z"))
        #expect(batch.tasks.first?.meta.updatedAt == instant("2026-11-30T09:00:00Z"))
        try batch.apply(to: store)
        let written = try tasksByUUID(try exported(store, as: .taskwarrior))
        #expect(
            written["6f7a8b9c-0d1e-4f2a-8b3c-4d5e6f7a8b91"] == (try tasksByUUID(Array("[\(line)]".utf8))).first?.value)
    }

    /// A deleted task is left out; a recurring task's template and its instance are one repeating task, with the
    /// template's uuid (a template with no due date, which `task` itself cannot read, starts today).
    @Test func deletedTasksAreLeftOutAndARecurringTaskIsOneRepeatingTask() throws {
        let text = """
            {"description":"Pay rent","entry":"20261101T000000Z","mask":"--","recur":"monthly","status":"recurring",\
            "uuid":"5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a80"}
            {"description":"Pay rent","entry":"20261201T000000Z","imask":1,\
            "parent":"5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a80",\
            "recur":"monthly","status":"pending","uuid":"6f7a8b9c-0d1e-4f2a-8b3c-4d5e6f7a8b91"}
            {"description":"Old idea","end":"20261120T000000Z","entry":"20261101T000000Z","status":"deleted",\
            "uuid":"7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c03"}
            {"description":"","status":"deleted","uuid":"8b9c0d1e-2f3a-4b4c-8d5e-6f7a8b9c0d14"}
            """
        let store = try emptyStore()
        #expect(
            try InterchangeFormat.taskwarrior.read(Array(text.utf8), now: fixedNow).apply(to: store)
                == ImportSummary(added: 1))
        let tasks = try StoreContents(store).tasks
        #expect(tasks.map(\.title) == ["Pay rent"])
        #expect(tasks.first?.id.uuidString.lowercased() == "5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a80")
        #expect(tasks.first?.recurrence?.text == "FREQ=MONTHLY" && tasks.first?.due != nil)
        #expect(tasks.first?.taskwarrior?["mask"] == nil && tasks.first?.taskwarrior?["recur"] == nil)
        #expect(try TodoList(store: store).counts() == (all: 1, open: 1))
    }

    @Test func theSameUUIDDeletedOnALaterLineLeavesTheTaskOut() throws {
        let text = """
            {"uuid":"3f2c1a4e-5b6d-4e7f-8a9b-0c1d2e3f4a01","description":"first","status":"pending"}
            {"uuid":"7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c02","description":"kept","status":"pending"}
            {"uuid":"3f2c1a4e-5b6d-4e7f-8a9b-0c1d2e3f4a01","description":"first","status":"deleted"}
            """
        let batch = try InterchangeFormat.taskwarrior.read(Array(text.utf8), now: fixedNow)
        #expect(batch.tasks.map(\.title) == ["kept"])
    }

    @Test func aDescriptionWithATabIsReadWithASpaceAndWrittenBackAsItWas() throws {
        let text = """
            [{"uuid":"3f2c1a4e-5b6d-4e7f-8a9b-0c1d2e3f4a01","description":"Buy\\tmilk","status":"pending",\
            "entry":"20261120T081500Z","modified":"20261120T081500Z"},
            {"uuid":"7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c02","description":"Call\\u0007 Mom\\r\\n","status":"pending",\
            "entry":"20261120T081500Z","modified":"20261120T081500Z"}]
            """
        let store = try emptyStore()
        try InterchangeFormat.taskwarrior.read(Array(text.utf8), now: fixedNow).apply(to: store)
        #expect(try StoreContents(store).tasks.map(\.title) == ["Buy milk", "Call  Mom"])
        var written = try tasksByUUID(try exported(store, as: .taskwarrior))
        #expect(written["3f2c1a4e-5b6d-4e7f-8a9b-0c1d2e3f4a01"]?["description"] == .string("Buy\tmilk"))
        #expect(written["7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c02"]?["description"] == .string("Call\u{7} Mom\r\n"))
        // Edited in Lists, the title is the description.
        try TodoList(store: store).edit(.typed("1"), title: "Buy oat milk")
        written = try tasksByUUID(try exported(store, as: .taskwarrior))
        #expect(written["3f2c1a4e-5b6d-4e7f-8a9b-0c1d2e3f4a01"]?["description"] == .string("Buy oat milk"))
    }

    @Test(arguments: ["tasks.json", "tasks.ndjson"])
    func anExportWithAByteOrderMarkReadsTheSame(file: String) throws {
        let bytes = try Fixture.bytes(file)
        let marked = [0xEF, 0xBB, 0xBF] + bytes
        #expect(InterchangeFormat.detect(fileName: file, bytes: marked) == .taskwarrior)
        #expect(
            try InterchangeFormat.taskwarrior.read(marked, now: fixedNow).tasks
                == InterchangeFormat.taskwarrior.read(bytes, now: fixedNow).tasks)
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

    /// Taskwarrior's dates, `YYYYMMDDTHHMMSSZ` in UTC: the days that exist, leap days included, and nothing else.
    @Test(
        arguments: [
            ("20261130T074500Z", "2026-11-30T07:45:00Z"), ("20240229T000000Z", "2024-02-29T00:00:00Z"),
            ("20000229T235959Z", "2000-02-29T23:59:59Z"), ("19700101T000000Z", "1970-01-01T00:00:00Z"),
            ("19690720T201800Z", "1969-07-20T20:18:00Z"), ("20261231T235959Z", "2026-12-31T23:59:59Z"),
            ("20230229T000000Z", nil), ("19000229T120000Z", nil), ("20261131T000000Z", nil), ("20261300T000000Z", nil),
            ("20260001T000000Z", nil), ("20261100T000000Z", nil), ("20261130T240000Z", nil), ("20261130T076000Z", nil),
            ("20261130T074560Z", nil), ("2026113OT074500Z", nil), ("20261130 074500Z", nil), ("20261130T074500z", nil),
            ("20261130T07450Z", nil), ("20261130T0745000Z", nil), ("2026-11-30T07:45", nil), ("20261130T07:500Z", nil),
            ("/0261130T074500Z", nil), (":0261130T074500Z", nil),
        ] as [(String, String?)])
    func aDateIsReadAsTaskwarriorWritesItAndOnlyThen(text: String, expected: String?) throws {
        let bytes = Array(
            #"[{"uuid":"3f2c1a4e-5b6d-4e7f-8a9b-0c1d2e3f4a01","description":"ok","entry":"\#(text)"}]"#.utf8)
        guard let expected else {
            #expect(
                refusal(.taskwarrior, String(decoding: bytes, as: UTF8.self))
                    == ImportError("task 1", field: "entry", "must be a date like 20261130T074500Z"), "\(text)")
            return
        }
        let task = try #require(try InterchangeFormat.taskwarrior.read(bytes, now: fixedNow).tasks.first)
        #expect(task.meta.createdAt == ISO8601DateFormatter().date(from: expected), "\(text)")
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

    /// Every `recur` form `task add … recur:` takes (checked against Taskwarrior 2.6.2): the repeat Lists keeps, and
    /// the note when it keeps it only nearly. A number before a named unit counts it (`2weekly` every 2 weeks); `mo`,
    /// `month` and `monthly` after a number are 30 days each, as `task` repeats them; a fraction or some hours are
    /// the whole days; past 1000 periods is 1000. Forms `task` refuses are not read, and their task is kept.
    @Test(
        arguments: [
            ("2daily", "FREQ=DAILY;INTERVAL=2", nil), ("2weekly", "FREQ=WEEKLY;INTERVAL=2", nil),
            ("2fortnight", "FREQ=WEEKLY;INTERVAL=4", nil), ("2biweekly", "FREQ=WEEKLY;INTERVAL=4", nil),
            ("2sennight", "FREQ=WEEKLY;INTERVAL=4", nil), ("2weekdays", "FREQ=DAILY;INTERVAL=2", nil),
            ("2monthly", "FREQ=DAILY;INTERVAL=60", nil), ("2mnths", "FREQ=DAILY;INTERVAL=60", nil),
            ("2mo", "FREQ=DAILY;INTERVAL=60", nil), ("2m", "FREQ=MONTHLY;INTERVAL=2", nil),
            ("2bimonthly", "FREQ=MONTHLY;INTERVAL=4", nil), ("2q", "FREQ=MONTHLY;INTERVAL=6", nil),
            ("2qrtr", "FREQ=MONTHLY;INTERVAL=6", nil), ("2quarterly", "FREQ=MONTHLY;INTERVAL=6", nil),
            ("2semiannual", "FREQ=MONTHLY;INTERVAL=12", nil), ("2yearly", "FREQ=YEARLY;INTERVAL=2", nil),
            ("2annual", "FREQ=YEARLY;INTERVAL=2", nil), ("2biannual", "FREQ=YEARLY;INTERVAL=4", nil),
            ("48h", "FREQ=DAILY;INTERVAL=2", nil), ("PT48H", "FREQ=DAILY;INTERVAL=2", nil),
            ("weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", nil), ("P2W", "FREQ=WEEKLY;INTERVAL=2", nil),
            ("1.5d", "FREQ=DAILY", "is not a whole number of days; it repeats every day"),
            ("2.5w", "FREQ=DAILY;INTERVAL=17", "is not a whole number of days; it repeats every 17 days"),
            ("36hours", "FREQ=DAILY", "is not a whole number of days; it repeats every day"),
            ("PT36H", "FREQ=DAILY", "is not a whole number of days; it repeats every day"),
            ("12h", "FREQ=DAILY", "is more often than Lists repeats a task; it repeats every day"),
            ("90min", "FREQ=DAILY", "is more often than Lists repeats a task; it repeats every day"),
            ("5000d", "FREQ=DAILY;INTERVAL=1000", "is longer than Lists repeats a task; it repeats every 1000 days"),
            (
                "3000m", "FREQ=MONTHLY;INTERVAL=1000",
                "is longer than Lists repeats a task; it repeats every 1000 months"
            ),
            ("3fortnights2", nil, "is not a repeat Lists reads; the task is imported without it"),
            ("1..5d", nil, "is not a repeat Lists reads; the task is imported without it"),
        ] as [(String, String?, String?)])
    func everyRecurTaskTakesIsKeptOrSaidToBeKeptNearly(recur: String, rule: String?, note: String?) throws {
        let file = """
            [{"description":"Chore","entry":"20261101T000000Z","due":"20261201T000000Z","mask":"-","recur":"\(recur)",\
            "status":"recurring","uuid":"5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a80"}]
            """
        let store = try emptyStore()
        let summary = try InterchangeFormat.taskwarrior.read(Array(file.utf8), now: fixedNow).apply(to: store)
        let task = try #require(try StoreContents(store).tasks.first)
        #expect(task.title == "Chore" && task.recurrence?.text == rule)
        #expect(summary.warnings == note.map { ["task 1 (“Chore”): recur \(recur) \($0)"] } ?? [])
    }

    /// A real `task export` (Taskwarrior 2.6.2) of recurring tasks, their instances, one checked off, and plain
    /// tasks with dates, priorities, projects, tags, annotations, `scheduled`, `wait` and `until`: each recurring task
    /// is one repeating task, due on its next pending date, its done instance a check-off; a `recur` Lists repeats
    /// only nearly is said, naming the task; nothing is dropped but the deleted task.
    @Test func aRealExportOfRecurringTasksGivesOneRepeatingTaskEach() throws {
        let bytes = try Fixture.bytes("task-export-recurring.json")
        let batch = try InterchangeFormat.taskwarrior.read(bytes, now: fixedNow)
        let store = try emptyStore()
        let summary = try batch.apply(to: store)
        #expect(summary.added == 14)
        #expect(
            summary.warnings == [
                "task 7 (“Odd one”): recur P1DT12H is not a whole number of days; it repeats every day",
                "task 8 (“Twelve hours”): recur 12h is more often than Lists repeats a task; it repeats every day",
            ])
        let tasks = Dictionary(uniqueKeysWithValues: try StoreContents(store).tasks.map { ($0.title, $0) })
        #expect(tasks.count == 14)
        let rent = try #require(tasks["Pay rent"])
        #expect(rent.recurrence?.text == "FREQ=MONTHLY" && rent.priority == .high && !rent.isDone)
        #expect(rent.completions.count == 1 && rent.due != nil && rent.due != rent.repeatFrom)
        #expect(
            rent.taskwarrior?["project"] == .string("Home") && rent.taskwarrior?["tags"] == .array([.string("bills")]))
        #expect(tasks["Standup"]?.recurrence?.text == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")
        #expect(tasks["Bins"]?.recurrence?.text == "FREQ=WEEKLY;INTERVAL=2")
        #expect(tasks["Quarterly taxes"]?.recurrence?.text == "FREQ=MONTHLY;INTERVAL=3")
        #expect(tasks["Annual review"]?.recurrence?.rule?.until != nil && tasks["Annual review"]?.priority == .medium)
        #expect(tasks["Dentist"]?.priority == .low && tasks["Dentist"]?.taskwarrior?["annotations"] != nil)
        #expect(tasks["Dentist"]?.note == "Call before 10am\nBring insurance card")
        #expect(tasks["Old thing"]?.isDone == true)
    }

    /// A `due` moment is the household's wall-clock time then, and goes back as the same moment.
    @Test func dueDatesAreReadAndWrittenInTheHouseholdsZone() throws {
        let line =
            #"[{"uuid":"3f2c1a4e-5b6d-4e7f-8a9b-0c1d2e3f4a0a","description":"Call","status":"pending","#
            + #""entry":"20261201T080000Z","due":"20261130T170000Z"}]"#
        for (zone, wall) in [("Europe/Berlin", "2026-11-30T18:00"), ("America/New_York", "2026-11-30T12:00")] {
            let household = try #require(Zone(identifier: zone))
            let task = try #require(
                try InterchangeFormat.taskwarrior.read(Array(line.utf8), now: fixedNow, zone: household).tasks.first)
            #expect(task.due?.description == wall, "\(zone)")
            let written = String(decoding: try Taskwarrior.write([task], zone: household), as: UTF8.self)
            #expect(written.contains(#""due":"20261130T170000Z""#), "\(zone)")
        }
    }

    /// Annotations are the note: written back as they came while the note is theirs; a note changed in Lists, or
    /// one of a task made in Lists, is one annotation a line; a note taken away takes them away.
    @Test func annotationsAreTheNoteBothWays() throws {
        let line =
            #"[{"uuid":"3f2c1a4e-5b6d-4e7f-8a9b-0c1d2e3f4a09","description":"Dentist","status":"pending","#
            + #""entry":"20261201T080000Z","annotations":[{"entry":"20261204T181134Z","description":"Call before 10am"},"#
            + #"{"entry":"20261204T181135Z","description":"Bring insurance card"}]}]"#
        var task = try #require(try InterchangeFormat.taskwarrior.read(Array(line.utf8), now: fixedNow).tasks.first)
        #expect(task.note == "Call before 10am\nBring insurance card")
        func annotations(_ task: TodoTask) throws -> [JSONValue]? {
            let written = try JSONParser.parse(try Taskwarrior.write([task]))
            guard case .array(let tasks) = written, case .object(let object)? = tasks.first else { return nil }
            guard case .array(let list)? = object["annotations"] else { return nil }
            return list
        }
        let kept = try #require(try annotations(task))
        #expect(
            kept.count == 2
                && kept.first
                    == .object(["entry": .string("20261204T181134Z"), "description": .string("Call before 10am")])
        )
        task.note = "Call before 9am\nBring insurance card\nAsk about the x-ray"
        let changed = try #require(try annotations(task))
        #expect(changed.count == 3)
        #expect(
            changed.compactMap {
                if case .object(let o) = $0, case .string(let d)? = o["description"] { d } else { nil }
            }
                == ["Call before 9am", "Bring insurance card", "Ask about the x-ray"])
        task.note = nil
        #expect(try annotations(task) == nil)
    }
}
