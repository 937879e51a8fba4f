import ListsAuth
import ListsModel

/// What account commands share: the rules for names and passwords, the hasher, and lookups that refuse with a
/// sentence naming what exists.
enum Credentials {
    /// Passwords are hashed with Argon2id at libsodium's interactive limits (what the server checks at sign-in,
    /// rehashing when its limits are higher).
    static let hasher = PasswordHasher.interactive

    /// The user named `name` (ignoring case).
    /// - Throws: ``ValidationError`` naming the users there are.
    static func user(named name: String, in accounts: any AccountSession) throws -> UserAccount {
        if let user = try accounts.user(named: name) { return user }
        let names = try accounts.users().map(\.name)
        throw ValidationError(
            field: "user",
            message: "no user named \(Quoted(name))"
                + (names.isEmpty
                    ? "; there are no users yet" : "; the users are \(names.joinedInline(separator: ", "))"))
    }

    /// The household of `households` that `name` names: its number, or its name ignoring case when no other has it.
    /// - Throws: ``ValidationError`` naming the households there are.
    static func household(named name: String, among households: [Household]) throws -> Household {
        let numbered = { (some: [Household]) in
            some.map { "\($0.id.rawValue) (\($0.name))" }.joinedInline(separator: ", ")
        }
        let listed = numbered(households)
        // A number names one household, where two share a name.
        if let number = Int64(name), let household = households.first(where: { $0.id.rawValue == number }) {
            return household
        }
        let key = Reference.nameKey(name)
        let named = households.filter { Reference.nameKey($0.name) == key }
        if named.count == 1, let household = named.first { return household }
        if named.isEmpty {
            throw ValidationError(
                field: "household", message: "no household named \(Quoted(name)); the households are \(listed)")
        }
        throw ValidationError(
            field: "household",
            message: "\(named.count) households are named \(Quoted(name)): "
                + numbered(named) + "; name one by its number")
    }
}

extension Invocation {
    /// Runs `body` on the store's accounts, in one write.
    func accounts<T>(_ body: (any AccountSession) throws -> T) throws -> T {
        try store(unscoped: true).write { try body($0.accounts) }
    }

    /// The store's accounts' data controller, which makes every change of a user, a household or a membership
    /// (and keeps the rules: a household with members keeps an owner, names are valid).
    func households() throws -> Households {
        Households(store: try store(unscoped: true))
    }

    /// The household `--household` names, else the only one.
    /// - Throws: ``ValidationError`` naming the households when there are several and none was chosen.
    func chosenHousehold() throws -> Household {
        try chosenHousehold(among: try accounts { try $0.households() })
    }

    /// The household of `households` that `--household` names, else the only one.
    /// - Throws: ``ValidationError`` naming the households when there are several and none was chosen.
    func chosenHousehold(among households: [Household]) throws -> Household {
        if let name = global.household { return try Credentials.household(named: name, among: households) }
        guard households.count == 1, let only = households.first else {
            throw ValidationError(
                field: "household",
                message: "this database has \(households.count) households ("
                    + households.map { "\($0.id.rawValue) \($0.name)" }.joinedInline(separator: ", ")
                    + "); choose one with --household NAME or NUMBER")
        }
        return only
    }

    /// The user `name` names, else the only user.
    /// - Throws: ``ValidationError`` naming the users when there are several and none was chosen.
    func chosenUser(_ name: String?, in accounts: any AccountSession) throws -> UserAccount {
        if let name { return try Credentials.user(named: name, in: accounts) }
        let users = try accounts.users()
        guard users.count == 1, let only = users.first else {
            throw ValidationError(
                field: "user",
                message: users.isEmpty
                    ? "there are no users yet; add one with lists users add NAME"
                    : "there are \(users.count) users (\(users.map(\.name).joinedInline(separator: ", "))); choose one "
                        + "with --user NAME")
        }
        return only
    }

    /// A new password for `user`: asked twice without echo at a terminal, else the first line of standard input;
    /// checked against the rules before anything is hashed or stored.
    /// - Throws: ``ValidationError`` naming `password`.
    func newPassword(for user: String) throws -> String {
        let password: String
        if Platform.standardInputIsTerminal {
            guard let first = Platform.readSecretLine(prompt: "Password for \(user): "),
                let second = Platform.readSecretLine(prompt: "The same password again: ")
            else { throw ValidationError(field: "password", message: "no password was typed; nothing was changed") }
            guard first == second else {
                throw ValidationError(field: "password", message: "the two passwords differ; nothing was changed")
            }
            password = first
        } else {
            guard let line = readLine(strippingNewline: true) else {
                throw ValidationError(
                    field: "password", message: "give the password on the first line of standard input")
            }
            password = line.hasSuffix("\r") ? String(line.dropLast()) : line
        }
        try PasswordRules.check(password)
        return password
    }
}
