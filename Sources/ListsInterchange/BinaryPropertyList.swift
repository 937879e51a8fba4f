/// A reader of Apple's binary property lists (`bplist00`), the format `NSKeyedArchiver` writes.
///
/// Written here rather than taken from Foundation because a statically linked Foundation on Linux reads keyed
/// archives wrongly, and because an importer must treat every byte as hostile: each offset and count is
/// checked, containers hold object indices rather than nested copies (so a shared object cannot blow up), and
/// nothing recurses.
struct BinaryPropertyList {
    /// One object of the list; containers refer to other objects by index.
    enum Object: Equatable {
        case null
        case bool(Bool)
        case integer(Int64)
        case real(Double)
        case date(Double)
        case data([UInt8])
        case string(String)
        case uid(Int)
        case array([Int])
        case dictionary(keys: [Int], values: [Int])
    }

    /// Why the bytes are not a binary property list.
    struct Malformed: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Every object, by index.
    let objects: [Object]
    /// The index of the top object.
    let top: Int

    /// Parses `bytes`.
    /// - Throws: ``Malformed`` for anything that is not a well-formed binary property list.
    init(_ bytes: [UInt8]) throws {
        guard bytes.count >= 40, bytes.starts(with: Array("bplist00".utf8)) else {
            throw Malformed("not a binary property list")
        }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        let count = try Self.integer(bytes, at: trailer + 8, size: 8)
        let top = try Self.integer(bytes, at: trailer + 16, size: 8)
        let tableOffset = try Self.integer(bytes, at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize), count > 0, count < 1 << 24,
            top < count, tableOffset >= 8, tableOffset <= trailer, count <= (trailer - tableOffset) / offsetSize
        else { throw Malformed("its trailer is damaged") }
        var objects: [Object] = []
        objects.reserveCapacity(count)
        for index in 0..<count {
            let offset = try Self.integer(bytes, at: tableOffset + index * offsetSize, size: offsetSize)
            guard offset >= 8, offset < tableOffset else { throw Malformed("object \(index) lies outside the list") }
            objects.append(
                try Self.object(bytes, at: offset, end: tableOffset, count: count, referenceSize: referenceSize))
        }
        self.objects = objects
        self.top = top
    }

    /// What the top object of a binary property list is, for telling its format: read from the trailer, the
    /// top object and the first element of an array only, so that a large file costs no more than a small one.
    enum Shape: Equatable {
        /// A dictionary: an `NSKeyedArchiver` archive, as far as Lists's formats go.
        case dictionary
        /// An array whose first element is a string (iTahDoodle's `data.td`).
        case arrayOfStrings
        /// An array whose first element is a dictionary (Shopping List's `seed.plist`).
        case arrayOfDictionaries
        /// An empty array.
        case emptyArray
        /// Anything else, or bytes that are not a binary property list.
        case other
    }

    /// The shape of the list `bytes` hold; ``Shape/other`` for anything damaged.
    static func shape(of bytes: [UInt8]) -> Shape {
        guard bytes.count >= 40, bytes.starts(with: Array("bplist00".utf8)) else { return .other }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
            let count = try? integer(bytes, at: trailer + 8, size: 8),
            let top = try? integer(bytes, at: trailer + 16, size: 8),
            let tableOffset = try? integer(bytes, at: trailer + 24, size: 8),
            top < count, tableOffset >= 8, tableOffset <= trailer, count <= (trailer - tableOffset) / offsetSize
        else { return .other }
        func object(_ index: Int) -> Object? {
            guard let offset = try? integer(bytes, at: tableOffset + index * offsetSize, size: offsetSize),
                offset >= 8, offset < tableOffset
            else { return nil }
            return try? Self.object(bytes, at: offset, end: tableOffset, count: count, referenceSize: referenceSize)
        }
        switch object(top) {
        case .dictionary?: return .dictionary
        case .array(let elements)?:
            guard let first = elements.first else { return .emptyArray }
            switch object(first) {
            case .string?: return .arrayOfStrings
            case .dictionary?: return .arrayOfDictionaries
            default: return .other
            }
        default: return .other
        }
    }

