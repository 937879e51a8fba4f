import Foundation
import ListsInterchange
import ListsModel
import ListsSQLite

/// Does a household's import keep its pace in a store where many other households keep the same item names?
///
/// Households shop for the same things: every one has its "Milk" and its "Bread". Two SQLite files, each with the
/// store's own settings (WAL, `synchronous=FULL`): one holding `households` other households of `items` items
/// each, named from one vocabulary of common groceries, and one holding nothing. A new household's catalog of
/// `items` items from the same vocabulary is imported into each in turn (`ImportBatch`, as `lists import` does it:
/// one transaction), a new household each time; the medians are compared. An index that is not led by the
/// household puts each name among every other household's, so that an import touches pages all over it.
struct HouseholdsImport {
    var households: Int
    var items: Int
    var imports: Int
    var directory: URL

    /// Untimed imports into each store before the timed ones (warm the page cache and the prepared statements).
    static let warmUpImports = 3

    /// Common shopping names; a household's catalog takes `items` of them (numbered again past the end).
    static let vocabulary = """
        Milk, Bread, Eggs, Butter, Cheese, Yogurt, Cream, Sour cream, Cottage cheese, Oat milk, Apples, Bananas, \
        Pears, Oranges, Lemons, Limes, Grapes, Strawberries, Blueberries, Raspberries, Mango, Pineapple, Kiwi, \
        Avocado, Tomatoes, Cucumber, Lettuce, Spinach, Carrots, Potatoes, Onions, Garlic, Ginger, Peppers, \
        Broccoli, Cauliflower, Zucchini, Mushrooms, Celery, Leeks, Cabbage, Sweet potatoes, Corn, Peas, Beans, \
        Lentils, Chickpeas, Rice, Pasta, Noodles, Flour, Sugar, Salt, Pepper, Olive oil, Vinegar, Ketchup, \
        Mustard, Mayonnaise, Soy sauce, Honey, Jam, Peanut butter, Cereal, Oats, Muesli, Crackers, Cookies, \
        Chocolate, Chips, Nuts, Raisins, Coffee, Tea, Orange juice, Apple juice, Sparkling water, Beer, Wine, \
        Chicken, Beef, Pork, Sausages, Bacon, Ham, Salmon, Tuna, Shrimp, Tofu, Frozen peas, Ice cream, \
        Frozen pizza, Fish sticks, Toilet paper, Paper towels, Dish soap, Laundry detergent, Sponges, \
        Trash bags, Aluminium foil, Cling film, Shampoo, Conditioner, Toothpaste, Toothbrush, Soap, Deodorant, \
        Razors, Tissues, Cotton pads, Batteries, Light bulbs, Candles, Matches, Bin liners, Baking soda, \
        Baking powder, Yeast, Vanilla, Cinnamon, Paprika, Cumin, Oregano, Basil, Parsley, Dill, Thyme, \
        Tomato sauce, Canned tomatoes, Coconut milk, Stock cubes, Bagels, Tortillas, Croissants, Rolls, \
        Baguette, Muffins, Pancake mix, Maple syrup, Whipped cream, Mozzarella, Parmesan, Feta, Cheddar, Brie, \
        Hummus, Olives, Pickles, Salsa, Guacamole, Dog food, Cat food, Cat litter, Diapers, Wipes, Formula
        """.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }

    func run() throws -> Outcome {
        let scratch = try Measure.scratchDirectory(in: directory, "households-import")
        defer { try? FileManager.default.removeItem(at: scratch) }
        Measure.say(
            "== households-import: a household's import of \(items) items, in a store of \(households) other "
                + "households of \(items) items with the same names, against an empty store")
        Measure.say("   files in \(scratch.path); \(imports) timed imports into each, interleaved")

        var random = SplitMix64(seed: 27)
        let crowded = try SQLiteStore(path: scratch.appendingPathComponent("crowded.sqlite").path)
        let alone = try SQLiteStore(path: scratch.appendingPathComponent("alone.sqlite").path)
        let fill = try Measure.seconds {
            for household in 1...households {
                let catalog = catalog(&random)
                try crowded.scoped(to: HouseholdID(Int64(household))).write { session in
                    try session.insert(contentsOf: catalog)
                }
            }
        }
        Measure.say("   filled \(households) households × \(items) items: \(Measure.format(fill))")

        var next = households
        func timedImport(into store: SQLiteStore) throws -> Double {
            next += 1
            let batch = ImportBatch(catalog(&random))
            let target = store.scoped(to: HouseholdID(Int64(next)))
            var summary: ImportSummary?
            let seconds = try Measure.seconds { summary = try batch.apply(to: target) }
            guard summary?.added == items else { throw BenchError("an import added \(summary?.added ?? 0) items") }
            return seconds
        }
        for _ in 0..<Self.warmUpImports {
            _ = try timedImport(into: crowded)
            _ = try timedImport(into: alone)
        }
        var samples: (crowded: [Double], alone: [Double]) = ([], [])
        for round in 0..<imports {
            // Which store goes first alternates, so that a burst of load on a shared machine hits both alike.
            if round.isMultiple(of: 2) {
                samples.crowded.append(try timedImport(into: crowded))
                samples.alone.append(try timedImport(into: alone))
            } else {
                samples.alone.append(try timedImport(into: alone))
                samples.crowded.append(try timedImport(into: crowded))
            }
        }
        let medians = (crowded: Measure.median(samples.crowded), alone: Measure.median(samples.alone))
        Measure.say()
        Measure.say("   store                      median/import        p10        p90")
        for (label, values, median) in [
            ("\(households) other households", samples.crowded, medians.crowded),
            ("empty", samples.alone, medians.alone),
        ] {
            Measure.say(
                "   \(Measure.pad(label, 25, left: true))  \(Measure.pad(Measure.format(median), 13))"
                    + "  \(Measure.pad(Measure.format(Measure.percentile(values, 0.1)), 9))"
                    + "  \(Measure.pad(Measure.format(Measure.percentile(values, 0.9)), 9))")
        }
        Measure.say()
        Measure.say(
            "RESULT households-import: crowded/empty = \(String(format: "%.2f", medians.crowded / medians.alone)) "
                + "(\(Measure.format(medians.crowded)) / \(Measure.format(medians.alone))), not judged")
        return .noGoal
    }

    /// A household's catalog: `items` names of the vocabulary in an order of its own, numbered again past its end.
    private func catalog(_ random: inout SplitMix64) -> [ShoppingItem] {
        let now = Date().roundedToMilliseconds
        var names = Self.vocabulary
        for index in names.indices.reversed() where index > 0 {
            names.swapAt(index, Int(random.next() % UInt64(index + 1)))
        }
        return (0..<items).map { index in
            let round = index / names.count
            let name = names[index % names.count] + (round == 0 ? "" : " \(round + 1)")
            return ShoppingItem(
                meta: RecordMeta(createdAt: now), name: name, price: Money(minorUnits: Int64(random.next() % 1_000)),
                isOnShoppingList: random.next() % 3 == 0)
        }
    }
}

/// A small seeded generator (SplitMix64), so that every run imports the same catalogs.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
