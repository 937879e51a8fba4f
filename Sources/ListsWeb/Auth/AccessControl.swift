import Foundation
import ListsAuth
import ListsHTTP
import ListsModel
import Synchronization

/// Who a request comes from, and which household's lists it reads and changes.
struct Principal: Sendable {
    /// The signed-in user (by a session cookie or an API token).
    var user: UserAccount
    /// The household the request acts in, and the user's role there; `nil` when the user belongs to none.
    var household: Household?
    /// The user's role in ``household``.
    var role: HouseholdRole?
    /// The digest of the session's secret, when the request came with a session cookie (not with a token).
    var sessionDigest: String?
}

/// Sign-in, sessions and API tokens: turns a request's cookie or bearer token into a ``Principal``, signs people
/// in (Argon2id through libsodium, failures limited per account and per client address), and keeps the one-time
/// setup token that creates the first account.
///
/// Sessions are the store's (`sessions`, the cookie's secret kept as a digest): revocable, ending after
/// ``sessionLifetime`` without use, each use moving the end on (written at most once an hour). A session or a
/// token found is remembered for ``cacheLifetime``, so that a page's requests and a script's do not each read it;
/// whatever this server changes of accounts forgets them all at once, and a change made elsewhere (another server
/// sharing PostgreSQL, `lists tokens revoke` at the terminal) is seen within that time.
final class AccessControl: Sendable {
    /// The store as a whole (accounts are not a household's).
    let store: any Store
    /// How passwords are hashed and checked: in helper processes for a server (``HashingHelpers``), on the
    /// calling thread in tests.
    let hasher: any PasswordHashing
    /// The time, for sessions, tokens and invitations.
    let clock: @Sendable () -> Date

    /// Failed sign-ins allowed per user name within ``failureWindow``, then 429.
    static let failuresPerName = 5
    /// Failed sign-ins allowed per client address within ``failureWindow`` (a household behind one address
    /// mistypes too), then 429.
    static let failuresPerClient = 20
    /// How long a failed sign-in counts: a minute.
    static let failureWindow: TimeInterval = 60

    /// How long a session lasts without being used (``SignInSession/lifetime``, 30 days).
    static let sessionLifetime = SignInSession.lifetime
    /// How long a session found in the store is used without reading it again.
    static let cacheLifetime: TimeInterval = 1
    /// The cookie's name over plain HTTP.
    static let cookieName = "lists_session"
    /// The cookie's name over HTTPS: the `__Host-` prefix makes browsers take it only with `Secure`, `Path=/` and
    /// no `Domain`, so no other site on the domain can set it.
    static let secureCookieName = "__Host-lists_session"
    /// The header that names the household an API token's request acts in, when its user has several, and that
    /// every answer of a household carries: the household's number, in one form both ways (``householdHeaderValue(_:)``).
    static let householdHeader = "X-Lists-Household"

    /// The household header's value for `household`: its number, as the store gives it (`0`, `12`).
    static func householdHeaderValue(_ household: HouseholdID) -> String {
        String(household.rawValue)
    }

    /// Whether the hasher's stand-in hash (what an unknown name is checked against) is made: made at the first
    /// sign-in, before its name is looked up, so that no sign-in pays for it alone.
    private let isWarm = Atomic<Bool>(false)

    /// The secret of the setup address, while no account exists and it was not used.
    private let setupSecret = Mutex<String?>(nil)
    /// Principals found recently, by session secret or by bearer header (kept in memory only, as the requests
    /// that carry them are).
    private let cache = Mutex<[String: (principal: Principal, until: Date)]>([:])

    init(store: any Store, hasher: any PasswordHashing, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.hasher = hasher
        self.clock = clock
    }

    /// The accounts' data controller, which makes every change of a user, a household or a membership.
    var households: Households { Households(store: store, clock: clock) }

    // MARK: Setup

    /// The secret of the one-time setup address when the store has no account yet (made at the first call, 256
    /// random bits, kept in memory only: valid until used or the server stops); `nil` once there is an account.
    func setupToken() throws -> String? {
        guard try store.read({ try $0.accounts.userCount() }) == 0 else { return nil }
        return setupSecret.withLock { secret in
            if let secret { return secret }
            let made = SecretToken.generate()
            secret = made
            return made
        }
    }

