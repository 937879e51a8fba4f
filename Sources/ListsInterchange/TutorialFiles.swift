import Foundation
import ListsModel

/// The files the tutorial apps wrote: Shopping List's `items.plist` (an `NSKeyedArchiver` archive of an array
/// of `MTItem`) and `seed.plist`, and iTahDoodle's `data.td` (a property list array of strings). A tab or another
/// control character in a name or task is read as a space.
public enum TutorialFiles {
    /// The items of an `items.plist` archive, in the archive's order, with their `uuid`s as ids so that
    /// importing the same archive twice adds nothing.
    ///
    /// `MTItem` stored its price with `encodeFloat:forKey:`, a 32-bit float (1.99 is kept as 1.99000001);
    /// prices are rounded to the cent. A missing `uuid` gets a fresh id; a missing `inShoppingList` is off.
    /// - Throws: ``ImportError`` naming the item and field.
    public static func readItemsArchive(_ bytes: [UInt8], now: Date) throws -> ImportBatch {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        if !bytes.starts(with: Array("bplist00".utf8)), head.contains("<key>$archiver</key>") {
            throw ImportError(
                "the file", field: "file",
                "is a keyed archive in XML; Lists reads the binary items.plist the app wrote (on a Mac, "
                    + "plutil -convert binary1 turns one into the other)")
        }
        let archive: KeyedArchive
        do {
            archive = try KeyedArchive(bytes)
        } catch let error as BinaryPropertyList.Malformed {
            throw ImportError("the file", field: "file", "not an NSKeyedArchiver archive: \(error)")
        }
        var records: [ShoppingItem] = []
        let stamp = now.roundedToMilliseconds
        // Every object an item refers to is checked only when it is followed, so damage found then is placed at
        // the item being read.
        var location = "the file"
        do {
            for (index, element) in try archive.rootArray().enumerated() {
                location = "item \(index + 1)"
                let fields = try archive.fields(of: element, location: location)
                guard archive.className(of: element) == "MTItem" else {
                    throw ImportError(
                        location, field: "$class", "is \(archive.className(of: element) ?? "unknown"), not MTItem")
                }
                let name = try ImportError.at(location) {
                    try ShoppingItem.validName(
                        ImportedText.oneLine(
                            try archive.string(fields["name"], location: location, field: "name") ?? ""))
                }
                var id = UUID.random()
                if let text = try archive.string(fields["uuid"], location: location, field: "uuid") {
                    guard let parsed = UUID(text: text) else {
                        throw ImportError(location, field: "uuid", "\(Quoted(text)) is not a UUID")
                    }
                    id = parsed
                }
                let price = try ImportError.at(location) {
                    try Money(validatingPrice: archive.number(fields["price"], location: location, field: "price") ?? 0)
                }
                let isOn =
                    try archive.bool(fields["inShoppingList"], location: location, field: "inShoppingList") ?? false
                records.append(
                    ShoppingItem(
                        meta: RecordMeta(id: id, createdAt: stamp), name: name, price: price, isOnShoppingList: isOn))
            }
        } catch let error as BinaryPropertyList.Malformed {
            throw ImportError(
                location, field: location == "the file" ? "file" : "item", "the archive is damaged: \(error)")
        }
        var batch = ImportBatch(records, existing: .keep)
        // The tutorial had no categories: each item gets the one suggested for its name.
        batch.suggestsCategories = true
        return batch
    }

    /// The items of a `seed.plist`: a property list (XML or binary) array of dictionaries with `name` and `price`
    /// (a real or a string). Each becomes a new item off the shopping list.
    /// - Throws: ``ImportError``.
    public static func readSeedList(_ bytes: [UInt8], now: Date) throws -> ImportBatch {
        let entries: [Seeding.SeedItem]
        do {
            entries =
                isXMLList(bytes)
                ? try Seeding.seedItems(fromPropertyList: Data(ImportedText.withoutByteOrderMark(bytes)))
                : try binarySeedItems(bytes)
        } catch let error as ImportError {
            throw error
        } catch let error as ValidationError {
            throw ImportError("the file", error)
        } catch {
            throw ImportError(
                "the file", field: "file", "not a property list array of dictionaries with name and price")
        }
        var records: [ShoppingItem] = []
        for (index, entry) in entries.enumerated() {
            let name = try ImportError.at("item \(index + 1)") {
                try ShoppingItem.validName(ImportedText.oneLine(entry.name))
            }
            records.append(
                ShoppingItem(meta: RecordMeta(createdAt: now.roundedToMilliseconds), name: name, price: entry.price))
        }
        var batch = ImportBatch(records)
        batch.suggestsCategories = true
        return batch
    }

    /// The tasks of iTahDoodle's `data.td`: a property list array of strings, each a task, in order. The app wrote
    /// XML (`writeToFile:atomically:`); a file converted to binary (`plutil -convert binary1`) reads the same.
    /// - Throws: ``ImportError``.
    public static func readTaskList(_ bytes: [UInt8], now: Date) throws -> ImportBatch {
        let notTasks = ImportError(
            "the file", field: "file", "not a property list array of strings (iTahDoodle's data.td)")
        let titles: [String]
        if isXMLList(bytes) {
            do {
                titles = try PropertyListDecoder().decode(
                    [String].self, from: Data(ImportedText.withoutByteOrderMark(bytes)))
            } catch {
                throw notTasks
            }
        } else {
            guard let strings = binaryStrings(bytes) else { throw notTasks }
            titles = strings
        }
        var records: [TodoTask] = []
        for (index, title) in titles.enumerated() {
            let valid = try ImportError.at("task \(index + 1)") { try TodoTask.validTitle(ImportedText.oneLine(title)) }
            records.append(TodoTask(meta: RecordMeta(createdAt: now.roundedToMilliseconds), title: valid))
        }
        return ImportBatch(records)
    }

    /// iTahDoodle's `data.td` for `tasks`: an XML property list array of their titles.
    public static func writeTaskList(_ tasks: [TodoTask]) throws -> [UInt8] {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        return Array(try encoder.encode(tasks.map(\.title)))
    }
}
