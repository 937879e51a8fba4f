import Foundation
import ListsDAV
import ListsHTTP
import ListsInterchange
import ListsModel

/// A calendar's tasks as CalDAV resources: read (GET, REPORT), put, deleted; and the calendar's own changes
/// (PROPPATCH's name, DELETE).
///
/// A task's ETag is strong: its creation and its version (`"18c2f…-3"`), which every change of the task moves on
/// and which an undo of its deletion brings back with the task as it was. `If-Match` and `If-None-Match: *` are
/// checked against the task as stored, and the change is then made at that version: a change made by someone else
/// in between is refused with 412 as well, never overwritten.
struct DAVResources {
    let calendar: DAVCalendar
    let clock: @Sendable () -> Date
    let changed: @Sendable (HouseholdID) -> Void

    /// The media type of a task's body.
    static let contentType = "text/calendar; charset=utf-8; component=VTODO"

    private var tasks: RecordList<TodoTask> { calendar.household.lists.todo.tasks }

    /// `task`'s strong ETag.
    static func etag(of task: TodoTask) -> String {
        let created = Int64((task.meta.createdAt.timeIntervalSince1970 * 1000).rounded())
        return "\"\(String(created, radix: 16))-\(task.meta.version)\""
    }

    /// A task's body: a VCALENDAR of its VTODO.
    private func body(of task: TodoTask, zone: TimeZone) -> [UInt8] {
        ICalendar.write([task], zone: zone)
    }

    /// A task's properties.
    func properties(of task: TodoTask, zone: @escaping () -> TimeZone = { HouseholdTimeZone.serverDefault })
        -> DAVProperties
    {
        var properties = DAVProperties()
        properties.add(DAVName.resourceType) { DAVProperties.resourceType([]) }
        properties.add(DAVName.getetag) { DAVProperties.text(DAVName.getetag, Self.etag(of: task)) }
        properties.add(DAVName.getContentType) { DAVProperties.text(DAVName.getContentType, Self.contentType) }
        properties.add(DAVName.getContentLength) {
            DAVProperties.text(DAVName.getContentLength, String(body(of: task, zone: zone()).count))
        }
        properties.add(DAVName.getLastModified) {
            DAVProperties.text(DAVName.getLastModified, HTTPDate.text(task.meta.updatedAt))
        }
        properties.add(DAVName.calendarData, isInAllprop: false) {
            DAVProperties.text(DAVName.calendarData, String(decoding: body(of: task, zone: zone()), as: UTF8.self))
        }
        return properties
    }

