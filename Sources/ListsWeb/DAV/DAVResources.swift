import Foundation
import ListsDAV
import ListsHTTP
import ListsInterchange
import ListsModel

/// A calendar's to-dos as CalDAV resources: read (GET, REPORT), put, deleted; and the calendar's own changes
/// (PROPPATCH's name, DELETE).
///
/// ETags are strong. A task's is its creation and its version (`"18c2f…-3"`), which every change of the task moves
/// on and which an undo of its deletion brings back with the task as it was; an entry's is its body's digest (its
/// body shows its item's name and category, which change without it). `If-Match` and `If-None-Match: *` are
/// checked against the to-do as stored, and the change is then made at that version: a change made by someone else
/// in between is refused with 412 as well, never overwritten.
struct DAVResources {
    let calendar: DAVCalendar
    let clock: @Sendable () -> Date
    let changed: @Sendable (HouseholdID) -> Void

    /// The media type of a to-do's body.
    static let contentType = "text/calendar; charset=utf-8; component=VTODO"

    private var tasks: RecordList<TodoTask> { calendar.household.lists.todo.tasks }

    /// A to-do's properties.
    func properties(of item: DAVItem) -> DAVProperties {
        var properties = DAVProperties()
        properties.add(DAVName.resourceType) { DAVProperties.resourceType([]) }
        properties.add(DAVName.getetag) { DAVProperties.text(DAVName.getetag, item.etag) }
        properties.add(DAVName.getContentType) { DAVProperties.text(DAVName.getContentType, Self.contentType) }
        properties.add(DAVName.getContentLength) {
            DAVProperties.text(DAVName.getContentLength, String(item.body().count))
        }
        properties.add(DAVName.getLastModified) {
            DAVProperties.text(DAVName.getLastModified, HTTPDate.text(item.updatedAt))
        }
        properties.add(DAVName.calendarData, isInAllprop: false) {
            DAVProperties.text(DAVName.calendarData, String(decoding: item.body(), as: UTF8.self))
        }
        return properties
    }

