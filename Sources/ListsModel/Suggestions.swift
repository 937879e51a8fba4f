import Foundation
import JSONCodec

/// The household's items as one types an item's name: those with a word that starts with what was typed, most
/// often bought first, then most lately bought, then by name, each with the quantity it was last bought in.
///
/// Built once from the catalog and the purchase log (``ShoppingLists/suggestionIndex()``) and then asked for every
/// keystroke: the words of every name are kept sorted, so that the words starting with what was typed are one
/// binary search away, however large the catalog. Case and accents are ignored ("cre" finds "Crème fraîche"), and
/// a word is what lies between spaces and punctuation ("milk" finds "Oat milk" and "Milk (2 l)").
public struct SuggestionIndex: Sendable {
    /// One suggestion.
    public struct Suggestion: Sendable, Equatable {
        public var item: ShoppingItem
        /// How many times it was bought.
        public var bought: Int
        /// When it was last bought.
        public var lastBoughtAt: Date?
        /// The quantity it was last bought in.
        public var lastQuantity: String?
    }

    /// Every item with what was bought of it.
    private var suggestions: [Suggestion]
    /// Every word of every name, folded, with the item it is a word of, sorted by word.
    private let words: [(word: String, item: Int)]
    /// Each item's place in the ranking (0 first).
    private var rank: [Int]
    /// Each item's name, folded: the ranking's last tie-break.
    private let folded: [String]
    /// Each item's place by its id.
    private let places: [String: Int]
    /// How many purchases the index counts, and the id of the last of them in the log's order: what
    /// ``ShoppingLists/suggestionIndex(after:)`` adds the purchases after to.
    public private(set) var purchaseCount = 0
    public private(set) var lastPurchase: UUID?

    /// The index of `items`, ranked by `purchases` (the whole log, in its order).
    public init(items: [ShoppingItem], purchases: [Purchase]) {
        var places: [String: Int] = [:]
        for (index, item) in items.enumerated() { places[item.id.uuidString] = index }
        self.places = places
        suggestions = items.map { Suggestion(item: $0, bought: 0, lastBoughtAt: nil, lastQuantity: nil) }
        // Names compared folded, computed once: a locale's comparison per pair would cost most of the build.
        folded = items.map { Self.fold($0.name) }
        var words: [(word: String, item: Int)] = []
        for (index, name) in folded.enumerated() {
            for word in Set(Self.words(ofFolded: name)) { words.append((word, index)) }
        }
        words.sort { $0.word < $1.word }
        self.words = words
        rank = []
        count(purchases)
    }

    /// The index with `purchases` (those logged after the ones it counts, in the log's order) counted too: the
    /// catalog's words stay, only the counts and the ranking are made again.
    public func adding(_ purchases: [Purchase]) -> SuggestionIndex {
        var index = self
        index.count(purchases)
        return index
    }

    /// Counts `purchases` into the suggestions, and ranks them again.
    private mutating func count(_ purchases: [Purchase]) {
        for purchase in purchases {
            guard let index = places[purchase.item] else { continue }
            suggestions[index].bought += 1
            if suggestions[index].lastBoughtAt.map({ purchase.boughtAt >= $0 }) ?? true {
                suggestions[index].lastBoughtAt = purchase.boughtAt
                suggestions[index].lastQuantity = purchase.quantity
            }
        }
        purchaseCount += purchases.count
        if let last = purchases.last { lastPurchase = last.id }
        let suggestions = self.suggestions
        let folded = self.folded
        let order = suggestions.indices.sorted { a, b in
            let (x, y) = (suggestions[a], suggestions[b])
            if x.bought != y.bought { return x.bought > y.bought }
            let (xt, yt) = (x.lastBoughtAt ?? .distantPast, y.lastBoughtAt ?? .distantPast)
            if xt != yt { return xt > yt }
            return folded[a] < folded[b]
        }
        var rank = Array(repeating: 0, count: suggestions.count)
        for (place, index) in order.enumerated() { rank[index] = place }
        self.rank = rank
    }

    /// How many items the index holds.
    public var count: Int { suggestions.count }

    /// The words of `name`, folded (lower case, no accents): split at anything that is neither a letter nor a digit.
    static func words(of name: String) -> [String] {
        words(ofFolded: fold(name))
    }

