import Foundation
import ListsModel

/// iCalendar (RFC 5545) files of to-dos, `.ics`: each VTODO of a VCALENDAR is a task, and a task is written as one.
///
/// What a VTODO says that Lists models:
///
/// | iCalendar | task |
/// | --- | --- |
/// | `SUMMARY` | its title (line ends read as spaces) |
/// | `STATUS:COMPLETED`, `COMPLETED` | done, and when (`doneAt`); `CANCELLED` reads as done, `IN-PROCESS` as not |
/// | `DUE` | its due date: a `DATE` a day; a floating `DATE-TIME` that wall-clock time; one in UTC or with a `TZID` of the IANA database the household's time at that moment (another `TZID` reads as the household's wall clock) |
/// | `RRULE` | its repeat, when Lists can repeat it; else the task comes without one, the line kept and a warning naming it |
/// | `DTSTART` of a repeating to-do | the date its repeat counts from (kept as it came on one that does not repeat) |
/// | `X-LISTS-REPEAT` | an after-done repeat (`AFTER-DONE=P3D`), which RRULE cannot say |
/// | `PRIORITY` | 1 to 4 high, 5 medium, 6 to 9 low, 0 none |
/// | `DESCRIPTION` | its note |
/// | a `VALARM` at a moment (`TRIGGER;VALUE=DATE-TIME`) | its reminder, the household's time at that moment; written back as such an alarm |
/// | `UID` | its id when it is a UUID; else an id made from it, the same for the same UID, so that a file imported again updates its tasks |
///
/// Every other line of the VTODO (its UID when it is not the id as Lists writes it, `DTSTART`, `CREATED`,
/// `CATEGORIES`, `RELATED-TO`, `VALARM` components, a client's `X-` properties, a `STATUS` Lists reads as done or
/// not but does not keep) is kept with the task (``ListsModel/TodoTask/icalendar``) and written back as it came,
/// after the lines Lists writes. `DTSTAMP` and `LAST-MODIFIED` are written anew from the task's last change.
/// Other components (events, journals, time zones) are not tasks: they are left out, and said so.
public enum ICalendar {
    /// The most characters of kept lines a task holds (the field's limit).
    static let keptLimit = 100_000

    // MARK: Reading

    /// The tasks of the VTODOs of an iCalendar file, in file order; times in `zone`, the household's.
    /// - Throws: ``ImportError`` naming the line and the property.
    public static func read(_ bytes: [UInt8], now: Date, zone: Zone) throws -> ImportBatch {
        let calendar = try parse(bytes, now: now, zone: zone)
        var warnings = calendar.warnings
        for (kind, count) in calendar.otherComponents.sorted(by: { $0.key < $1.key }) where kind != "VTIMEZONE" {
            warnings.append(
                "\(count) \(kind) \(count == 1 ? "component was" : "components were") left out: only to-dos (VTODO) are tasks"
            )
        }
        var batch = ImportBatch(calendar.tasks, existing: .update)
        batch.warnings = warnings
        return batch
    }

    /// What iCalendar text holds: the tasks of its VTODOs, their warnings, and how many components of each other
    /// kind.
    typealias Parsed = (tasks: [TodoTask], warnings: [String], otherComponents: [String: Int])

    /// The tasks of the VTODOs of iCalendar text, their warnings, and how many components of each other kind it
    /// holds.
    static func parse(_ bytes: [UInt8], now: Date, zone: Zone) throws -> Parsed {
        var tasks: [TodoTask] = []
        var warnings: [String] = []
        let skipped = try components(bytes) { lines, end in
            let (task, warning) = try Self.task(lines, now: now, zone: zone, line: end)
            tasks.append(task)
            if let warning { warnings.append(warning) }
        }
        return (tasks, warnings, skipped)
    }

