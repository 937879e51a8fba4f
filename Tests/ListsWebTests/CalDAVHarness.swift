import Foundation
import ListsExamples
import ListsAuth
import ListsDAV
import ListsHTTP
import ListsModel
import ListsSQLite
import Testing

@testable import ListsWeb

/// CalDAV without sockets: an app over a fresh store in memory, its clock a ``TestClock`` the test moves, users
/// made straight in the store (each with an API token, their app password, and a session for the pages and the
/// API), and requests sent as CalDAV clients send them, their multistatus answers read back with ListsDAV's reader.
final class CalDAVSite: Sendable {
    let store: SQLiteStore
    let app: ListsWebApp
    let clock = TestClock()

    /// A site whose first household ("Home") keeps UTC, so that due dates' moments are known to the tests.
    init() throws {
        store = try SQLiteStore(path: ":memory:")
        let clock = self.clock
        app = ListsWebApp(store: store, clock: { clock.now() }, hasher: PasswordHasher.testing)
        try store.scoped(to: .first).setHouseholdTimeZone("UTC")
    }

    /// The password every account here has (never taken by CalDAV).
    static let password = "correct horse"

    /// A user made here: their account, their app password (an API token), and a session cookie.
    struct Member: Sendable {
        let user: UserAccount
        let token: String
        let cookie: String
        var name: String { user.name }
        /// The Basic credentials a CalDAV client sends: the user's name and the app password.
        var authorization: String { CalDAVSite.basic(user.name, token) }
        /// The principal's path.
        var principal: String { "/dav/principals/\(user.name)/" }
        /// The calendar home's path.
        var home: String { "/dav/calendars/\(user.name)/" }
    }

    /// `Basic` credentials of `name` and `password`.
    static func basic(_ name: String, _ password: String) -> String {
        "Basic " + Data("\(name):\(password)".utf8).base64EncodedString()
    }

