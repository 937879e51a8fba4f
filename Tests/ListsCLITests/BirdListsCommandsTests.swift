import Foundation
import ListsModel
import Testing

/// A birder's lists from the command line: counts and comments, species found in the taxonomy, the life list and
/// the year list with their lifers, and a name matched to a species later, outputs compared whole.
@Suite("A birder's lists on the command line")
struct BirdListsCommandsTests {
    @Test func threeNamesOfOneSpeciesMakeOneLifeListEntry() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.expect(
            ["birds", "add", "American", "Robin", "--count", "3", "--location", "Back garden", "--date", "2025-03-01"],
            prints: "Added sighting 2: American Robin, Back garden, Mar 1, 2025 (Lifer!)\n")
        try sandbox.expect(
            ["birds", "add", "Turdus migratorius", "--date", "2024-06-01", "--location", "Park"],
            prints: "Added sighting 3: Turdus migratorius, Park, Jun 1, 2024 (Lifer!)\n")
        try sandbox.expect(
            ["birds", "add", "robin", "--date", "2025-04-01"],
            prints: "Added sighting 4: robin, Apr 1, 2025\n")
        try sandbox.expect(
            ["birds", "add", "Mallard", "--count", "X", "--date", "2025-01-02", "--comments", "Two drakes\nat dawn"],
            prints: "Added sighting 5: Mallard, Jan 2, 2025 (Lifer!)\n")
        try sandbox.expect(
            ["birds", "add", "gull sp.", "--date", "2025-01-03"], prints: "Added sighting 6: gull sp., Jan 3, 2025\n")
        try sandbox.expect(
            ["birds", "add", "AMRO", "--date", "2026-01-05"],
            prints: "Added sighting 7: AMRO, Jan 5, 2026 (first of the year)\n")
        try sandbox.expect(
            ["birds", "life"],
            prints: """
                Life list: 2 species
                1  Mallard         Anas platyrhynchos  Jan 2, 2025
                2  American Robin  Turdus migratorius  Jun 1, 2024  Park
                Not counted (sp., slash, hybrid, domestic): gull sp.
                Not matched to a species: robin, Pigeon. Match them: lists birds match NAME SPECIES

                """)
        try sandbox.expect(
            ["birds", "match", "robin", "AMRO"],
            prints: "Matched 1 sighting of robin to American Robin (Turdus migratorius).\n")
        // Matched, "robin" follows the species, and so does the next sighting of that name.
        try sandbox.expect(
            ["birds", "add", "robin", "--date", "2025-05-01"], prints: "Added sighting 8: robin, May 1, 2025\n")
        try sandbox.expect(
            ["birds", "life", "--by", "date"],
            prints: """
                Life list: 2 species
                1  American Robin  Turdus migratorius  Jun 1, 2024  Park
                2  Mallard         Anas platyrhynchos  Jan 2, 2025
                Not counted (sp., slash, hybrid, domestic): gull sp.
                Not matched to a species: Pigeon. Match them: lists birds match NAME SPECIES

                """)
        try sandbox.expect(
            ["birds", "year", "2025"],
            prints: """
                Year list 2025: 2 species
                1  Mallard         Anas platyrhynchos  Jan 2, 2025               Lifer
                2  American Robin  Turdus migratorius  Mar 1, 2025  Back garden
                Not counted (sp., slash, hybrid, domestic): gull sp.

                """)
        try sandbox.expect(
            ["birds", "year", "2026"],
            prints: """
                Year list 2026: 1 species
                1  American Robin  Turdus migratorius  Jan 5, 2026
                Not matched to a species: Pigeon. Match them: lists birds match NAME SPECIES

                """)
        try sandbox.expect(["birds", "year", "1999"], prints: "Year list 1999: 0 species\n")
        let json = try sandbox.succeed(["--json", "birds", "year", "2025"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["year"] as? Int == 2025)
        #expect(object["total"] as? Int == 2)
        let species = try #require(object["species"] as? [[String: Any]])
        #expect((species[0]["species"] as? [String: Any])?["englishName"] as? String == "Mallard")
        #expect(species[0]["lifer"] as? Bool == true)
        #expect(species[1]["sightings"] as? Int == 3)
        #expect((species[1]["first"] as? [String: Any])?["count"] as? Int == 3)
        #expect((species[0]["first"] as? [String: Any])?["comments"] as? String == "Two drakes\nat dawn")
        #expect((species[0]["first"] as? [String: Any])?["count"] as? String == "X")
    }

