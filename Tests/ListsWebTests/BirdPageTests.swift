import Foundation
import ListsModel
import Testing

@testable import ListsWeb

@Suite struct BirdPageTests {
    @Test func theListShowsEachSightingWithItsMediumDateInTheViewersZoneAndLocale() throws {
        let harness = try PageHarness()
        let page = harness.get("/birds")
        #expect(page.status == 200)
        #expect(page.text.contains("<h1 class=\"bar-title\">Bird Sightings</h1>"))
        #expect(page.text.contains(">Pigeon<"))
        #expect(page.text.contains(">Nov 30, 2026</time>"))
        #expect(page.text.contains("<time datetime=\"2026-11-30T05:45:27.000Z\" lang=\"en-US\">"))
        #expect(!page.text.contains("5:45 AM"))

        let losAngeles = harness.get("/birds", headers: [("Cookie", "theme=x; tz=America%2FLos_Angeles")])
        #expect(losAngeles.text.contains(">Nov 29, 2026</time>"))
        let german = harness.get("/birds", headers: [("Accept-Language", "de-DE,de;q=0.9")])
        #expect(german.text.contains(">30.11.2026</time>"))
        let bogus = harness.get("/birds", headers: [("Cookie", "tz=Mars%2FOlympus"), ("Accept-Language", "*")])
        #expect(bogus.status == 200)
    }

    @Test func addingWithoutADateDatesTheSightingNowAndAtTheEnd() throws {
        let harness = try PageHarness()
        let sheet = harness.get("/birds/new").text
        #expect(sheet.contains(">Bird Name</label>") && sheet.contains(">Location</label>"))
        #expect(sheet.contains("type=\"date\"") && sheet.contains(">Done</button>"))
        let response = harness.post("/birds/new", [("name", "Robin"), ("location", "Garden"), ("date", "")])
        #expect(response.status == 303)
        #expect(response.location == "/birds")
        let robin = try harness.sighting("Robin")
        #expect(robin.date == PageHarness.now)
        #expect(robin.location == "Garden")
        #expect(harness.get("/birds").text.mentions(">Pigeon<", before: ">Robin<"))
    }

    @Test func aGivenDateMeansNoonThatDayInTheViewersZone() throws {
        let harness = try PageHarness()
        let response = harness.post(
            "/birds/new", [("name", "Wren"), ("location", ""), ("date", "2026-11-01")],
            headers: [("Cookie", "tz=Europe%2FParis")])
        #expect(response.status == 303)
        let wren = try harness.sighting("Wren")
        #expect(ListsFormat.isoTimestamp(wren.date) == "2026-11-01T11:00:00.000Z")
        #expect(wren.location == nil)
    }

    @Test func aMissingNameOrAFutureDateIsRefusedKeepingWhatWasTyped() throws {
        let harness = try PageHarness()
        let response = harness.post("/birds/new", [("name", ""), ("location", "Pond"), ("date", "2031-01-01")])
        #expect(response.status == 422)
        let html = response.text
        #expect(html.contains("The bird&#39;s name is required"))
        #expect(html.contains("between 1800-01-01 and today"))
        #expect(html.contains("value=\"Pond\""))
        #expect(html.contains("id=\"field-date-error\""))
        #expect(try harness.app.lists.birds.all().count == 1)
    }

    @Test func theDetailScreenShowsNameLocationAndDateWithEditAndDelete() throws {
        let harness = try PageHarness()
        let pigeon = try harness.sighting("Pigeon")
        let html = harness.get("/birds/\(pigeon.id)").text
        #expect(html.contains("<dt>Bird Name</dt><dd>Pigeon</dd>"))
        #expect(html.contains("<dt>Location</dt><dd>Everywhere</dd>"))
        #expect(html.contains("<dt>Date</dt><dd><time"))
        #expect(html.contains("href=\"/birds/\(pigeon.id)/edit\""))
        #expect(html.contains("<a class=\"destructive\" href=\"/birds/\(pigeon.id)/delete\">Delete Sighting</a>"))
        #expect(harness.get("/birds/\(UUID())").status == 404)

        // Delete Sighting asks in an action sheet over the detail screen; Cancel goes back to it.
        let asking = harness.get("/birds/\(pigeon.id)/delete")
        #expect(asking.status == 200)
        #expect(asking.text.contains("Delete this sighting of “Pigeon”?"))
        #expect(asking.text.contains("<form method=\"post\" action=\"/birds/\(pigeon.id)/delete\""))
        #expect(asking.text.contains(">Delete Sighting</button>"))
        #expect(asking.text.contains("href=\"/birds/\(pigeon.id)\" data-cancel>Cancel</a>"))
        #expect(try harness.app.lists.birds.count() == 1)
    }

