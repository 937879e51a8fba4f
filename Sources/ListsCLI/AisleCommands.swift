import ListsModel

/// `lists shop aisles`, `add-aisle`, `rename-aisle`, `delete-aisle`, `move-aisle` and `set-aisle`: the household's
/// categories of items (``Categories``) and the order each list's store is walked in (``ShoppingLists/aisles(of:)``).
///
/// An AISLE is named by its name (case ignored), its number from `lists shop aisles`, or 4 or more characters of its
/// id.
extension ShopCommands {
    static let aisleCommands = [
        CommandEntry(Aisles.self), CommandEntry(AddAisle.self), CommandEntry(RenameAisle.self),
        CommandEntry(DeleteAisle.self), CommandEntry(MoveAisle.self), CommandEntry(SetAisle.self),
    ]

    /// Prints `categories` numbered in their order.
    static func printAisles(_ categories: [ItemCategory], _ output: Output) {
        let rows = categories.enumerated().map { index, category in ["\(index + 1)", category.name] }
        output.table(Table(alignments: [.right, .left], rows: rows)) { column, cell in
            column == 0 ? output.dim(cell) : cell
        }
    }

    /// `lists shop aisles [--list L]`.
    struct Aisles: Command {
        static let configuration = CommandConfiguration(
            app: "shop", name: "aisles",
            abstract: "Show the household's aisles, or with --list the order a list's store is walked in.",
            discussion: "A list's order is learned from the order its entries were checked off on trips, until an "
                + "aisle is moved by hand (move-aisle).",
            example: "lists shop aisles --list Groceries")
        static let arguments: [Argument<Self>] = [
            .option("list", "LIST", help: "the list whose order to show") { $0.list = $1 }
        ]

        var list: String?

        func run(_ run: Invocation) throws {
            let store = try run.store()
            guard let list else {
                let categories = try Categories(store: store).all()
                if run.wantsJSON { return run.output.json(CategoriesBody(categories)) }
                printAisles(categories, run.output)
                if categories.isEmpty, run.output.isTerminal {
                    run.output.line("No aisles. Add one: lists shop add-aisle NAME")
                }
                return
            }
            let lists = ShoppingLists(store: store)
            let (order, byHand) = try lists.aisles(of: try lists.list(named: list))
            if run.wantsJSON { return run.output.json(CategoriesBody(order, byHand: byHand)) }
            printAisles(order, run.output)
            run.output.line(byHand ? "(in the order set by hand)" : "(in the order learned from your trips)")
        }
    }

    /// `lists shop add-aisle NAME`.
    struct AddAisle: Command {
        static let configuration = CommandConfiguration(
            app: "shop", name: "add-aisle", abstract: "Add an aisle (a category of items), after the others.",
            discussion: "NAME is 1 to 200 characters, and no other aisle of the household has it (case ignored).",
            example: "lists shop add-aisle Garden")
        static let arguments: [Argument<Self>] = [.positional("NAME", 1, nil) { $0.words = $1 }]

        var words: [String] = []

        func run(_ run: Invocation) throws {
            let added = try Categories(store: try run.store()).add(name: words.joinedInline(separator: " "))
            if run.wantsJSON { return run.output.json(added) }
            run.output.line("Added aisle \(added.name)")
        }
    }

    /// `lists shop rename-aisle AISLE --name NAME`.
    struct RenameAisle: Command {
        static let configuration = CommandConfiguration(
            app: "shop", name: "rename-aisle", abstract: "Rename an aisle.",
            discussion: "AISLE is the aisle's name or number from 'lists shop aisles'.",
            example: "lists shop rename-aisle Produce --name \"Fruit and veg\"")
        static let arguments: [Argument<Self>] = [
            .positional("AISLE", 1, nil) { $0.words = $1 },
            .option("name", "NAME", help: "its new name") { $0.name = $1 },
        ]

        var words: [String] = []
        var name: String?

        mutating func validate() throws {
            guard name != nil else { throw UsageError(message: "give the new name with --name", command: Self.path) }
        }

