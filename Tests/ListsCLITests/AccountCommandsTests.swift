import Foundation
import Testing

/// Users, households and API tokens at the terminal, and `--household` choosing whose lists a command uses.
@Suite("Accounts and households at the terminal")
struct AccountCommandsTests {
    @Test func theFirstUserOwnsTheOnlyHouseholdAndPasswordsComeFromStandardInput() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.expect(["users", "list"], prints: "")
        #expect(
            try sandbox.run(["users", "add", "ann"], input: "correct horse\n")
                == Outcome(status: 0, stdout: "Added user ann, owner of Home\n", stderr: ""))
        #expect(
            try sandbox.run(["users", "add", "Bob"], input: "battery staple\r\n")
                == Outcome(status: 0, stdout: "Added user Bob, member of Home\n", stderr: ""))
        try sandbox.expect(["users", "list"], prints: "ann  Home (owner)\nBob  Home (member)\n")
        try sandbox.expect(["households", "members", "home"], prints: "ann  owner\nBob  member\n")
        try sandbox.expect(["users", "role", "bob", "owner"], prints: "Bob is an owner of Home\n")
        try sandbox.expect(["households", "members", "home"], prints: "ann  owner\nBob  owner\n")
        let bad = try sandbox.run(["users", "role", "bob", "boss"])
        #expect(bad == Outcome(status: 2, stdout: "", stderr: "lists: role: owner or member, not \"boss\"\n"))
        // Only a hash is kept, Argon2id.
        let hash = try sandbox.sqlite3(sandbox.database, "SELECT password_hash FROM users WHERE name = 'ann'")
        #expect(hash.stdout.hasPrefix("$argon2id$"))
        #expect(!hash.stdout.contains("correct horse"))
    }

    @Test func badNamesAndPasswordsAreRefusedNamingTheField() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.succeed(["users", "list"])
        let short = try sandbox.run(["users", "add", "ann"], input: "short\n")
        #expect(short.status == 2)
        #expect(short.stderr.hasPrefix("lists: password: "))
        #expect(short.stderr.contains("8 characters"))
        let huge = try sandbox.run(["users", "add", "ann"], input: String(repeating: "x", count: 10_000_000) + "\n")
        #expect(huge.status == 2)
        #expect(huge.stderr.contains("1024 bytes"))
        let none = try sandbox.run(["users", "add", "ann"])
        #expect(none.status == 2)
        #expect(none.stderr.hasPrefix("lists: password: "))
        try sandbox.expect(["users", "list"], prints: "")
        #expect(try sandbox.run(["users", "add", "ann"], input: "long enough\n").status == 0)
        let taken = try sandbox.run(["users", "add", "ANN"], input: "long enough\n")
        #expect(taken.status == 2)
        #expect(taken.stderr == "lists: user name: that name is taken; choose another\n")
        let role = try sandbox.run(["users", "add", "cy", "--role", "king"], input: "long enough\n")
        #expect(role == Outcome(status: 2, stdout: "", stderr: "lists: role: owner or member, not \"king\"\n"))
    }

    @Test func householdsKeepTheirListsApartAndCommandsChooseOne() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.succeed(["--no-seed", "todo", "add", "Walk the dogs"])
        try sandbox.expect(["households", "add", "The Smiths"], prints: "Added household The Smiths\n")
        let ambiguous = try sandbox.run(["todo", "list"])
        #expect(
            ambiguous
                == Outcome(
                    status: 2, stdout: "",
                    stderr: "lists: household: this database has 2 households (0 Home, 1 The Smiths); choose one "
                        + "with --household NAME or NUMBER\n"))
        try sandbox.expect(["--household", "the smiths", "todo", "list"], prints: "")
        try sandbox.expect(
            ["--household", "The Smiths", "todo", "add", "Feed the hogs"], prints: "Added task 1: Feed the hogs\n")
        try sandbox.expect(["--household", "Home", "todo", "list"], prints: "1    Walk the dogs\n")
        try sandbox.expect(["--household", "The Smiths", "todo", "list"], prints: "1    Feed the hogs\n")
        // Another household's task is not found, by number or by name.
        let other = try sandbox.run(["--household", "The Smiths", "todo", "done", "Walk the dogs"])
        #expect(other.status == 2)
        let unknown = try sandbox.run(["--household", "Nowhere", "todo", "list"])
        #expect(
            unknown
                == Outcome(
                    status: 2, stdout: "",
                    stderr: "lists: household: no household named \"Nowhere\"; the households are 0 (Home), "
                        + "1 (The Smiths)\n"))
        try sandbox.expect(
            ["households", "rename", "Home", "The Joneses"], prints: "Renamed household Home to The Joneses\n")
        // Two households may share a name (nobody's own two): the commands then take the number.
        try sandbox.expect(
            ["households", "rename", "The Joneses", "the smiths"],
            prints: "Renamed household The Joneses to the smiths\n")
        try sandbox.expect(["households", "list"], prints: "0  the smiths  0 members\n1  The Smiths  0 members\n")
        let shared = try sandbox.run(["--household", "The Smiths", "todo", "list"])
        #expect(
            shared
                == Outcome(
                    status: 2, stdout: "",
                    stderr: "lists: household: 2 households are named \"The Smiths\": 0 (the smiths), 1 (The Smiths); "
                        + "name one by its number\n"))
        try sandbox.expect(["--household", "0", "todo", "list"], prints: "1    Walk the dogs\n")
        try sandbox.expect(["--household", "1", "todo", "list"], prints: "1    Feed the hogs\n")
    }

    @Test func aHouseholdWithMembersKeepsAnOwnerAtTheTerminalToo() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        #expect(try sandbox.run(["users", "add", "ann"], input: "long enough\n").status == 0)
        #expect(try sandbox.run(["users", "add", "bob"], input: "long enough\n").status == 0)
        let refusal = Outcome(
            status: 2, stdout: "",
            stderr: "lists: role: ann is the only owner of Home, which has other members; make another member owner "
                + "first, or remove the others; nothing was changed\n")
        #expect(try sandbox.run(["users", "role", "ann", "member"]) == refusal)
        #expect(try sandbox.run(["users", "rm", "ann"]) == refusal)
        try sandbox.expect(["households", "members", "home"], prints: "ann  owner\nbob  member\n")
        // With another owner, the same commands work.
        try sandbox.expect(["users", "role", "bob", "owner"], prints: "bob is an owner of Home\n")
        try sandbox.expect(["users", "role", "ann", "member"], prints: "ann is a member of Home\n")
        try sandbox.expect(["households", "members", "home"], prints: "ann  member\nbob  owner\n")
        #expect(try sandbox.run(["users", "rm", "bob"]).stderr.contains("bob is the only owner of Home"))
        // Household names hide nothing, and are one person's own.
        let disguised = try sandbox.run(["households", "add", "Bo\u{202E}sb"])
        #expect(disguised.status == 2)
        #expect(disguised.stderr.contains("invisible characters (found U+202E)"))
        let twice = try sandbox.run(["households", "add", "HOME", "--owner", "bob"])
        #expect(
            twice
                == Outcome(
                    status: 2, stdout: "", stderr: "lists: name: you have a household of that name; choose another\n"))
        try sandbox.expect(["households", "add", "HOME"], prints: "Added household HOME\n")
    }

    @Test func tokensAreShownOnceKeptAsDigestsListedAndRevoked() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        #expect(try sandbox.run(["users", "add", "ann"], input: "long enough\n").status == 0)
        let token = try sandbox.succeed(["tokens", "create", "phone"]).trimmingCharacters(in: .newlines)
        #expect(token.hasPrefix("lists_"))
        #expect(token.count == 49)
        let stored = try sandbox.sqlite3(sandbox.database, "SELECT digest FROM api_tokens").stdout
        #expect(!stored.contains(String(token.dropFirst(6))))
        let listed = try sandbox.succeed(["tokens", "list"])
        #expect(listed.hasPrefix("phone  made "))
        #expect(listed.hasSuffix("never used\n"))
        let twice = try sandbox.run(["tokens", "create", "Phone"])
        #expect(
            twice == Outcome(status: 2, stdout: "", stderr: "lists: token name: that name is taken; choose another\n"))
        try sandbox.expect(["tokens", "revoke", "PHONE"], prints: "Revoked token PHONE of ann\n")
        try sandbox.expect(["tokens", "list"], prints: "")
        #expect(try sandbox.run(["users", "add", "bob"], input: "long enough\n").status == 0)
        let whose = try sandbox.run(["tokens", "list"])
        #expect(
            whose
                == Outcome(
                    status: 2, stdout: "",
                    stderr: "lists: user: there are 2 users (ann, bob); choose one with --user NAME\n"))
        try sandbox.expect(["tokens", "list", "--user", "BOB"], prints: "")
    }

    @Test func aRemovedUserLosesSessionsAndTokensAndPasswdSignsOutEverywhere() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        #expect(try sandbox.run(["users", "add", "ann"], input: "long enough\n").status == 0)
        try sandbox.succeed(["tokens", "create", "phone"])
        _ = try sandbox.sqlite3(
            sandbox.database,
            "INSERT INTO sessions (digest, user_id, household_id, created_at, expires_at) "
                + "SELECT 'a', id, 0, 0, 9999999999999 FROM users; INSERT INTO sessions (digest, user_id, "
                + "household_id, created_at, expires_at) SELECT 'b', id, 0, 0, 9999999999999 FROM users")
        #expect(
            try sandbox.run(["users", "passwd", "ann"], input: "another one\n")
                == Outcome(
                    status: 0,
                    stdout: "Changed the password of ann; signed out on every device (2 sessions ended), 1 API token "
                        + "revoked\n",
                    stderr: ""))
        #expect(try sandbox.sqlite3(sandbox.database, "SELECT count(*) FROM api_tokens").stdout == "0\n")
        try sandbox.succeed(["tokens", "create", "backup"])
        #expect(
            try sandbox.run(["users", "passwd", "ann", "--keep-tokens"], input: "a third one\n")
                == Outcome(
                    status: 0,
                    stdout: "Changed the password of ann; signed out on every device (0 sessions ended); API tokens "
                        + "kept\n",
                    stderr: ""))
        #expect(try sandbox.sqlite3(sandbox.database, "SELECT count(*) FROM api_tokens").stdout == "1\n")
        try sandbox.expect(["users", "rm", "ann"], prints: "Removed user ann\n")
        #expect(try sandbox.sqlite3(sandbox.database, "SELECT count(*) FROM api_tokens").stdout == "0\n")
        #expect(try sandbox.sqlite3(sandbox.database, "SELECT count(*) FROM memberships").stdout == "0\n")
        try sandbox.expect(["users", "list"], prints: "")
        let gone = try sandbox.run(["users", "rm", "ann"])
        #expect(
            gone
                == Outcome(
                    status: 2, stdout: "", stderr: "lists: user: no user named \"ann\"; there are no users yet\n"))
    }
}
