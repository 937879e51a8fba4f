import Foundation
import ListsDAV
import ListsHTTP
import ListsInterchange
import ListsModel

/// One of a household's lists as a calendar of to-dos: a to-do list, whose tasks are its to-dos, or a shopping
/// list, whose entries are (``ICalendar``'s `write(entry:name:category:)` says how an entry reads as one).
struct DAVCalendar {
    /// Which list.
    enum List {
        case todo(TaskList)
        case shopping(NamedList)

        var id: UUID {
            switch self {
            case .todo(let list): list.id
            case .shopping(let list): list.id
            }
        }

        var name: String {
            switch self {
            case .todo(let list): list.name
            case .shopping(let list): list.name
            }
        }

        /// The list's version: it moves with its name (and a shopping list's with its entries).
        var version: Int {
            switch self {
            case .todo(let list): list.meta.version
            case .shopping(let list): list.meta.version
            }
        }
    }

    let user: DAVUser
    let household: HouseholdServices
    let list: List
    let displayName: String
    /// The list's segment in paths: the one a client made it at (MKCALENDAR), else its id, lower-case
    /// (``DAVUser/segment(of:in:)``).
    let segment: String

    /// The list's id as the keys of what is kept about it name it.
    var key: String { list.id.text.lowercased() }

    var path: DAVPath { .calendar(user: user.user.name, calendar: segment) }

    /// The calendar's to-dos, in the list's order.
    func items() throws -> [DAVItem] {
        switch list {
        case .todo(let list):
            let zone = try self.zone()
            return try household.lists.todoLists.tasks(of: list).all().map { DAVItem($0.record, zone: zone) }
        case .shopping(let list):
            let id = household.household.id
            let (rows, categories) = try household.lists.store.read { session in
                (try ShoppingLists.rows(of: list, in: session), try Categories.all(household: id, in: session))
            }
            let names = Dictionary(categories.map { ($0.id.uuidString, $0.name) }) { first, _ in first }
            let zone = try self.zone()
            return rows.map { row in
                DAVItem(
                    row.entry.record, name: row.item?.name ?? DAVItem.deletedItem,
                    category: row.item?.category.flatMap { names[$0] }, zone: zone)
            }
        }
    }

    /// The to-do with `id` when it is on this list.
    func item(_ id: UUID) throws -> DAVItem? {
        switch list {
        case .todo(let list):
            guard let task = try household.lists.todo.tasks.stored(id), task.list == list.id.uuidString else {
                return nil
            }
            return DAVItem(task, zone: try zone())
        case .shopping(let list):
            let found = try household.lists.store.read { session -> (ListEntry, ShoppingItem?, String?)? in
                guard let entry = try session.session(in: list.entries).record(ListEntry.self, id: id) else {
                    return nil
                }
                let item = try entry.itemID.flatMap { try session.record(ShoppingItem.self, id: $0) }
                let category = try item?.category.flatMap { category in
                    try Categories.all(household: household.household.id, in: session)
                        .first { $0.id.uuidString == category }
                }
                return (entry, item, category?.name)
            }
            guard let (entry, item, category) = found else { return nil }
            return DAVItem(entry, name: item?.name ?? DAVItem.deletedItem, category: category, zone: try zone())
        }
    }

    /// The to-do whose resource in this calendar is `name`: found by the id the name gives (`UID.ics`), else by the
    /// name a client gave it (kept by ``keepName(_:of:)``), else, `scanning`, among the list's to-dos.
    func item(named name: String, scanning: Bool = true) throws -> DAVItem? {
        if let item = try item(ICalendar.taskID(forResourceName: name)), item.name == name { return item }
        let key = nameKey(name)
        if let text = try household.lists.store.read({ try $0.setting(key) }), let id = UUID(text: text),
            let item = try item(id), item.name == name
        {
            return item
        }
        // Not kept (a database restored from a backup, which keeps the name with the to-do but not this key): the
        // list read for it, and the key kept again; not for a PUT, whose new name (the common one) would read the
        // list each time (a PUT finds its to-do by the body's UID instead).
        guard scanning, let item = try items().first(where: { $0.name == name }) else { return nil }
        try keepName(name, of: item.id)
        return item
    }

    /// Keeps which to-do a name that is not `UID.ics` is (in the store's settings, so that every server finds it);
    /// `nil` forgets it.
    func keepName(_ name: String, of id: UUID?) throws {
        let key = nameKey(name)
        try household.lists.store.write { session in
            if let id { try session.setSetting(key, to: id.uuidString) } else { try session.removeSetting(key) }
        }
    }

    private func nameKey(_ name: String) -> String {
        "caldav-name:\(household.household.id.rawValue):\(key):\(name)"
    }

    /// A to-do's href.
    func href(of item: DAVItem) -> String {
        href(named: item.name)
    }

    /// The href of the resource named `name` here.
    func href(named name: String) -> String {
        DAVPath.resource(user: user.user.name, calendar: segment, name: name).href
    }

    /// The household's time zone, which its due dates are in.
    func zone() throws -> Zone {
        try household.lists.store.householdTimeZone()
    }

    /// The calendar's sync token now: its content's digest (``DAVSyncStates``).
    func syncToken() throws -> String {
        DAVSyncToken(calendar: list.id, digest: try user.sync.token(of: self, now: user.clock()).digest).text
    }