    /// A request to one of the calendar's resources, named `name`.
    func answer(_ request: HTTPRequest, name: String) throws -> HTTPResponse {
        guard !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }), name.utf8.count <= 255
        else { throw DAVRefusal(400, "a resource's name has no control characters and at most 255 bytes") }
        var stored = try calendar.item(named: name, scanning: request.method != "PUT")
        switch request.method {
        case "GET", "HEAD":
            guard let item = stored else { throw DAVRefusal.notFound }
            var response = HTTPResponse(status: 200, body: item.body())
            response.headers["Content-Type"] = Self.contentType
            response.headers["ETag"] = item.etag
            response.headers["Last-Modified"] = HTTPDate.text(item.updatedAt)
            return response
        case "PUT":
            try Self.checkBody(of: request)
            // Nothing at this name: the to-do of this list the body's UID names. Under this name, it is a to-do
            // whose name the server no longer keeps; under another, its UID is taken (the put refuses it).
            let uid = stored == nil ? ICalendar.uidLine(in: request.body) : nil
            var sameUID = try uid.flatMap { try calendar.item(ICalendar.id(forUID: $0)) }
            if let found = sameUID, found.name == name {
                try calendar.keepName(name, of: found.id)
                stored = found
                sameUID = nil
            }
            try Self.check(request, against: stored)
            switch calendar.list {
            case .todo: return try put(request, name: name, stored: stored?.task)
            case .shopping(let list):
                return try putEntry(request, name: name, stored: stored, uid: uid, sameUID: sameUID, on: list)
            }
        case "DELETE":
            guard let item = stored else { throw DAVRefusal.notFound }
            try Self.check(request, against: item)
            do {
                switch calendar.list {
                case .todo:
                    try tasks.remove([.id(item.id)], expectedVersion: item.task?.meta.version)
                case .shopping(let list):
                    try calendar.household.lists.shoppingLists.remove(
                        [.id(item.id)], from: list, expectedVersion: item.entry?.meta.version)
                }
            } catch StoreError.Code.conflict {
                throw Self.changedMeanwhile
            }
            if name != item.uid + ".ics" { try calendar.keepName(name, of: nil) }
            changed(calendar.household.household.id)
            return HTTPResponse(status: 204)
        case "PROPFIND":
            guard let item = stored else { throw DAVRefusal.notFound }
            let asked = try PropfindRequest.read(request.body)
            return CalDAVController.multistatus(
                Multistatus(responses: [properties(of: item).response(calendar.href(of: item), asked)]))
        default:
            throw DAVRefusal.methodNotAllowed(request.method)
        }
    }

    /// `If-Match` and `If-None-Match` against the resource as stored (`nil`: none is).
    /// - Throws: ``DAVRefusal`` 412 when one does not hold.
    static func check(_ request: HTTPRequest, against item: DAVItem?) throws {
        if let match = request.headers["If-Match"] {
            let tags = match.split(separator: ",").map { String($0.trimmingSpacesAndTabs()) }
            guard let item, tags.contains("*") || tags.contains(item.etag) else {
                throw DAVRefusal(412, "the to-do is not the version If-Match names: it was changed or deleted since")
            }
        }
        if let noneMatch = request.headers["If-None-Match"], let item {
            let tags = noneMatch.split(separator: ",").map { String($0.trimmingSpacesAndTabs()) }
            if tags.contains("*") || tags.contains(item.etag) {
                throw DAVRefusal(412, "a to-do is at this address already (If-None-Match)")
            }
        }
    }

    /// A PUT's media type and size.
    static func checkBody(of request: HTTPRequest) throws {
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
    }

    /// The answer to a change refused because the to-do changed between its check and its write.
    static let changedMeanwhile = DAVRefusal(412, "the to-do was changed by someone else meanwhile")

    /// The refusal of a new resource whose UID `other` has (RFC 4791 5.3.2.1).
    private func uidConflict(_ uid: String, at other: String) -> DAVRefusal {
        DAVRefusal(
            403, "a to-do with the UID \(Quoted(uid)) is in the household already, at \(other)",
            condition: XMLName(XMLNamespace.calDAV, "no-uid-conflict"))
    }

    /// The refusal of a put that changes a resource's UID.
    private func uidChange(_ uid: String) -> DAVRefusal {
        DAVRefusal(
            403, "this to-do's UID is \(Quoted(uid)): a resource keeps its UID",
            condition: XMLName(XMLNamespace.calDAV, "no-uid-conflict"))
    }

    /// PUT in a to-do list: the body, one VTODO, is the task's new state (or a new task on this list). The task's
    /// own history stays (a repeating task's check-offs, what a Taskwarrior import kept). A task of another of the
    /// household's lists put here under its name moves here: that is how a client moves a to-do between lists (put
    /// in the new, deleted from the old, whose delete then finds it gone).
    ///
    /// The answer carries the new ETag when the task stored says what the body said (its body is still written
    /// anew, in Lists' order); when Lists changed what it means (a repeating to-do checked off moves on to its
    /// next date), the answer has none, so that the client reads the task again (RFC 4791 5.3.4).
    private func put(_ request: HTTPRequest, name: String, stored: TodoTask?) throws -> HTTPResponse {
        guard case .todo(let list) = calendar.list else { throw DAVRefusal.notFound }
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
        // A UID is one to-do of the household (no-uid-conflict): a resource keeps its UID, and a new one may not
        // take the UID of another. The same UID under the same name on another of the household's lists is that
        // to-do, moved here.
        let elsewhere = stored == nil ? try tasks.stored(id) : nil
        if let stored, stored.id != id { throw uidChange(ICalendar.uid(of: stored)) }
        if let elsewhere, ICalendar.resourceName(of: elsewhere) != name || elsewhere.list == list.id.uuidString {
            let isHere = elsewhere.list == list.id.uuidString
            throw uidConflict(
                ICalendar.uid(of: elsewhere),
                at: isHere ? calendar.href(named: ICalendar.resourceName(of: elsewhere)) : "another list")
        }
        let saved: TodoTask
        let isNew: Bool
        do {
            if let old = stored ?? elsewhere {
                saved = try tasks.change([.id(old.id)], expectedVersion: old.meta.version) { task in
                    Self.take(sent, into: &task)
                    task.list = list.id.uuidString
                }[0].record
                isNew = stored == nil
            } else {
                var draft = sent
                draft.list = list.id.uuidString
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
        if name != ICalendar.uid(of: saved) + ".ics" { try calendar.keepName(name, of: saved.id) }
        changed(household)
        var response = HTTPResponse(status: isNew ? 201 : 204)
        if Self.saysTheSame(saved, sent) { response.headers["ETag"] = DAVItem(saved, zone: zone).etag }
        return response
    }

    /// PUT in a shopping list: the body, one VTODO, is the entry's new state, or a new entry (``ICalendar``'s
    /// `entry(_:named:now:)` says how it reads). Its summary's name is an item of the catalog (the one of that name,
    /// case ignored when none has it exactly; added to the catalog when none has it); a new entry is one of its own,
    /// even when the item is on the list already (an app shows every to-do it made). A check-off is logged as
    /// bought, as in Lists. The answer carries the new ETag: the entry's body is written anew, its meaning kept.
    /// With nothing `stored` at the name, `uid` is the body's UID line and `sameUID` the to-do of this list it
    /// names, as ``answer(_:name:)`` found them.
    private func putEntry(
        _ request: HTTPRequest, name: String, stored: DAVItem?, uid: String?, sameUID: DAVItem?, on list: NamedList
    ) throws -> HTTPResponse {
        let lists = calendar.household.lists
        let shopping = lists.shoppingLists
        // Entries' ids are the household's: the body's UID on another of the household's shopping lists is that
        // list's to-do. Put here under the name it has there, it moves here (a client moves a to-do between lists
        // so: put in the new, deleted from the old, whose delete then finds it gone); under another name it is a
        // UID taken.
        var elsewhere: (entry: ListEntry, itemName: String)?
        if stored == nil, let uid {
            let id = ICalendar.id(forUID: uid)
            elsewhere = try lists.store.read { session in
                guard let entry = try session.session(in: nil).record(ListEntry.self, id: id),
                    entry.list != list.id.uuidString
                else { return nil }
                let item = try entry.itemID.flatMap { try session.record(ShoppingItem.self, id: $0) }
                return (entry, item?.name ?? DAVItem.deletedItem)
            }
        }
        let current =
            stored.map { ($0.itemName, $0.entry?.quantity) } ?? elsewhere.map { ($0.itemName, $0.entry.quantity) }
        let sent: ICalendar.EntryValues
        do {
            sent = try ICalendar.entry(request.body, named: name, now: clock(), current: current)
        } catch let refusal as ICalendar.ResourceRefusal {
            throw Self.refusal(refusal)
        }
        if let stored, stored.id != sent.id { throw uidChange(stored.uid) }
        if stored == nil {
            // The VTODO's own UID, when it is not the body's first UID line (an alarm's before it), looked up anew.
            let here = uid.map(ICalendar.id(forUID:)) == sent.id ? sameUID : try calendar.item(sent.id)
            if let here { throw uidConflict(sent.uid, at: calendar.href(of: here)) }
        }
        if let elsewhere, elsewhere.entry.id != sent.id || ICalendar.resourceName(of: elsewhere.entry) != name {
            throw uidConflict(sent.uid, at: "another list")
        }
        let isNew = stored == nil
        do {
            // Everything checked before anything is written: a refused to-do adds nothing to the catalog either.
            let now = clock()
            let note = try ListEntry.Fields.note.checked(sent.note, now: now)
            let quantity = try ListEntry.Fields.quantity.checked(sent.quantity, now: now)
            let checkedAt = try ListEntry.Fields.checkedAt.checked(sent.checkedAt, now: now)
            // The entry's item stays while its name does (an item deleted from the catalog too).
            let had = stored?.entry ?? elsewhere?.entry
            let keepsItem = current?.0 == sent.name
            if !keepsItem { _ = try ShoppingItem.Fields.name.checked(sent.name, now: now) }
            let item =
                try keepsItem ? had?.itemID : Self.item(named: sent.name, in: lists)
            var version = stored?.entry?.meta.version
            if let moving = elsewhere?.entry {
                version = try shopping.move(entry: moving.id, to: list, expectedVersion: moving.meta.version).meta
                    .version
            } else if isNew, let item {
                let put = try shopping.put(
                    .id(item), on: list, quantity: quantity, note: note, id: sent.id, merging: false)
                guard put.isNew else { throw DAVRefusal(412, "a to-do was put at this address meanwhile") }
            }
            try shopping.change([.id(sent.id)], on: list, expectedVersion: version) { entry in
                if let item { entry.item = item.uuidString }
                entry.quantity = quantity
                entry.note = note
                entry.checkedAt = checkedAt
                entry.icalendar = sent.kept
            }
        } catch StoreError.Code.conflict {
            throw Self.changedMeanwhile
        } catch let error as ValidationError {
            throw DAVRefusal(
                403, "\(error.field): \(error.message)", condition: XMLName(XMLNamespace.calDAV, "valid-calendar-data"))
        }
        if name != sent.uid + ".ics" { try calendar.keepName(name, of: sent.id) }
        changed(calendar.household.household.id)
        var response = HTTPResponse(status: isNew ? 201 : 204)
        if let saved = try calendar.item(sent.id) { response.headers["ETag"] = saved.etag }
        return response
    }

    /// The id of the catalog's item called `name`, found or added (at no price, as an item put on a list by its
    /// name is) by ``ListsModel/ShoppingLists/item(named:price:)``.
    static func item(named typed: String, in lists: ListsServices) throws -> UUID {
        let name: String
        do {
            name = try ShoppingItem.Fields.name.checked(typed, now: lists.clock())
        } catch let error as ValidationError {
            throw ValidationError(field: "SUMMARY", message: error.message)
        }
        return try lists.shoppingLists.item(named: name).id
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
        func response(_ item: DAVItem, _ names: [XMLName]) -> Multistatus.Response {
            properties(of: item).response(
                calendar.href(of: item), .properties(names.isEmpty ? [DAVName.getetag] : names))
        }
        switch report {
        case .multiget(let names, let hrefs):
            // Many hrefs (a first sync's) are found in one read of the list; a few, each by its name.
            let listed =
                hrefs.count > 16 ? Dictionary(try calendar.items().map { ($0.name, $0) }) { first, _ in first } : nil
            return Multistatus(
                responses: try hrefs.map { href in
                    guard case .resource(let user, let segment, let name)? = DAVPath(href: href),
                        calendar.user.isNamed(user),
                        (UUID(text: segment) ?? ICalendar.id(forUID: segment)) == calendar.list.id,
                        let item = try listed.map({ $0[name] }) ?? calendar.item(named: name)
                    else { return Multistatus.Response(href: href, status: 404) }
                    return response(item, names)
                })
        case .calendarQuery(let names, let filter):
            return Multistatus(
                responses: try calendar.items().filter { filter.matches($0.component()) }.map { response($0, names) })
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
        response: (DAVItem, [XMLName]) -> Multistatus.Response
    ) throws -> Multistatus {
        let now = try calendar.user.sync.token(of: calendar, now: clock())
        let items = try now.items ?? calendar.items()
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
                let ids = Set(items.map(\.id))
                let changed = items.filter { before[$0.id]?.etag != $0.etag || before[$0.id]?.name != $0.name }
                let removed = then.entries.filter { !ids.contains($0.id) }
                if let limit, changed.count + removed.count > limit {
                    throw DAVRefusal(
                        403,
                        "\(changed.count + removed.count) to-dos changed since this token, more than the \(limit) asked "
                            + "for: sync again from the start",
                        condition: XMLName(XMLNamespace.dav, "number-of-matches-within-limits"))
                }
                let gone = removed.map { Multistatus.Response(href: calendar.href(named: $0.name), status: 404) }
                return Multistatus(responses: changed.map { response($0, names) } + gone, syncToken: current.text)
            }
        }
        let rest = items.dropFirst(offset)
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
                switch calendar.list {
                case .todo(let list): _ = try calendar.household.lists.todoLists.rename(.id(list.id), to: newName)
                case .shopping(let list):
                    _ = try calendar.household.lists.shoppingLists.rename(.id(list.id), to: newName)
                }
            } catch let error as ValidationError {
                throw DAVRefusal(409, "displayname: \(error.message)")
            } catch StoreError.Code.nameTaken {
                throw DAVRefusal(409, "displayname: the household has a list named \(Quoted(newName)) already")
            }
            changed(calendar.household.household.id)
        }
        return CalDAVController.multistatus(
            Multistatus(responses: [Multistatus.Response(href: href, found: asked.map { XMLElement($0) })]))
    }

    /// DELETE on the calendar: the list and its tasks or entries, as deleting it in Lists does (its undo there
    /// puts them back for ten minutes).
    func deleteCalendar(_ request: HTTPRequest) throws {
        switch calendar.list {
        case .todo(let list): _ = try calendar.household.lists.todoLists.delete(.id(list.id))
        case .shopping(let list): _ = try calendar.household.lists.shoppingLists.delete(.id(list.id))
        }
        changed(calendar.household.household.id)
    }
}

/// Dates as HTTP writes them (RFC 9110 5.6.7): `Sun, 06 Dec 2026 08:49:37 GMT`.
enum HTTPDate {
    static func text(_ date: Date) -> String {
        let (day, hour, minute, second) = Day.utc(date)
        let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(weekdays[day.weekday - 1]), \(Day.padded(day.day, 2)) \(months[day.month - 1]) \(day.year) "
            + "\(Day.padded(hour, 2)):\(Day.padded(minute, 2)):\(Day.padded(second, 2)) GMT"
    }
}
