import Foundation
import ListsModel

/// A to-do as a CalDAV resource (RFC 4791 4.1): its body is a VCALENDAR of one VTODO, and its name in its calendar
/// is the one its client chose.
///
/// A task's id is its UID's (``id(forUID:)``: the UUID it is, else one made from its text), as when a file is
/// imported, so that one UID is one task. Clients name a new to-do `UID.ics` (Apple's Reminders, DAVx5,
/// Thunderbird, Evolution, vdirsyncer, python-caldav), so a request's path finds its task by the id its name
/// gives (``taskID(forResourceName:)``); a task made in Lists is `ID.ics`. A name of another form is kept with the
/// task's lines (``resourceNameProperty``, never written out), so that the task is answered under that name; the
/// server keeps which task such a name is.
extension ICalendar {
    /// The kept line that holds a resource's name when it is not `UID.ics`.
    static let resourceNameProperty = "X-LISTS-RESOURCE-NAME"

    /// The name of `task`'s resource in its calendar: the one its client gave it, else `UID.ics`.
    public static func resourceName(of task: TodoTask) -> String {
        resourceName(kept: task.icalendar, id: task.id)
    }

    /// The name of the resource of an entry of a shopping list: the one its client gave it, else `UID.ics`.
    public static func resourceName(of entry: ListEntry) -> String {
        resourceName(kept: entry.icalendar, id: entry.id)
    }

    /// The name of the resource whose kept lines are `kept` and whose id is `id`.
    static func resourceName(kept: String?, id: UUID) -> String {
        keptValue(resourceNameProperty, in: kept) ?? uid(kept: kept, id: id) + ".ics"
    }

    /// The value of the first of the `kept` lines (one a line) whose property is `name`, or `nil`.
    static func keptValue(_ name: String, in kept: String?) -> String? {
        for line in kept?.split(separator: "\n") ?? [] {
            if let parsed = try? ContentLine(String(line), line: 0), parsed.name == name { return parsed.value }
        }
        return nil
    }

    /// The UID of `task`'s VTODO: the one its client gave, else its id as Lists writes it.
    public static func uid(of task: TodoTask) -> String {
        uid(kept: task.icalendar, id: task.id)
    }

    /// The UID of an entry's VTODO: the one its client gave, else its id as Lists writes it.
    public static func uid(of entry: ListEntry) -> String {
        uid(kept: entry.icalendar, id: entry.id)
    }

    static func uid(kept: String?, id: UUID) -> String {
        keptValue("UID", in: kept) ?? id.uuidString
    }

    /// The value of the first `UID` line of a resource's body, read without parsing the rest; `nil` when it has
    /// none (or is not text).
    public static func uidLine(in bytes: [UInt8]) -> String? {
        guard let text = try? text(bytes) else { return nil }
        for line in unfolded(text) {
            if let parsed = try? ContentLine(line.text, line: 0), parsed.name == "UID" { return parsed.value }
        }
        return nil
    }

    /// The id of the task a resource named `name` is (``id(forUID:)`` of the name without `.ics`).
    public static func taskID(forResourceName name: String) -> UUID {
        id(forUID: name.hasSuffix(".ics") ? String(name.dropLast(4)) : name)
    }

