import Foundation
import JSONCodec
import ListsAuth
import ListsHTTP
import ListsModel
import ListsSQLite
import Synchronization
import Testing

@testable import ListsWeb

/// Accounts on the web without sockets: the first start's setup, signing in and out, sessions, tokens, the 401s,
/// and households that cannot see into each other.
@Suite("Accounts, sessions and households on the web")
struct AuthTests {
    /// A store with no account, an app over it with a clock the test moves, and requests as a browser sends them.
    final class Site: Sendable {
        let store: SQLiteStore
        let app: ListsWebApp
        let clock = TestClock()

        /// A server on a new database in memory, or on the database file at `path` (several sites on one file
        /// are several servers on one database).
        init(hasher: any PasswordHashing = PasswordHasher.testing, path: String = ":memory:") throws {
            store = try SQLiteStore(path: path)
            let clock = self.clock
            app = ListsWebApp(store: store, clock: { clock.now() }, hasher: hasher)
        }

        func advance(days: Double) { clock.advance(by: days * 24 * 60 * 60) }

        func get(_ path: String, query: [String: String] = [:], cookie: String? = nil, headers: [(String, String)] = [])
            -> HTTPResponse
        {
            var all = HTTPHeaders([("Host", "localhost:8080"), ("Accept", "text/html")])
            if let cookie { all["Cookie"] = cookie }
            for (name, value) in headers { all[name] = value }
            return app.respond(to: HTTPRequest(method: "GET", path: path, query: query, headers: all))
        }

        func post(
            _ path: String, _ fields: [(String, String)], cookie: String? = nil, headers: [(String, String)] = [],
            client: [UInt8] = [192, 0, 2, 7], fromProxy: Bool = false
        ) -> HTTPResponse {
            var all = HTTPHeaders([
                ("Host", "localhost:8080"), ("Origin", "http://localhost:8080"), ("Sec-Fetch-Site", "same-origin"),
                ("Content-Type", "application/x-www-form-urlencoded"),
            ])
            if let cookie { all["Cookie"] = cookie }
            for (name, value) in headers { all[name] = value }
            let body = fields.map { "\(PageHarness.encode($0.0))=\(PageHarness.encode($0.1))" }.joined(separator: "&")
            var request = HTTPRequest(method: "POST", path: path, headers: all, body: Array(body.utf8))
            request.clientAddress = client
            request.isFromTrustedProxy = fromProxy
            return app.respond(to: request)
        }

        func api(_ method: String, _ path: String, json: String? = nil, headers: [(String, String)]) -> HTTPResponse {
            var all = HTTPHeaders([("Host", "localhost:8080"), ("Accept", "application/json")])
            if json != nil { all["Content-Type"] = "application/json" }
            for (name, value) in headers { all[name] = value }
            return app.respond(
                to: HTTPRequest(method: method, path: path, headers: all, body: Array((json ?? "").utf8)))
        }

        /// Makes the first account through the setup address and returns its session cookie.
        func setUp(name: String = "ann", password: String = "correct horse") throws -> String {
            let path = try #require(try app.setupPath())
            let token = String(path.dropFirst("/setup?token=".count))
            let response = post("/setup", [("token", token), ("name", name), ("password", password)])
            #expect(response.status == 303)
            return try Self.cookie(of: response)
        }

        /// Signs `name` in and returns the session cookie.
        func signIn(_ name: String, _ password: String) throws -> String {
            let response = post("/signin", [("name", name), ("password", password), ("next", "/")])
            #expect(response.status == 303, "\(String(decoding: response.body, as: UTF8.self))")
            return try Self.cookie(of: response)
        }

        /// The invitation link (its path) that the owner signed in with `cookie` makes.
        func invitation(by cookie: String) throws -> String {
            let page = String(decoding: post("/households/invite", [], cookie: cookie).body, as: UTF8.self)
            return String(try #require(page.firstMatch(of: /\/invite\/[A-Za-z0-9_-]{43}/)).output)
        }

        /// Has `name` make an account through an invitation by the owner signed in with `cookie`, and returns the
        /// new member's session cookie.
        func join(_ name: String, invitedBy cookie: String) throws -> String {
            try Self.cookie(of: post(try invitation(by: cookie), [("name", name), ("password", "battery staple")]))
        }

        /// `name=value` of the response's Set-Cookie.
        static func cookie(of response: HTTPResponse) throws -> String {
            let header = try #require(response.headers.first { $0.name == "Set-Cookie" }?.value)
            return String(header.prefix { $0 != ";" })
        }
    }

