import Foundation

/// A species on a life list or a year list, with its first sighting there.
public struct ListedSpecies: Sendable, Hashable {
    /// The species.
    public let species: Species
    /// Its first sighting on the list (the earliest; of two on one date, the one added first): where and when.
    public let first: BirdSighting
    /// That sighting's place in the log's order: of two first seen at one moment, the one added first comes first.
    let firstPlace: Int64
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
        case .date:
            species.sorted { one, other in
                one.first.date != other.first.date
                    ? one.first.date < other.first.date : one.firstPlace < other.firstPlace
            }
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
        let (log, records) = try sightings.store.read { session in
            let log = try NameLog(session, household: sightings.store.household, taxonomy: taxonomy)
            return (log, try session.records(BirdSighting.self, firstOf: Array(log.firstOfSpecies.values)))
        }
        var days = DayReader(log.zone)
        var newByYear: [Int: Int] = [:]
        // In order, so that the zone's offset is looked up once a stretch between its changes, not once a species.
        for date in log.firstOfSpecies.values.map(\.date).sorted() { newByYear[days.day(date).year, default: 0] += 1 }
        var totalByYear: [YearTotal] = []
        if let first = newByYear.keys.min(), let last = newByYear.keys.max() {
            var total = 0
            for year in first...last {
                total += newByYear[year] ?? 0
                totalByYear.append(YearTotal(year: year, total: total))
            }
        }
        var uncounted = NameTally()
        var unmatched = NameTally()
        for (index, group) in log.groups.enumerated() {
            switch log.matches[index] {
            case .species: break
            case .uncounted: uncounted.add(group)
            case .unmatched: unmatched.add(group)
            }
        }
        let listed = try log.firstOfSpecies.sorted { $0.key < $1.key }.map { order, first in
            guard let record = records[first.id] else { throw StoreError.corrupt("sighting") }
            return ListedSpecies(
                species: taxonomy.species[order - 1], first: record, firstPlace: first.place,
                sightings: log.countOfSpecies[order] ?? 0, isLifer: true)
        }
        return BirdList(
            species: listed, uncounted: uncounted.names, unmatched: unmatched.names, speciesPerMonth: [],
            totalByYear: totalByYear)
    }

    /// Every species seen in `year` (a year of the household's time zone), with where and when first that year;
    /// ``ListedSpecies/isLifer`` tells the species first seen ever that year.
    public func yearList(_ year: Int, taxonomy: Taxonomy = .world) throws -> BirdList {
        let household = sightings.store.household
        // One read: the log's names, the year's rows, and the first sightings of its species.
        return try sightings.store.read { session in
            let log = try NameLog(session, household: household, taxonomy: taxonomy)
            let values = try session.values(
                BirdSighting.self, columns: ["id", "name", "scientific_name", "sighted_at"],
                within: ("sighted_at", try Self.range(of: year, in: log.zone)))
            var days = DayReader(log.zone)
            var firsts: [Int: (date: Date, row: Int, id: String, count: Int)] = [:]
            var monthly = [Set<Int>](repeating: [], count: 12)
            var uncounted = NameTally()
            var unmatched = NameTally()
            var matchOfPair = log.matchOfPair
            var row = 0
            while row * 4 + 3 < values.count {
                let base = row * 4
                guard case .text(let id) = values[base], case .date(let date) = values[base + 3] else {
                    throw StoreError.corrupt("sighting")
                }
                let key = try NameLog.pair(values[base + 1], values[base + 2])
                let match =
                    matchOfPair[key]
                    ?? {
                        let found = taxonomy.match(name: key.name, scientificName: key.scientificName)
                        matchOfPair[key] = found
                        return found
                    }()
                switch match {
                case .species(let species):
                    monthly[days.day(date).parts.month - 1].insert(species.order)
                    if let known = firsts[species.order] {
                        let isEarlier = date < known.date
                        firsts[species.order] = (
                            isEarlier ? date : known.date, isEarlier ? row : known.row, isEarlier ? id : known.id,
                            known.count + 1
                        )
                    } else {
                        firsts[species.order] = (date, row, id, 1)
                    }
                case .uncounted: uncounted.add(key.name, count: 1, date: date, place: Int64(row))
                case .unmatched: unmatched.add(key.name, count: 1, date: date, place: Int64(row))
                }
                row += 1
            }
            let records = try session.records(
                BirdSighting.self, ids: firsts.values.compactMap { UUID(text: $0.id) })
            let listed = try firsts.sorted { $0.key < $1.key }.map { order, entry in
                guard let id = UUID(text: entry.id), let first = records[id] else {
                    throw StoreError.corrupt("sighting")
                }
                return ListedSpecies(
                    species: taxonomy.species[order - 1], first: first, firstPlace: Int64(entry.row),
                    sightings: entry.count, isLifer: log.firstOfSpecies[order]?.id == id)
            }
            return BirdList(
                species: listed, uncounted: uncounted.names, unmatched: unmatched.names,
                speciesPerMonth: monthly.map(\.count), totalByYear: [])
        }
    }

    /// Which of `sightings` (sightings of this log) are lifers and firsts of their year: one read of the log's
    /// names, then for each sighting that is not a lifer, a look-up of an earlier one of its species that year.
    public func firsts(of sightings: [BirdSighting], taxonomy: Taxonomy = .world) throws -> SightingFirsts {
        guard !sightings.isEmpty else { return SightingFirsts(lifers: [], firstsOfYear: []) }
        let household = self.sightings.store.household
        return try self.sightings.store.read { session in
            let log = try NameLog(session, household: household, taxonomy: taxonomy)
            let lifers = Set(log.firstOfSpecies.values.map(\.id))
            var pairsOfSpecies: [Int: [FirstInGroup]] = [:]
            for (index, group) in log.groups.enumerated() {
                if case .species(let species) = log.matches[index] {
                    pairsOfSpecies[species.order, default: []].append(group)
                }
            }
            var days = DayReader(log.zone)
            var yearStarts: [Int: Date] = [:]
            var firstsOfYear: Set<UUID> = []
            for sighting in sightings {
                if lifers.contains(sighting.id) {
                    firstsOfYear.insert(sighting.id)
                    continue
                }
                guard
                    case .species(let species) = taxonomy.match(
                        name: sighting.name, scientificName: sighting.details.scientificName)
                else { continue }
                let year = days.day(sighting.date).year
                let start = try yearStarts[year] ?? Self.range(of: year, in: log.zone).lowerBound
                yearStarts[year] = start
                let hasEarlier = try (pairsOfSpecies[species.order] ?? []).contains { group in
                    // A name first seen after it cannot have been seen before it.
                    guard group.date <= sighting.date else { return false }
                    return try session.hasEarlier(
                        BirdSighting.self, matching: [("name", group.values[0]), ("scientific_name", group.values[1])],
                        earliest: "sighted_at", from: start, than: sighting.id)
                }
                if !hasEarlier { firstsOfYear.insert(sighting.id) }
            }
            return SightingFirsts(lifers: lifers.intersection(sightings.map(\.id)), firstsOfYear: firstsOfYear)
        }
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

    /// The moments of `year` in `zone`: from its first midnight to the next year's.
    static func range(of year: Int, in zone: TimeZone) throws -> Range<Date> {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard let start = calendar.date(from: DateComponents(year: year, month: 1, day: 1)),
            let end = calendar.date(from: DateComponents(year: year + 1, month: 1, day: 1))
        else { throw ValidationError(field: "year", message: "\(year) is not a year this calendar has") }
        return start..<end
    }

    /// What the lists read of a log: each name and scientific name its sightings have (a pair), with how many
    /// sightings have it and the first of them (``StoreSession/firstInGroups(_:groupedBy:earliest:)``, one pass
    /// over an index, not the sightings whole), what each pair counts as, each species' first sighting, and the
    /// household's time zone.
    private struct NameLog {
        let groups: [FirstInGroup]
        let matches: [SpeciesMatch]
        var matchOfPair: [Taxonomy.MatchKey: SpeciesMatch] = [:]
        /// Each species' first sighting, by taxonomic order.
        var firstOfSpecies: [Int: FirstInGroup] = [:]
        /// How many sightings each species has, by taxonomic order.
        var countOfSpecies: [Int: Int] = [:]
        let zone: TimeZone

        init(_ session: any StoreSession, household: HouseholdID, taxonomy: Taxonomy) throws {
            groups = try session.firstInGroups(
                BirdSighting.self, groupedBy: ["name", "scientific_name"], earliest: "sighted_at")
            zone = try HouseholdTimeZone.of(household, in: session).foundation
            var matches: [SpeciesMatch] = []
            matches.reserveCapacity(groups.count)
            for group in groups {
                let key = try Self.pair(group.values[0], group.values[1])
                let match = taxonomy.match(name: key.name, scientificName: key.scientificName)
                matches.append(match)
                matchOfPair[key] = match
                guard case .species(let species) = match else { continue }
                countOfSpecies[species.order, default: 0] += group.count
                if let known = firstOfSpecies[species.order],
                    known.date < group.date || (known.date == group.date && known.place < group.place)
                {
                    continue
                }
                firstOfSpecies[species.order] = group
            }
            self.matches = matches
        }

        /// The name and scientific name a sighting's stored `name` and `scientific_name` are.
        /// - Throws: ``StoreError/corrupt(_:)`` for values of other kinds.
        static func pair(_ name: FieldValue, _ scientificName: FieldValue) throws -> Taxonomy.MatchKey {
            guard case .text(let name) = name else { throw StoreError.corrupt("sighting") }
            switch scientificName {
            case .text(let text): return Taxonomy.MatchKey(name: name, scientificName: text)
            case .null: return Taxonomy.MatchKey(name: name, scientificName: nil)
            default: throw StoreError.corrupt("scientific_name")
            }
        }
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

    /// Names counted, in the order first seen.
    private struct NameTally {
        var entries: [String: (count: Int, date: Date, place: Int64)] = [:]

        mutating func add(_ group: FirstInGroup) {
            guard case .text(let name) = group.values[0] else { return }
            add(name, count: group.count, date: group.date, place: group.place)
        }

        mutating func add(_ name: String, count: Int, date: Date, place: Int64) {
            guard let known = entries[name] else {
                entries[name] = (count, date, place)
                return
            }
            let isEarlier = date < known.date || (date == known.date && place < known.place)
            entries[name] = (known.count + count, isEarlier ? date : known.date, isEarlier ? place : known.place)
        }

        var names: [NamedSightings] {
            entries.sorted { one, other in
                one.value.date != other.value.date
                    ? one.value.date < other.value.date : one.value.place < other.value.place
            }
            .map { NamedSightings(name: $0.key, sightings: $0.value.count) }
        }
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
