import Foundation
import ListsModel
import Testing

/// A household's categories (``Categories``) and a list's aisles: the defaults until the household changes them,
/// a new item's suggested category, adds, renames and deletes with undo, a list's sections in the order learned
/// from its check-offs or set by hand, bad input refused with nothing changed, and every category its household's
/// own.
extension StoreContract {
    static let categoryChecks: [Check] = [
        Check(
            "categoriesStartAsTheDefaultsAndAreTheHouseholdsToChange",
            categoriesStartAsTheDefaultsAndAreTheHouseholdsToChange),
        Check(
            "aNewItemGetsTheSuggestedCategoryOrTheHouseholdsEarlierChoice",
            aNewItemGetsTheSuggestedCategoryOrTheHouseholdsEarlierChoice),
        Check(
            "aListsSectionsFollowItsCheckOffsUntilOneIsMovedByHand",
            aListsSectionsFollowItsCheckOffsUntilOneIsMovedByHand),
        Check("badCategoryInputIsRefusedAndChangesNothing", badCategoryInputIsRefusedAndChangesNothing),
        Check("categoriesAreTheirHouseholdsOwn", categoriesAreTheirHouseholdsOwn),
    ]

    /// The catalog of the household `store` is scoped to.
    static func catalog(_ store: any Store) -> ShoppingList {
        ShoppingList(store: store.scoped(to: StoreScope(household: store.scope.household)))
    }

    static func categoriesStartAsTheDefaultsAndAreTheHouseholdsToChange(_ store: any Store) throws {
        let categories = Categories(store: store)
        #expect(try categories.all().map(\.name) == CategorySuggestion.defaults)
        #expect(try categories.all().map(\.id) == Categories.defaults.map(\.id))
        // Nothing is written until the household changes them.
        #expect(try store.read { try $0.count(ItemCategory.self, where: nil) } == 0)

        let shop = catalog(store)
        let milk = try shop.add(name: "Milk", price: Money(minorUnits: 119)).record
        let dairy = try categories.category(.typed("Dairy and eggs"))
        #expect(milk.category == dairy.id.uuidString)

        // The first change writes the defaults as the household's own, with their ids, and changes them.
        let treats = try categories.add(name: "Treats")
        #expect(try categories.all().map(\.name) == CategorySuggestion.defaults + ["Treats"])
        #expect(try categories.category(.typed("dairy AND eggs")).id == dairy.id)
        let id = UUID()
        let garden = try categories.add(name: "Garden", id: id)
        #expect(try categories.add(name: "Garden", id: id) == garden)
        try categories.rename(.typed("Dairy and eggs"), to: "Dairy")
        #expect(try categories.category(.id(dairy.id)).name == "Dairy")
        try categories.rename(.id(treats.id), to: "TREATS")
        #expect(try categories.all().count == CategorySuggestion.defaults.count + 2)

        // A delete leaves the items in it as they are: they read as having none until the undo puts it back.
        let groceries = try ShoppingLists(store: store).make(name: "Groceries")
        let lists = ShoppingLists(store: store)
        try lists.put(.id(milk.id), on: groceries)
        let removal = RemovalID()
        try categories.delete(.typed("Dairy"), removal: removal)
        #expect(!(try categories.all()).contains { $0.id == dairy.id })
        #expect(try lists.sections(of: groceries).map { $0.category?.name } == [nil])
        try categories.restore(removal)
        #expect(try lists.sections(of: groceries).map { $0.category?.name } == ["Dairy"])

        // A household that deletes every category keeps none (the defaults do not come back).
        for category in try categories.all() { try categories.delete(.id(category.id)) }
        #expect(try categories.all().isEmpty)
        #expect(try shop.add(name: "Bread", price: .zero).record.category == nil)
    }

    static func aNewItemGetsTheSuggestedCategoryOrTheHouseholdsEarlierChoice(_ store: any Store) throws {
        let categories = Categories(store: store)
        let shop = catalog(store)
        let byName = { (name: String) in try categories.category(.typed(name)).id.uuidString }
        #expect(try shop.add(name: "Whole wheat bread", price: .zero).record.category == (try byName("Bakery")))
        #expect(try shop.add(name: "Tomatoes", price: .zero).record.category == (try byName("Produce")))
        #expect(try shop.add(name: "Crème fraîche", price: .zero).record.category == (try byName("Dairy and eggs")))
        #expect(try shop.add(name: "Zorblax", price: .zero).record.category == nil)
        // A category given is kept; an item moved to another category is the household's choice for that name.
        let tofu = try shop.items.add(
            ShoppingItem(meta: .draft, name: "Tofu", price: .zero, category: try byName("Frozen"))
        ).record
        #expect(tofu.category == (try byName("Frozen")))
        let deli = try byName("Deli")
        try shop.items.change([.id(tofu.id)]) { $0.category = deli }
        #expect(try shop.add(name: "TOFU", price: .zero).record.category == deli)
        // An edit may take the category away.
        let cleared = try shop.items.change([.id(tofu.id)]) { $0.category = nil }[0].record
        #expect(cleared.category == nil)
    }

