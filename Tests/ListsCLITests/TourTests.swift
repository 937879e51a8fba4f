import Foundation
import Testing

/// The tour of the issue, run against the built binary, every output compared whole.
@Suite("The tour: the three apps from a first run")
struct TourTests {
    @Test func firstRunShowsTheSeededCatalog() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let outcome = try sandbox.run(["shop", "list"])
        #expect(
            outcome
                == Outcome(
                    status: 0,
                    stdout: """
                        1    Pear     0.62
                        2    Notepad  2.53
                        3    Pencil   0.35
                        4    Bread    3.12
                        5    Mango    1.25

                        """, stderr: ""))
    }

    @Test func shoppingTour() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.expect(["shop", "add", "Milk", "--price", "1.99"], prints: "Added item 6: Milk 1.99\n")
        try sandbox.expect(["shop", "need", "milk"], prints: "On Shopping: Milk\n")
        try sandbox.expect(["shop", "list", "--needed"], prints: "6  ✓  Milk  1.99\n")
        try sandbox.expect(["shop", "total"], prints: "1.99\n")
        try sandbox.expect(
            ["shop", "list"],
            prints: """
                1     Pear     0.62
                2     Notepad  2.53
                3     Pencil   0.35
                4     Bread    3.12
                5     Mango    1.25
                6  ✓  Milk     1.99

                """)
        try sandbox.expect(["--json", "shop", "total"], prints: "{\"total\":1.99}\n")
    }

    @Test func todoTour() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.expect(["todo", "add", "Call the vet"], prints: "Added task 4: Call the vet\n")
        try sandbox.expect(["todo", "done", "4"], prints: "Done: Call the vet\n")
        try sandbox.expect(
            ["todo", "list"],
            prints: """
                1     Walk the dogs
                2     Feed the hogs
                3     Chop the logs
                4  ✓  Call the vet

                """)
        // The words of the text need no quotes.
        try sandbox.expect(["todo", "add", "Buy", "more", "feed"], prints: "Added task 5: Buy more feed\n")
    }

    @Test func birdsTour() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let before = mediumDate(Date())
        try sandbox.expect(
            ["birds", "add", "Robin", "--location", "Back garden", "--date", "2026-11-29"],
            prints: "Added sighting 2: Robin, Back garden, Nov 29, 2026\n")
        let list = try sandbox.succeed(["birds", "list"])
        let after = mediumDate(Date())
        // Pigeon is dated at the first run; the day may have turned between the two clock readings.
        let expected = Set([before, after].map { "1  Pigeon  \($0)\n2  Robin   Nov 29, 2026\n" })
        #expect(expected.contains(list), "birds list printed \(list.debugDescription)")

        #expect(
            try sandbox.succeed(["birds", "show", "2"]).replacingOccurrences(
                of: #"ID         [0-9A-F-]{36}"#, with: "ID         <id>", options: .regularExpression) == """
                    Bird Name  Robin
                    Location   Back garden
                    Date       Nov 29, 2026
                    ID         <id>
                    Version    1

                    """)

        let json = try sandbox.succeed(["--json", "birds", "show", "2"])
        #expect(json.hasSuffix("}\n") && json.filter { $0 == "\n" }.count == 1, "one line of JSON")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "a JSON object")
        #expect(
            Set(object.keys) == [
                "id", "name", "location", "date", "count", "scientificName", "latitude", "longitude", "comments",
                "createdAt", "updatedAt", "version",
            ])
        #expect(object["name"] as? String == "Robin")
        #expect(object["location"] as? String == "Back garden")
        // A date without a time means noon, local time (TZ=UTC).
        #expect(object["date"] as? String == "2026-11-29T12:00:00.000Z")
        #expect(object["version"] as? Int == 1)
        let id = try #require(object["id"] as? String)
        #expect(id.wholeMatch(of: /[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}/) != nil)
        #expect(object["createdAt"] as? String == object["updatedAt"] as? String)
        let createdAt = try #require(object["createdAt"] as? String)
        #expect(createdAt.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil, "\(createdAt)")
    }

    @Test func noSeedStartsEmpty() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        for app in ["shop", "todo", "birds"] {
            let outcome = try sandbox.run(["--no-seed", app, "list"])
            #expect(outcome == Outcome(status: 0, stdout: "", stderr: ""), "\(app) list")
        }
        try sandbox.expect(["shop", "total"], prints: "0.00\n")
        try sandbox.expect(["shop", "list", "--needed"], prints: "")
        try sandbox.expect(["--json", "todo", "list"], prints: "{\"nextCursor\":null,\"tasks\":[]}\n")
        // The database was created empty on purpose: a later run does not seed it.
        try sandbox.expect(["todo", "add", "First"], prints: "Added task 1: First\n")
    }

    @Test func noSeedDoesNotEmptyASeededDatabase() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.succeed(["todo", "list"])
        try sandbox.expect(
            ["--no-seed", "todo", "list"],
            prints: """
                1    Walk the dogs
                2    Feed the hogs
                3    Chop the logs

                """)
    }

    @Test func databaseOptionWinsOverTheEnvironment() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let other = sandbox.path("other.sqlite")
        try sandbox.expect(
            ["--database", other, "--no-seed", "todo", "add", "Elsewhere"], prints: "Added task 1: Elsewhere\n")
        try sandbox.expect(["todo", "list", "--database", other], prints: "1    Elsewhere\n")
        #expect(try sandbox.succeed(["todo", "list"]).hasPrefix("1    Walk the dogs\n"))
    }

    @Test func withoutADatabaseSettingTheFileIsUnderXDGDataHome() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let data = sandbox.path("data")
        let outcome = try sandbox.run(
            ["todo", "add", "Here"], environment: ["LISTS_DATABASE": nil, "XDG_DATA_HOME": data])
        #expect(outcome == Outcome(status: 0, stdout: "Added task 4: Here\n", stderr: ""))
        #expect(FileManager.default.fileExists(atPath: data + "/lists/lists.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.database))
    }
}