    @Test func whenPasswordsCannotBeCheckedASignInIsToldToTryAgainAndNothingChanges() throws {
        // A server whose hashing helpers cannot be started (here: no such executable).
        let site = try Site(hasher: HashingHelpers(hasher: .testing, executable: "/nonexistent/lists", count: 1))
        let path = try #require(try site.app.setupPath())
        let token = String(path.dropFirst("/setup?token=".count))
        let setup = site.post("/setup", [("token", token), ("name", "ann"), ("password", "correct horse")])
        #expect(setup.status == 503)
        #expect(String(decoding: setup.body, as: UTF8.self).contains("asswords cannot be checked just now"))
        #expect(try site.store.read { try $0.accounts.userCount() } == 0)
        let signIn = site.post("/signin", [("name", "ann"), ("password", "correct horse"), ("next", "/")])
        #expect(signIn.status == 503)
        #expect(signIn.headers["Set-Cookie"] == nil)
    }

    @Test func beforeTheFirstAccountOnlyTheSetupAddressMakesOneAndItWorksOnce() throws {
        let site = try Site()
        #expect(site.get("/").status == 303)
        #expect(site.get("/").headers["Location"] == "/signin")
        let waiting = site.get("/signin")
        #expect(waiting.status == 401)
        #expect(String(decoding: waiting.body, as: UTF8.self).contains("setup address"))
        #expect(site.api("GET", "/api/v1/items", headers: []).status == 401)
        let path = try #require(try site.app.setupPath())
        let token = String(path.dropFirst("/setup?token=".count))
        #expect(token.count >= 22)
        #expect(site.get("/setup", query: ["token": "wrong"]).status == 403)
        #expect(site.post("/setup", [("token", "wrong"), ("name", "eve"), ("password", "long enough")]).status == 403)
        #expect(site.get("/setup", query: ["token": token]).status == 200)
        let short = site.post("/setup", [("token", token), ("name", "ann"), ("password", "short")])
        #expect(short.status == 422)
        let cookie = try site.setUp()
        #expect(site.get("/", cookie: cookie).status == 200)
        // Spent: the same address makes nothing more.
        #expect(try site.app.setupPath() == nil)
        #expect(site.get("/setup", query: ["token": token]).status == 403)
        #expect(site.get("/setup", query: ["token": token], cookie: cookie).status == 403)
        #expect(site.post("/setup", [("token", token), ("name", "eve"), ("password", "long enough")]).status == 403)
        #expect(try site.store.read { try $0.accounts.userCount() } == 1)
        // The first account owns the first household, with the lists there were.
        #expect(try site.store.read { try $0.accounts.memberships(userID: 1) }.map(\.role) == [.owner])
    }

    @Test func aWrongPasswordAndAnUnknownNameGetTheSameAnswer() throws {
        let site = try Site()
        _ = try site.setUp()
        let wrong = site.post("/signin", [("name", "ann"), ("password", "wrong password")])
        let unknown = site.post("/signin", [("name", "nobody"), ("password", "wrong password")])
        #expect(wrong.status == 401)
        #expect(unknown.status == 401)
        #expect(wrong.headers["Set-Cookie"] == nil)
        let page = { (response: HTTPResponse) in
            String(decoding: response.body, as: UTF8.self).replacingOccurrences(of: "nobody", with: "ann")
        }
        #expect(page(wrong) == page(unknown))
        let huge = site.post("/signin", [("name", "ann"), ("password", String(repeating: "x", count: 10_000_000))])
        #expect(huge.status == 401)
        _ = try site.signIn("ANN", "correct horse")
    }

