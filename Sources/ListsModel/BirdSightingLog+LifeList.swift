import Foundation

/// A species on a life list or a year list, with its first sighting there.
public struct ListedSpecies: Sendable, Hashable {
    /// The species.
    public let species: Species
    /// Its first sighting on the list (the earliest; of two on one date, the one added first): where and when.
    public let first: Numbered<BirdSighting>
    /// How many sightings of it the list has.
    public let sightings: Int
    /// Whether its first sighting on the list is its first ever: always on a life list; on a year list, a species
    /// first seen that year.
    public let isLifer: Bool
}

/// A name a list does not count (a sp., slash, hybrid or domestic entry, or a name no species has), with how many of
/// the list's sightings have it.
public struct NamedSightings: Sendable, Hashable {
    /// The name, as the sightings have it.
    public let name: String
    /// How many sightings have it.
    public let sightings: Int

    /// `sightings` sightings named `name`.
    public init(name: String, sightings: Int) {
        self.name = name
        self.sightings = sightings
    }
}

/// A life list (every species seen) or a year list (every species seen in one year), counted as eBird counts: each
/// species once, and its subspecies and named forms with it; sp., slash, hybrid and domestic entries and names the
/// taxonomy does not know are kept beside it, not counted.
public struct BirdList: Sendable, Hashable {
    /// How a list's species are sorted.
    public enum Order: String, Sendable, CaseIterable {
        /// The taxonomy's order, as a field guide and eBird's life list have it.
        case taxonomic
        /// By the date of each species' first sighting on the list, earliest first.
        case date
    }

    /// The species, in the taxonomy's order.
    public let species: [ListedSpecies]
    /// The names of sp., slash, hybrid and domestic entries, in the order they were first seen.
    public let uncounted: [NamedSightings]
    /// The names the taxonomy does not know (and no one has matched yet), in the order they were first seen.
    public let unmatched: [NamedSightings]
    /// A year list's species seen in each month of the year, January first (a species counts in every month it was
    /// seen); empty for the life list.
    public let speciesPerMonth: [Int]
    /// The life list's total at the end of each year, from the year of its first species to that of its last;
    /// empty for a year list.
    public let totalByYear: [YearTotal]

    /// How many species: the list's total.
    public var total: Int { species.count }

    /// The year `text` names for a year list: four digits, from 1800 (the earliest a sighting may be) to 9999; `nil`
    /// for anything else. What the CLI and the web read.
    public static func year(_ text: String) -> Int? {
        guard text.utf8.count == 4, text.utf8.allSatisfy({ (48...57).contains($0) }), let year = Int(text),
            year >= 1800
        else { return nil }
        return year
    }

    /// The species in `order`.
    public func species(in order: Order) -> [ListedSpecies] {
        switch order {
        case .taxonomic: species
        case .date: species.sorted { BirdSightingLog.seenBefore($0.first, $1.first) }
        }
    }
}

/// The life list's total at the end of a year.
public struct YearTotal: Sendable, Hashable {
    /// The year.
    public let year: Int
    /// Species seen by its end.
    public let total: Int
}

/// What each sighting adds to the lists: kept for a log's screen, where a sighting that adds a species shows
/// "Lifer" or "First of the year".
public struct SightingFirsts: Sendable, Hashable {
    /// The sightings that are their species' first ever.
    public let lifers: Set<UUID>
    /// The sightings that are their species' first of their year (a lifer is one too).
    public let firstsOfYear: Set<UUID>
}

extension BirdSightingLog {
    /// Every species seen, with where and when first (see ``BirdList``).
    public func lifeList(taxonomy: Taxonomy = .world) throws -> BirdList {
        try list(year: nil, taxonomy: taxonomy)
    }

    /// Every species seen in `year` (a year of the household's time zone), with where and when first that year;
    /// ``ListedSpecies/isLifer`` tells the species first seen ever that year.
    public func yearList(_ year: Int, taxonomy: Taxonomy = .world) throws -> BirdList {
        try list(year: year, taxonomy: taxonomy)
    }

    /// The lifers and firsts of the year among all sightings.
    public func firsts(taxonomy: Taxonomy = .world) throws -> SightingFirsts {
        let log = try seen()
        let matches = log.matches(taxonomy)
        var days = DayReader(log.zone)
        var lifers: Set<UUID> = []
        var firstsOfYear: Set<UUID> = []
        var seenEver: Set<Int> = []
        var seenInYear: Set<Int> = []
        for row in log.order {
            guard let species = matches[log.pairOfRow[row]].species else { continue }
            let isLifer = seenEver.insert(species.order).inserted
            let firstOfYear = seenInYear.insert(days.day(log.dates[row]).year * 100_000 + species.order).inserted
            guard isLifer || firstOfYear, let id = UUID(uuidString: log.ids[row]) else { continue }
            if isLifer { lifers.insert(id) }
            firstsOfYear.insert(id)
        }
        return SightingFirsts(lifers: lifers, firstsOfYear: firstsOfYear)
    }

