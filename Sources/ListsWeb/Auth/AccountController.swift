import Foundation
import ListsAuth
import ListsHTTP
import ListsModel

/// The routes of accounts and households: signing in and out, the first start's setup, invitations, the Account
/// screen and the Household screen. Every change is a plain form post answered 303, as the lists' screens do; a
/// refused form comes back with what was typed (never a password) and why.
struct AccountController: Sendable {
    let access: AccessControl

    /// The store as a whole.
    var store: any Store { access.store }

    /// Adds the routes: signing in, the setup and invitations for anyone (the password forms slow: the server
    /// answers them off its threads); the Account and Household screens for any signed-in user, in a household or
    /// not.
    func addRoutes(to router: inout Router) {
        let controller = self
        let access = self.access
        let store = self.store
        // Anyone: whoever is signed in, if anyone, is known.
        router.add("GET", "/signin", .guestPage) { request, context in
            if context.principal != nil { return .redirect(to: Self.next(request.query["next"])) }
            if try access.setupToken() != nil { return AccountPages.waitingForSetup() }
            return AccountPages.signIn(FormState(), next: Self.next(request.query["next"]))
        }
        router.add("POST", "/signin", .guestPage.slow) { request, _ in try controller.signIn(request) }
        router.add("GET", "/setup", .guestPage) { request, _ in
            // Spent (an account exists) or wrong: refused alike, with a page that says to sign in instead.
            guard try access.setupToken() != nil, access.isSetupToken(request.query["token"]) else {
                throw AccessControl.badSetupToken
            }
            return AccountPages.setup(FormState(), token: request.query["token"] ?? "")
        }
        router.add("POST", "/setup", .guestPage.slow) { request, _ in try controller.setUp(request) }
        router.add("GET", "/invite/{token}", .guestPage) { request, context in
            try controller.invitation(request, context)
        }
        router.add("POST", "/invite/{token}", .guestPage.slow) { request, context in
            try controller.invitation(request, context)
        }

        // Signed in.
        router.add("POST", "/signout", .accountPage) { request, context in
            if let digest = try context.signedIn.sessionDigest {
                try store.write { try $0.accounts.removeSession(digest: digest) }
            }
            access.forgetCachedSessions()
            return Self.signedOut(request)
        }
        router.add("GET", "/account", .accountPage) { _, context in
            try controller.accountPage(context.signedIn, FormState())
        }
        router.add("POST", "/account/signout-everywhere", .accountPage) { request, context in
            let principal = try context.signedIn
            let revokesTokens = try FormBody(request)["revoke-tokens"] != nil
            try store.write { session in
                try session.accounts.removeSessions(userID: principal.user.id)
                if revokesTokens { try session.accounts.removeTokens(userID: principal.user.id) }
            }
            access.forgetCachedSessions()
            return Self.signedOut(request)
        }
        router.add("POST", "/account/password", .accountPage.slow) { request, context in
            try controller.changePassword(request, context.signedIn)
        }
        router.add("POST", "/account/tokens", .accountPage) { request, context in
            try controller.makeToken(request, context.signedIn)
        }
        router.add("GET", "/account/tokens/revoke", .accountPage) { request, context in
            let principal = try context.signedIn
            let name = request.query["name"] ?? ""
            let tokens = try store.read { try $0.accounts.tokens(userID: principal.user.id) }
            guard tokens.contains(where: { $0.name == name }) else { return .redirect(to: "/account") }
            return AccountPages.revokeSheet(principal, tokens: tokens, name: name)
        }
        router.add("POST", "/account/tokens/revoke", .accountPage) { request, context in
            let principal = try context.signedIn
            let name = try FormBody(request)["name"] ?? ""
            try store.write { try $0.accounts.removeToken(userID: principal.user.id, named: name) }
            access.forgetCachedSessions()
            return .redirect(to: "/account")
        }
        router.add("GET", "/households", .accountPage) { _, context in
            try controller.householdsPage(context.signedIn, FormState())
        }
        router.add("POST", "/households/switch", .accountPage) { request, context in
            try controller.switchHousehold(request, context.signedIn)
        }
        router.add("POST", "/households/new", .accountPage) { request, context in
            try controller.newHousehold(request, context.signedIn)
        }
        router.add("POST", "/households/rename", .accountPage) { request, context in
            try controller.renameHousehold(request, context.signedIn)
        }
        router.add("POST", "/households/time-zone", .accountPage) { request, context in
            try controller.setTimeZone(request, context.signedIn)
        }
        router.add("POST", "/households/invite", .accountPage) { request, context in
            try controller.invite(request, context.signedIn)
        }
        router.add("GET", "/households/members/remove", .accountPage) { request, context in
            let principal = try context.signedIn
            guard
                let (view, member) = try controller.askedAbout(
                    request, principal, { $0.user.id != principal.user.id })
            else { return .redirect(to: "/households") }
            return AccountPages.removeSheet(view, member: member)
        }
        router.add("POST", "/households/members/remove", .accountPage) { request, context in
            try controller.removeMember(request, context.signedIn)
        }
        router.add("GET", "/households/members/owner", .accountPage) { request, context in
            guard let (view, member) = try controller.askedAbout(request, context.signedIn, { $0.role == .member })
            else { return .redirect(to: "/households") }
            return AccountPages.ownerSheet(view, member: member)
        }
        router.add("POST", "/households/members/owner", .accountPage) { request, context in
            try controller.makeOwner(request, context.signedIn)
        }
        router.add("GET", "/households/leave", .accountPage) { _, context in
            let principal = try context.signedIn
            guard principal.household != nil else { return .redirect(to: "/households") }
            return AccountPages.leaveSheet(try controller.householdsView(principal))
        }
        router.add("POST", "/households/leave", .accountPage) { _, context in
            try controller.leave(context.signedIn)
        }
    }