    @Test func failedSignInsAreLimitedPerAccountAndPerAddress() throws {
        let site = try Site()
        _ = try site.setUp()
        for attempt in 1...5 {
            let response = site.post(
                "/signin", [("name", "ann"), ("password", "guess \(attempt)")], client: [198, 51, 100, UInt8(attempt)])
            #expect(response.status == 401)
        }
        let limited = site.post("/signin", [("name", "ann"), ("password", "correct horse")], client: [203, 0, 113, 9])
        #expect(limited.status == 429)
        let retry = try #require(limited.headers["Retry-After"].flatMap(Int.init))
        #expect((1...60).contains(retry))
        // Per address: 20 failures from one address, over many names, stop that address only.
        for attempt in 1...20 {
            _ = site.post("/signin", [("name", "name\(attempt)"), ("password", "guess")], client: [192, 0, 2, 50])
        }
        #expect(site.post("/signin", [("name", "bob"), ("password", "guess")], client: [192, 0, 2, 50]).status == 429)
        #expect(site.post("/signin", [("name", "bob"), ("password", "guess")], client: [192, 0, 2, 51]).status == 401)
    }

    @Test func failedSignInsAreCountedByEveryServerOnTheDatabaseAndEndAfterAMinute() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("lists.sqlite").path
        let one = try Site(path: path)
        let other = try Site(path: path)
        _ = try one.setUp()
        // Three failures on one server and two on the other are five for the name, on both.
        for (attempt, site) in [one, one, one, other, other].enumerated() {
            let response = site.post(
                "/signin", [("name", "ann"), ("password", "guess \(attempt)")], client: [198, 51, 100, UInt8(attempt)])
            #expect(response.status == 401)
        }
        for site in [one, other] {
            let limited = site.post(
                "/signin", [("name", "ann"), ("password", "correct horse")], client: [203, 0, 113, 9])
            #expect(limited.status == 429)
            #expect(limited.headers["Retry-After"] == "60")
        }
        // A minute on, the right password signs in, and the name's count starts again from nothing.
        for site in [one, other] { site.clock.advance(by: 60) }
        _ = try other.signIn("ann", "correct horse")
        for attempt in 1...4 {
            #expect(one.post("/signin", [("name", "ann"), ("password", "guess \(attempt)")]).status == 401)
        }
        _ = try one.signIn("ann", "correct horse")
        // A name longer than any user's is counted under one key, not kept whole.
        let long = one.post("/signin", [("name", String(repeating: "n", count: 100_000)), ("password", "guess")])
        #expect(long.status == 401)
        let counted = try one.store.read {
            try $0.accounts.signInFailures(key: "name:(longer than 1024 bytes)", since: .distantPast)
        }
        #expect(counted.count == 1)
    }

    @Test func everySignInMakesANewSessionAndSigningOutEndsIt() throws {
        let site = try Site()
        let first = try site.setUp()
        let second = try site.signIn("ann", "correct horse")
        #expect(first != second)
        // A cookie planted before signing in is not the session after it (no fixation).
        let planted = "lists_session=" + SecretToken.generate()
        let response = site.post(
            "/signin", [("name", "ann"), ("password", "correct horse")], cookie: planted)
        #expect(try Site.cookie(of: response) != planted)
        #expect(site.get("/", cookie: planted).status == 303)
        let out = site.post("/signout", [], cookie: second)
        #expect(out.status == 303)
        #expect(out.headers.first { $0.name == "Set-Cookie" }?.value.contains("Max-Age=0") == true)
        #expect(site.get("/", cookie: second).status == 303)
        #expect(site.get("/", cookie: first).status == 200)
        _ = site.post("/account/signout-everywhere", [], cookie: first)
        #expect(site.get("/", cookie: first).status == 303)
    }

    @Test func sessionsEndAfterThirtyDaysUnusedAndUseMovesTheEnd() throws {
        let site = try Site()
        let cookie = try site.setUp()
        site.advance(days: 20)
        #expect(site.get("/", cookie: cookie).status == 200)
        site.advance(days: 20)
        #expect(site.get("/", cookie: cookie).status == 200)
        site.advance(days: 31)
        #expect(site.get("/", cookie: cookie).status == 303)
        #expect(site.api("GET", "/api/v1/items", headers: [("Cookie", cookie)]).status == 401)
    }

