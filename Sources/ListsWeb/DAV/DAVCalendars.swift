import Foundation
import ListsDAV
import ListsHTTP
import ListsInterchange
import ListsModel

/// The signed-in user of a CalDAV request, their households, and the calendars those hold.
struct DAVUser {
    let user: UserAccount
    let memberships: [Membership]
    let services: @Sendable (Household) -> HouseholdServices
    /// The snapshots the calendars' sync tokens name.
    let sync: DAVSyncStates
    /// The time, for when a token was given.
    let clock: @Sendable () -> Date

    /// Whether a path's user segment names this user (case ignored, as user names are).
    func isNamed(_ name: String) -> Bool {
        Reference.nameKey(name) == Reference.nameKey(user.name)
    }

    var principal: DAVPath { .principal(user: user.name) }
    var home: DAVPath { .calendarHome(user: user.name) }

    /// The calendars: every to-do list of each of the user's households, then its shopping lists, in the
    /// households' order and the lists'.
    func calendars() throws -> [DAVCalendar] {
        try memberships.flatMap { membership in
            let household = services(membership.household)
            return try household.lists.todoLists.all().map { try calendar(.todo($0), in: household) }
                + household.lists.shoppingLists.all().map { try calendar(.shopping($0), in: household) }
        }
    }

    /// The calendar a path's segment names: a list of one of the user's households whose id the segment is (any
    /// case), or, for a segment that is no UUID, the list a client made there (MKCALENDAR: its id is made from the
    /// segment, ``ICalendar/id(forUID:)``); `nil` for any other, another household's too.
    func calendar(_ segment: String) throws -> DAVCalendar? {
        let id = UUID(text: segment) ?? ICalendar.id(forUID: segment)
        for membership in memberships {
            let household = services(membership.household)
            if let list = try household.lists.todoLists.lists.stored(id) {
                return try calendar(.todo(list), in: household)
            }
            if let list = try household.lists.store.read({ try $0.record(NamedList.self, id: id) }) {
                return try calendar(.shopping(list), in: household)
            }
        }
        return nil
    }

    private func calendar(_ list: DAVCalendar.List, in household: HouseholdServices) throws -> DAVCalendar {
        // Named after its household too when the user has several: two households' "Groceries" told apart.
        let name = memberships.count > 1 ? "\(list.name) (\(household.household.name))" : list.name
        return DAVCalendar(
            user: self, household: household, list: list, displayName: name,
            segment: try Self.segment(of: list.id, in: household) ?? list.id.text.lowercased())
    }

    /// The segment a client made the list with `id` at (MKCALENDAR), when it is not the id lower-case: kept in the
    /// store's settings, so that the list stays where its client made it (RFC 4791 5.3.1), for every server.
    static func segment(of id: UUID, in household: HouseholdServices) throws -> String? {
        try household.lists.store.read { try $0.setting(segmentKey(id, in: household)) }
    }

    /// Keeps the segment a client made a list at.
    static func keepSegment(_ segment: String, of id: UUID, in household: HouseholdServices) throws {
        guard segment != id.text.lowercased() else { return }
        try household.lists.store.write { try $0.setSetting(segmentKey(id, in: household), to: segment) }
    }

    private static func segmentKey(_ id: UUID, in household: HouseholdServices) -> String {
        "caldav-segment:\(household.household.id.rawValue):\(id.text.lowercased())"
    }

    // MARK: Properties

    /// What every resource of the user's says of them.
    private func common() -> DAVProperties {
        var properties = DAVProperties()
        properties.add(DAVName.currentUserPrincipal) {
            DAVProperties.href(DAVName.currentUserPrincipal, principal.href)
        }
        properties.add(DAVName.principalURL) { DAVProperties.href(DAVName.principalURL, principal.href) }
        properties.add(DAVName.owner) { DAVProperties.href(DAVName.owner, principal.href) }
        properties.add(DAVName.currentUserPrivilegeSet) { DAVProperties.privileges() }
        return properties
    }

    func rootProperties() -> DAVProperties {
        var properties = common()
        properties.add(DAVName.resourceType) { DAVProperties.resourceType([DAVName.collection]) }
        properties.add(DAVName.displayName) { DAVProperties.text(DAVName.displayName, "Lists") }
        return properties
    }

    func principalProperties() -> DAVProperties {
        var properties = common()
        properties.add(DAVName.resourceType) { DAVProperties.resourceType([DAVName.collection, DAVName.principal]) }
        properties.add(DAVName.displayName) { DAVProperties.text(DAVName.displayName, user.name) }
        properties.add(DAVName.calendarHomeSet) { DAVProperties.href(DAVName.calendarHomeSet, home.href) }
        return properties
    }

    func homeProperties() -> DAVProperties {
        var properties = common()
        properties.add(DAVName.resourceType) { DAVProperties.resourceType([DAVName.collection]) }
        properties.add(DAVName.displayName) { DAVProperties.text(DAVName.displayName, user.name) }
        return properties
    }
}

/// A calendar's sync token (RFC 6578): a URI naming the list and the digest of its content when the token was
/// given (``DAVSnapshot``), and, while a first sync is paged, how many of the list's to-dos the client has read.
struct DAVSyncToken: Equatable {
    static let prefix = "urn:x-lists:sync:"

    var calendar: UUID
    var digest: String
    var offset: Int?

