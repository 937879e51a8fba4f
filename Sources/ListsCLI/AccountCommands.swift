import Foundation
import JSONCodec
import ListsAuth
import ListsModel

/// `lists users ...`: the accounts people sign in to the web app with, managed at the terminal by whoever owns the
/// database file (its permissions are the boundary, as for every command that opens it).
enum UsersCommands {
    static let all = [
        CommandEntry(List.self), CommandEntry(Add.self), CommandEntry(Role.self), CommandEntry(Remove.self),
        CommandEntry(Password.self),
    ]

    /// `lists users list`.
    struct List: Command {
        static let configuration = CommandConfiguration(
            app: "users", name: "list", abstract: "Show the users and the households each belongs to.",
            example: "lists users list")
        static let arguments: [Argument<Self>] = []

        func run(_ run: Invocation) throws {
            let users = try run.accounts { accounts in
                try accounts.users().map { user in (user, try accounts.memberships(userID: user.id)) }
            }
            if run.wantsJSON {
                return run.output.json(
                    JSONDocument(
                        "users",
                        .array(
                            users.map { user, memberships in
                                .object([
                                    "name": .string(user.name),
                                    "households": .array(
                                        memberships.map {
                                            .object([
                                                "name": .string($0.household.name), "role": .string($0.role.rawValue),
                                            ])
                                        }),
                                ])
                            })))
            }
            let rows = users.map { user, memberships in
                [
                    user.name,
                    memberships.map { "\($0.household.name) (\($0.role.rawValue))" }.joinedInline(separator: ", "),
                ]
            }
            run.output.table(Table(alignments: [.left, .left], rows: rows)) { column, cell in
                column == 1 ? run.output.dim(cell) : cell
            }
            if users.isEmpty, run.output.isTerminal {
                run.output.line(
                    "No users. Add one: lists users add NAME (or open the setup address lists serve prints)")
            }
        }
    }

    /// `lists users add NAME`.
    struct Add: Command {
        static let configuration = CommandConfiguration(
            app: "users", name: "add", abstract: "Add a user to a household; the password is read from the terminal.",
            discussion: "NAME is 1 to 64 characters. The password (8 characters to 1024 bytes) is asked twice at a "
                + "terminal, or read from the first line of standard input, never from the command line (where "
                + "other users of the machine could see it). The user joins the household --household names (by "
                + "default the only one) as a member, or as its owner with --role owner; the first user is its "
                + "owner.",
            example: "lists users add ann --role owner")
        static let arguments: [Argument<Self>] = [
            .positional("NAME", 1, 1) { $0.name = $1.first ?? "" },
            .option("role", "ROLE", help: "owner or member (member; the first user: owner)") { $0.roleText = $1 },
        ]

        var name = ""
        var roleText: String?
        var role: HouseholdRole?

        mutating func validate() throws {
            name = try UserAccount.validName(name)
            if let roleText {
                guard let role = HouseholdRole(rawValue: roleText) else {
                    throw ValidationError(field: "role", message: "owner or member, not \(Quoted(roleText))")
                }
                self.role = role
            }
        }

        func run(_ run: Invocation) throws {
            let household = try run.chosenHousehold()
            let hash = try Credentials.hasher.hash(try run.newPassword(for: name))
            let role = try run.households().addUser(name: name, passwordHash: hash, to: household, as: role).role
            run.output.line("Added user \(name), \(role == .owner ? "owner" : "member") of \(household.name)")
        }
    }

    /// `lists users role NAME ROLE`.
    struct Role: Command {
        static let configuration = CommandConfiguration(
            app: "users", name: "role",
            abstract: "Make a user the owner or a member of a household (adding them to it when they are not).",
            discussion: "ROLE is owner or member. The household is the one --household names, by default the only "
                + "one. A household can have several owners; while it has members, one of them is an owner, so "
                + "make another owner before making its only owner a member.",
            example: "lists users role bob owner --household Home")
        static let arguments: [Argument<Self>] = [.positional("NAME ROLE", 2, 2) { $0.words = $1 }]

        var words: [String] = []
        var role = HouseholdRole.member

        mutating func validate() throws {
            let text = words.last ?? ""
            guard let role = HouseholdRole(rawValue: text) else {
                throw ValidationError(field: "role", message: "owner or member, not \(Quoted(text))")
            }
            self.role = role
        }

        func run(_ run: Invocation) throws {
            let household = try run.chosenHousehold()
            let user = try run.accounts { try Credentials.user(named: words.first ?? "", in: $0) }
            try run.households().setRole(role, of: user.id, in: household)
            run.output.line("\(user.name) is \(role == .owner ? "an owner" : "a member") of \(household.name)")
        }
    }

