import ListsModel

/// `lists shop ...`: the Shopping List app.
enum ShopCommands {
    static let ifVersion = OptionSpec(
        name: "if-version", value: "V", help: "refuse the change unless the item is still at version V")

    static let all: [CommandSpec] = [
        CommandSpec(
            app: "shop", name: "list", arguments: "", arity: (0, 0),
            abstract: "Show the catalog of items, a checkmark on those on the shopping list.",
            discussion: "With --needed, only the shopping list, in catalog order, with the catalog's numbers.",
            options: [OptionSpec(name: "needed", value: nil, help: "only the items on the shopping list")],
            example: "lists shop list --needed", run: list),
        CommandSpec(
            app: "shop", name: "add", arguments: "NAME", arity: (1, nil),
            abstract: "Add an item at the end of the catalog, off the shopping list.",
            discussion: "NAME is 1 to 200 characters; the words of NAME need no quotes. The price is a number from "
                + "0 to 1000000 with at most two decimals after a dot; it defaults to 0.",
            options: [OptionSpec(name: "price", value: "P", help: "its price, like 1.99")],
            example: "lists shop add Oat milk --price 1.99", run: add),
        CommandSpec(
            app: "shop", name: "edit", arguments: "REF", arity: (1, 1),
            abstract: "Change an item's name or price.",
            discussion: "REF is the item's number from 'lists shop list', 4 or more characters of its id, or its "
                + "exact name.",
            options: [
                OptionSpec(name: "name", value: "N", help: "its new name"),
                OptionSpec(name: "price", value: "P", help: "its new price"), ifVersion,
            ],
            example: "lists shop edit Milk --price 2.19", run: edit),
        CommandSpec(
            app: "shop", name: "need", arguments: "REF...", arity: (1, nil),
            abstract: "Put items on the shopping list (the tutorial's checkmark).",
            discussion: "Every REF must match exactly one item, or nothing changes.",
            options: [], example: "lists shop need milk 3", run: { try setNeeded($0, true) }),
        CommandSpec(
            app: "shop", name: "unneed", arguments: "REF...", arity: (1, nil),
            abstract: "Take items off the shopping list (checked off while shopping).",
            discussion: "Every REF must match exactly one item, or nothing changes.",
            options: [], example: "lists shop unneed milk", run: { try setNeeded($0, false) }),
        CommandSpec(
            app: "shop", name: "rm", arguments: "REF...", arity: (1, nil),
            abstract: "Delete items from the catalog.",
            discussion: "Every REF must match exactly one item, or nothing is deleted.",
            options: [ifVersion], example: "lists shop rm Notepad Pencil", run: remove),
        CommandSpec(
            app: "shop", name: "total", arguments: "", arity: (0, 0),
            abstract: "Print the exact total of the items on the shopping list.",
            discussion: "Prices are added in cents, never as binary floats.",
            options: [], example: "lists shop total", run: total),
    ]

    static func row(_ numbered: Numbered<ShoppingItem>) -> [String] {
        let item = numbered.record
        return ["\(numbered.number)", item.isOnShoppingList ? "✓" : "", item.name, item.price.description]
    }

    static func printRows(_ items: [Numbered<ShoppingItem>], _ output: Output) {
        let table = Table(alignments: [.right, .left, .left, .right], rows: items.map(row))
        output.table(table) { column, cell in
            column == 0 ? output.dim(cell) : column == 1 ? output.green(cell) : cell
        }
    }

    static func list(_ run: Invocation) throws {
        let shopping = try run.shopping()
        if run.option("needed") != nil {
            let items = try shopping.shoppingList()
            if run.wantsJSON {
                return run.output.json(ShoppingListBody(items: items.map(\.record), total: try shopping.total()))
            }
            printRows(items, run.output)
            if items.isEmpty, run.output.isTerminal { run.output.line("The shopping list is empty.") }
        } else {
            let items = try shopping.catalog()
            if run.wantsJSON { return run.output.json(CollectionBody(items)) }
            printRows(items, run.output)
            if items.isEmpty, run.output.isTerminal {
                run.output.line("No items. Add one: lists shop add NAME --price P")
            }
        }
    }

    static func add(_ run: Invocation) throws {
        let price = try run.price() ?? .zero
        // Checked here too, before the store is opened, so that a refused input does not even create the file.
        let name = try ShoppingItem.validName(run.joinedText)
        let added = try run.shopping().add(name: name, price: price)
        if run.wantsJSON { return run.output.json(added.record) }
        run.output.line("Added item \(added.number ?? 0): \(added.record.name) \(added.record.price)")
    }

    static func edit(_ run: Invocation) throws {
        let name = try run.option("name").map(ShoppingItem.validName)
        let price = try run.price()
        guard name != nil || price != nil else {
            throw UsageError(message: "nothing to change; give --name or --price", command: run.command.path)
        }
        let version = try run.expectedVersion()
        let edited = try run.shopping().edit(
            run.references[0], name: name, price: price, expectedVersion: version)
        if run.wantsJSON { return run.output.json(edited.record) }
        run.output.line("Updated item \(edited.number): \(edited.record.name) \(edited.record.price)")
    }

    static func setNeeded(_ run: Invocation, _ isNeeded: Bool) throws {
        let changed = try run.shopping().setOnShoppingList(run.references, isOn: isNeeded)
        if run.wantsJSON { return run.output.json(changed: changed) }
        for numbered in changed {
            run.output.line("\(isNeeded ? "On" : "Off") the shopping list: \(numbered.record.name)")
        }
    }

    static func remove(_ run: Invocation) throws {
        let version = try run.expectedVersion()
        let removed = try run.shopping().remove(run.references, expectedVersion: version)
        if run.wantsJSON { return run.output.json(changed: removed) }
        for numbered in removed { run.output.line("Removed item \(numbered.number): \(numbered.record.name)") }
    }

    static func total(_ run: Invocation) throws {
        let total = try run.shopping().total()
        if run.wantsJSON { return run.output.json(TotalBody(total: total)) }
        run.output.line(total.description)
    }

}
