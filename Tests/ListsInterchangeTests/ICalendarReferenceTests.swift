import Foundation
import ListsExamples
import ListsInterchange
import ListsModel
import Testing

/// Lists's iCalendar export read by the `icalendar` package (PyPI, in the project's `.venv`), the reference reader:
/// a client's file imported and exported again reads the same to it, but for the stamps Lists writes anew and the
/// due time written as the household's wall clock; tasks made in Lists (a title folded inside its UTF-8 characters,
/// a note of several lines with the characters TEXT escapes) read as they were made.
///
/// Skipped without the reference, unless `LISTS_REQUIRE_REFERENCES=1` (as `make test` sets, which installs it).
@Suite struct ICalendarReferenceTests {
    static let reference = PythonReference(
        "Tests/ListsInterchangeTests/Support/ics_reference.py", package: "icalendar==7.3.2")
    /// What is missing for the reference to run, or `nil` when it can.
    static let missing = reference.missing

    /// The to-dos of `bytes` as the reference reads them.
    static func todos(_ bytes: [UInt8]) throws -> [[String: Any]] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lists-\(UUID().uuidString).ics")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let (status, output) = try reference.run([file.path])
        try #require(status == 0, "ics_reference.py could not read the file")
        return try #require(try JSONSerialization.jsonObject(with: output) as? [[String: Any]])
    }

    @Test(
        .enabled(
            if: missing == nil || PythonReference.isRequired,
            "the icalendar package in .venv is needed for the reference"))
    func theReferenceReadsTheExportAsTheClientsFile() throws {
        if let missing = Self.missing {
            Issue.record("LISTS_REQUIRE_REFERENCES=1 but the reference cannot run: \(missing)")
            return
        }
        let original = try Fixture.bytes("tasks-org.ics")
        let store = try emptyStore()
        try store.setHouseholdTimeZone("Europe/Berlin")
        _ = try InterchangeFormat.icalendar.importing(original, into: store)
        let todo = TodoList(store: store, clock: { fixedNow })
        let title = "Ünïcödé, folded " + String(repeating: "é", count: 60)
        try todo.add(
            title: title, note: "Two lines;\nwith, escapes \\ too", recurrence: try Recurrence(rule: "FREQ=DAILY"))
        let exported = try exported(store, as: .icalendar)

        let before = try Self.todos(original)
        let after = try Self.todos(exported)
        #expect(after.count == 4)
        let regenerated: Set = ["DTSTAMP", "LAST-MODIFIED", "DUE"]
        for (old, new) in zip(before, after) {
            let label = old["SUMMARY"] as? String ?? "?"
            for (key, value) in old where !regenerated.contains(key) {
                #expect("\(new[key] ?? "none")" == "\(value)", "\(label): \(key)")
            }
            // Lists says what a to-do without a STATUS is: one still to do.
            let added = Set(new.keys).subtracting(old.keys).subtracting(regenerated)
            #expect(added.isEmpty || (added == ["STATUS"] && new["STATUS"] as? String == "NEEDS-ACTION"), "\(label)")
        }
        #expect(after[1]["DUE"] as? String == "2026-12-24T18:00:00")
        #expect(after[0]["DUE"] as? String == "2027-01-01")
        let made = after[3]
        #expect(made["SUMMARY"] as? String == title)
        #expect(made["DESCRIPTION"] as? String == "Two lines;\nwith, escapes \\ too")
        #expect(made["RRULE"] as? String == "FREQ=DAILY" && made["STATUS"] as? String == "NEEDS-ACTION")
    }
}
