import Foundation
import ListsExamples
import ListsInterchange
import ListsModel
import Testing

/// An entry of a shopping list as a CalDAV to-do: written as a VCALENDAR of one VTODO (its summary the item's name
/// and quantity, its status the check-off, its description the note, its categories the item's category), and a
/// client's VTODO read back as the entry it says, what Lists has no field for kept and given back as it came.
@Suite struct ICalendarShoppingTests {
    static let itemID = UUID(uuidString: "5B1D7C2E-3F4A-4B6C-8D9E-0A1B2C3D4E5F")!
    static let listID = UUID(uuidString: "9E8D7C6B-5A49-4382-9170-6F5E4D3C2B1A")!
    static let entryID = UUID(uuidString: "1F2E3D4C-5B6A-4798-8A7B-6C5D4E3F2A10")!
    /// 2026-11-18T11:06:40Z, when the entry was last changed.
    static let updated = Date(timeIntervalSince1970: 1_795_000_000)

    /// An entry of the item with the given fields, as stored.
    static func entry(
        quantity: String? = nil, note: String? = nil, checkedAt: Date? = nil, kept: String? = nil, id: UUID = entryID
    ) -> ListEntry {
        var entry = ListEntry(
            meta: RecordMeta(id: id, createdAt: updated, updatedAt: updated, version: 3), item: itemID, list: listID,
            quantity: quantity, note: note, checkedAt: checkedAt)
        entry.icalendar = kept
        return entry
    }

    /// What `write(entry:name:category:)` wrote, as text.
    static func written(_ entry: ListEntry, name: String, category: String? = nil) -> String {
        String(decoding: ICalendar.write(entry: entry, name: name, category: category), as: UTF8.self)
    }

    /// The VTODO's own lines (its BEGIN and END and the VCALENDAR's lines left out).
    static func todoLines(_ text: String) -> [String] {
        let all = ICalendarLines.unfolded(text)
        guard let start = all.firstIndex(of: "BEGIN:VTODO"), let end = all.lastIndex(of: "END:VTODO") else { return [] }
        return Array(all[(start + 1)..<end])
    }

    /// The lines of `lines` whose property is `name` (parameters aside).
    static func named(_ name: String, in lines: [String]) -> [String] {
        lines.filter { line in
            let head = line.prefix { $0 != ":" && $0 != ";" }
            return head.uppercased() == name
        }
    }