    @Test func editingKeepsTheTimeWhenTheDayIsUnchangedAndRefusesAStaleVersion() throws {
        let harness = try PageHarness()
        let pigeon = try harness.sighting("Pigeon")
        let sheet = harness.get("/birds/\(pigeon.id)/edit").text
        #expect(sheet.contains("value=\"2026-11-30\""))
        let saved = harness.post(
            "/birds/\(pigeon.id)/edit",
            [("version", "1"), ("name", "Rock dove"), ("location", ""), ("date", "2026-11-30")])
        #expect(saved.status == 303)
        #expect(saved.location == "/birds/\(pigeon.id)")
        let dove = try harness.sighting("Rock dove")
        #expect(dove.date == PageHarness.now)
        #expect(dove.location == nil)

        let stale = harness.post(
            "/birds/\(pigeon.id)/edit", [("version", "1"), ("name", "Crow"), ("location", "Roof"), ("date", "")])
        #expect(stale.status == 409)
        #expect(stale.text.contains("changed elsewhere"))
        #expect(stale.text.contains("value=\"Rock dove\""))
        #expect(try harness.app.lists.birds.all().map(\.record.name) == ["Rock dove"])
    }

    @Test func deletingASightingReturnsToTheList() throws {
        let harness = try PageHarness()
        let pigeon = try harness.sighting("Pigeon")
        #expect(harness.post("/birds/\(pigeon.id)/delete", [("version", "2")]).status == 409)
        let response = harness.post("/birds/\(pigeon.id)/delete", [("version", "1")])
        #expect(response.location == "/birds?undo=sighting:\(pigeon.id.uuidString)")
        #expect(harness.get("/birds").text.contains("No sightings yet"))
    }

    /// Order Added or Date: `?order=` chooses and a cookie keeps the choice for every screen of the list.
    @Test func theListCanBeOrderedByDateAndTheChoiceIsKept() throws {
        let harness = try PageHarness()
        let day: TimeInterval = 86_400
        _ = try harness.app.lists.birds.add(name: "Robin", date: PageHarness.now.addingTimeInterval(-30 * day))
        _ = try harness.app.lists.birds.add(name: "Wren", date: PageHarness.now.addingTimeInterval(-10 * day))
        let added = harness.get("/birds").text
        #expect(added.mentions(">Pigeon<", before: ">Robin<") && added.mentions(">Robin<", before: ">Wren<"))
        #expect(
            added.contains("<a class=\"segment\" href=\"/birds?order=added\" aria-current=\"true\">Order Added</a>"))

