import Testing

@testable import ListsDAV

private let dav = XMLNamespace.dav
private let calDAV = XMLNamespace.calDAV

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

@Suite struct DAVRequestTests {
    @Test func aPropfindAsksForNamedPropertiesTheirNamesOrAll() throws {
        #expect(try PropfindRequest.read([]) == .allProperties(including: []))
        #expect(try PropfindRequest.read(bytes(" \r\n")) == .allProperties(including: []))
        #expect(try PropfindRequest.read(bytes(#"<propfind xmlns="DAV:"><propname/></propfind>"#)) == .propertyNames)
        #expect(
            try PropfindRequest.read(
                bytes(
                    #"<D:propfind xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:allprop/>"#
                        + "<D:include><C:supported-calendar-component-set/></D:include></D:propfind>"))
                == .allProperties(including: [XMLName(calDAV, "supported-calendar-component-set")]))
        // DAVx5's first PROPFIND of a calendar home, as its issues show it.
        let davx5 = """
            <?xml version='1.0' encoding='UTF-8' ?><propfind xmlns="DAV:" xmlns:CAL="urn:ietf:params:xml:ns:caldav" \
            xmlns:CS="http://calendarserver.org/ns/" xmlns:ICAL="http://apple.com/ns/ical/"><prop><resourcetype />\
            <displayname /><ICAL:calendar-color /><CAL:calendar-description /><CAL:calendar-timezone />\
            <current-user-privilege-set /><CAL:supported-calendar-component-set /><CS:source /></prop></propfind>
            """
        guard case .properties(let names) = try PropfindRequest.read(bytes(davx5)) else {
            Issue.record("not a prop request")
            return
        }
        #expect(names.count == 8 && names[0] == XMLName(dav, "resourcetype"))
        #expect(names[2] == XMLName(XMLNamespace.appleICal, "calendar-color"))
    }

    @Test(arguments: [
        (#"<propfind xmlns="DAV:"/>"#, "a propfind names prop, propname or allprop"),
        (#"<propertyupdate xmlns="DAV:"/>"#, "the body is a {DAV:}propertyupdate, not a {DAV:}propfind"),
        ("<propfind>", "the body is not XML Lists reads: line 1, column 11: the element propfind is not closed"),
    ])
    func aPropfindThatIsNoneIsRefused(body: String, message: String) {
        #expect(throws: DAVRequestError(message)) { try PropfindRequest.read(bytes(body)) }
    }

    @Test func reportsAreReadByTheirKind() throws {
        let multiget = """
            <C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
              <D:prop><D:getetag/><C:calendar-data/></D:prop>
              <D:href> /dav/calendars/ann/1-2/a.ics </D:href><D:href>/dav/calendars/ann/1-2/b.ics</D:href>
            </C:calendar-multiget>
            """
        #expect(
            try ReportRequest.read(bytes(multiget))
                == .multiget(
                    properties: [XMLName(dav, "getetag"), XMLName(calDAV, "calendar-data")],
                    hrefs: ["/dav/calendars/ann/1-2/a.ics", "/dav/calendars/ann/1-2/b.ics"]))
        let sync = """
            <sync-collection xmlns="DAV:"><sync-token/><sync-level>1</sync-level><prop><getetag/></prop>\
            <limit><nresults>50</nresults></limit></sync-collection>
            """
        #expect(
            try ReportRequest.read(bytes(sync))
                == .syncCollection(token: "", properties: [XMLName(dav, "getetag")], limit: 50))
        let query = """
            <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/></D:prop>
            <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="vtodo"/></C:comp-filter></C:filter>
            </C:calendar-query>
            """
        guard case .calendarQuery(_, let filter) = try ReportRequest.read(bytes(query)) else {
            Issue.record("not a calendar-query")
            return
        }
        #expect(filter.component.components.map(\.name) == ["VTODO"])
    }

    @Test(arguments: [
        (
            #"<expand-property xmlns="DAV:"/>"#,
            "the report {DAV:}expand-property is not one Lists answers: calendar-multiget, calendar-query, sync-collection"
        ),
        (
            #"<C:calendar-multiget xmlns:C="urn:ietf:params:xml:ns:caldav"/>"#,
            "a calendar-multiget names one href or more, none empty"
        ),
        (#"<C:calendar-query xmlns:C="urn:ietf:params:xml:ns:caldav"/>"#, "a calendar-query has a filter"),
        (#"<sync-collection xmlns="DAV:"/>"#, "a sync-collection has a sync-token (empty for a first sync)"),
        (
            #"<sync-collection xmlns="DAV:"><sync-token/><sync-level>infinite</sync-level></sync-collection>"#,
            "a calendar's sync-collection has sync-level 1: it holds no collections"
        ),
        (
            #"<sync-collection xmlns="DAV:"><sync-token/><limit><nresults>0</nresults></limit></sync-collection>"#,
            "a sync-collection's nresults is a whole number from 1"
        ),
        (
            #"<C:calendar-query xmlns:C="urn:ietf:params:xml:ns:caldav"><C:filter><C:comp-filter name="VTODO"/></C:filter></C:calendar-query>"#,
            "a filter's first comp-filter is of VCALENDAR, not VTODO"
        ),
        (
            #"<C:calendar-query xmlns:C="urn:ietf:params:xml:ns:caldav"><C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"><C:time-range start="2026-12-24"/></C:comp-filter></C:comp-filter></C:filter></C:calendar-query>"#,
            "2026-12-24 is not a UTC date and time such as 20261224T000000Z"
        ),
        (
            #"<C:calendar-query xmlns:C="urn:ietf:params:xml:ns:caldav"><C:filter><C:comp-filter name="VCALENDAR"><C:prop-filter name="SUMMARY"><C:text-match collation="i;unicode-casemap">x</C:text-match></C:prop-filter></C:comp-filter></C:filter></C:calendar-query>"#,
            "the collation i;unicode-casemap is not supported: i;ascii-casemap or i;octet"
        ),
    ])
    func aReportListsCannotAnswerIsRefusedSayingWhy(body: String, message: String) {
        let error = #expect(throws: DAVRequestError.self) { try ReportRequest.read(bytes(body)) }
        #expect(error?.message == message)
        // A report of another kind names the precondition it fails (RFC 3253 3.6); a malformed one none.
        let isOtherReport = message.contains("is not one Lists answers")
        #expect(error?.condition == (isOtherReport ? XMLName(XMLNamespace.dav, "supported-report") : nil))
    }
}
