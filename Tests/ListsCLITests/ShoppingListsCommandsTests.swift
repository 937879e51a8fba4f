import Foundation
import Testing

/// `lists shop lists`, `put`, `show` and the other commands of named shopping lists, against the built binary,
/// every output compared whole.
@Suite("Named shopping lists from the terminal")
struct ShoppingListsCommandsTests {
    @Test func aTripFromTheTerminal() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.expect(["shop", "make-list", "Groceries"], prints: "Made list Groceries\n")
        // With one list, --list is not needed.
        try sandbox.expect(["shop", "put", "Pear", "--qty", "500 g"], prints: "Put on Groceries: Pear (500 g)\n")
        try sandbox.expect(["shop", "put", "pear", "--qty", "1 kg"], prints: "Now on Groceries: Pear (1.5 kg)\n")
        try sandbox.expect(
            ["shop", "put", "Pear", "--qty", "2"],
            prints: "Put on Groceries: Pear (2), beside the 1.5 kg it had: the units do not add up\n")
        try sandbox.expect(
            ["shop", "put", "Bread", "--qty", "2 packs", "--note", "sliced"],
            prints: "Put on Groceries: Bread (2 packs)\n")
        try sandbox.expect(["shop", "make-list", "Hardware"], prints: "Made list Hardware\n")
        try sandbox.expect(
            ["shop", "put", "Pencil", "--list", "hardware", "--qty", "3"], prints: "Put on Hardware: Pencil (3)\n")
        try sandbox.expect(["shop", "put", "Bread", "--list", "2"], prints: "Put on Hardware: Bread\n")
        try sandbox.expect(["shop", "check", "Bread", "--list", "Groceries"], prints: "Bought: Bread (Groceries 3)\n")
        try sandbox.expect(
            ["shop", "show", "--list", "Groceries"],
            prints: """
                Produce
                1      1.5 kg  Pear           0.62
                2           2  Pear           0.62
                Bakery
                3  ✓  2 packs  Bread  sliced  3.12
                Total: 8.10

                """)
        try sandbox.expect(
            ["shop", "lists"],
            prints: """
                1  Groceries  2 to buy  3 in all
                2  Hardware   2 to buy  2 in all

                """)
        try sandbox.expect(
            ["shop", "move-list", "Hardware", "--by", "-1"],
            prints: """
                1  Hardware   2 to buy  2 in all
                2  Groceries  2 to buy  3 in all

                """)
        try sandbox.expect(
            ["shop", "change", "1", "--list", "Groceries", "--qty", "2 kg"],
            prints: "Changed on Groceries: Pear (2 kg)\n")
        try sandbox.expect(["shop", "take", "2", "--list", "Groceries"], prints: "Taken off Groceries: Pear (2)\n")
        try sandbox.expect(
            ["shop", "uncheck", "Bread", "--list", "Groceries"], prints: "To buy: Bread (Groceries 2)\n")
        try sandbox.expect(
            ["shop", "rename-list", "Hardware", "--name", "DIY"], prints: "Renamed list Hardware to DIY\n")
        try sandbox.expect(
            ["shop", "delete-list", "diy"], prints: "Deleted list DIY and the 2 entries on it\n")
        try sandbox.expect(["shop", "lists"], prints: "1  Groceries  2 to buy  2 in all\n")
        let json = try sandbox.succeed(["--json", "shop", "show"])
        #expect(json.hasPrefix("{\"entries\":[{\"entry\":{\"checkedAt\":null,"))
        #expect(json.hasSuffix("\"total\":6.86}\n"))
    }

    @Test func badInputNamesTheFieldAndChangesNothing() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        func refused(_ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation)
            throws
        {
            let outcome = try sandbox.run(arguments)
            #expect(
                outcome == Outcome(status: 2, stdout: "", stderr: "lists: \(message)\n"),
                "lists \(arguments.joined(separator: " "))", sourceLocation: sourceLocation)
        }
        try refused(["shop", "show"], "list: there is no shopping list yet; make one first")
        try sandbox.succeed(["shop", "make-list", "Groceries"])
        try sandbox.succeed(["shop", "make-list", "Hardware"])
        try sandbox.succeed(["shop", "put", "Pear", "--list", "Groceries", "--qty", "2"])
        let before = try sandbox.succeed(["--json", "shop", "lists"])
        try refused(["shop", "show"], #"list: which list? name one with --list: "Groceries", "Hardware""#)
        try refused(
            ["shop", "make-list", "GROCERIES"],
            "name: that name is taken; choose another")
        try refused(
            ["shop", "make-list", String(repeating: "x", count: 201)],
            "name: a list's name is 201 characters long; at most 200 are allowed")
        try refused(
            ["shop", "put", "Pear", "--list", "Groceries", "--qty", "-2"],
            #"quantity: "-2" is not a quantity: it must be above 0"#)
        try refused(
            ["shop", "put", "Pear", "--list", "Groceries", "--qty", "0"],
            #"quantity: "0" is not a quantity: it must be above 0"#)
        try refused(
            ["shop", "put", "Pear", "--list", "Groceries", "--qty", "1e309"],
            #"quantity: "1e309" is not a quantity: write the number in full, up to 1,000,000"#)
        try refused(
            ["shop", "put", "Pear", "--list", "Groceries", "--qty", "2 bootles"],
            #"quantity: "bootles" is not a unit Lists knows: write a number alone (a count) or a number and a unit: "#
                + "g, kg, mg, ml, cl, dl, l, pack, can, bottle, box, bag, bunch, jar, piece")
        try refused(
            ["shop", "put", "Pear", "--list", "Pharmacy"],
            #"list: no list matches "Pharmacy"; give its number from the list, 4 or more characters of its id, or its exact name; the lists are "Groceries", "Hardware""#
        )
        try refused(
            ["shop", "move-list", "Hardware", "--by", "1"],
            #"offset: "Hardware" is list 2 of 2: it can move 1 up and 0 down"#)
        #expect(try sandbox.succeed(["--json", "shop", "lists"]) == before)
    }

    @Test func aislesFromTheTerminal() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.expect(["shop", "make-list", "Groceries"], prints: "Made list Groceries\n")
        try sandbox.expect(["shop", "put", "Pear"], prints: "Put on Groceries: Pear\n")
        try sandbox.expect(["shop", "put", "Bread"], prints: "Put on Groceries: Bread\n")
        try sandbox.expect(["shop", "put", "Pencil"], prints: "Put on Groceries: Pencil\n")
        try sandbox.expect(
            ["shop", "show"],
            prints: """
                Produce
                1      Pear      0.62
                Bakery
                2      Bread     3.12
                Other
                3      Pencil    0.35
                Total: 4.09

                """)
        try sandbox.expect(["shop", "set-aisle", "Pencil", "--aisle", "household"], prints: "Pencil is in Household\n")
        try sandbox.expect(
            ["shop", "move-aisle", "Bakery", "--by", "-1"],
            prints: """
                 1  Bakery
                 2  Produce
                 3  Deli
                 4  Meat and fish
                 5  Dairy and eggs
                 6  Frozen
                 7  Pantry
                 8  Canned and jarred
                 9  Breakfast
                10  Snacks and sweets
                11  Drinks
                12  Household
                13  Personal care
                14  Baby
                15  Pets

                """)
        try sandbox.expect(
            ["shop", "show"],
            prints: """
                Bakery
                2      Bread     3.12
                Produce
                1      Pear      0.62
                Household
                3      Pencil    0.35
                Total: 4.09

                """)
        try sandbox.expect(["shop", "add-aisle", "Stationery"], prints: "Added aisle Stationery\n")
        try sandbox.expect(
            ["shop", "rename-aisle", "stationery", "--name", "Office"], prints: "Renamed aisle Stationery to Office\n")
        try sandbox.expect(["shop", "set-aisle", "3", "--aisle", "Office"], prints: "Pencil is in Office\n")
        try sandbox.expect(["shop", "delete-aisle", "Office"], prints: "Deleted aisle Office\n")
        #expect(try !sandbox.succeed(["shop", "aisles"]).contains("Office"))
        // Bad input names the field and changes nothing.
        let before = try sandbox.succeed(["--json", "shop", "aisles", "--list", "Groceries"])
        for (arguments, message) in [
            (
                ["shop", "move-aisle", "Bakery", "--by", "-1"],
                #"move: "Bakery" is the first section: it cannot move up"#
            ),
            (["shop", "add-aisle", "produce"], "name: that name is taken; choose another"),
            (
                ["shop", "add-aisle", String(repeating: "a", count: 201)],
                "name: a category's name is 201 characters long; at most 200 are allowed"
            ),
        ] {
            let outcome = try sandbox.run(arguments)
            #expect(outcome == Outcome(status: 2, stdout: "", stderr: "lists: \(message)\n"), "\(arguments)")
        }
        let unknown = try sandbox.run(["shop", "set-aisle", "Pear", "--aisle", "Toys"])
        #expect(
            unknown.status == 2
                && unknown.stderr.hasPrefix(
                    #"lists: category: no category is "Toys"; the categories are "Produce", "Bakery""#)
        )
        #expect(try sandbox.succeed(["--json", "shop", "aisles", "--list", "Groceries"]) == before)
    }
}
