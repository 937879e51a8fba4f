import Foundation
import JSONCodec
import ListsModel

/// Taskwarrior's JSON, as `task export` writes it and `task import` reads it: a JSON array of task objects, or
/// one object per line.
///
/// `uuid` is the task's id (so importing the same export twice adds nothing, and an edited export updates),
/// `description` its title, `status` `completed` marks it done, `entry` and `modified` its dates, as they are
/// (a recurring task's instance may have been modified before its entry), `due` its due date and `priority` its
/// priority (`Taskwarrior+Repeats.swift`), `annotations` its note (their descriptions, one a line; kept too, and
/// written back as they came while the note is theirs, else one annotation a line of the note). A recurring task's
/// template and its instances are one repeating task (see there). Every other attribute (`project`, `tags`,
/// `scheduled`, `wait`, `until`, `end`, `urgency`, `id`, ...) and the status `waiting` are kept with the task and
/// written back on export.
///
/// Deleted tasks (status `deleted`) are left out: Lists has no state for them, and shown as to-dos they would
/// bring a deleted task back. `task import` changes only the tasks a file holds, so Taskwarrior keeps them as
/// they are when Lists's export goes back to it.
///
/// A description with a tab or another control character (Taskwarrior allows them) is read with a space in its
/// place; the description as it was is kept with the task and written back while the title is unchanged.
public enum Taskwarrior {
    /// The tasks of a Taskwarrior export.
    ///
    /// With a `feed`, the tasks go to it 1,000 at a time as they are read, not into the batch returned (which then
    /// holds none), so that they are written meanwhile
    /// (``ImportBatch/apply(_:to:existing:estimate:progress:reading:)``).
    /// A task whose uuid is that of one already sent would replace that one in place: the feed is then abandoned
    /// and reading stops with `CancellationError`, for the file to be read again without a feed.
    /// - Throws: ``ImportError`` naming the task (its line, or its place in the array) and the attribute.
    /// Due dates are read in `zone`, the household's.
    public static func read(
        _ bytes: [UInt8], now: Date, zone: Zone = HouseholdTimeZone.serverDefault, feed: ImportFeed<TodoTask>? = nil
    ) throws -> ImportBatch {
        let bytes = ImportedText.withoutByteOrderMark(bytes)
        // The tasks read and not sent yet, in file order.
        var tasks: [TodoTask] = []
        // Where each uuid's task is: its index among all the tasks read (with a feed, those before `sent` went).
        var seen: [UUID: Int] = [:]
        // About 200 bytes a task in `task export`'s output.
        seen.reserveCapacity(min(bytes.count / 200, 1 << 20))
        var sent = 0
        // Recurring tasks' templates, and the instances that name a parent, joined when the file is read.
        var templates: [(task: TodoTask, recur: String, location: String)] = []
        var instances: [UUID: [Instance]] = [:]
        var warnings: [String] = []
        // The indices of tasks a later line with the same uuid left out (deleted after all): not sent.
        var dropped = Set<Int>()
        /// The tasks read and not sent that are not dropped.
        func keptTasks() -> [TodoTask] {
            guard !dropped.isEmpty else { return tasks }
            return tasks.indices.filter { !dropped.contains(sent + $0) }.map { tasks[$0] }
        }
        func add(_ entry: consuming Entry) throws {
            switch consume entry {
            case .task(let task): try keep(task)
            case .template(let read, let recur, let location):
                templates.append((read, recur, location))
                return
            case .instance(let instance):
                instances[instance.parent, default: []].append(instance)
                return
            case .leftOut(let id):
                // Left out, as a later line with the same uuid says: a task read earlier with it goes too.
                guard let earlier = seen[id] else { return }
                guard earlier >= sent else {
                    feed?.abandon()
                    throw CancellationError()
                }
                dropped.insert(earlier)
            }
        }
        /// Keeps `task`, taken rather than copied (a task's copy is a retain of each of its fields, and a release
        /// of each as the copy it came from goes).
        func keep(_ task: consuming TodoTask) throws {
            let index = sent + tasks.count
            if let earlier = seen.updateValue(index, forKey: task.id) {
                seen[task.id] = earlier
                // A later task with the same uuid wins, in place, as `task import` does; one already sent cannot
                // be replaced there.
                guard earlier >= sent else {
                    feed?.abandon()
                    throw CancellationError()
                }
                tasks[earlier - sent] = task
                dropped.remove(earlier)
                return
            }
            tasks.append(task)
            if let feed, tasks.count == 1000 {
                feed.send(keptTasks())
                sent += tasks.count
                tasks.removeAll(keepingCapacity: true)
                dropped.removeAll()
            }
        }
        /// The templates joined with their instances, and the instances whose template the file lacks as tasks.
        func joinRepeats() throws {
            for template in templates {
                let joined = instances.removeValue(forKey: template.task.id) ?? []
                let (task, warning) = repeating(
                    template.task, recur: template.recur, instances: joined, now: now, zone: zone)
                if let warning { warnings.append("\(template.location) (“\(task.title)”): \(warning)") }
                try keep(task)
            }
            for instance in instances.values.joined() { try keep(instance.task) }
            templates.removeAll()
            instances.removeAll()
        }
        /// The batch, its last tasks sent when there is a feed.
        func whole() throws -> ImportBatch {
            try joinRepeats()
            var batch = ImportBatch(existing: .update)
            batch.warnings = warnings
            if let feed {
                feed.send(keptTasks())
            } else {
                batch.append(contentsOf: keptTasks())
            }
            tasks.removeAll()
            dropped.removeAll()
            return batch
        }
        let firstByte = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if firstByte == UInt8(ascii: "[") {
            // An array is read one task at a time, so that only the tasks are kept, not the whole document.
            do {
                try JSONParser.forEachElement(of: bytes) { (index, object: JSONParser.CanonicalMembers?) in
                    guard let object else {
                        throw ImportError("task \(index + 1)", field: "task", "is not a JSON object")
                    }
                    try add(try entry(object, location: "task \(index + 1)", now: now, zone: zone))
                }
            } catch let error as JSONParser.Malformed {
                throw ImportError("the file", field: "file", "\(error)")
            }
            return try whole()
        }
        for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
            if trimmed.isEmpty { continue }
            let object: JSONParser.CanonicalMembers?
            do {
                object = try JSONParser.canonicalMembers(of: Array(trimmed))
            } catch {
                throw ImportError("line \(index + 1)", field: "task", "is not a JSON object (Taskwarrior's export)")
            }
            guard let object else {
                throw ImportError("line \(index + 1)", field: "task", "is not a JSON object")
            }
            try add(try entry(object, location: "line \(index + 1)", now: now, zone: zone))
        }
        return try whole()
    }

    /// A task of the file, or the uuid of one Lists leaves out.
    private enum Entry {
        case task(TodoTask)
        /// A recurring task's template: the task, its `recur`, where it is in the file.
        case template(TodoTask, recur: String, location: String)
        /// A recurring task's instance.
        case instance(Instance)
        /// A deleted task.
        case leftOut(UUID)
    }

    /// An instance of a recurring task: the template's uuid, the instance as a task of its own (for a file without
    /// its template), and its due date and completion.
    struct Instance {
        var parent: UUID
        var task: TodoTask
        var due: Due?
        var end: Date?
    }

    /// The repeating task that `template`, repeating as `recur` says, and its `instances` are: due on the earliest
    /// pending instance's date, or the template's (or, with neither, the repeat's first from `now`); the completed
    /// instances its check-offs. With a warning when Lists repeats it only nearly, or not at all.
    static func repeating(
        _ template: TodoTask, recur: String, instances: [Instance], now: Date,
        zone: Zone = HouseholdTimeZone.serverDefault
    ) -> (TodoTask, String?) {
        var task = template
        var warning: String?
        if let (rule, approximation) = rule(ofRecur: recur) {
            var text = rule
            if let until = template.taskwarrior?["until"], case .string(let value) = until,
                let date = Array(value.utf8).withUnsafeBufferPointer(parseDate)
            {
                text += ";UNTIL=" + due(date, in: zone).day.basic
            }
            task.recurrence = try? Recurrence(rule: text)
            if let approximation {
                warning = "recur \(recur) \(approximation)"
            }
        } else {
            warning = "recur \(recur) is not a repeat Lists reads; the task is imported without it"
        }
        if task.recurrence == nil, warning == nil {
            warning = "recur \(recur) could not be kept; the task is imported without it"
        }
        // A template with no due date (which `task` cannot read) starts on the repeat's first date from today.
        if task.due == nil, let recurrence = task.recurrence {
            task.due = recurrence.firstDue(from: Due(day: Day(now, in: zone)), in: zone)
        }
        task.repeatFrom = task.due
        let pending = instances.filter { $0.end == nil && !$0.task.isDone }.compactMap(\.due)
        if let earliest = pending.min() { task.due = earliest }
        task.completions = instances.filter(\.task.isDone).compactMap { instance in
            guard let due = instance.due else { return nil }
            return TaskCompletion(due: due, doneAt: instance.end ?? instance.task.meta.updatedAt)
        }.sorted { $0.doneAt < $1.doneAt }.suffix(TaskCompletion.kept).map { $0 }
        if var kept = task.taskwarrior {
            for key in ["until", "mask", "rtype", "recur"] { kept[key] = nil }
            task.taskwarrior = kept.isEmpty ? nil : kept
        }
        return (task, warning)
    }

    /// A task from its attributes in file order (an attribute given twice counts once, the later), each value
    /// as its canonical text: the ones Lists has no field for are kept as they are, with no `JSONValue` made.
    /// A deleted task or a recurring one's template is only checked for its uuid and status.
    /// `location` is built only for an error.
    private static func entry(
        _ object: JSONParser.CanonicalMembers, location: @autoclosure () -> String, now: Date, zone: Zone
    ) throws -> Entry {
        var uuid: Range<Int>?
        var description: Range<Int>?
        var descriptionIndex = 0
        var statusValue: Range<Int>?
        var statusIndex = 0
        var entryValue: Range<Int>?
        var modifiedValue: Range<Int>?
        var dueValue: Range<Int>?
        var priorityValue: Range<Int>?
        var recurValue: Range<Int>?
        var parentValue: Range<Int>?
        var endValue: Range<Int>?
        var annotationsValue: Range<Int>?
        // The attributes Lists has no field for, kept to be written back: their places among the members.
        var kept: [Int] = []
        for (index, member) in object.members.enumerated() {
            // Length and first byte first: comparing unequal strings is the slow path of `==`.
            let name = member.name
            let utf8 = name.utf8
            switch (utf8.count, utf8.first ?? 0) {
            case (4, UInt8(ascii: "u")) where name == "uuid": uuid = member.value
            case (11, UInt8(ascii: "d")) where name == "description":
                (description, descriptionIndex) = (member.value, index)
            case (6, UInt8(ascii: "s")) where name == "status": (statusValue, statusIndex) = (member.value, index)
            case (5, UInt8(ascii: "e")) where name == "entry": entryValue = member.value
            case (8, UInt8(ascii: "m")) where name == "modified": modifiedValue = member.value
            case (3, UInt8(ascii: "d")) where name == "due": dueValue = member.value
            case (8, UInt8(ascii: "p")) where name == "priority": priorityValue = member.value
            default:
                // Kept as well: written back as they were, and read below (by length first, as above).
                switch utf8.count {
                case 5 where name == "recur": recurValue = member.value
                case 6 where name == "parent": parentValue = member.value
                case 3 where name == "end": endValue = member.value
                case 11 where name == "annotations": annotationsValue = member.value
                default: break
                }
                if kept.isEmpty { kept.reserveCapacity(max(1, object.members.count - 5)) }
                kept.append(index)
            }
        }
        guard let uuid, let id = object.withString(uuid, { UUID(utf8: $0) }) ?? nil else {
            throw ImportError(location(), field: "uuid", "is missing or not a UUID")
        }
        var isDone = false
        var isTemplate = false
        if let statusValue {
            guard let text = object.string(statusValue), let status = TaskwarriorStatus(rawValue: text) else {
                throw ImportError(
                    location(), field: "status", "must be pending, completed, deleted, waiting or recurring")
            }
            switch status {
            case .pending: break
            case .completed: isDone = true
            case .deleted: return .leftOut(id)
            case .recurring: isTemplate = true
            // Kept so that export writes it back.
            case .waiting: kept.append(statusIndex)
            }
        }
        guard let description, let text = object.string(description) else {
            throw ImportError(location(), field: "description", "is missing or not text")
        }
        let line = ImportedText.oneLine(text)
        let title = try ImportError.at(location(), field: "description") { try TodoTask.validTitle(line) }
        // A description Lists could not keep as it is goes back to Taskwarrior as it was.
        if line != text { kept.append(descriptionIndex) }
        func date(_ value: Range<Int>?, _ key: String) throws -> Date? {
            guard let value else { return nil }
            guard let date = object.withString(value, parseDate) ?? nil else {
                throw ImportError(location(), field: key, "must be a date like 20261130T074500Z")
            }
            return date
        }
        let entry = try date(entryValue, "entry") ?? now.roundedToMilliseconds
        let modified = try date(modifiedValue, "modified") ?? entry
        let due = try date(dueValue, "due").map { Self.due($0, in: zone) }
        var priority: TaskPriority?
        if let priorityValue {
            guard let text = object.string(priorityValue), let read = Self.priority(text) else {
                throw ImportError(location(), field: "priority", "must be H, M or L")
            }
            priority = read
        }
        let task = TodoTask(
            meta: RecordMeta(id: id, createdAt: entry, updatedAt: modified), title: title, isDone: isDone,
            taskwarriorJSON: kept.isEmpty ? nil : object.objectText(kept), due: due, priority: priority,
            note: annotationsValue.flatMap { Self.note(ofAnnotations: Array(object.text[$0])) })
        // A pending task with a `recur` and no parent is one `task` makes a template of: a template too.
        if isTemplate || (recurValue != nil && parentValue == nil && !isDone) {
            guard let recurValue, let recur = object.string(recurValue) else {
                throw ImportError(location(), field: "recur", "is missing: a recurring task's template needs one")
            }
            return .template(task, recur: recur, location: location())
        }
        if let parentValue, let parent = object.withString(parentValue, { UUID(utf8: $0) }) ?? nil {
            return .instance(Instance(parent: parent, task: task, due: due, end: try date(endValue, "end")))
        }
        return .task(task)
    }

    /// `20261130T074500Z` (as UTF-8) as an instant; `nil` for anything else, including days that do not exist.
    /// Read through the buffer's address with no check per byte, the digits' test made once for all fourteen: an
    /// import reads three dates of each task, and one digit at a time a date took 330 instructions.
    static func parseDate(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count == 16, let base = bytes.baseAddress, base[8] == UInt8(ascii: "T"),
            base[15] == UInt8(ascii: "Z")
        else { return nil }
        // A digit's value is 0 to 9; any other byte's is 10 or more (below "0" it wraps around past 200).
        var highest: UInt8 = 0
        func two(_ index: Int) -> Int {
            let (tens, ones) = (base[index] &- UInt8(ascii: "0"), base[index + 1] &- UInt8(ascii: "0"))
            highest = max(highest, tens, ones)
            return Int(tens) * 10 + Int(ones)
        }
        let year = two(0) * 100 + two(2)
        let (month, day, hour, minute, second) = (two(4), two(6), two(9), two(11), two(13))
        guard highest <= 9, (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let days = CivilDate.daysSince1970(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    static func formatDate(_ date: Date) -> String {
        let iso = ListsFormat.isoTimestamp(date)  // 2026-11-30T07:45:00.123Z
        let digits = iso.prefix(19).filter { $0 != "-" && $0 != ":" }
        return digits + "Z"
    }

    /// The note Taskwarrior's `annotations` make: their descriptions, one a line, in their order; `nil` when there
    /// are none, or when they are not the note a task can hold (over its 10,000 characters, control characters),
    /// and they are then only kept.
    static func note(ofAnnotations json: [UInt8]) -> String? {
        guard case .array(let annotations)? = try? JSONParser.parse(json) else { return nil }
        let lines = annotations.compactMap { annotation -> String? in
            guard case .object(let members) = annotation, case .string(let text)? = members["description"] else {
                return nil
            }
            return text.replacingOccurrences(of: "\n", with: " ")
        }
        guard !lines.isEmpty else { return nil }
        return try? TodoTask.Fields.note.checked(lines.joined(separator: "\n"), now: .distantFuture)
    }

    /// `task import`-able JSON for `tasks`: one object per line, with the attributes kept from Taskwarrior.
    /// Due dates are written as moments in `zone`, the household's. A task's to-do list (of `lists`, in their order)
    /// is its `project`: a task with a project is given its list's name (so that one moved in Lists moves in
    /// Taskwarrior too), and so is one without, unless it is on the first list, where a task with no project is put.
    public static func write(
        _ tasks: [TodoTask], zone: Zone = HouseholdTimeZone.serverDefault, lists: [TaskList] = []
    ) throws -> [UInt8] {
        let names = TodoLists.names(of: lists)
        let first = lists.first?.id.uuidString
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var output: [UInt8] = [UInt8(ascii: "[")]
        for (index, task) in tasks.enumerated() {
            var object = task.taskwarrior ?? [:]
            object[TodoTxt.lineKey] = nil
            object["uuid"] = .string(task.id.uuidString.lowercased())
            // The description as Taskwarrior had it (with its tab) while the title is the one read from it.
            if !isDescription(object["description"], of: task.title) { object["description"] = .string(task.title) }
            if task.isDone {
                object["status"] = .string("completed")
                if object["end"] == nil { object["end"] = .string(formatDate(task.meta.updatedAt)) }
            } else if object["status"] == nil {
                object["status"] = .string("pending")
            }
            // A task imported by a release before due dates keeps them among its attributes only.
            if let due = task.due { object["due"] = .string(formatDate(due.instant(in: zone))) }
            if let priority = task.priority { object["priority"] = .string(letter(priority)) }
            if let list = task.list, let name = names[list], object["project"] != nil || list != first {
                object["project"] = .string(name)
            }
            // The note is the annotations': kept as they came while it is theirs, else one annotation a line.
            let kept = object["annotations"].flatMap { value -> String? in
                var bytes: [UInt8] = []
                value.write(to: &bytes)
                return note(ofAnnotations: bytes)
            }
            if task.note != kept {
                let stamp = JSONValue.string(formatDate(task.meta.updatedAt))
                object["annotations"] =
                    task.note.map { note in
                        .array(
                            note.split(separator: "\n", omittingEmptySubsequences: true).map {
                                .object(["entry": stamp, "description": .string(String($0))])
                            })
                    }
            }
            if let recurrence = task.recurrence, !task.isDone {
                // A template alone, due on its next date: `task` makes its instances.
                object["status"] = .string("recurring")
                object["recur"] = .string(recur(recurrence))
                if case .day(let day)? = recurrence.rule?.until {
                    object["until"] = .string(formatDate(Due(day: day).instant(in: zone)))
                }
                for key in ["mask", "imask", "parent", "rtype"] { object[key] = nil }
            }
            object["entry"] = .string(formatDate(task.meta.createdAt))
            object["modified"] = .string(formatDate(task.meta.updatedAt))
            output += Array((index == 0 ? "\n" : ",\n").utf8)
            output += try encoder.encode(object)
        }
        output += Array("\n]\n".utf8)
        return output
    }
}

/// Whether `value`, a description kept from Taskwarrior, is the one `title` was read from.
private func isDescription(_ value: JSONValue?, of title: String) -> Bool {
    guard case .string(let original)? = value else { return false }
    return (try? TodoTask.validTitle(ImportedText.oneLine(original))) == title
}

/// The statuses of a Taskwarrior task.
private enum TaskwarriorStatus: String {
    case pending, completed, deleted, waiting, recurring
}
