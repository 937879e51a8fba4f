import Foundation
import ListsModel
import ListsSQLite

/// `bird-lists`: the server's side of a birder's lists.
///
/// - Species suggestions: 200 species' English names (every 55th of the taxonomy) and 100 scientific names typed
///   one keystroke at a time, each prefix asking ``Taxonomy/suggestions(for:limit:)`` for 10 over the whole
///   taxonomy; goal: the 95th percentile per keystroke <= 5 ms.
/// - The life list of a log of `sightings` sightings (in a SQLite file with the store's own settings): names drawn
///   from 2,000 species, a tenth written as their 4-letter code or scientific name, one in fifty a sp. or an
///   unmatched name; the median of 9 `lifeList()` reads (after 2 untimed); goal <= 50 ms.
struct BirdLists {
    var sightings: Int
    var directory: URL

    func run() throws -> Outcome {
        Measure.say(
            "== bird-lists: species suggestions over \(Taxonomy.world.species.count) species; a life list of \(sightings) sightings"
        )
        var taxonomyReads: [Double] = []
        for _ in 0..<5 {
            taxonomyReads.append(
                Measure.seconds { _ = Taxonomy(tsv: String(decoding: Taxonomy.shippedFile, as: UTF8.self)) })
        }
        Measure.say(
            "   (the taxonomy read from its file: median \(Measure.format(Measure.median(taxonomyReads))) of 5)")
        let suggestions = suggestionTimes()
        let p95 = Measure.percentile(suggestions, 0.95)
        Measure.say(
            "   suggestions: \(suggestions.count) keystrokes, median \(Measure.format(Measure.median(suggestions))), "
                + "p95 \(Measure.format(p95)), max \(Measure.format(suggestions.max() ?? 0))")

        let scratch = try Measure.scratchDirectory(in: directory, "lists-bench-birds")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let store = try SQLiteStore(path: scratch.appendingPathComponent("birds.sqlite").path)
        try Seeding.seedIfNeeded(store, empty: true)
        try fill(store)
        let log = BirdSightingLog(store: store)
        var total = 0
        for _ in 0..<2 { total = try log.lifeList().total }
        var reads: [Double] = []
        for _ in 0..<5 { reads.append(try Measure.seconds { _ = try log.all() }) }
        Measure.say(
            "   (reading the \(sightings) sightings alone: median \(Measure.format(Measure.median(reads))) of 5)")
        var grouped: [Double] = []
        for _ in 0..<5 {
            grouped.append(
                try Measure.seconds {
                    _ = try store.read {
                        try $0.firstInGroups(
                            BirdSighting.self, groupedBy: ["name", "scientific_name"], earliest: "sighted_at")
                    }
                })
        }
        Measure.say("   (its names grouped alone: median \(Measure.format(Measure.median(grouped))) of 5)")
        var times: [Double] = []
        for _ in 0..<9 { times.append(try Measure.seconds { total = try log.lifeList().total }) }
        let median = Measure.median(times)
        Measure.say("   life list: \(total) species from \(sightings) sightings, median \(Measure.format(median)) of 9")
        let suggestionsMet = p95 <= 0.005
        let lifeMet = median <= 0.050
        Measure.say(
            "RESULT bird-lists suggestions: p95 \(Measure.format(p95)) per keystroke, goal <= 5 ms: "
                + Outcome(met: suggestionsMet).label)
        Measure.say(
            "RESULT bird-lists life-list: \(Measure.format(median)) for \(sightings) sightings, goal <= 50 ms: "
                + Outcome(met: lifeMet).label)
        return Outcome(met: suggestionsMet && lifeMet)
    }

    /// The time of each keystroke's suggestions.
    func suggestionTimes() -> [Double] {
        let world = Taxonomy.world
        _ = world.suggestions(for: "a")
        var typed: [String] = []
        for index in stride(from: 0, to: world.species.count, by: 55) { typed.append(world.species[index].englishName) }
        for index in stride(from: 7, to: world.species.count, by: 111) {
            typed.append(world.species[index].scientificName)
        }
        var times: [Double] = []
        for name in typed {
            var prefix = ""
            for character in name {
                prefix.append(character)
                times.append(Measure.seconds { _ = world.suggestions(for: prefix, limit: 10) })
            }
        }
        return times
    }

    /// `sightings` sightings in one write transaction, drawn with a fixed seed.
    func fill(_ store: SQLiteStore) throws {
        var generator = SplitMix64(seed: 2026)
        let species = Taxonomy.world.species
        let pool = (0..<2_000).map { species[($0 * 5) % species.count] }
        let start = Date(timeIntervalSince1970: 1_420_070_400)  // 2015-01-01
        let now = Date().roundedToMilliseconds
        let records = (0..<sightings).map { index -> BirdSighting in
            let chosen = pool[Int(generator.next() % UInt64(pool.count))]
            let roll = generator.next() % 100
            let name: String
            var scientific: String? = chosen.scientificName
            switch roll {
            case 0: (name, scientific) = ("gull sp.", nil)
            case 1: (name, scientific) = ("little brown job", nil)
            case 2..<7: name = chosen.codes.first ?? chosen.englishName
            case 7..<12: name = chosen.scientificName
            default: name = chosen.englishName
            }
            let date = start.addingTimeInterval(Double(index) * 3_000 + Double(generator.next() % 3_000))
            return BirdSighting(
                meta: RecordMeta(createdAt: now), name: name, location: "Site \(generator.next() % 500)", date: date,
                details: SightingDetails(count: .number(Int(generator.next() % 20) + 1), scientificName: scientific))
        }
        let seconds = try Measure.seconds { try store.write { try $0.insert(contentsOf: records) } }
        Measure.say("   filled \(sightings) sightings in \(Measure.format(seconds))")
    }
}