    /// The words of `text`, folded already.
    static func words(ofFolded text: String) -> [String] {
        text.split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    /// `text` in lower case without accents.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
    }

    /// Up to `limit` items with a word that starts with `typed` (its first word, folded), best first; none for
    /// nothing typed.
    public func suggestions(for typed: String, limit: Int = 8) -> [Suggestion] {
        let typedWords = Self.words(of: typed)
        guard let prefix = typedWords.first, limit > 0 else { return [] }
        // The first word not below the prefix; the words starting with it follow.
        var low = 0
        var high = words.count
        while low < high {
            let middle = (low + high) / 2
            if words[middle].word < prefix { low = middle + 1 } else { high = middle }
        }
        var found = Set<Int>()
        var index = low
        while index < words.count, words[index].word.hasPrefix(prefix) {
            found.insert(words[index].item)
            index += 1
        }
        // Every further word typed must start a word of the name too ("oat m" finds "Oat milk").
        let rest = typedWords.dropFirst()
        let matching = found.filter { item in
            rest.isEmpty
                || rest.allSatisfy { part in Self.words(of: suggestions[item].item.name).contains { $0.hasPrefix(part) }
                }
        }
        return matching.sorted { rank[$0] < rank[$1] }.prefix(limit).map { suggestions[$0] }
    }

    /// Every item, best first: the order a list of the whole catalog shows them in.
    public func ranked() -> [Suggestion] {
        suggestions.indices.sorted { rank[$0] < rank[$1] }.map { suggestions[$0] }
    }
}

extension ShoppingLists {
    /// The suggestion index of the household's catalog and purchase log, read in one snapshot.
    public func suggestionIndex() throws -> SuggestionIndex {
        try store.read { session in
            SuggestionIndex(
                items: try session.list(ShoppingItem.self).map(\.record),
                purchases: try session.list(Purchase.self).map(\.record))
        }
    }

    /// `index` with the purchases logged since it was built, when the log only grew since (check-offs made): read
    /// from the first purchase after those it counts, not from the start. `nil` when the log changed otherwise (a
    /// check-off taken back removed a purchase it counts): the index is then to be built again.
    public func suggestionIndex(after index: SuggestionIndex) throws -> SuggestionIndex? {
        try store.read { session in
            let seen = index.purchaseCount
            let total = try session.count(Purchase.self, where: nil)
            guard total >= seen else { return nil }
            // The last purchase it counts must still be where it was: a removal before it moves it.
            let newer = try session.list(Purchase.self, where: nil, offset: max(0, seen - 1), limit: nil).map(\.record)
            if seen > 0 {
                guard newer.first?.id == index.lastPurchase else { return nil }
            }
            let added = seen > 0 ? Array(newer.dropFirst()) : newer
            guard seen + added.count == total else { return nil }
            return index.adding(added)
        }
    }

    /// The revisions of the household's catalog and of its purchase log: an index built at them holds until one
    /// moves.
    public func catalogRevisions() throws -> (items: Int64, purchases: Int64) {
        let revisions = try store.read { try $0.revisions() }
        return (revisions[.item] ?? 0, revisions[.purchase] ?? 0)
    }
}

extension SuggestionIndex.Suggestion: JSONWritable {
    /// `{"bought": 3, "item": {...}, "lastBoughtAt": "...", "lastQuantity": "2 l"}`.
    public func writeJSON(to output: inout [UInt8]) {
        output += Array("{\"bought\":\(bought),\"item\":".utf8)
        item.writeJSON(to: &output)
        output += Array(",\"lastBoughtAt\":".utf8)
        if let lastBoughtAt {
            output.append(UInt8(ascii: "\""))
            ListsFormat.appendISOTimestamp(lastBoughtAt, to: &output)
            output.append(UInt8(ascii: "\""))
        } else {
            output += JSONObjectWriter.null
        }
        output += Array(",\"lastQuantity\":".utf8)
        if let lastQuantity {
            JSONValue.writeString(lastQuantity, to: &output)
        } else {
            output += JSONObjectWriter.null
        }
        output.append(UInt8(ascii: "}"))
    }
}
