import Foundation
import ListsAuth
import ListsHTTP
import ListsModel
import ListsSQLite
import Synchronization
import Testing

@testable import ListsWeb

/// What a thief of a session, a guesser and a look-alike name try on the web, without sockets: the password change
/// counted as a sign-in, simultaneous attempts held to the limits, tokens revoked with the password, household
/// names that hide nothing and tell nothing, the household header in one form, and the owner a household keeps.
@Suite("Accounts held against a thief and a guesser")
struct AccountHardeningTests {
    typealias Site = AuthTests.Site

    /// The Account screen's token made for `name` by the session `cookie`.
    static func makeToken(_ name: String, on site: Site, cookie: String) throws -> String {
        let made = site.post("/account/tokens", [("token-name", name)], cookie: cookie)
        #expect(made.status == 200)
        let page = String(decoding: made.body, as: UTF8.self)
        return String(try #require(page.firstMatch(of: /lists_[A-Za-z0-9_-]{43}/)).output)
    }

    @Test func aWrongCurrentPasswordCountsAsAFailedSignIn() throws {
        let site = try Site()
        let stolen = try site.setUp()
        // A stolen session guesses the current password: five wrong ones are 422, the sixth is refused unchecked.
        for attempt in 1...5 {
            let response = site.post(
                "/account/password", [("current", "guess \(attempt)"), ("password", "thief's own pass")],
                cookie: stolen, client: [198, 51, 100, UInt8(attempt)])
            #expect(response.status == 422)
        }
        let limited = site.post(
            "/account/password", [("current", "correct horse"), ("password", "thief's own pass")], cookie: stolen,
            client: [203, 0, 113, 9])
        #expect(limited.status == 429)
        #expect(limited.headers["Retry-After"].flatMap(Int.init).map { (1...60).contains($0) } == true)
        #expect(String(decoding: limited.body, as: UTF8.self).contains("Too many failed sign-ins"))
        // The same count stops a sign-in with the name, and the password is unchanged.
        #expect(site.post("/signin", [("name", "ann"), ("password", "correct horse")]).status == 429)
        site.clock.advance(by: 60)
        _ = try site.signIn("ann", "correct horse")
        // Twenty wrong ones from one address stop that address, whichever name it tries next.
        for _ in 1...4 {
            _ = site.post(
                "/account/password", [("current", "guess"), ("password", "thief's own pass")], cookie: stolen,
                client: [192, 0, 2, 80])
        }
        for attempt in 1...16 {
            _ = site.post("/signin", [("name", "name\(attempt)"), ("password", "guess")], client: [192, 0, 2, 80])
        }
        #expect(
            site.post("/signin", [("name", "ann"), ("password", "correct horse")], client: [192, 0, 2, 80]).status
                == 429)
        // The right current password is not a failure: it forgets the name's, as a sign-in does.
        let changed = site.post(
            "/account/password", [("current", "correct horse"), ("password", "a new password")], cookie: stolen,
            client: [192, 0, 2, 81])
        #expect(changed.status == 200)
        #expect(try site.store.read { try $0.accounts.signInFailures(key: "name:ann", since: .distantPast) }.isEmpty)
    }

    /// A hasher that counts the passwords it checks (an unknown name's stand-in check included).
    final class CountingHasher: PasswordHashing, Sendable {
        let hasher = PasswordHasher.testing
        let verifications = Atomic<Int>(0)

        func hash(_ password: String) throws -> String { try hasher.hash(password) }
        func verify(_ password: String, hash: String) throws -> Bool {
            verifications.add(1, ordering: .relaxed)
            return hasher.verify(password, hash: hash)
        }
        func verifyNothing(_ password: String) throws {
            // The first sign-in's warming check is of the empty password; an unknown name's is of what was typed.
            if !password.isEmpty { verifications.add(1, ordering: .relaxed) }
            hasher.verifyNothing(password)
        }
    }

    /// `count` requests sent at once from as many threads, started together; their answers' statuses.
    static func burst(_ count: Int, _ request: @escaping @Sendable (Int) -> HTTPResponse) -> [Int] {
        let statuses = Mutex<[Int]>([])
        let start = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        for index in 0..<count {
            DispatchQueue.global().async(group: group) {
                start.wait()
                let status = request(index).status
                statuses.withLock { $0.append(status) }
            }
        }
        for _ in 0..<count { start.signal() }
        group.wait()
        return statuses.withLock { $0 }
    }