    // MARK: Anyone

    private func signIn(_ request: HTTPRequest) throws -> HTTPResponse {
        let form = try FormBody(request)
        let next = Self.next(form["next"])
        var state = FormState(form, fields: ["name"])
        do {
            let (_, secret) = try access.signIn(
                name: form["name"] ?? "", password: form["password"] ?? "", client: Self.clientKey(request))
            return Self.signedIn(secret, next: next, request: request)
        } catch let error as HTTPError where error.status == 401 || error.status == 429 {
            state.notice = Notice(message: Layout.sentence(error.message))
            var response = AccountPages.signIn(state.focusing("password"), next: next, status: error.status)
            if let retryAfter = error.retryAfter { response.headers["Retry-After"] = String(retryAfter) }
            return response
        }
    }

    private func setUp(_ request: HTTPRequest) throws -> HTTPResponse {
        let form = try FormBody(request)
        let token = form["token"] ?? ""
        guard access.isSetupToken(token) else { throw AccessControl.badSetupToken }
        var state = FormState(form, fields: ["name"])
        do {
            let (_, secret) = try access.setUp(token: token, name: form["name"] ?? "", password: form["password"] ?? "")
            return Self.signedIn(secret, next: "/", request: request)
        } catch let error as ValidationError {
            state.record(error)
            return AccountPages.setup(state, token: token, status: FormOutcome.invalidStatus)
        }
    }

    /// An invitation's screen, and joining through it: as the signed-in user, or with a new account.
    private func invitation(_ request: HTTPRequest, _ context: RequestContext) throws -> HTTPResponse {
        let token = context.parameters["token"] ?? ""
        let principal = context.principal
        let now = access.clock()
        guard SecretToken.isWellFormed(token),
            let (invitation, household) = try store.read({ session -> (Invitation, Household)? in
                guard let invitation = try session.accounts.invitation(digest: SecretToken.digest(token)),
                    let household = try session.accounts.household(id: invitation.householdID)
                else { return nil }
                return (invitation, household)
            }),
            invitation.usedAt == nil, invitation.expiresAt > now
        else { throw Self.spentInvitation }
        if request.method == "GET" {
            return AccountPages.invitation(FormState(), household: household, token: token, principal: principal)
        }
        let form = try FormBody(request)
        if let principal {
            guard
                try access.households.join(
                    invitation, userID: principal.user.id, showingIn: principal.sessionDigest)
            else { throw Self.spentInvitation }
            access.forgetCachedSessions()
            return .redirect(to: "/")
        }
        var state = FormState(form, fields: ["name"])
        do {
            let name = try UserAccount.validName(form["name"] ?? "")
            let password = form["password"] ?? ""
            try PasswordRules.check(password)
            let hash = try access.hashPassword(password)
            guard
                let user = try access.households.join(
                    invitation, of: household, newUser: name, passwordHash: hash)
            else { throw Self.spentInvitation }
            let (_, secret) = try access.startSession(for: user, in: household.id)
            return Self.signedIn(secret, next: "/", request: request)
        } catch let error as ValidationError {
            state.record(error)
        } catch let error as StoreError where error.code == .nameTaken {
            state.record(ValidationError(field: "name", message: "\(error.field ?? "name") is taken; choose another"))
        }
        return AccountPages.invitation(
            state, household: household, token: token, principal: nil, status: FormOutcome.invalidStatus)
    }