    @Test func countsAndCommentsAreShownChangedAndCleared() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.expect(
            ["birds", "add", "Mallard", "--count", "12", "--date", "2026-11-29"],
            prints: "Added sighting 2: Mallard, Nov 29, 2026 (Lifer!)\n")
        try sandbox.expect(
            ["birds", "edit", "2", "--count", "x", "--comments", "On the pond\nwith young"],
            prints: "Updated sighting 2: Mallard, Nov 29, 2026\n")
        let shown = try sandbox.succeed(["birds", "show", "2"])
        #expect(shown.contains("Count            X (present)"))
        #expect(shown.contains("Scientific Name  Anas platyrhynchos"))
        #expect(shown.contains("Comments         On the pond\nwith young"))
        try sandbox.expect(
            ["birds", "edit", "2", "--count", "", "--comments", ""],
            prints: "Updated sighting 2: Mallard, Nov 29, 2026\n")
        let cleared = try sandbox.succeed(["birds", "show", "2"])
        #expect(!cleared.contains("Count") && !cleared.contains("Comments"))
    }

    @Test func speciesAreFoundByWordsInAnyOrderAndByCode() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.expect(["birds", "species", "AMRO"], prints: "American Robin  Turdus migratorius  AMRO\n")
        let found = try sandbox.succeed(["birds", "species", "junco", "dark"])
        #expect(found.hasPrefix("Dark-eyed Junco  Junco hyemalis"))
        try sandbox.expect(["birds", "species", "qqqqq"], prints: "No species matches qqqqq.\n")
        let json = try sandbox.succeed(["--json", "birds", "species", "mallard"])
        #expect(json.hasPrefix(#"{"species":[{"scientificName":"Anas platyrhynchos","englishName":"Mallard""#))
    }

    @Test(arguments: [
        (
            ["birds", "add", "Robin", "--count", "-1"],
            "count: use a whole number from 1 to 1000000, or X for present but not counted"
        ),
        (
            ["birds", "add", "Robin", "--count", "0"],
            "count: use a whole number from 1 to 1000000, or X for present but not counted"
        ),
        (
            ["birds", "add", "Robin", "--count", "3.5"],
            "count: use a whole number from 1 to 1000000, or X for present but not counted"
        ),
        (
            ["birds", "add", "Robin", "--count", "1e9"],
            "count: use a whole number from 1 to 1000000, or X for present but not counted"
        ),
        (
            ["birds", "add", "Robin", "--count", "XX"],
            "count: use a whole number from 1 to 1000000, or X for present but not counted"
        ),
        (
            ["birds", "add", String(repeating: "r", count: 201)],
            "name: the bird's name is 201 characters long; at most 200 are allowed"
        ),
        (["birds", "year", "twenty"], "year: use a year from 1800 on, such as 2026"),
        (
            ["birds", "match", "Pigeon", "Grey", "thing"],
            "species: no species is named Grey thing ('lists birds species Grey thing' lists them)"
        ),
        (["birds", "match", "Dodo bird", "Mallard"], "name: no sighting is named Dodo bird"),
    ])
    func refusalsNameTheFieldAndChangeNothing(_ arguments: [String], _ message: String) throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let before = try sandbox.snapshot()
        let outcome = try sandbox.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.stderr == "lists: \(message)\n")
        #expect(try sandbox.snapshot() == before)
    }
}
