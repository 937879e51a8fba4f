import Foundation
import ListsDAV
import ListsHTTP
import ListsInterchange
import ListsModel

/// CalDAV (RFC 4791, with WebDAV's RFC 4918 and sync-collection's RFC 6578): a household's to-do lists as
/// calendars of VTODOs, for the apps people keep their to-dos in (Apple's Reminders, Tasks.org through DAVx5,
/// Thunderbird, Evolution, todoman through vdirsyncer).
///
/// ```
/// /.well-known/caldav                         redirected to /dav/ (RFC 6764)
/// /dav/                                       names the signed-in user's principal
/// /dav/principals/USER/                       the principal: names the calendar home
/// /dav/calendars/USER/                        one calendar per to-do list of each of the user's households
/// /dav/calendars/USER/LIST/                   a to-do list (LIST: its id, lower-case)
/// /dav/calendars/USER/LIST/NAME               a task (``ICalendar/resourceName(of:)``)
/// ```
///
/// Every request but OPTIONS and the well-known redirect is signed in with Basic credentials: the user's name and an
/// app password (``AccessControl/appPasswordUser(of:client:)``). A calendar is found among the lists of the user's
/// own households only, and a task in its list only: another household's list, another user's home, another
/// list's task answer 404 exactly as one that does not exist.
///
/// What each request does is in docs/caldav.md; the protocol's values (requests read, answers written, the paths)
/// are ListsDAV's, and a VTODO's mapping to a task is ``ICalendar``'s.
struct CalDAVController: Sendable {
    /// Who sent a request.
    let access: AccessControl
    /// A household's lists, as the web app keeps them.
    let services: @Sendable (Household) -> HouseholdServices
    /// Tells open pages that a household's lists changed.
    let changed: @Sendable (HouseholdID) -> Void
    /// The time, for what a client puts.
    let clock: @Sendable () -> Date
    /// What the calendars' sync tokens name.
    let sync = DAVSyncStates()

    /// The largest body a CalDAV request may send: a REPORT naming a thousand hrefs; a to-do's is far smaller.
    static let bodyLimit = 1024 * 1024

    /// Whether a request is CalDAV's: to the well-known address or under `/dav/`, or a PROPFIND of the server's
    /// root, where clients given only the server's address look for the principal (Apple's, python-caldav).
    static func serves(_ method: String, _ path: String) -> Bool {
        path == DAVPath.wellKnown || path == "/dav" || path.hasPrefix("/dav/") || (path == "/" && method == "PROPFIND")
    }

    /// The methods a CalDAV path takes, for OPTIONS and 405's `Allow`.
    static let methods = ["OPTIONS", "GET", "HEAD", "PUT", "DELETE", "PROPFIND", "PROPPATCH", "REPORT", "MKCALENDAR"]

