import ListsModel

/// `lists shop lists`, `make-list`, `rename-list`, `move-list`, `delete-list`, `put`, `show`, `check`, `uncheck`,
/// `change` and `take`: the household's named shopping lists and their entries (``ShoppingLists``).
///
/// A command that works on one list names it with `--list NAME` (its name, case ignored, or its number from
/// `lists shop lists`); without it, the household's only list, and with several an error naming them.
extension ShopCommands {
    static let listCommands = [
        CommandEntry(Lists.self), CommandEntry(MakeList.self), CommandEntry(RenameList.self),
        CommandEntry(MoveList.self), CommandEntry(DeleteList.self), CommandEntry(Put.self), CommandEntry(Show.self),
        CommandEntry(Check.self), CommandEntry(Uncheck.self), CommandEntry(Change.self), CommandEntry(Take.self),
    ]

    static let listHelp = "the list, by name or number (default: the only one)"

    /// Prints `lists` numbered in their order with their counts.
    static func printLists(_ summaries: [ShoppingLists.Summary], _ output: Output) {
        output.numberedLists(summaries.map { ($0.list.name, "\($0.toBuy) to buy", "\($0.entries) in all") })
    }

    /// `lists shop lists`.
    struct Lists: Command {
        static let configuration = CommandConfiguration(
            app: "shop", name: "lists", abstract: "Show the household's shopping lists, with how much is on each.",
            discussion: "Lists are numbered in their order; a command's --list takes the number or the name.",
            example: "lists shop lists")
        static let arguments: [Argument<Self>] = []

        func run(_ run: Invocation) throws {
            let summaries = try run.lists().summaries()
            if run.wantsJSON { return run.output.json(ListsBody(summaries)) }
            printLists(summaries, run.output)
            if summaries.isEmpty, run.output.isTerminal {
                run.output.line("No shopping lists. Make one: lists shop make-list NAME")
            }
        }
    }

    /// `lists shop make-list NAME`.
    struct MakeList: Command {
        static let configuration = CommandConfiguration(
            app: "shop", name: "make-list", abstract: "Make a shopping list, after the others.",
            discussion: "NAME is 1 to 200 characters, and no other list of the household has it (case ignored).",
            example: "lists shop make-list Pharmacy")
        static let arguments: [Argument<Self>] = [.positional("NAME", 1, nil) { $0.words = $1 }]

        var words: [String] = []
        var name = ""

        mutating func validate() throws {
            name = try NamedList.Fields.name.parse(words.joinedInline(separator: " "))
        }

        func run(_ run: Invocation) throws {
            let list = try run.lists().make(name: name)
            if run.wantsJSON { return run.output.json(list) }
            run.output.line("Made list \(list.name)")
        }
    }

    /// `lists shop rename-list LIST --name NAME`.
    struct RenameList: Command {
        static let configuration = CommandConfiguration(
            app: "shop", name: "rename-list", abstract: "Rename a shopping list.",
            discussion: "LIST is the list's name or number from 'lists shop lists'.",
            example: "lists shop rename-list Pharmacy --name Chemist")
        static let arguments: [Argument<Self>] = [
            .positional("LIST", 1, nil) { $0.words = $1 },
            .option("name", "NAME", help: "its new name") { $0.nameText = $1 },
        ]

        var words: [String] = []
        var nameText: String?
        var name = ""

        mutating func validate() throws {
            guard let nameText else { throw UsageError(message: "give the new name with --name", command: Self.path) }
            name = try NamedList.Fields.name.parse(nameText)
        }

        func run(_ run: Invocation) throws {
            let lists = try run.lists()
            let old = try lists.list(.typed(words.joinedInline(separator: " ")))
            let renamed = try lists.rename(.id(old.id), to: name)
            if run.wantsJSON { return run.output.json(renamed) }
            run.output.line("Renamed list \(old.name) to \(renamed.name)")
        }
    }

    /// `lists shop move-list LIST --by N`.
    struct MoveList: Command {
        static let configuration = CommandConfiguration(
            app: "shop", name: "move-list", abstract: "Move a shopping list up or down among the lists.",
            discussion: "--by -1 moves it one place up, towards the first; --by 2 two places down.",
            example: "lists shop move-list Pharmacy --by -1")
        static let arguments: [Argument<Self>] = [
            .positional("LIST", 1, nil) { $0.words = $1 },
            .option("by", "N", help: "how many places: negative up, positive down") { $0.byText = $1 },
        ]