    /// Whether `token` is the setup secret (compared in constant time).
    func isSetupToken(_ token: String?) -> Bool {
        guard let token else { return false }
        return setupSecret.withLock { secret in secret.map { SecretToken.constantTimeEquals($0, token) } ?? false }
    }

    /// Makes the first account with the setup secret, the owner of the first household (the records there were),
    /// and signs it in; the secret is then spent.
    /// - Throws: ``HTTPError`` 403 for a wrong or spent secret, 409 when an account exists; ``ValidationError``.
    func setUp(token: String?, name: String, password: String) throws -> (Principal, cookieSecret: String) {
        let name = try UserAccount.validName(name)
        try PasswordRules.check(password)
        guard isSetupToken(token) else { throw Self.badSetupToken }
        let hash = try hashPassword(password)
        guard let user = try households.addFirstUser(name: name, passwordHash: hash) else { throw Self.badSetupToken }
        setupSecret.withLock { $0 = nil }
        return try startSession(for: user)
    }

    /// The answer to a setup address that cannot be used.
    static let badSetupToken = HTTPError(
        status: 403, code: "setup_closed",
        message: "this setup address is not valid: it was used already, or the server was restarted (it prints a new "
            + "one while no account exists). Sign in instead")

    // MARK: Signing in

    /// Signs `name` in with `password` from `client`: a new session on success. An unknown name costs the time a
    /// wrong password does and gets the same answer.
    ///
    /// Failed sign-ins are counted in the store, against the name and against the client's address, so that every
    /// server on one database (and a restarted one) holds the same count; a success forgets the name's. An attempt
    /// refused for too many failures is not itself counted.
    /// - Throws: ``HTTPError`` 401 (wrong name or password), 429 with `Retry-After` (too many failures).
    func signIn(name: String, password: String, client: String) throws -> (Principal, cookieSecret: String) {
        // The password's length is checked by the hasher too; a 10 MB one is refused before any work.
        let isPlausible = name.utf8.count <= 1024 && password.utf8.count <= PasswordRules.maximumBytes
        let attempt = try reserveAttempt(name: name, client: client)
        let verified: UserAccount?
        do {
            let user = isPlausible ? try store.read { try $0.accounts.user(named: name) } : nil
            if !isWarm.exchange(true, ordering: .relaxed) { try hasher.verifyNothing("") }
            if let user, try verifyPassword(password, hash: user.passwordHash) {
                verified = user
            } else {
                if user == nil { try hasher.verifyNothing(password) }
                verified = nil
            }
        } catch {
            // Not decided (the password could not be checked): not a failure.
            try? release(attempt, succeeded: false)
            throw error
        }
        // A wrong name or password keeps its reservation: it is this failure, counted.
        guard let user = verified else { throw Self.wrongCredentials }
        if hasher.needsRehash(user.passwordHash), let hash = try? hashPassword(password) {
            try store.write { try $0.accounts.setPasswordHash(hash, userID: user.id) }
        }
        return try startSession(for: user, releasing: attempt)
    }

    /// An attempt at a password, counted before the password is checked (``reserveAttempt(name:client:)``).
    struct Attempt: Sendable {
        /// The keys the attempt is counted against: the name's, then the client's.
        var nameKey: String
        var clientKey: String
        /// When it was counted.
        var at: Date
    }

    /// Counts an attempt at `name`'s password from `client` as a failure before the password is checked, in the
    /// same write that checks the limits, so that simultaneous attempts cannot pass a limit together; the
    /// attempt's outcome then keeps it (a wrong password) or releases it (``release(_:succeeded:)``). Sign-ins and
    /// password changes share these counts.
    /// - Throws: ``HTTPError`` 429 with `Retry-After` when the name or the client has had too many failures.
    func reserveAttempt(name: String, client: String) throws -> Attempt {
        // A name far longer than any user's is counted under one key, not kept whole.
        let nameKey = "name:" + (name.utf8.count <= 1024 ? Reference.nameKey(name) : "(longer than 1024 bytes)")
        let attempt = Attempt(nameKey: nameKey, clientKey: "client:" + client, at: clock())
        let limits = [
            SignInLimit(key: attempt.nameKey, limit: Self.failuresPerName),
            SignInLimit(key: attempt.clientKey, limit: Self.failuresPerClient),
        ]
        // A failure counts for a window: one made exactly a window ago no longer does.
        let since = attempt.at.addingTimeInterval(-Self.failureWindow)
        let full = try store.write { try $0.accounts.reserveSignInAttempt(limits, since: since, at: attempt.at) }
        if let (limit, failures) = full {
            // Allowed again when the oldest of the last `limit` failures is a window old.
            let wait = failures[failures.count - limit.limit].timeIntervalSince(attempt.at) + Self.failureWindow
            throw Self.tooManyAttempts(retryAfter: max(1, Int(wait.rounded(.up))))
        }
        return attempt
    }