        let byDate = harness.get("/birds", query: ["order": "date"])
        #expect(byDate.headers["Set-Cookie"] == "birds-order=date; Path=/; Max-Age=31536000; SameSite=Lax")
        #expect(byDate.text.mentions(">Robin<", before: ">Wren<") && byDate.text.mentions(">Wren<", before: ">Pigeon<"))
        #expect(byDate.text.contains("href=\"/birds?order=date\" aria-current=\"true\">Date</a>"))
        let kept = harness.get("/birds", headers: [("Cookie", "tz=UTC; birds-order=date")])
        #expect(kept.headers["Set-Cookie"] == nil)
        #expect(kept.text.mentions(">Robin<", before: ">Wren<") && kept.text.mentions(">Wren<", before: ">Pigeon<"))
        let sheet = harness.get("/birds/new", headers: [("Cookie", "tz=UTC; birds-order=date")]).text
        #expect(sheet.mentions(">Robin<", before: ">Pigeon<"))
        #expect(harness.get("/birds", query: ["order": "x"]).headers["Set-Cookie"] == nil)
    }

    /// A log longer than the date order's limit is drawn in the order added, a page at a time, saying why.
    @Test func aLogTooLongToSortByDateStaysInTheOrderAddedAndSaysSo() throws {
        let harness = try PageHarness(seeded: false)
        let count = BirdPages.dateOrderLimit + 1
        let sightings = (1...count).map {
            BirdSighting(
                meta: RecordMeta(createdAt: PageHarness.now), name: "Bird \($0)", location: nil,
                date: PageHarness.now.addingTimeInterval(-Double($0)))
        }
        try harness.store.write { try $0.insert(contentsOf: sightings) }
        let page = harness.get("/birds", query: ["order": "date"]).text
        #expect(page.contains("Sorting by date is for lists of up to 5,000 sightings; these 5,001 are in the order"))
        #expect(page.mentions(">Bird 1<", before: ">Bird 2<"))
        #expect(page.contains("1–500 of 5,001 sightings"))
    }

    @Test func aLongListOfSightingsIsDrawnAPageAtATimeAndAnAddShowsTheLastPage() throws {
        let harness = try PageHarness(seeded: false)
        let sightings = (1...501).map {
            BirdSighting(
                meta: RecordMeta(createdAt: PageHarness.now), name: "Bird \($0)", location: nil, date: PageHarness.now)
        }
        try harness.store.write { try $0.insert(contentsOf: sightings) }
        let first = harness.get("/birds").text.withoutTemplates
        #expect(first.occurrences(of: "<a class=\"row-link\" href=\"/birds/") == 500)
        #expect(first.contains("1–500 of 501 sightings") && first.contains("href=\"/birds?page=2\" rel=\"next\""))
        #expect(harness.get("/birds", query: ["page": "x"]).status == 400)

        // The add sheet opened from page 2 draws page 2 behind it and cancels back to it.
        #expect(harness.get("/birds", query: ["page": "2"]).text.contains("href=\"/birds/new?page=2\""))
        let sheet = harness.get("/birds/new", query: ["page": "2"]).text
        #expect(sheet.contains("501–501 of 501 sightings") && sheet.contains("href=\"/birds?page=2\""))
        #expect(sheet.contains("action=\"/birds/new?page=2\""))

        let added = harness.post("/birds/new", [("name", "Wren"), ("location", ""), ("date", "")])
        #expect(added.location == "/birds?page=last")
        let last = harness.get("/birds", query: ["page": "last"]).text
        #expect(last.mentions(">Bird 501<", before: ">Wren<"))
        #expect(last.contains("501–502 of 502 sightings"))

        // A sighting opened from page 2: its detail screen goes back to page 2, its edit sheet returns to it,
        // and deleting it answers with page 2 (or the last page there is).
        let wren = try harness.sighting("Wren")
        let id = wren.id.uuidString
        #expect(last.contains("href=\"/birds/\(id)?page=last\""))
        let detail = harness.get("/birds/\(id)", query: ["page": "2"]).text
        #expect(detail.contains("href=\"/birds?page=2\""))
        #expect(detail.contains("href=\"/birds/\(id)/edit?page=2\""))
        #expect(detail.contains("href=\"/birds/\(id)/delete?page=2\""))
        let asking = harness.get("/birds/\(id)/delete", query: ["page": "2"]).text
        #expect(asking.contains("action=\"/birds/\(id)/delete?page=2\""))
        let edited = harness.post(
            "/birds/\(id)/edit", [("version", "1"), ("name", "Jenny Wren"), ("location", ""), ("date", "")],
            query: ["page": "2"])
        #expect(edited.location == "/birds/\(id)?page=2")
        let deleted = harness.post("/birds/\(id)/delete", [("version", "2")], query: ["page": "2"])
        #expect(deleted.location == "/birds?undo=sighting:\(id)&page=2")
        let bird = try harness.sighting("Bird 501")
        let emptied = harness.post("/birds/\(bird.id)/delete", [("version", "1")], query: ["page": "2"])
        #expect(emptied.location == "/birds?undo=sighting:\(bird.id.uuidString)")
    }
}