    /// `count` sign-ins sent at once to a server on a database file with ann's account, the `index`th with
    /// `form(index)` from `client(index)`: their statuses, and how many passwords were checked.
    static func signInsAtOnce(
        _ count: Int, form: @escaping @Sendable (Int) -> [(String, String)],
        client: @escaping @Sendable (Int) -> [UInt8]
    ) throws -> (statuses: [Int], verifications: Int) {
        let hasher = CountingHasher()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let site = try Site(hasher: hasher, path: directory.appendingPathComponent("lists.sqlite").path)
        _ = try site.setUp()
        hasher.verifications.store(0, ordering: .relaxed)
        let statuses = burst(count) { site.post("/signin", form($0), client: client($0)) }
        return (statuses, hasher.verifications.load(ordering: .relaxed))
    }

    @Test func simultaneousWrongPasswordsForOneNameAreCheckedNoMoreThanTheLimit() throws {
        let (statuses, verifications) = try Self.signInsAtOnce(
            40, form: { [("name", "ann"), ("password", "guess \($0)")] }, client: { [198, 51, 100, UInt8($0)] })
        #expect(statuses.filter { $0 == 401 }.count == AccessControl.failuresPerName)
        #expect(statuses.filter { $0 == 429 }.count == 40 - AccessControl.failuresPerName)
        #expect(verifications == AccessControl.failuresPerName)
    }

    @Test func simultaneousSignInsFromOneAddressAreCheckedNoMoreThanTheLimit() throws {
        let (statuses, verifications) = try Self.signInsAtOnce(
            60, form: { [("name", "name\($0)"), ("password", "guess")] }, client: { _ in [192, 0, 2, 60] })
        #expect(statuses.filter { $0 == 401 }.count == AccessControl.failuresPerClient)
        #expect(statuses.filter { $0 == 429 }.count == 60 - AccessControl.failuresPerClient)
        #expect(verifications == AccessControl.failuresPerClient)
    }

    @Test func aSignInThatSucceedsGivesItsPlaceBack() throws {
        let site = try Site()
        _ = try site.setUp()
        // Nineteen right sign-ins and then twenty wrong ones from one address: the right ones counted nothing.
        for _ in 1...19 { _ = try site.signIn("ann", "correct horse") }
        let statuses = (1...20).map {
            site.post("/signin", [("name", "name\($0)"), ("password", "guess")]).status
        }
        #expect(statuses == Array(repeating: 401, count: 20))
        #expect(site.post("/signin", [("name", "ann"), ("password", "correct horse")]).status == 429)
    }