        func run(_ run: Invocation) throws {
            let categories = Categories(store: try run.store())
            let old = try categories.category(.typed(words.joinedInline(separator: " ")))
            let renamed = try categories.rename(.id(old.id), to: name ?? "")
            if run.wantsJSON { return run.output.json(renamed) }
            run.output.line("Renamed aisle \(old.name) to \(renamed.name)")
        }
    }

    /// `lists shop delete-aisle AISLE`.
    struct DeleteAisle: Command {
        static let configuration = CommandConfiguration(
            app: "shop", name: "delete-aisle", abstract: "Delete an aisle.",
            discussion: "Its items stay in the catalog, in no aisle. The web app can undo it for 10 minutes.",
            example: "lists shop delete-aisle Garden")
        static let arguments: [Argument<Self>] = [.positional("AISLE", 1, nil) { $0.words = $1 }]

        var words: [String] = []

        func run(_ run: Invocation) throws {
            let deleted = try Categories(store: try run.store()).delete(.typed(words.joinedInline(separator: " ")))
            if run.wantsJSON { return run.output.json(deleted) }
            run.output.line("Deleted aisle \(deleted.name)")
        }
    }

    /// `lists shop move-aisle AISLE --by N [--list L]`.
    struct MoveAisle: Command {
        static let configuration = CommandConfiguration(
            app: "shop", name: "move-aisle", abstract: "Move an aisle in the order a list's store is walked in.",
            discussion: "--by -1 moves it one place towards the entrance. The order is then set by hand and wins "
                + "over the one learned from trips.",
            example: "lists shop move-aisle Frozen --by 3 --list Groceries")
        static let arguments: [Argument<Self>] = [
            .positional("AISLE", 1, nil) { $0.words = $1 },
            .option("by", "N", help: "how many places: negative towards the entrance") { $0.byText = $1 },
            .option("list", "LIST", help: listHelp) { $0.list = $1 },
        ]

        var words: [String] = []
        var byText: String?
        var list: String?
        var offset = 0

        mutating func validate() throws {
            guard let byText else { throw UsageError(message: "say how far with --by N", command: Self.path) }
            guard let value = Int(byText), value != 0 else {
                throw ValidationError(
                    field: "move", message: "\(Quoted(byText)) is not a move; use a whole number other than 0")
            }
            offset = value
        }

        func run(_ run: Invocation) throws {
            let lists = ShoppingLists(store: try run.store())
            let target = try lists.list(named: list)
            let order = try lists.moveAisle(.typed(words.joinedInline(separator: " ")), by: offset, on: target)
            if run.wantsJSON { return run.output.json(CategoriesBody(order, byHand: true)) }
            printAisles(order, run.output)
        }
    }

    /// `lists shop set-aisle ITEM AISLE`.
    struct SetAisle: Command {
        static let configuration = CommandConfiguration(
            app: "shop", name: "set-aisle", abstract: "Put an item of the catalog in an aisle.",
            discussion: "ITEM is the item's number from 'lists shop list', 4 or more characters of its id, or its "
                + "exact name. --none takes it out of any aisle.",
            example: "lists shop set-aisle Tofu --aisle Deli")
        static let arguments: [Argument<Self>] = [
            .positional("ITEM", 1, nil) { $0.words = $1 },
            .option("aisle", "AISLE", help: "the aisle, by name or number") { $0.aisle = $1 },
            .flag("none", help: "in no aisle") { $0.none = $1 },
        ]

        var words: [String] = []
        var aisle: String?
        var none = false

        mutating func validate() throws {
            guard (aisle == nil) != !none else {
                throw UsageError(message: "give the aisle with --aisle AISLE, or --none", command: Self.path)
            }
        }

        func run(_ run: Invocation) throws {
            let store = try run.store()
            let category = try aisle.map { try Categories(store: store).category(.typed($0)) }
            let shop = ShoppingList(store: store)
            let item = try shop.item(.typed(words.joinedInline(separator: " ")))
            let changed = try shop.items.change([.id(item.record.id)]) {
                $0.category = category?.id.uuidString
            }[0].record
            if run.wantsJSON { return run.output.json(changed) }
            run.output.line(
                category.map { "\(changed.name) is in \($0.name)" } ?? "\(changed.name) is in no aisle")
        }
    }
}
