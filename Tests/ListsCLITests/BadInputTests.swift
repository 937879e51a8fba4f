import Foundation
import Testing

/// One refused command line: what is typed, what must come back, and what to do first.
struct BadInput: Sendable, CustomTestStringConvertible {
    /// The arguments after `lists`.
    var arguments: [String]
    /// The whole line on stderr after `lists: `.
    var message: String
    /// The exit status (2: bad input or usage).
    var status: Int32 = 2
    /// Commands run first, expected to succeed.
    var setup: [[String]] = []

    var testDescription: String {
        (["lists"] + arguments.map { Quoted($0).description }).joined(separator: " ")
    }

    /// `text` in double quotes with control characters escaped, so test names stay on one line.
    private struct Quoted: CustomStringConvertible {
        var text: String
        init(_ text: String) { self.text = text }
        var description: String {
            let escaped = text.unicodeScalars.map { scalar in
                scalar.properties.generalCategory == .control ? "\\u{\(String(scalar.value, radix: 16))}" : "\(scalar)"
            }
            let joined = escaped.joined()
            return joined.isEmpty || joined.contains(" ") || joined.count > 30
                ? "\"\(joined.prefix(30))\(joined.count > 30 ? "…" : "")\"" : joined
        }
    }
}

/// What every price refusal says is allowed.
private let prices = "use a number from 0 to 1000000 with at most two decimals after a dot, like 1.99"
/// What every date refusal says is allowed.
private let dates = "use YYYY-MM-DD or YYYY-MM-DDTHH:MM, like 2026-11-29 or 2026-11-29T07:30"
/// How a reference can be given.
private let howTo = "give its number from the list, 4 or more characters of its id, or its exact name"

