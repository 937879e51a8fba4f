import Testing

@testable import ListsDAV

private let dav = XMLNamespace.dav

@Suite struct XMLWriterTests {
    private func writer() -> XMLWriter {
        XMLWriter(namespaces: [("d", dav), ("c", XMLNamespace.calDAV), ("cs", XMLNamespace.calendarServer)])
    }

    /// A multistatus as a PROPFIND answer has it, byte for byte.
    @Test func aMultistatusIsWrittenWithItsNamespacesOnTheRoot() {
        var xml = writer()
        xml.open(XMLName(dav, "multistatus"))
        xml.open(XMLName(dav, "response"))
        xml.element(XMLName(dav, "href"), text: "/dav/calendars/1/")
        xml.open(XMLName(dav, "propstat"))
        xml.open(XMLName(dav, "prop"))
        xml.element(XMLName(XMLNamespace.calendarServer, "getctag"), text: "\"42\"")
        xml.open(XMLName(dav, "resourcetype"))
        xml.element(XMLName(dav, "collection"))
        xml.element(XMLName(XMLNamespace.calDAV, "calendar"))
        xml.close()
        xml.close()
        xml.element(XMLName(dav, "status"), text: "HTTP/1.1 200 OK")
        let bytes = xml.finish()
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == #"<?xml version="1.0" encoding="utf-8"?>"# + "\n"
                + #"<d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" "#
                + #"xmlns:cs="http://calendarserver.org/ns/"><d:response><d:href>/dav/calendars/1/</d:href>"#
                + #"<d:propstat><d:prop><cs:getctag>"42"</cs:getctag><d:resourcetype><d:collection/><c:calendar/>"#
                + #"</d:resourcetype></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>"#
                + "</d:multistatus>")
    }

    /// A property in a namespace of the client's gets a prefix declared where it is written.
    @Test func aNameInAnotherNamespaceIsDeclaredOnItsElement() throws {
        var xml = writer()
        xml.open(XMLName(dav, "prop"))
        xml.element(XMLName("http://ns.example.com/boxschema/", "bigbox"))
        xml.element(XMLName("", "plain"), text: "x")
        let text = String(decoding: xml.finish(), as: UTF8.self)
        #expect(text.contains(#"<x1:bigbox xmlns:x1="http://ns.example.com/boxschema/"/><plain>x</plain>"#))
        let read = try XMLReader.read(Array(text.utf8))
        #expect(
            read.children.map(\.name) == [XMLName("http://ns.example.com/boxschema/", "bigbox"), XMLName("", "plain")])
    }

    /// What is written reads back as the same elements: text with markup characters, attributes with quotes and
    /// line ends, a character XML cannot hold replaced.
    @Test func whatIsWrittenReadsBackTheSame() throws {
        let element = XMLElement(
            XMLName(XMLNamespace.appleICal, "calendar-color"),
            attributes: [XMLAttribute(XMLName("", "symbolic"), "a \"b\" <c> & 'd'\n\te\r")],
            nodes: [
                .text("Milk & <eggs> \"fresh\"\r\nline"),
                .element(XMLElement(XMLName(dav, "href"), nodes: [.text("/é/𝄞/")])),
            ])
        var xml = writer()
        xml.element(element)
        let read = try XMLReader.read(xml.finish())
        #expect(read == element)
        var control = writer()
        control.element(XMLName(dav, "displayname"), text: "a\u{07}b")
        #expect(try XMLReader.read(control.finish()).text == "a\u{FFFD}b")
    }
}
