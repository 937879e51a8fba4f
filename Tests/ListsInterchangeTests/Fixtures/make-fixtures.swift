// Writes the property-list fixtures the way the tutorials' apps wrote their files, with the real Foundation
// archiver and serializer (not with Lists's own code), so that the readers are tested against genuine bytes.
//
// How the checked-in files were made (Swift 6.3.1, Linux x86_64, dynamically linked Foundation: the static
// Foundation's NSKeyedArchiver is known to write empty archives):
//
//     cd Tests/ListsInterchangeTests/Fixtures
//     swiftc -module-name Tutorial make-fixtures.swift -o /tmp/make-fixtures && /tmp/make-fixtures .
//
// The module must be called Tutorial: see the note above `final class Tutorial`.
//
// It writes:
//   items.plist      NSKeyedArchiver binary archive of an NSMutableArray of MTItem (Shopping List's saveItems)
//   items-xml.plist  the same archive with outputFormat = .xml
//   items-bad.plist  a binary archive of three MTItems, the third priced -1.5
//   seed.plist       XML plist array of {name, price} dictionaries, one price a string (Shopping List's seed)
//   data.td          XML plist array of strings (iTahDoodle's [NSArray writeToFile:atomically:])
//   data-binary.td   the same tasks as a binary plist, as `plutil -convert binary1 data.td` leaves it
//   seed-binary.plist  the seed list as a binary plist
// The text fixtures (tasks.json, tasks.ndjson, todo.txt, shopping.csv) are written by hand.

import Foundation

/// The tutorial's MTItem, encoding exactly as its `encodeWithCoder:` did.
final class MTItem: NSObject, NSCoding {
    let uuid: String?
    let name: String
    let price: Float
    let inShoppingList: Bool

    init(uuid: String?, name: String, price: Float, inShoppingList: Bool) {
        self.uuid = uuid
        self.name = name
        self.price = price
        self.inShoppingList = inShoppingList
    }

    func encode(with coder: NSCoder) {
        coder.encode(uuid.map { $0 as NSString }, forKey: "uuid")  // [coder encodeObject:self.uuid ...]
        coder.encode(name as NSString, forKey: "name")  // [coder encodeObject:self.name ...]
        coder.encode(price, forKey: "price")  // [coder encodeFloat:self.price ...]
        coder.encode(inShoppingList, forKey: "inShoppingList")  // [coder encodeBool:self.inShoppingList ...]
    }

    /// Archived under the stand-in class whose mapped name is `MTItem`.
    override var classForKeyedArchiver: AnyClass? { `Type`.self }

    required init?(coder: NSCoder) {
        uuid = coder.decodeObject(forKey: "uuid") as? String
        name = coder.decodeObject(forKey: "name") as? String ?? ""
        price = coder.decodeFloat(forKey: "price")
        inShoppingList = coder.decodeBool(forKey: "inShoppingList")
    }
}

// swift-corelibs-foundation's setClassName(_:for:) stores the mapping under `String(describing: type(of: cls))`
// ("MTItem.Type") but looks it up under `String(reflecting: cls)` ("Tutorial.MTItem"), so on Linux the mapping
// never applies and the archive would say "Tutorial.MTItem". These two classes make the keys meet: the mapping
// is set for `Tutorial` (stored as "Tutorial.Type") and MTItem archives as the class `Type` (looked up as
// "Tutorial.Type"). Every byte is still written by NSKeyedArchiver, and the class comes out as plain "MTItem",
// as the tutorial's Objective-C class did.
/// The class whose metatype's description is the key the lookup uses.
final class Tutorial: NSObject {}
/// The class MTItem is archived as; its reflected name is "Tutorial.Type".
final class `Type`: NSObject {}

let directory = URL(fileURLWithPath: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : ".")