/// The refused inputs: names, prices, references, dates, options, commands, versions.
let badInputs: [BadInput] = [
    // Names and titles: trimmed, 1 to 200 characters, no control characters.
    BadInput(arguments: ["shop", "add", ""], message: "name: an item's name is required (1 to 200 characters)"),
    BadInput(arguments: ["shop", "add", "   "], message: "name: an item's name is required (1 to 200 characters)"),
    BadInput(arguments: ["todo", "add", " \t "], message: "title: a task's text is required (1 to 200 characters)"),
    BadInput(arguments: ["todo", "add"], message: "title: a task's text is required (1 to 200 characters)"),
    BadInput(
        arguments: ["birds", "add", "", "--location", "Garden"],
        message: "name: the bird's name is required (1 to 200 characters)"),
    BadInput(
        arguments: ["shop", "add", String(repeating: "x", count: 201)],
        message: "name: an item's name is 201 characters long; at most 200 are allowed"),
    BadInput(
        arguments: ["todo", "add", String(repeating: "é", count: 201)],
        message: "title: a task's text is 201 characters long; at most 200 are allowed"),
    BadInput(
        arguments: ["birds", "add", "Robin", "--location", String(repeating: "y", count: 201)],
        message: "location: a location is 201 characters long; at most 200 are allowed"),
    BadInput(
        arguments: ["shop", "add", "a\u{7}b"],
        message: "name: an item's name may not contain control characters (found U+0007)"),
    BadInput(
        arguments: ["todo", "add", "tab\there"],
        message: "title: a task's text may not contain control characters (found U+0009)"),
    BadInput(
        arguments: ["birds", "edit", "1", "--location", "Back\ngarden"],
        message: "location: a location may not contain control characters (found U+000A)"),
    BadInput(
        arguments: ["shop", "edit", "1", "--name", "Pear\u{1B}[31m"],
        message: "name: an item's name may not contain control characters (found U+001B)"),
    BadInput(
        arguments: ["todo", "edit", "1", "--title", ""],
        message: "title: a task's text is required (1 to 200 characters)"),

    // Prices: a dot, at most two decimals, 0 to 1,000,000.
    BadInput(arguments: ["shop", "add", "X", "--price", "abc"], message: "price: \"abc\" is not a price; \(prices)"),
    BadInput(arguments: ["shop", "add", "X", "--price", "-1"], message: "price: \"-1\" is not a price; \(prices)"),
    BadInput(
        arguments: ["shop", "add", "X", "--price", "1.234"], message: "price: \"1.234\" is not a price; \(prices)"),
    BadInput(arguments: ["shop", "add", "X", "--price", "1e9"], message: "price: \"1e9\" is not a price; \(prices)"),
    BadInput(arguments: ["shop", "add", "X", "--price", "NaN"], message: "price: \"NaN\" is not a price; \(prices)"),
    BadInput(arguments: ["shop", "add", "X", "--price", "1,5"], message: "price: \"1,5\" is not a price; \(prices)"),
    BadInput(arguments: ["shop", "add", "X", "--price", ""], message: "price: \"\" is not a price; \(prices)"),
    BadInput(
        arguments: ["shop", "add", "X", "--price", "1000000.01"],
        message: "price: 1000000.01 is out of range; \(prices)"),
    BadInput(
        arguments: ["shop", "edit", "Pear", "--price", "0.625"], message: "price: \"0.625\" is not a price; \(prices)"),

    // References.
    BadInput(arguments: ["shop", "need", "Durian"], message: "item: no item matches \"Durian\"; \(howTo)"),
    BadInput(arguments: ["shop", "need", "99"], message: "item: no item number 99; there are 5 items"),
    BadInput(arguments: ["todo", "done", "0"], message: "task: no task number 0; there are 3 tasks"),
    BadInput(arguments: ["todo", "done", ""], message: "task: which task? \(howTo)"),
    BadInput(
        arguments: ["shop", "need", "Milk"],
        message: "item: \"Milk\" matches several items: Milk (6), Milk (7); use the number or more of the id",
        setup: [["shop", "add", "Milk"], ["shop", "add", "Milk", "--price", "1.99"]]),
    // Every reference must match, or nothing changes (Pear stays off the list).
    BadInput(arguments: ["shop", "need", "1", "Durian"], message: "item: no item matches \"Durian\"; \(howTo)"),
    BadInput(arguments: ["todo", "rm", "1", "2", "9"], message: "task: no task number 9; there are 3 tasks"),
    BadInput(arguments: ["birds", "show", "Robin"], message: "sighting: no sighting matches \"Robin\"; \(howTo)"),
    BadInput(arguments: ["birds", "rm", "2"], message: "sighting: no sighting number 2; there is 1 sighting"),

    // Dates: real, and not in the future.
    BadInput(
        arguments: ["birds", "add", "Robin", "--date", "2026-02-30"],
        message: "date: \"2026-02-30\" is not a real date; \(dates)"),
    BadInput(
        arguments: ["birds", "add", "Robin", "--date", "2026-13-01"],
        message: "date: \"2026-13-01\" is not a real date; \(dates)"),
    BadInput(
        arguments: ["birds", "add", "Robin", "--date", "tomorrow"],
        message: "date: \"tomorrow\" is not a date; \(dates)"),
    BadInput(
        arguments: ["birds", "add", "Robin", "--date", "2026-11-29T24:00"],
        message: "date: \"2026-11-29T24:00\" is not a real date; \(dates)"),
    BadInput(
        arguments: ["birds", "edit", "Pigeon", "--date", "29/11/2026"],
        message: "date: \"29/11/2026\" is not a date; \(dates)"),
    BadInput(
        arguments: ["birds", "add", "Robin", "--date", "9999-01-01"],
        message: "date: a sighting's date must lie between 1800-01-01 and today"),
    BadInput(
        arguments: ["birds", "add", "Robin", "--date", "1799-12-31"],
        message: "date: a sighting's date must lie between 1800-01-01 and today"),

    // Options, apps, commands and arguments.
    BadInput(
        arguments: ["shop", "list", "--bogus"],
        message:
            "unknown option --bogus; lists shop list accepts --database, --household, --json, --no-seed, --needed, --list "
            + "(see 'lists shop list --help')"),
    BadInput(
        arguments: ["todo", "add", "Feed the cat", "-x"],
        message: "unknown option -x; lists todo add accepts --database, --household, --json, --no-seed, --due, "
            + "--priority, --note, --every, --remind, --list (see 'lists todo add --help')"),
    BadInput(
        arguments: ["todo", "list", "--json=yes"], message: "--json takes no value (see 'lists todo list --help')"),
    BadInput(
        arguments: ["shop", "add", "X", "--price"], message: "--price needs a value (P) (see 'lists shop add --help')"),
    BadInput(
        arguments: ["garden", "list"],
        message: "unknown app \"garden\"; one of shop, todo, birds, users, households, tokens, serve, import, export "
            + "(see 'lists --help')"),
    BadInput(
        arguments: ["shop", "buy", "Milk"],
        message: "unknown command \"buy\" for lists shop; one of list, add, edit, need, unneed, rm, total, lists, "
            + "make-list, rename-list, move-list, delete-list, put, show, check, uncheck, change, take, aisles, "
            + "add-aisle, rename-aisle, delete-aisle, move-aisle, set-aisle (see 'lists shop --help')"),
    BadInput(
        arguments: [],
        message: "missing app; one of shop, todo, birds, users, households, tokens, serve, import, export "
            + "(see 'lists --help')"),
    BadInput(
        arguments: ["serve", "--host", "localhost"],
        message: "--host must be an IPv4 or IPv6 address such as 127.0.0.1, 0.0.0.0 or ::1, not \"localhost\" "
            + "(see 'lists serve --help')"),
    BadInput(
        arguments: ["serve", "--port", "70000"],
        message: "--port must be a whole number from 0 to 65535, not \"70000\" (see 'lists serve --help')"),
    BadInput(
        arguments: ["birds"],
        message:
            "missing command; one of list, add, show, edit, rm, life, year, species, match (see 'lists birds --help')"),
    BadInput(arguments: ["shop", "edit"], message: "missing REF (see 'lists shop edit --help')"),
    BadInput(arguments: ["birds", "add"], message: "missing NAME (see 'lists birds add --help')"),
    BadInput(arguments: ["todo", "done"], message: "missing REF... (see 'lists todo done --help')"),
    BadInput(
        arguments: ["birds", "show", "1", "2"],
        message: "unexpected argument \"2\"; lists birds show takes one REF (quote it if it has spaces) "
            + "(see 'lists birds show --help')"),
    BadInput(
        arguments: ["shop", "total", "now"],
        message: "unexpected argument \"now\"; lists shop total takes no arguments (see 'lists shop total --help')"),
    BadInput(
        arguments: ["shop", "edit", "1"],
        message: "nothing to change; give --name or --price (see 'lists shop edit --help')"),
    BadInput(
        arguments: ["birds", "edit", "1"],
        message:
            "nothing to change; give --name, --location, --date, --count or --comments (see 'lists birds edit --help')"),

    // Versions.
    BadInput(
        arguments: ["shop", "edit", "1", "--price", "2", "--if-version", "abc"],
        message: "version: \"abc\" is not a version; use a whole number from 1"),
    BadInput(
        arguments: ["todo", "edit", "1", "--title", "x", "--if-version", "0"],
        message: "version: \"0\" is not a version; use a whole number from 1"),
    BadInput(
        arguments: ["shop", "rm", "Pear", "--if-version", "2"],
        message: "version: the item was changed by someone else; reload it and try again"),

    // The database setting.
    BadInput(
        arguments: ["--database", "postgres://lists:secret@127.0.0.1:1/lists", "todo", "list"],
        message: "database: cannot open or create a database at postgres://lists@127.0.0.1:1/lists"),
]