    /// The answer to an invitation link that no longer works.
    static let spentInvitation = HTTPError(
        status: 410, code: "invitation_spent",
        message: "this invitation link has expired or was used already; ask for a new one")

    // MARK: Signed in

    private func accountPage(
        _ principal: Principal, _ state: FormState, newToken: (name: String, token: String)? = nil, status: Int = 200
    ) throws -> HTTPResponse {
        let tokens = try store.read { try $0.accounts.tokens(userID: principal.user.id) }
        return AccountPages.account(principal, tokens: tokens, state: state, newToken: newToken, status: status)
    }

    private func changePassword(_ request: HTTPRequest, _ principal: Principal) throws -> HTTPResponse {
        let form = try FormBody(request)
        var state = FormState()
        let current = form["current"] ?? ""
        let password = form["password"] ?? ""
        let revokesTokens = form["revoke-tokens"] != nil
        guard let user = try store.read({ try $0.accounts.user(id: principal.user.id) }) else {
            throw HTTPError(status: 404, code: "not_found", message: "no such user")
        }
        // The current password is counted as a sign-in is: a stolen session gets no more guesses than a stranger.
        do {
            guard try access.checkOwnPassword(current, of: user, client: Self.clientKey(request)) else {
                state.record(ValidationError(field: "current", message: "this is not your current password"))
                return try accountPage(principal, state, status: FormOutcome.invalidStatus)
            }
        } catch let error as HTTPError where error.status == 429 {
            state.record(ValidationError(field: "current", message: Layout.sentence(error.message)))
            var response = try accountPage(principal, state, status: 429)
            if let retryAfter = error.retryAfter { response.headers["Retry-After"] = String(retryAfter) }
            return response
        }
        do {
            try PasswordRules.check(password)
        } catch let error as ValidationError {
            state.record(error)
            return try accountPage(principal, state, status: FormOutcome.invalidStatus)
        }
        let hash = try access.hashPassword(password)
        let revoked = try store.write { session -> Int in
            try session.accounts.setPasswordHash(hash, userID: user.id)
            // Every other device signs in again; this one stays.
            let mine = try principal.sessionDigest.flatMap { try session.accounts.session(digest: $0) }
            try session.accounts.removeSessions(userID: user.id)
            if let mine { try session.accounts.addSession(mine) }
            return revokesTokens ? try session.accounts.removeTokens(userID: user.id) : 0
        }
        access.forgetCachedSessions()
        let tokens =
            switch revoked {
            case 0: ""
            case 1: " Your API token was revoked."
            default: " Your \(revoked) API tokens were revoked."
            }
        state.notice = Notice(
            message: "Your password was changed. Your other devices are signed out.\(tokens)", kind: .status)
        return try accountPage(principal, state)
    }

    private func makeToken(_ request: HTTPRequest, _ principal: Principal) throws -> HTTPResponse {
        let form = try FormBody(request)
        var state = FormState(form, fields: ["token-name"])
        let name: String
        do {
            name = try APIToken.validName(form["token-name"] ?? "", field: "token-name")
        } catch let error as ValidationError {
            state.record(error)
            return try accountPage(principal, state, status: FormOutcome.invalidStatus)
        }
        let token = SecretToken.generate(prefix: APIToken.prefix)
        do {
            _ = try store.write {
                try $0.accounts.addToken(
                    userID: principal.user.id, name: name, digest: SecretToken.digest(token), at: access.clock())
            }
        } catch StoreError.Code.nameTaken {
            state.record(ValidationError(field: "token-name", message: "you have a token of that name"))
            return try accountPage(principal, state, status: FormOutcome.invalidStatus)
        }
        return try accountPage(principal, FormState(), newToken: (name, token))
    }

    /// For a sheet asking the owner about a member: the Household screen's view and the member the query's `user`
    /// names, or `nil` when it names no member `isAskable` accepts (the sheet then leads back).
    /// - Throws: ``HTTPError`` 403 when `principal` does not own the household.
    private func askedAbout(
        _ request: HTTPRequest, _ principal: Principal, _ isAskable: (Membership) -> Bool
    ) throws -> (AccountPages.HouseholdsView, Membership)? {
        _ = try ownedHousehold(principal)
        let view = try householdsView(principal)
        let user = request.query["user"].flatMap(Int64.init)
        guard let member = view.members.first(where: { $0.user.id == user }), isAskable(member) else { return nil }
        return (view, member)
    }

