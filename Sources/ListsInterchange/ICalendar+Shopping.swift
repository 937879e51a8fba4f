import Foundation
import ListsModel

/// An entry of a shopping list as a CalDAV to-do, so that a reminders app shows a household's shopping lists as
/// lists of to-dos: checking one off checks the entry off (logged as bought, as in Lists), adding one puts the
/// item on the list.
///
/// | VTODO | entry |
/// | --- | --- |
/// | `SUMMARY` | the item's name, and its quantity after it in parentheses when it has one: `Milk (2 l)`, `Basil (a bunch)`; a summary sent back unchanged keeps both, another that ends so with a number Lists reads as a quantity (`Eggs (12)`, `Flour (1.5 kg)`) is read as name and quantity, and words in parentheses are the name's (`Pasta (fusilli)`) |
/// | `STATUS:COMPLETED`, `COMPLETED` | checked off, and when (another STATUS, `IN-PROCESS` or `CANCELLED`, is to buy) |
/// | `DESCRIPTION` | its note (one line: a note of several lines is read with its line breaks as spaces) |
/// | `CATEGORIES` | the item's category, written for the app to show; Lists does not read it back (the category is the catalog item's, for every list) |
/// | `UID` | its id when it is a UUID, else one made from it (``id(forUID:)``), as for a task |
///
/// Every other line of the VTODO (its alarms, a due date, a priority, the app's own properties) is kept with the
/// entry (``ListsModel/ListEntry/icalendar``) and given back as it came, after the lines Lists writes.
extension ICalendar {
    /// What a VTODO put in a shopping list says of its entry.
    public struct EntryValues: Equatable, Sendable {
        /// The entry's id: its UID's.
        public var id: UUID
        /// The UID the client gave.
        public var uid: String
        /// The item's name, as sent (checked by the catalog).
        public var name: String
        /// The quantity read from the summary, as sent (checked by the list).
        public var quantity: String?
        public var note: String?
        /// When it was checked off, or `nil` while it is to buy.
        public var checkedAt: Date?
        /// The lines Lists keeps for the entry (``ListsModel/ListEntry/icalendar``).
        public var kept: String?
    }

