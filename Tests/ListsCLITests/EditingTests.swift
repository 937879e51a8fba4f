import Foundation
import Testing

/// Edit, delete and the marks taken back, in each app; references by number, id prefix and name; versions.
@Suite("Editing, deleting and references")
struct EditingTests {
    @Test func shopEditUnneedAndRemove() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.succeed(["shop", "add", "Milk", "--price", "1.99"])
        try sandbox.expect(
            ["shop", "edit", "Milk", "--name", "Oat milk", "--price", "2.19"], prints: "Updated item 6: Oat milk 2.19\n"
        )
        try sandbox.expect(["shop", "edit", "1", "--price", "$.5"], prints: "Updated item 1: Pear 0.50\n")
        try sandbox.expect(
            ["shop", "need", "6", "Pear"], prints: "On Shopping: Oat milk\nOn Shopping: Pear\n")
        try sandbox.expect(["shop", "total"], prints: "2.69\n")
        try sandbox.expect(["shop", "unneed", "oat milk"], prints: "Off Shopping: Oat milk\n")
        try sandbox.expect(["shop", "list", "--needed"], prints: "1  ✓  Pear  0.50\n")
        try sandbox.expect(["shop", "total"], prints: "0.50\n")
        try sandbox.expect(["shop", "rm", "Notepad", "3"], prints: "Removed item 2: Notepad\nRemoved item 3: Pencil\n")
        try sandbox.expect(
            ["shop", "list"],
            prints: """
                1  ✓  Pear      0.50
                2     Bread     3.12
                3     Mango     1.25
                4     Oat milk  2.19

                """)
    }

    @Test func shopPricesAreExact() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.succeed(["--no-seed", "shop", "list"])
        for price in ["0.1", "0.2", "1000000", "0"] {
            try sandbox.succeed(["shop", "add", "Thing \(price)", "--price", price])
        }
        try sandbox.succeed(["shop", "need", "1", "2", "3", "4"])
        // 0.1 + 0.2 in binary floats is 0.30000000000000004.
        try sandbox.expect(["shop", "total"], prints: "1000000.30\n")
        try sandbox.expect(["--json", "shop", "total"], prints: "{\"total\":1000000.3}\n")
    }

    @Test func todoEditUndoneAndRemove() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.expect(
            ["todo", "edit", "1", "--title", "Walk the cats"], prints: "Updated task 1: Walk the cats\n")
        try sandbox.expect(
            ["todo", "done", "1", "Feed the hogs"], prints: "Done: Walk the cats\nDone: Feed the hogs\n")
        try sandbox.expect(["todo", "undone", "2"], prints: "Not done: Feed the hogs\n")
        try sandbox.expect(["todo", "rm", "Chop the logs"], prints: "Removed task 3: Chop the logs\n")
        try sandbox.expect(
            ["todo", "list"],
            prints: """
                1  ✓  Walk the cats
                2     Feed the hogs

                """)
    }

    @Test func birdsEditAndRemove() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.succeed(["birds", "add", "Robin", "--location", "Back garden", "--date", "2026-11-29"])
        try sandbox.expect(
            ["birds", "edit", "Robin", "--location", "Front garden", "--date", "2026-11-28T07:30"],
            prints: "Updated sighting 2: Robin, Front garden, Nov 28, 2026\n")
        // An empty location removes it.
        try sandbox.expect(
            ["birds", "edit", "robin", "--location", ""], prints: "Updated sighting 2: Robin, Nov 28, 2026\n")
        let sighting = try decode(SightingsBody.self, try sandbox.succeed(["--json", "birds", "list"])).sightings[1]
        #expect(sighting.location == nil)
        #expect(sighting.date == "2026-11-28T07:30:00.000Z")
        #expect(sighting.version == 3)
        try sandbox.expect(["birds", "rm", "Pigeon"], prints: "Removed sighting 1: Pigeon\n")
        try sandbox.expect(["birds", "list"], prints: "1  Robin  Nov 28, 2026\n")
        try sandbox.expect(
            ["birds", "edit", "1", "--name", "Song thrush"], prints: "Updated sighting 1: Song thrush, Nov 28, 2026\n")
    }

    @Test func referencesByNumberIdPrefixAndName() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let items = try decode(ItemsBody.self, try sandbox.succeed(["--json", "shop", "list"])).items
        #expect(items.map(\.name) == ["Pear", "Notepad", "Pencil", "Bread", "Mango"])
        let bread = items[3]
        // Eight characters of the id, upper and lower case.
        try sandbox.expect(["shop", "need", idPrefix(bread.id, 8)], prints: "On Shopping: Bread\n")
        try sandbox.expect(
            ["shop", "unneed", idPrefix(bread.id, 8).lowercased()], prints: "Off Shopping: Bread\n")
        // The whole id.
        try sandbox.expect(["shop", "edit", bread.id, "--price", "3.20"], prints: "Updated item 4: Bread 3.20\n")
        // By number and by exact name, both in one command.
        try sandbox.expect(
            ["shop", "need", "5", "Pencil"], prints: "On Shopping: Mango\nOn Shopping: Pencil\n")

        let tasks = try decode(TasksBody.self, try sandbox.succeed(["--json", "todo", "list"])).tasks
        try sandbox.expect(["todo", "done", idPrefix(tasks[2].id, 4)], prints: "Done: Chop the logs\n")
        let sightings = try decode(SightingsBody.self, try sandbox.succeed(["--json", "birds", "list"])).sightings
        let show = try sandbox.succeed(["birds", "show", idPrefix(sightings[0].id, 6)])
        #expect(show.hasPrefix("Bird Name  Pigeon\nLocation   Everywhere\n"))
        #expect(show.hasSuffix("ID         \(sightings[0].id)\nVersion    1\n"))
    }

    @Test func staleVersionIsRefusedAndCurrentVersionAccepted() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.expect(
            ["shop", "edit", "1", "--price", "0.70", "--if-version", "1"], prints: "Updated item 1: Pear 0.70\n")
        let before = try sandbox.snapshot()
        for command in [
            ["shop", "edit", "1", "--price", "0.80", "--if-version", "1"],
            ["shop", "rm", "1", "--if-version", "1"],
        ] {
            let outcome = try sandbox.run(command)
            #expect(
                outcome
                    == Outcome(
                        status: 2, stdout: "",
                        stderr: "lists: version: the item was changed by someone else; reload it and try again\n"),
                "\(command)")
        }
        #expect(try sandbox.snapshot() == before)
        let stale: [[String]] = [
            ["todo", "edit", "1", "--title", "x", "--if-version", "2"],
            ["birds", "edit", "1", "--name", "x", "--if-version", "2"],
        ]
        for (command, noun) in zip(stale, ["task", "sighting"]) {
            let outcome = try sandbox.run(command)
            #expect(
                outcome
                    == Outcome(
                        status: 2, stdout: "",
                        stderr: "lists: version: the \(noun) was changed by someone else; reload it and try again\n"),
                "\(command)")
        }
        #expect(try sandbox.snapshot() == before)
        try sandbox.expect(["shop", "rm", "1", "--if-version", "2"], prints: "Removed item 1: Pear\n")
    }

    /// A text of exactly 200 characters, as a person counts them, and what it is made of.
    struct LongestText: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var text: String
    }

    static let longestTexts = [
        LongestText(testDescription: "200 × x", text: String(repeating: "x", count: 200)),
        LongestText(testDescription: "200 × é as one scalar", text: String(repeating: "\u{E9}", count: 200)),
        LongestText(
            testDescription: "200 × é as e and a combining accent (400 scalars)",
            text: String(repeating: "e\u{301}", count: 200)),
        LongestText(
            testDescription: "200 × the French flag (400 scalars)",
            text: String(repeating: "\u{1F1EB}\u{1F1F7}", count: 200)),
        LongestText(
            testDescription: "200 × y between spaces", text: "  " + String(repeating: "y", count: 200) + "  "),
    ]

    @Test(arguments: longestTexts)
    func textsOf200CharactersAreAccepted(_ longest: LongestText) throws {
        // docs/architecture.md §5: names and titles are 1 to 200 characters; the model counts characters as a person does.
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let text = longest.text
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        try sandbox.expect(["shop", "add", text], prints: "Added item 6: \(trimmed) 0.00\n")
        try sandbox.expect(["todo", "add", text], prints: "Added task 4: \(trimmed)\n")
        let location = try sandbox.run(["birds", "add", "Robin", "--location", text, "--date", "2026-01-02"])
        #expect(
            location == Outcome(status: 0, stdout: "Added sighting 2: Robin, \(trimmed), Jan 2, 2026\n", stderr: ""))
    }

    @Test func aCommandThatChangesNothingKeepsTheVersion() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.succeed(["todo", "undone", "1"])
        try sandbox.succeed(["todo", "edit", "1", "--title", "Walk the dogs"])
        let tasks = try decode(TasksBody.self, try sandbox.succeed(["--json", "todo", "list"])).tasks
        #expect(tasks[0].version == 1)
    }
}

/// The first `count` characters of `id`, longer when needed so that it is not all digits (all digits would be a
/// number from the list, not an id).
func idPrefix(_ id: String, _ count: Int) -> String {
    var prefix = String(id.prefix(count))
    while prefix.allSatisfy(\.isNumber), prefix.count < id.count { prefix = String(id.prefix(prefix.count + 1)) }
    return prefix
}