    /// A request to one of the calendar's resources, named `name`.
    func answer(_ request: HTTPRequest, name: String) throws -> HTTPResponse {
        guard !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }), name.utf8.count <= 255
        else { throw DAVRefusal(400, "a resource's name has no control characters and at most 255 bytes") }
        let stored = try calendar.task(named: name)
        switch request.method {
        case "GET", "HEAD":
            guard let task = stored else { throw DAVRefusal.notFound }
            var response = HTTPResponse(status: 200, body: body(of: task, zone: try calendar.zone()))
            response.headers["Content-Type"] = Self.contentType
            response.headers["ETag"] = Self.etag(of: task)
            response.headers["Last-Modified"] = HTTPDate.text(task.meta.updatedAt)
            return response
        case "PUT":
            return try put(request, name: name, stored: stored)
        case "DELETE":
            guard let task = stored else { throw DAVRefusal.notFound }
            try Self.check(request, against: task)
            do {
                try tasks.remove([.id(task.id)], expectedVersion: task.meta.version)
            } catch StoreError.Code.conflict {
                throw Self.changedMeanwhile
            }
            if name != ICalendar.uid(of: task) + ".ics" { try calendar.keepName(name, of: nil) }
            changed(calendar.household.household.id)
            return HTTPResponse(status: 204)
        case "PROPFIND":
            guard let task = stored else { throw DAVRefusal.notFound }
            let asked = try PropfindRequest.read(request.body)
            let zone = try calendar.zone()
            return CalDAVController.multistatus(
                Multistatus(responses: [properties(of: task, zone: { zone }).response(calendar.href(of: task), asked)]))
        default:
            throw DAVRefusal.methodNotAllowed(request.method)
        }
    }

    /// `If-Match` and `If-None-Match` against the resource as stored (`nil`: none is).
    /// - Throws: ``DAVRefusal`` 412 when one does not hold.
    static func check(_ request: HTTPRequest, against task: TodoTask?) throws {
        if let match = request.headers["If-Match"] {
            let tags = match.split(separator: ",").map { String($0.trimmingSpacesAndTabs()) }
            guard let task, tags.contains("*") || tags.contains(etag(of: task)) else {
                throw DAVRefusal(412, "the to-do is not the version If-Match names: it was changed or deleted since")
            }
        }
        if let noneMatch = request.headers["If-None-Match"], let task {
            let tags = noneMatch.split(separator: ",").map { String($0.trimmingSpacesAndTabs()) }
            if tags.contains("*") || tags.contains(etag(of: task)) {
                throw DAVRefusal(412, "a to-do is at this address already (If-None-Match)")
            }
        }
    }

    /// The answer to a change refused because the task changed between its check and its write.
    static let changedMeanwhile = DAVRefusal(412, "the to-do was changed by someone else meanwhile")

    /// PUT: the body, one VTODO, is the task's new state (or a new task on this list). The task's own history
    /// stays (a repeating task's check-offs, what a Taskwarrior import kept). A task of another of the household's
    /// lists put here moves here: that is how a client moves a to-do between lists (put in the new, deleted from
    /// the old, whose delete then finds it gone).
    ///
    /// The answer carries the new ETag when the task stored says what the body said (its body is still written
    /// anew, in Lists' order); when Lists changed what it means (a repeating to-do checked off moves on to its
    /// next date), the answer has none, so that the client reads the task again (RFC 4791 5.3.4).
    private func put(_ request: HTTPRequest, name: String, stored: TodoTask?) throws -> HTTPResponse {
        if let type = request.mediaType, type != "text/calendar" {
            throw DAVRefusal(
                415, "a to-do is sent as text/calendar, not \(type)",
                condition: XMLName(XMLNamespace.calDAV, "supported-calendar-data"))
        }
        guard request.body.count <= HTTPRequest.maximumBodySize else {
            throw DAVRefusal(
                403, "a to-do is at most \(HTTPRequest.maximumBodySize / 1024) KiB",
                condition: XMLName(XMLNamespace.calDAV, "max-resource-size"))
        }
        try Self.check(request, against: stored)
        let zone = try calendar.zone()
        let sent: TodoTask
        do {
            sent = try ICalendar.resource(request.body, named: name, now: clock(), zone: zone)
        } catch let refusal as ICalendar.ResourceRefusal {
            throw Self.refusal(refusal)
        } catch let error as ImportError {
            throw DAVRefusal(403, error.description, condition: XMLName(XMLNamespace.calDAV, "valid-calendar-data"))
        }
        let household = calendar.household.household.id
        let id = sent.id
        // A UID is one to-do of the household (RFC 4791 5.3.2.1, no-uid-conflict): a resource keeps its UID, and a
        // new one may not take the UID of another. The same UID under the same name on another of the household's
        // lists is that to-do, moved here.
        let elsewhere = stored == nil ? try tasks.stored(id) : nil
        if let stored, stored.id != id {
            throw DAVRefusal(
                403, "this to-do's UID is \(Quoted(ICalendar.uid(of: stored))): a resource keeps its UID",
                condition: XMLName(XMLNamespace.calDAV, "no-uid-conflict"))
        }
        if let elsewhere, ICalendar.resourceName(of: elsewhere) != name || elsewhere.list == calendar.list.id.uuidString {
            let place = elsewhere.list == calendar.list.id.uuidString ? calendar.href(of: elsewhere) : "another list"
            throw DAVRefusal(
                403, "a to-do with the UID \(Quoted(ICalendar.uid(of: elsewhere))) is in the household already, at \(place)",
                condition: XMLName(XMLNamespace.calDAV, "no-uid-conflict"))
        }
        let saved: TodoTask
        let isNew: Bool
        do {
            if let old = stored ?? elsewhere {
                saved = try tasks.change([.id(old.id)], expectedVersion: old.meta.version) { task in
                    Self.take(sent, into: &task)
                    task.list = calendar.list.id.uuidString
                }[0].record
                isNew = stored == nil
            } else {
                var draft = sent
                draft.list = calendar.list.id.uuidString
                let added = try tasks.add(draft, numbered: false, id: id)
                // Made meanwhile by another request with this id: that one is the resource now.
                guard added.isNew else { throw DAVRefusal(412, "a to-do was put at this address meanwhile") }
                saved = added.record
                isNew = true
            }
        } catch StoreError.Code.conflict {
            throw Self.changedMeanwhile
        } catch let error as ValidationError {
            throw DAVRefusal(
                403, "\(error.field): \(error.message)", condition: XMLName(XMLNamespace.calDAV, "valid-calendar-data"))
        }
        if name != ICalendar.uid(of: saved) + ".ics" { try calendar.keepName(name, of: saved) }
        changed(household)
        var response = HTTPResponse(status: isNew ? 201 : 204)
        if Self.saysTheSame(saved, sent) { response.headers["ETag"] = Self.etag(of: saved) }
        return response
    }

    /// What a VTODO sets of a task: every field iCalendar carries, and its kept lines.
    static func take(_ sent: TodoTask, into task: inout TodoTask) {
        task.title = sent.title
        task.isDone = sent.isDone
        task.doneAt = sent.doneAt
        task.due = sent.due
        task.priority = sent.priority
        task.note = sent.note
        task.recurrence = sent.recurrence
        if sent.recurrence != nil { task.repeatFrom = sent.repeatFrom }
        task.remindAt = sent.remindAt
        task.icalendar = sent.icalendar
    }

    /// Whether the stored task means what the sent one did.
    private static func saysTheSame(_ saved: TodoTask, _ sent: TodoTask) -> Bool {
        saved.title == sent.title && saved.isDone == sent.isDone && saved.due == sent.due
            && saved.priority == sent.priority && saved.note == sent.note && saved.recurrence == sent.recurrence
            && saved.remindAt == sent.remindAt && saved.icalendar == sent.icalendar
    }

    /// The protocol's answer to a body that is not one to-do Lists keeps as sent.
    static func refusal(_ refusal: ICalendar.ResourceRefusal) -> DAVRefusal {
        let condition: String
        switch refusal {
        case .notCalendarData, .notKeptAsSent: condition = "valid-calendar-data"
        case .notAToDo: condition = "supported-calendar-component"
        case .severalComponents, .noUID: condition = "valid-calendar-object-resource"
        }
        return DAVRefusal(403, refusal.description, condition: XMLName(XMLNamespace.calDAV, condition))
    }

    // MARK: Reports

    /// A REPORT's answer.
    func report(_ report: ReportRequest) throws -> Multistatus {
        let zone = try calendar.zone()
        func response(_ task: TodoTask, _ names: [XMLName]) -> Multistatus.Response {
            properties(of: task, zone: { zone }).response(
                calendar.href(of: task), .properties(names.isEmpty ? [DAVName.getetag] : names))
        }
        switch report {
        case .multiget(let names, let hrefs):
            // Many hrefs (a first sync's) are found in one read of the list; a few, each by its name.
            let listed =
                hrefs.count > 16
                ? Dictionary(try calendar.tasks().map { (ICalendar.resourceName(of: $0), $0) }) { first, _ in first }
                : nil
            return Multistatus(
                responses: try hrefs.map { href in
                    guard case .resource(let user, let segment, let name)? = DAVPath(href: href),
                        calendar.user.isNamed(user),
                        (UUID(text: segment) ?? ICalendar.id(forUID: segment)) == calendar.list.id
                    else { return Multistatus.Response(href: href, status: 404) }
                    guard let task = try listed.map({ $0[name] }) ?? calendar.task(named: name) else {
                        return Multistatus.Response(href: href, status: 404)
                    }
                    return response(task, names)
                })
        case .calendarQuery(let names, let filter):
            return Multistatus(
                responses: try calendar.tasks().filter { filter.matches(ICalendar.component(of: $0, zone: zone)) }
                    .map { response($0, names) })
        case .syncCollection(let token, let names, let limit):
            return try syncCollection(from: token, names, limit: limit, response: response)
        }
    }

    /// A sync-collection's answer: with an empty token, every to-do (paged by `limit`: the rest said left out with a
    /// 507 on the calendar, RFC 6578 3.6, and a token carrying how far the client read, good while nothing
    /// changes); with a token, what changed since the content it names (``DAVSnapshot``): each to-do added or
    /// changed with the properties asked, each removed as a 404 under the name it had. A token this calendar did not
    /// give, or gave more than ``DAVSyncStates/kept`` ago, answers `valid-sync-token`: the client syncs again from
    /// the start.
    private func syncCollection(
        from token: String, _ names: [XMLName], limit: Int?,
        response: (TodoTask, [XMLName]) -> Multistatus.Response
    ) throws -> Multistatus {
        let now = try calendar.user.sync.token(of: calendar, now: clock())
        let tasks = try now.tasks ?? calendar.tasks()
        let current = DAVSyncToken(calendar: calendar.list.id, digest: now.digest)
        var offset = 0
        if !token.isEmpty {
            let unknown = DAVRefusal(
                403,
                "this sync token is not one this list gave in the last 30 days: sync again from the start (an empty "
                    + "token)", condition: XMLName(XMLNamespace.dav, "valid-sync-token"))
            guard let given = DAVSyncToken(token), given.calendar == calendar.list.id else { throw unknown }
            if let reached = given.offset {
                // A paged first sync goes on while the list is as it was.
                guard given.digest == now.digest else {
                    throw DAVRefusal(
                        403, "the list changed while it was read page by page: sync again from the start",
                        condition: XMLName(XMLNamespace.dav, "valid-sync-token"))
                }
                offset = reached
            } else {
                if given.digest == now.digest { return Multistatus(responses: [], syncToken: current.text) }
                guard let then = try calendar.user.sync.snapshot(given.digest, of: calendar) else { throw unknown }
                let before = Dictionary(then.entries.map { ($0.id, $0) }) { first, _ in first }
                let ids = Set(tasks.map(\.id))
                let changed = tasks.filter { before[$0.id]?.etag != Self.etag(of: $0) }
                let removed = then.entries.filter { !ids.contains($0.id) }
                if let limit, changed.count + removed.count > limit {
                    throw DAVRefusal(
                        403,
                        "\(changed.count + removed.count) to-dos changed since this token, more than the \(limit) asked "
                            + "for: sync again from the start",
                        condition: XMLName(XMLNamespace.dav, "number-of-matches-within-limits"))
                }
                let gone = removed.map { entry in
                    Multistatus.Response(
                        href: DAVPath.resource(
                            user: calendar.user.user.name, calendar: calendar.list.id.text.lowercased(),
                            name: entry.name
                        ).href, status: 404)
                }
                return Multistatus(responses: changed.map { response($0, names) } + gone, syncToken: current.text)
            }
        }
        let rest = tasks.dropFirst(offset)
        guard let limit, rest.count > limit else {
            return Multistatus(responses: rest.map { response($0, names) }, syncToken: current.text)
        }
        var page = current
        page.offset = offset + limit
        return Multistatus(
            responses: rest.prefix(limit).map { response($0, names) }
                + [Multistatus.Response(href: calendar.path.href, status: 507)],
            syncToken: page.text)
    }

    // MARK: The calendar's own changes

    /// PROPPATCH on the calendar: its `displayname` renames the list; any other property is refused (403), and
    /// then nothing is changed (424 for the rest), as RFC 4918 9.2 has it.
    func propertyUpdate(_ body: [UInt8], user: DAVUser) throws -> HTTPResponse {
        let root = try XMLReader.read(body)
        guard root.name == XMLName(XMLNamespace.dav, "propertyupdate") else {
            throw DAVRefusal(400, "a PROPPATCH's body is a {DAV:}propertyupdate, not a \(root.name)")
        }
        var newName: String?
        var refused: [XMLName] = []
        var asked: [XMLName] = []
        for change in root.children {
            for property in change.child(XMLName(XMLNamespace.dav, "prop"))?.children ?? [] {
                asked.append(property.name)
                if change.name.local == "set", property.name == DAVName.displayName {
                    var name = property.text.trimmingCharacters(in: .whitespacesAndNewlines)
                    // The household a name is shown with (a user of several households) is not part of it.
                    let shownWith = " (\(calendar.household.household.name))"
                    if calendar.user.memberships.count > 1, name.hasSuffix(shownWith), name.count > shownWith.count {
                        name.removeLast(shownWith.count)
                    }
                    newName = name
                } else {
                    refused.append(property.name)
                }
            }
        }
        let href = calendar.path.href
        if !refused.isEmpty {
            var response = Multistatus.Response(href: href, found: [])
            response.propertyStatuses = [
                Multistatus.PropertyStatus(status: 403, properties: refused.map { XMLElement($0) })
            ]
            let others = asked.filter { !refused.contains($0) }
            if !others.isEmpty {
                response.propertyStatuses.append(
                    Multistatus.PropertyStatus(status: 424, properties: others.map { XMLElement($0) }))
            }
            return CalDAVController.multistatus(Multistatus(responses: [response]))
        }
        if let newName {
            do {
                _ = try calendar.household.lists.todoLists.rename(.id(calendar.list.id), to: newName)
            } catch let error as ValidationError {
                throw DAVRefusal(409, "displayname: \(error.message)")
            } catch StoreError.Code.nameTaken {
                throw DAVRefusal(409, "displayname: the household has a to-do list named \(Quoted(newName)) already")
            }
            changed(calendar.household.household.id)
        }
        return CalDAVController.multistatus(
            Multistatus(responses: [Multistatus.Response(href: href, found: asked.map { XMLElement($0) })]))
    }

    /// DELETE on the calendar: the list and its tasks, as deleting it in Lists does (its undo there puts them
    /// back for ten minutes).
    func deleteCalendar(_ request: HTTPRequest) throws {
        _ = try calendar.household.lists.todoLists.delete(.id(calendar.list.id))
        changed(calendar.household.household.id)
    }
}

/// Dates as HTTP writes them (RFC 9110 5.6.7): `Sun, 06 Dec 2026 08:49:37 GMT`.
enum HTTPDate {
    static func text(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let day = Day(daysSince1970: Int((Double(seconds) / 86_400).rounded(.down)))
        let rest = seconds - day.daysSince1970 * 86_400
        let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let weekday = weekdays[((day.daysSince1970 % 7) + 7) % 7]
        return "\(weekday), \(Day.padded(day.day, 2)) \(months[day.month - 1]) \(day.year) "
            + "\(Day.padded(rest / 3600, 2)):\(Day.padded(rest % 3600 / 60, 2)):\(Day.padded(rest % 60, 2)) GMT"
    }
}