    /// Answers a CalDAV request; every refusal is the protocol's (a status, and a precondition where CalDAV names
    /// one) with a sentence saying why.
    func respond(to request: HTTPRequest) -> HTTPResponse {
        do {
            return try answer(request)
        } catch let refusal as DAVRefusal {
            return refusal.response
        } catch let error as DAVRequestError {
            return DAVRefusal(error.condition == nil ? 400 : 403, error.message, condition: error.condition).response
        } catch let error as XMLError {
            return DAVRefusal(400, "the body is not XML Lists reads: \(error)").response
        } catch {
            let error = HTTPError(error)
            var response = DAVRefusal(error.status, error.message).response
            if error.status == 401 { response.headers["WWW-Authenticate"] = #"Basic realm="Lists", charset="UTF-8""# }
            if let wait = error.retryAfter { response.headers["Retry-After"] = String(wait) }
            return response
        }
    }

    private func answer(_ request: HTTPRequest) throws -> HTTPResponse {
        if request.path == DAVPath.wellKnown {
            var response = HTTPResponse(status: 301)
            response.headers["Location"] = DAVPath.root.href
            return response
        }
        if request.method == "OPTIONS" {
            var response = HTTPResponse(status: 200)
            response.headers["DAV"] = "1, 3, calendar-access"
            response.headers["Allow"] = Self.methods.joined(separator: ", ")
            return response
        }
        guard let path = request.path == "/" ? DAVPath.root : DAVPath(path: request.path) else {
            throw DAVRefusal.notFound
        }
        let user = try access.appPasswordUser(of: request, client: AccountController.clientKey(request))
        let memberships = try access.store.read { try $0.accounts.memberships(userID: user.id) }
        let you = DAVUser(user: user, memberships: memberships, services: services, sync: sync, clock: clock)
        switch path {
        case .root:
            return try propfindOnly(request) { request, _ in
                [(request.path == "/" ? "/" : DAVPath.root.href, you.rootProperties())]
            }
        case .principal(let name):
            guard you.isNamed(name) else { throw DAVRefusal.notFound }
            return try propfindOnly(request) { _, _ in [(you.principal.href, you.principalProperties())] }
        case .calendarHome(let name):
            guard you.isNamed(name) else { throw DAVRefusal.notFound }
            return try propfindOnly(request) { _, depth in
                var found = [(you.home.href, you.homeProperties())]
                if depth > 0 {
                    found += try you.calendars().map { ($0.path.href, try $0.properties()) }
                }
                return found
            }
        case .calendar(let name, let segment):
            guard you.isNamed(name) else { throw DAVRefusal.notFound }
            if request.method == "MKCALENDAR" || request.method == "MKCOL" {
                return try makeCalendar(request, you, segment: segment)
            }
            guard let calendar = try you.calendar(segment) else { throw DAVRefusal.notFound }
            return try answer(request, calendar)
        case .resource(let name, let segment, let resource):
            guard you.isNamed(name), let calendar = try you.calendar(segment) else { throw DAVRefusal.notFound }
            return try DAVResources(calendar: calendar, clock: clock, changed: changed).answer(request, name: resource)
        }
    }

    /// A request to a calendar.
    private func answer(_ request: HTTPRequest, _ calendar: DAVCalendar) throws -> HTTPResponse {
        let resources = DAVResources(calendar: calendar, clock: clock, changed: changed)
        switch request.method {
        case "PROPFIND":
            let asked = try PropfindRequest.read(request.body)
            var responses = [calendar.response(calendar.path.href, try calendar.properties(), asked)]
            if try Self.depth(request) > 0 {
                for item in try calendar.items() {
                    responses.append(calendar.response(calendar.href(of: item), resources.properties(of: item), asked))
                }
            }
            return Self.multistatus(Multistatus(responses: responses))
        case "REPORT":
            return Self.multistatus(try resources.report(try ReportRequest.read(request.body)))
        case "PROPPATCH":
            return try resources.propertyUpdate(request.body, user: calendar.user)
        case "DELETE":
            try resources.deleteCalendar(request)
            return HTTPResponse(status: 204)
        case "GET", "HEAD":
            // A calendar has no body of its own; some clients look.
            var response = HTTPResponse(status: 200, body: Array("\(calendar.displayName)\n".utf8))
            response.headers["Content-Type"] = "text/plain; charset=utf-8"
            return response
        default:
            throw DAVRefusal.methodNotAllowed(request.method)
        }
    }

    /// MKCALENDAR (RFC 4791 5.3.1), or an extended MKCOL (RFC 5689) whose body makes a calendar (vdirsyncer's way):
    /// a new to-do list named by the body's `displayname` (else the path's last segment), in the user's household (their first when they have several: a client cannot say which), its id
    /// the one the segment gives (a UUID, the same one lower-cased in the answers; another text, an id made from
    /// it).
    private func makeCalendar(_ request: HTTPRequest, _ you: DAVUser, segment: String) throws -> HTTPResponse {
        if try you.calendar(segment) != nil {
            throw DAVRefusal(
                405, "a list is at this address already",
                condition: XMLName(XMLNamespace.dav, "resource-must-be-null"))
        }
        guard let household = you.memberships.first?.household else {
            throw DAVRefusal(403, "you belong to no household: make one, or ask for an invitation, in Lists")
        }
        var name = segment
        var components: [String]?
        var isCalendar = request.method == "MKCALENDAR"
        if request.body.contains(where: { $0 > 0x20 }) {
            let root = try XMLReader.read(request.body)
            let prop = root.child(XMLName(XMLNamespace.dav, "set"))?.child(XMLName(XMLNamespace.dav, "prop"))
            if prop?.child(DAVName.resourceType)?.child(DAVName.calendar) != nil { isCalendar = true }
            if let displayName = prop?.child(XMLName(XMLNamespace.dav, "displayname")) {
                name = displayName.text.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            components = prop?.child(XMLName(XMLNamespace.calDAV, "supported-calendar-component-set"))?.children
                .compactMap { $0.attributes.first { $0.name.local == "name" }?.value.uppercased() }
        }
        guard isCalendar else {
            throw DAVRefusal(
                403, "only lists are made here: MKCALENDAR, or MKCOL with a calendar resourcetype",
                condition: XMLName(XMLNamespace.dav, "valid-resourcetype"))
        }
        if let components, !components.contains("VTODO") {
            throw DAVRefusal(
                403, "a list in Lists holds to-dos (VTODO), not \(components.joined(separator: ", "))",
                condition: XMLName(XMLNamespace.calDAV, "supported-calendar-component"))
        }
        let services = services(household)
        let made = try services.lists.todoLists.make(
            name: name, id: UUID(text: segment) ?? ICalendar.id(forUID: segment))
        try DAVUser.keepSegment(segment, of: made.id, in: services)
        changed(household.id)
        return HTTPResponse(status: 201)
    }

    /// A request that only PROPFIND answers, with what `found` gives for its depth: each resource's href and
    /// properties.
    private func propfindOnly(
        _ request: HTTPRequest, _ found: (HTTPRequest, Int) throws -> [(String, DAVProperties)]
    ) throws -> HTTPResponse {
        guard request.method == "PROPFIND" else {
            if request.method == "GET" || request.method == "HEAD" {
                var response = HTTPResponse(status: 200, body: Array("Lists CalDAV\n".utf8))
                response.headers["Content-Type"] = "text/plain; charset=utf-8"
                return response
            }
            throw DAVRefusal.methodNotAllowed(request.method)
        }
        let asked = try PropfindRequest.read(request.body)
        let responses = try found(request, try Self.depth(request)).map { href, properties in
            properties.response(href, asked)
        }
        return Self.multistatus(Multistatus(responses: responses))
    }

    /// A PROPFIND's `Depth`: 0, or 1 (also for `infinity` and none, which Lists answers as 1: its collections
    /// hold resources, never collections of their own).
    static func depth(_ request: HTTPRequest) throws -> Int {
        switch request.headers["Depth"]?.trimmingSpacesAndTabs().lowercased() {
        case "0": 0
        case "1", "infinity", nil: 1
        case let other?: throw DAVRefusal(400, "Depth is 0, 1 or infinity, not \(Quoted(String(other)))")
        }
    }

    /// A 207 answer.
    static func multistatus(_ multistatus: Multistatus) -> HTTPResponse {
        var response = HTTPResponse(status: 207, body: multistatus.xml())
        response.headers["Content-Type"] = "application/xml; charset=utf-8"
        return response
    }
}

/// A CalDAV refusal: its status, why, and the precondition it failed when the protocol names one.
struct DAVRefusal: Error {
    var status: Int
    var reason: String
    var condition: XMLName?
    var allowed: [String] = []

    init(_ status: Int, _ reason: String, condition: XMLName? = nil) {
        self.status = status
        self.reason = reason
        self.condition = condition
    }

    /// The answer to what is not there, or is another household's.
    static let notFound = DAVRefusal(404, "nothing is at this address")

    /// 405 for a method the path does not take.
    static func methodNotAllowed(_ method: String) -> DAVRefusal {
        DAVRefusal(405, "\(method) is not taken here")
    }

    /// The answer: an XML `error` naming the precondition, else the reason as text.
    var response: HTTPResponse {
        var response: HTTPResponse
        if let condition {
            response = HTTPResponse(status: status, body: DAVErrorBody(condition, reason: reason).xml())
            response.headers["Content-Type"] = "application/xml; charset=utf-8"
        } else {
            response = HTTPResponse(status: status, body: Array((reason + "\n").utf8))
            response.headers["Content-Type"] = "text/plain; charset=utf-8"
        }
        if status == 405 { response.headers["Allow"] = CalDAVController.methods.joined(separator: ", ") }
        return response
    }
}