    /// The first household, which every store has.
    var home: Household {
        get throws { try #require(try store.read { try $0.accounts.household(id: .first) }) }
    }

    /// A new household called `name`, keeping UTC.
    func household(_ name: String) throws -> Household {
        let now = clock.now()
        let household = try store.write { try $0.accounts.addHousehold(name: name, at: now) }
        try store.scoped(to: household.id).setHouseholdTimeZone("UTC")
        return household
    }

    /// A new user called `name`, a member of `households` (the first of them the session's), with an API token
    /// named "phone".
    func member(_ name: String, of households: [Household]) throws -> Member {
        let hash = try PasswordHasher.testing.hash(Self.password)
        let token = SecretToken.generate(prefix: APIToken.prefix)
        let secret = SecretToken.generate()
        let now = clock.now()
        let user = try store.write { session in
            let accounts = session.accounts
            let user = try accounts.addUser(name: name, passwordHash: hash, at: now)
            for (index, household) in households.enumerated() {
                try accounts.setMembership(
                    userID: user.id, in: household.id, role: index == 0 ? .owner : .member, at: now)
            }
            _ = try accounts.addToken(userID: user.id, name: "phone", digest: SecretToken.digest(token), at: now)
            try accounts.addSession(
                SignInSession(
                    digest: SecretToken.digest(secret), userID: user.id, householdID: households.first?.id,
                    createdAt: now, expiresAt: now.addingTimeInterval(30 * 24 * 60 * 60)))
            return user
        }
        return Member(user: user, token: token, cookie: "lists_session=\(secret)")
    }

    // MARK: Lists and tasks, through the model

    /// The household's lists, as the web app keeps them.
    func lists(_ household: Household) -> ListsServices {
        app.householdServices(household).lists
    }

    /// A new to-do list of `household`.
    @discardableResult
    func list(_ name: String, in household: Household) throws -> TaskList {
        try lists(household).todoLists.make(name: name)
    }

    /// A new task on `list` of `household`.
    @discardableResult
    func task(
        _ title: String, on list: TaskList, in household: Household, isDone: Bool = false, due: Due? = nil
    ) throws -> TodoTask {
        try lists(household).todoLists.tasks(of: list).add(title: title, isDone: isDone, due: due).record
    }

    /// Every task of `household` (of every list), as stored.
    func tasks(_ household: Household) throws -> [TodoTask] {
        try store.scoped(to: household.id).read { try $0.list(TodoTask.self).map(\.record) }
    }

    /// The task of `household` with `id`, as stored.
    func stored(_ id: UUID, in household: Household) throws -> TodoTask? {
        try lists(household).todo.tasks.stored(id)
    }

    /// The household's to-do lists' names, in order.
    func listNames(_ household: Household) throws -> [String] {
        try lists(household).todoLists.all().map(\.name)
    }

    /// Everything the household's to-do lists hold, to show that a refused request changed nothing.
    func snapshot(_ household: Household) throws -> [String] {
        try store.scoped(to: household.id).read { session in
            try session.list(TaskList.self).map { "\($0.record)" } + session.list(TodoTask.self).map { "\($0.record)" }
        }
    }

    // MARK: Paths

    static func calendar(_ member: Member, _ list: TaskList) -> String {
        "/dav/calendars/\(member.name)/\(list.id.text.lowercased())/"
    }

    static func resource(_ member: Member, _ list: TaskList, _ name: String) -> String {
        calendar(member, list) + name
    }

    /// The path of a task made in Lists (`ID.ics`).
    static func resource(_ member: Member, _ list: TaskList, _ task: TodoTask) -> String {
        resource(member, list, "\(task.id.uuidString).ics")
    }

    // MARK: Requests

    /// Sends a CalDAV request signed in as `member` (no credentials when `nil`; `authorization` instead when
    /// given), with `body` and `headers`.
    @discardableResult
    func send(
        _ method: String, _ path: String, as member: Member?, authorization: String? = nil, body: String = "",
        headers: [(String, String)] = []
    ) -> DAVAnswer {
        send(method, path, as: member, authorization: authorization, bytes: Array(body.utf8), headers: headers)
    }

    @discardableResult
    func send(
        _ method: String, _ path: String, as member: Member?, authorization: String? = nil, bytes: [UInt8],
        headers: [(String, String)] = []
    ) -> DAVAnswer {
        var all = HTTPHeaders([("Host", "localhost:8080"), ("User-Agent", "CalDAV test")])
        if let credentials = authorization ?? member?.authorization { all["Authorization"] = credentials }
        if !bytes.isEmpty, !headers.contains(where: { $0.0.lowercased() == "content-type" }) {
            all["Content-Type"] = method == "PUT" ? "text/calendar; charset=utf-8" : "application/xml; charset=utf-8"
        }
        for (name, value) in headers { all[name] = value }
        let response = app.respond(to: HTTPRequest(method: method, path: path, headers: all, body: bytes))
        return DAVAnswer(status: response.status, headers: response.headers, body: response.body)
    }

    /// A PROPFIND of `properties` (XML inside `<d:prop>`, prefixes d, c, cs and ical bound) at `depth`.
    @discardableResult
    func propfind(_ path: String, as member: Member, depth: String = "0", _ properties: String) -> DAVAnswer {
        send(
            "PROPFIND", path, as: member, body: DAVBodies.propfind(properties), headers: [("Depth", depth)])
    }

    /// A PUT of `body` at `path`.
    @discardableResult
    func put(_ path: String, as member: Member, _ body: String, headers: [(String, String)] = []) -> DAVAnswer {
        send("PUT", path, as: member, body: body, headers: headers)
    }

    /// A REPORT of `body` at `path`.
    @discardableResult
    func report(_ path: String, as member: Member, _ body: String, depth: String = "1") -> DAVAnswer {
        send("REPORT", path, as: member, body: body, headers: [("Depth", depth)])
    }

    /// Opens the event stream of `member`'s household, as an open page does.
    func events(of member: Member) -> HTTPResponse {
        let headers = HTTPHeaders([
            ("Host", "localhost:8080"), ("Accept", "text/event-stream"), ("Cookie", member.cookie),
        ])
        return app.respond(to: HTTPRequest(method: "GET", path: "/api/v1/events", headers: headers))
    }

    /// A GET of the JSON API as `member`'s session.
    func api(_ path: String, as member: Member) -> DAVAnswer {
        let headers = HTTPHeaders([
            ("Host", "localhost:8080"), ("Accept", "application/json"), ("Cookie", member.cookie),
        ])
        let response = app.respond(to: HTTPRequest(method: "GET", path: path, headers: headers))
        return DAVAnswer(status: response.status, headers: response.headers, body: response.body)
    }
}

/// What a CalDAV request answered, read back.
struct DAVAnswer {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as XML, or `nil` when it is not.
    var xml: XMLElement? { try? XMLReader.read(body) }

    /// A multistatus's responses, in order.
    var responses: [DAVResponse] {
        guard let root = xml, root.name == DAV.d("multistatus") else { return [] }
        return root.children(DAV.d("response")).map(DAVResponse.init)
    }

    /// The response for `href`.
    func response(_ href: String) -> DAVResponse? {
        responses.first { $0.href == href }
    }

    /// A multistatus's hrefs, in order.
    var hrefs: [String] { responses.map(\.href) }

    /// A sync-collection's new token.
    var syncToken: String? {
        xml?.child(DAV.d("sync-token")).map { $0.text }
    }

    /// The precondition an XML error body names (`{DAV:}error`'s first child but its description).
    var condition: XMLName? {
        guard let root = xml, root.name == DAV.d("error") else { return nil }
        return root.children.first { $0.name != DAV.d("responsedescription") }?.name
    }

    /// The reason an error gives: its XML error's description, else its text.
    var reason: String {
        guard let root = xml, root.name == DAV.d("error") else { return text }
        return root.child(DAV.d("responsedescription"))?.text ?? ""
    }

    /// The body's iCalendar lines, unfolded (CRLF or LF), empty ones left out.
    var calendarLines: [String] { ICalendarLines.unfolded(text) }
}

/// One `response` of a multistatus.
struct DAVResponse {
    var href: String
    /// The status of the whole resource, when the response has one.
    var status: Int?
    /// The properties by the status of their propstat.
    var propertyStatuses: [(status: Int, properties: [XMLElement])]