    /// Walks the components of an iCalendar file: `todo` is given each VTODO's content lines (its BEGIN and END
    /// left out, its alarms' lines in) and the number of the line it ends on, as it ends; answers how many
    /// components of each other kind the file holds.
    /// - Throws: ``ImportError`` for text that is not an iCalendar file, or what `todo` throws.
    static func components(_ bytes: [UInt8], todo: ([ContentLine], Int) throws -> Void) throws -> [String: Int] {
        let lines = unfolded(try Self.text(bytes))
        guard let first = lines.first(where: { !$0.text.isEmpty }),
            first.text.uppercased() == "BEGIN:VCALENDAR"
        else {
            throw ImportError("line 1", field: "BEGIN", "an iCalendar file starts with BEGIN:VCALENDAR")
        }
        var skipped: [String: Int] = [:]
        var component: [ContentLine] = []
        var depth = 0
        var inTodo = false
        var sawEnd = false
        for line in lines where !line.text.isEmpty {
            let parsed = try ContentLine(line.text, line: line.number)
            if parsed.name == "BEGIN" {
                depth += 1
                if depth == 2 {
                    inTodo = parsed.value.uppercased() == "VTODO"
                    if !inTodo { skipped[parsed.value.uppercased(), default: 0] += 1 }
                    component = []
                    continue
                }
            }
            if parsed.name == "END" {
                depth -= 1
                if depth == 1, inTodo {
                    try todo(component, line.number)
                    inTodo = false
                    continue
                }
                if depth == 0 {
                    sawEnd = true
                    break
                }
                if depth < 0 { throw ImportError("line \(line.number)", field: "END", "ends what did not begin") }
            }
            if depth >= 2, inTodo { component.append(parsed) }
        }
        guard sawEnd, depth == 0 else {
            throw ImportError("the file", field: "END", "the file ends before END:VCALENDAR")
        }
        return skipped
    }

    /// The task a VTODO's lines make, and a warning when Lists took something in otherwise than it came.
    private static func task(_ lines: [ContentLine], now: Date, zone: Zone, line end: Int) throws -> (
        TodoTask, String?
    ) {
        var title: String?
        var isDone = false
        var doneAt: Date?
        var due: Due?
        var priority: TaskPriority?
        var note: String?
        var recurrence: Recurrence?
        var uid: String?
        var kept: [String] = []
        var unrepeated: String?
        var start: ContentLine?
        var nested = 0
        var block: [ContentLine] = []
        var remindAt: Due?
        for line in lines {
            let location = "line \(line.number)"
            if line.name == "BEGIN" { nested += 1 }
            if nested > 0 {
                block.append(line)
                if line.name == "END" { nested -= 1 }
                if nested == 0 {
                    // An alarm at a moment (`TRIGGER;VALUE=DATE-TIME`, as Apple's Reminders writes "remind me at")
                    // is the task's reminder; any other alarm (before the due time, say) is kept as it came.
                    if remindAt == nil, let moment = try Self.alarmMoment(block) {
                        remindAt = Self.wall(moment, in: zone)
                    } else {
                        kept += block.map(\.raw)
                    }
                    block = []
                }
                continue
            }
            switch line.name {
            case "SUMMARY":
                let text = unescaped(line.value).replacingOccurrences(of: "\n", with: " ")
                title = try ImportError.at(location, field: "SUMMARY") { try TodoTask.validTitle(text) }
            case "STATUS":
                switch line.value.uppercased() {
                case "COMPLETED": isDone = true
                case "NEEDS-ACTION": break
                case "CANCELLED":
                    isDone = true
                    kept.append(line.raw)
                default: kept.append(line.raw)
                }
            case "COMPLETED":
                isDone = true
                doneAt = try moment(line, location: location)
            case "DUE":
                due = try Self.due(line, zone: zone, location: location)
            case "RRULE", "X-LISTS-REPEAT":
                do {
                    recurrence = try Recurrence(rule: line.value)
                } catch let error as ValidationError {
                    kept.append(line.raw)
                    unrepeated = error.message
                }
            case "PRIORITY":
                guard let number = Int(line.value), (0...9).contains(number) else {
                    throw ImportError(location, field: "PRIORITY", "is 0 to 9, not \(Quoted(line.value))")
                }
                priority = TaskPriority(iCalendar: number)
            case "DESCRIPTION":
                let text = unescaped(line.value)
                note = try ImportError.at(location, field: "DESCRIPTION") {
                    try TodoTask.Fields.note.checked(text.isEmpty ? nil : text, now: now)
                }
            case "UID":
                uid = line.value
                kept.append(line.raw)
            case "DTSTART":
                start = line
                kept.append(line.raw)
            case "DTSTAMP", "LAST-MODIFIED":
                break
            default:
                kept.append(line.raw)
            }
        }
        guard let title else {
            throw ImportError("line \(end)", field: "SUMMARY", "a to-do needs a SUMMARY: its title")
        }
        // A repeating to-do's DTSTART is the date its repeat counts from (Lists's repeatFrom, which it writes back).
        var repeatFrom = recurrence == nil ? nil : due
        if recurrence != nil, let start, let from = try? Self.due(start, zone: zone, location: "") {
            repeatFrom = from
            kept.removeAll { $0 == start.raw }
        }
        let id = uid.map(Self.id(forUID:)) ?? UUID.random()
        // A UID that is the id as Lists writes it is written again from the id.
        if uid == id.uuidString { kept.removeAll { $0 == "UID:\(id.uuidString)" } }
        let keptText = kept.isEmpty ? nil : kept.joined(separator: "\n")
        if let keptText, keptText.count > keptLimit {
            throw ImportError(
                "line \(end)", field: "VTODO", "holds more than \(keptLimit) characters that Lists keeps as they are")
        }
        var task = TodoTask(
            meta: RecordMeta(id: id, createdAt: now.roundedToMilliseconds), title: title, isDone: isDone, due: due,
            priority: priority, note: note, doneAt: isDone ? (doneAt ?? now.roundedToMilliseconds) : nil,
            recurrence: recurrence, repeatFrom: repeatFrom)
        task.icalendar = keptText
        task.remindAt = remindAt
        let warning = unrepeated.map {
            "“\(title)” was imported without its repeat, which Lists cannot follow (\($0)); its RRULE is kept for export"
        }
        return (task, warning)
    }

