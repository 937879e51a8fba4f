/// A `207 Multi-Status` answer (RFC 4918 13): a response per resource, each with its properties grouped by status
/// (found, `404` for those it does not have), or one status for the whole resource (a `404` in a sync-collection
/// for one removed), and the collection's new sync token for a sync-collection (RFC 6578).
public struct Multistatus: Equatable, Sendable {
    /// What is said of one resource.
    public struct Response: Equatable, Sendable {
        /// Its path, percent-encoded as it is to be sent.
        public var href: String
        /// Its properties by status: `200` with their values, `404` (and others) with their names only.
        public var propertyStatuses: [PropertyStatus]
        /// The status of the whole resource instead (`404` for one removed since a sync token).
        public var status: Int?

        /// A resource's properties, found and not; a status with no property is left out.
        public init(href: String, found: [XMLElement], missing: [XMLName] = []) {
            self.href = href
            propertyStatuses = [
                PropertyStatus(status: 200, properties: found),
                PropertyStatus(status: 404, properties: missing.map { XMLElement($0) }),
            ].filter { !$0.properties.isEmpty }
            if propertyStatuses.isEmpty { propertyStatuses = [PropertyStatus(status: 200, properties: [])] }
        }

        /// A resource with one status and no properties.
        public init(href: String, status: Int) {
            self.href = href
            self.status = status
            propertyStatuses = []
        }
    }

    /// Properties that share a status in a response.
    public struct PropertyStatus: Equatable, Sendable {
        public var status: Int
        public var properties: [XMLElement]

        public init(status: Int, properties: [XMLElement]) {
            self.status = status
            self.properties = properties
        }
    }

    public var responses: [Response]
    /// The sync token a sync-collection answers with.
    public var syncToken: String?

    public init(responses: [Response], syncToken: String? = nil) {
        self.responses = responses
        self.syncToken = syncToken
    }

    /// The answer's body.
    public func xml() -> [UInt8] {
        var xml = DAVXML.writer()
        let dav = XMLNamespace.dav
        xml.open(XMLName(dav, "multistatus"))
        for response in responses {
            xml.open(XMLName(dav, "response"))
            xml.element(XMLName(dav, "href"), text: response.href)
            if let status = response.status {
                xml.element(XMLName(dav, "status"), text: DAVXML.statusLine(status))
            }
            for group in response.propertyStatuses {
                xml.open(XMLName(dav, "propstat"))
                xml.open(XMLName(dav, "prop"))
                for property in group.properties { xml.element(property) }
                xml.close()
                xml.element(XMLName(dav, "status"), text: DAVXML.statusLine(group.status))
                xml.close()
            }
            xml.close()
        }
        if let syncToken { xml.element(XMLName(dav, "sync-token"), text: syncToken) }
        return xml.finish()
    }
}

/// The body of a refusal that names the precondition it failed (RFC 4918 16, RFC 4791 1.3): `valid-sync-token`,
/// `supported-calendar-component`, ...
public struct DAVErrorBody: Equatable, Sendable {
    /// The precondition, an empty element (`{DAV:}valid-sync-token`).
    public var condition: XMLName
    /// Why, for a person reading it (Lists writes it in a `responsedescription`).
    public var reason: String

    public init(_ condition: XMLName, reason: String) {
        self.condition = condition
        self.reason = reason
    }

    public func xml() -> [UInt8] {
        var xml = DAVXML.writer()
        xml.open(XMLName(XMLNamespace.dav, "error"))
        xml.element(condition)
        xml.element(XMLName(XMLNamespace.dav, "responsedescription"), text: reason)
        return xml.finish()
    }
}

/// What DAV answers share.
enum DAVXML {
    /// A writer declaring the prefixes clients expect to read.
    static func writer() -> XMLWriter {
        XMLWriter(namespaces: [
            ("d", XMLNamespace.dav), ("c", XMLNamespace.calDAV), ("cs", XMLNamespace.calendarServer),
            ("ical", XMLNamespace.appleICal),
        ])
    }

    /// `HTTP/1.1 200 OK`.
    static func statusLine(_ status: Int) -> String {
        let reasons = [
            200: "OK", 201: "Created", 204: "No Content", 207: "Multi-Status", 400: "Bad Request", 401: "Unauthorized",
            403: "Forbidden", 404: "Not Found", 409: "Conflict", 412: "Precondition Failed", 424: "Failed Dependency",
            507: "Insufficient Storage",
        ]
        return "HTTP/1.1 \(status) \(reasons[status] ?? "Status")"
    }
}
