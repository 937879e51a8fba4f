import Testing

@testable import ListsDAV

@Suite struct DAVPathTests {
    /// A request's path, as the server gives it: already decoded.
    @Test(arguments: [
        ("/dav/", DAVPath.root), ("/dav", .root), ("/dav/principals/ann/", .principal(user: "ann")),
        ("/dav/principals/ann", .principal(user: "ann")), ("/dav/calendars/ann/", .calendarHome(user: "ann")),
        ("/dav/calendars/ann/1-todo-x/", .calendar(user: "ann", calendar: "1-todo-x")),
        ("/dav/calendars/ann/1-todo-x/A bé.ics", .resource(user: "ann", calendar: "1-todo-x", name: "A bé.ics")),
        ("/dav/calendars/ann/c/100%.ics", .resource(user: "ann", calendar: "c", name: "100%.ics")),
    ])
    func requestPathsAreRead(path: String, expected: DAVPath) {
        #expect(DAVPath(path: path) == expected, "\(path)")
    }

    /// An href of a body, percent-encoded, perhaps a whole URL.
    @Test(
        arguments: [
            (
                "/dav/calendars/ann/1-todo-x/A%20b%C3%A9.ics",
                .resource(user: "ann", calendar: "1-todo-x", name: "A bé.ics")
            ),
            ("/dav/calendars/J%C3%BCrgen%2B1/c/", .calendar(user: "Jürgen+1", calendar: "c")),
            (
                "https://lists.example:8443/dav/calendars/ann/c/x.ics",
                .resource(user: "ann", calendar: "c", name: "x.ics")
            ),
            ("https://lists.example", nil),
        ] as [(String, DAVPath?)])
    func hrefsAreReadWithTheirSegmentsDecoded(href: String, expected: DAVPath?) {
        #expect(DAVPath(href: href) == expected, "\(href)")
    }

    @Test(arguments: [
        "/", "/davx/", "/api/v1/tasks", "/dav/unknown/", "/dav/principals/", "/dav/principals/a/b/",
        "/dav/calendars/ann/c/x.ics/", "/dav/calendars/ann/c/x/y", "/dav//", "/dav/calendars/../../etc/passwd",
        "/dav/calendars/ann/./x.ics", "/dav/calendars/ann/../x.ics",
    ])
    func anythingElseIsNoPath(path: String) {
        #expect(DAVPath(path: path) == nil, "\(path)")
        #expect(DAVPath(href: path) == nil, "\(path)")
    }

    @Test(arguments: [
        "/dav/calendars/ann/%2E%2E/x.ics", "/dav/calendars/ann/a%2Fb/", "/dav/calendars/ann/%zz/",
        "/dav/calendars/%FF/", "/dav/calendars/ann/c/x%2",
    ])
    func anHrefWhoseEscapesMakeNoPathIsNone(href: String) {
        #expect(DAVPath(href: href) == nil, "\(href)")
    }

    /// An answer names each path so that it reads back as the same path, whatever its names hold.
    @Test func hrefsReadBackAsTheSamePaths() {
        let paths: [DAVPath] = [
            .root, .principal(user: "ann"), .calendarHome(user: "Jürgen Groß"),
            .calendar(user: "ann", calendar: "1-todo-0B0F1E7C"),
            .resource(user: "ann", calendar: "1-shop-x", name: "a b?c#d%e&f+g@h~i.ics"),
        ]
        for path in paths {
            #expect(DAVPath(href: path.href) == path, "\(path.href)")
            #expect(path.href.hasSuffix("/") == path.isCollection)
        }
        #expect(DAVPath.resource(user: "a", calendar: "b", name: "x y.ics").href == "/dav/calendars/a/b/x%20y.ics")
    }
}