/// Each refused input exits 2 with one line on stderr naming the problem, prints nothing, and changes nothing.
@Suite("Bad input is refused and changes nothing")
struct BadInputTests {
    @Test func thereAreEnoughBadInputs() {
        #expect(badInputs.count >= 25)
    }

    @Test(arguments: badInputs)
    func badInputIsRefused(_ input: BadInput) throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.succeed(["todo", "list"])
        for command in input.setup { try sandbox.succeed(command) }
        let before = try sandbox.snapshot()

        let outcome = try sandbox.run(input.arguments)

        #expect(outcome.status == input.status, "\(outcome)")
        #expect(outcome.stdout == "")
        #expect(outcome.stderrLines.count == 1, "one line on stderr: \(outcome.stderr.debugDescription)")
        #expect(outcome.stderr.hasPrefix("lists: "))
        #expect(outcome.stderr == "lists: \(input.message)\n")
        let after = try sandbox.snapshot()
        #expect(after.items == before.items)
        #expect(after.tasks == before.tasks)
        #expect(after.sightings == before.sightings)
        #expect(after.bytes == before.bytes, "the database file's bytes changed")
    }

    @Test func refusedInputLeavesNoDatabaseBehind() throws {
        // A refused input changes nothing (docs/architecture.md §5), which includes not creating and seeding a database.
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        for arguments in [
            ["shop", "add", "X", "--price", "abc"], ["shop", "add", ""], ["todo", "add", "a\u{7}b"],
            ["birds", "add", ""],
        ] {
            let outcome = try sandbox.run(arguments)
            #expect(outcome.status == 2, "\(arguments): \(outcome)")
            #expect(
                !FileManager.default.fileExists(atPath: sandbox.database),
                "lists \(arguments) was refused but created the database")
            try? FileManager.default.removeItem(atPath: sandbox.database)
        }
    }
}
