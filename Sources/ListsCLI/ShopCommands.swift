import ListsModel

/// `lists shop ...`: the Shopping List app.
enum ShopCommands {
    static let all =
        [
            CommandEntry(List.self), CommandEntry(Add.self), CommandEntry(Edit.self), CommandEntry(Need.self),
            CommandEntry(Unneed.self), CommandEntry(Remove.self), CommandEntry(Total.self),
        ] + listCommands + aisleCommands

    static let ifVersionHelp = "refuse the change unless the item is still at version V"

    /// `lists shop list [--needed] [--list L]`.
    struct List: Command {
        static let configuration = CommandConfiguration(
            app: "shop", name: "list",
            abstract: "Show the catalog of items, a checkmark on those to buy on a shopping list.",
            discussion: "The checkmarks are for the list --list names, else the first list. With --needed, only "
                + "the items to buy on the list (--list, else the only one), in catalog order, with the catalog's "
                + "numbers.",
            example: "lists shop list --needed")
        static let arguments: [Argument<Self>] = [
            .flag("needed", help: "only the items to buy on the list") { $0.onlyNeeded = $1 },
            .option("list", "LIST", help: listHelp) { $0.list = $1 },
        ]

        var onlyNeeded = false
        var list: String?

        func run(_ run: Invocation) throws {
            let lists = try run.lists()
            if onlyNeeded {
                let (items, total) = try lists.tutorialList(try ShopCommands.list(list, lists, making: false))
                if run.wantsJSON { return run.output.json(ShoppingListBody(items: items.map(\.record), total: total)) }
                // With the catalog's numbers, which other commands take.
                printRows(items, run.output)
                if items.isEmpty, run.output.isTerminal { run.output.line("The shopping list is empty.") }
            } else {
                let on = try list.map { try lists.list(.typed($0)) } ?? lists.tabList(preferring: nil)
                let catalog = try run.shopping().catalog()
                let items = zip(catalog, try lists.marking(catalog.map(\.record), on: on)).map {
                    Numbered(number: $0.number, record: $1)
                }
                if run.wantsJSON { return run.output.json(CollectionBody(items)) }
                printRows(items, run.output)
                if items.isEmpty, run.output.isTerminal {
                    run.output.line("No items. Add one: lists shop add NAME --price P")
                }
            }
        }
    }

    /// The list `name` names, else the household's only list (``ListsModel/ShoppingLists/list(named:)``); with no
    /// list at all, `nil`, or when `making`, a list called "Shopping" made for it.
    /// - Throws: ``ValidationError`` on `list` naming the lists when there are several and no name.
    static func list(_ name: String?, _ lists: ShoppingLists, making: Bool) throws -> NamedList? {
        if name == nil, try lists.all().isEmpty {
            return making ? try lists.tabListMaking(preferring: nil) : nil
        }
        return try lists.list(named: name)
    }

    static func printRows(_ items: [Numbered<ShoppingItem>], _ output: Output) {
        let rows = items.map { numbered in
            let item = numbered.record
            return ["\(numbered.number)", item.isOnShoppingList ? "✓" : "", item.name, item.price.description]
        }
        output.table(Table(alignments: [.right, .left, .left, .right], rows: rows)) { column, cell in
            column == 0 ? output.dim(cell) : column == 1 ? output.green(cell) : cell
        }
    }

    /// `lists shop add NAME [--price P]`.
    struct Add: Command {
        static let configuration = CommandConfiguration(
            app: "shop", name: "add", abstract: "Add an item at the end of the catalog, off the shopping list.",
            discussion: "NAME is 1 to 200 characters; the words of NAME need no quotes. The price is a number from "
                + "0 to 1000000 with at most two decimals after a dot; it defaults to 0.",
            example: "lists shop add Oat milk --price 1.99")
        static let arguments: [Argument<Self>] = [
            .positional("NAME", 1, nil) { $0.words = $1 },
            .option("price", "P", help: "its price, like 1.99") { $0.priceText = $1 },
        ]

        var words: [String] = []
        var priceText: String?
        var name = ""
        var price = Money.zero

        mutating func validate() throws {
            price = try priceText.map { try ShoppingItem.Fields.price.parse($0) } ?? .zero
            name = try ShoppingItem.Fields.name.parse(words.joinedInline(separator: " "))
        }

        func run(_ run: Invocation) throws {
            let added = try run.shopping().add(name: name, price: price)
            if run.wantsJSON { return run.output.json(added.record) }
            run.output.line("Added item \(added.number ?? 0): \(added.record.name) \(added.record.price)")
        }
    }

    /// `lists shop edit REF [--name N] [--price P] [--if-version V]`.
    struct Edit: Command {
        static let configuration = CommandConfiguration(
            app: "shop", name: "edit", abstract: "Change an item's name or price.",
            discussion: "REF is the item's number from 'lists shop list', 4 or more characters of its id, or its "
                + "exact name.",
            example: "lists shop edit Milk --price 2.19")
        static let arguments: [Argument<Self>] = [
            .positional("REF", 1, 1) { $0.references = $1 },
            .option("name", "N", help: "its new name") { $0.nameText = $1 },
            .option("price", "P", help: "its new price") { $0.priceText = $1 },
            .option("if-version", "V", help: ifVersionHelp) { $0.versionText = $1 },
        ]