    /// `lists users rm NAME`.
    struct Remove: Command {
        static let configuration = CommandConfiguration(
            app: "users", name: "rm", abstract: "Remove a user, signing them out everywhere and revoking their tokens.",
            discussion: "The households and their lists stay, with their other members. The only owner of a "
                + "household that has other members is not removed: make another owner first.",
            example: "lists users rm ann")
        static let arguments: [Argument<Self>] = [.positional("NAME", 1, 1) { $0.name = $1.first ?? "" }]

        var name = ""

        func run(_ run: Invocation) throws {
            let user = try run.accounts { try Credentials.user(named: name, in: $0) }
            try run.households().removeUser(id: user.id)
            run.output.line("Removed user \(user.name)")
        }
    }

    /// `lists users passwd NAME`.
    struct Password: Command {
        static let configuration = CommandConfiguration(
            app: "users", name: "passwd",
            abstract: "Set a user's password, signing them out everywhere and revoking their API tokens.",
            discussion: "The new password is asked twice at a terminal, or read from the first line of standard "
                + "input. Every session of the user ends, and every API token is revoked (a token made from a "
                + "stolen session would outlive the password otherwise); --keep-tokens keeps the tokens working.",
            example: "lists users passwd ann")
        static let arguments: [Argument<Self>] = [
            .positional("NAME", 1, 1) { $0.name = $1.first ?? "" },
            .flag("keep-tokens", help: "leave the user's API tokens working") { $0.keepsTokens = $1 },
        ]

        var name = ""
        var keepsTokens = false

        func run(_ run: Invocation) throws {
            let user = try run.accounts { try Credentials.user(named: name, in: $0) }
            let hash = try Credentials.hasher.hash(try run.newPassword(for: user.name))
            let (ended, revoked) = try run.accounts { accounts in
                try accounts.setPasswordHash(hash, userID: user.id)
                return (
                    try accounts.removeSessions(userID: user.id),
                    keepsTokens ? nil : try accounts.removeTokens(userID: user.id)
                )
            }
            let tokens =
                revoked.map { ", \($0) API \($0 == 1 ? "token" : "tokens") revoked" }
                ?? "; API tokens kept"
            run.output.line(
                "Changed the password of \(user.name); signed out on every device (\(ended) "
                    + "\(ended == 1 ? "session" : "sessions") ended)\(tokens)")
        }
    }
}

/// `lists households ...`: the households that share lists.
enum HouseholdsCommands {
    static let all = [
        CommandEntry(List.self), CommandEntry(Add.self), CommandEntry(Rename.self), CommandEntry(Members.self),
        CommandEntry(HouseholdZone.self),
    ]

    /// `lists households zone [ZONE]`.
    struct HouseholdZone: Command {
        static let configuration = CommandConfiguration(
            app: "households", name: "zone", abstract: "Show or set the household's time zone.",
            discussion: "Tasks are due, and today ends, in the household's zone, for every member and every face "
                + "(the web app, this command line, the API). ZONE is a place's zone as the IANA database names it "
                + "(Europe/Berlin, America/New_York) or UTC; --server goes back to the server's own zone, which "
                + "a household keeps until it sets one. The household is --household's, else the only one.",
            example: "lists households zone Europe/Berlin")
        static let arguments: [Argument<Self>] = [
            .positional("ZONE", 0, 1) { $0.zone = $1.first },
            .flag("server", help: "use the server's zone again") { $0.server = $1 },
        ]

        var zone: String?
        var server = false

        mutating func validate() throws {
            if server, let zone {
                throw UsageError(
                    message: "give a zone or --server, not both (\(Quoted(zone)) and --server)",
                    command: Self.configuration.path)
            }
            if let zone { _ = try HouseholdTimeZone.checked(zone) }
        }

        func run(_ run: Invocation) throws {
            let household = try run.chosenHousehold()
            let store = try run.store(unscoped: true)
            let chosen = try store.write { session -> Zone? in
                if server { try HouseholdTimeZone.set(nil, of: household.id, in: session) }
                if let zone { try HouseholdTimeZone.set(zone, of: household.id, in: session) }
                return try HouseholdTimeZone.chosen(by: household.id, in: session)
            }
            let serverZone = HouseholdTimeZone.name(of: HouseholdTimeZone.serverDefault)
            if run.wantsJSON {
                return run.output.json(
                    JSONDocument(
                        "household",
                        .object([
                            "number": .number(JSONNumber(Int(household.id.rawValue))), "name": .string(household.name),
                            "timeZone": .string(chosen.map(HouseholdTimeZone.name) ?? serverZone),
                            "isServers": .bool(chosen == nil),
                        ])))
            }
            run.output.line(
                "\(household.name): \(chosen.map(HouseholdTimeZone.name) ?? "the server's zone (\(serverZone))")")
        }
    }

