import Foundation
import ListsModel

/// `lists birds ...`: the Bird Sightings app (BirdWatching).
enum BirdsCommands {
    static let all = [
        CommandEntry(List.self), CommandEntry(Add.self), CommandEntry(Show.self), CommandEntry(Edit.self),
        CommandEntry(Remove.self), CommandEntry(Life.self), CommandEntry(Year.self), CommandEntry(Species.self),
        CommandEntry(Match.self),
    ]

    static let countHelp = "how many: a whole number from 1 to 1000000, or X for present"

    static let dateHelp = "when it was seen: YYYY-MM-DD or YYYY-MM-DDTHH:MM, local time (default: now)"

    /// `lists birds list`.
    struct List: Command {
        static let configuration = CommandConfiguration(
            app: "birds", name: "list",
            abstract: "Show the sightings in the order they were added: the bird's name and the date.",
            example: "lists birds list")
        static let arguments: [Argument<Self>] = []

        func run(_ run: Invocation) throws {
            let sightings = try run.birds().all()
            if run.wantsJSON { return run.output.json(CollectionBody(sightings)) }
            let rows = sightings.map { ["\($0.number)", $0.record.name, run.date($0.record.date)] }
            run.output.table(Table(alignments: [.right, .left, .left], rows: rows)) { column, cell in
                column == 0 ? run.output.dim(cell) : cell
            }
            if sightings.isEmpty, run.output.isTerminal {
                run.output.line("No sightings. Add one: lists birds add NAME")
            }
        }
    }

    /// `lists birds add NAME [--location L] [--date D] [--count N] [--comments C]`.
    struct Add: Command {
        static let configuration = CommandConfiguration(
            app: "birds", name: "add",
            abstract: "Add a sighting at the end of the list, dated now unless --date is given.",
            discussion: "NAME, the bird's name, is required (1 to 200 characters): a species' English or "
                + "scientific name or its 4-letter code finds the species ('lists birds species TEXT' lists "
                + "them); another name is kept as typed, not matched. The location is optional (up to 200). A "
                + "date without a time means noon, local time. A sighting of a species never seen before is "
                + "a lifer.",
            example: "lists birds add \"American Robin\" --count 3 --location \"Back garden\"")
        static let arguments: [Argument<Self>] = [
            .positional("NAME", 1, nil) { $0.words = $1 },
            .option("location", "L", help: "where it was seen") { $0.locationText = $1 },
            .option("date", "D", help: dateHelp) { $0.dateText = $1 },
            .option("count", "N", help: countHelp) { $0.countText = $1 },
            .option("comments", "C", help: "comments, of one or several lines") { $0.commentsText = $1 },
        ]

        var words: [String] = []
        var locationText: String?
        var dateText: String?
        var countText: String?
        var commentsText: String?
        var name = ""
        var location: String?
        var date: Date?
        var details = SightingDetails()

        mutating func validate() throws {
            date = try dateText.map { try BirdSighting.Fields.date.parse($0) }
            name = try BirdSighting.Fields.name.parse(words.joinedInline(separator: " "))
            location = try locationText.flatMap { try BirdSighting.Fields.location.parse($0) }
            details.count = try countText.flatMap { try BirdSighting.Fields.count.parse($0) }
            details.comments = try commentsText.flatMap { try BirdSighting.Fields.comments.parse($0) }
        }

        func run(_ run: Invocation) throws {
            let log = try run.birds()
            try BirdsCommands.refuseAmbiguousCode(name)
            let added = try log.add(name: name, location: location, date: date, details: details)
            if run.wantsJSON { return run.output.json(added.record) }
            let firsts = try log.firsts(of: [added.record])
            let mark =
                firsts.lifers.contains(added.record.id)
                ? " (Lifer!)" : firsts.firstsOfYear.contains(added.record.id) ? " (first of the year)" : ""
            run.output.line("Added sighting \(added.number ?? 0): \(summary(added.record, run))\(mark)")
            let match = Taxonomy.world.match(
                name: added.record.name, scientificName: added.record.details.scientificName)
            if match == .unmatched, run.output.isTerminal {
                run.output.line(
                    "\(added.record.name) matches no species; find it with 'lists birds species TEXT' and "
                        + "'lists birds match'.")
            }
        }
    }

    /// Refuses a name that is a 4-letter code of two species (``Taxonomy/species(code:field:)``).
    static func refuseAmbiguousCode(_ name: String) throws {
        if Taxonomy.looksLikeCode(name) { _ = try Taxonomy.world.species(code: name) }
    }

