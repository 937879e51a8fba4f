/// Why a WebDAV request's body was refused: the answer is `400 Bad Request` with this reason (403 with its
/// precondition when it names one), nothing changed.
public struct DAVRequestError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    /// The precondition the request failed, when the protocol names one (`{DAV:}supported-report` for a report
    /// Lists does not answer): then the answer is `403 Forbidden` with it.
    public var condition: XMLName?

    public init(_ message: String, condition: XMLName? = nil) {
        self.message = message
        self.condition = condition
    }

    public var description: String { message }
}

/// What a PROPFIND asks of each resource it reaches (RFC 4918 9.1).
public enum PropfindRequest: Equatable, Sendable {
    /// Every property the server defines (`<allprop/>`, or no body), and the named ones it would leave out.
    case allProperties(including: [XMLName])
    /// The names of the properties, without values (`<propname/>`).
    case propertyNames
    /// The named properties (`<prop>`), in the request's order.
    case properties([XMLName])

    /// The request `body` makes; an empty body is `allprop`, as RFC 4918 says.
    /// - Throws: ``DAVRequestError`` for a body that is not a `DAV:propfind` of one of the three kinds.
    public static func read(_ body: [UInt8]) throws -> PropfindRequest {
        guard body.contains(where: { !(0x09...0x0D).contains($0) && $0 != 0x20 }) else {
            return .allProperties(including: [])
        }
        let root = try DAVBody.root(body, named: XMLName(XMLNamespace.dav, "propfind"))
        let kinds = root.children.filter { $0.name.namespace == XMLNamespace.dav }
        guard let kind = kinds.first(where: { ["prop", "propname", "allprop"].contains($0.name.local) }) else {
            throw DAVRequestError("a propfind names prop, propname or allprop")
        }
        switch kind.name.local {
        case "propname": return .propertyNames
        case "allprop":
            let included = root.child(XMLName(XMLNamespace.dav, "include"))?.children.map(\.name) ?? []
            return .allProperties(including: included)
        default: return .properties(kind.children.map(\.name))
        }
    }
}

/// A REPORT a CalDAV client sends to a calendar (RFC 4791 7.8, 7.9; RFC 6578 3.2).
public enum ReportRequest: Equatable, Sendable {
    /// The named resources (`calendar-multiget`), by their paths as the client wrote them.
    case multiget(properties: [XMLName], hrefs: [String])
    /// The resources the filter matches (`calendar-query`).
    case calendarQuery(properties: [XMLName], filter: CalendarFilter)
    /// What changed since `token` (`sync-collection`; an empty token for everything); `limit` is the most
    /// results the client takes at once.
    case syncCollection(token: String, properties: [XMLName], limit: Int?)

    /// The request `body` makes.
    /// - Throws: ``DAVRequestError`` for a report Lists does not answer, or one it cannot read.
    public static func read(_ body: [UInt8]) throws -> ReportRequest {
        let root = try DAVBody.root(body, named: nil)
        let properties = root.child(XMLName(XMLNamespace.dav, "prop"))?.children.map(\.name) ?? []
        switch root.name {
        case XMLName(XMLNamespace.calDAV, "calendar-multiget"):
            let hrefs = root.children(XMLName(XMLNamespace.dav, "href")).map { DAVBody.trimmed($0.text) }
            guard !hrefs.isEmpty, !hrefs.contains(where: \.isEmpty) else {
                throw DAVRequestError("a calendar-multiget names one href or more, none empty")
            }
            return .multiget(properties: properties, hrefs: hrefs)
        case XMLName(XMLNamespace.calDAV, "calendar-query"):
            guard let filter = root.child(XMLName(XMLNamespace.calDAV, "filter")) else {
                throw DAVRequestError("a calendar-query has a filter")
            }
            return .calendarQuery(properties: properties, filter: try CalendarFilter(filter))
        case XMLName(XMLNamespace.dav, "sync-collection"):
            guard let token = root.child(XMLName(XMLNamespace.dav, "sync-token")) else {
                throw DAVRequestError("a sync-collection has a sync-token (empty for a first sync)")
            }
            if let level = root.child(XMLName(XMLNamespace.dav, "sync-level")),
                DAVBody.trimmed(level.text) != "1"
            {
                throw DAVRequestError("a calendar's sync-collection has sync-level 1: it holds no collections")
            }
            var limit: Int?
            if let results = root.child(XMLName(XMLNamespace.dav, "limit"))?.child(
                XMLName(XMLNamespace.dav, "nresults"))
            {
                guard let number = Int(DAVBody.trimmed(results.text)), number >= 1 else {
                    throw DAVRequestError("a sync-collection's nresults is a whole number from 1")
                }
                limit = number
            }
            return .syncCollection(token: DAVBody.trimmed(token.text), properties: properties, limit: limit)
        default:
            throw DAVRequestError(
                "the report \(root.name) is not one Lists answers: calendar-multiget, calendar-query, sync-collection",
                condition: XMLName(XMLNamespace.dav, "supported-report"))
        }
    }
}

/// Reading a request body.
enum DAVBody {
    /// The root element of `body`, checked to be `name` when given.
    static func root(_ body: [UInt8], named name: XMLName?) throws -> XMLElement {
        let root: XMLElement
        do {
            root = try XMLReader.read(body)
        } catch let error as XMLError {
            throw DAVRequestError("the body is not XML Lists reads: \(error)")
        }
        if let name, root.name != name { throw DAVRequestError("the body is a \(root.name), not a \(name)") }
        return root
    }

    /// `text` without the white space around it.
    static func trimmed(_ text: String) -> String {
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