    private func householdsPage(
        _ principal: Principal, _ state: FormState, invitationLink: String? = nil, status: Int = 200
    ) throws -> HTTPResponse {
        var view = try householdsView(principal)
        view.state = state
        view.invitationLink = invitationLink
        return AccountPages.households(view, status: status)
    }

    /// What the Household screen shows `principal`: their households, and the current one's members.
    private func householdsView(_ principal: Principal) throws -> AccountPages.HouseholdsView {
        let (memberships, members, zone) = try store.read { session in
            (
                try session.accounts.memberships(userID: principal.user.id),
                try principal.household.map { try session.accounts.members(of: $0.id) } ?? [],
                try principal.household.flatMap { try HouseholdTimeZone.chosen(by: $0.id, in: session) }
            )
        }
        return AccountPages.HouseholdsView(
            principal: principal, memberships: memberships, members: members, timeZone: zone)
    }

    private func switchHousehold(_ request: HTTPRequest, _ principal: Principal) throws -> HTTPResponse {
        let form = try FormBody(request)
        guard let raw = form["household"].flatMap(Int64.init) else {
            throw HTTPError.badRequest("the form names no household", field: "household")
        }
        let household = HouseholdID(raw)
        try store.write { session in
            // A household the user is not in is answered as one that does not exist.
            guard try session.accounts.role(userID: principal.user.id, in: household) != nil else {
                throw HTTPError(status: 404, code: "not_found", message: "no such household")
            }
            try Self.show(household, to: principal, in: session.accounts, at: access.clock())
        }
        access.forgetCachedSessions()
        return .redirect(to: "/")
    }

    private func newHousehold(_ request: HTTPRequest, _ principal: Principal) throws -> HTTPResponse {
        let form = try FormBody(request)
        var state = FormState(form, fields: ["new-name"])
        do {
            try access.households.addHousehold(
                named: form["new-name"] ?? "", ownedBy: principal.user, showingIn: principal.sessionDigest)
        } catch let error as ValidationError {
            state.record(ValidationError(field: "new-name", message: error.message))
            return try householdsPage(principal, state, status: FormOutcome.invalidStatus)
        }
        access.forgetCachedSessions()
        return .redirect(to: "/")
    }

    /// The household `principal` acts in, when they own it: refused before a form is read, with the words of
    /// the model's own refusal (``Households``, which checks again in the change's write).
    /// - Throws: ``HTTPError`` 403 otherwise.
    private func ownedHousehold(_ principal: Principal) throws -> Household {
        guard let household = principal.household, principal.role == .owner else {
            throw HTTPError(status: 403, code: "owner_only", message: Households.ownerOnly)
        }
        return household
    }

    private func renameHousehold(_ request: HTTPRequest, _ principal: Principal) throws -> HTTPResponse {
        let household = try ownedHousehold(principal)
        let form = try FormBody(request)
        var state = FormState(form, fields: ["name"])
        do {
            try access.households.rename(household, to: form["name"] ?? "", by: principal.user.id)
        } catch let error as ValidationError {
            state.record(error)
            return try householdsPage(principal, state, status: FormOutcome.invalidStatus)
        }
        access.forgetCachedSessions()
        return .redirect(to: "/households")
    }

    /// Sets the household's zone from the form's `timeZone` (empty: the server's again); an owner's.
    private func setTimeZone(_ request: HTTPRequest, _ principal: Principal) throws -> HTTPResponse {
        let household = try ownedHousehold(principal)
        let form = try FormBody(request)
        var state = FormState(form, fields: ["timeZone"])
        let typed = form["timeZone"] ?? ""
        do {
            try store.write { try HouseholdTimeZone.set(typed.isEmpty ? nil : typed, of: household.id, in: $0) }
        } catch let error as ValidationError {
            state.record(error)
            return try householdsPage(principal, state, status: FormOutcome.invalidStatus)
        }
        return .redirect(to: "/households")
    }

    private func invite(_ request: HTTPRequest, _ principal: Principal) throws -> HTTPResponse {
        let household = try ownedHousehold(principal)
        let token = SecretToken.generate()
        try access.households.invite(to: household, by: principal.user.id, digest: SecretToken.digest(token))
        let scheme = Self.isSecure(request) ? "https" : "http"
        let host = request.headers["X-Forwarded-Host"] ?? request.headers["Host"] ?? "localhost"
        return try householdsPage(principal, FormState(), invitationLink: "\(scheme)://\(host)/invite/\(token)")
    }