    /// `entry` of the item called `name` (in `category`, if any) as a VCALENDAR of one VTODO.
    public static func write(entry: ListEntry, name: String, category: String?) -> [UInt8] {
        var output: [UInt8] = []
        func line(_ text: String) { fold(text, into: &output) }
        let kept = entry.icalendar?.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) ?? []
        let keptNames = kept.map { (try? ContentLine($0, line: 0))?.name }
        line("BEGIN:VCALENDAR")
        line("VERSION:2.0")
        line("PRODID:-//Lists//Lists//EN")
        line("BEGIN:VTODO")
        if !keptNames.contains("UID") { line("UID:\(entry.id.uuidString)") }
        line("DTSTAMP:\(utc(entry.meta.updatedAt))")
        line("LAST-MODIFIED:\(utc(entry.meta.updatedAt))")
        line("SUMMARY:\(escaped(summary(name: name, quantity: entry.quantity)))")
        line("STATUS:\(entry.isChecked ? "COMPLETED" : "NEEDS-ACTION")")
        if let checkedAt = entry.checkedAt { line("COMPLETED:\(utc(checkedAt))") }
        if let note = entry.note { line("DESCRIPTION:\(escaped(note))") }
        if let category { line("CATEGORIES:\(escaped(category))") }
        for (keptLine, name) in zip(kept, keptNames) where !keptLine.isEmpty && name != resourceNameProperty {
            line(keptLine)
        }
        line("END:VTODO")
        line("END:VCALENDAR")
        return output
    }

    /// An entry's summary: `Milk`, or `Milk (2 l)`.
    static func summary(name: String, quantity: String?) -> String {
        quantity.map { "\(name) (\($0))" } ?? name
    }

    /// A summary read as an item's name and a quantity: the summary the entry has now (`current`) reads as its own
    /// name and quantity (a quantity of words too, `Basil (a bunch)`); any other's quantity is what its last
    /// parentheses hold when that starts with a number Lists reads (`Eggs (12)`, `Flour (1.5 kg)`), and words in
    /// parentheses are the name's (`Pasta (fusilli)`).
    static func nameAndQuantity(_ summary: String, current: (name: String, quantity: String?)? = nil)
        -> (name: String, quantity: String?)
    {
        if let current, summary == self.summary(name: current.name, quantity: current.quantity) { return current }
        guard summary.hasSuffix(")"), let open = summary.range(of: " (", options: .backwards) else {
            return (summary, nil)
        }
        let inner = String(summary[open.upperBound..<summary.index(before: summary.endIndex)])
        switch try? Quantity(parsing: inner) {
        case .count?, .amount?: return (String(summary[..<open.lowerBound]), inner)
        default: return (summary, nil)
        }
    }

    /// A resource's body put at `name` in a shopping list, as the entry it says.
    /// - Throws: ``ResourceRefusal``: not iCalendar, not one VTODO, no UID, no SUMMARY.
    public static func entry(
        _ bytes: [UInt8], named name: String, now: Date, current: (name: String, quantity: String?)? = nil
    ) throws -> EntryValues {
        let lines = try vtodoLines(bytes)
        var uid: String?
        var summary: String?
        var note: String?
        var isChecked = false
        var checkedAt: Date?
        var kept: [String] = []
        var nested = 0
        for line in lines {
            if line.name == "BEGIN" { nested += 1 }
            if nested > 0 {
                kept.append(line.raw)
                if line.name == "END" { nested -= 1 }
                continue
            }
            switch line.name {
            case "UID":
                uid = line.value
                kept.append(line.raw)
            case "SUMMARY":
                summary = unescaped(line.value).replacingOccurrences(of: "\n", with: " ")
            case "DESCRIPTION":
                // An entry's note is one line: a note of several reads as one, its line breaks as spaces.
                let text = ImportedText.oneLine(unescaped(line.value)).trimmingWhitespace()
                note = text.isEmpty ? nil : text
            case "STATUS":
                // Lists writes its own STATUS: an entry is bought or not. IN-PROCESS and CANCELLED read as not.
                if line.value.uppercased() == "COMPLETED" { isChecked = true }
            case "COMPLETED":
                isChecked = true
                do {
                    checkedAt = try moment(line, location: "line \(line.number)")
                } catch let error as ImportError {
                    throw ResourceRefusal.notCalendarData(error)
                }
            case "CATEGORIES", "DTSTAMP", "LAST-MODIFIED", resourceNameProperty:
                break
            default:
                kept.append(line.raw)
            }
        }
        guard let uid else { throw ResourceRefusal.noUID }
        guard let summary, !summary.trimmingWhitespace().isEmpty else {
            throw ResourceRefusal.notKeptAsSent("an entry of a shopping list has a SUMMARY: the item's name")
        }
        let id = id(forUID: uid)
        if uid == id.uuidString { kept.removeAll { $0 == "UID:\(uid)" } }
        if resourceName(kept: kept.joined(separator: "\n"), id: id) != name {
            kept.append("\(resourceNameProperty):\(name)")
        }
        let keptText = kept.joined(separator: "\n")
        guard keptText.count <= keptLimit else {
            throw ResourceRefusal.notKeptAsSent(
                "the VTODO holds more than \(keptLimit) characters that Lists keeps as they are")
        }
        let (itemName, quantity) = nameAndQuantity(summary, current: current)
        return EntryValues(
            id: id, uid: uid, name: itemName, quantity: quantity, note: note,
            checkedAt: isChecked ? (checkedAt ?? now) : nil, kept: kept.isEmpty ? nil : keptText)
    }

    /// The content lines of the one VTODO of a resource's body (its BEGIN and END left out), unfolded.
    /// - Throws: ``ResourceRefusal``.
    private static func vtodoLines(_ bytes: [UInt8]) throws -> [ContentLine] {
        var todos: [[ContentLine]] = []
        let others: [String: Int]
        do {
            others = try components(bytes) { lines, _ in todos.append(lines) }
        } catch let error as ImportError {
            throw ResourceRefusal.notCalendarData(error)
        }
        try checkOneToDo(todos: todos.count, others: others)
        return todos[0]
    }
}