    /// Takes back `attempt`'s reservation: the attempt did not fail. A success also forgets the name's failures.
    func release(_ attempt: Attempt, succeeded: Bool) throws {
        try store.write { try Self.release(attempt, succeeded: succeeded, in: $0.accounts) }
    }

    private static func release(_ attempt: Attempt, succeeded: Bool, in accounts: any AccountSession) throws {
        if succeeded {
            try accounts.removeSignInFailures(key: attempt.nameKey)
            try accounts.removeSignInFailure(keys: [attempt.clientKey], at: attempt.at)
        } else {
            try accounts.removeSignInFailure(keys: [attempt.nameKey, attempt.clientKey], at: attempt.at)
        }
    }

    /// Checks that `password` is `user`'s own, counted as a sign-in is (the same limits per user name and per
    /// client address), for what asks for the current password again (changing it): a stolen session must not
    /// be a way to guess it. Answers whether it is; a wrong one stays counted as a failed sign-in.
    /// - Throws: ``HTTPError`` 429 with `Retry-After`; ``PasswordHashingError`` (503).
    func checkOwnPassword(_ password: String, of user: UserAccount, client: String) throws -> Bool {
        let attempt = try reserveAttempt(name: user.name, client: client)
        let isRight: Bool
        do {
            isRight = try verifyPassword(password, hash: user.passwordHash)
        } catch {
            try? release(attempt, succeeded: false)
            throw error
        }
        if isRight { try release(attempt, succeeded: true) }
        return isRight
    }

    /// The answer to a wrong name or password: the same for both, so it tells no one which names exist.
    static let wrongCredentials = HTTPError(
        status: 401, code: "wrong_credentials", message: "the user name or the password is wrong", field: "password")

    /// The answer once too many sign-ins failed.
    static func tooManyAttempts(retryAfter: Int) -> HTTPError {
        var error = HTTPError(
            status: 429, code: "too_many_attempts",
            message: "too many failed sign-ins; try again in \(retryAfter) seconds")
        error.retryAfter = retryAfter
        return error
    }

    /// A new session for `user`, in the household it last used or its first: a new secret every time, so that a
    /// secret known before the sign-in is worth nothing after it.
    /// A sign-in's `attempt` is released in the same write.
    func startSession(for user: UserAccount, in household: HouseholdID? = nil, releasing attempt: Attempt? = nil)
        throws -> (Principal, cookieSecret: String)
    {
        let secret = SecretToken.generate()
        let digest = SecretToken.digest(secret)
        let now = clock()
        let principal = try store.write { session -> Principal in
            let accounts = session.accounts
            if let attempt { try Self.release(attempt, succeeded: true, in: accounts) }
            let memberships = try accounts.memberships(userID: user.id)
            let chosen = memberships.first { $0.household.id == household } ?? memberships.first
            try accounts.removeSessions(expiredBefore: now)
            try accounts.addSession(
                SignInSession(
                    digest: digest, userID: user.id, householdID: chosen?.household.id, createdAt: now,
                    expiresAt: now.addingTimeInterval(Self.sessionLifetime)))
            return Principal(user: user, household: chosen?.household, role: chosen?.role, sessionDigest: digest)
        }
        return (principal, secret)
    }

    // MARK: Requests

    /// Who sent `request`: the user of its bearer token, or of its session cookie; `nil` when it carries neither
    /// (or a cookie no session has: signed out, expired, from another server).
    /// - Throws: ``HTTPError`` 401 for a bearer token that is not valid (a client that sends one means to use it).
    func principal(of request: HTTPRequest) throws -> Principal? {
        if let authorization = request.headers["Authorization"] {
            // Remembered by the header's whole text (and the household named, if any), as sessions are by their
            // secret: keys that cannot meet, since a session's secret has no space.
            let household = request.headers[Self.householdHeader]
            let key = household.map { authorization + "\u{0}" + $0 } ?? authorization
            let now = clock()
            if let hit = cache.withLock({ $0[key] }), hit.until > now { return hit.principal }
            let principal = try bearer(authorization, household: household)
            remember(principal, as: key, now: now)
            return principal
        }
        guard let secret = Self.sessionSecret(in: request) else { return nil }
        let now = clock()
        if let hit = cache.withLock({ $0[secret] }), hit.until > now { return hit.principal }
        guard let principal = try sessionPrincipal(digest: SecretToken.digest(secret), now: now) else {
            cache.withLock { _ = $0.removeValue(forKey: secret) }
            return nil
        }
        remember(principal, as: secret, now: now)
        return principal
    }

