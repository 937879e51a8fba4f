import Foundation
import Testing

/// A fixture file of `Tests/ListsInterchangeTests/Fixtures/`.
private func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ListsInterchangeTests/Fixtures/\(name)").path
}

@Suite("lists import and lists export, end to end")
struct TransferTests {
    @Test func importingTheTutorialsItemsPlistShowsItsItemsWithExactPricesAndCheckmarks() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.expect(
            ["--no-seed", "import", fixture("items.plist")],
            prints: "Imported items.plist (items-plist): 8 added, 0 updated, 0 already there.\n")
        // The three it had checked are on the list "Shopping", made for them: 5 items and 3 entries.
        try sandbox.expect(["shop", "lists"], prints: "1  Shopping  3 to buy  3 in all\n")
        try sandbox.expect(
            ["shop", "list"],
            prints: """
                1  ✓  Pear           0.62
                2     Bread          3.12
                3  ✓  Crème fraîche  1.99
                4     Notepad        2.00
                5  ✓  Free sample    0.00

                """)
        try sandbox.expect(["shop", "total"], prints: "2.61\n")
    }

    @Test func theTutorialsItemsPlistGoesToTheListNamed() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.expect(
            ["--no-seed", "import", fixture("items.plist"), "--list", "Weekly shop"],
            prints: "Imported items.plist (items-plist): 8 added, 0 updated, 0 already there.\n")
        // The catalog has all five; the three it had checked are on the list, its only one, whose checkmarks show.
        try sandbox.expect(
            ["shop", "list"],
            prints: """
                1  ✓  Pear           0.62
                2     Bread          3.12
                3  ✓  Crème fraîche  1.99
                4     Notepad        2.00
                5  ✓  Free sample    0.00

                """)
        try sandbox.expect(["shop", "lists"], prints: "1  Weekly shop  3 to buy  3 in all\n")
        let show = try sandbox.succeed(["shop", "show", "--list", "weekly shop"])
        #expect(show.contains("Pear") && show.contains("Crème fraîche") && show.contains("Free sample"))
        #expect(!show.contains("Bread") && !show.contains("Notepad"))
        // The tutorial's seed list marks none: all of it goes on the list named, made as it is new.
        try sandbox.succeed(["import", fixture("seed.plist"), "--list", "Seeds"])
        let lists = try sandbox.succeed(["shop", "lists"])
        let seeds = try #require(lists.split(separator: "\n").last)
        #expect(seeds.hasPrefix("2  Seeds") && !seeds.contains(" 0 to buy"))
        // A file of neither shopping items nor tasks takes no list, and nothing is written.
        let before = try sandbox.snapshot()
        let refused = try sandbox.run(["import", fixture("MyEBirdData.csv"), "--list", "Seeds"])
        #expect(refused.status == 2)
        #expect(refused.stderr.hasPrefix("lists: list: only a file of shopping items"))
        #expect(try sandbox.snapshot() == before)
        // A file of tasks goes on the to-do list named, made as it is new.
        try sandbox.succeed(["import", fixture("todo.txt"), "--list", "Errands"])
        let todoLists = try sandbox.succeed(["todo", "lists"])
        #expect(todoLists.contains("Errands"), "\(todoLists)")
    }

    /// The eBird Record Format is for eBird's import: Lists writes it and reads the download instead.
    @Test func theRecordFormatIsExportedAndNotImported() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.succeed(["--no-seed", "import", fixture("MyEBirdData.csv")])
        let records = try sandbox.succeed(["export", "--format", "ebird-records"])
        #expect(records.split(separator: "\n").count == 7)
        let before = try sandbox.snapshot()
        let refused = try sandbox.run(["import", fixture("MyEBirdData.csv"), "--format", "ebird-records"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--format must be one of"))
        #expect(!refused.stderr.contains("ebird-records,"))
        #expect(try sandbox.snapshot() == before)
    }

    /// Without `--format`, a file's name that says a format chooses it; a `.csv` file, which three formats write, is
    /// refused with nothing written; `--format` wins over the name.
    @Test func anExportFilesNameChoosesItsFormatUnlessFormatIsGiven() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.succeed(["todo", "add", "Water the plants", "--due", "2026-12-10", "--every", "week"])
        try sandbox.expect(["export", "--output", sandbox.path("todos.ics")], prints: "")
        let calendar = String(decoding: try #require(sandbox.bytes(sandbox.path("todos.ics"))), as: UTF8.self)
        #expect(calendar.hasPrefix("BEGIN:VCALENDAR\r\n"))
        #expect(calendar.contains("SUMMARY:Water the plants\r\n") && calendar.contains("RRULE:FREQ=WEEKLY"))
        // The name's case does not count; the file reads back as iCalendar.
        try sandbox.succeed(["export", "--output", sandbox.path("TODOS.ICS")])
        #expect(sandbox.bytes(sandbox.path("TODOS.ICS")) == sandbox.bytes(sandbox.path("todos.ics")))
        try sandbox.succeed(["export", "--output", sandbox.path("todo.txt")])
        let todoTxt = String(decoding: try #require(sandbox.bytes(sandbox.path("todo.txt"))), as: UTF8.self)
        #expect(todoTxt.contains("Water the plants due:2026-12-10"), "\(todoTxt)")
        // .json, and any other name, is a backup, as before.
        try sandbox.succeed(["export", "--output", sandbox.path("backup.json")])
        let backup = try #require(sandbox.bytes(sandbox.path("backup.json")))
        #expect(backup.starts(with: Array("{\"format\":\"lists\"".utf8)))
        try sandbox.succeed(["export", "--output", sandbox.path("backup")])
        #expect(sandbox.bytes(sandbox.path("backup")) == sandbox.bytes(sandbox.path("backup.json")))
        // --format wins over the name.
        try sandbox.succeed(["export", "--format", "lists-json", "--output", sandbox.path("named.ics")])
        #expect(sandbox.bytes(sandbox.path("named.ics")) == sandbox.bytes(sandbox.path("backup.json")))
        try sandbox.succeed(["export", "--format", "shopping-csv", "--output", sandbox.path("catalog.csv")])
        #expect(try #require(sandbox.bytes(sandbox.path("catalog.csv"))).starts(with: Array("name,price".utf8)))
        // A .csv file without --format: refused, naming the formats to choose from, and no file written.
        let refused = try sandbox.run(["export", "--output", sandbox.path("sightings.csv")])
        #expect(refused.status == 2)
        #expect(
            refused.stderr
                == "lists: \"sightings.csv\" is a .csv file, which several formats write: give --format, one of "
                + "shopping-csv, ebird, ebird-records (see 'lists export --help')\n")
        #expect(sandbox.bytes(sandbox.path("sightings.csv")) == nil)
    }

    @Test func importingTheSameItemsPlistAgainAddsNothing() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.succeed(["--no-seed", "import", fixture("items.plist")])
        let before = try sandbox.snapshot()
        try sandbox.expect(
            ["import", fixture("items.plist")],
            prints: "Imported items.plist (items-plist): 0 added, 0 updated, 8 already there.\n")
        #expect(try sandbox.snapshot().items == before.items)
    }

    @Test func exportImportIntoAFreshDatabaseAndExportAgainGivesIdenticalBytes() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.succeed(["shop", "need", "Pear", "Bread"])
        try sandbox.succeed(["shop", "edit", "Mango", "--name", "Mangue \"Alphonso\"", "--price", "2.05"])
        try sandbox.succeed(["todo", "done", "2"])
        try sandbox.succeed(["birds", "add", "Rotkehlchen", "--date", "2026-11-02T07:30"])
        try sandbox.succeed(["import", fixture("tasks.json")])  // 4 tasks: its fifth is deleted in Taskwarrior
        let first = sandbox.path("first.json")
        let second = sandbox.path("second.json")
        let fresh = sandbox.path("fresh.sqlite")
        try sandbox.expect(["export", "--output", first], prints: "")
        try sandbox.expect(
            ["--database", fresh, "--no-seed", "import", first],
            prints: "Imported first.json (lists-json): 20 added, 0 updated, 0 already there.\n")
        try sandbox.expect(["--database", fresh, "export", "--output", second], prints: "")
        let bytes = try #require(sandbox.bytes(first))
        #expect(bytes.count > 1000)
        #expect(sandbox.bytes(second) == bytes)
        #expect(try sandbox.snapshot(of: fresh).items == (try sandbox.snapshot()).items)
    }

    @Test func aFileWithOneBadRecordExitsTwoWithOneLineNamingItAndChangesNothing() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.succeed(["shop", "list"])
        let before = try sandbox.snapshot()
        let outcome = try sandbox.run(["import", fixture("items-bad.plist")])
        #expect(outcome.status == 2)
        #expect(outcome.stdout == "")
        #expect(outcome.stderrLines.count == 1, "\(outcome)")
        #expect(outcome.stderr.hasPrefix("lists: import: item 3: price: -1.50 is out of range"), "\(outcome)")
        #expect(outcome.stderr.hasSuffix("; nothing was imported\n"))
        #expect(try sandbox.snapshot() == before)
    }

    @Test func aTodoTxtWithABadLineNamesTheLineAndChangesNothing() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.succeed(["todo", "list"])
        let before = try sandbox.snapshot()
        let file = sandbox.path("todo.txt")
        try Data(("Call Mom\n\n" + String(repeating: "x", count: 201) + "\n").utf8).write(
            to: URL(fileURLWithPath: file))
        let outcome = try sandbox.run(["import", file])
        #expect(
            outcome
                == Outcome(
                    status: 2, stdout: "",
                    stderr:
                        "lists: import: line 3: text: a task's text is 201 characters long; at most 200 are allowed; "
                        + "nothing was imported\n"))
        #expect(try sandbox.snapshot() == before)
    }

    /// A client's .ics through the binary: detected, its to-dos listed with their due dates in the household's zone,
    /// the event left out and said so; exported, the client's own lines come back; a broken DUE changes nothing.
    @Test func anICalendarFileOfToDosGoesInAndOut() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.succeed(["--no-seed", "households", "zone", "Europe/Berlin"])
        let imported = try sandbox.run(["import", fixture("tasks-org.ics")])
        #expect(imported.status == 0)
        #expect(
            imported.stdout == "Imported tasks-org.ics (icalendar): 3 added, 0 updated, 0 already there.\n"
                + "Note: 1 VEVENT component was left out: only to-dos (VTODO) are tasks\n")
        let listed = try sandbox.succeed(["todo", "list"])
        #expect(listed.contains("2026-12-24 18:00") && listed.contains("Call the dentist, then the vet"), "\(listed)")
        let file = sandbox.path("out.ics")
        try sandbox.succeed(["export", "--format", "icalendar", "--output", file])
        let text = String(decoding: try #require(sandbox.bytes(file)), as: UTF8.self)
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n") && text.contains("\r\nX-APPLE-SORT-ORDER:-123456\r\n"))

        let before = try sandbox.snapshot()
        let broken = sandbox.path("broken.ics")
        try Data("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:x\r\nDUE:2026-12-24\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
            .write(to: URL(fileURLWithPath: broken))
        let refused = try sandbox.run(["import", broken])
        #expect(refused.status == 2)
        #expect(refused.stderr.hasPrefix("lists: import: line 4: DUE: is a date (20261224)"), "\(refused.stderr)")
        #expect(try sandbox.snapshot() == before)
    }

    @Test func aFileOverOneHundredMegabytesIsRefusedUnread() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.succeed(["shop", "list"])
        let before = try sandbox.snapshot()
        let file = sandbox.path("huge.json")
        #expect(FileManager.default.createFile(atPath: file, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        try handle.truncate(atOffset: 100_000_001)  // sparse: no data blocks written
        try handle.close()
        let outcome = try sandbox.run(["import", file, "--format", "taskwarrior"])
        #expect(outcome.status == 2)
        #expect(outcome.stderrLines.count == 1)
        #expect(outcome.stderr.contains("Lists imports taskwarrior files up to 100 MB"), "\(outcome)")
        #expect(try sandbox.snapshot() == before)
    }

    @Test func aPathThatIsNotARegularFileIsRefusedWithoutWaiting() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.succeed(["shop", "list"])
        let before = try sandbox.snapshot()
        let fifo = sandbox.path("pipe.json")
        #expect(mkfifo(fifo, 0o600) == 0)  // opening it for reading would wait for a writer that never comes
        for path in [sandbox.path("missing.json"), sandbox.path(""), fifo] {
            let outcome = try sandbox.run(["import", path, "--format", "taskwarrior"])
            #expect(outcome.status == 2, "\(path): \(outcome)")
            #expect(outcome.stderr.contains("is not a file that can be read"), "\(path): \(outcome)")
            #expect(try sandbox.snapshot() == before)
        }
    }

    @Test func anUnknownFormatIsAUsageError() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let imported = try sandbox.run(["import", fixture("todo.txt"), "--format", "xlsx"])
        #expect(imported.status == 2)
        #expect(imported.stderr.hasPrefix("lists: --format must be one of lists-json, items-plist"), "\(imported)")
        let exported = try sandbox.run(["export", "--format", "items-plist"])
        #expect(exported.status == 2)
        #expect(exported.stderr.contains("not \"items-plist\""), "\(exported)")
        #expect(sandbox.bytes(sandbox.database) == nil || exported.stdout == "")
    }
}
