import Foundation
import ListsAuth
import ListsDAV
import ListsHTTP
import ListsModel
import Testing

@testable import ListsWeb

/// Basic authentication with app passwords: what a CalDAV client without credentials, a guesser, someone with the
/// account's password, someone with another user's token and someone with a revoked token each get.
@Suite("CalDAV: app passwords")
struct CalDAVAuthTests {
    static let principal = "<d:current-user-principal/>"

    @Test func withoutCredentialsEveryPathAsksForBasicAndCountsNothing() throws {
        let site = try CalDAVSite()
        let home = try site.home
        let ann = try site.member("ann", of: [home])
        let list = try site.list("Chores", in: home)
        let task = try site.task("Sweep", on: list, in: home)
        let before = try site.snapshot(home)
        let requests: [(String, String, String)] = [
            ("PROPFIND", "/", DAVBodies.propfind(Self.principal)),
            ("PROPFIND", "/dav/", DAVBodies.propfind(Self.principal)),
            ("PROPFIND", ann.principal, ""),
            ("PROPFIND", ann.home, ""),
            ("GET", CalDAVSite.resource(ann, list, task), ""),
            ("PUT", CalDAVSite.resource(ann, list, "new.ics"), ICS.todo(uid: "new", summary: "Sneaked in")),
            ("DELETE", CalDAVSite.resource(ann, list, task), ""),
            ("REPORT", CalDAVSite.calendar(ann, list), DAVBodies.sync("")),
        ]
        for (method, path, body) in requests {
            let refused = site.send(method, path, as: nil, body: body)
            #expect(refused.status == 401, "\(method) \(path)")
            let challenge = refused.headers["WWW-Authenticate"] ?? ""
            #expect(challenge.hasPrefix("Basic "), "\(method) \(path): \(challenge)")
            #expect(challenge.contains("realm="))
            #expect(refused.text.contains("app password"), "\(refused.text)")
        }
        #expect(try site.snapshot(home) == before)
        // A client's first request, without credentials, is not a failed sign-in.
        let failures = try site.store.read {
            try $0.accounts.signInFailures(key: "client:unknown", since: .distantPast)
        }
        #expect(failures.isEmpty)
    }

