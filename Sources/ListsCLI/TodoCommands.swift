import ListsModel

/// `lists todo ...`: the To-Do app (iTahDoodle).
enum TodoCommands {
    static let all: [CommandSpec] = [
        CommandSpec(
            app: "todo", name: "list", arguments: "", arity: (0, 0),
            abstract: "Show the tasks in the order they were added, a checkmark on those done.",
            discussion: "", options: [], example: "lists todo list", run: list),
        CommandSpec(
            app: "todo", name: "add", arguments: "TEXT", arity: (0, nil),
            abstract: "Insert a task at the end of the list.",
            discussion: "TEXT is 1 to 200 characters; its words need no quotes. Empty text adds nothing.",
            options: [], example: "lists todo add Call the vet", run: add),
        CommandSpec(
            app: "todo", name: "edit", arguments: "REF", arity: (1, 1),
            abstract: "Change a task's text.",
            discussion: "REF is the task's number from 'lists todo list', 4 or more characters of its id, or its "
                + "exact text.",
            options: [
                OptionSpec(name: "title", value: "TEXT", help: "its new text"),
                OptionSpec(name: "if-version", value: "V", help: "refuse the change unless the task is at version V"),
            ],
            example: "lists todo edit 4 --title \"Call the vet at 9\"", run: edit),
        CommandSpec(
            app: "todo", name: "done", arguments: "REF...", arity: (1, nil),
            abstract: "Mark tasks done.", discussion: "Every REF must match exactly one task, or nothing changes.",
            options: [], example: "lists todo done 1 2", run: { try setDone($0, true) }),
        CommandSpec(
            app: "todo", name: "undone", arguments: "REF...", arity: (1, nil),
            abstract: "Mark tasks not done.", discussion: "Every REF must match exactly one task, or nothing changes.",
            options: [], example: "lists todo undone 1", run: { try setDone($0, false) }),
        CommandSpec(
            app: "todo", name: "rm", arguments: "REF...", arity: (1, nil),
            abstract: "Delete tasks.", discussion: "Every REF must match exactly one task, or nothing is deleted.",
            options: [], example: "lists todo rm \"Chop the logs\"", run: remove),
    ]

    static func list(_ run: Invocation) throws {
        let tasks = try run.todo().all()
        if run.wantsJSON { return run.output.json(CollectionBody(tasks)) }
        let rows = tasks.map { ["\($0.number)", $0.record.isDone ? "✓" : "", $0.record.title] }
        run.output.table(Table(alignments: [.right, .left, .left], rows: rows)) { column, cell in
            column == 0 ? run.output.dim(cell) : column == 1 ? run.output.green(cell) : cell
        }
        if tasks.isEmpty, run.output.isTerminal { run.output.line("No tasks. Add one: lists todo add TEXT") }
    }

    static func add(_ run: Invocation) throws {
        // Checked here too, before the store is opened, so that a refused input does not even create the file.
        let title = try TodoTask.validTitle(run.joinedText)
        let added = try run.todo().add(title: title)
        if run.wantsJSON { return run.output.json(added.record) }
        run.output.line("Added task \(added.number ?? 0): \(added.record.title)")
    }

    static func edit(_ run: Invocation) throws {
        guard let title = run.option("title") else {
            throw UsageError(message: "nothing to change; give --title", command: run.command.path)
        }
        let newTitle = try TodoTask.validTitle(title)
        let version = try run.expectedVersion()
        let edited = try run.todo().edit(run.references[0], title: newTitle, expectedVersion: version)
        if run.wantsJSON { return run.output.json(edited.record) }
        run.output.line("Updated task \(edited.number): \(edited.record.title)")
    }

    static func setDone(_ run: Invocation, _ isDone: Bool) throws {
        let changed = try run.todo().setDone(run.references, isDone: isDone)
        if run.wantsJSON { return run.output.json(changed: changed) }
        for numbered in changed { run.output.line("\(isDone ? "Done" : "Not done"): \(numbered.record.title)") }
    }

    static func remove(_ run: Invocation) throws {
        let removed = try run.todo().remove(run.references)
        if run.wantsJSON { return run.output.json(changed: removed) }
        for numbered in removed { run.output.line("Removed task \(numbered.number): \(numbered.record.title)") }
    }

}