    @Test func cookiesAreHttpOnlyLaxAndSecureBehindAnHTTPSProxy() throws {
        let site = try Site()
        _ = try site.setUp()
        let plain = site.post("/signin", [("name", "ann"), ("password", "correct horse")])
        let header = try #require(plain.headers.first { $0.name == "Set-Cookie" }?.value)
        #expect(header.hasPrefix("lists_session="))
        #expect(header.contains("; Path=/"))
        #expect(header.contains("; HttpOnly"))
        #expect(header.contains("; SameSite=Lax"))
        #expect(!header.contains("Secure"))
        let proxied = site.post(
            "/signin", [("name", "ann"), ("password", "correct horse")],
            headers: [("X-Forwarded-Proto", "https"), ("X-Forwarded-For", "198.51.100.4")], fromProxy: true)
        let secure = try #require(proxied.headers.first { $0.name == "Set-Cookie" }?.value)
        #expect(secure.hasPrefix("__Host-lists_session="))
        #expect(secure.contains("; Secure"))
        // The header from anyone else is not believed.
        let claimed = site.post(
            "/signin", [("name", "ann"), ("password", "correct horse")], headers: [("X-Forwarded-Proto", "https")])
        #expect(try #require(claimed.headers.first { $0.name == "Set-Cookie" }?.value).hasPrefix("lists_session="))
    }