    private func removeMember(_ request: HTTPRequest, _ principal: Principal) throws -> HTTPResponse {
        let household = try ownedHousehold(principal)
        guard let user = try FormBody(request)["user"].flatMap(Int64.init), user != principal.user.id else {
            throw HTTPError.badRequest("the form names no other member", field: "user")
        }
        guard try access.households.remove(user, from: household, by: principal.user.id) else {
            throw HTTPError(status: 404, code: "not_found", message: "no such member")
        }
        access.forgetCachedSessions()
        return .redirect(to: "/households")
    }

    /// Makes a member of the owner's household an owner too: the way an owner hands the household on before
    /// leaving it. Only a member already there: never adds anyone.
    private func makeOwner(_ request: HTTPRequest, _ principal: Principal) throws -> HTTPResponse {
        let household = try ownedHousehold(principal)
        guard let user = try FormBody(request)["user"].flatMap(Int64.init) else {
            throw HTTPError.badRequest("the form names no member", field: "user")
        }
        guard try access.households.makeOwner(user, of: household, by: principal.user.id) else {
            throw HTTPError(status: 404, code: "not_found", message: "no such member")
        }
        access.forgetCachedSessions()
        return .redirect(to: "/households")
    }

    private func leave(_ principal: Principal) throws -> HTTPResponse {
        guard let household = principal.household else { return .redirect(to: "/households") }
        do {
            try access.households.leave(household, userID: principal.user.id)
        } catch let error as ValidationError where error.field == "role" {
            throw HTTPError(
                status: 409, code: "last_owner",
                message: "you are the only owner of \(household.name); make another member owner first (Make Owner, "
                    + "beside their name), or remove its other members")
        }
        access.forgetCachedSessions()
        return .redirect(to: "/households")
    }

    /// Makes `principal`'s session show `household` from now on, its end moved on as a use moves it; a request
    /// made with a token has no session, and nothing to move.
    private static func show(
        _ household: HouseholdID, to principal: Principal, in accounts: any AccountSession, at now: Date
    ) throws {
        guard let digest = principal.sessionDigest else { return }
        try accounts.updateSession(
            digest: digest, householdID: household, expiresAt: now.addingTimeInterval(AccessControl.sessionLifetime))
    }

    // MARK: Cookies and addresses

    /// Where a sign-in leads: `next` when it is a path of this site, else the home screen.
    static func next(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.hasPrefix("/\\"),
            !next.unicodeScalars.contains(where: { $0.value < 0x21 })
        else { return "/" }
        return next
    }

    /// Whether the request came over HTTPS: Lists serves plain HTTP, so only through a trusted proxy that says
    /// so (`X-Forwarded-Proto: https`).
    static func isSecure(_ request: HTTPRequest) -> Bool {
        request.isFromTrustedProxy && request.headers["X-Forwarded-Proto"]?.lowercased() == "https"
    }

    /// The session cookie carrying `secret` (an empty one with `Max-Age=0` clears it): `HttpOnly; SameSite=Lax;
    /// Path=/`, and over HTTPS `Secure` under the `__Host-` prefix.
    static func cookie(_ secret: String, request: HTTPRequest, maxAge: Int) -> String {
        let secure = isSecure(request)
        let name = secure ? AccessControl.secureCookieName : AccessControl.cookieName
        return "\(name)=\(secret); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Lax\(secure ? "; Secure" : "")"
    }

    /// A redirect to `next` that sets the new session's cookie.
    static func signedIn(_ secret: String, next: String, request: HTTPRequest) -> HTTPResponse {
        var response = HTTPResponse.redirect(to: next)
        response.headers.add(
            "Set-Cookie", cookie(secret, request: request, maxAge: Int(AccessControl.sessionLifetime)))
        return response
    }

    /// A redirect to the sign-in screen that clears the session cookie.
    static func signedOut(_ request: HTTPRequest) -> HTTPResponse {
        var response = HTTPResponse.redirect(to: "/signin")
        response.headers.add("Set-Cookie", cookie("", request: request, maxAge: 0))
        return response
    }

    /// Whose failed sign-ins a request counts toward: its address (an IPv6 address by its /64, which one home
    /// network has), or behind a trusted proxy the address the proxy says it forwards for.
    static func clientKey(_ request: HTTPRequest) -> String {
        if request.isFromTrustedProxy, let forwarded = request.headers["X-Forwarded-For"],
            let last = forwarded.split(separator: ",").last
        {
            return String(last.trimmingSpacesAndTabs())
        }
        let bytes = request.clientAddress.count == 16 ? Array(request.clientAddress.prefix(8)) : request.clientAddress
        return bytes.isEmpty ? "unknown" : bytes.map { String($0, radix: 16) }.joined(separator: ".")
    }
}