    /// A `DUE`'s date: a day, a floating time, or a moment (UTC or an IANA `TZID`) as the household's time.
    static func due(_ line: ContentLine, zone: Zone, location: String) throws -> Due {
        let value = line.value
        let refusal = ImportError(
            location, field: "DUE", "is a date (20261224) or a date and time (20261224T180000), not \(Quoted(value))")
        guard let day = Self.day(value.prefix(8)) else { throw refusal }
        if value.count == 8 { return Due(day: day) }
        guard value.count == 15 || value.count == 16, value.dropFirst(8).first == "T",
            let (hour, minute, _) = Self.time(value.dropFirst(9).prefix(6))
        else { throw refusal }
        let wall = Due(day: day, minute: hour * 60 + minute)
        let from: Zone?
        if value.count == 16 {
            guard value.hasSuffix("Z") else { throw refusal }
            from = .utc
        } else {
            from = line.parameters["TZID"].flatMap { try? HouseholdTimeZone.checked($0) }
        }
        guard let from, from.identifier != zone.identifier else { return wall }
        return Self.wall(wall.instant(in: from), in: zone)
    }

    /// The moment of a VALARM whose trigger is one (`TRIGGER;VALUE=DATE-TIME:20261224T170000Z`), or `nil` for an
    /// alarm relative to the to-do's start or due time.
    private static func alarmMoment(_ block: [ContentLine]) throws -> Date? {
        guard block.first?.value.uppercased() == "VALARM",
            let trigger = block.first(where: { $0.name == "TRIGGER" }),
            trigger.parameters["VALUE"]?.uppercased() == "DATE-TIME"
        else { return nil }
        return try moment(trigger, location: "line \(trigger.number)")
    }

