import Foundation
import ListsModel
import Testing

/// Suggestions as one types an item's name: words that start with what was typed, case and accents ignored, most
/// often then most lately bought first, with the last quantity.
@Suite struct SuggestionIndexTests {
    static let start = Date(timeIntervalSince1970: 1_790_000_000)

    static func item(_ name: String) -> ShoppingItem {
        ShoppingItem(meta: RecordMeta(createdAt: start), name: name, price: .zero)
    }

    static func bought(_ item: ShoppingItem, _ days: Double, _ quantity: String? = nil) -> Purchase {
        let entry = ListEntry(meta: RecordMeta(createdAt: start), item: item.id, list: UUID(), quantity: quantity)
        return Purchase(meta: RecordMeta(createdAt: start), entry: entry, at: start.addingTimeInterval(days * 86_400))
    }

    @Test func wordsStartingWithWhatWasTypedMostOftenBoughtFirst() {
        let (milk, oat, soy, mince, crème) = (
            Self.item("Milk"), Self.item("Oat milk"), Self.item("Soy Milk (1 l)"), Self.item("Mince"),
            Self.item("Crème fraîche")
        )
        let index = SuggestionIndex(
            items: [milk, oat, soy, mince, crème, Self.item("Bread")],
            purchases: [
                Self.bought(oat, 1, "1 l"), Self.bought(oat, 8, "2 l"), Self.bought(milk, 3), Self.bought(soy, 9),
            ])
        #expect(index.suggestions(for: "mil").map(\.item.name) == ["Oat milk", "Soy Milk (1 l)", "Milk"])
        #expect(index.suggestions(for: "MI").map(\.item.name) == ["Oat milk", "Soy Milk (1 l)", "Milk", "Mince"])
        #expect(index.suggestions(for: "mil", limit: 1).first?.lastQuantity == "2 l")
        #expect(index.suggestions(for: "mil").first?.bought == 2)
        #expect(index.suggestions(for: "cre").map(\.item.name) == ["Crème fraîche"])
        #expect(index.suggestions(for: "fraich").map(\.item.name) == ["Crème fraîche"])
        #expect(index.suggestions(for: "oat m").map(\.item.name) == ["Oat milk"])
        #expect(index.suggestions(for: "ilk").isEmpty)
        #expect(index.suggestions(for: "  ").isEmpty)
        #expect(index.suggestions(for: "zzz").isEmpty)
        // A purchase of an item no longer in the catalog is left out.
        let gone = Self.item("Gone")
        #expect(SuggestionIndex(items: [milk], purchases: [Self.bought(gone, 1)]).ranked().map(\.bought) == [0])
    }

    @Test func tenThousandItemsAreFoundByBinarySearch() {
        let items = (0..<10_000).map { Self.item("Item \($0) word\($0 % 97)") }
        let index = SuggestionIndex(items: items, purchases: [Self.bought(items[4242], 1, "3")])
        #expect(index.count == 10_000)
        let found = index.suggestions(for: "word42", limit: 200)
        #expect(found.count == 103)
        #expect(found.allSatisfy { $0.item.name.hasSuffix(" word42") })
        #expect(index.suggestions(for: "4242").map(\.item.name) == ["Item 4242 word71"])
    }

    /// Purchases added to a built index rank as if the index were built with them.
    @Test func purchasesAddedLaterRankAsIfBuiltWithThem() {
        let items = ["Milk", "Bread", "Mince", "Tea"].map(Self.item)
        let first = [Self.bought(items[0], 1), Self.bought(items[1], 2)]
        let later = [Self.bought(items[1], 3, "2"), Self.bought(items[3], 4), Self.bought(items[3], 5, "a box")]
        let built = SuggestionIndex(items: items, purchases: first + later)
        let added = SuggestionIndex(items: items, purchases: first).adding(later)
        #expect(added.ranked() == built.ranked())
        #expect(added.ranked().map(\.item.name) == ["Tea", "Bread", "Milk", "Mince"])
        #expect(added.purchaseCount == 5 && added.lastPurchase == later.last?.id)
        #expect(added.suggestions(for: "te").first?.lastQuantity == "a box")
    }
}
