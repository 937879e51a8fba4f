import Foundation
import ListsModel
import Testing

@testable import ListsWeb

/// A birder's lists on the web, without sockets: counts and comments in the sheets, the species and "Lifer" on the
/// screens, the life and year lists, a name matched to a species without JavaScript, and the same through the
/// JSON API (every answer checked against the OpenAPI document).
@Suite struct BirdListsWebTests {
    /// Noon UTC on a day of 2026.
    static func day(_ month: Int, _ day: Int, year: Int = 2026) -> Date {
        var components = DateComponents(year: year, month: month, day: day, hour: 12)
        components.timeZone = TimeZone(identifier: "UTC")
        return Calendar(identifier: .gregorian).date(from: components)!
    }

    @Test func theSheetsTakeACountAndCommentsOfSeveralLines() throws {
        let harness = try PageHarness()
        let sheet = harness.get("/birds/new").text
        #expect(sheet.contains(">Count</label>"))
        #expect(sheet.contains("<textarea id=\"field-comments\" name=\"comments\""))
        #expect(sheet.contains("data-species"))
        let response = harness.post(
            "/birds/new",
            [
                ("name", "American Robin"), ("count", "3"), ("location", "Garden"), ("date", "2026-11-01"),
                ("comments", "Two adults\r\nand a juvenile"),
            ])
        #expect(response.status == 303)
        let robin = try harness.sighting("American Robin")
        #expect(robin.details.count == .number(3))
        #expect(robin.details.comments == "Two adults\nand a juvenile")
        #expect(robin.details.scientificName == "Turdus migratorius")

        let edit = harness.get("/birds/\(robin.id)/edit").text
        #expect(edit.contains("name=\"count\" type=\"text\" value=\"3\""))
        #expect(edit.contains(">Two adults\nand a juvenile</textarea>"))
    }

    @Test(arguments: ["-1", "0", "3.5", "1e9", "XX"])
    func aCountThatIsNotOneIsRefusedKeepingWhatWasTyped(_ count: String) throws {
        let harness = try PageHarness()
        let response = harness.post(
            "/birds/new", [("name", "Mallard"), ("count", count), ("location", ""), ("date", "")])
        #expect(response.status == 422)
        #expect(response.text.contains("id=\"field-count-error\""))
        #expect(response.text.contains("X for present"))
        #expect(response.text.contains("value=\"\(count)\""))
        #expect(try harness.app.lists.birds.all().count == 1)
    }

