import ListsModel
import Testing

/// The category a new item is suggested, from the household's earlier choice and the table that ships with Lists.
@Suite struct CategorySuggestionTests {
    let categories = CategorySuggestion.defaults

    @Test(arguments: [
        ("Milk", "Dairy and eggs"), ("Oat milk", "Dairy and eggs"), ("Eggs", "Dairy and eggs"),
        ("Crème fraîche", "Dairy and eggs"), ("Whole wheat bread", "Bakery"), ("Frozen peas", "Frozen"),
        ("Tomatoes", "Produce"), ("Sweet potatoes", "Produce"), ("Blueberries", "Produce"),
        ("Olive oil", "Pantry"), ("Olives", "Deli"), ("Black pepper", "Pantry"), ("Red peppers", "Produce"),
        ("Toilet paper", "Household"), ("Dog food", "Pets"), ("Chocolate milk", "Dairy and eggs"),
        ("  SALMON ", "Meat and fish"), ("Sparkling water", "Drinks"), ("Nappies", "Baby"),
    ])
    func commonNamesFindTheirAisle(_ name: String, _ category: String) {
        #expect(CategorySuggestion.suggest(for: name, categories: categories) == category)
    }

    @Test func theHouseholdsEarlierChoiceForTheNameWins() {
        #expect(
            CategorySuggestion.suggest(for: "milk", categories: categories, earlier: ["milk": "Drinks"]) == "Drinks")
        #expect(
            CategorySuggestion.suggest(
                for: "Widget", categories: categories + ["Hardware"], earlier: ["widget": "Hardware"])
                == "Hardware")
    }

    @Test func aCategoryTheHouseholdRemovedIsNeverSuggested() {
        let without = categories.filter { $0 != "Dairy and eggs" }
        #expect(CategorySuggestion.suggest(for: "Milk", categories: without) == nil)
        // An earlier choice of a category since removed falls back to the table.
        #expect(
            CategorySuggestion.suggest(for: "Milk", categories: categories, earlier: ["milk": "Old aisle"])
                == "Dairy and eggs")
    }

    @Test func aNameTheTableDoesNotKnowGetsNoSuggestion() {
        #expect(CategorySuggestion.suggest(for: "Widget", categories: categories) == nil)
        #expect(CategorySuggestion.suggest(for: "", categories: categories) == nil)
    }

    @Test func everyCategoryOfTheTableIsADefaultOne() {
        #expect(Set(CategorySuggestion.table.values).isSubset(of: Set(CategorySuggestion.defaults)))
        #expect(CategorySuggestion.table.count > 300)
    }
}

@Test func theDefaultCategoriesKeepTheirFixedIds() {
    // Items and backups of every household hold these ids: they never change.
    #expect(Categories.defaultID(0).uuidString == "0A15E500-0000-4000-8000-000000000001")
    #expect(Categories.defaultID(14).uuidString == "0A15E500-0000-4000-8000-00000000000F")
    #expect(Categories.defaults.map(\.name) == CategorySuggestion.defaults)
    #expect(Set(Categories.defaults.map(\.id)).count == CategorySuggestion.defaults.count)
}
