import Foundation
import ListsExamples
import ListsModel
import Testing

/// A task's due date, priority and note from the command line: `--due` read by the same grammar as the web app's
/// field (``ListsModel/DuePhrase``, its table of examples run here through the binary), the columns `todo list`
/// shows, and refusals that change nothing.
@Suite("Task fields on the command line")
struct TaskFieldsTests {
    /// The zone the runs are in: far from UTC, so that a day read in UTC instead would show.
    static let zone = "Pacific/Auckland"

    /// A task added with `--due typed`, in ``zone``: its stored due date, or the refusal's message.
    static func added(_ sandbox: Sandbox, _ typed: String) throws -> (due: String?, error: String?) {
        let outcome = try sandbox.run(
            ["--json", "todo", "add", "Task", "--due", typed], environment: ["TZ": zone])
        guard outcome.status == 0 else { return (nil, outcome.stderr) }
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        return (object?["due"] as? String, nil)
    }

    /// Every fourth row of the grammar's table, read by the binary as the model reads it at the same moment (the
    /// table's own dates are for its reference moment; the binary reads at the real one).
    @Test func dueDatesAreReadAsTheWebAppReadsThem() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let zone = try #require(Zone(identifier: Self.zone))
        for (index, row) in DuePhraseExamples.read.enumerated() where index % 4 == 0 {
            let before = try DuePhrase(now: Date(), in: zone).read(row.typed)
            let (due, error) = try Self.added(sandbox, row.typed)
            let after = try DuePhrase(now: Date(), in: zone).read(row.typed)
            #expect(error == nil, "\(row.typed)")
            #expect(due == before.description || due == after.description, "\(row.typed): \(due ?? "none")")
        }
    }

    /// Each refused row of the table is refused by the binary with the message that names `due`, and adds nothing.
    @Test func refusedDueDatesAddNothing() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        for row in DuePhraseExamples.refused where !row.typed.trimmingCharacters(in: .whitespaces).isEmpty {
            let (due, error) = try Self.added(sandbox, row.typed)
            #expect(due == nil, "\(row.typed)")
            #expect(error?.hasPrefix("lists: due: ") == true && error?.contains(row.mentions) == true, "\(row.typed)")
        }
        try sandbox.expect(["todo", "list"], prints: "1    Walk the dogs\n2    Feed the hogs\n3    Chop the logs\n")
    }

    @Test func priorityNoteAndDueAreShownChangedAndCleared() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.expect(
            [
                "todo", "add", "Pay", "rent", "--due", "2027-01-01", "--priority", "H", "--note",
                "Standing order\nor cash",
            ],
            prints: "Added task 4: Pay rent\n")
        try sandbox.expect(
            ["todo", "edit", "2", "--due", "2026-12-24 18:00", "--priority", "low"],
            prints: "Updated task 2: Feed the hogs\n")
        try sandbox.expect(
            ["todo", "list"],
            prints: """
                1    Walk the dogs
                2    Feed the hogs  2026-12-24 18:00  low
                3    Chop the logs
                4    Pay rent       2027-01-01        high

                """)
        let json = try sandbox.succeed(["--json", "todo", "list"])
        #expect(json.contains(#""note":"Standing order\nor cash""#))
        try sandbox.expect(
            ["todo", "edit", "Pay rent", "--due", "none", "--priority", "none", "--note", ""],
            prints: "Updated task 4: Pay rent\n")
        try sandbox.expect(
            ["todo", "list"],
            prints: """
                1    Walk the dogs
                2    Feed the hogs  2026-12-24 18:00  low
                3    Chop the logs
                4    Pay rent

                """)
    }

    @Test func badPrioritiesAndNotesAreRefusedAndChangeNothing() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let urgent = try sandbox.run(["todo", "add", "Pay rent", "--priority", "urgent"])
        #expect(urgent.status != 0 && urgent.stderr.hasPrefix("lists: priority: "))
        let bell = try sandbox.run(["todo", "edit", "1", "--note", "ring\u{7}"])
        #expect(bell.status != 0 && bell.stderr.hasPrefix("lists: note: "))
        let long = try sandbox.run(["todo", "edit", "1", "--note", String(repeating: "x", count: 10_001)])
        #expect(long.status != 0 && long.stderr.contains("at most 10000"))
        let json = try sandbox.succeed(["--json", "todo", "list"])
        #expect(!json.contains("Pay rent") && json.contains(#""note":null"#) && !json.contains(#""note":"ring"#))
        #expect(json.contains(#""version":1"#) && !json.contains(#""version":2"#))
    }

    /// `--every` as people say it; `done` moves a repeating task on and says to when; `undone` takes the last
    /// check-off back; the list shows the repeat; bad repeats are refused and change nothing.
    @Test func repeatingTasksAreCheckedOffAndTakenBack() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.expect(
            ["todo", "add", "Pay", "rent", "--due", "2027-01-01", "--every", "month on the 1st"],
            prints: "Added task 4: Pay rent\n")
        try sandbox.expect(["todo", "done", "Pay rent"], prints: "Done: Pay rent; next due 2027-02-01\n")
        try sandbox.expect(["todo", "done", "4"], prints: "Done: Pay rent; next due 2027-03-01\n")
        try sandbox.expect(["todo", "done", "4"], prints: "Done: Pay rent; next due 2027-04-01\n")
        try sandbox.expect(["todo", "undone", "4"], prints: "Check-off taken back: Pay rent, due 2027-03-01 again\n")
        try sandbox.expect(
            ["todo", "list"],
            prints: """
                1    Walk the dogs
                2    Feed the hogs
                3    Chop the logs
                4    Pay rent       2027-03-01  every month on the 1st

                """)
        let json = try sandbox.succeed(["--json", "todo", "list"])
        #expect(json.contains(#""repeat":"FREQ=MONTHLY;BYMONTHDAY=1","repeatFrom":"2027-01-01""#))
        #expect(json.contains(#""due":"2027-01-01"}"#) && json.contains(#""due":"2027-02-01"}]"#))

        try sandbox.expect(
            ["todo", "edit", "4", "--every", "FREQ=DAILY;COUNT=2", "--due", "2027-05-01"],
            prints: "Updated task 4: Pay rent\n")
        try sandbox.expect(["todo", "done", "4"], prints: "Done: Pay rent; next due 2027-05-02\n")
        try sandbox.expect(["todo", "done", "4"], prints: "Done: Pay rent\n")

        for (every, message) in [
            ("0 days", "lists: repeat: \"every 0 days\": a task repeats every 1 to 1000 days, weeks, months or years"),
            ("FREQ=SECONDLY", "lists: repeat: FREQ=SECONDLY is more often than Lists repeats"),
            ("FREQ=DAILY;COUNT=10000000", "lists: repeat: COUNT"),
            ("day until 2026-01-01", "lists: repeat: UNTIL 2026-01-01 is before the task's start"),
            ("blue moon", "lists: repeat: \"every blue moon\" is not a repeat Lists reads"),
        ] {
            let outcome = try sandbox.run(["todo", "add", "Odd", "--due", "2027-01-01", "--every", every])
            #expect(outcome.status != 0 && outcome.stderr.hasPrefix(message), "\(every): \(outcome.stderr)")
        }
        #expect(!(try sandbox.succeed(["todo", "list"])).contains("Odd"))
    }

    /// Today: overdue and due today, soonest first, undated and done tasks left out; Upcoming: the next 7 days.
    @Test func todayAndUpcomingShowWhatIsDue() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let environment = ["TZ": "UTC"]
        try sandbox.expect(["todo", "today"], prints: "Nothing is due today.\n")
        let today = Day(Date(), in: .utc)
        for (title, due) in [
            ("Late", today.adding(days: -2).description), ("Noon", "\(today)T12:00"), ("Morning", today.description),
            ("Soon", today.adding(days: 3).description), ("Far", today.adding(days: 9).description),
        ] {
            _ = try sandbox.run(["todo", "add", title, "--due", due], environment: environment)
        }
        _ = try sandbox.run(["todo", "add", "Done already", "--due", today.description], environment: environment)
        _ = try sandbox.run(["todo", "done", "Done already"], environment: environment)
        let shown = try sandbox.run(["todo", "today"], environment: environment).stdout
        #expect(
            shown.split(separator: "\n").map { $0.split(separator: " ").last.map(String.init) ?? "" }
                == ["Late", "Morning", "Noon"])
        let upcoming = try sandbox.run(["todo", "upcoming"], environment: environment).stdout
        #expect(upcoming.contains("Soon") && !upcoming.contains("Far") && !upcoming.contains("Late"))
    }

    /// `todo show`: a task whole, its note's lines under one another and a repeating task's check-offs newest first;
    /// a task with nothing set shows its fields empty; a reference that matches none is refused.
    @Test func showGivesATaskWithItsNoteAndCheckOffs() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.succeed([
            "todo", "add", "Pay", "rent", "--due", "2026-12-01", "--every", "month", "--priority", "high", "--note",
            "Landlord: Mr Smith\nIBAN DE00 1234", "--remind", "2026-11-30 18:00",
        ])
        try sandbox.succeed(["todo", "done", "4"])
        try sandbox.succeed(["todo", "done", "Pay rent"])
        let shown = try sandbox.succeed(["todo", "show", "4"]).split(separator: "\n").map(String.init)
        #expect(
            Array(shown.prefix(11)) == [
                "Task         Pay rent", "Number       4", "List         To-Do", "Done         no",
                "Due          2027-02-01", "Priority     high", "Repeat       every month",
                "Remind me    2027-01-31 18:00", "Note         Landlord: Mr Smith", "             IBAN DE00 1234",
                "Checked off  2 times",
            ], "\(shown)")
        #expect(shown[11].hasPrefix("             due 2027-01-01, done "), "\(shown)")
        #expect(shown[12].hasPrefix("             due 2026-12-01, done "), "\(shown)")
        #expect(shown[13].hasPrefix("ID           ") && shown[14] == "Version      3", "\(shown)")
        let plain = try sandbox.succeed(["todo", "show", "Walk the dogs"])
        #expect(
            plain.hasPrefix("Task       Walk the dogs\nNumber     1\nList       To-Do\nDone       no\nDue\n"),
            "\(plain)")
        let json = try sandbox.succeed(["--json", "todo", "show", "4"])
        #expect(json.contains("\"note\":\"Landlord: Mr Smith\\nIBAN DE00 1234\""), "\(json)")
        let refused = try sandbox.run(["todo", "show", "Nope"])
        #expect(refused.status == 2 && refused.stderr.hasPrefix("lists: task: no task matches \"Nope\""), "\(refused)")
    }

    /// `todo list --by-date`: soonest due first (a day's untimed tasks before its timed ones), then the undated in
    /// their order, each with its own number; `--list` and `--json` alike.
    @Test func theListByDateIsSoonestFirstThenTheUndated() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        for (title, due) in [("Late", "2026-12-20T18:00"), ("Early", "2026-12-01"), ("Same day", "2026-12-20")] {
            try sandbox.succeed(["todo", "add", title, "--due", due])
        }
        try sandbox.expect(
            ["todo", "list", "--by-date"],
            prints: """
                5    Early          2026-12-01
                6    Same day       2026-12-20
                4    Late           2026-12-20 18:00
                1    Walk the dogs
                2    Feed the hogs
                3    Chop the logs

                """)
        let json = try sandbox.succeed(["--json", "todo", "list", "--list", "To-Do", "--by-date"])
        let titles = json.components(separatedBy: "\"title\":\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(titles == ["Early", "Same day", "Late", "Walk the dogs", "Feed the hogs", "Chop the logs"])
        // Without the flag, the list's own order.
        let plain = try sandbox.succeed(["todo", "list"])
        #expect(plain.hasPrefix("1    Walk the dogs\n"), "\(plain)")
    }

    /// Several to-do lists at the terminal: made, a task added to each, Today gathering them with each task's list, a
    /// task moved with `edit --list`, one list shown with `list --list`, and a list deleted with its tasks.
    @Test func severalToDoListsAtTheTerminal() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let environment = ["TZ": "UTC"]
        try sandbox.expect(["todo", "make-list", "Work"], prints: "Made to-do list Work\n")
        try sandbox.expect(
            ["todo", "add", "File", "the", "report", "--list", "work", "--due", "today"],
            prints: "Added task 4: File the report\n")
        _ = try sandbox.run(["todo", "add", "Call mum", "--due", "today"], environment: environment)
        let today = try sandbox.run(["todo", "today"], environment: environment).stdout
        let day = Day(Date(), in: .utc).description
        #expect(today == "4  \(day)  File the report  Work\n5  \(day)  Call mum         To-Do\n", "\(today)")
        try sandbox.expect(["todo", "edit", "1", "--list", "2"], prints: "Updated task 1: Walk the dogs\n")
        try sandbox.expect(
            ["todo", "list", "--list", "Work"], prints: "1    Walk the dogs\n4    File the report  \(day)\n")
        try sandbox.expect(
            ["todo", "lists"], prints: "1  To-Do  3 to do  3 in all\n2  Work   2 to do  2 in all\n")
        try sandbox.expect(["todo", "delete-list", "Work"], prints: "Deleted to-do list Work and the 2 tasks on it\n")
        let refused = try sandbox.run(["todo", "add", "Lost", "--list", "Work"])
        #expect(refused.status == 2 && refused.stderr.hasPrefix("lists: list: "), "\(refused)")
        #expect(refused.stderr.contains("the to-do lists are \"To-Do\""), "\(refused)")
    }

    /// `lists households zone`: the household's zone shown, set and set back; once set, `--due today` and Today
    /// are the household's days (Kiritimati, UTC+14), not the machine's (UTC); a zone that does not exist is
    /// refused, naming it, and changes nothing.
    @Test func theHouseholdsZoneDecidesTheDays() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let utc = ["TZ": "UTC"]
        let machine = try sandbox.run(["households", "zone"], environment: utc)
        #expect(machine.status == 0 && machine.stdout.hasSuffix(": the server's zone (UTC)\n"), "\(machine)")
        let refused = try sandbox.run(["households", "zone", "Mars/Olympus"], environment: utc)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("\"Mars/Olympus\" is not a time zone"), "\(refused.stderr)")
        let set = try sandbox.run(["households", "zone", "pacific/kiritimati"], environment: utc)
        #expect(set.stdout.hasSuffix(": Pacific/Kiritimati\n"), "\(set)")

        let kiritimati = try #require(Zone(identifier: "Pacific/Kiritimati"))
        let before = Day(Date(), in: kiritimati)
        let added = try sandbox.run(["--json", "todo", "add", "Call", "--due", "today"], environment: utc)
        let after = Day(Date(), in: kiritimati)
        let object = try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any]
        let due = object?["due"] as? String
        #expect(due == before.description || due == after.description, "\(added)")
        let today = try sandbox.run(["todo", "today"], environment: utc).stdout
        #expect(today.contains("Call"), "\(today)")

        let json = try sandbox.run(["--json", "households", "zone"], environment: utc).stdout
        #expect(json.contains("\"timeZone\":\"Pacific/Kiritimati\""), "\(json)")
        let back = try sandbox.run(["households", "zone", "--server"], environment: utc)
        #expect(back.stdout.hasSuffix(": the server's zone (UTC)\n"), "\(back)")
        #expect(try sandbox.run(["households", "zone", "UTC", "--server"], environment: utc).status == 2)
    }

    /// `--remind` takes a day and a time as `--due` does (a day alone is 09:00), `none` takes it away, and a text Lists
    /// cannot read is refused naming it.
    @Test func aReminderIsSetAndTakenAway() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let added = try sandbox.succeed(["--no-seed", "--json", "todo", "add", "Call", "--remind", "2027-01-04"])
        #expect(added.contains("\"remindAt\":\"2027-01-04T09:00\""), "\(added)")
        let edited = try sandbox.succeed(["--json", "todo", "edit", "1", "--remind", "2027-01-04 18:30"])
        #expect(edited.contains("\"remindAt\":\"2027-01-04T18:30\""), "\(edited)")
        let cleared = try sandbox.succeed(["--json", "todo", "edit", "1", "--remind", "none"])
        #expect(cleared.contains("\"remindAt\":null"), "\(cleared)")
        let refused = try sandbox.run(["todo", "add", "Odd", "--remind", "someday"])
        #expect(refused.status == 2 && refused.stderr.hasPrefix("lists: remindAt: \"someday\" is not a date"))
    }
}
