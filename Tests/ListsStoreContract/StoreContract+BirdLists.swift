import Foundation
import ListsModel
import Testing

/// A birder's lists on every store: a sighting's species found from its name when added by any face and when
/// renamed, a name matched later with every sighting of it following, the life list and a year list with their
/// lifers.
extension StoreContract {
    static let birdListChecks: [Check] = [
        Check("sightingsFindTheirSpeciesByName", sightingsFindTheirSpeciesByName),
        Check("aNameMatchedLaterTakesEverySightingOfItAlong", aNameMatchedLaterTakesEverySightingOfItAlong),
        Check("lifeAndYearListsCountEachSpeciesOnce", lifeAndYearListsCountEachSpeciesOnce),
    ]

    /// Noon UTC on `day` of `month` of `year`.
    static func noon(_ year: Int, _ month: Int, _ day: Int) -> Date {
        var components = DateComponents(year: year, month: month, day: day, hour: 12)
        components.timeZone = TimeZone(identifier: "UTC")
        return Calendar(identifier: .gregorian).date(from: components)!
    }

    static func sightingsFindTheirSpeciesByName(_ store: any Store) throws {
        let log = BirdSightingLog(store: store)
        let robin = try log.add(name: "American Robin").record
        #expect(robin.details.scientificName == "Turdus migratorius")
        // Through the list itself, as the API and the web forms add.
        let coded = try log.sightings.add(BirdSighting(meta: .draft, name: "MALL", location: nil, date: Date()))
        #expect(coded.record.details.scientificName == "Anas platyrhynchos")
        // A scientific name given (an eBird row) is kept as given.
        let given = try log.add(name: "Robin", details: SightingDetails(scientificName: "Erithacus rubecula")).record
        #expect(given.details.scientificName == "Erithacus rubecula")
        #expect(try log.add(name: "gull sp.").record.details.scientificName == nil)
        #expect(try log.add(name: "the brown one").record.details.scientificName == nil)
        // Renamed, a sighting follows its new name; changed otherwise, it keeps its species.
        let renamed = try log.edit(.id(robin.id), name: "Mallard")
        #expect(renamed.record.details.scientificName == "Anas platyrhynchos")
        let moved = try log.edit(.id(robin.id), location: "Pond")
        #expect(moved.record.details.scientificName == "Anas platyrhynchos")
        // A rename that sets its own scientific name keeps it.
        let both = try log.edit(.id(robin.id), name: "Blackbird") { $0.scientificName = "Turdus merula" }
        #expect(both.record.details.scientificName == "Turdus merula")
        // Comments of several lines, as long as the store's column holds (2,000 characters), and not one more.
        let longest = String(repeating: "é", count: 999) + "\n" + String(repeating: "🐦", count: 1_000)
        let commented = try log.edit(.id(robin.id)) { $0.comments = longest }
        #expect(try log.sighting(.id(robin.id)).record.details.comments == longest)
        #expect(commented.record.details.comments == longest)
        let error = #expect(throws: ValidationError.self) {
            try log.edit(.id(robin.id)) { $0.comments = longest + "x" }
        }
        #expect(error?.field == "comments")
    }

    static func aNameMatchedLaterTakesEverySightingOfItAlong(_ store: any Store) throws {
        let log = BirdSightingLog(store: store)
        try log.add(name: "robin", date: noon(2025, 4, 1))
        try log.add(name: "Robin", date: noon(2025, 4, 2))
        try log.add(name: "American Robin", date: noon(2025, 4, 3))
        #expect(try log.lifeList().total == 1)
        #expect(try log.lifeList().unmatched.map(\.name) == ["robin", "Robin"])
        let robin = try #require(Taxonomy.world.match(name: "American Robin").species)
        let changed = try log.match(name: "robin", to: robin)
        #expect(changed.map(\.record.name) == ["robin"])
        // Sightings named in another case are not the same name; the next one of "robin" follows the match.
        let next = try log.add(name: "robin", date: noon(2025, 4, 4)).record
        #expect(next.details.scientificName == "Turdus migratorius")
        try log.match(name: "Robin", to: robin)
        let life = try log.lifeList()
        #expect(life.total == 1)
        #expect(life.unmatched.isEmpty)
        #expect(life.species[0].sightings == 4)
        #expect(life.species[0].first.name == "robin")
        let error = #expect(throws: ValidationError.self) { try log.match(name: "Nightingale", to: robin) }
        #expect(error?.field == "name")
    }

    static func lifeAndYearListsCountEachSpeciesOnce(_ store: any Store) throws {
        try store.setHouseholdTimeZone("UTC")
        let log = BirdSightingLog(store: store)
        try log.add(name: "Mallard", location: "Pond", date: noon(2024, 5, 1))
        try log.add(name: "American Robin", date: noon(2025, 3, 1))
        try log.add(name: "Dark-eyed Junco (Slate-colored)", date: noon(2025, 1, 9))
        try log.add(name: "Mallard", location: "River", date: noon(2025, 2, 1))
        try log.add(name: "Greater/Lesser Scaup", date: noon(2025, 2, 2))
        try log.add(name: "Mallard (Domestic type)", date: noon(2025, 2, 3))
        try log.add(name: "Turdus migratorius", date: noon(2024, 12, 31))
        let life = try log.lifeList()
        #expect(life.total == 3)
        #expect(life.species.map(\.species.englishName) == ["Mallard", "American Robin", "Dark-eyed Junco"])
        #expect(life.species(in: .date).map(\.species.englishName) == ["Mallard", "American Robin", "Dark-eyed Junco"])
        #expect(life.species[0].first.location == "Pond")
        #expect(life.species[1].first.date == noon(2024, 12, 31))
        #expect(life.uncounted.map(\.name) == ["Greater/Lesser Scaup", "Mallard (Domestic type)"])
        let year = try log.yearList(2025)
        #expect(year.species.map(\.species.englishName) == ["Mallard", "American Robin", "Dark-eyed Junco"])
        #expect(year.species.map(\.isLifer) == [false, false, true])
        #expect(year.species[0].first.location == "River")
        #expect(try log.yearList(2023).total == 0)
        let firsts = try log.firsts(of: try log.all().map(\.record))
        #expect(firsts.lifers.count == 3)
        #expect(firsts.firstsOfYear.count == 5)
        // Another name of a species, seen earlier that year, and two sightings at one moment: the first added is
        // the first of the year.
        let earlier = try log.add(name: "Anas platyrhynchos", date: noon(2025, 1, 15)).record
        let twin = try log.add(name: "Mallard", location: "Pond", date: noon(2025, 1, 15)).record
        let all = try log.all().map(\.record)
        let again = try log.firsts(of: all)
        #expect(again.firstsOfYear.contains(earlier.id))
        #expect(!again.firstsOfYear.contains(twin.id))
        #expect(!again.firstsOfYear.contains(all[3].id), "the River's Mallard is no longer the first of 2025")
        #expect(again.firstsOfYear.count == 5)
        #expect(again.lifers == firsts.lifers)
        let none = try log.firsts(of: [all[3], all[4]])
        #expect(none.lifers.isEmpty && none.firstsOfYear.isEmpty)
        let one = try log.firsts(of: [all[0]])
        #expect(one.lifers == [all[0].id] && one.firstsOfYear == [all[0].id])
        let later = try log.yearList(2025)
        #expect(later.species[0].first.id == earlier.id)
        #expect(later.species[0].sightings == 3)
        #expect(later.speciesPerMonth.prefix(4) == [2, 1, 1, 0])
    }
}
