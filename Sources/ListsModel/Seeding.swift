import Foundation

/// What a new database starts with: the tutorials' own first-run data.
///
/// The Shopping List tutorial wrote `items.plist` and only then set `MTUserDefaultsSeedItems`, so a crash in
/// between seeded twice; here the records and the flag are one transaction.
public enum Seeding {
    /// The store setting that records that seeding happened.
    static let flag = "seeded"

    /// One entry of `seed.plist`: a name and a price, the price a real or a string as the tutorial allowed.
    public struct SeedItem: Decodable, Sendable, Equatable {
        /// The item's name.
        public var name: String
        /// The item's exact price.
        public var price: Money

        enum CodingKeys: String, CodingKey { case name, price }

        /// An entry read by other means than a decoder (an importer's own property list reader).
        public init(name: String, price: Money) {
            self.name = name
            self.price = price
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            if let text = try? container.decode(String.self, forKey: .price) {
                price = try Money(parsingPrice: text)
            } else {
                price = try Self.price(real: try container.decode(Double.self, forKey: .price))
            }
        }

        /// The price a `<real>` holds: a whole number of cents, give or take the real's rounding.
        /// - Throws: ``ValidationError`` for `price`.
        public static func price(real: Double) throws -> Money {
            let cents = (real * 100).rounded()
            guard real.isFinite, abs(real * 100 - cents) < 1e-6, abs(cents) < 1e12 else {
                throw ValidationError(field: "price", message: "\(real) is not a price; use \(Money.allowedPrices)")
            }
            return try Money(validatingPrice: Int64(cents))
        }
    }

    /// Reads a `seed.plist` (an XML or binary property list: an array of dictionaries with `name`, `price`).
    /// - Throws: a decoding error or ``ValidationError`` for a bad entry.
    public static func seedItems(fromPropertyList data: Data) throws -> [SeedItem] {
        try PropertyListDecoder().decode([SeedItem].self, from: data)
    }

    /// The five items of the `seed.plist` shipped with Lists.
    /// - Throws: when the resource is missing or damaged.
    public static func bundledSeedItems() throws -> [SeedItem] {
        guard let url = Bundle.module.url(forResource: "seed", withExtension: "plist") else {
            throw StoreError.failure("seed.plist is missing from the ListsModel resources")
        }
        return try seedItems(fromPropertyList: try Data(contentsOf: url))
    }

    /// iTahDoodle's three tasks.
    public static let tasks = ["Walk the dogs", "Feed the hogs", "Chop the logs"]

    /// Seeds `store` once: the bundled items, the three tasks on the to-do list "To-Do" and the Pigeon sighting, unless `empty`, in which
    /// case only the flag is set so that the database stays empty. Does nothing when already seeded.
    /// - Returns: whether this call seeded (or emptied) a new database.
    /// - Throws: ``StoreError`` or a seed file error; nothing is written then.
    @discardableResult
    public static func seedIfNeeded(_ store: any Store, empty: Bool = false, now: Date = Date()) throws -> Bool {
        if try store.read({ try $0.setting(flag) }) != nil { return false }
        let items = empty ? [] : try bundledSeedItems()
        let now = now.roundedToMilliseconds
        return try store.write { session in
            guard try session.setting(flag) == nil else { return false }
            if !empty {
                for item in items {
                    let name = try ShoppingItem.validName(item.name)
                    var seeded = ShoppingItem(meta: RecordMeta(createdAt: now), name: name, price: item.price)
                    try ShoppingItem.settle(
                        &seeded, changedFrom: nil, household: store.scope.household, in: session.session(in: .main))
                    try session.insert(seeded)
                }
                let list = try TodoLists.make(
                    name: TodoLists.firstListName, id: nil, household: store.scope.household, now: now, in: session)
                for title in tasks {
                    var task = TodoTask(meta: RecordMeta(createdAt: now), title: title)
                    task.list = list.id.uuidString
                    try session.insert(task)
                }
                try session.insert(
                    BirdSighting(meta: RecordMeta(createdAt: now), name: "Pigeon", location: "Everywhere", date: now))
            }
            try session.setSetting(flag, to: empty ? "empty" : "tutorials")
            return true
        }
    }
}