        var words: [String] = []
        var byText: String?
        var offset = 0

        mutating func validate() throws {
            guard let byText else { throw UsageError(message: "say how far with --by N", command: Self.path) }
            offset = try Typed.offset(byText)
        }

        func run(_ run: Invocation) throws {
            let lists = try run.lists()
            try lists.move(.typed(words.joinedInline(separator: " ")), by: offset)
            let summaries = try lists.summaries()
            if run.wantsJSON { return run.output.json(ListsBody(summaries)) }
            printLists(summaries, run.output)
        }
    }

    /// `lists shop delete-list LIST`.
    struct DeleteList: Command {
        static let configuration = CommandConfiguration(
            app: "shop", name: "delete-list", abstract: "Delete a shopping list with everything on it.",
            discussion: "The items stay in the catalog. The web app can undo it for 10 minutes.",
            example: "lists shop delete-list Chemist")
        static let arguments: [Argument<Self>] = [.positional("LIST", 1, nil) { $0.words = $1 }]

        var words: [String] = []

        func run(_ run: Invocation) throws {
            let lists = try run.lists()
            let list = try lists.list(.typed(words.joinedInline(separator: " ")))
            let count = try lists.entries(of: list).counts([nil])[0]
            try lists.delete(.id(list.id))
            if run.wantsJSON { return run.output.json(list) }
            run.output.line("Deleted list \(list.name) and the \(count) \(count == 1 ? "entry" : "entries") on it")
        }
    }

    /// `lists shop put ITEM [--list L] [--qty Q] [--note N]`.
    struct Put: Command {
        static let configuration = CommandConfiguration(
            app: "shop", name: "put", abstract: "Put an item of the catalog on a shopping list.",
            discussion: "ITEM is the item's number from 'lists shop list', 4 or more characters of its id, or its "
                + "exact name. A quantity is a count (2), an amount and a unit (500 g, 1.5 l, 2 packs) or free "
                + "text. An item on the list already gets the quantity added when the units agree.",
            example: "lists shop put Milk --list Groceries --qty \"2 l\" --note \"the blue one\"")
        static let arguments: [Argument<Self>] = [
            .positional("ITEM", 1, nil) { $0.words = $1 },
            .option("list", "LIST", help: listHelp) { $0.list = $1 },
            .option("qty", "Q", help: "how much: 2, 500 g, 1.5 l, 2 packs") { $0.quantityText = $1 },
            .option("note", "N", help: "a note for the shopper") { $0.noteText = $1 },
        ]

        var words: [String] = []
        var list: String?
        var quantityText: String?
        var noteText: String?
        var quantity: String?
        var note: String?

        mutating func validate() throws {
            quantity = try ListEntry.Fields.quantity.checked(quantityText)
            note = try ListEntry.Fields.note.checked(noteText)
        }

        func run(_ run: Invocation) throws {
            let lists = try run.lists()
            let target = try lists.list(named: list)
            let put = try lists.put(
                .typed(words.joinedInline(separator: " ")), on: target, quantity: quantity, note: note)
            if run.wantsJSON { return run.output.json(put.entry) }
            let item = try lists.catalog.find(.typed(put.entry.item)).record
            let how = put.entry.quantity.map { " (\($0))" } ?? ""
            if let kept = put.keptApart {
                run.output.line(
                    "Put on \(target.name): \(item.name)\(how), beside the \(kept) it had: the units do not add up")
            } else {
                run.output.line("\(put.isNew ? "Put on" : "Now on") \(target.name): \(item.name)\(how)")
            }
        }
    }