    /// `lists households list`.
    struct List: Command {
        static let configuration = CommandConfiguration(
            app: "households", name: "list", abstract: "Show the households and how many members each has.",
            example: "lists households list")
        static let arguments: [Argument<Self>] = []

        func run(_ run: Invocation) throws {
            let households = try run.accounts { accounts in
                try accounts.households().map { ($0, try accounts.members(of: $0.id).count) }
            }
            if run.wantsJSON {
                return run.output.json(
                    JSONDocument(
                        "households",
                        .array(
                            households.map {
                                .object([
                                    "number": .number(JSONNumber(Int($0.0.id.rawValue))), "name": .string($0.0.name),
                                    "members": .number(JSONNumber($0.1)),
                                ])
                            })))
            }
            let rows = households.map {
                ["\($0.0.id.rawValue)", $0.0.name, "\($0.1) \($0.1 == 1 ? "member" : "members")"]
            }
            run.output.table(Table(alignments: [.right, .left, .left], rows: rows)) { column, cell in
                column == 1 ? cell : run.output.dim(cell)
            }
        }
    }

    /// `lists households add NAME`.
    struct Add: Command {
        static let configuration = CommandConfiguration(
            app: "households", name: "add", abstract: "Add a household, with empty lists.",
            discussion: "NAME is 1 to 100 characters; two households may share a name (the commands then take its "
                + "number, which households list shows), but not two of one person's. --owner makes a user its "
                + "owner.",
            example: "lists households add \"The Smiths\" --owner ann")
        static let arguments: [Argument<Self>] = [
            .positional("NAME", 1, nil) { $0.words = $1 },
            .option("owner", "USER", help: "the user who owns it (none)") { $0.owner = $1 },
        ]

        var words: [String] = []
        var name = ""
        var owner: String?

        mutating func validate() throws {
            name = try Household.validName(words.joinedInline(separator: " "))
        }

        func run(_ run: Invocation) throws {
            let user = try owner.map { owner in try run.accounts { try Credentials.user(named: owner, in: $0) } }
            let household = try run.households().addHousehold(named: name, ownedBy: user)
            run.output.line("Added household \(household.name)\(owner.map { ", owned by \($0)" } ?? "")")
        }
    }

    /// `lists households rename NAME NEW-NAME`.
    struct Rename: Command {
        static let configuration = CommandConfiguration(
            app: "households", name: "rename", abstract: "Rename a household.",
            discussion: "Quote names that have spaces.",
            example: "lists households rename Home \"The Smiths\"")
        static let arguments: [Argument<Self>] = [
            .positional("NAME NEW-NAME", 2, 2) { $0.names = $1 }
        ]

        var names: [String] = []
        var newName = ""

        mutating func validate() throws {
            newName = try Household.validName(names.last ?? "")
        }

        func run(_ run: Invocation) throws {
            let old = try run.accounts {
                try Credentials.household(named: names.first ?? "", among: try $0.households())
            }
            try run.households().rename(old, to: newName)
            run.output.line("Renamed household \(old.name) to \(newName)")
        }
    }

    /// `lists households members NAME`.
    struct Members: Command {
        static let configuration = CommandConfiguration(
            app: "households", name: "members", abstract: "Show a household's members and their roles.",
            example: "lists households members Home")
        static let arguments: [Argument<Self>] = [.positional("NAME", 1, nil) { $0.words = $1 }]

        var words: [String] = []

        func run(_ run: Invocation) throws {
            let members = try run.accounts { accounts in
                try accounts.members(
                    of: try Credentials.household(
                        named: words.joinedInline(separator: " "), among: try accounts.households()
                    )
                    .id)
            }
            if run.wantsJSON {
                return run.output.json(
                    JSONDocument(
                        "members",
                        .array(
                            members.map {
                                .object(["name": .string($0.user.name), "role": .string($0.role.rawValue)])
                            })))
            }
            run.output.table(
                Table(alignments: [.left, .left], rows: members.map { [$0.user.name, $0.role.rawValue] })
            ) {
                column, cell in column == 1 ? run.output.dim(cell) : cell
            }
        }
    }
}

/// `lists tokens ...`: API tokens, which act as their user on `Authorization: Bearer`.
enum TokensCommands {
    static let all = [CommandEntry(Create.self), CommandEntry(List.self), CommandEntry(Revoke.self)]

    /// The `--user` option every token command takes.
    static func userOption<C: UserNaming & SendableMetatype>() -> Argument<C> {
        .option("user", "NAME", help: "whose tokens (default: the only user)") { $0.userName = $1 }
    }

