import ListsModel

/// `lists birds ...`: the Bird Sightings app (BirdWatching).
enum BirdsCommands {
    static let dateHelp = "when it was seen: YYYY-MM-DD or YYYY-MM-DDTHH:MM, local time (default: now)"

    static let all: [CommandSpec] = [
        CommandSpec(
            app: "birds", name: "list", arguments: "", arity: (0, 0),
            abstract: "Show the sightings in the order they were added: the bird's name and the date.",
            discussion: "", options: [], example: "lists birds list", run: list),
        CommandSpec(
            app: "birds", name: "add", arguments: "NAME", arity: (1, nil),
            abstract: "Add a sighting at the end of the list, dated now unless --date is given.",
            discussion: "NAME, the bird's name, is required (1 to 200 characters); the location is optional (up to "
                + "200). A date without a time means noon, local time.",
            options: [
                OptionSpec(name: "location", value: "L", help: "where it was seen"),
                OptionSpec(name: "date", value: "D", help: dateHelp),
            ],
            example: "lists birds add Robin --location \"Back garden\" --date 2026-11-29", run: add),
        CommandSpec(
            app: "birds", name: "show", arguments: "REF", arity: (1, 1),
            abstract: "Show one sighting: Bird Name, Location, Date (the tutorial's detail screen).",
            discussion: "REF is the sighting's number from 'lists birds list', 4 or more characters of its id, or "
                + "the bird's exact name.",
            options: [], example: "lists birds show 2", run: show),
        CommandSpec(
            app: "birds", name: "edit", arguments: "REF", arity: (1, 1),
            abstract: "Change a sighting's name, location or date.",
            discussion: "An empty --location removes the location.",
            options: [
                OptionSpec(name: "name", value: "N", help: "the bird's name"),
                OptionSpec(name: "location", value: "L", help: "where it was seen"),
                OptionSpec(name: "date", value: "D", help: dateHelp),
                OptionSpec(
                    name: "if-version", value: "V", help: "refuse the change unless the sighting is at version V"),
            ],
            example: "lists birds edit Robin --location \"Front garden\"", run: edit),
        CommandSpec(
            app: "birds", name: "rm", arguments: "REF...", arity: (1, nil),
            abstract: "Delete sightings.",
            discussion: "Every REF must match exactly one sighting, or nothing is deleted.",
            options: [], example: "lists birds rm Pigeon", run: remove),
    ]

    static func list(_ run: Invocation) throws {
        let sightings = try run.birds().all()
        if run.wantsJSON {
            return run.output.json(CollectionBody(sightings))
        }
        let rows = sightings.map { ["\($0.number)", $0.record.name, run.date($0.record.date)] }
        run.output.table(Table(alignments: [.right, .left, .left], rows: rows)) { column, cell in
            column == 0 ? run.output.dim(cell) : cell
        }
        if sightings.isEmpty, run.output.isTerminal { run.output.line("No sightings. Add one: lists birds add NAME") }
    }

    static func add(_ run: Invocation) throws {
        let date = try run.option("date").map { try SightingDate.parse($0) }
        // Checked here too, before the store is opened, so that a refused input does not even create the file.
        let name = try BirdSighting.validName(run.joinedText)
        let location = try BirdSighting.validLocation(run.option("location"))
        let added = try run.birds().add(name: name, location: location, date: date)
        if run.wantsJSON { return run.output.json(added.record) }
        run.output.line("Added sighting \(added.number ?? 0): \(summary(added.record, run))")
    }

    static func show(_ run: Invocation) throws {
        let sighting = try run.birds().sighting(run.references[0]).record
        if run.wantsJSON { return run.output.json(sighting) }
        let rows = [
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

    static func edit(_ run: Invocation) throws {
        let name = try run.option("name").map(BirdSighting.validName)
        let location = run.option("location")
        _ = try location.map(BirdSighting.validLocation)
        let date = try run.option("date").map { try SightingDate.parse($0) }
        guard name != nil || location != nil || date != nil else {
            throw UsageError(message: "nothing to change; give --name, --location or --date", command: run.command.path)
        }
        let version = try run.expectedVersion()
        let edited = try run.birds().edit(
            run.references[0], name: name, location: location, date: date, expectedVersion: version)
        if run.wantsJSON { return run.output.json(edited.record) }
        run.output.line("Updated sighting \(edited.number): \(summary(edited.record, run))")
    }

    static func remove(_ run: Invocation) throws {
        let removed = try run.birds().remove(run.references)
        if run.wantsJSON { return run.output.json(changed: removed) }
        for numbered in removed { run.output.line("Removed sighting \(numbered.number): \(numbered.record.name)") }
    }

    /// `Robin, Back garden, Nov 29, 2026`.
    static func summary(_ sighting: BirdSighting, _ run: Invocation) -> String {
        ([sighting.name] + (sighting.location.map { [$0] } ?? []) + [run.date(sighting.date)])
            .joined(separator: ", ")
    }
}