        var references: [String] = []
        var nameText: String?
        var priceText: String?
        var versionText: String?
        var name: String?
        var price: Money?
        var version: Int?

        mutating func validate() throws {
            name = try nameText.map { try ShoppingItem.Fields.name.parse($0) }
            price = try priceText.map { try ShoppingItem.Fields.price.parse($0) }
            guard name != nil || price != nil else {
                throw UsageError(message: "nothing to change; give --name or --price", command: Self.path)
            }
            version = try Typed.version(versionText)
        }

        func run(_ run: Invocation) throws {
            let edited = try run.shopping().edit(
                .typed(references[0]), name: name, price: price, expectedVersion: version)
            if run.wantsJSON { return run.output.json(edited.record) }
            run.output.line("Updated item \(edited.number): \(edited.record.name) \(edited.record.price)")
        }
    }

    /// `lists shop need REF...`.
    struct Need: Command {
        static let configuration = CommandConfiguration(
            app: "shop", name: "need", abstract: "Put items on a shopping list (the tutorial's checkmark).",
            discussion: "Every REF must match exactly one item, or nothing changes. An item to buy on the list "
                + "already stays as it is. With no list yet, a list called Shopping is made.",
            example: "lists shop need milk 3")
        static let arguments: [Argument<Self>] = [
            .positional("REF...", 1, nil) { $0.references = $1 },
            .option("list", "LIST", help: listHelp) { $0.list = $1 },
        ]

        var references: [String] = []
        var list: String?

        func run(_ run: Invocation) throws {
            try mark(references, isOnShoppingList: true, list: list, run)
        }
    }

    /// `lists shop unneed REF...`.
    struct Unneed: Command {
        static let configuration = CommandConfiguration(
            app: "shop", name: "unneed", abstract: "Take items off a shopping list.",
            discussion: "Every REF must match exactly one item, or nothing changes.", example: "lists shop unneed milk")
        static let arguments: [Argument<Self>] = [
            .positional("REF...", 1, nil) { $0.references = $1 },
            .option("list", "LIST", help: listHelp) { $0.list = $1 },
        ]

        var references: [String] = []
        var list: String?

        func run(_ run: Invocation) throws {
            try mark(references, isOnShoppingList: false, list: list, run)
        }
    }

    /// Puts the items `references` name on the list `name` names (else the only one) or takes them off, and says
    /// so. Every reference is found before anything changes.
    static func mark(_ references: [String], isOnShoppingList: Bool, list name: String?, _ run: Invocation) throws {
        let shopping = try run.shopping()
        let lists = try run.lists()
        let found = try references.map { try shopping.item(.typed($0)) }
        guard let list = try Self.list(name, lists, making: isOnShoppingList) else {
            throw ValidationError(field: "list", message: "there is no shopping list yet; nothing is on one")
        }
        // Each item as marked now: the mark's own answer.
        let marked = try found.map { numbered in
            var numbered = numbered
            numbered.record.isOnShoppingList = try lists.mark(.id(numbered.record.id), isOnShoppingList, on: list)
            return numbered
        }
        if run.wantsJSON { return run.output.json(changed: marked) }
        for numbered in marked {
            run.output.line("\(isOnShoppingList ? "On" : "Off") \(list.name): \(numbered.record.name)")
        }
    }

    /// `lists shop rm REF... [--if-version V]`.
    struct Remove: Command {
        static let configuration = CommandConfiguration(
            app: "shop", name: "rm", abstract: "Delete items from the catalog.",
            discussion: "Every REF must match exactly one item, or nothing is deleted.",
            example: "lists shop rm Notepad Pencil")
        static let arguments: [Argument<Self>] = [
            .positional("REF...", 1, nil) { $0.references = $1 },
            .option("if-version", "V", help: ifVersionHelp) { $0.versionText = $1 },
        ]

        var references: [String] = []
        var versionText: String?
        var version: Int?

        mutating func validate() throws {
            version = try Typed.version(versionText)
        }

        func run(_ run: Invocation) throws {
            let removed = try run.shopping().remove(references.map(Reference.typed), expectedVersion: version)
            if run.wantsJSON { return run.output.json(changed: removed) }
            for numbered in removed { run.output.line("Removed item \(numbered.number): \(numbered.record.name)") }
        }
    }

    /// `lists shop total`.
    struct Total: Command {
        static let configuration = CommandConfiguration(
            app: "shop", name: "total", abstract: "Print the exact total of what is to buy on a shopping list.",
            discussion: "Each entry counts its item's price times its quantity; prices are added in cents, never as "
                + "binary floats.",
            example: "lists shop total --list Groceries")
        static let arguments: [Argument<Self>] = [
            .option("list", "LIST", help: listHelp) { $0.list = $1 }
        ]

        var list: String?

        func run(_ run: Invocation) throws {
            let lists = try run.lists()
            let total = try lists.tutorialList(try ShopCommands.list(list, lists, making: false)).total
            if run.wantsJSON { return run.output.json(TotalBody(total: total)) }
            run.output.line(total.description)
        }
    }
}