let items = NSMutableArray(array: [
    MTItem(uuid: "9A3E54D2-6C1B-4F0E-8E53-2C1D7A4B9F01", name: "Pear", price: 0.62, inShoppingList: true),
    MTItem(uuid: "1F0B8C3A-77D4-4E2B-9A6C-5D3E2F1A0B02", name: "Bread", price: 3.12, inShoppingList: false),
    MTItem(uuid: "C4D5E6F7-0812-4A3B-8C9D-0E1F2A3B4C03", name: "Crème fraîche", price: 1.99, inShoppingList: true),
    MTItem(uuid: "5B6C7D8E-9F01-4234-A567-89ABCDEF0A04", name: "Notepad", price: 2, inShoppingList: false),
    MTItem(uuid: "E1E2E3E4-F5F6-4788-9900-AABBCCDDEE05", name: "Free sample", price: 0, inShoppingList: true),
])

func archive(_ format: PropertyListSerialization.PropertyListFormat, of items: NSMutableArray = items) -> Data {
    let archiver = NSKeyedArchiver(requiringSecureCoding: false)
    archiver.outputFormat = format
    archiver.setClassName("MTItem", for: Tutorial.self)
    archiver.encode(items, forKey: NSKeyedArchiveRootObjectKey)
    archiver.finishEncoding()
    return archiver.encodedData
}

let binary = archive(.binary)
precondition(binary.starts(with: Array("bplist00".utf8)) && binary.count > 200, "the archiver wrote an empty archive")
try binary.write(to: directory.appendingPathComponent("items.plist"))
try archive(.xml).write(to: directory.appendingPathComponent("items-xml.plist"))
// items-bad.plist: a real archive whose third item has a negative price, which Lists refuses.
let bad = NSMutableArray(array: [
    MTItem(uuid: "0D1E2F3A-4B5C-4D6E-8F70-8192A3B4C5D6", name: "Apple", price: 0.5, inShoppingList: false),
    MTItem(uuid: "1E2F3A4B-5C6D-4E7F-8091-A2B3C4D5E6F7", name: "Bread", price: 3.12, inShoppingList: true),
    MTItem(uuid: "2F3A4B5C-6D7E-4F80-91A2-B3C4D5E6F708", name: "Refund", price: -1.5, inShoppingList: false),
])
try archive(.binary, of: bad).write(to: directory.appendingPathComponent("items-bad.plist"))

// Check that Foundation itself reads the archive back as the tutorial's unarchiveObjectWithFile: would.
let unarchiver = try NSKeyedUnarchiver(forReadingFrom: binary)
unarchiver.requiresSecureCoding = false
unarchiver.setClass(MTItem.self, forClassName: "MTItem")
precondition(String(decoding: archive(.xml), as: UTF8.self).contains("<string>MTItem</string>"), "class name")
let back = unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey) as? [MTItem]
precondition(back?.map(\.name) == ["Pear", "Bread", "Crème fraîche", "Notepad", "Free sample"], "round trip")

// seed.plist: the tutorial's five items; Notepad's price is a string, as a hand-edited plist may have it.
let seed: NSArray = [
    ["name": "Pear", "price": 0.62] as NSDictionary,
    ["name": "Notepad", "price": "2.53"] as NSDictionary,
    ["name": "Pencil", "price": 0.35] as NSDictionary,
    ["name": "Bread", "price": 3.12] as NSDictionary,
    ["name": "Mango", "price": 1.25] as NSDictionary,
]
try PropertyListSerialization.data(fromPropertyList: seed, format: .xml, options: 0)
    .write(to: directory.appendingPathComponent("seed.plist"))

// data.td: iTahDoodle's [tasks writeToFile:path atomically:YES], an XML plist array of strings.
let tasks: NSArray = ["Walk the dogs", "Feed the hogs", "Chop the logs", "Café <au lait> & \"croissants\""]
precondition(tasks.write(to: directory.appendingPathComponent("data.td"), atomically: true))

// The same two files converted to binary, as people do (plutil -convert binary1): Lists tells them apart from
// an items.plist by what they hold.
try PropertyListSerialization.data(fromPropertyList: tasks, format: .binary, options: 0)
    .write(to: directory.appendingPathComponent("data-binary.td"))
try PropertyListSerialization.data(fromPropertyList: seed, format: .binary, options: 0)
    .write(to: directory.appendingPathComponent("seed-binary.plist"))
print(
    "wrote items.plist (\(binary.count) bytes), items-xml.plist, seed.plist, data.td, data-binary.td, "
        + "seed-binary.plist to \(directory.path)")
