import Testing

@testable import ListsDAV

private let dav = XMLNamespace.dav

@Suite struct MultistatusTests {
    /// A PROPFIND answer (a property found and one not) and a sync-collection's removed resource and token.
    @Test func aMultistatusIsWrittenAsClientsReadIt() throws {
        let answer = Multistatus(
            responses: [
                Multistatus.Response(
                    href: "/dav/calendars/ann/1-2/",
                    found: [XMLElement(XMLName(dav, "displayname"), nodes: [.text("Home & Garden")])],
                    missing: [XMLName("http://ns.example.com/boxschema/", "bigbox")]),
                Multistatus.Response(href: "/dav/calendars/ann/1-2/gone.ics", status: 404),
            ], syncToken: "https://lists.example/sync/7")
        let text = String(decoding: answer.xml(), as: UTF8.self)
        #expect(
            text
                == #"<?xml version="1.0" encoding="utf-8"?>"# + "\n"
                + #"<d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" "#
                + #"xmlns:cs="http://calendarserver.org/ns/" xmlns:ical="http://apple.com/ns/ical/">"#
                + "<d:response><d:href>/dav/calendars/ann/1-2/</d:href>"
                + "<d:propstat><d:prop><d:displayname>Home &amp; Garden</d:displayname></d:prop>"
                + "<d:status>HTTP/1.1 200 OK</d:status></d:propstat>"
                + #"<d:propstat><d:prop><x1:bigbox xmlns:x1="http://ns.example.com/boxschema/"/></d:prop>"#
                + "<d:status>HTTP/1.1 404 Not Found</d:status></d:propstat></d:response>"
                + "<d:response><d:href>/dav/calendars/ann/1-2/gone.ics</d:href>"
                + "<d:status>HTTP/1.1 404 Not Found</d:status></d:response>"
                + "<d:sync-token>https://lists.example/sync/7</d:sync-token></d:multistatus>")
        // And it reads back as the same: hrefs, statuses, the property given back in its own namespace.
        let read = try XMLReader.read(answer.xml())
        let responses = read.children(XMLName(dav, "response"))
        #expect(
            responses.map { $0.child(XMLName(dav, "href"))?.text } == [
                "/dav/calendars/ann/1-2/", "/dav/calendars/ann/1-2/gone.ics",
            ])
        let missing = responses[0].children(XMLName(dav, "propstat"))[1].child(XMLName(dav, "prop"))?.children
        #expect(missing?.map(\.name) == [XMLName("http://ns.example.com/boxschema/", "bigbox")])
    }

    @Test func aResourceWithNoPropertyAskedStillAnswers() {
        let answer = Multistatus(responses: [Multistatus.Response(href: "/dav/", found: [])])
        #expect(answer.responses[0].propertyStatuses.map(\.status) == [200])
        #expect(String(decoding: answer.xml(), as: UTF8.self).contains("<d:propstat><d:prop></d:prop>"))
    }

    @Test func aRefusalNamesItsPrecondition() throws {
        let body = DAVErrorBody(
            XMLName(XMLNamespace.calDAV, "supported-calendar-component"),
            reason: "a to-do list holds VTODOs, not a VEVENT")
        let read = try XMLReader.read(body.xml())
        #expect(read.name == XMLName(dav, "error"))
        #expect(
            read.children.map(\.name) == [
                XMLName(XMLNamespace.calDAV, "supported-calendar-component"), XMLName(dav, "responsedescription"),
            ])
        #expect(read.child(XMLName(dav, "responsedescription"))?.text == "a to-do list holds VTODOs, not a VEVENT")
    }
}