    /// Matches every sighting named `name` (exactly, as typed) to `species`: their scientific name becomes the
    /// species', and a sighting added later under that name is matched to it too
    /// (``BirdSighting/settleInList(_:changedFrom:in:)``). Answers the sightings changed.
    /// - Throws: ``ValidationError`` for `name` when no sighting has that name.
    @discardableResult
    public func match(name: String, to species: Species) throws -> [Numbered<BirdSighting>] {
        let named = try sightings.list(where: BirdSighting.Fields.name == name.trimmingWhitespace())
        guard !named.isEmpty else {
            throw ValidationError(field: "name", message: "no sighting is named \(name.trimmingWhitespace())")
        }
        return try sightings.change(named.map { .id($0.record.id) }) { sighting in
            sighting.details.scientificName = species.scientificName
        }
    }

    /// Whether `one` was seen before `other`: by date, and of two at one moment the one added first.
    static func seenBefore(_ one: Numbered<BirdSighting>, _ other: Numbered<BirdSighting>) -> Bool {
        one.record.date != other.record.date ? one.record.date < other.record.date : one.number < other.number
    }

    /// What the lists read of a log: each sighting's id, name and scientific name (as a pair, each pair once) and
    /// date (a few columns, not the sightings whole: ``StoreSession/values(_:columns:)``), in the order added (a
    /// sighting's number is its row plus one), the rows in the order they were seen, and the household's time zone.
    private struct SeenLog {
        var ids: [String] = []
        /// Each row's pair of name and scientific name, an index into ``pairs``.
        var pairOfRow: [Int] = []
        var pairs: [Taxonomy.MatchKey] = []
        var dates: [Date] = []
        /// The rows by date, and of two at one moment the one added first.
        var order: [Int] = []
        var zone: TimeZone

        /// What each pair counts as.
        func matches(_ taxonomy: Taxonomy) -> [SpeciesMatch] {
            pairs.map { taxonomy.match(name: $0.name, scientificName: $0.scientificName) }
        }
    }

    /// The log as the lists read it, in one read.
    private func seen() throws -> SeenLog {
        let household = sightings.store.household
        let (values, zone) = try sightings.store.read { session in
            (
                try session.values(BirdSighting.self, columns: ["id", "name", "scientific_name", "sighted_at"]),
                try HouseholdTimeZone.of(household, in: session)
            )
        }
        var log = SeenLog(zone: zone)
        let count = values.count / 4
        log.ids.reserveCapacity(count)
        log.pairOfRow.reserveCapacity(count)
        log.dates.reserveCapacity(count)
        var pairIndex: [Taxonomy.MatchKey: Int] = [:]
        var index = 0
        while index + 3 < values.count {
            guard case .text(let id) = values[index], case .text(let name) = values[index + 1],
                case .date(let date) = values[index + 3]
            else { throw StoreError.corrupt("sighting") }
            let scientificName: String?
            switch values[index + 2] {
            case .text(let text): scientificName = text
            case .null: scientificName = nil
            default: throw StoreError.corrupt("scientific_name")
            }
            let key = Taxonomy.MatchKey(name: name, scientificName: scientificName)
            if let known = pairIndex[key] {
                log.pairOfRow.append(known)
            } else {
                pairIndex[key] = log.pairs.count
                log.pairOfRow.append(log.pairs.count)
                log.pairs.append(key)
            }
            log.ids.append(id)
            log.dates.append(date)
            index += 4
        }
        let dates = log.dates
        log.order = dates.indices.sorted { dates[$0] != dates[$1] ? dates[$0] < dates[$1] : $0 < $1 }
        return log
    }

    /// The days of moments in a time zone, for moments mostly in order: the zone's offset is looked up once for
    /// each stretch between two of its changes (daylight saving time), not once for each moment.
    private struct DayReader {
        let zone: TimeZone
        var start = Date.distantFuture
        var end = Date.distantPast
        var offset = 0.0

        init(_ zone: TimeZone) { self.zone = zone }

        mutating func day(_ date: Date) -> Day {
            if date < start || date >= end {
                offset = Double(zone.secondsFromGMT(for: date))
                start = date
                end = zone.nextDaylightSavingTimeTransition(after: date) ?? .distantFuture
            }
            let local = Int((date.timeIntervalSince1970 + offset).rounded(.down))
            return Day(daysSince1970: local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
        }
    }