    /// Remembers `principal` under `key` for ``cacheLifetime``, in bounded memory.
    private func remember(_ principal: Principal, as key: String, now: Date) {
        cache.withLock { entries in
            if entries.count >= 10_000 { entries.removeAll() }
            entries[key] = (principal, now.addingTimeInterval(Self.cacheLifetime))
        }
    }

    /// The session whose secret's digest is `digest`, with its user and household, moving its end on when an hour
    /// has passed since it was last moved; `nil` when it does not exist or has ended.
    private func sessionPrincipal(digest: String, now: Date) throws -> Principal? {
        let found = try store.read { session -> (SignInSession, UserAccount, [Membership])? in
            let accounts = session.accounts
            guard let stored = try accounts.session(digest: digest), stored.expiresAt > now,
                let user = try accounts.user(id: stored.userID)
            else { return nil }
            return (stored, user, try accounts.memberships(userID: user.id))
        }
        guard let (stored, user, memberships) = found else { return nil }
        let chosen = memberships.first { $0.household.id == stored.householdID } ?? memberships.first
        let end = now.addingTimeInterval(Self.sessionLifetime)
        if end.timeIntervalSince(stored.expiresAt) > 60 * 60 || chosen?.household.id != stored.householdID {
            try store.write {
                try $0.accounts.updateSession(digest: digest, householdID: chosen?.household.id, expiresAt: end)
            }
        }
        return Principal(user: user, household: chosen?.household, role: chosen?.role, sessionDigest: digest)
    }

    /// The user of the bearer token in `authorization`, acting in the household whose number `householdName` is
    /// (the value of the household header), or in their only one.
    /// - Throws: ``HTTPError`` 401 for a malformed, unknown or revoked token; 400 when the user has several
    ///   households and the request names none of them.
    private func bearer(_ authorization: String, household householdName: String?) throws -> Principal {
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { throw Self.badToken }
        let token = String(parts[1].trimmingSpacesAndTabs())
        guard SecretToken.isWellFormed(token, prefix: APIToken.prefix) else { throw Self.badToken }
        let digest = SecretToken.digest(token)
        let now = clock()
        let found = try store.read { session -> (APIToken, UserAccount, [Membership])? in
            let accounts = session.accounts
            guard let stored = try accounts.token(digest: digest), let user = try accounts.user(id: stored.userID)
            else { return nil }
            return (stored, user, try accounts.memberships(userID: user.id))
        }
        guard let (stored, user, memberships) = found else { throw Self.badToken }
        if stored.lastUsedAt.map({ now.timeIntervalSince($0) > 60 }) ?? true {
            try store.write { try $0.accounts.touchToken(id: stored.id, at: now) }
        }
        let chosen: Membership?
        let yours = memberships.map { "\(Self.householdHeaderValue($0.household.id)) (\($0.household.name))" }
            .joined(separator: ", ")
        if let householdName {
            let number = Int64(householdName.trimmingSpacesAndTabs())
            guard let named = memberships.first(where: { $0.household.id.rawValue == number }) else {
                throw HTTPError(
                    status: 400, code: "unknown_household",
                    message: "the \(Self.householdHeader) header takes the number of one of your households, not "
                        + "\(Quoted(householdName)); yours are \(yours)",
                    field: Self.householdHeader)
            }
            chosen = named
        } else if memberships.count > 1 {
            throw HTTPError(
                status: 400, code: "household_required",
                message: "you belong to \(memberships.count) households (\(yours)); send the number of one in the "
                    + "\(Self.householdHeader) header", field: Self.householdHeader)
        } else {
            chosen = memberships.first
        }
        return Principal(user: user, household: chosen?.household, role: chosen?.role, sessionDigest: nil)
    }

    /// The answer to a bearer token that is not valid.
    static let badToken = HTTPError(
        status: 401, code: "invalid_token",
        message: "the API token is not valid: it was revoked, or it is not a Lists token (they start with lists_)")

