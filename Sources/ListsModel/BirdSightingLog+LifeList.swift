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
    /// The sightings of sp., slash, hybrid and domestic entries, in the order they were seen.
    public let uncounted: [Numbered<BirdSighting>]
    /// The sightings whose name the taxonomy does not know (and no one has matched yet), in the order they were seen.
    public let unmatched: [Numbered<BirdSighting>]

    /// How many species: the list's total.
    public var total: Int { species.count }

    /// The species in `order`.
    public func species(in order: Order) -> [ListedSpecies] {
        switch order {
        case .taxonomic: species
        case .date: species.sorted { BirdSightingLog.seenBefore($0.first, $1.first) }
        }
    }
}

/// What each sighting adds to the lists: kept for a log's screen, where a sighting that adds a species shows
/// "Lifer" or "First of the year".
public struct SightingFirsts: Sendable, Hashable {
    /// The sightings that are their species' first ever.
    public let lifers: Set<UUID>
    /// The sightings that are their species' first of their year (a lifer is one too).
    public let firstsOfYear: Set<UUID>
    /// What each sighting counts as, by its id.
    public let matches: [UUID: SpeciesMatch]
}

extension BirdSightingLog {
    /// Every species seen, with where and when first (see ``BirdList``).
    public func lifeList(taxonomy: Taxonomy = .world) throws -> BirdList {
        let (sightings, zone) = try seen()
        return Self.list(of: sightings, taxonomy: taxonomy, year: nil, zone: zone)
    }

    /// Every species seen in `year` (a year of the household's time zone), with where and when first that year;
    /// ``ListedSpecies/isLifer`` tells the species first seen ever that year.
    public func yearList(_ year: Int, taxonomy: Taxonomy = .world) throws -> BirdList {
        let (sightings, zone) = try seen()
        return Self.list(of: sightings, taxonomy: taxonomy, year: year, zone: zone)
    }

    /// The lifers and firsts of the year among all sightings.
    public func firsts(taxonomy: Taxonomy = .world) throws -> SightingFirsts {
        let (sightings, zone) = try seen()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        var matches: [UUID: SpeciesMatch] = [:]
        var lifers: Set<UUID> = []
        var firstsOfYear: Set<UUID> = []
        var seenEver: Set<Int> = []
        var seenInYear: Set<[Int]> = []
        var cache: [NameKey: SpeciesMatch] = [:]
        for sighting in sightings {
            let match = Self.match(sighting.record, taxonomy: taxonomy, cache: &cache)
            matches[sighting.record.id] = match
            guard let species = match.species else { continue }
            if seenEver.insert(species.order).inserted { lifers.insert(sighting.record.id) }
            let year = calendar.component(.year, from: sighting.record.date)
            if seenInYear.insert([year, species.order]).inserted { firstsOfYear.insert(sighting.record.id) }
        }
        return SightingFirsts(lifers: lifers, firstsOfYear: firstsOfYear, matches: matches)
    }

    /// Matches every sighting named `name` (exactly, as typed) to `species`: their scientific name becomes the
    /// species', and a sighting added later under that name is matched to it too (``add(name:location:date:details:numbered:id:)``).
    /// Answers the sightings changed.
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

    /// The sightings in the order they were seen, and the household's time zone, in one read.
    private func seen() throws -> (sightings: [Numbered<BirdSighting>], zone: TimeZone) {
        let all = try sightings.list()
        let zone = try sightings.store.householdTimeZone()
        return (all.sorted(by: Self.seenBefore), zone)
    }

    /// Whether `one` was seen before `other`: by date, and of two at one moment the one added first.
    static func seenBefore(_ one: Numbered<BirdSighting>, _ other: Numbered<BirdSighting>) -> Bool {
        one.record.date != other.record.date ? one.record.date < other.record.date : one.number < other.number
    }

    /// A sighting's name and scientific name: what its match depends on.
    private struct NameKey: Hashable {
        let name: String
        let scientificName: String?
    }

    /// What `sighting` counts as, remembered by name for the next sighting of the same bird.
    private static func match(
        _ sighting: BirdSighting, taxonomy: Taxonomy, cache: inout [NameKey: SpeciesMatch]
    ) -> SpeciesMatch {
        let key = NameKey(name: sighting.name, scientificName: sighting.details.scientificName)
        if let known = cache[key] { return known }
        let match = taxonomy.match(name: sighting.name, scientificName: sighting.details.scientificName)
        cache[key] = match
        return match
    }

    /// The list of `sightings` (in the order they were seen) in `year`, or over all years when `year` is `nil`.
    static func list(
        of sightings: [Numbered<BirdSighting>], taxonomy: Taxonomy, year: Int?, zone: TimeZone
    ) -> BirdList {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        var cache: [NameKey: SpeciesMatch] = [:]
        var firsts: [Int: (first: Numbered<BirdSighting>, count: Int, isLifer: Bool)] = [:]
        var everSeen: Set<Int> = []
        var uncounted: [Numbered<BirdSighting>] = []
        var unmatched: [Numbered<BirdSighting>] = []
        for sighting in sightings {
            let match = match(sighting.record, taxonomy: taxonomy, cache: &cache)
            let isFirstEver = match.species.map { everSeen.insert($0.order).inserted } ?? false
            if let year, calendar.component(.year, from: sighting.record.date) != year { continue }
            switch match {
            case .species(let species):
                if let known = firsts[species.order] {
                    firsts[species.order] = (known.first, known.count + 1, known.isLifer)
                } else {
                    firsts[species.order] = (sighting, 1, isFirstEver)
                }
            case .uncounted: uncounted.append(sighting)
            case .unmatched: unmatched.append(sighting)
            }
        }
        let listed = firsts.sorted { $0.key < $1.key }.map { order, entry in
            ListedSpecies(
                species: taxonomy.species[order - 1], first: entry.first, sightings: entry.count,
                isLifer: entry.isLifer)
        }
        return BirdList(species: listed, uncounted: uncounted, unmatched: unmatched)
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
