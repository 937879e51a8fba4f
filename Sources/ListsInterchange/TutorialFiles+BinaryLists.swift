import Foundation
import ListsModel

/// `data.td` and `seed.plist` converted to binary property lists, read with Lists's own parser
/// (``BinaryPropertyList``): Foundation's binary reader stops the process on some damaged lists (a string that runs
/// past the end of the file traps), and an import must refuse a damaged file, never crash on it. Only XML property
/// lists go to Foundation's reader.
extension TutorialFiles {
    /// Whether `bytes` are an XML property list, for Foundation's reader; anything else is read as a binary one.
    /// Foundation's reader would take other binary versions (`bplist01`) and other formats too, so it sees only
    /// what starts with `<` (after a byte-order mark and white space).
    static func isXMLList(_ bytes: [UInt8]) -> Bool {
        let text = ImportedText.withoutByteOrderMark(bytes)
        return text.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "<")
    }

    /// The strings of a binary property list whose top object is an array of strings; `nil` for anything else,
    /// damaged lists included.
    static func binaryStrings(_ bytes: [UInt8]) -> [String]? {
        guard let list = try? BinaryPropertyList(bytes), case .array(let elements) = list.objects[list.top] else {
            return nil
        }
        var strings: [String] = []
        strings.reserveCapacity(elements.count)
        for element in elements {
            guard case .string(let text) = list.objects[element] else { return nil }
            strings.append(text)
        }
        return strings
    }

    /// The entries of a binary property list whose top object is an array of dictionaries with `name` (a string)
    /// and `price` (a real, a whole number or a string), as the XML seed list has them.
    /// - Throws: ``ImportError`` naming the item and field.
    static func binarySeedItems(_ bytes: [UInt8]) throws -> [Seeding.SeedItem] {
        guard let list = try? BinaryPropertyList(bytes), case .array(let elements) = list.objects[list.top] else {
            throw ImportError(
                "the file", field: "file", "not a property list array of dictionaries with name and price")
        }
        return try elements.enumerated().map { index, element in
            let location = "item \(index + 1)"
            guard case .dictionary(let keys, let values) = list.objects[element] else {
                throw ImportError(location, field: "item", "is not a dictionary with name and price")
            }
            var fields: [String: BinaryPropertyList.Object] = [:]
            for (key, value) in zip(keys, values) {
                if case .string(let name) = list.objects[key] { fields[name] = list.objects[value] }
            }
            guard case .string(let name)? = fields["name"] else {
                throw ImportError(location, field: "name", "is missing or not text")
            }
            let price: Money
            switch fields["price"] {
            case .string(let text)?: price = try ImportError.at(location) { try Money(parsingPrice: text) }
            case .real(let real)?: price = try ImportError.at(location) { try Seeding.SeedItem.price(real: real) }
            case .integer(let whole)?:
                price = try ImportError.at(location) { try Money(validatingPrice: Decimal(whole)) }
            default: throw ImportError(location, field: "price", "is missing or not a number")
            }
            return Seeding.SeedItem(name: name, price: price)
        }
    }
}