    /// A number that moves with whatever the calendar's to-dos show: the household's tasks' revision for a to-do
    /// list; for a shopping list its catalog's and categories' (an item renamed renames its entries), its entries
    /// moving the list's version.
    func revision() throws -> Int64 {
        let revisions = try household.lists.store.read { try $0.revisions() }
        switch list {
        case .todo: return revisions[.task] ?? 0
        case .shopping: return (revisions[.item] ?? 0) + (revisions[.category] ?? 0)
        }
    }

    func properties() throws -> DAVProperties {
        let token = try syncToken()
        var properties = DAVProperties()
        properties.add(DAVName.resourceType) { DAVProperties.resourceType([DAVName.collection, DAVName.calendar]) }
        properties.add(DAVName.displayName) { DAVProperties.text(DAVName.displayName, displayName) }
        properties.add(DAVName.currentUserPrincipal) {
            DAVProperties.href(DAVName.currentUserPrincipal, user.principal.href)
        }
        properties.add(DAVName.owner) { DAVProperties.href(DAVName.owner, user.principal.href) }
        properties.add(DAVName.currentUserPrivilegeSet) { DAVProperties.privileges() }
        // The ctag changes with the sync token, and with the list's name.
        properties.add(DAVName.getctag) { DAVProperties.text(DAVName.getctag, "\(token):\(list.version)") }
        properties.add(DAVName.syncToken) { DAVProperties.text(DAVName.syncToken, token) }
        properties.add(DAVName.supportedComponents) {
            XMLElement(
                DAVName.supportedComponents,
                nodes: [.element(XMLElement(DAVName.comp, attributes: [XMLAttribute(XMLName("", "name"), "VTODO")]))])
        }
        properties.add(DAVName.supportedReportSet) {
            XMLElement(
                DAVName.supportedReportSet,
                nodes: [DAVName.calendarMultiget, DAVName.calendarQuery, DAVName.syncCollection].map { report in
                    .element(
                        XMLElement(
                            XMLName(XMLNamespace.dav, "supported-report"),
                            nodes: [
                                .element(
                                    XMLElement(
                                        XMLName(XMLNamespace.dav, "report"), nodes: [.element(XMLElement(report))]))
                            ]))
                })
        }
        properties.add(DAVName.supportedCalendarData) {
            XMLElement(
                DAVName.supportedCalendarData,
                nodes: [
                    .element(
                        XMLElement(
                            XMLName(XMLNamespace.calDAV, "calendar-data"),
                            attributes: [
                                XMLAttribute(XMLName("", "content-type"), "text/calendar"),
                                XMLAttribute(XMLName("", "version"), "2.0"),
                            ]))
                ])
        }
        properties.add(DAVName.maxResourceSize) {
            DAVProperties.text(DAVName.maxResourceSize, String(HTTPRequest.maximumBodySize))
        }
        return properties
    }

    /// A response for a resource at `href` with `properties`, as a PROPFIND asked.
    func response(_ href: String, _ properties: DAVProperties, _ asked: PropfindRequest) -> Multistatus.Response {
        properties.response(href, asked)
    }
}

/// One to-do of a calendar: a task, or an entry of a shopping list, with what CalDAV says of it.
struct DAVItem {
    let id: UUID
    /// Its resource's name in its calendar.
    let name: String
    let uid: String
    /// Its strong ETag.
    let etag: String
    let updatedAt: Date
    /// Its body, a VCALENDAR of its VTODO.
    let body: () -> [UInt8]
    /// It as a calendar-query's filter sees it.
    let component: () -> CalendarComponent
    let task: TodoTask?
    let entry: ListEntry?
    /// An entry's item's name (a task's title).
    let itemName: String

    /// What an entry whose item was deleted from the catalog is called, as the web's lists call it.
    static let deletedItem = "(deleted item)"

    init(_ task: TodoTask, zone: Zone) {
        id = task.id
        name = ICalendar.resourceName(of: task)
        uid = ICalendar.uid(of: task)
        let created = Int64((task.meta.createdAt.timeIntervalSince1970 * 1000).rounded())
        etag = "\"\(String(created, radix: 16))-\(task.meta.version)\""
        updatedAt = task.meta.updatedAt
        body = { ICalendar.write([task], zone: zone) }
        component = { ICalendar.component(of: task, zone: zone) }
        self.task = task
        entry = nil
        itemName = task.title
    }

    /// An entry of the item called `itemName`, in `category`. Its ETag is its body's digest: the body shows the
    /// item's name and category too, which change without the entry.
    init(_ entry: ListEntry, name itemName: String, category: String?, zone: Zone) {
        id = entry.id
        name = ICalendar.resourceName(of: entry)
        uid = ICalendar.uid(of: entry)
        let bytes = ICalendar.write(entry: entry, name: itemName, category: category)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        etag = "\"e\(String(hash, radix: 16))-\(bytes.count)\""
        updatedAt = entry.meta.updatedAt
        body = { bytes }
        component = { ICalendar.component(ofBody: bytes, zone: zone) }
        task = nil
        self.entry = entry
        self.itemName = itemName
    }
}