    @Test func changingThePasswordOrSigningOutEverywhereRevokesTheTokensUnlessKept() throws {
        let site = try Site()
        let ann = try site.setUp()
        let kept = try Self.makeToken("kept", on: site, cookie: ann)
        // The form offers it, ticked, saying how many.
        let screen = String(decoding: site.get("/account", cookie: ann).body, as: UTF8.self)
        #expect(screen.contains("Also revoke your API token"))
        #expect(screen.contains(#"name="revoke-tokens" value="on" form="signout-everywhere" checked"#))
        // Unticked, the password changes and the token keeps working.
        let keeping = site.post(
            "/account/password", [("current", "correct horse"), ("password", "second password")], cookie: ann)
        #expect(keeping.status == 200)
        #expect(site.api("GET", "/api/v1/tasks", headers: [("Authorization", "Bearer \(kept)")]).status == 200)
        let thief = try Self.makeToken("thief", on: site, cookie: ann)
        #expect(
            String(decoding: site.get("/account", cookie: ann).body, as: UTF8.self).contains(
                "Also revoke your 2 API tokens"))
        // Ticked (as the form comes), both tokens stop working, and the page says how many.
        let revoking = site.post(
            "/account/password",
            [("current", "second password"), ("password", "third password"), ("revoke-tokens", "on")], cookie: ann)
        #expect(revoking.status == 200)
        #expect(String(decoding: revoking.body, as: UTF8.self).contains("Your 2 API tokens were revoked."))
        for token in [kept, thief] {
            #expect(site.api("GET", "/api/v1/tasks", headers: [("Authorization", "Bearer \(token)")]).status == 401)
        }
        // Signing out on every device does the same.
        let again = try Self.makeToken("again", on: site, cookie: ann)
        #expect(site.post("/account/signout-everywhere", [("revoke-tokens", "on")], cookie: ann).status == 303)
        #expect(site.api("GET", "/api/v1/tasks", headers: [("Authorization", "Bearer \(again)")]).status == 401)
        let ann2 = try site.signIn("ann", "third password")
        let last = try Self.makeToken("last", on: site, cookie: ann2)
        #expect(site.post("/account/signout-everywhere", [], cookie: ann2).status == 303)
        #expect(site.api("GET", "/api/v1/tasks", headers: [("Authorization", "Bearer \(last)")]).status == 200)
    }

    @Test func householdNamesHideNothingAndTellNothingOfOthers() throws {
        let site = try Site()
        let ann = try site.setUp()
        let bob = try site.join("bob", invitedBy: ann)
        for disguised in ["Bo\u{202E}sb", "Bo\u{200B}bs", "Bobs\u{2066}", "Bo\u{00AD}bs", "\u{3164}", "Bo\u{200D}bs"] {
            let refused = site.post("/households/new", [("new-name", disguised)], cookie: bob)
            #expect(refused.status == 422, "\(disguised.unicodeScalars.map(\.value))")
            #expect(String(decoding: refused.body, as: UTF8.self).contains("invisible characters"))
            let renamed = site.post("/households/rename", [("name", disguised)], cookie: ann)
            #expect(renamed.status == 422)
        }
        #expect(try site.store.read { try $0.accounts.households() }.map(\.name) == ["Home"])
        // Emoji joined into one picture are names too.
        #expect(site.post("/households/new", [("new-name", "👨‍👩‍👧 Family")], cookie: bob).status == 303)
        // Someone else's household's name is anyone's: Ann's "Home" tells Bob nothing when he picks it.
        #expect(site.post("/households/new", [("new-name", "Cabin")], cookie: ann).status == 303)
        let bobsCabin = site.post("/households/new", [("new-name", "CABIN")], cookie: bob)
        #expect(bobsCabin.status == 303)
        // But one person's two households are told apart by name.
        let twice = site.post("/households/new", [("new-name", "cabin")], cookie: bob)
        #expect(twice.status == 422)
        #expect(String(decoding: twice.body, as: UTF8.self).contains("ou have a household of that name"))
        #expect(site.post("/households/rename", [("name", "Home")], cookie: bob).status == 422)
        #expect(
            try site.store.read { try $0.accounts.households() }.filter { $0.name.lowercased() == "cabin" }.count == 2)
        // User names refuse invisible characters as household names do.
        let link = try site.invitation(by: ann)
        #expect(site.post(link, [("name", "a\u{200B}nn"), ("password", "battery staple")]).status == 422)
    }

    @Test func theHouseholdHeaderTakesTheNumberAnswersCarry() throws {
        let site = try Site()
        let ann = try site.setUp()
        #expect(site.post("/households/new", [("new-name", "Work")], cookie: ann).status == 303)
        let token = try Self.makeToken("script", on: site, cookie: ann)
        let bearer = ("Authorization", "Bearer \(token)")
        let required = site.api("GET", "/api/v1/tasks", headers: [bearer])
        #expect(required.status == 400)
        #expect(String(decoding: required.body, as: UTF8.self).contains("0 (Home), 1 (Work)"))
        for number in ["0", "1"] {
            let answer = site.api("GET", "/api/v1/tasks", headers: [bearer, (AccessControl.householdHeader, number)])
            #expect(answer.status == 200)
            // What an answer carries, sent back, names the same household.
            let carried = try #require(answer.headers[AccessControl.householdHeader])
            #expect(carried == number)
            let again = site.api("GET", "/api/v1/tasks", headers: [bearer, (AccessControl.householdHeader, carried)])
            #expect(again.status == 200)
            #expect(again.headers[AccessControl.householdHeader] == number)
        }
        // A page's answer carries it too, in the same form.
        #expect(site.get("/todo", cookie: ann).headers[AccessControl.householdHeader] == "1")
        for wrong in ["Home", "household 0", "7", ""] {
            let refused = site.api("GET", "/api/v1/tasks", headers: [bearer, (AccessControl.householdHeader, wrong)])
            #expect(refused.status == 400, "\(wrong)")
        }
    }
}