    /// A big-endian unsigned integer of `size` bytes at `offset`, which must fit in an `Int`.
    private static func integer(_ bytes: [UInt8], at offset: Int, size: Int) throws -> Int {
        guard size >= 1, size <= 8, offset >= 0, offset <= bytes.count - size else {
            throw Malformed("an integer runs past the end")
        }
        var value: UInt64 = 0
        for byte in bytes[offset..<offset + size] { value = value << 8 | UInt64(byte) }
        guard value <= UInt64(Int.max) else { throw Malformed("an integer is too large") }
        return Int(value)
    }

    private static func object(_ bytes: [UInt8], at offset: Int, end: Int, count: Int, referenceSize: Int) throws
        -> Object
    {
        let marker = bytes[offset]
        let low = Int(marker & 0x0F)
        var cursor = offset + 1
        /// The length in the marker's low nibble, or the integer object that follows when it is 0xF.
        func length() throws -> Int {
            guard low == 0x0F else { return low }
            guard cursor < end, bytes[cursor] & 0xF0 == 0x10 else { throw Malformed("a length is missing") }
            let size = 1 << Int(bytes[cursor] & 0x0F)
            let value = try integer(bytes, at: cursor + 1, size: size)
            cursor += 1 + size
            return value
        }
        func span(_ length: Int) throws -> ArraySlice<UInt8> {
            guard length >= 0, cursor <= end, length <= end - cursor else {
                throw Malformed("an object runs past the end")
            }
            return bytes[cursor..<cursor + length]
        }
        func references(_ number: Int) throws -> [Int] {
            guard number <= (end - cursor) / referenceSize else { throw Malformed("a container runs past the end") }
            return try (0..<number).map { index in
                let reference = try integer(bytes, at: cursor + index * referenceSize, size: referenceSize)
                guard reference < count else { throw Malformed("a container points at no object") }
                return reference
            }
        }
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x00: return .null
            case 0x08: return .bool(false)
            case 0x09: return .bool(true)
            default: throw Malformed("unknown marker \(marker)")
            }
        case 0x1:
            guard low <= 3 else { throw Malformed("an integer wider than 64 bits") }
            let field = try span(1 << low)
            var value: UInt64 = 0
            for byte in field { value = value << 8 | UInt64(byte) }
            // 8-byte integers are signed; shorter ones unsigned.
            return .integer(low == 3 ? Int64(bitPattern: value) : Int64(value))
        case 0x2:
            let field = try span(1 << low)
            var value: UInt64 = 0
            for byte in field { value = value << 8 | UInt64(byte) }
            switch low {
            case 2: return .real(Double(Float(bitPattern: UInt32(value))))
            case 3: return .real(Double(bitPattern: value))
            default: throw Malformed("a real of \(1 << low) bytes")
            }
        case 0x3:
            guard marker == 0x33 else { throw Malformed("unknown marker \(marker)") }
            var value: UInt64 = 0
            for byte in try span(8) { value = value << 8 | UInt64(byte) }
            return .date(Double(bitPattern: value))
        case 0x4:
            return .data(Array(try span(try length())))
        case 0x5:
            let field = try span(try length())
            guard field.allSatisfy({ $0 < 0x80 }) else { throw Malformed("an ASCII string with other bytes") }
            return .string(String(decoding: field, as: UTF8.self))
        case 0x6:
            let units = try length()
            guard units <= Int.max / 2 else { throw Malformed("a string too long") }
            let field = Array(try span(units * 2))
            let utf16 = stride(from: 0, to: field.count, by: 2).map { UInt16(field[$0]) << 8 | UInt16(field[$0 + 1]) }
            guard let string = String(validating: utf16, as: UTF16.self) else {
                throw Malformed("a string that is not valid UTF-16")
            }
            return .string(string)
        case 0x8:
            let field = try span(low + 1)
            var value = 0
            for byte in field { value = value << 8 | Int(byte) }
            return .uid(value)
        case 0xA, 0xC:
            return .array(try references(try length()))
        case 0xD:
            let number = try length()
            guard number <= Int.max / 2 else { throw Malformed("a dictionary too large") }
            let all = try references(number * 2)
            return .dictionary(keys: Array(all[..<number]), values: Array(all[number...]))
        default:
            throw Malformed("unknown marker \(marker)")
        }
    }
}