    @Test func theScreensShowTheSpeciesAndTheLifers() throws {
        let harness = try PageHarness()
        let log = harness.app.lists.birds
        let first = try log.add(
            name: "Mallard", location: "Pond", date: Self.day(1, 2), details: SightingDetails(count: .present)
        ).record
        let again = try log.add(name: "Mallard", date: Self.day(2, 2)).record
        let list = harness.get("/birds").text
        #expect(list.contains(">Mallard <span class=\"count\">×X</span> <span class=\"badge\">Lifer</span><"))
        #expect(list.occurrences(of: "<span class=\"badge\">") == 1)
        #expect(list.contains("<a href=\"/birds/life\">Life List</a><a href=\"/birds/year/2026\">2026 List</a>"))

        let detail = harness.get("/birds/\(first.id)").text
        #expect(
            detail.contains(
                "<dt>Species</dt><dd>Mallard <i class=\"scientific\">Anas platyrhynchos</i> <span class=\"badge\">Lifer</span></dd>"
            ))
        #expect(
            harness.get("/birds/\(again.id)").text.contains(
                "<dt>Species</dt><dd>Mallard <i class=\"scientific\">Anas platyrhynchos</i></dd>"))
        // The seed's "Pigeon" matches no species: the detail screen says so and links to the match sheet.
        let pigeon = try harness.sighting("Pigeon")
        #expect(
            harness.get("/birds/\(pigeon.id)").text.contains(
                "<span class=\"none\">Not matched</span> <a class=\"row-action\" href=\"/birds/match?name=Pigeon&amp;q=Pigeon\">"
            ))
    }

    @Test func theLifeAndYearListsCountEachSpeciesOnceInEitherOrder() throws {
        let harness = try PageHarness()
        let log = harness.app.lists.birds
        try log.add(name: "American Robin", location: "Park", date: Self.day(6, 1, year: 2025))
        try log.add(name: "Mallard", date: Self.day(1, 2))
        try log.add(name: "AMRO", date: Self.day(3, 1))
        try log.add(name: "gull sp.", date: Self.day(3, 2))
        let life = harness.get("/birds/life")
        #expect(life.status == 200)
        #expect(life.text.contains("<h2 class=\"group-header\">2 species</h2>"))
        #expect(life.text.mentions(">Mallard <i", before: ">American Robin <i"))
        #expect(life.text.contains("Nov 30, 2026") == false)
        #expect(life.text.contains(" · Park</span>"))
        #expect(life.text.contains("<h2 class=\"group-header\">Not counted</h2>"))
        #expect(life.text.contains("<span class=\"row-title\">gull sp.</span>"))
        #expect(life.text.contains("<h2 class=\"group-header\">Not matched to a species</h2>"))
        #expect(life.text.contains("href=\"/birds/match?name=Pigeon&amp;q=Pigeon\">Match…</a>"))
        let byDate = harness.get("/birds/life", query: ["order": "date"]).text
        #expect(byDate.mentions(">American Robin <i", before: ">Mallard <i"))
        #expect(byDate.contains("href=\"/birds/life?order=date\" aria-current=\"true\""))

        let year = harness.get("/birds/year/2026").text
        #expect(year.contains("<h1 class=\"bar-title\">2026 List</h1>"))
        #expect(
            year.contains(">Mallard <i class=\"scientific\">Anas platyrhynchos</i> <span class=\"badge\">Lifer</span><")
        )
        #expect(year.contains(">American Robin <i class=\"scientific\">Turdus migratorius</i></span>"))
        #expect(year.contains("href=\"/birds/year/2025\">‹ 2025</a>"))
        #expect(harness.get("/birds/year/1999").text.contains("No species seen in 1999."))
        #expect(harness.get("/birds/year/99").status == 400)
        #expect(harness.get("/birds/life", query: ["order": "size"]).status == 400)
    }

    @Test func theListsHavePicturesWithTablesForScreenReaders() throws {
        let harness = try PageHarness()
        let log = harness.app.lists.birds
        try log.add(name: "Mallard", date: Self.day(6, 1, year: 2024))
        try log.add(name: "American Robin", date: Self.day(1, 5))
        try log.add(name: "Mallard", date: Self.day(1, 9))
        try log.add(name: "Dark-eyed Junco", date: Self.day(3, 1))
        let year = harness.get("/birds/year/2026").text
        #expect(year.contains("<figcaption class=\"group-header\">Species seen each month of 2026</figcaption>"))
        #expect(year.contains("<svg class=\"chart-picture\" viewBox=\"0 0 340 160\" aria-hidden=\"true\""))
        #expect(year.occurrences(of: "<rect class=\"chart-bar\"") == 12)
        #expect(
            year.contains("<tr><th scope=\"row\">Jan</th><td>2</td></tr><tr><th scope=\"row\">Feb</th><td>0</td></tr>"))
        #expect(year.contains("<tr><th scope=\"row\">Mar</th><td>1</td></tr>"))
        let figure = try #require(
            year.range(of: "<figure").flatMap { start in
                year.range(of: "</figure>").map { String(year[start.lowerBound..<$0.upperBound]) }
            })
        #expect(!figure.contains("<script") && !figure.contains("http") && !figure.contains("xlink"))
        let life = harness.get("/birds/life").text
        #expect(life.contains("Life list at the end of each year"))
        #expect(
            life.contains(
                "<tr><th scope=\"row\">2024</th><td>1</td></tr><tr><th scope=\"row\">2025</th><td>1</td></tr>"))
        #expect(life.contains("<tr><th scope=\"row\">2026</th><td>3</td></tr>"))
        // The seed's Pigeon matches nothing and counts in no picture; a year with nothing seen draws none.
        #expect(!harness.get("/birds/year/2020").text.contains("<svg class=\"chart-picture\""))
        let api = try #require(
            try JSONSerialization.jsonObject(
                with: Data(harness.get("/api/v1/birds/year/2026", headers: [("Accept", "application/json")]).body))
                as? [String: Any])
        #expect(api["speciesPerMonth"] as? [Int] == [2, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    }

    @Test func aLifeListOfMoreThan500SpeciesIsDrawnAPageAtATime() throws {
        let harness = try PageHarness()
        let now = PageHarness.now
        try harness.store.write { session in
            try session.insert(
                contentsOf: Taxonomy.world.species.prefix(501).enumerated().map { index, species in
                    BirdSighting(
                        meta: RecordMeta(createdAt: now), name: species.englishName, location: nil,
                        date: now.addingTimeInterval(Double(index - 600) * 60),
                        details: SightingDetails(scientificName: species.scientificName))
                })
        }
        let first = harness.get("/birds/life").text
        #expect(first.contains("<h2 class=\"group-header\">501 species</h2>"))
        #expect(first.contains("1–500 of 501 species"))
        #expect(first.occurrences(of: "<span class=\"row-number\">") == 500)
        #expect(first.contains("href=\"/birds/life?page=2\" rel=\"next\""))
        let second = harness.get("/birds/life", query: ["page": "2"]).text
        #expect(second.occurrences(of: "<span class=\"row-number\">") == 1)
        #expect(second.contains("<span class=\"row-number\">501</span>"))
        let byDate = harness.get("/birds/life", query: ["order": "date"]).text
        #expect(byDate.contains("href=\"/birds/life?order=date&amp;page=2\" rel=\"next\""))
        #expect(harness.get("/birds/life", query: ["page": "x"]).status == 400)
    }

    @Test func aNameIsMatchedToASpeciesWithoutJavaScript() throws {
        let harness = try PageHarness()
        try harness.app.lists.birds.add(name: "Pigeon", date: Self.day(2, 1))
        let sheet = harness.get("/birds/match", query: ["name": "Pigeon", "q": "rock dove"])
        #expect(sheet.status == 200)
        #expect(sheet.text.contains("<input type=\"hidden\" name=\"species\" value=\"Columba livia\">"))
        #expect(sheet.text.contains("aria-label=\"Match Pigeon to Rock Dove\""))
        let nothing = harness.get("/birds/match", query: ["name": "Pigeon", "q": "qqqq"]).text
        #expect(nothing.contains("No species matches “qqqq”."))
        let matched = harness.post("/birds/match", [("name", "Pigeon"), ("species", "Columba livia")])
        #expect(matched.status == 303)
        #expect(matched.location == "/birds/life")
        #expect(try harness.app.lists.birds.all().allSatisfy { $0.record.details.scientificName == "Columba livia" })
        #expect(harness.get("/birds/life").text.contains(">Rock Dove <i"))
        // A species the taxonomy does not have, or a name no sighting has: refused, nothing changed.
        #expect(harness.post("/birds/match", [("name", "Pigeon"), ("species", "Columba imaginaria")]).status == 422)
        let none = harness.post("/birds/match", [("name", "Dodo"), ("species", "Columba livia")])
        #expect(none.status == 422)
        #expect(none.text.contains("No sighting is named Dodo."))
        #expect(harness.get("/birds/match").status == 400)
    }

    @Test func theAPIGivesTheListsFindsSpeciesAndMatchesNames() throws {
        let harness = try APIHarness()
        let added = harness.send(
            "POST", "/api/v1/sightings", json: #"{"name": "Mallard", "count": "X", "date": "2026-01-02T12:00:00Z"}"#)
        #expect(added.status == 201)
        #expect(added.object["scientificName"] as? String == "Anas platyrhynchos")
        harness.send(
            "POST", "/api/v1/sightings",
            json: #"{"name": "robin", "date": "2026-03-01T12:00:00Z", "comments": "In the\nrain"}"#)
        let life = harness.send("GET", "/api/v1/birds/life")
        #expect(life.status == 200)
        #expect(life.object["total"] as? Double == 1)
        #expect((life.object["unmatched"] as? [[String: Any]])?.first?["name"] as? String == "robin")
        let matched = harness.send("POST", "/api/v1/birds/match", json: #"{"name": "robin", "species": "AMRO"}"#)
        #expect(matched.status == 200)
        let year = harness.send("GET", "/api/v1/birds/year/2026", query: ["order": "date"])
        #expect(year.object["year"] as? Double == 2026)
        #expect(year.object["total"] as? Double == 2)
        let species = year.object["species"] as? [[String: Any]] ?? []
        #expect(
            species.map { ($0["species"] as? [String: Any])?["englishName"] as? String } == [
                "Mallard", "American Robin",
            ])
        #expect(species.map { $0["lifer"] as? Bool } == [true, true])

        let found = harness.send("GET", "/api/v1/species", query: ["q": "rob am", "limit": "3"])
        let names = (found.object["species"] as? [[String: Any]])?.map { $0["englishName"] as? String }
        #expect(names?.first == "American Robin")
        #expect(names?.count == 3)

        // Refused, each naming what is wrong.
        #expect(harness.send("GET", "/api/v1/species").status == 400)
        #expect(harness.send("GET", "/api/v1/species", query: ["q": "rob", "limit": "0"]).status == 400)
        #expect(harness.send("GET", "/api/v1/birds/year/20x6").status == 400)
        #expect(harness.send("GET", "/api/v1/birds/life", query: ["order": "size"]).status == 400)
        let before = try harness.snapshot()
        let unknown = harness.send("POST", "/api/v1/birds/match", json: #"{"name": "robin", "species": "Dodo bird"}"#)
        #expect(unknown.status == 404)
        #expect(unknown.error["field"] as? String == "species")
        let nobody = harness.send("POST", "/api/v1/birds/match", json: #"{"name": "Dodo", "species": "Mallard"}"#)
        #expect(nobody.status == 404)
        #expect(nobody.error["field"] as? String == "name")
        let long = String(repeating: "x", count: 2_001)
        let comments = harness.send("POST", "/api/v1/sightings", json: #"{"name": "Mallard", "comments": "\#(long)"}"#)
        #expect(comments.status == 422)
        #expect(comments.error["field"] as? String == "comments")
        let count = harness.send("POST", "/api/v1/sightings", json: #"{"name": "Mallard", "count": 0}"#)
        #expect(count.status == 422)
        #expect(count.error["field"] as? String == "count")
        #expect(try harness.snapshot() == before)
    }
}