    @Test func aWrongTokenTheAccountsPasswordAndAnotherUsersTokenAreRefused() throws {
        let site = try CalDAVSite()
        let home = try site.home
        let ann = try site.member("ann", of: [home])
        let bob = try site.member("bob", of: [try site.household("Bob's flat")])
        let wrong: [(String, String)] = [
            ("a made-up token", CalDAVSite.basic("ann", SecretToken.generate(prefix: APIToken.prefix))),
            ("a malformed token", CalDAVSite.basic("ann", "lists_short")),
            ("the account's password", CalDAVSite.basic("ann", CalDAVSite.password)),
            ("bob's token with ann's name", CalDAVSite.basic("ann", bob.token)),
            ("ann's token with bob's name", CalDAVSite.basic("bob", ann.token)),
            ("ann's token without a name", CalDAVSite.basic("", ann.token)),
            ("the API's bearer form", "Bearer \(ann.token)"),
            ("no colon", "Basic " + Data("ann\(ann.token)".utf8).base64EncodedString()),
            ("not base64", "Basic ***"),
        ]
        for (what, authorization) in wrong {
            let refused = site.send(
                "PROPFIND", "/dav/", as: nil, authorization: authorization, body: DAVBodies.propfind(Self.principal))
            #expect(refused.status == 401, "\(what)")
            #expect(refused.headers["WWW-Authenticate"]?.hasPrefix("Basic ") == true, "\(what)")
            #expect(!refused.text.contains("/dav/principals/"), "\(what)")
        }
        // The account's password is refused with a reason that says what CalDAV takes instead.
        let password = site.send(
            "PROPFIND", "/dav/", as: nil, authorization: CalDAVSite.basic("ann", CalDAVSite.password))
        #expect(password.text.contains("API token"))
        // Each user's own token, under their name in any case, is taken.
        for (member, name) in [(ann, "ann"), (ann, "ANN"), (bob, "bob")] {
            let taken = site.send(
                "PROPFIND", "/dav/", as: nil, authorization: CalDAVSite.basic(name, member.token),
                body: DAVBodies.propfind(Self.principal))
            #expect(taken.status == 207, "\(name)")
            #expect(
                taken.responses.first?.href(in: DAV.d("current-user-principal")) == "/dav/principals/\(member.name)/")
        }
    }

    @Test func fiveWrongPasswordsForANameWithinAMinuteAreThenRefusedAs429LikeSignIns() throws {
        let site = try CalDAVSite()
        let home = try site.home
        let ann = try site.member("ann", of: [home])
        for attempt in 1...AccessControl.failuresPerName {
            let guess = SecretToken.generate(prefix: APIToken.prefix)
            let refused = site.send("PROPFIND", "/dav/", as: nil, authorization: CalDAVSite.basic("ann", guess))
            #expect(refused.status == 401, "attempt \(attempt)")
        }
        // The failures are the store's, counted under the name as failed sign-ins are.
        let counted = try site.store.read { try $0.accounts.signInFailures(key: "name:ann", since: .distantPast) }
        #expect(counted.count == AccessControl.failuresPerName)
        let limited = site.send(
            "PROPFIND", "/dav/", as: nil, authorization: CalDAVSite.basic("ann", SecretToken.generate(prefix: "lists_"))
        )
        #expect(limited.status == 429)
        let retry = try #require(limited.headers["Retry-After"].flatMap(Int.init))
        #expect((1...60).contains(retry))
        #expect(limited.text.contains("too many failed sign-ins"))
        // The same count stops the sign-in form for the name.
        var form = HTTPRequest(
            method: "POST", path: "/signin",
            headers: HTTPHeaders([
                ("Host", "localhost:8080"), ("Origin", "http://localhost:8080"), ("Sec-Fetch-Site", "same-origin"),
                ("Content-Type", "application/x-www-form-urlencoded"),
            ]), body: Array("name=ann&password=correct+horse".utf8))
        form.clientAddress = [203, 0, 113, 9]
        #expect(site.app.respond(to: form).status == 429)
        // Ann's own app password still syncs her phone meanwhile: a token cannot be guessed, and a right one
        // counts nothing.
        #expect(site.propfind("/dav/", as: ann, Self.principal).status == 207)
        // A minute on, the name's failures no longer count.
        site.clock.advance(by: AccessControl.failureWindow)
        let later = site.send(
            "PROPFIND", "/dav/", as: nil, authorization: CalDAVSite.basic("ann", SecretToken.generate(prefix: "lists_"))
        )
        #expect(later.status == 401)
    }

    @Test func aRevokedTokenIsRefusedAtOnceAndOneRevokedElsewhereWithinTheCacheLifetime() throws {
        let site = try CalDAVSite()
        let home = try site.home
        let ann = try site.member("ann", of: [home])
        #expect(site.propfind("/dav/", as: ann, Self.principal).status == 207)
        // Revoked on the Account screen: refused with the next request.
        let revoke = HTTPRequest(
            method: "POST", path: "/account/tokens/revoke",
            headers: HTTPHeaders([
                ("Host", "localhost:8080"), ("Origin", "http://localhost:8080"), ("Sec-Fetch-Site", "same-origin"),
                ("Content-Type", "application/x-www-form-urlencoded"), ("Cookie", ann.cookie),
            ]), body: Array("name=phone".utf8))
        #expect(site.app.respond(to: revoke).status < 400)
        #expect(try site.store.read { try $0.accounts.tokens(userID: ann.user.id) }.isEmpty)
        let refused = site.propfind("/dav/", as: ann, Self.principal)
        #expect(refused.status == 401)
        #expect(refused.headers["WWW-Authenticate"]?.hasPrefix("Basic ") == true)
        // Revoked at the terminal (straight in the store): refused once the remembered answer is a second old.
        let second = SecretToken.generate(prefix: APIToken.prefix)
        let now = site.clock.now()
        try site.store.write {
            _ = try $0.accounts.addToken(
                userID: ann.user.id, name: "laptop", digest: SecretToken.digest(second), at: now)
        }
        let laptop = CalDAVSite.basic("ann", second)
        #expect(site.send("PROPFIND", "/dav/", as: nil, authorization: laptop).status == 207)
        _ = try site.store.write { try $0.accounts.removeToken(userID: ann.user.id, named: "laptop") }
        site.clock.advance(by: AccessControl.cacheLifetime + 1)
        #expect(site.send("PROPFIND", "/dav/", as: nil, authorization: laptop).status == 401)
    }
}