    init(_ element: XMLElement) {
        href = element.child(DAV.d("href"))?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        status = element.child(DAV.d("status")).map { DAV.status($0.text) }
        propertyStatuses = element.children(DAV.d("propstat")).map { propstat in
            (
                DAV.status(propstat.child(DAV.d("status"))?.text ?? ""),
                propstat.child(DAV.d("prop"))?.children ?? []
            )
        }
    }

    /// The property `name` as found (in a 200 propstat).
    func property(_ name: XMLName) -> XMLElement? {
        propertyStatuses.first { $0.status == 200 }?.properties.first { $0.name == name }
    }

    /// The text of the property `name` as found.
    func value(_ name: XMLName) -> String? {
        property(name)?.text
    }

    /// The status of the propstat that names `name`.
    func status(of name: XMLName) -> Int? {
        propertyStatuses.first { $0.properties.contains { $0.name == name } }?.status
    }

    /// The names in the propstat of `status`.
    func names(_ status: Int) -> Set<XMLName> {
        Set(propertyStatuses.filter { $0.status == status }.flatMap { $0.properties.map(\.name) })
    }

    /// The href inside the property `name` (`current-user-principal`, `calendar-home-set`).
    func href(in name: XMLName) -> String? {
        property(name)?.child(DAV.d("href"))?.text
    }
}

/// The namespaces and names the tests use.
enum DAV {
    static func d(_ local: String) -> XMLName { XMLName(XMLNamespace.dav, local) }
    static func c(_ local: String) -> XMLName { XMLName(XMLNamespace.calDAV, local) }
    static func cs(_ local: String) -> XMLName { XMLName(XMLNamespace.calendarServer, local) }
    static func ical(_ local: String) -> XMLName { XMLName(XMLNamespace.appleICal, local) }

    /// `HTTP/1.1 404 Not Found`'s 404.
    static func status(_ line: String) -> Int {
        let parts = line.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")
        return parts.count >= 2 ? Int(parts[1]) ?? 0 : 0
    }
}

/// Request bodies.
enum DAVBodies {
    /// A PROPFIND of `properties`, prefixes d, c, cs and ical bound.
    static func propfind(_ properties: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" \
        xmlns:cs="http://calendarserver.org/ns/" xmlns:ical="http://apple.com/ns/ical/">
          <d:prop>\(properties)</d:prop>
        </d:propfind>
        """
    }

    /// A calendar-multiget of `hrefs` asking for the ETag and the body.
    static func multiget(_ hrefs: [String]) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
          <d:prop><d:getetag/><c:calendar-data/></d:prop>
          \(hrefs.map { "<d:href>\($0)</d:href>" }.joined(separator: "\n  "))
        </c:calendar-multiget>
        """
    }

    /// A calendar-query whose VTODO comp-filter holds `filter`.
    static func query(_ filter: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
          <d:prop><d:getetag/></d:prop>
          <c:filter>
            <c:comp-filter name="VCALENDAR">
              <c:comp-filter name="VTODO">\(filter)</c:comp-filter>
            </c:comp-filter>
          </c:filter>
        </c:calendar-query>
        """
    }

    /// A sync-collection from `token` (empty: the first sync).
    static func sync(_ token: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <d:sync-collection xmlns:d="DAV:">
          <d:sync-token>\(token)</d:sync-token>
          <d:sync-level>1</d:sync-level>
          <d:prop><d:getetag/></d:prop>
        </d:sync-collection>
        """
    }

    /// A PROPPATCH setting `properties` (XML inside `<d:prop>`).
    static func proppatch(_ properties: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <d:propertyupdate xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" \
        xmlns:ical="http://apple.com/ns/ical/">
          <d:set><d:prop>\(properties)</d:prop></d:set>
        </d:propertyupdate>
        """
    }
}

/// iCalendar bodies as clients send them.
enum ICS {
    /// A VCALENDAR around `lines` (each a content line, or a whole component), CRLF line ends.
    static func calendar(_ lines: [String], prodID: String = "-//Tests//CalDAV//EN") -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(prodID)"] + lines + ["END:VCALENDAR"])
            .joined(separator: "\r\n") + "\r\n"
    }

    /// A VCALENDAR of one VTODO of `uid` (none when `nil`), `summary` and `extra` lines.
    static func todo(uid: String?, summary: String, _ extra: [String] = []) -> String {
        calendar(
            ["BEGIN:VTODO"] + (uid.map { ["UID:\($0)"] } ?? []) + ["DTSTAMP:20261201T090000Z", "SUMMARY:\(summary)"]
                + extra + ["END:VTODO"])
    }

    /// The value of the first line of `name` (`SUMMARY`) in `lines`, parameters aside.
    static func value(_ name: String, in lines: [String]) -> String? {
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let head = line[..<colon].split(separator: ";", omittingEmptySubsequences: false)[0]
            if head.uppercased() == name { return String(line[line.index(after: colon)...]) }
        }
        return nil
    }
}