    /// The user a CalDAV request's Basic credentials name: their user name, and one of their API tokens as the
    /// password (an app password, made on the Account screen). The account's own password is not taken: a
    /// CalDAV client sends its credentials with every request, and each would cost an Argon2id hash.
    ///
    /// A wrong app password (or a name that is not the token's user's) is counted as a failed sign-in is, against
    /// the name and against `client`, and refused once either has too many (the same limits as sign-ins); a right
    /// one counts nothing, and is remembered for ``cacheLifetime``. A token cannot be guessed (256 random bits):
    /// the limit keeps a client that tries many from costing the store more than a sign-in form would.
    /// - Throws: ``HTTPError`` 401 (no credentials, or wrong ones), 429 with `Retry-After`.
    func appPasswordUser(of request: HTTPRequest, client: String) throws -> UserAccount {
        guard let authorization = request.headers["Authorization"] else { throw Self.appPasswordRequired }
        let key = "basic\u{0}" + authorization
        let now = clock()
        if let hit = cache.withLock({ $0[key] }), hit.until > now { return hit.principal.user }
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "basic",
            let decoded = Data(base64Encoded: String(parts[1].trimmingSpacesAndTabs())),
            let credentials = String(data: decoded, encoding: .utf8), let colon = credentials.firstIndex(of: ":")
        else { throw Self.appPasswordRequired }
        let name = String(credentials[..<colon])
        let password = String(credentials[credentials.index(after: colon)...])
        var user: UserAccount?
        if SecretToken.isWellFormed(password, prefix: APIToken.prefix) {
            let digest = SecretToken.digest(password)
            let found = try store.read { session -> (APIToken, UserAccount)? in
                guard let token = try session.accounts.token(digest: digest),
                    let user = try session.accounts.user(id: token.userID)
                else { return nil }
                return (token, user)
            }
            if let (token, owner) = found, Reference.nameKey(owner.name) == Reference.nameKey(name) {
                user = owner
                if token.lastUsedAt.map({ now.timeIntervalSince($0) > 60 }) ?? true {
                    try store.write { try $0.accounts.touchToken(id: token.id, at: now) }
                }
            }
        }
        guard let user else {
            // Counted (and refused with 429 when over a limit); the failure stays counted.
            _ = try reserveAttempt(name: name, client: client)
            throw Self.wrongAppPassword
        }
        remember(Principal(user: user, household: nil, role: nil, sessionDigest: nil), as: key, now: now)
        return user
    }

    /// The answer to a CalDAV request without Basic credentials.
    static let appPasswordRequired = HTTPError(
        status: 401, code: "unauthenticated",
        message: "sign in with your user name and an app password: an API token made on the Account screen")

    /// The answer to wrong Basic credentials.
    static let wrongAppPassword = HTTPError(
        status: 401, code: "wrong_credentials",
        message: "the user name or the app password is wrong; CalDAV takes an API token made on the Account "
            + "screen as the password, not the account's password")

    /// The secret of the request's session cookie, when it has one of the right shape.
    static func sessionSecret(in request: HTTPRequest) -> String? {
        guard let header = request.headers["Cookie"] else { return nil }
        for pair in header.split(separator: ";") {
            let trimmed = pair.trimmingSpacesAndTabs()
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            let name = trimmed[..<equals]
            guard name == secureCookieName || name == cookieName else { continue }
            let value = String(trimmed[trimmed.index(after: equals)...])
            if SecretToken.isWellFormed(value) { return value }
        }
        return nil
    }

    /// Forgets every principal found, after a change to accounts (a sign-out, a password, a membership).
    func forgetCachedSessions() {
        cache.withLock { $0.removeAll() }
    }

    // MARK: Names and passwords

    /// `password`'s Argon2id hash.
    /// - Throws: ``ValidationError`` for a password the rules refuse; ``PasswordHashingError`` (503).
    func hashPassword(_ password: String) throws -> String {
        try PasswordRules.check(password)
        return try hasher.hash(password)
    }

    /// Whether `password` is the one `hash` was made of.
    /// - Throws: ``PasswordHashingError`` (503) when it cannot be checked.
    func verifyPassword(_ password: String, hash: String) throws -> Bool {
        guard password.utf8.count <= PasswordRules.maximumBytes else { return false }
        return try hasher.verify(password, hash: hash)
    }
}
