import Foundation
import ListsHTTP
import ListsModel
import Testing

@testable import ListsWeb

/// The household's time zone on the Household screen and in the API: its owner sets it, a member sees it, a zone
/// that does not exist is refused naming the field, and its tasks' days follow it.
@Suite("A household's time zone on the web and in the API")
struct HouseholdTimeZoneWebTests {
    typealias Site = AuthTests.Site

    static func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test func theOwnerSetsItOnTheHouseholdScreenAndAMemberSeesIt() throws {
        let site = try Site()
        let ann = try site.setUp()
        let server = HouseholdTimeZone.name(of: HouseholdTimeZone.serverDefault)
        let screen = Self.text(site.get("/households", cookie: ann))
        #expect(screen.contains("<h2 class=\"group-header\" id=\"zone-header\">Time zone</h2>"))
        #expect(screen.contains("<option value=\"\" selected>The server&#39;s (\(server))</option>"))
        #expect(screen.contains("<option value=\"America/New_York\">America/New York</option>"))

        let refused = site.post("/households/time-zone", [("timeZone", "Mars/Olympus")], cookie: ann)
        #expect(refused.status == 422)
        #expect(
            Self.text(refused).contains("&quot;Mars/Olympus&quot; is not a time zone: write one such as Europe/Berlin"))
        #expect(try site.store.chosenTimeZone() == nil)

        let set = site.post("/households/time-zone", [("timeZone", "Asia/Kolkata")], cookie: ann)
        #expect(set.status == 303 && set.headers["Location"] == "/households")
        #expect(try site.store.chosenTimeZone()?.identifier == "Asia/Kolkata")
        #expect(Self.text(site.get("/households", cookie: ann)).contains("<option value=\"Asia/Kolkata\" selected>"))

        // A member sees the zone and cannot change it.
        let bob = try site.join("bob", invitedBy: ann)
        let seen = Self.text(site.get("/households", cookie: bob))
        #expect(seen.contains("<span class=\"row-title\">Asia/Kolkata</span>"))
        #expect(!seen.contains("action=\"/households/time-zone\""))
        #expect(site.post("/households/time-zone", [("timeZone", "UTC")], cookie: bob).status == 403)
        #expect(try site.store.chosenTimeZone()?.identifier == "Asia/Kolkata")

        // The server's again.
        #expect(site.post("/households/time-zone", [("timeZone", "")], cookie: ann).status == 303)
        #expect(try site.store.chosenTimeZone() == nil)
    }

    @Test func theAPIReadsAndSetsIt() throws {
        let site = try Site()
        let ann = try site.setUp()
        let made = Self.text(site.post("/account/tokens", [("token-name", "phone")], cookie: ann))
        let token = try #require(made.firstMatch(of: /lists_[A-Za-z0-9_-]{43}/)).output
        let bearer = [("Authorization", "Bearer \(token)")]
        let server = HouseholdTimeZone.name(of: HouseholdTimeZone.serverDefault)
        #expect(
            Self.text(site.api("GET", "/api/v1/household", headers: bearer))
                == #"{"name":"Home","number":0,"timeZone":"\#(server)","timeZoneIsServers":true}"#)
        let set = site.api("PATCH", "/api/v1/household", json: #"{"timeZone":"europe/berlin"}"#, headers: bearer)
        #expect(set.status == 200)
        #expect(
            Self.text(set) == #"{"name":"Home","number":0,"timeZone":"Europe/Berlin","timeZoneIsServers":false}"#)
        for (body, status) in [
            (#"{"timeZone":"EST"}"#, 422), (#"{"timeZone":7}"#, 422), (#"{"zone":"UTC"}"#, 422),
            (#"{"timeZone":""}"#, 422),
        ] {
            let refused = site.api("PATCH", "/api/v1/household", json: body, headers: bearer)
            #expect(refused.status == status, "\(body)")
            #expect(Self.text(refused).contains("Zone") || Self.text(refused).contains("zone"), "\(body)")
        }
        #expect(try site.store.chosenTimeZone()?.identifier == "Europe/Berlin")
        #expect(site.api("PATCH", "/api/v1/household", json: #"{"timeZone":null}"#, headers: bearer).status == 200)
        #expect(try site.store.chosenTimeZone() == nil)
    }
}