    /// Prints a list's entries in its sections (aisles), each under its name, the columns lined up across them;
    /// a list whose entries are all in one section or none is printed without names.
    static func printSections(_ list: NamedList, _ sections: [ShoppingLists.Section], _ output: Output) {
        let rows = sections.flatMap(\.rows)
        guard sections.count > 1 || sections.first?.category != nil else {
            return printEntries(list, rows, output)
        }
        let table = entryTable(rows)
        var bytes: [UInt8] = []
        table.render(into: &bytes) { column, cell in
            guard output.usesColor else { return cell }
            return column == 0 || column == 4 ? output.dim(cell) : column == 1 ? output.green(cell) : cell
        }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        var index = 0
        for section in sections {
            output.line(output.bold(section.category?.name ?? "Other"))
            for _ in section.rows where index < lines.count {
                output.line(lines[index])
                index += 1
            }
        }
    }

    /// A list's entries as a table: number, checkmark, quantity, item, note, price.
    static func entryTable(_ rows: [ShoppingLists.Row]) -> Table {
        Table(
            alignments: [.right, .left, .right, .left, .left, .right],
            rows: rows.map { row in
                let entry = row.entry.record
                return [
                    "\(row.entry.number)", entry.isChecked ? "✓" : "", entry.quantity ?? "",
                    row.item?.name ?? "(deleted item)", entry.note ?? "", row.item?.price.description ?? "",
                ]
            })
    }

    /// Prints a list's entries and its total.
    static func printEntries(_ list: NamedList, _ rows: [ShoppingLists.Row], _ output: Output) {
        let table = rows.map { row in
            let entry = row.entry.record
            return [
                "\(row.entry.number)", entry.isChecked ? "✓" : "", entry.quantity ?? "",
                row.item?.name ?? "(deleted item)", entry.note ?? "", row.item?.price.description ?? "",
            ]
        }
        output.table(Table(alignments: [.right, .left, .right, .left, .left, .right], rows: table)) { column, cell in
            column == 0 || column == 4 ? output.dim(cell) : column == 1 ? output.green(cell) : cell
        }
        if rows.isEmpty, output.isTerminal {
            output.line("\(list.name) is empty. Put an item on it: lists shop put ITEM")
        }
    }

    /// `lists shop show [--list L]`.
    struct Show: Command {
        static let configuration = CommandConfiguration(
            app: "shop", name: "show", abstract: "Show a shopping list: its entries and its total.",
            discussion: "The entries are shown by aisle, in the order the list's store is walked ('lists shop "
                + "aisles'). Each shows its number, a checkmark once bought, its quantity, the item, its note and "
                + "the item's price. The total multiplies a price by a count (2, 3 packs); an amount by weight or "
                + "volume counts the price once.",
            example: "lists shop show --list Groceries")
        static let arguments: [Argument<Self>] = [.option("list", "LIST", help: listHelp) { $0.list = $1 }]

        var list: String?

        func run(_ run: Invocation) throws {
            let lists = try run.lists()
            let target = try lists.list(named: list)
            let sections = try lists.sections(of: target)
            let rows = sections.flatMap(\.rows).sorted { $0.entry.number < $1.entry.number }
            if run.wantsJSON { return run.output.json(ListBody(list: target, rows: rows)) }
            printSections(target, sections, run.output)
            if !rows.isEmpty { run.output.line("Total: \(ShoppingLists.total(rows))") }
        }
    }

    /// `lists shop check ENTRY... [--list L]`.
    struct Check: Command {
        static let configuration = CommandConfiguration(
            app: "shop", name: "check", abstract: "Check entries off a shopping list (bought).",
            discussion: "ENTRY is the entry's number from 'lists shop show' or its item's name. Every ENTRY must "
                + "match one entry, or nothing changes.",
            example: "lists shop check Milk --list Groceries")
        static let arguments: [Argument<Self>] = [
            .positional("ENTRY...", 1, nil) { $0.references = $1 },
            .option("list", "LIST", help: listHelp) { $0.list = $1 },
        ]

        var references: [String] = []
        var list: String?

        func run(_ run: Invocation) throws {
            try ShopCommands.check(references, list: list, isChecked: true, run)
        }
    }

    /// `lists shop uncheck ENTRY... [--list L]`.
    struct Uncheck: Command {
        static let configuration = CommandConfiguration(
            app: "shop", name: "uncheck", abstract: "Put checked-off entries back to buy.",
            discussion: "Every ENTRY must match one entry, or nothing changes.",
            example: "lists shop uncheck Milk --list Groceries")
        static let arguments: [Argument<Self>] = [
            .positional("ENTRY...", 1, nil) { $0.references = $1 },
            .option("list", "LIST", help: listHelp) { $0.list = $1 },
        ]

