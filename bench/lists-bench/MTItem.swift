import Foundation

/// The Shopping List tutorial's model object, as it was: an `NSObject` subclass that archives itself with
/// `NSCoding` under the keys `uuid`, `name`, `price` (a float) and `inShoppingList`.
///
/// Only the reference side of `tutorial-vs-lists` uses it, on the one thread that runs the benchmark; it is
/// never sent across an isolation boundary, so it needs no `Sendable` conformance (and gets none: the
/// compiler would flag any such use).
final class MTItem: NSObject, NSCoding {
    var uuid: String
    var name: String
    var price: Float
    var inShoppingList: Bool

    /// `-initWithName:andPrice:`: a new item with a fresh upper-case UUID, off the shopping list.
    init(name: String, price: Float) {
        uuid = UUID().uuidString
        self.name = name
        self.price = price
        inShoppingList = false
    }

    /// `-encodeWithCoder:`.
    func encode(with coder: NSCoder) {
        coder.encode(uuid, forKey: "uuid")
        coder.encode(name, forKey: "name")
        coder.encode(price, forKey: "price")
        coder.encode(inShoppingList, forKey: "inShoppingList")
    }

    /// `-initWithCoder:`.
    required init?(coder: NSCoder) {
        guard let uuid = coder.decodeObject(forKey: "uuid") as? String,
            let name = coder.decodeObject(forKey: "name") as? String
        else { return nil }
        self.uuid = uuid
        self.name = name
        price = coder.decodeFloat(forKey: "price")
        inShoppingList = coder.decodeBool(forKey: "inShoppingList")
    }
}

/// The tutorial's `MTListViewController` storage: `items` in memory, `saveItems` rewriting `items.plist`.
struct TutorialItemsFile {
    let url: URL
    let items = NSMutableArray()

    /// The archive names the class `MTItem`, as the Objective-C app wrote it (not `lists_bench.MTItem`).
    static func registerClassName() {
        NSKeyedArchiver.setClassName("MTItem", for: MTItem.self)
        NSKeyedUnarchiver.setClass(MTItem.self, forClassName: "MTItem")
    }

    /// `-saveItems`: `[NSKeyedArchiver archiveRootObject:self.items toFile:filePath]`, that is, the whole array
    /// archived and written to a temporary file that is renamed over the old one.
    func save() throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: items, requiringSecureCoding: false)
        try data.write(to: url, options: .atomic)
    }

    /// `-createItemWithName:andPrice:` followed by `-saveItems`: what one add cost in the tutorial.
    func add(name: String, price: Float) throws {
        items.add(MTItem(name: name, price: price))
        try save()
    }

    /// `-loadItems`: how many items the file holds (checks that the reference really wrote them all).
    func storedCount() throws -> Int {
        let data = try Data(contentsOf: url)
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = false
        defer { unarchiver.finishDecoding() }
        guard let array = unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey) as? NSArray else {
            throw BenchError("\(url.path) does not hold an archived array")
        }
        guard array.count == 0 || array.lastObject is MTItem else {
            throw BenchError("\(url.path) does not hold MTItem objects")
        }
        return array.count
    }
}
