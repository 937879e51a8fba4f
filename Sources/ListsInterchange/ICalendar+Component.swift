import Foundation
import ListsDAV
import ListsModel

extension ICalendar {
    /// A task as a calendar-query's filter sees it (``ListsDAV/CalendarFilter``): the VCALENDAR Lists writes for it,
    /// its VTODO's properties (the ones Lists writes and the kept ones) and components (a reminder's VALARM, kept
    /// alarms), each date's moment in the household's `zone` (a day its midnight there, a floating time there).
    public static func component(of task: TodoTask, zone: Zone) -> CalendarComponent {
        component(ofBody: write([task], zone: zone), zone: zone)
    }

    /// A resource's body, as Lists writes it, as a calendar-query's filter sees it; each date's moment in `zone`.
    public static func component(ofBody body: [UInt8], zone: Zone) -> CalendarComponent {
        let text = String(decoding: body, as: UTF8.self)
        // Components by depth: the VCALENDAR, then each one open inside it.
        var open: [CalendarComponent] = []
        var finished: CalendarComponent?
        for line in unfolded(text) where !line.text.isEmpty {
            guard let parsed = try? ContentLine(line.text, line: line.number) else { continue }
            switch parsed.name {
            case "BEGIN":
                open.append(CalendarComponent(name: parsed.value.uppercased()))
            case "END":
                guard let closed = open.popLast() else { continue }
                if open.isEmpty {
                    finished = closed
                } else {
                    open[open.count - 1].components.append(closed)
                }
            default:
                guard !open.isEmpty else { continue }
                open[open.count - 1].properties.append(
                    CalendarProperty(
                        name: parsed.name, parameters: parsed.parameters, value: unescaped(parsed.value),
                        seconds: seconds(of: parsed, zone: zone)))
            }
        }
        return finished ?? CalendarComponent(name: "VCALENDAR")
    }

    /// A date property's moment in seconds since 1970, or `nil` for another property (or a value Lists cannot
    /// read as a date).
    private static func seconds(of line: ContentLine, zone: Zone) -> Int64? {
        let moment: Date?
        switch line.name {
        case "DUE", "DTSTART", "RECURRENCE-ID":
            moment = (try? due(line, zone: zone, location: ""))?.instant(in: zone)
        case "COMPLETED", "CREATED", "DTSTAMP", "LAST-MODIFIED":
            moment = try? Self.moment(line, location: "")
        default:
            moment = nil
        }
        return moment.map { Int64($0.timeIntervalSince1970.rounded(.down)) }
    }
}