    /// A VCALENDAR of one VTODO holding `lines`, CRLF line ends.
    static func body(_ lines: [String]) -> [UInt8] {
        let all =
            ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tests//Shopping//EN", "BEGIN:VTODO"] + lines + [
                "END:VTODO", "END:VCALENDAR",
            ]
        return Array((all.joined(separator: "\r\n") + "\r\n").utf8)
    }

    /// The entry a VTODO of `lines` says, put at `name`.
    static func read(_ lines: [String], named name: String = "put.ics") throws -> ICalendar.EntryValues {
        try ICalendar.entry(body(lines), named: name, now: fixedNow)
    }

    static func refusal(_ bytes: [UInt8], named name: String = "put.ics") -> ICalendar.ResourceRefusal? {
        do {
            _ = try ICalendar.entry(bytes, named: name, now: fixedNow)
            return nil
        } catch let refusal as ICalendar.ResourceRefusal {
            return refusal
        } catch {
            Issue.record("not a refusal: \(error)")
            return nil
        }
    }

    static func refusal(_ text: String) -> ICalendar.ResourceRefusal? {
        refusal(Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8))
    }

    // MARK: Writing

    @Test func anEntryIsWrittenAsOneVTodoWithItsItemAndQuantityAsTheSummary() throws {
        let text = Self.written(
            Self.entry(quantity: "2 l", note: "Semi-skimmed"), name: "Milk", category: "Dairy and eggs")
        #expect(text.contains("\r\n") && text.hasSuffix("END:VCALENDAR\r\n"))
        let all = ICalendarLines.unfolded(text)
        #expect(
            Array(all.prefix(4)) == ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Lists//Lists//EN", "BEGIN:VTODO"])
        #expect(Array(all.suffix(2)) == ["END:VTODO", "END:VCALENDAR"])
        #expect(all.filter { $0 == "BEGIN:VTODO" }.count == 1)
        let todo = Self.todoLines(text)
        #expect(todo.contains("UID:\(Self.entryID.uuidString)"))
        #expect(todo.contains("SUMMARY:Milk (2 l)"))
        #expect(todo.contains("STATUS:NEEDS-ACTION"))
        #expect(todo.contains("DESCRIPTION:Semi-skimmed"))
        #expect(todo.contains("CATEGORIES:Dairy and eggs"))
        #expect(todo.contains("DTSTAMP:20261118T110640Z"))
        #expect(todo.contains("LAST-MODIFIED:20261118T110640Z"))
        #expect(Self.named("COMPLETED", in: todo).isEmpty)
        #expect(Self.named("STATUS", in: todo).count == 1)
        #expect(Self.named("UID", in: todo).count == 1)
    }

    @Test func anEntryWithoutQuantityNoteOrCategoryIsTheItemsNameAlone() {
        let todo = Self.todoLines(Self.written(Self.entry(), name: "Bread"))
        #expect(Self.named("SUMMARY", in: todo) == ["SUMMARY:Bread"])
        #expect(Self.named("DESCRIPTION", in: todo).isEmpty)
        #expect(Self.named("CATEGORIES", in: todo).isEmpty)
    }

    @Test func aCheckedOffEntryIsCompletedWhenItWasChecked() {
        // 2026-11-20T08:30:00Z.
        let checked = Date(timeIntervalSince1970: 1_795_163_400)
        let todo = Self.todoLines(Self.written(Self.entry(quantity: "12", checkedAt: checked), name: "Eggs"))
        #expect(Self.named("STATUS", in: todo) == ["STATUS:COMPLETED"])
        #expect(Self.named("COMPLETED", in: todo) == ["COMPLETED:20261120T083000Z"])
        #expect(todo.contains("SUMMARY:Eggs (12)"))
    }

    @Test func textIsEscapedAsICalendarHasIt() {
        let todo = Self.todoLines(
            Self.written(
                Self.entry(note: "The ripe ones, please;\nnot green\\yellow"), name: "Salt, sea",
                category: "Pantry, dry"))
        #expect(todo.contains("SUMMARY:Salt\\, sea"))
        #expect(todo.contains("DESCRIPTION:The ripe ones\\, please\\;\\nnot green\\\\yellow"))
        #expect(todo.contains("CATEGORIES:Pantry\\, dry"))
    }

    @Test func longLinesAreFoldedAtSeventyFiveOctets() {
        let name = "A very long item name that goes on and on, with an accent é here and there: é, é, é"
        let text = Self.written(Self.entry(), name: name)
        for line in text.split(separator: "\r\n", omittingEmptySubsequences: false) {
            #expect(line.utf8.count <= 75, "\(line)")
        }
        #expect(Self.todoLines(text).contains("SUMMARY:" + name.replacingOccurrences(of: ",", with: "\\,")))
    }

    // MARK: Reading the summary

    @Test func aSummaryEndingInAQuantityIsReadAsTheItemAndTheQuantity() throws {
        for (summary, name, quantity) in [
            ("Eggs (12)", "Eggs", "12"),
            ("Flour (1.5 kg)", "Flour", "1.5 kg"),
            ("Milk (2 l)", "Milk", "2 l"),
            ("Tomatoes (3 cans)", "Tomatoes", "3 cans"),
            ("Beans (tinned) (2)", "Beans (tinned)", "2"),
        ] as [(String, String, String?)] {
            let read = try Self.read(["UID:q", "SUMMARY:\(summary)"])
            #expect(read.name == name, "\(summary)")
            #expect(read.quantity == quantity, "\(summary)")
        }
    }

    @Test func aSummaryWithoutAQuantityIsTheNameWhole() throws {
        for summary in ["Milk", "Rice ()", "(2)", "Tea(2)", "Eggs (12) please", "Cider (2 bootles)", "Salt (-1)"] {
            let read = try Self.read(["UID:n", "SUMMARY:\(summary)"])
            #expect(read.name == summary, "\(summary)")
            #expect(read.quantity == nil, "\(summary)")
        }
    }

    /// The spec: "any other as the name alone (`Pasta (fusilli)`)". Words in parentheses are part of the item's
    /// name, not a quantity, though Lists keeps a quantity typed as free text ("a few").
    @Test func wordsInParenthesesArePartOfTheName() throws {
        for summary in ["Pasta (fusilli)", "Cheese (the good one)", "Coffee (decaf)"] {
            let read = try Self.read(["UID:p", "SUMMARY:\(summary)"])
            #expect(read.name == summary, "\(summary)")
            #expect(read.quantity == nil, "\(summary)")
        }
    }

    @Test func aSummarysEscapesAndLineEndsAreRead() throws {
        let read = try Self.read(["UID:e", "SUMMARY:Salt\\, sea\\nflakes (500 g)"])
        #expect(read.name == "Salt, sea flakes")
        #expect(read.quantity == "500 g")
    }

    @Test func whatIsWrittenIsReadBackAsTheSameEntry() throws {
        let checked = Date(timeIntervalSince1970: 1_795_163_400)
        for entry in [
            Self.entry(quantity: "1.5 kg", note: "Strong, for bread; the blue bag"),
            Self.entry(quantity: "12", checkedAt: checked),
            Self.entry(),
        ] {
            let bytes = ICalendar.write(entry: entry, name: "Flour, white", category: "Baking")
            let read = try ICalendar.entry(bytes, named: "\(entry.id.uuidString).ics", now: fixedNow)
            #expect(read.id == entry.id)
            #expect(read.uid == entry.id.uuidString)
            #expect(read.name == "Flour, white")
            #expect(read.quantity == entry.quantity)
            #expect(read.note == entry.note)
            #expect(read.checkedAt == entry.checkedAt)
            // Lists' own lines are not kept: nothing is, for an entry made in Lists.
            #expect(read.kept == nil, "\(read.kept ?? "")")
        }
    }

    // MARK: Reading the status and the note

    @Test func aCompletedToDoIsCheckedOffWhenItSays() throws {
        let completed = try Self.read(
            ["UID:c", "SUMMARY:Eggs", "STATUS:COMPLETED", "COMPLETED:20261120T083000Z"], named: "c.ics")
        #expect(completed.checkedAt == Date(timeIntervalSince1970: 1_795_163_400))
        // Neither line is kept: Lists writes them from the check-off.
        #expect(completed.kept == "UID:c")
        // Without a time, now.
        let now = try Self.read(["UID:c", "SUMMARY:Eggs", "STATUS:COMPLETED"])
        #expect(now.checkedAt == fixedNow)
        // COMPLETED alone says it too; status names are read in any case.
        #expect(try Self.read(["UID:c", "SUMMARY:Eggs", "COMPLETED:20261120T083000Z"]).checkedAt != nil)
        #expect(try Self.read(["UID:c", "SUMMARY:Eggs", "STATUS:completed"]).checkedAt == fixedNow)
        let open = try Self.read(["UID:c", "SUMMARY:Eggs", "STATUS:NEEDS-ACTION"], named: "c.ics")
        #expect(open.checkedAt == nil)
        #expect(open.kept == "UID:c")
        #expect(try Self.read(["UID:c", "SUMMARY:Eggs"]).checkedAt == nil)
    }

    @Test func aBadCompletedTimeIsRefused() {
        guard case .notCalendarData = Self.refusal(Self.body(["UID:c", "SUMMARY:Eggs", "COMPLETED:yesterday"])) else {
            Issue.record("a COMPLETED that is no time was read")
            return
        }
    }

    @Test func aNoteWithCommasComesBackAsItWasAndItsLineBreaksAsSpaces() throws {
        // An entry's note is one line: a client's note of several is read as one.
        let read = try Self.read(["UID:d", "SUMMARY:Apples", "DESCRIPTION:Ripe ones\\, please\\nnot green\\; thanks"])
        #expect(read.note == "Ripe ones, please not green; thanks")
        let written = Self.todoLines(Self.written(Self.entry(note: read.note), name: read.name))
        #expect(written.contains("DESCRIPTION:Ripe ones\\, please not green\\; thanks"))
        // An empty description is no note.
        #expect(try Self.read(["UID:d", "SUMMARY:Apples", "DESCRIPTION:"]).note == nil)
    }

    @Test func categoriesAndStampsAreNotReadBackNorKept() throws {
        let read = try Self.read(
            [
                "UID:k", "SUMMARY:Milk", "CATEGORIES:Dairy,Fridge", "DTSTAMP:20261201T090000Z",
                "LAST-MODIFIED:20261201T090000Z",
            ], named: "k.ics")
        #expect(read.name == "Milk")
        #expect(read.kept == "UID:k")
    }

    // MARK: Kept lines

    static let alarm = [
        "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER;RELATED=END:-PT15M", "END:VALARM",
    ]
    static let others = [
        "DUE;VALUE=DATE:20261224", "PRIORITY:1", "X-FOO;X-PARAM=\"a;b:c\":value with \\, comma",
        "X-APPLE-SORT-ORDER:728391045", "CREATED:20261130T054527Z",
    ]

    @Test func linesListsHasNoFieldForAreKeptAndWrittenBackAfterItsOwn() throws {
        let uid = Self.entryID.uuidString
        let read = try Self.read(
            ["UID:\(uid)", "SUMMARY:Milk (2 l)"] + Self.others + Self.alarm + ["DESCRIPTION:Semi-skimmed"],
            named: "\(uid).ics")
        // The alarm's DESCRIPTION is the alarm's, not the entry's note.
        #expect(read.note == "Semi-skimmed")
        #expect(read.kept == (Self.others + Self.alarm).joined(separator: "\n"))
        let entry = Self.entry(quantity: read.quantity, note: read.note, kept: read.kept)
        let text = Self.written(entry, name: read.name)
        let todo = Self.todoLines(text)
        // Each kept line once, in the order it came, after the lines Lists writes.
        let kept = Self.others + Self.alarm
        let start = try #require(todo.firstIndex(of: kept[0]))
        #expect(Array(todo[start...]) == kept)
        #expect(Self.named("DESCRIPTION", in: todo) == ["DESCRIPTION:Semi-skimmed", "DESCRIPTION:Reminder"])
        #expect(todo.contains("SUMMARY:Milk (2 l)"))
        // Read again, the same.
        let again = try ICalendar.entry(Array(text.utf8), named: "\(uid).ics", now: fixedNow)
        #expect(again.kept == read.kept)
        #expect(again.note == read.note && again.name == read.name && again.quantity == read.quantity)
    }

    /// RFC 5545 3.6.2: STATUS occurs at most once in a VTODO. A status Lists does not read (IN-PROCESS, CANCELLED)
    /// is kept; written back, the VTODO still has one STATUS, and a checked-off entry's says COMPLETED.
    @Test func aKeptStatusIsNotWrittenBesideListsOwn() throws {
        for status in ["IN-PROCESS", "CANCELLED"] {
            let read = try Self.read(["UID:s", "SUMMARY:Milk", "STATUS:\(status)"])
            #expect(read.checkedAt == nil, "\(status)")
            let open = Self.todoLines(Self.written(Self.entry(kept: read.kept), name: "Milk"))
            #expect(Self.named("STATUS", in: open).count == 1, "\(status): \(Self.named("STATUS", in: open))")
            let checked = Self.todoLines(
                Self.written(Self.entry(checkedAt: fixedNow, kept: read.kept), name: "Milk"))
            #expect(Self.named("STATUS", in: checked) == ["STATUS:COMPLETED"], "\(status)")
        }
    }

    @Test func tooMuchToKeepIsRefused() {
        let long = "X-LONG:" + String(repeating: "x", count: 100_001)
        guard case .notKeptAsSent = Self.refusal(Self.body(["UID:l", "SUMMARY:Milk", long])) else {
            Issue.record("more than Lists keeps was read")
            return
        }
    }

    // MARK: UIDs and names

    @Test func aUUIDUIDIsTheEntrysIdAndNotKept() throws {
        let uid = "7C3F2B1A-0D9E-4C8B-A7F6-E5D4C3B2A190"
        let read = try Self.read(["UID:\(uid)", "SUMMARY:Milk"], named: "\(uid).ics")
        #expect(read.id == UUID(uuidString: uid))
        #expect(read.uid == uid)
        #expect(read.kept == nil)
        let entry = Self.entry(kept: read.kept, id: read.id)
        #expect(ICalendar.uid(of: entry) == uid)
        #expect(ICalendar.resourceName(of: entry) == "\(uid).ics")
        #expect(Self.named("UID", in: Self.todoLines(Self.written(entry, name: "Milk"))) == ["UID:\(uid)"])
    }

    @Test func aLowerCaseUUIDUIDIsGivenBackAsItCame() throws {
        let uid = "7c3f2b1a-0d9e-4c8b-a7f6-e5d4c3b2a190"
        let read = try Self.read(["UID:\(uid)", "SUMMARY:Milk"], named: "\(uid).ics")
        #expect(read.id == UUID(uuidString: uid))
        let entry = Self.entry(kept: read.kept, id: read.id)
        #expect(ICalendar.uid(of: entry) == uid)
        #expect(ICalendar.resourceName(of: entry) == "\(uid).ics")
        #expect(Self.named("UID", in: Self.todoLines(Self.written(entry, name: "Milk"))) == ["UID:\(uid)"])
    }

    @Test func aTextUIDMakesTheIdAndIsKeptAndWrittenOnce() throws {
        let uid = "040000008200E00074C5B7101A82E008@example.org"
        let read = try Self.read(["UID:\(uid)", "SUMMARY:Milk", "X-FOO:bar"], named: "\(uid).ics")
        #expect(read.id == ICalendar.id(forUID: uid))
        #expect(read.id == ICalendar.id(forUID: uid))
        #expect(read.uid == uid)
        #expect(read.kept == "UID:\(uid)\nX-FOO:bar")
        let entry = Self.entry(kept: read.kept, id: read.id)
        #expect(ICalendar.uid(of: entry) == uid)
        #expect(ICalendar.resourceName(of: entry) == "\(uid).ics")
        let todo = Self.todoLines(Self.written(entry, name: "Milk"))
        #expect(Self.named("UID", in: todo) == ["UID:\(uid)"])
        #expect(!todo.contains("UID:\(read.id.uuidString)"))
        // Read back: the same id, the same kept lines.
        let again = try ICalendar.entry(
            ICalendar.write(entry: entry, name: "Milk", category: nil), named: "\(uid).ics", now: fixedNow)
        #expect(again.id == read.id && again.kept == read.kept)
    }

    @Test func aResourcesNameThatIsNotItsUIDIsKeptButNeverWritten() throws {
        let read = try Self.read(["UID:client-uid-42", "SUMMARY:Milk"], named: "my milk 1.ics")
        #expect(read.kept?.contains("X-LISTS-RESOURCE-NAME:my milk 1.ics") == true)
        let entry = Self.entry(kept: read.kept, id: read.id)
        #expect(ICalendar.resourceName(of: entry) == "my milk 1.ics")
        #expect(ICalendar.uid(of: entry) == "client-uid-42")
        let text = Self.written(entry, name: "Milk")
        #expect(!text.contains("X-LISTS"))
        // Under its UID's name, nothing of the kind is kept.
        #expect(
            try Self.read(["UID:client-uid-42", "SUMMARY:Milk"], named: "client-uid-42.ics").kept == "UID:client-uid-42"
        )
    }

    @Test func aClientsOwnResourceNameLineNamesNothing() throws {
        for line in ["X-LISTS-RESOURCE-NAME:elsewhere.ics", "x-lists-resource-name:elsewhere.ics"] {
            let read = try Self.read(["UID:own", "SUMMARY:Milk", line], named: "own.ics")
            #expect(read.kept == "UID:own", "\(line)")
            #expect(ICalendar.resourceName(of: Self.entry(kept: read.kept, id: read.id)) == "own.ics")
        }
    }

    // MARK: Refusals

    @Test func aToDoWithoutAUIDIsRefused() {
        #expect(Self.refusal(Self.body(["SUMMARY:Milk"])) == .noUID)
    }

    @Test func aToDoWithoutASummaryIsRefused() {
        for lines in [["UID:x"], ["UID:x", "SUMMARY:"], ["UID:x", "SUMMARY:   "]] {
            guard case .notKeptAsSent(let reason) = Self.refusal(Self.body(lines)) else {
                Issue.record("\(lines) was not refused")
                continue
            }
            #expect(reason.contains("SUMMARY"))
        }
    }

    @Test func anEventIsNotAToDo() {
        let event = "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\nUID:e\nSUMMARY:Party\nEND:VEVENT\nEND:VCALENDAR\n"
        #expect(Self.refusal(event) == .notAToDo(component: "VEVENT"))
    }

    @Test func oneResourceHoldsOneToDo() {
        let two =
            "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VTODO\nUID:a\nSUMMARY:A\nEND:VTODO\nBEGIN:VTODO\nUID:b\nSUMMARY:B\n"
            + "END:VTODO\nEND:VCALENDAR\n"
        #expect(Self.refusal(two) == .severalComponents(2))
        let mixed =
            "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VTODO\nUID:a\nSUMMARY:A\nEND:VTODO\nBEGIN:VEVENT\nUID:e\nEND:VEVENT\n"
            + "END:VCALENDAR\n"
        #expect(Self.refusal(mixed) == .severalComponents(2))
        #expect(Self.refusal("BEGIN:VCALENDAR\nVERSION:2.0\nEND:VCALENDAR\n") == .severalComponents(0))
    }

    @Test func aTimeZoneBesideTheToDoIsAllowed() throws {
        let text =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\nEND:VTIMEZONE\r\n"
            + "BEGIN:VTODO\r\nUID:tz\r\nSUMMARY:Milk\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let read = try ICalendar.entry(Array(text.utf8), named: "tz.ics", now: fixedNow)
        #expect(read.name == "Milk")
        #expect(read.kept == "UID:tz")
    }

    @Test func whatIsNotICalendarIsRefused() {
        for body in ["hello", "{\"title\": \"Milk\"}", "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:x\nSUMMARY:x\n"] {
            guard case .notCalendarData = Self.refusal(body) else {
                Issue.record("\(body) was not refused as not iCalendar")
                continue
            }
        }
    }

    @Test func textThatIsNotUTF8IsRefused() {
        let latin1 =
            Array("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:l\r\nSUMMARY:Caf".utf8) + [0xE9]
            + Array("\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
        guard case .notCalendarData = Self.refusal(latin1) else {
            Issue.record("text that is not UTF-8 was read")
            return
        }
    }

    /// RFC 5545 3.1: a writer may fold a line between the octets of one character.
    @Test func aLineFoldedInsideACharacterIsReadWhole() throws {
        var folded = Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:f\r\nSUMMARY:Caf".utf8)
        folded += [0xC3] + Array("\r\n ".utf8) + [0xA9]
        folded += Array(" cr".utf8) + [0xC3, 0xA8] + Array("me (2)\r\nDESCRIPTION:".utf8)
        folded += [0xC3] + Array("\r\n\t".utf8) + [0xBC] + Array("ber\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
        let read = try ICalendar.entry(folded, named: "f.ics", now: fixedNow)
        #expect(read.name == "Café crème")
        #expect(read.quantity == "2")
        #expect(read.note == "über")
    }
}