    /// `lists tokens create NAME`.
    struct Create: Command, UserNaming {
        static let configuration = CommandConfiguration(
            app: "tokens", name: "create", abstract: "Make an API token and print it, once.",
            discussion: "NAME (1 to 100 characters) says where the token is used. Only a digest is stored: the token "
                + "cannot be shown again. Send it as 'Authorization: Bearer TOKEN'; it acts as its user.",
            example: "lists tokens create phone --user ann")
        static let arguments: [Argument<Self>] = [
            .positional("NAME", 1, nil) { $0.words = $1 }, TokensCommands.userOption(),
        ]

        var words: [String] = []
        var userName: String?
        var name = ""

        mutating func validate() throws {
            name = try APIToken.validName(words.joinedInline(separator: " "))
        }

        func run(_ run: Invocation) throws {
            let token = SecretToken.generate(prefix: APIToken.prefix)
            let user = try run.accounts { accounts in
                let user = try run.chosenUser(userName, in: accounts)
                _ = try accounts.addToken(
                    userID: user.id, name: name, digest: SecretToken.digest(token), at: Date())
                return user
            }
            if run.wantsJSON {
                return run.output.json(
                    JSONDocument("token", .string(token), more: ["name": .string(name), "user": .string(user.name)]))
            }
            run.output.line(token)
            if run.output.isTerminal {
                run.output.line(run.output.dim("Token \(name) of \(user.name). Copy it now: it is not shown again."))
            }
        }
    }

    /// `lists tokens list`.
    struct List: Command, UserNaming {
        static let configuration = CommandConfiguration(
            app: "tokens", name: "list", abstract: "Show a user's API tokens (their names, never the tokens).",
            example: "lists tokens list --user ann")
        static let arguments: [Argument<Self>] = [TokensCommands.userOption()]

        var userName: String?

        func run(_ run: Invocation) throws {
            let tokens = try run.accounts { accounts in
                try accounts.tokens(userID: try run.chosenUser(userName, in: accounts).id)
            }
            if run.wantsJSON {
                return run.output.json(
                    JSONDocument(
                        "tokens",
                        .array(
                            tokens.map {
                                .object([
                                    "name": .string($0.name),
                                    "createdAt": .string(ListsFormat.isoTimestamp($0.createdAt)),
                                    "lastUsedAt": $0.lastUsedAt.map { .string(ListsFormat.isoTimestamp($0)) } ?? .null,
                                ])
                            })))
            }
            let rows = tokens.map {
                [
                    $0.name, "made \(run.date($0.createdAt))",
                    $0.lastUsedAt.map { "used \(run.date($0))" } ?? "never used",
                ]
            }
            run.output.table(Table(alignments: [.left, .left, .left], rows: rows)) { column, cell in
                column == 0 ? cell : run.output.dim(cell)
            }
            if tokens.isEmpty, run.output.isTerminal {
                run.output.line("No tokens. Make one: lists tokens create NAME")
            }
        }
    }

    /// `lists tokens revoke NAME`.
    struct Revoke: Command, UserNaming {
        static let configuration = CommandConfiguration(
            app: "tokens", name: "revoke", abstract: "Revoke an API token: requests bearing it are refused at once.",
            example: "lists tokens revoke phone --user ann")
        static let arguments: [Argument<Self>] = [
            .positional("NAME", 1, nil) { $0.words = $1 }, TokensCommands.userOption(),
        ]

        var words: [String] = []
        var userName: String?

        func run(_ run: Invocation) throws {
            let name = words.joinedInline(separator: " ")
            let user = try run.accounts { accounts in
                let user = try run.chosenUser(userName, in: accounts)
                guard try accounts.removeToken(userID: user.id, named: name) else {
                    throw ValidationError(field: "name", message: "\(user.name) has no token named \(Quoted(name))")
                }
                return user
            }
            run.output.line("Revoked token \(name) of \(user.name)")
        }
    }
}

/// A command with a `--user` option.
protocol UserNaming {
    /// The user the option names, or `nil` for the only one.
    var userName: String? { get set }
}

/// One JSON object with `key` holding `value` (and the members of `more`): what account commands print with
/// `--json`.
struct JSONDocument: JSONWritable {
    let members: [String: JSONValue]

    init(_ key: String, _ value: JSONValue, more: [String: JSONValue] = [:]) {
        members = more.merging([key: value]) { $1 }
    }

    func writeJSON(to output: inout [UInt8]) {
        var object = JSONObjectWriter.open(&output)
        for key in members.keys.sorted() { object.value(key, members[key] ?? .null, &output) }
        object.close(&output)
    }
}
