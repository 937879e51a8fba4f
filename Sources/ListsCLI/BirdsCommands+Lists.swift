import Foundation
import ListsModel

/// `lists birds life`, `year`, `species` and `match`: the lists a birder keeps, from the sightings.
extension BirdsCommands {
    static let orderHelp = "taxonomic (the taxonomy's order, the default) or date (first seen first)"

    /// `lists birds life [--by taxonomic|date]`.
    struct Life: Command {
        static let configuration = CommandConfiguration(
            app: "birds", name: "life", abstract: "Show the life list: every species seen, with when and where first.",
            discussion: "Each species is counted once, its subspecies and forms with it, as eBird counts; sp., "
                + "slash, hybrid and domestic entries are shown but not counted, and so are names that match no "
                + "species until they are matched ('lists birds match').",
            example: "lists birds life --by date")
        static let arguments: [Argument<Self>] = [
            .option("by", "ORDER", help: orderHelp) { $0.orderText = $1 }
        ]

        var orderText: String?
        var order = BirdList.Order.taxonomic

        mutating func validate() throws { order = try BirdsCommands.order(orderText, command: Self.path) }

        func run(_ run: Invocation) throws {
            let list = try run.birds().lifeList()
            try BirdsCommands.show(list, year: nil, order: order, run)
        }
    }

    /// `lists birds year [YEAR] [--by taxonomic|date]`.
    struct Year: Command {
        static let configuration = CommandConfiguration(
            app: "birds", name: "year",
            abstract: "Show a year list: every species seen in YEAR (default: this year), with when and where first.",
            discussion: "Years are the household's (lists households zone). Species first seen ever that year are "
                + "marked Lifer.",
            example: "lists birds year 2026")
        static let arguments: [Argument<Self>] = [
            .positional("YEAR", 0, 1) { $0.yearText = $1.first },
            .option("by", "ORDER", help: orderHelp) { $0.orderText = $1 },
        ]

        var yearText: String?
        var orderText: String?
        var year: Int?
        var order = BirdList.Order.taxonomic

        mutating func validate() throws {
            order = try BirdsCommands.order(orderText, command: Self.path)
            if let yearText {
                guard let year = BirdList.year(yearText) else {
                    throw ValidationError(field: "year", message: "use a year from 1800 on, such as 2026")
                }
                self.year = year
            }
        }

        func run(_ run: Invocation) throws {
            let log = try run.birds()
            let year =
                try year
                ?? {
                    var calendar = Calendar(identifier: .gregorian)
                    calendar.timeZone = try log.sightings.store.householdTimeZone().foundation
                    return calendar.component(.year, from: log.sightings.now())
                }()
            try BirdsCommands.show(try log.yearList(year), year: year, order: order, run)
        }
    }

    /// `lists birds species TEXT`.
    struct Species: Command {
        static let configuration = CommandConfiguration(
            app: "birds", name: "species",
            abstract: "Find species in the taxonomy (AviList 2025) by words of their names, or a 4-letter code.",
            discussion: "Words may be typed in any order and each may be the start of a word: 'rob am' finds "
                + "American Robin. Up to 20 are shown.",
            example: "lists birds species dark junco")
        static let arguments: [Argument<Self>] = [.positional("TEXT", 1, nil) { $0.words = $1 }]

        var words: [String] = []

        func run(_ run: Invocation) throws {
            let typed = words.joinedInline(separator: " ")
            let found = Taxonomy.world.suggestions(for: typed, limit: 20)
            if run.wantsJSON { return run.output.json(SpeciesListBody(found)) }
            if found.isEmpty { return run.output.line("No species matches \(typed).") }
            let rows = found.map { [$0.englishName, $0.scientificName, $0.codes.joinedInline(separator: ", ")] }
            run.output.table(Table(alignments: [.left, .left, .left], rows: rows)) { column, cell in
                column == 0 ? cell : run.output.dim(cell)
            }
        }
    }