    /// `moment`'s wall-clock time in `zone`, to the minute.
    private static func wall(_ moment: Date, in zone: Zone) -> Due {
        let local = Int((moment.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: moment))).rounded(.down))
        let day = Int((Double(local) / 86_400).rounded(.down))
        return Due(day: Day(daysSince1970: day), minute: (local - day * 86_400) / 60)
    }

    /// A `COMPLETED` moment: UTC (`20261224T180000Z`), or a floating time read as UTC.
    static func moment(_ line: ContentLine, location: String) throws -> Date {
        let value = line.value
        guard let day = Self.day(value.prefix(8)), value.count == 15 || value.count == 16,
            value.dropFirst(8).first == "T", value.count == 15 || value.hasSuffix("Z"),
            let (hour, minute, second) = Self.time(value.dropFirst(9).prefix(6))
        else {
            throw ImportError(
                location, field: "COMPLETED", "is a moment such as 20261224T180000Z, not \(Quoted(value))")
        }
        return Date(timeIntervalSince1970: Double(day.daysSince1970 * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// `HHMMSS`'s hour, minute and second (a leap second read as 59).
    private static func time(_ text: Substring) -> (Int, Int, Int)? {
        guard text.count == 6, text.allSatisfy({ ("0"..."9").contains($0) }), let hour = Int(text.prefix(2)),
            let minute = Int(text.dropFirst(2).prefix(2)), let second = Int(text.dropFirst(4)), hour < 24,
            minute < 60, second <= 60
        else { return nil }
        return (hour, minute, min(second, 59))
    }

    /// `YYYYMMDD`'s day.
    private static func day(_ text: Substring) -> Day? {
        guard text.count == 8, text.allSatisfy({ ("0"..."9").contains($0) }), let year = Int(text.prefix(4)),
            let month = Int(text.dropFirst(4).prefix(2)), let day = Int(text.dropFirst(6))
        else { return nil }
        return Day(year: year, month: month, day: day)
    }

    /// The id of the task a VTODO's `UID` names: the UUID it is, else one made from its text (the same for the
    /// same text), so that importing a file again updates its tasks instead of adding them twice.
    public static func id(forUID uid: String) -> UUID {
        if let id = UUID(text: uid) { return id }
        // Two 64-bit FNV-1a hashes of the UID's bytes, with a version 8 (RFC 9562: made by the program) and the
        // variant's bits set.
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x84222325_cbf29ce4
        for byte in uid.utf8 {
            first = (first ^ UInt64(byte)) &* 0x100_0000_01b3
            second = (second ^ UInt64(byte ^ 0x5c)) &* 0x100_0000_01b3
        }
        var bytes = withUnsafeBytes(of: first.bigEndian, Array.init) + withUnsafeBytes(of: second.bigEndian, Array.init)
        bytes[6] = (bytes[6] & 0x0f) | 0x80
        bytes[8] = (bytes[8] & 0x3f) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    /// iCalendar bytes as text: UTF-8, or, when a writer folded a line inside a character's bytes (RFC 5545 3.1
    /// asks readers to unfold so that the sequence is whole again), UTF-8 once the lines are unfolded as bytes.
    /// - Throws: ``ImportError`` for bytes that are not UTF-8 either way.
    static func text(_ bytes: [UInt8]) throws -> String {
        do {
            return try ImportedText.utf8(bytes)
        } catch let error as ImportError {
            guard let unfolded = try? ImportedText.utf8(unfoldedBytes(bytes)) else { throw error }
            return unfolded
        }
    }

    /// `bytes` with every line break followed by a space or a tab taken out with that space or tab (RFC 5545's
    /// unfolding, done on bytes).
    static func unfoldedBytes(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0D, index + 2 < bytes.count, bytes[index + 1] == 0x0A,
                bytes[index + 2] == 0x20 || bytes[index + 2] == 0x09
            {
                index += 3
            } else if byte == 0x0A, index + 1 < bytes.count, bytes[index + 1] == 0x20 || bytes[index + 1] == 0x09 {
                index += 2
            } else {
                output.append(byte)
                index += 1
            }
        }
        return output
    }

    /// The file's lines unfolded (a line that starts with a space or a tab continues the one before it, RFC 5545
    /// §3.1), CRLF or LF, each with the number of the line it starts on.
    static func unfolded(_ text: String) -> [(text: String, number: Int)] {
        var lines: [(text: String, number: Int)] = []
        // Split on the bytes: "\r\n" is one Character to Swift.
        let pieces = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (index, piece) in pieces.enumerated() {
            let bytes = piece.last == UInt8(ascii: "\r") ? piece.dropLast() : piece
            let line = String(Substring(bytes))
            if let first = line.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1].text += line.dropFirst()
            } else {
                lines.append((line, index + 1))
            }
        }
        return lines
    }

    /// A TEXT value with its escapes read: `\n` (or `\N`) a line end, `\,`, `\;` and `\\` the character.
    static func unescaped(_ value: String) -> String {
        guard value.contains("\\") else { return value }
        var result = ""
        var escaping = false
        for character in value {
            if escaping {
                result.append(character == "n" || character == "N" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// One content line: `NAME;PARAM=value:VALUE`, the name upper-cased.
    struct ContentLine {
        let name: String
        let parameters: [String: String]
        let value: String
        /// The line as it came (unfolded).
        let raw: String
        let number: Int

        init(_ text: String, line: Int) throws {
            raw = text
            number = line
            // The value starts at the first colon outside a quoted parameter value.
            var inQuotes = false
            var colon: String.Index?
            for index in text.indices {
                let character = text[index]
                if character == "\"" { inQuotes.toggle() }
                if character == ":", !inQuotes {
                    colon = index
                    break
                }
            }
            guard let colon else {
                throw ImportError(
                    "line \(line)", field: "line",
                    "is not an iCalendar content line (NAME:value): \(Quoted(String(text.prefix(60))))")
            }
            value = String(text[text.index(after: colon)...])
            let head = text[..<colon].split(separator: ";", omittingEmptySubsequences: false)
            name = String(head[0]).uppercased()
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
                throw ImportError("line \(line)", field: "line", "has no property name before its colon")
            }
            var parameters: [String: String] = [:]
            for parameter in head.dropFirst() {
                let parts = parameter.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { continue }
                parameters[String(parts[0]).uppercased()] = String(parts[1]).trimmingCharacters(
                    in: CharacterSet(charactersIn: "\""))
            }
            self.parameters = parameters
        }
    }

    // MARK: Writing

    /// The tasks as one VCALENDAR of VTODOs, CRLF line ends, lines folded at 75 octets; a reminder is an alarm at
    /// its moment in `zone`, the household's.
    public static func write(_ tasks: [TodoTask], zone: Zone = HouseholdTimeZone.serverDefault) -> [UInt8] {
        var output: [UInt8] = []
        func line(_ text: String) { fold(text, into: &output) }
        line("BEGIN:VCALENDAR")
        line("VERSION:2.0")
        line("PRODID:-//Lists//Lists//EN")
        for task in tasks {
            let kept = task.icalendar?.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) ?? []
            let keptNames = Set(kept.compactMap { try? ContentLine($0, line: 0).name })
            line("BEGIN:VTODO")
            if !keptNames.contains("UID") { line("UID:\(task.id.uuidString)") }
            line("DTSTAMP:\(utc(task.meta.updatedAt))")
            line("LAST-MODIFIED:\(utc(task.meta.updatedAt))")
            line("SUMMARY:\(escaped(task.title))")
            // A kept STATUS says what Lists reads as done or not (CANCELLED, IN-PROCESS): written while it still
            // holds.
            let keptStatus = kept.first { $0.uppercased().hasPrefix("STATUS:") }?.dropFirst(7).uppercased()
            if keptStatus == nil || (keptStatus == "CANCELLED") != task.isDone {
                line("STATUS:\(task.isDone ? "COMPLETED" : "NEEDS-ACTION")")
            }
            if task.isDone, let doneAt = task.doneAt { line("COMPLETED:\(utc(doneAt))") }
            if let due = task.due { line(dueLine(due)) }
            if let recurrence = task.recurrence {
                if recurrence.rule != nil {
                    if !keptNames.contains("DTSTART"), let start = task.repeatFrom ?? task.due {
                        line(dueLine(start).replacingOccurrences(of: "DUE", with: "DTSTART"))
                    }
                    line("RRULE:\(recurrence.text)")
                } else {
                    line("X-LISTS-REPEAT:\(recurrence.text)")
                }
            }
            if let priority = task.priority { line("PRIORITY:\(priority.iCalendar)") }
            if let note = task.note { line("DESCRIPTION:\(escaped(note))") }
            if let remind = task.remindAt {
                line("BEGIN:VALARM")
                line("ACTION:DISPLAY")
                line("DESCRIPTION:\(escaped(task.title))")
                line("TRIGGER;VALUE=DATE-TIME:\(utc(remind.instant(in: zone)))")
                line("END:VALARM")
            }
            for keptLine in kept where !keptLine.isEmpty {
                let upper = keptLine.uppercased()
                if (try? ContentLine(keptLine, line: 0))?.name == resourceNameProperty { continue }
                if upper.hasPrefix("STATUS:"), (keptStatus == "CANCELLED") != task.isDone { continue }
                // A kept RRULE is the one Lists could not follow: written while the task has no repeat of its own.
                if upper.hasPrefix("RRULE:"), task.recurrence != nil { continue }
                line(keptLine)
            }
            line("END:VTODO")
        }
        line("END:VCALENDAR")
        return output
    }

    /// `DUE;VALUE=DATE:20261224`, or the floating `DUE:20261224T180000`: a wall-clock time, as Lists keeps it.
    static func dueLine(_ due: Due) -> String {
        let day = due.day.basic
        guard let minute = due.minute else { return "DUE;VALUE=DATE:\(day)" }
        return "DUE:\(day)T\(Day.padded(minute / 60, 2))\(Day.padded(minute % 60, 2))00"
    }

    /// `moment` in UTC: `20261224T170000Z`.
    static func utc(_ moment: Date) -> String {
        let (day, hour, minute, second) = Day.utc(moment)
        return day.basic + "T\(Day.padded(hour, 2))\(Day.padded(minute, 2))\(Day.padded(second, 2))Z"
    }

    /// A TEXT value escaped: `\`, `;`, `,` and line ends.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n": result += "\\n"
            default: result.append(character)
            }
        }
        return result
    }

    /// Appends `text` with CRLF, folded into lines of at most 75 octets (a space starting each continuation),
    /// never inside a character's UTF-8 bytes.
    static func fold(_ text: String, into output: inout [UInt8]) {
        var length = 0
        for character in text {
            let bytes = Array(String(character).utf8)
            if length + bytes.count > 75 {
                output += [13, 10, 32]
                length = 1
            }
            output += bytes
            length += bytes.count
        }
        output += [13, 10]
    }
}