    @Test func theAPIAnswers401WithAChallengeAndTakesTokens() throws {
        let site = try Site()
        let cookie = try site.setUp()
        for path in ["/api/v1/items", "/api/v1/tasks", "/api/v1/revision", "/api/v1/export"] {
            let response = site.api("GET", path, headers: [])
            #expect(response.status == 401, "\(path)")
            #expect(response.headers["WWW-Authenticate"] == "Bearer realm=\"Lists\"")
        }
        #expect(site.api("POST", "/api/v1/tasks", json: #"{"title":"x"}"#, headers: []).status == 401)
        #expect(site.api("GET", "/healthz", headers: []).status == 200)
        #expect(site.api("GET", "/api/v1/openapi.json", headers: []).status == 401)
        #expect(site.api("GET", "/api/v1/openapi.json", headers: [("Cookie", cookie)]).status == 200)
        let made = site.post("/account/tokens", [("token-name", "phone")], cookie: cookie)
        #expect(made.status == 200)
        let page = String(decoding: made.body, as: UTF8.self)
        let token = try #require(page.firstMatch(of: /lists_[A-Za-z0-9_-]{43}/)).output
        let bearer = [("Authorization", "Bearer \(token)")]
        #expect(site.api("POST", "/api/v1/tasks", json: #"{"title":"Walk"}"#, headers: bearer).status == 201)
        #expect(site.api("GET", "/api/v1/tasks", headers: bearer).status == 200)
        #expect(site.api("GET", "/api/v1/tasks", headers: [("Authorization", "Bearer lists_nonsense")]).status == 401)
        // Only a digest is kept.
        #expect(
            try site.store.read { try $0.accounts.tokens(userID: 1) }.first?.digest == SecretToken.digest(String(token))
        )
        _ = site.post("/account/tokens/revoke", [("name", "phone")], cookie: cookie)
        #expect(site.api("GET", "/api/v1/tasks", headers: bearer).status == 401)
    }

    @Test func anInvitationWorksForSevenDaysAndOnlyForItsOwnersHousehold() throws {
        let site = try Site()
        let ann = try site.setUp()
        let link = try site.invitation(by: ann)
        #expect(site.get(link).status == 200)
        site.advance(days: 7.1)
        #expect(site.get(link).status == 410)
        #expect(site.post(link, [("name", "bob"), ("password", "battery staple")]).status == 410)
        #expect(site.get("/invite/" + SecretToken.generate()).status == 410)
        #expect(try site.store.read { try $0.accounts.userCount() } == 1)
        // A member cannot invite, rename or remove: only the owner can.
        let bob = try site.join("bob", invitedBy: ann)
        #expect(site.post("/households/invite", [], cookie: bob).status == 403)
        #expect(site.post("/households/rename", [("name", "Mine")], cookie: bob).status == 403)
        #expect(site.post("/households/members/remove", [("user", "1")], cookie: bob).status == 403)
        #expect(try site.store.read { try $0.accounts.households() }.map(\.name) == ["Home"])
    }

    @Test func twoHouseholdsCannotReadOrChangeEachOthersRecords() throws {
        let site = try Site()
        let ann = try site.setUp()
        // Ann invites Bob into her household, then Bob makes a household of his own.
        let link = try site.invitation(by: ann)
        let joined = site.post(link, [("name", "bob"), ("password", "battery staple")])
        #expect(joined.status == 303)
        #expect(site.post(link, [("name", "eve"), ("password", "battery staple")]).status == 410)
        let bob = try Site.cookie(of: joined)
        #expect(site.post("/households/new", [("new-name", "Bob's flat")], cookie: bob).status == 303)
        let bobsTask = site.api(
            "POST", "/api/v1/tasks", json: #"{"title":"Bob's secret"}"#, headers: [("Cookie", bob)])
        #expect(bobsTask.status == 201)
        let bobsID = try #require(Self.id(in: bobsTask))
        let annsTask = site.api("POST", "/api/v1/tasks", json: #"{"title":"Ann's"}"#, headers: [("Cookie", ann)])
        let annsID = try #require(Self.id(in: annsTask))
        // Each sees only their own household's tasks, and the other's id is as unknown as a made-up one.
        let annsList = String(
            decoding: site.api("GET", "/api/v1/tasks", headers: [("Cookie", ann)]).body, as: UTF8.self)
        #expect(annsList.contains("Ann's"))
        #expect(!annsList.contains("Bob's secret"))
        let madeUp = UUID().uuidString
        for id in [bobsID, madeUp] {
            let read = site.api("GET", "/api/v1/tasks/\(id)", headers: [("Cookie", ann)])
            #expect(read.status == 404)
            #expect(site.api("DELETE", "/api/v1/tasks/\(id)", headers: [("Cookie", ann)]).status == 404)
            #expect(site.get("/todo/tasks/\(id)/edit", cookie: ann).status == 404)
        }
        let readBob = site.api("GET", "/api/v1/tasks/\(bobsID)", headers: [("Cookie", ann)])
        let readMadeUp = site.api("GET", "/api/v1/tasks/\(madeUp)", headers: [("Cookie", ann)])
        #expect(
            String(decoding: readBob.body, as: UTF8.self).replacingOccurrences(of: bobsID, with: madeUp)
                == String(decoding: readMadeUp.body, as: UTF8.self))
        #expect(site.api("GET", "/api/v1/tasks/\(annsID)", headers: [("Cookie", bob)]).status == 404)
        // Bob switches back to Ann's household and sees hers there.
        #expect(site.post("/households/switch", [("household", "0")], cookie: bob).status == 303)
        let shared = String(decoding: site.api("GET", "/api/v1/tasks", headers: [("Cookie", bob)]).body, as: UTF8.self)
        #expect(shared.contains("Ann's"))
        // A household Ann is not in cannot be switched to.
        #expect(site.post("/households/switch", [("household", "1")], cookie: ann).status == 404)
        // The exports are each household's own.
        let export = String(decoding: site.api("GET", "/api/v1/export", headers: [("Cookie", ann)]).body, as: UTF8.self)
        #expect(!export.contains("Bob's secret"))
    }

    @Test func leavingRemovingAMemberAndRevokingATokenAskFirstAndChangeNothingUntilConfirmed() throws {
        let site = try Site()
        let ann = try site.setUp()
        let bob = try site.join("bob", invitedBy: ann)
        #expect(site.post("/account/tokens", [("token-name", "backup")], cookie: ann).status == 200)
        let asks: [(path: String, query: [String: String], cookie: String, question: String)] = [
            ("/households/leave", [:], bob, "Leave Home?"),
            ("/households/members/remove", ["user": "2"], ann, "Remove bob from Home?"),
            ("/account/tokens/revoke", ["name": "backup"], ann, "Revoke “backup”?"),
        ]
        for ask in asks {
            let sheet = site.get(ask.path, query: ask.query, cookie: ask.cookie)
            #expect(sheet.status == 200, "\(ask.path)")
            let page = String(decoding: sheet.body, as: UTF8.self)
            #expect(page.contains("role=\"alertdialog\""), "\(ask.path)")
            #expect(page.contains(ask.question), "\(ask.path)")
        }
        #expect(try site.store.read { try $0.accounts.members(of: .first) }.count == 2)
        #expect(try site.store.read { try $0.accounts.tokens(userID: 1) }.count == 1)
        // The only owner of a household with members cannot leave it: the sheet says so, with nothing to confirm.
        let owner = String(decoding: site.get("/households/leave", cookie: ann).body, as: UTF8.self)
        #expect(owner.contains("Home needs its owner"))
        #expect(!owner.contains("action=\"/households/leave\""))
        #expect(site.post("/households/leave", [], cookie: ann).status == 409)
        // Only the owner is asked about removing a member; nothing to ask about leads back.
        #expect(site.get("/households/members/remove", query: ["user": "1"], cookie: bob).status == 403)
        #expect(site.get("/households/members/remove", query: ["user": "9"], cookie: ann).status == 303)
        #expect(site.get("/account/tokens/revoke", query: ["name": "nothing"], cookie: ann).status == 303)
    }

    @Test func theOnlyOwnerMakesAMemberOwnerAndThenCanLeave() throws {
        let site = try Site()
        let ann = try site.setUp()
        let bob = try site.join("bob", invitedBy: ann)
        // The owner sees Make Owner beside a member (not beside herself), and is asked first.
        let screen = String(decoding: site.get("/households", cookie: ann).body, as: UTF8.self)
        #expect(screen.contains("href=\"/households/members/owner?user=2\""))
        #expect(!screen.contains("/households/members/owner?user=1"))
        let sheet = site.get("/households/members/owner", query: ["user": "2"], cookie: ann)
        #expect(sheet.status == 200)
        #expect(String(decoding: sheet.body, as: UTF8.self).contains("Make bob an owner of Home?"))
        #expect(try site.store.read { try $0.accounts.role(userID: 2, in: .first) } == .member)
        // A member may not make anyone owner, nor be asked to; nobody outside the household is added by it.
        #expect(site.get("/households/members/owner", query: ["user": "2"], cookie: bob).status == 403)
        #expect(site.post("/households/members/owner", [("user", "2")], cookie: bob).status == 403)
        #expect(site.post("/households/members/owner", [("user", "9")], cookie: ann).status == 404)
        #expect(site.post("/households/members/owner", [("user", "bob")], cookie: ann).status == 400)
        #expect(try site.store.read { try $0.accounts.members(of: .first) }.map(\.user.id) == [1, 2])
        // Confirmed: Bob is an owner, may invite, and Ann, no longer the only owner, may leave.
        #expect(site.post("/households/members/owner", [("user", "2")], cookie: ann).status == 303)
        #expect(try site.store.read { try $0.accounts.role(userID: 2, in: .first) } == .owner)
        #expect(site.post("/households/invite", [], cookie: bob).status == 200)
        #expect(site.get("/households/members/owner", query: ["user": "2"], cookie: ann).status == 303)
        #expect(site.post("/households/leave", [], cookie: ann).status == 303)
        #expect(try site.store.read { try $0.accounts.members(of: .first) }.map(\.user.name) == ["bob"])
    }

    /// The `id` of the record a JSON answer holds.
    static func id(in response: HTTPResponse) -> String? {
        String(decoding: response.body, as: UTF8.self).firstMatch(of: /"id":"([0-9A-F-]{36})"/).map { String($0.1) }
    }
}

/// A time a test moves on.
final class TestClock: Sendable {
    private let time = Mutex(Date(timeIntervalSince1970: 1_796_017_527))

    /// The time now.
    func now() -> Date { time.withLock { $0 } }

    /// Moves the time on by `seconds`.
    func advance(by seconds: TimeInterval) { time.withLock { $0 = $0.addingTimeInterval(seconds) } }
}