    /// `lists birds match NAME SPECIES`.
    struct Match: Command {
        static let configuration = CommandConfiguration(
            app: "birds", name: "match",
            abstract: "Match every sighting named NAME to a species, and the sightings added under that name later.",
            discussion: "SPECIES is the species' English or scientific name or its 4-letter code, as 'lists birds "
                + "species' shows them; quote names of several words.",
            example: "lists birds match Pigeon \"Rock Dove\"")
        static let arguments: [Argument<Self>] = [
            .positional("NAME", 1, 1) { $0.name = $1.first ?? "" },
            .positional("SPECIES", 1, nil) { $0.speciesWords = $1 },
        ]

        var name = ""
        var speciesWords: [String] = []

        func run(_ run: Invocation) throws {
            let typed = speciesWords.joinedInline(separator: " ")
            let species: ListsModel.Species
            if let byCode = typed.count == 4 ? try Taxonomy.world.species(code: typed, field: "species") : nil {
                species = byCode
            } else if let found = Taxonomy.world.match(name: typed).species {
                species = found
            } else {
                let near = Taxonomy.world.suggestions(for: typed, limit: 3).map(\.englishName)
                throw ValidationError(
                    field: "species",
                    message: "no species is named \(typed)"
                        + (near.isEmpty ? "" : "; did you mean \(near.joinedInline(separator: ", "))?")
                        + " ('lists birds species \(typed)' lists them)")
            }
            let changed = try run.birds().match(name: name, to: species)
            if run.wantsJSON { return run.output.json(CollectionBody(changed)) }
            let count = changed.count == 1 ? "1 sighting" : "\(changed.count) sightings"
            run.output.line("Matched \(count) of \(name) to \(species.englishName) (\(species.scientificName)).")
        }
    }

    /// The order `text` names (`nil`: taxonomic).
    /// - Throws: ``UsageError`` for another word.
    static func order(_ text: String?, command: String) throws -> BirdList.Order {
        guard let text else { return .taxonomic }
        guard let order = BirdList.Order(rawValue: text.lowercased()) else {
            throw UsageError(message: "--by takes taxonomic or date, not \(text)", command: command)
        }
        return order
    }

    /// Prints a life or year list: its total, its species (number, name, scientific name, first date, first
    /// place, and on a year list Lifer), then what it does not count.
    static func show(_ list: BirdList, year: Int?, order: BirdList.Order, _ run: Invocation) throws {
        if run.wantsJSON { return run.output.json(BirdListBody(list, year: year, order: order)) }
        let title = year.map { "Year list \($0)" } ?? "Life list"
        let total = list.total == 1 ? "1 species" : "\(list.total) species"
        run.output.line(run.output.bold("\(title): \(total)"))
        let rows = list.species(in: order).enumerated().map { index, entry in
            [
                "\(index + 1)", entry.species.englishName, entry.species.scientificName,
                run.date(entry.first.date), entry.first.location ?? "",
            ] + (year == nil ? [] : [entry.isLifer ? "Lifer" : ""])
        }
        if !rows.isEmpty {
            let alignments: [Table.Alignment] = [.right, .left, .left, .left, .left] + (year == nil ? [] : [.left])
            run.output.table(Table(alignments: alignments, rows: rows)) { column, cell in
                column == 0 || column == 2 ? run.output.dim(cell) : cell
            }
        }
        if !list.uncounted.isEmpty {
            run.output.line("Not counted (sp., slash, hybrid, domestic): " + names(of: list.uncounted))
        }
        if !list.unmatched.isEmpty {
            run.output.line(
                "Not matched to a species: " + names(of: list.unmatched)
                    + ". Match them: lists birds match NAME SPECIES")
        }
    }

    /// `robin (2), gull sp.`: each name, with how many sightings have it when more than one.
    static func names(of entries: [NamedSightings]) -> String {
        entries.map { $0.sightings > 1 ? "\($0.name) (\($0.sightings))" : $0.name }.joinedInline(separator: ", ")
    }
}