    var text: String {
        "\(Self.prefix)\(calendar.text.lowercased()):\(digest)" + (offset.map { ":\($0)" } ?? "")
    }

    /// The token `text` is; `nil` for one this server did not make.
    init?(_ text: String) {
        guard text.hasPrefix(Self.prefix) else { return nil }
        let parts = text.dropFirst(Self.prefix.count).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, let calendar = UUID(text: String(parts[0])),
            parts[1].count == 32, parts[1].allSatisfy({ $0.isHexDigit })
        else { return nil }
        var offset: Int?
        if parts.count == 3 {
            guard let number = Int(parts[2]), number > 0 else { return nil }
            offset = number
        }
        self.init(calendar: calendar, digest: String(parts[1]), offset: offset)
    }

    init(calendar: UUID, digest: String, offset: Int? = nil) {
        self.calendar = calendar
        self.digest = digest
        self.offset = offset
    }
}

/// A resource's properties, each made only when asked for (a task's `calendar-data` is its whole body).
struct DAVProperties {
    /// Each property's name and what makes its value, in the order `allprop` answers them.
    private(set) var makers: [(name: XMLName, make: () -> XMLElement, isInAllprop: Bool)] = []

    mutating func add(_ name: XMLName, isInAllprop: Bool = true, _ make: @escaping () -> XMLElement) {
        makers.append((name, make, isInAllprop))
    }

    /// The response to a PROPFIND (or a REPORT's `prop`) that asked `asked`.
    func response(_ href: String, _ asked: PropfindRequest) -> Multistatus.Response {
        switch asked {
        case .propertyNames:
            return Multistatus.Response(href: href, found: makers.map { XMLElement($0.name) })
        case .allProperties(let including):
            let found = makers.filter { $0.isInAllprop || including.contains($0.name) }.map { $0.make() }
            return Multistatus.Response(href: href, found: found)
        case .properties(let names):
            var found: [XMLElement] = []
            var missing: [XMLName] = []
            for name in names {
                if let maker = makers.first(where: { $0.name == name }) {
                    found.append(maker.make())
                } else {
                    missing.append(name)
                }
            }
            return Multistatus.Response(href: href, found: found, missing: missing)
        }
    }

    static func text(_ name: XMLName, _ text: String) -> XMLElement {
        XMLElement(name, nodes: [.text(text)])
    }

    static func href(_ name: XMLName, _ href: String) -> XMLElement {
        XMLElement(name, nodes: [.element(text(XMLName(XMLNamespace.dav, "href"), href))])
    }

    static func resourceType(_ kinds: [XMLName]) -> XMLElement {
        XMLElement(DAVName.resourceType, nodes: kinds.map { .element(XMLElement($0)) })
    }

    /// Everything: a member of a household reads and changes all its lists.
    static func privileges() -> XMLElement {
        let granted = [
            "read", "write", "write-properties", "write-content", "bind", "unbind", "read-current-user-privilege-set",
        ]
        return XMLElement(
            DAVName.currentUserPrivilegeSet,
            nodes: granted.map { privilege in
                .element(
                    XMLElement(
                        XMLName(XMLNamespace.dav, "privilege"),
                        nodes: [.element(XMLElement(XMLName(XMLNamespace.dav, privilege)))]))
            })
    }
}

/// The properties' and reports' names Lists answers.
enum DAVName {
    static let resourceType = XMLName(XMLNamespace.dav, "resourcetype")
    static let collection = XMLName(XMLNamespace.dav, "collection")
    static let principal = XMLName(XMLNamespace.dav, "principal")
    static let displayName = XMLName(XMLNamespace.dav, "displayname")
    static let currentUserPrincipal = XMLName(XMLNamespace.dav, "current-user-principal")
    static let principalURL = XMLName(XMLNamespace.dav, "principal-URL")
    static let owner = XMLName(XMLNamespace.dav, "owner")
    static let currentUserPrivilegeSet = XMLName(XMLNamespace.dav, "current-user-privilege-set")
    static let supportedReportSet = XMLName(XMLNamespace.dav, "supported-report-set")
    static let syncToken = XMLName(XMLNamespace.dav, "sync-token")
    static let syncCollection = XMLName(XMLNamespace.dav, "sync-collection")
    static let getetag = XMLName(XMLNamespace.dav, "getetag")
    static let getContentType = XMLName(XMLNamespace.dav, "getcontenttype")
    static let getContentLength = XMLName(XMLNamespace.dav, "getcontentlength")
    static let getLastModified = XMLName(XMLNamespace.dav, "getlastmodified")
    static let calendarHomeSet = XMLName(XMLNamespace.calDAV, "calendar-home-set")
    static let calendar = XMLName(XMLNamespace.calDAV, "calendar")
    static let calendarData = XMLName(XMLNamespace.calDAV, "calendar-data")
    static let supportedComponents = XMLName(XMLNamespace.calDAV, "supported-calendar-component-set")
    static let supportedCalendarData = XMLName(XMLNamespace.calDAV, "supported-calendar-data")
    static let maxResourceSize = XMLName(XMLNamespace.calDAV, "max-resource-size")
    static let comp = XMLName(XMLNamespace.calDAV, "comp")
    static let calendarMultiget = XMLName(XMLNamespace.calDAV, "calendar-multiget")
    static let calendarQuery = XMLName(XMLNamespace.calDAV, "calendar-query")
    static let getctag = XMLName(XMLNamespace.calendarServer, "getctag")
}
