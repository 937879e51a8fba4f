import Foundation
import ListsModel

/// The shopping catalog and the named lists as CSV with a header row:
/// `name,price,on list,list,quantity,note,category`.
///
/// A row with no `list` is an item of the catalog (`on list`, `yes` or `no`, is the tutorial's checkmark: an import
/// puts the items marked `yes` on the list "Shopping", and an export writes `no`, since the lists' own rows say what is
/// on them; `category`, its aisle by name, found among the household's or added to them; an item with none gets the one
/// suggested for its name).
/// A row with a `list` puts the item called `name` on the named list, with its quantity and note: the list is made
/// when the household has none of that name (case ignored), and the item is added to the catalog at `price` when
/// neither the catalog nor an earlier row has it; an item on the list already gets the quantity added as a put does
/// (``ShoppingLists/put(_:on:quantity:note:id:)``). The catalog comes first, then each list's entries in its order.
/// A file of an earlier version of the format, `name,price,on list` (the catalog alone) or
/// `name,price,on list,list,quantity,note` (no categories), is read too. Whether an entry was
/// checked off is not kept: the backup (`lists-json`) keeps everything.
///
/// Read as spreadsheets write it: a byte-order mark is skipped, a tab or a line break inside a name is read as a
/// space.
public enum ShoppingCSV {
    /// The header this format writes and expects.
    public static let header = ["name", "price", "on list", "list", "quantity", "note", "category"]
    /// The header of the format's second version, before categories.
    public static let listsHeader = ["name", "price", "on list", "list", "quantity", "note"]
    /// The header of the format's first version, the catalog alone.
    public static let catalogHeader = ["name", "price", "on list"]

    /// The items and list entries of a shopping CSV, appended in the file's order.
    /// - Throws: ``ImportError`` naming the line and column.
    public static func read(_ bytes: [UInt8], now: Date) throws -> ImportBatch {
        var rows = try CSV.rows(bytes)
        let names = rows.first?.fields.map { $0.trimmingWhitespace().lowercased() }
        guard let names, names == header || names == listsHeader || names == catalogHeader else {
            throw ImportError(
                "line 1", field: "header",
                "must be \(header.joined(separator: ",")) (or \(catalogHeader.joined(separator: ",")))")
        }
        rows.removeFirst()
        var records: [ShoppingItem] = []
        var entries: [ImportBatch.ListRow] = []
        var categories: [String: String] = [:]
        let stamp = now.roundedToMilliseconds
        for row in rows {
            let location = "line \(row.line)"
            guard row.fields.count == names.count else {
                throw ImportError(
                    location, field: "file",
                    "has \(row.fields.count) columns; \(names.joined(separator: ", ")) are \(names.count)")
            }
            let name = try ImportError.at(location) { try ShoppingItem.validName(ImportedText.oneLine(row.fields[0])) }
            // Read as the price field of the add sheet reads it: empty is 0.
            let price = try ImportError.at(location) { try ShoppingItem.Fields.price.read(row.fields[1]) }
            let list = names.count > 3 ? ImportedText.oneLine(row.fields[3]).trimmingWhitespace() : ""
            if !list.isEmpty {
                let listName = try ImportError.at(location) { try NamedList.Fields.name.checked(list) }
                let quantity = try ImportError.at(location) {
                    try ListEntry.Fields.quantity.checked(
                        row.fields[4].trimmingWhitespace().isEmpty ? nil : row.fields[4])
                }
                let note = try ImportError.at(location) {
                    try ListEntry.Fields.note.checked(ImportedText.oneLine(row.fields[5]))
                }
                entries.append(
                    ImportBatch.ListRow(
                        list: listName, item: name, price: price, quantity: quantity, note: note, place: location))
                continue
            }
            let isOn: Bool
            switch row.fields[2].trimmingWhitespace().lowercased() {
            case "yes", "true", "1", "x", "✓": isOn = true
            case "no", "false", "0", "": isOn = false
            default: throw ImportError(location, field: "on list", "must be yes or no, not \(Quoted(row.fields[2]))")
            }
            if names.count > 6 {
                let category = ImportedText.oneLine(row.fields[6]).trimmingWhitespace()
                if !category.isEmpty {
                    categories[Reference.nameKey(name)] = try ImportError.at(location) {
                        do {
                            return try ItemCategory.Fields.name.checked(category)
                        } catch var error as ValidationError {
                            error.field = "category"
                            throw error
                        }
                    }
                }
            }
            records.append(
                ShoppingItem(meta: RecordMeta(createdAt: stamp), name: name, price: price, isOnShoppingList: isOn))
        }
        var batch = ImportBatch(records)
        batch.listRows = entries
        batch.categoryNames = categories
        batch.suggestsCategories = true
        return batch
    }

    /// The catalog as CSV, in catalog order, then each list's entries in the lists' order.
    public static func write(
        _ items: [ShoppingItem], lists: [(list: NamedList, rows: [ShoppingLists.Row])] = [],
        categories: [ItemCategory] = []
    ) -> [UInt8] {
        let names = Dictionary(
            categories.map { ($0.id.uuidString, $0.name) }, uniquingKeysWith: { first, _ in first })
        var text = header.joined(separator: ",") + "\n"
        for item in items {
            let category = item.category.flatMap { names[$0] } ?? ""
            text +=
                "\(CSV.field(item.name)),\(item.price),\(item.isOnShoppingList ? "yes" : "no"),,,,"
                + "\(CSV.field(category))\n"
        }
        for (list, rows) in lists {
            for row in rows {
                guard let item = row.item else { continue }
                let entry = row.entry.record
                text +=
                    "\(CSV.field(item.name)),\(item.price),,\(CSV.field(list.name)),"
                    + "\(CSV.field(entry.quantity ?? "")),\(CSV.field(entry.note ?? "")),\n"
            }
        }
        return Array(text.utf8)
    }
}
