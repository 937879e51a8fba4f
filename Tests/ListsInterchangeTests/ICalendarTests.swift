import Foundation
import ListsInterchange
import ListsModel
import Testing

/// iCalendar files of to-dos as a client writes them (`tasks-org.ics`: Tasks.org through DAVx5's ical4android, CRLF,
/// a VTIMEZONE, folded lines, a VALARM, a client's X- property, a non-UUID UID, an event among the to-dos): the
/// fields Lists models read, everything else kept and written back unchanged, and bad files refused naming the line.
@Suite("iCalendar VTODO files: read as a client writes them, written back with what Lists does not model")
struct ICalendarTests {
    static let berlin = Zone(identifier: "Europe/Berlin") ?? .utc

    static func read(_ bytes: [UInt8], zone: Zone = berlin) throws -> ImportBatch {
        try InterchangeFormat.icalendar.read(bytes, now: fixedNow, zone: zone)
    }

    static func read(_ text: String, zone: Zone = berlin) throws -> ImportBatch {
        try read(Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8), zone: zone)
    }

    /// A file of one VTODO with `lines` inside it.
    static func todo(_ lines: String) -> String {
        "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//Test//EN\nBEGIN:VTODO\n\(lines)\nEND:VTODO\nEND:VCALENDAR\n"
    }

    @Test func aClientsFileIsReadWithEveryFieldListsModels() throws {
        let bytes = try Fixture.bytes("tasks-org.ics")
        #expect(InterchangeFormat.detect(fileName: "tasks.ics", bytes: bytes) == .icalendar)
        let batch = try Self.read(bytes)
        let tasks = batch.tasks
        #expect(tasks.map(\.title) == ["Pay rent", "Call the dentist, then the vet", "Buy stamps"])

        let rent = tasks[0]
        #expect(rent.priority == .high && rent.due?.description == "2027-01-01")
        #expect(rent.recurrence?.text == "FREQ=MONTHLY;BYMONTHDAY=1" && rent.repeatFrom == rent.due)
        let kept = try #require(rent.icalendar).split(separator: "\n").map(String.init)
        #expect(
            kept == [
                "UID:6283115036154467425", "CREATED:20261130T083000Z", "X-APPLE-SORT-ORDER:-123456", "BEGIN:VALARM",
                "TRIGGER;RELATED=END:-PT1H", "ACTION:DISPLAY",
                "DESCRIPTION:Default Tasks.org description", "END:VALARM",
            ])
        // The same UID is the same task in another read: a file imported again updates it.
        #expect(try Self.read(bytes).tasks[0].id == rent.id)

        let dentist = tasks[1]
        #expect(dentist.id == UUID(uuidString: "2F8A6B0C-9D9C-4B0E-8A3B-7C1D2E3F4A5B"))
        #expect(dentist.note == "Ask about\nthe x-ray; bring the card")
        #expect(dentist.due?.description == "2026-12-24T18:00" && !dentist.isDone)
        #expect(dentist.icalendar?.contains("CATEGORIES:Home,Health") == true)
        #expect(
            dentist.icalendar?.contains(
                "X-TASKS-ORG-NOTE:A property a client keeps for itself\\, long enough that the exporting client folded "
                    + "it over two lines as RFC 5545 asks") == true)
        // Read in New York, 18:00 in Berlin is noon.
        let newYork = try #require(Zone(identifier: "America/New_York"))
        #expect(try Self.read(bytes, zone: newYork).tasks[1].due?.description == "2026-12-24T12:00")

        let stamps = tasks[2]
        #expect(stamps.isDone && stamps.doneAt == Date(timeIntervalSince1970: 1_796_202_900))
        #expect(stamps.icalendar == "UID:done-1@example.com\nPERCENT-COMPLETE:100\nRELATED-TO:6283115036154467425")
        #expect(batch.warnings == ["1 VEVENT component was left out: only to-dos (VTODO) are tasks"])
    }

    /// Imported, exported and imported again: the same tasks, the kept lines as they came, every line of at most
    /// 75 octets and ending with CRLF.
    @Test func anExportWritesBackWhatItKeptAndReadsBackTheSame() throws {
        let store = try emptyStore()
        try store.setHouseholdTimeZone("Europe/Berlin")
        let summary = try InterchangeFormat.icalendar.importing(try Fixture.bytes("tasks-org.ics"), into: store)
        #expect(summary.added == 3)
        let bytes = try exported(store, as: .icalendar)
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.last == "" && !text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(text.contains("\r\nX-APPLE-SORT-ORDER:-123456\r\nBEGIN:VALARM\r\nTRIGGER;RELATED=END:-PT1H\r\n"))
        #expect(text.contains("\r\nDUE:20261224T180000\r\n") && text.contains("\r\nDUE;VALUE=DATE:20270101\r\n"))
        #expect(text.contains("\r\nSUMMARY:Call the dentist\\, then the vet\r\n"))
        #expect(text.contains("\r\nUID:6283115036154467425\r\n") && !text.contains("VEVENT"))
        // The DTSTART the file had is written once, from the date the repeat counts from.
        #expect(text.components(separatedBy: "DTSTART;VALUE=DATE:20270101").count == 2)
        let again = try Self.read(bytes).tasks
        let first = try Self.read(try Fixture.bytes("tasks-org.ics")).tasks
        #expect(again.map(\.id) == first.map(\.id))
        #expect(again.map(\.icalendar) == first.map(\.icalendar))
        #expect(again.map(\.due) == first.map(\.due) && again.map(\.note) == first.map(\.note))
        #expect(again.map(\.recurrence) == first.map(\.recurrence) && again.map(\.isDone) == first.map(\.isDone))
        // Imported again, the file updates its tasks: nothing is added twice.
        let twice = try InterchangeFormat.icalendar.importing(try Fixture.bytes("tasks-org.ics"), into: store)
        #expect(twice.added == 0)
        #expect(try TodoList(store: store).count() == 3)
    }

    /// Tasks made in Lists: a repeat, an after-done repeat (an X- property, which RRULE cannot say), a priority, a
    /// note of several lines, a done task; read back the same.
    @Test func tasksMadeInListsGoThroughAFileAndBack() throws {
        let store = try emptyStore()
        let todo = TodoList(store: store, clock: { fixedNow })
        try todo.add(
            title: "Bins, every other Tuesday", due: Due(iso: "2026-12-08"),
            recurrence: try Recurrence(rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU"))
        try todo.add(
            title: "Water the plants", due: Due(iso: "2026-12-05T08:00"), priority: .low,
            note: "The fern\nand the ficus; not the cactus", recurrence: try Recurrence(rule: "AFTER-DONE=P3D"))
        let done = try todo.add(title: "Ünïcödé and a long title " + String(repeating: "é", count: 80)).record
        try todo.setDone([.id(done.id)], isDone: true)
        let bytes = try exported(store, as: .icalendar)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("\r\nDTSTART;VALUE=DATE:20261208\r\nRRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU\r\n"))
        #expect(text.contains("\r\nX-LISTS-REPEAT:AFTER-DONE=P3D\r\n"))
        #expect(text.contains("\r\nDESCRIPTION:The fern\\nand the ficus\\; not the cactus\r\n"))
        #expect(text.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        let back = try Self.read(bytes).tasks
        let stored = try todo.all().map(\.record)
        #expect(back.map(\.id) == stored.map(\.id) && back.map(\.title) == stored.map(\.title))
        #expect(back.map(\.due) == stored.map(\.due) && back.map(\.recurrence) == stored.map(\.recurrence))
        #expect(back.map(\.note) == stored.map(\.note) && back.map(\.priority) == stored.map(\.priority))
        #expect(back.map(\.isDone) == [false, false, true])
        #expect(
            back[2].doneAt
                == stored[2].doneAt.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down)) })
        #expect(back.allSatisfy { $0.icalendar == nil })
    }

    /// LF line ends and a byte-order mark, as a hand-written file has; a repeat Lists cannot follow is kept as a
    /// line and said, the task imported without it.
    @Test func aHandWrittenFileAndARepeatListsCannotFollow() throws {
        let text = "\u{FEFF}" + Self.todo("UID:x\nSUMMARY:Every second\nRRULE:FREQ=SECONDLY\nDUE:20261224T180000")
        let batch = try InterchangeFormat.icalendar.read(Array(text.utf8), now: fixedNow, zone: Self.berlin)
        let task = try #require(batch.tasks.first)
        #expect(task.recurrence == nil && task.due?.description == "2026-12-24T18:00")
        #expect(task.icalendar == "UID:x\nRRULE:FREQ=SECONDLY")
        #expect(
            batch.warnings.count == 1 && batch.warnings[0].hasPrefix("“Every second” was imported without its repeat"))
        let store = try emptyStore()
        try batch.apply(to: store)
        #expect(
            String(decoding: try exported(store, as: .icalendar), as: UTF8.self).contains("\r\nRRULE:FREQ=SECONDLY\r\n")
        )
    }

    /// An alarm at a moment, as Apple's Reminders writes "remind me at", is the task's reminder (the household's
    /// time then) and is written back as one; an alarm relative to the due time stays a kept block.
    @Test func anAlarmAtAMomentIsTheReminder() throws {
        let text = Self.todo(
            "UID:reminders-1\nSUMMARY:Pick up the parcel\nDUE:20261224T180000\nBEGIN:VALARM\nACTION:DISPLAY\n"
                + "DESCRIPTION:Reminder\nTRIGGER;VALUE=DATE-TIME:20261224T160000Z\nEND:VALARM\nBEGIN:VALARM\n"
                + "ACTION:DISPLAY\nTRIGGER:-PT15M\nEND:VALARM")
        let task = try #require(try Self.read(text).tasks.first)
        #expect(task.remindAt?.description == "2026-12-24T17:00")
        #expect(task.icalendar == "UID:reminders-1\nBEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:-PT15M\nEND:VALARM")
        let written = String(decoding: ICalendar.write([task], zone: Self.berlin), as: UTF8.self)
        #expect(
            written.contains(
                "\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Pick up the parcel\r\n"
                    + "TRIGGER;VALUE=DATE-TIME:20261224T160000Z\r\nEND:VALARM\r\n"))
        let again = try #require(try Self.read(Array(written.utf8)).tasks.first)
        #expect(again.remindAt == task.remindAt && again.icalendar == task.icalendar)
    }

    @Test(arguments: [
        ("SUMMARY:x\nDUE:20260230", "line 6", "DUE"),
        ("SUMMARY:x\nDUE:20261224T250000", "line 6", "DUE"),
        ("SUMMARY:x\nDUE:-1", "line 6", "DUE"),
        ("SUMMARY:x\nPRIORITY:high", "line 6", "PRIORITY"),
        ("SUMMARY:x\nCOMPLETED:yesterday", "line 6", "COMPLETED"),
        ("DUE:20261224", "line 6", "SUMMARY"),
        ("SUMMARY:" + String(repeating: "a", count: 201), "line 5", "SUMMARY"),
        ("SUMMARY:x\nnot a content line", "line 6", "line"),
    ])
    func badLinesAreRefusedNamingTheLineAndTheProperty(lines: String, location: String, field: String) {
        #expect {
            try Self.read(Self.todo(lines))
        } throws: { error in
            guard let error = error as? ImportError else { return false }
            return error.description.contains(location) && error.field == field
        }
    }

    @Test func filesThatAreNotICalendarAreRefused() {
        #expect(throws: ImportError.self) { try Self.read("BEGIN:VCARD\nEND:VCARD\n") }
        #expect(throws: ImportError.self) { try Self.read("BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:x\n") }
        #expect(throws: ImportError.self) { try Self.read([0x42, 0x45, 0xFF, 0xFE]) }
    }
}
