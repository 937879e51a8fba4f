import Testing

@testable import ListsDAV

private let dav = XMLNamespace.dav
private let calDAV = XMLNamespace.calDAV

private func read(_ text: String) throws -> XMLElement {
    try XMLReader.read(Array(text.utf8))
}

/// The message and place of the refusal of `text`.
private func refusal(_ text: String) -> XMLError? {
    do {
        _ = try read(text)
        return nil
    } catch let error as XMLError {
        return error
    } catch {
        return nil
    }
}

@Suite struct XMLReaderTests {
    /// RFC 4918's PROPFIND of named properties (9.1.3), with a property in a namespace of the client's.
    @Test func aPropfindOfNamedPropertiesIsReadWithItsNamespaces() throws {
        let root = try read(
            """
            <?xml version="1.0" encoding="utf-8" ?>
            <D:propfind xmlns:D="DAV:">
              <D:prop xmlns:R="http://ns.example.com/boxschema/">
                <R:bigbox/>
                <R:author/>
                <D:getetag/>
              </D:prop>
            </D:propfind>
            """)
        #expect(root.name == XMLName(dav, "propfind"))
        let prop = try #require(root.child(XMLName(dav, "prop")))
        #expect(
            prop.children.map(\.name) == [
                XMLName("http://ns.example.com/boxschema/", "bigbox"),
                XMLName("http://ns.example.com/boxschema/", "author"), XMLName(dav, "getetag"),
            ])
    }

    /// The same names however the document prefixes them: a default namespace, other prefixes, one redeclared
    /// inside.
    @Test func namesAreTheirNamespacesNotTheirPrefixes() throws {
        let documents = [
            #"<propfind xmlns="DAV:"><prop><getctag xmlns="http://calendarserver.org/ns/"/></prop></propfind>"#,
            #"<A:propfind xmlns:A="DAV:" xmlns:B="http://calendarserver.org/ns/"><A:prop><B:getctag/></A:prop></A:propfind>"#,
            #"<x:propfind xmlns:x="DAV:"><x:prop><x:getctag xmlns:x="http://calendarserver.org/ns/"/></x:prop></x:propfind>"#,
        ]
        for document in documents {
            let root = try read(document)
            #expect(root.name == XMLName(dav, "propfind"), "\(document)")
            let names = root.child(XMLName(dav, "prop"))?.children.map(\.name)
            #expect(names == [XMLName(XMLNamespace.calendarServer, "getctag")], "\(document)")
        }
    }

    /// RFC 4791's calendar-query for VTODOs (7.8.9 in spirit): filters, attributes in no namespace, text.
    @Test func aCalendarQueryKeepsItsFiltersAttributesAndText() throws {
        let root = try read(
            """
            <?xml version="1.0" encoding="utf-8" ?>
            <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
              <D:prop><D:getetag/></D:prop>
              <C:filter>
                <C:comp-filter name="VCALENDAR">
                  <C:comp-filter name="VTODO">
                    <C:prop-filter name="COMPLETED"><C:is-not-defined/></C:prop-filter>
                    <C:prop-filter name="SUMMARY">
                      <C:text-match collation="i;ascii-casemap">milk &amp; eggs</C:text-match>
                    </C:prop-filter>
                    <C:time-range start="20061104T000000Z" end="20061105T000000Z"/>
                  </C:comp-filter>
                </C:comp-filter>
              </C:filter>
            </C:calendar-query>
            """)
        let todo = try #require(
            root.child(XMLName(calDAV, "filter"))?.child(XMLName(calDAV, "comp-filter"))?
                .child(XMLName(calDAV, "comp-filter")))
        #expect(todo.attribute("name") == "VTODO")
        let filters = todo.children(XMLName(calDAV, "prop-filter"))
        #expect(filters.map { $0.attribute("name") } == ["COMPLETED", "SUMMARY"])
        let match = try #require(filters[1].child(XMLName(calDAV, "text-match")))
        #expect(match.text == "milk & eggs" && match.attribute("collation") == "i;ascii-casemap")
        #expect(todo.child(XMLName(calDAV, "time-range"))?.attribute("end") == "20061105T000000Z")
    }

    /// RFC 6578's sync-collection (3.8), and a multiget's hrefs with references and CDATA.
    @Test func aSyncCollectionAndAMultigetAreRead() throws {
        let sync = try read(
            """
            <?xml version="1.0" encoding="utf-8" ?>
            <D:sync-collection xmlns:D="DAV:">
              <D:sync-token>http://example.com/ns/sync/1234</D:sync-token>
              <D:sync-level>1</D:sync-level>
              <D:limit><D:nresults>100</D:nresults></D:limit>
              <D:prop><D:getetag/></D:prop>
            </D:sync-collection>
            """)
        #expect(sync.child(XMLName(dav, "sync-token"))?.text == "http://example.com/ns/sync/1234")
        #expect(sync.child(XMLName(dav, "limit"))?.child(XMLName(dav, "nresults"))?.text == "100")
        let multiget = try read(
            #"<c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop/>"#
                + #"<d:href>/dav/a%20b.ics</d:href><d:href><![CDATA[/dav/<c>.ics]]></d:href>"#
                + "<d:href>/dav/caf&#xE9;&#233;.ics</d:href></c:calendar-multiget>")
        #expect(
            multiget.children(XMLName(dav, "href")).map(\.text) == ["/dav/a%20b.ics", "/dav/<c>.ics", "/dav/caféé.ics"])
    }

    @Test func aByteOrderMarkCommentsInstructionsAndLineEndsAreRead() throws {
        let root = try XMLReader.read(
            [0xEF, 0xBB, 0xBF]
                + Array(
                    "<?xml version='1.0'?>\r\n<!-- a client's note -->\r\n<?pi data?><d:a xmlns:d='DAV:' v='x\r\ny'>one\r\ntwo\rthree<!-- x --></d:a>\n"
                        .utf8))
        #expect(root.name == XMLName(dav, "a") && root.text == "one\ntwo\nthree" && root.attribute("v") == "x y")
    }

    @Test(arguments: [
        ("", "the document has no element"),
        ("<a>", "the element a is not closed"),
        ("<a></b>", "the element a is closed by b"),
        ("<a><b></a>", "the element b is closed by a"),
        ("<p:a/>", "the prefix p is not declared"),
        (#"<a x="1" x="2"/>"#, "the attribute x is given twice"),
        (#"<a xmlns:p="u" xmlns:q="u" p:x="1" q:x="2"/>"#, "the attribute {u}x is given twice"),
        ("<a>&nbsp;</a>", "the entity &nbsp; is not defined: only &lt; &gt; &amp; &quot; &apos; are"),
        ("<a>fish & chips</a>", "an & starts no reference (write &amp;)"),
        ("<a>&#0;</a>", "&#0; is not a character XML allows"),
        ("<a>&#xD800;</a>", "&#xD800; is not a character XML allows"),
        ("<a>\u{01}</a>", "a control character (1) is not allowed in XML"),
        ("<a><![CDATA[x\u{00}]]></a>", "a control character (0) is not allowed in XML"),
        ("<a/><b/>", "content after the document's element"),
        ("text", "text before the document's element"),
        (#"<a x=1/>"#, "the value of the attribute x is not quoted"),
        (#"<a x="<"/>"#, "the value of the attribute x holds a <"),
        ("<1a/>", "a name cannot start with 1"),
        ("<a:b:c xmlns:a='u'/>", "a:b:c is not a name (at most one colon, between a prefix and a name)"),
        ("<a><!-- open</a>", "a comment is not closed"),
        ("<a><![CDATA[x</a>", "a CDATA section is not closed"),
        (
            #"<?xml version="1.0" encoding="ISO-8859-1"?><a/>"#,
            "the document's encoding is iso-8859-1; only UTF-8 is read"
        ),
        (#"<a xmlns:p=""/>"#, "the prefix p is bound to no namespace"),
    ])
    func malformedDocumentsAreRefusedSayingWhy(text: String, message: String) {
        #expect(refusal(text)?.message == message, "\(text)")
    }

    /// No DTD, so no entity is defined: neither the billion laughs nor an external entity reaching a file.
    @Test func aDoctypeIsRefused() {
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>
            <lolz>&lol2;</lolz>
            """
        let external = #"<!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>"#
        for document in [laughs, external] {
            #expect(refusal(document)?.message == "a DOCTYPE is not allowed: no document type or entity is read")
        }
        #expect(refusal("<a><!DOCTYPE x></a>")?.message == "a declaration is not allowed inside an element")
    }

    @Test func whereARefusalIsIsSaid() {
        let error = refusal("<a>\n  <b>\n</a>")
        #expect(error?.line == 3 && error?.column == 1)
        #expect(error?.description == "line 3, column 1: the element b is closed by a")
        #expect(refusal("<d:a xmlns:d='DAV:'>\n  <d:b x='1' x='2'/></d:a>").map { [$0.line, $0.column] } == [2, 14])
    }

    @Test func textThatIsNotUTF8IsRefused() {
        #expect(throws: XMLError(message: "the document is not UTF-8 text", line: 1, column: 1)) {
            try XMLReader.read(Array("<a>caf".utf8) + [0xE9] + Array("</a>".utf8))
        }
    }

    @Test func nestingAndSizeAreBounded() throws {
        let deep = String(repeating: "<a>", count: XMLReader.maximumDepth) + String(repeating: "</a>", count: 64)
        #expect(throws: Never.self) { try read(deep) }
        let deeper = "<a>" + deep + "</a>"
        #expect(refusal(deeper)?.message == "elements nest more than 64 deep")
        let wide = "<a>" + String(repeating: "<b/>", count: XMLReader.maximumElements) + "</a>"
        #expect(refusal(wide)?.message == "the document holds more than 100000 elements")
        // Read without recursion: a refusal, not a stack overflow, whatever the depth.
        #expect(refusal(String(repeating: "<a>", count: 1_000_000))?.message == "elements nest more than 64 deep")
    }
}