    /// A resource's body put at `name` as a task: ``resource(_:now:zone:)``'s (its id its UID's), the name kept
    /// when it is not `UID.ics`. A warning is a refusal here
    /// (``ResourceRefusal/notKeptAsSent(_:)``): a client's to-do is kept as it was sent or not at all.
    /// - Throws: ``ResourceRefusal``.
    public static func resource(_ bytes: [UInt8], named name: String, now: Date, zone: Zone) throws -> TodoTask {
        var (task, warning) = try resource(bytes, now: now, zone: zone)
        if let warning {
            // The one warning a VTODO gives: a repeat Lists cannot follow, kept by an import, refused here.
            var reason = warning
            if let rule = keptValue("RRULE", in: task.icalendar) {
                do {
                    _ = try Recurrence(rule: rule)
                } catch let error as ValidationError {
                    reason = "Lists cannot repeat the RRULE \(Quoted(rule)): \(error.message)"
                }
            }
            throw ResourceRefusal.notKeptAsSent(reason)
        }
        // RFC 4791 4.1: every calendar object has a UID (without one, the reader gave the task a random id).
        guard uidLine(in: bytes) != nil else { throw ResourceRefusal.noUID }
        var kept = task.icalendar?.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) ?? []
        // A client's own line of that name names nothing here.
        kept.removeAll { (try? ContentLine($0, line: 0))?.name == resourceNameProperty }
        if resourceName(kept: kept.joined(separator: "\n"), id: task.id) != name {
            kept.append("\(resourceNameProperty):\(name)")
        }
        task.icalendar = kept.isEmpty ? nil : kept.joined(separator: "\n")
        return task
    }

    /// A CalDAV resource's body (RFC 4791 4.1): one VCALENDAR holding one VTODO (and the time zones it names), as
    /// a task, with a warning when Lists took something in otherwise than it came.
    /// - Throws: ``ResourceRefusal``: the body is no iCalendar Lists reads, holds no VTODO but another component,
    ///   or more than one.
    public static func resource(_ bytes: [UInt8], now: Date, zone: Zone) throws -> (
        task: TodoTask, warning: String?
    ) {
        let calendar: Parsed
        do {
            calendar = try parse(bytes, now: now, zone: zone)
        } catch let error as ImportError {
            throw ResourceRefusal.notCalendarData(error)
        }
        try checkOneToDo(todos: calendar.tasks.count, others: calendar.otherComponents)
        return (calendar.tasks[0], calendar.warnings.first)
    }

    /// Refuses a resource whose body holds `todos` to-dos and the components `others` counts (time zones aside)
    /// unless that is one to-do and nothing else.
    /// - Throws: ``ResourceRefusal/notAToDo(component:)``, ``ResourceRefusal/severalComponents(_:)``.
    static func checkOneToDo(todos: Int, others: [String: Int]) throws {
        let others = others.filter { $0.key != "VTIMEZONE" }
        if todos == 0, let other = others.keys.sorted().first { throw ResourceRefusal.notAToDo(component: other) }
        guard todos == 1, others.isEmpty else {
            throw ResourceRefusal.severalComponents(todos + others.values.reduce(0, +))
        }
    }

    /// Why a CalDAV resource's body is not one to-do: what the protocol answers, with a reason.
    public enum ResourceRefusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// Not iCalendar Lists reads (CalDAV's `valid-calendar-data`), and why.
        case notCalendarData(String)
        /// A VEVENT, VJOURNAL, ... where a list holds to-dos (`supported-calendar-component`).
        case notAToDo(component: String)
        /// Several components in one resource (`valid-calendar-object-resource`), with how many.
        case severalComponents(Int)
        /// Something Lists would have to take in otherwise than it came (an RRULE it cannot repeat), and what
        /// (`valid-calendar-data`: a client's to-do is stored as it means, or not at all).
        case notKeptAsSent(String)
        /// A to-do without a UID (`valid-calendar-object-resource`).
        case noUID

        /// A reader's refusal of a body as not iCalendar Lists reads, with its reason ("the file: file: is not
        /// UTF-8 text" said of a body: the body is not UTF-8 text).
        static func notCalendarData(_ error: ImportError) -> ResourceRefusal {
            .notCalendarData(error.location == "the file" ? "the body \(error.message)" : error.description)
        }

        public var description: String {
            switch self {
            case .notCalendarData(let reason): "the body is not iCalendar data Lists reads: \(reason)"
            case .notAToDo(let component): "a list holds to-dos (VTODO), not a \(component)"
            case .severalComponents(let count):
                count == 0 ? "the calendar holds no to-do" : "a resource holds one to-do, not \(count) components"
            case .notKeptAsSent(let reason): reason
            case .noUID: "a to-do has a UID (RFC 5545 3.8.4.7)"
            }
        }
    }

}
