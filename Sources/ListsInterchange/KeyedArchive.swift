import Foundation
import ListsModel

/// An `NSKeyedArchiver` archive read from its binary property list: `$objects`, `$top.root`, and objects
/// that refer to each other by UID.
struct KeyedArchive {
    private let list: BinaryPropertyList
    /// `$objects`: archive UIDs index this array of property-list object indices.
    private let archived: [Int]
    private let root: Int

    /// Reads the archive's frame.
    /// - Throws: ``BinaryPropertyList/Malformed``.
    init(_ bytes: [UInt8]) throws {
        list = try BinaryPropertyList(bytes)
        let top = try Self.dictionary(list, list.top)
        guard let archiver = top["$archiver"], case .string("NSKeyedArchiver") = list.objects[archiver] else {
            throw BinaryPropertyList.Malformed("no $archiver NSKeyedArchiver")
        }
        guard let objects = top["$objects"], case .array(let archived) = list.objects[objects] else {
            throw BinaryPropertyList.Malformed("no $objects")
        }
        guard let topIndex = top["$top"], let rootIndex = try Self.dictionary(list, topIndex)["root"],
            case .uid(let root) = list.objects[rootIndex]
        else { throw BinaryPropertyList.Malformed("no $top root") }
        self.archived = archived
        self.root = root
    }

    private static func dictionary(_ list: BinaryPropertyList, _ index: Int) throws -> [String: Int] {
        guard case .dictionary(let keys, let values) = list.objects[index] else {
            throw BinaryPropertyList.Malformed("a dictionary was expected")
        }
        var result: [String: Int] = [:]
        for (key, value) in zip(keys, values) {
            guard case .string(let name) = list.objects[key] else {
                throw BinaryPropertyList.Malformed("a key is not a string")
            }
            result[name] = value
        }
        return result
    }

    /// The property-list object an archive UID names.
    private func object(uid: Int) throws -> BinaryPropertyList.Object {
        guard uid >= 0, uid < archived.count else { throw BinaryPropertyList.Malformed("a UID points at no object") }
        return list.objects[archived[uid]]
    }

    /// Follows a UID to its object; other values are themselves.
    private func resolved(_ index: Int) throws -> BinaryPropertyList.Object {
        if case .uid(let uid) = list.objects[index] { return try object(uid: uid) }
        return list.objects[index]
    }

    /// The UIDs of the root array's elements (`NS.objects` of an NSArray or NSMutableArray).
    /// - Throws: ``ImportError`` when the root is not an array.
    func rootArray() throws -> [Int] {
        guard case .dictionary = try object(uid: root), let fields = try? fields(ofUID: root),
            let elements = fields["NS.objects"], case .array(let references) = list.objects[elements]
        else { throw ImportError("the file", field: "root", "the archive's root is not an array of items") }
        return try references.map { reference in
            guard case .uid(let uid) = list.objects[reference] else {
                throw ImportError("the file", field: "root", "the array holds something other than objects")
            }
            return uid
        }
    }

    private func fields(ofUID uid: Int) throws -> [String: Int] {
        guard uid >= 0, uid < archived.count else { throw BinaryPropertyList.Malformed("a UID points at no object") }
        return try Self.dictionary(list, archived[uid])
    }

    /// The encoded fields of the object with `uid`, by key.
    func fields(of uid: Int, location: String) throws -> [String: Int] {
        do {
            return try fields(ofUID: uid)
        } catch {
            throw ImportError(location, field: "item", "is not an archived object")
        }
    }

    /// The class name of the object with `uid` (`$class` → `$classname`).
    func className(of uid: Int) -> String? {
        guard let fields = try? fields(ofUID: uid), let classReference = fields["$class"],
            case .uid(let classUID) = list.objects[classReference], let classFields = try? self.fields(ofUID: classUID),
            let name = classFields["$classname"], case .string(let text) = list.objects[name]
        else { return nil }
        return text
    }

    /// The string a field holds (an archived NSString, or NSMutableString's `NS.string`); `nil` when absent or
    /// `$null`.
    func string(_ index: Int?, location: String, field: String) throws -> String? {
        guard let index else { return nil }
        switch try resolved(index) {
        case .string(let text) where text == "$null": return nil
        case .string(let text): return text
        case .dictionary:
            if case .uid(let uid) = list.objects[index], let inner = try? fields(ofUID: uid)["NS.string"],
                case .string(let text) = list.objects[inner]
            {
                return text
            }
        default: break
        }
        throw ImportError(location, field: field, "is not text")
    }

    /// The number a field holds (`encodeFloat:` writes a real), as a decimal rounded to the cent; `nil` when
    /// absent.
    func number(_ index: Int?, location: String, field: String) throws -> Decimal? {
        guard let index else { return nil }
        switch try resolved(index) {
        case .real(let value) where value.isFinite && abs(value) < 1e12:
            return Decimal((value * 100).rounded()) / 100
        case .integer(let value): return Decimal(value)
        default: throw ImportError(location, field: field, "is not a number")
        }
    }

    /// The Boolean a field holds.
    func bool(_ index: Int?, location: String, field: String) throws -> Bool? {
        guard let index else { return nil }
        switch try resolved(index) {
        case .bool(let value): return value
        case .integer(let value): return value != 0
        default: throw ImportError(location, field: field, "is not true or false")
        }
    }
}