        var references: [String] = []
        var list: String?

        func run(_ run: Invocation) throws {
            try ShopCommands.check(references, list: list, isChecked: false, run)
        }
    }

    /// Checks the entries `references` name off, or back on, and says so.
    static func check(_ references: [String], list: String?, isChecked: Bool, _ run: Invocation) throws {
        let lists = try run.lists()
        let target = try lists.list(named: list)
        let refs = references.map(Reference.typed)
        let changed =
            isChecked ? try lists.check(refs, on: target) : try lists.uncheck(refs, on: target)
        if run.wantsJSON { return run.output.json(changed: changed) }
        let names = try names(of: changed.map(\.record), lists)
        for (entry, name) in zip(changed, names) {
            run.output.line("\(isChecked ? "Bought" : "To buy"): \(name) (\(target.name) \(entry.number))")
        }
    }

    /// The names of the entries' items.
    static func names(of entries: [ListEntry], _ lists: ShoppingLists) throws -> [String] {
        entries.map { entry in
            guard let id = entry.itemID else { return "(deleted item)" }
            return (try? lists.catalog.find(.id(id)).record.name) ?? "(deleted item)"
        }
    }

    /// `lists shop change ENTRY [--list L] [--qty Q] [--note N]`.
    struct Change: Command {
        static let configuration = CommandConfiguration(
            app: "shop", name: "change", abstract: "Change an entry's quantity or note.",
            discussion: "An empty --qty or --note clears it.",
            example: "lists shop change Milk --list Groceries --qty 3")
        static let arguments: [Argument<Self>] = [
            .positional("ENTRY", 1, nil) { $0.words = $1 },
            .option("list", "LIST", help: listHelp) { $0.list = $1 },
            .option("qty", "Q", help: "the new quantity") { $0.quantityText = $1 },
            .option("note", "N", help: "the new note") { $0.noteText = $1 },
        ]

        var words: [String] = []
        var list: String?
        var quantityText: String?
        var noteText: String?
        var quantity: String??
        var note: String??

        mutating func validate() throws {
            guard quantityText != nil || noteText != nil else {
                throw UsageError(message: "nothing to change; give --qty or --note", command: Self.path)
            }
            if let quantityText { quantity = .some(try ListEntry.Fields.quantity.checked(quantityText)) }
            if let noteText { note = .some(try ListEntry.Fields.note.checked(noteText)) }
        }

        func run(_ run: Invocation) throws {
            let lists = try run.lists()
            let target = try lists.list(named: list)
            let changed = try lists.edit(
                .typed(words.joinedInline(separator: " ")), on: target, quantity: quantity, note: note)
            if run.wantsJSON { return run.output.json(changed.record) }
            let name = try names(of: [changed.record], lists)[0]
            let how = changed.record.quantity.map { " (\($0))" } ?? ""
            run.output.line("Changed on \(target.name): \(name)\(how)")
        }
    }

    /// `lists shop take ENTRY... [--list L]`.
    struct Take: Command {
        static let configuration = CommandConfiguration(
            app: "shop", name: "take", abstract: "Take entries off a shopping list (the items stay in the catalog).",
            discussion: "Every ENTRY must match one entry, or nothing changes.",
            example: "lists shop take Milk --list Groceries")
        static let arguments: [Argument<Self>] = [
            .positional("ENTRY...", 1, nil) { $0.references = $1 },
            .option("list", "LIST", help: listHelp) { $0.list = $1 },
        ]

        var references: [String] = []
        var list: String?

        func run(_ run: Invocation) throws {
            let lists = try run.lists()
            let target = try lists.list(named: list)
            let removed = try lists.remove(references.map(Reference.typed), from: target)
            if run.wantsJSON { return run.output.json(changed: removed) }
            for (entry, name) in zip(removed, try names(of: removed.map(\.record), lists)) {
                run.output.line("Taken off \(target.name): \(name) (\(entry.number))")
            }
        }
    }
}