    /// `lists birds show REF`.
    struct Show: Command {
        static let configuration = CommandConfiguration(
            app: "birds", name: "show",
            abstract: "Show one sighting: Bird Name, Location, Date (the tutorial's detail screen).",
            discussion: "REF is the sighting's number from 'lists birds list', 4 or more characters of its id, or "
                + "the bird's exact name.",
            example: "lists birds show 2")
        static let arguments: [Argument<Self>] = [.positional("REF", 1, 1) { $0.references = $1 }]

        var references: [String] = []

        func run(_ run: Invocation) throws {
            let sighting = try run.birds().sighting(.typed(references[0])).record
            if run.wantsJSON { return run.output.json(sighting) }
            let rows =
                [
                    ["Bird Name", sighting.name], ["Location", sighting.location ?? ""],
                    ["Date", run.date(sighting.date)],
                ] + sighting.details.labelled.map { [$0.label, $0.value] } + [
                    ["ID", sighting.id.uuidString],
                    ["Version", "\(sighting.meta.version)"],
                ]
            run.output.table(Table(alignments: [.left, .left], rows: rows)) { column, cell in
                column == 0 ? run.output.bold(cell) : cell
            }
        }
    }

    /// `lists birds edit REF [--name N] [--location L] [--date D] [--count N] [--comments C] [--if-version V]`.
    struct Edit: Command {
        static let configuration = CommandConfiguration(
            app: "birds", name: "edit", abstract: "Change a sighting's name, location, date, count or comments.",
            discussion: "An empty --location, --count or --comments removes it.",
            example: "lists birds edit \"American Robin\" --count 4 --location \"Front garden\"")
        static let arguments: [Argument<Self>] = [
            .positional("REF", 1, 1) { $0.references = $1 },
            .option("name", "N", help: "the bird's name") { $0.nameText = $1 },
            .option("location", "L", help: "where it was seen") { $0.location = $1 },
            .option("date", "D", help: dateHelp) { $0.dateText = $1 },
            .option("count", "N", help: countHelp + "; empty removes it") { $0.countText = $1 },
            .option("comments", "C", help: "comments; empty removes them") { $0.commentsText = $1 },
            .option("if-version", "V", help: "refuse the change unless the sighting is at version V") {
                $0.versionText = $1
            },
        ]

        var references: [String] = []
        var nameText: String?
        /// The new location as given: empty removes it.
        var location: String?
        var dateText: String?
        var versionText: String?
        var countText: String?
        var commentsText: String?
        var name: String?
        var date: Date?
        var count: BirdCount??
        var comments: String??
        var version: Int?

        mutating func validate() throws {
            name = try nameText.map { try BirdSighting.Fields.name.parse($0) }
            _ = try location.map { try BirdSighting.Fields.location.parse($0) }
            date = try dateText.map { try BirdSighting.Fields.date.parse($0) }
            count = try countText.map { try BirdSighting.Fields.count.parse($0) }
            comments = try commentsText.map { try BirdSighting.Fields.comments.parse($0) }
            guard name != nil || location != nil || date != nil || count != nil || comments != nil else {
                throw UsageError(
                    message: "nothing to change; give --name, --location, --date, --count or --comments",
                    command: Self.path)
            }
            version = try Typed.version(versionText)
        }

        func run(_ run: Invocation) throws {
            let (count, comments) = (count, comments)
            let change: ((inout SightingDetails) -> Void)? =
                count == nil && comments == nil
                ? nil
                : { details in
                    if let count { details.count = count }
                    if let comments { details.comments = comments }
                }
            let edited = try run.birds().edit(
                .typed(references[0]), name: name, location: location, date: date, details: change,
                expectedVersion: version)
            if run.wantsJSON { return run.output.json(edited.record) }
            run.output.line("Updated sighting \(edited.number): \(summary(edited.record, run))")
        }
    }

    /// `lists birds rm REF...`.
    struct Remove: Command {
        static let configuration = CommandConfiguration(
            app: "birds", name: "rm", abstract: "Delete sightings.",
            discussion: "Every REF must match exactly one sighting, or nothing is deleted.",
            example: "lists birds rm Pigeon")
        static let arguments: [Argument<Self>] = [.positional("REF...", 1, nil) { $0.references = $1 }]

        var references: [String] = []

        func run(_ run: Invocation) throws {
            let removed = try run.birds().remove(references.map(Reference.typed))
            if run.wantsJSON { return run.output.json(changed: removed) }
            for numbered in removed { run.output.line("Removed sighting \(numbered.number): \(numbered.record.name)") }
        }
    }

    /// `Robin, Back garden, Nov 29, 2026`.
    static func summary(_ sighting: BirdSighting, _ run: Invocation) -> String {
        ([sighting.name] + (sighting.location.map { [$0] } ?? []) + [run.date(sighting.date)])
            .joinedInline(separator: ", ")
    }
}
