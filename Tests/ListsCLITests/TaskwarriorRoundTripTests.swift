import Foundation
import Testing

/// Lists's Taskwarrior export read by the real `task` (Taskwarrior 2.6, Debian's), and `task`'s export read back:
/// due dates, priorities, projects, tags and repeats come through both ways, a repeating task as one template
/// that `task` makes its instances from, and one repeating task again in Lists.
///
/// Skipped without `/usr/bin/task`, unless `LISTS_REQUIRE_REFERENCES=1` (as `make test` sets, which installs it).
@Suite("Taskwarrior round trip with the real task")
struct TaskwarriorRoundTripTests {
    static let task = URL(fileURLWithPath: "/usr/bin/task")
    static let isAvailable = FileManager.default.isExecutableFile(atPath: task.path)
    static let isRequired = ProcessInfo.processInfo.environment["LISTS_REQUIRE_REFERENCES"] == "1"

    /// Runs `task arguments` with its data in `data`, confirmations off, in UTC.
    static func task(_ arguments: [String], data: String, _ sandbox: Sandbox) throws -> Outcome {
        let rc = sandbox.path("taskrc")
        if !FileManager.default.fileExists(atPath: rc) {
            try "data.location=\(data)\nconfirmation=off\nrecurrence.confirmation=off\nverbose=nothing\n"
                .write(toFile: rc, atomically: true, encoding: .utf8)
        }
        return try ChildProcess.run(
            task, ["rc:\(rc)"] + arguments, environment: sandbox.environment(["TASKDATA": data, "TASKRC": rc]))
    }

    /// The task objects of a `task export`, by description; for a recurring task, its template.
    static func byDescription(_ json: String) throws -> [String: [String: Any]] {
        let tasks = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        var result: [String: [String: Any]] = [:]
        for task in tasks {
            guard let description = task["description"] as? String else { continue }
            if result[description] == nil || task["status"] as? String == "recurring" { result[description] = task }
        }
        return result
    }

    @Test(.enabled(if: isAvailable || isRequired, "Taskwarrior's task is needed for the round trip"))
    func dueDatesPrioritiesProjectsTagsAndRepeatsGoToTaskAndBack() throws {
        try #require(
            Self.isAvailable, "LISTS_REQUIRE_REFERENCES=1 but /usr/bin/task is missing: apt-get install taskwarrior")
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.succeed([
            "--no-seed", "todo", "add", "Pay rent", "--due", "2027-01-01", "--every", "month", "--priority", "high",
        ])
        try sandbox.succeed(["todo", "add", "Standup", "--due", "2027-01-04 09:30", "--every", "weekdays"])
        try sandbox.succeed([
            "todo", "add", "Dentist", "--due", "2026-12-24", "--priority", "low", "--note",
            "Call before 10am\nBring the card",
        ])
        let file = sandbox.path("to-task.json")
        try sandbox.succeed(["export", "--format", "taskwarrior", "--output", file])

        let data = sandbox.path("taskdata")
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        let imported = try Self.task(["import", file], data: data, sandbox)
        #expect(imported.status == 0, "\(imported)")
        // A project and a tag set in Taskwarrior come back to Lists.
        let modified = try Self.task(["/Pay rent/", "modify", "project:Home", "+bills"], data: data, sandbox)
        #expect(modified.status == 0, "\(modified)")
        let exported = try Self.task(["export"], data: data, sandbox)
        #expect(exported.status == 0)
        let tasks = try Self.byDescription(exported.stdout)
        let rent = try #require(tasks["Pay rent"])
        #expect(rent["status"] as? String == "recurring" && rent["recur"] as? String == "monthly")
        #expect(rent["due"] as? String == "20270101T000000Z" && rent["priority"] as? String == "H")
        #expect(tasks["Standup"]?["recur"] as? String == "weekdays")
        #expect(tasks["Standup"]?["due"] as? String == "20270104T093000Z")
        #expect(
            tasks["Dentist"]?["due"] as? String == "20261224T000000Z" && tasks["Dentist"]?["priority"] as? String == "L"
        )
        // `task` made the instances of each repeating task.
        #expect(exported.stdout.components(separatedBy: "\"Pay rent\"").count - 1 >= 2)

        let back = sandbox.path("from-task.json")
        try exported.stdout.write(toFile: back, atomically: true, encoding: .utf8)
        let again = try Sandbox()
        defer { again.remove() }
        try again.succeed(["--no-seed", "import", back])
        // The repeating tasks come after the others: a template is joined with its instances once the file is read.
        // Pay rent's project is its list, Home; the others, which have none, are on the first list, To-Do.
        let list = try again.succeed(["todo", "list"])
        #expect(
            list == """
                1    Dentist   To-Do  2026-12-24        low
                2    Pay rent  Home   2027-01-01        high  every month
                3    Standup   To-Do  2027-01-04 09:30        weekdays

                """)
        let json = try again.succeed(["--json", "todo", "list"])
        #expect(json.contains(#""project":"Home""#) && json.contains(#""tags":["bills"]"#))
        // The note went to task as annotations and came back from them.
        let annotations = tasks["Dentist"]?["annotations"] as? [[String: Any]]
        #expect(annotations?.compactMap { $0["description"] as? String } == ["Call before 10am", "Bring the card"])
        #expect(json.contains(#""note":"Call before 10am\nBring the card""#), "\(json)")
    }
}