    static func aListsSectionsFollowItsCheckOffsUntilOneIsMovedByHand(_ store: any Store) throws {
        let shop = catalog(store)
        let lists = ShoppingLists(store: store)
        let categories = Categories(store: store)
        let groceries = try lists.make(name: "Groceries")
        let names = ["Milk", "Apples", "Bread", "Frozen peas", "Zorblax"]
        for name in names {
            try shop.add(name: name, price: .zero)
            try lists.put(.typed(name), on: groceries)
        }
        // Before any trip: the household's order, with the entries of no category last.
        let sections = { try lists.sections(of: groceries).map { $0.category?.name ?? "Other" } }
        #expect(try sections() == ["Produce", "Bakery", "Dairy and eggs", "Frozen", "Other"])

        // Two trips (a day apart) walk the store Frozen, Dairy, Bakery, Produce: the sections follow.
        let start = Date().addingTimeInterval(-3 * 86_400).roundedToMilliseconds
        let walk = ["Frozen peas", "Milk", "Bread", "Apples"]
        for trip in 0..<2 {
            for (step, name) in walk.enumerated() {
                let at = start.addingTimeInterval(Double(trip) * 86_400 + Double(step) * 60)
                try lists.check([.typed(name)], on: groceries, at: at)
            }
            // Taken off and put on again for the next trip; the log keeps the check-offs.
            for name in walk {
                try lists.remove([.typed(name)], from: groceries)
                try lists.put(.typed(name), on: groceries)
            }
        }
        #expect(try sections().prefix(4) == ["Frozen", "Dairy and eggs", "Bakery", "Produce"])
        #expect(!(try lists.aisles(of: groceries)).byHand)

        // A hand move wins at once and stays; among the sections shown, a place is one of those.
        let produce = try categories.category(.typed("Produce"))
        let list = try lists.list(.id(groceries.id))
        let shown = try lists.sections(of: groceries).compactMap { $0.category?.id }
        try lists.moveAisle(.id(produce.id), by: -1, on: list, among: shown)
        #expect(try sections().prefix(4) == ["Frozen", "Dairy and eggs", "Produce", "Bakery"])
        let moved = try lists.list(.id(groceries.id))
        #expect(try lists.aisles(of: moved).byHand)
        try lists.moveAisle(.typed("Frozen"), by: 3, on: moved)
        let order = try lists.aisles(of: try lists.list(.id(groceries.id))).order.map(\.name)
        #expect(order.firstIndex(of: "Frozen") == 3)
        // Learning again forgets the hand order.
        try lists.learnAisles(of: try lists.list(.id(groceries.id)))
        #expect(try sections().prefix(4) == ["Frozen", "Dairy and eggs", "Bakery", "Produce"])
    }

    static func badCategoryInputIsRefusedAndChangesNothing(_ store: any Store) throws {
        let shop = catalog(store)
        let lists = ShoppingLists(store: store)
        let categories = Categories(store: store)
        let groceries = try lists.make(name: "Groceries")
        let milk = try shop.add(name: "Milk", price: .zero).record
        try lists.put(.id(milk.id), on: groceries)
        let before = (try categories.all(), try shop.catalog(), try lists.list(.id(groceries.id)))
        refusal("name") { try categories.add(name: " ") }
        refusal("name") { try categories.add(name: String(repeating: "a", count: 201)) }
        #expect(throws: StoreError.nameTaken("name")) { try categories.add(name: "PRODUCE") }
        #expect(throws: StoreError.nameTaken("name")) { try categories.rename(.typed("Bakery"), to: "deli") }
        refusal("category") { try categories.rename(.typed("Toys"), to: "Games") }
        refusal("category") { try categories.delete(.typed("Toys")) }
        let unknown = UUID().uuidString
        refusal("category") {
            try shop.items.add(ShoppingItem(meta: .draft, name: "Bread", price: .zero, category: unknown))
        }
        refusal("category") { try shop.items.change([.id(milk.id)]) { $0.category = unknown } }
        refusal("category") { try shop.items.change([.id(milk.id)]) { $0.category = "dairy" } }
        let sections = try lists.sections(of: groceries).compactMap { $0.category?.id }
        refusal("move") { try lists.moveAisle(.id(sections[0]), by: -1, on: groceries, among: sections) }
        refusal("move") { try lists.moveAisle(.typed("Produce"), by: -1, on: groceries) }
        refusal("move") { try lists.moveAisle(.typed("Pets"), by: Int.max, on: groceries) }
        refusal("category") { try lists.moveAisle(.typed("Toys"), by: 1, on: groceries) }
        #expect(try categories.all() == before.0)
        #expect(try shop.catalog() == before.1)
        #expect(try lists.list(.id(groceries.id)) == before.2)
    }

    static func categoriesAreTheirHouseholdsOwn(_ store: any Store) throws {
        let categories = Categories(store: store)
        let toys = try categories.add(name: "Toys")
        let ours = try categories.all()
        let neighbour = store.scoped(to: StoreScope(household: HouseholdID(store.scope.household.rawValue + 1)))
        let theirs = Categories(store: neighbour)
        #expect(try theirs.all().map(\.name) == CategorySuggestion.defaults)
        #expect(throws: StoreError.self) { try theirs.category(.id(toys.id)) }
        #expect(throws: (any Error).self) { try theirs.delete(.id(toys.id)) }
        refusal("category") {
            try catalog(neighbour).items.add(
                ShoppingItem(meta: .draft, name: "Ball", price: .zero, category: toys.id.uuidString))
        }
        try theirs.rename(.typed("Produce"), to: "Fruit and veg")
        try theirs.add(name: "Toys")
        #expect(try categories.all() == ours)
        #expect(try theirs.all().count == CategorySuggestion.defaults.count + 1)
    }
}