    /// The list of `year`, or over all years when `year` is `nil`: one pass over the log in the order seen, then the
    /// first sightings of its species read whole.
    private func list(year: Int?, taxonomy: Taxonomy) throws -> BirdList {
        let log = try seen()
        let matches = log.matches(taxonomy)
        var days = DayReader(log.zone)
        var firsts: [Int: (row: Int, count: Int, isLifer: Bool)] = [:]
        var everSeen: Set<Int> = []
        var uncounted = NameTally()
        var unmatched = NameTally()
        var monthly = [Set<Int>](repeating: [], count: year == nil ? 0 : 12)
        var newByYear: [Int: Int] = [:]
        for row in log.order {
            let match = matches[log.pairOfRow[row]]
            let isFirstEver = match.species.map { everSeen.insert($0.order).inserted } ?? false
            let date = days.day(log.dates[row]).parts
            if isFirstEver, year == nil { newByYear[date.year, default: 0] += 1 }
            if let year, date.year != year { continue }
            switch match {
            case .species(let species):
                if year != nil { monthly[date.month - 1].insert(species.order) }
                if let known = firsts[species.order] {
                    firsts[species.order] = (known.row, known.count + 1, known.isLifer)
                } else {
                    firsts[species.order] = (row, 1, isFirstEver)
                }
            case .uncounted: uncounted.add(log.pairs[log.pairOfRow[row]].name)
            case .unmatched: unmatched.add(log.pairs[log.pairOfRow[row]].name)
            }
        }
        let ids = firsts.values.compactMap { UUID(uuidString: log.ids[$0.row]) }
        let records = try sightings.store.read { try $0.records(BirdSighting.self, ids: ids) }
        let listed = try firsts.sorted { $0.key < $1.key }.map { order, entry in
            guard let id = UUID(uuidString: log.ids[entry.row]), let first = records[id] else {
                throw StoreError.corrupt("sighting")
            }
            return ListedSpecies(
                species: taxonomy.species[order - 1], first: Numbered(number: entry.row + 1, record: first),
                sightings: entry.count, isLifer: entry.isLifer)
        }
        var totalByYear: [YearTotal] = []
        if let first = newByYear.keys.min(), let last = newByYear.keys.max() {
            var total = 0
            for year in first...last {
                total += newByYear[year] ?? 0
                totalByYear.append(YearTotal(year: year, total: total))
            }
        }
        return BirdList(
            species: listed, uncounted: uncounted.names, unmatched: unmatched.names,
            speciesPerMonth: monthly.map(\.count), totalByYear: totalByYear)
    }

    /// Names counted in the order first seen.
    private struct NameTally {
        var counts: [String: Int] = [:]
        var order: [String] = []

        mutating func add(_ name: String) {
            if counts[name] == nil { order.append(name) }
            counts[name, default: 0] += 1
        }

        var names: [NamedSightings] { order.map { NamedSightings(name: $0, sightings: counts[$0] ?? 0) } }
    }
}

extension BirdSighting {
    /// A sighting's name finds its species: added (by any face) or renamed without a scientific name of its own, a
    /// sighting gets its species' from the taxonomy (``Taxonomy/match(name:scientificName:)``), or else the one an
    /// earlier sighting of the same name (in any case) was matched to (``BirdSightingLog/match(name:to:)``), or
    /// none. A scientific name given with the name (an eBird row, an edit that sets it) is kept as given.
    public static var settlesInList: Bool { true }

    public static func settleInList(
        _ record: inout BirdSighting, changedFrom old: BirdSighting?, in session: any StoreSession
    ) throws {
        if let old {
            guard old.name != record.name, old.details.scientificName == record.details.scientificName else { return }
        } else if record.details.scientificName != nil {
            return
        }
        record.details.scientificName = try scientificName(for: record.name, in: session)
    }

    /// The scientific name a sighting named `name` takes: its species' in the taxonomy, else the one the latest
    /// earlier sighting of that name has; `nil` when neither knows, or for a sp., slash, hybrid or domestic entry.
    static func scientificName(for name: String, in session: any StoreSession) throws -> String? {
        switch Taxonomy.world.match(name: name) {
        case .species(let species): return species.scientificName
        case .uncounted: return nil
        case .unmatched:
            let named = try session.records(BirdSighting.self, named: name, ignoringCase: true, limit: 100)
            return named.last { $0.record.details.scientificName != nil }?.record.details.scientificName
        }
    }
}
