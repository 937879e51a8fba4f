import Foundation
import ListsModel

/// The shopping catalog as CSV with a header row: `name,price,on list`; `on list` is `yes` or `no`.
///
/// Read as spreadsheets write it: a byte-order mark is skipped, a tab or a line break inside a name is read as a
/// space.
public enum ShoppingCSV {
    /// The header this format writes and expects.
    public static let header = ["name", "price", "on list"]

    /// The items of a shopping CSV, appended as new items in the file's order.
    /// - Throws: ``ImportError`` naming the line and column.
    public static func read(_ bytes: [UInt8], now: Date) throws -> ImportBatch {
        var rows = try CSV.rows(try ImportedText.utf8(bytes))
        guard let first = rows.first,
            first.fields.map({ $0.trimmingWhitespace().lowercased() }) == header
        else {
            throw ImportError("line 1", field: "header", "must be \(header.joined(separator: ","))")
        }
        rows.removeFirst()
        var records: [ShoppingItem] = []
        let stamp = now.roundedToMilliseconds
        for row in rows {
            let location = "line \(row.line)"
            guard row.fields.count == 3 else {
                throw ImportError(
                    location, field: "file", "has \(row.fields.count) columns; name, price and on list are 3")
            }
            let name = try ImportError.at(location) { try ShoppingItem.validName(ImportedText.oneLine(row.fields[0])) }
            // Read as the price field of the add sheet reads it: empty is 0.
            let price = try ImportError.at(location) { try ShoppingItem.Fields.price.read(row.fields[1]) }
            let isOn: Bool
            switch row.fields[2].trimmingWhitespace().lowercased() {
            case "yes", "true", "1", "x", "✓": isOn = true
            case "no", "false", "0", "": isOn = false
            default: throw ImportError(location, field: "on list", "must be yes or no, not \(Quoted(row.fields[2]))")
            }
            records.append(
                ShoppingItem(meta: RecordMeta(createdAt: stamp), name: name, price: price, isOnShoppingList: isOn))
        }
        return ImportBatch(records)
    }

    /// The catalog as CSV, in catalog order.
    public static func write(_ items: [ShoppingItem]) -> [UInt8] {
        var text = header.joined(separator: ",") + "\n"
        for item in items {
            text += "\(CSV.field(item.name)),\(item.price),\(item.isOnShoppingList ? "yes" : "no")\n"
        }
        return Array(text.utf8)
    }
}
