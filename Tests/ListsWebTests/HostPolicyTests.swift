import Foundation
import ListsHTTP
import ListsModel
import Testing

@testable import ListsWeb

/// DNS rebinding: a page on another site that points its own name at the server must get nothing from it,
/// neither a read nor a change, while the names the server is meant to answer to keep working.
@Suite("Host names the server answers to")
struct HostPolicyTests {
    /// A server on 127.0.0.1 that its operator also lets answer to `lists.home.arpa`.
    static let policy = HostPolicy(names: ["Lists.Home.Arpa."], isServedAddress: HostPolicy.isLoopbackAddress)

    @Test(arguments: [
        "127.0.0.1:8080", "127.0.0.1", "127.8.9.10:80", "localhost:8080", "LOCALHOST", "localhost.", "[::1]:8080",
        "[::1]", "lists.home.arpa", "LISTS.home.arpa:443", "lists.home.arpa.:8080",
    ])
    func theServersOwnNamesAreAnswered(_ host: String) {
        #expect(Self.policy.allows(host))
    }

    @Test(arguments: [
        "evil.example:8080", "evil.example", "127.0.0.1.evil.example", "localhost.evil.example", "10.0.0.1:8080",
        "[::2]", "[::1", "lists.home.arpa:x", "", " ", "lists.home.arpa@evil.example", "a b", "evil.example:8080:1",
        "xn--lists-home-arpa", "1.2.3.4.5", "256.0.0.1", "[fe80::1]",
    ])
    func anyOtherNameIsRefused(_ host: String) {
        #expect(!Self.policy.allows(host))
    }

    /// The three requests of the report: read the backup, post a form, delete through the API, each with `Host`
    /// (and `Origin`) naming the attacker's site. Each gets 421 and changes nothing.
    @Test func aRebindingPageCanNeitherReadNorChange() throws {
        let api = try APIHarness(seeded: true)
        let before = try api.snapshot()
        let id = try #require((api.send("GET", "/api/v1/tasks").object["tasks"] as? [[String: Any]])?.first?["id"])
        let evil = [("Host", "evil.example:8080"), ("Origin", "http://evil.example:8080")]
        let export = api.send("GET", "/api/v1/export", headers: evil)
        #expect(export.status == 421)
        #expect(export.error["code"] as? String == "unknown_host")
        #expect(!export.text.contains("Walk the dogs"))
        // Pages are not in the API's document: sent to the app directly.
        let form = api.app.respond(
            to: HTTPRequest(
                method: "POST", path: "/todo/tasks",
                headers: HTTPHeaders(evil + [("Content-Type", "application/x-www-form-urlencoded")]),
                body: Array("title=Pwned".utf8)))
        #expect(form.status == 421)
        #expect(api.send("DELETE", "/api/v1/tasks/\(id)", headers: evil).status == 421)
        let page = api.app.respond(
            to: HTTPRequest(method: "GET", path: "/", headers: HTTPHeaders([("Host", "evil.example:8080")])))
        #expect(page.status == 421)
        #expect(String(decoding: page.body, as: UTF8.self).contains("does not answer to the host"))
        #expect(api.send("GET", "/healthz", headers: evil).status == 421)
        #expect(try api.snapshot() == before)
    }

    @Test func theRefusalIsOneClearMessageNamingTheHost() throws {
        let api = try APIHarness()
        let answer = api.send("GET", "/api/v1/tasks", headers: [("Host", "evil.example:8080")])
        #expect(answer.status == 421)
        let message = try #require(answer.error["message"] as? String)
        #expect(message.contains("\"evil.example\""))
        #expect(message.contains("--allowed-host"))
        #expect(answer.headers["Content-Security-Policy"] != nil)
    }

    @Test func aForwardedHostMustBeTheServersToo() throws {
        let api = try APIHarness(hosts: Self.policy)
        let proxied = [("Host", "127.0.0.1:8080"), ("X-Forwarded-Host", "lists.home.arpa")]
        #expect(api.send("GET", "/api/v1/tasks", headers: proxied).status == 200)
        // A same-origin script of a rebound page can set X-Forwarded-Host: it must not open a way around Host.
        let forged = [("Host", "evil.example:8080"), ("X-Forwarded-Host", "127.0.0.1:8080")]
        #expect(api.send("GET", "/api/v1/tasks", headers: forged).status == 421)
        let forgedForwarded = [("Host", "127.0.0.1:8080"), ("X-Forwarded-Host", "lists.home.arpa, evil.example")]
        #expect(api.send("GET", "/api/v1/tasks", headers: forgedForwarded).status == 421)
    }

    @Test func aRequestWithoutHostIsNotABrowsersAndIsAnswered() throws {
        let app = try APIHarness().app
        #expect(app.respond(to: HTTPRequest(method: "GET", path: "/healthz")).status == 200)
    }

    @Test func aServerOnEveryAddressAnswersOnlyToTheAddressesItServes() {
        let policy = HostPolicy(isServedAddress: { ["192.168.1.20", "127.0.0.1"].contains($0) })
        #expect(policy.allows("192.168.1.20:8080"))
        #expect(policy.allows("localhost:8080"))
        #expect(!policy.allows("192.168.1.21:8080"))
        #expect(!policy.allows("nas.local:8080"))
    }

    @Test(arguments: [
        ("lists.example.org", true), ("192.168.1.20", true), ("::1", true), ("[fe80::1]", true), ("LISTS.local", true),
        ("lists.example.org:8080", false), ("http://lists.example.org", false), ("", false), ("a b", false),
        ("*.example.org", false),
    ])
    func onlyHostNamesAndAddressesCanBeAllowed(_ name: String, allowable: Bool) {
        #expect(HostPolicy.isAllowableName(name) == allowable)
    }
}

/// A browser that sends neither `Origin` nor `Sec-Fetch-Site` (an old one, or a privacy extension's) still says
/// where a form came from in `Referer`.
@Suite("Cross-site form posts told by their Referer")
struct RefererTests {
    @Test func aFormPostWithOnlyAForeignRefererIsRefused() throws {
        let pages = try PageHarness()
        let before = try pages.store.read { try $0.list(TodoTask.self).count }
        for referer in ["http://evil.example/page", "https://evil.example", "http://localhost:8080.evil.example/"] {
            let body = Array("title=Pwned".utf8)
            let request = HTTPRequest(
                method: "POST", path: "/todo/tasks",
                headers: PageHarness.browserHeaders([
                    ("Content-Type", "application/x-www-form-urlencoded"), ("Referer", referer),
                ]), body: body)
            #expect(pages.app.respond(to: request).status == 403, "\(referer)")
        }
        #expect(try pages.store.read { try $0.list(TodoTask.self).count } == before)
    }

    @Test func aFormPostReferredByThisSiteIsAccepted() throws {
        let pages = try PageHarness()
        let request = HTTPRequest(
            method: "POST", path: "/todo/tasks",
            headers: PageHarness.browserHeaders([
                ("Content-Type", "application/x-www-form-urlencoded"),
                ("Referer", "http://\(PageHarness.host)/todo?page=2"),
            ]), body: Array("title=Mine".utf8))
        #expect(pages.app.respond(to: request).status == 303)
    }
}
