import Foundation

/// A strict JSON reader (RFC 8259) from UTF-8 bytes to ``JSONValue``, for imports: an order of magnitude
/// faster than decoding `JSONValue` through `JSONDecoder` (which tries each type in turn and builds an error
/// for every miss), it reads a large array one element at a time so that an importer keeps only what it
/// makes of each, and it treats every byte as hostile: nesting is bounded, strings must be valid UTF-8, and
/// anything after the value is refused.
public struct JSONParser {
    /// Where and why the bytes are not JSON.
    public struct Malformed: Error, Sendable, Equatable, CustomStringConvertible {
        /// The byte offset of the problem.
        public var offset: Int
        /// What is wrong there.
        public var reason: String
        public var description: String { "not valid JSON at byte \(offset): \(reason)" }
    }

    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 256

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    /// Member names read so far (at most ``knownNameLimit``), as bytes and as text, in the order they came:
    /// objects in an array mostly share their names (every task of a Taskwarrior export has `description`,
    /// `entry`, `uuid`, ...), and a name found here is not made and checked again for each object.
    private var knownNames: [(utf8: [UInt8], text: String)] = []
    private static let knownNameLimit = 32
    /// Each known name's place in the order of the known names' texts (equal texts in one place), so that
    /// ``CanonicalMembers/objectText(_:)`` sorts the names of an object by a number each instead of comparing
    /// their strings. Made again when an object read for its canonical members brought new names (a plain parse
    /// never needs it).
    private var knownRanks: [Int] = []
    /// The index in ``knownNames`` of the member name ``memberName(at:)`` read last, or -1 when it is not known.
    private var lastNameKnown = -1

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The one JSON value `bytes` hold.
    /// - Throws: ``Malformed``.
    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        var parser = JSONParser(bytes)
        parser.skipSpace()
        let value = try parser.value()
        parser.skipSpace()
        guard parser.index == bytes.count else { throw parser.malformed("text after the value") }
        return value
    }

    /// Calls `body` with each element of the top-level array `bytes` holds, in order, with its 0-based index,
    /// without building the whole array.
    /// - Throws: ``Malformed``, or what `body` throws.
    public static func forEachElement(of bytes: [UInt8], _ body: (Int, JSONValue) throws -> Void) throws {
        var parser = JSONParser(bytes)
        parser.skipSpace()
        guard parser.peek == UInt8(ascii: "[") else { throw parser.malformed("expected an array") }
        try parser.walkArray(body)
        parser.skipSpace()
        guard parser.index == bytes.count else { throw parser.malformed("text after the array") }
    }

    /// An object's members as ``forEachElement(of:canonical:)`` and ``canonicalMembers(of:)`` read them: each
    /// value as its canonical JSON text (what ``JSONValue/write(to:)`` writes for it: compact, object keys sorted,
    /// strings escaped only where JSON requires), with no `JSONValue` or `String` made for it. An importer copies
    /// the values it keeps as they are and reads the few it needs from their text.
    public struct CanonicalMembers {
        /// The text the values' ranges are in: the document itself, when each value is written there as its
        /// canonical text, else the values' canonical texts one after another.
        public let text: [UInt8]
        /// Each member's name and where its value's text is in ``text``, in document order; a name may repeat
        /// (the later one is the one that counts).
        public let members: [Member]

        /// A member's name and where its value's text is in ``text``. A struct, not a tuple: the runtime frees
        /// an array of tuples element by element through each one's fields (a tenth of reading 100,000
        /// Taskwarrior tasks), and an array of structs through the struct's own code.
        public struct Member: Sendable {
            public let name: String
            public let value: Range<Int>
            /// The name's place in the order of the names the parser knew once the object was read: members whose
            /// names both have one compare by it (equal names, equal places); -1 for a name it did not know (one
            /// with an escape, or past the names it keeps), which compares by its string.
            public internal(set) var nameRank: Int
        }

        /// Whether member `left`'s name sorts before member `right`'s (by place when both have one).
        private func nameSortsBefore(_ left: Int, _ right: Int) -> Bool {
            members.withUnsafeBufferPointer { members in
                let (a, b) = (members[left].nameRank, members[right].nameRank)
                if a >= 0, b >= 0 { return a < b }
                return members[left].name < members[right].name
            }
        }

        /// Whether members `left` and `right` have the same name.
        private func sameName(_ left: Int, _ right: Int) -> Bool {
            members.withUnsafeBufferPointer { members in
                let (a, b) = (members[left].nameRank, members[right].nameRank)
                if a >= 0, b >= 0 { return a == b }
                return members[left].name == members[right].name
            }
        }

        /// Whether the value at `range` is a string.
        @inlinable
        public func isString(_ range: Range<Int>) -> Bool { text[range.lowerBound] == UInt8(ascii: "\"") }

        /// Calls `body` with the UTF-8 of the string at `range` (its escapes undone), or returns `nil` when the
        /// value is not a string. Inlined where it is called, so that it is made for `T` there: an import reads
        /// three or four of each task's values through it, and its generic copy, called from another module,
        /// cost a third as much again as what it called.
        @inlinable
        public func withString<T>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T?
        {
            guard isString(range) else { return nil }
            let plain: T?? = try text.withUnsafeBufferPointer { text in
                let inner = UnsafeBufferPointer(rebasing: text[range.lowerBound + 1..<range.upperBound - 1])
                if let start = inner.baseAddress, memchr(start, Int32(UInt8(ascii: "\\")), inner.count) != nil {
                    return .none
                }
                return .some(try body(inner))
            }
            if let plain { return plain }
            // Escaped: read as JSON (it is valid JSON, being canonical text).
            guard var string = unescapedString(range) else { return nil }
            return try string.withUTF8(body)
        }

        /// The escaped string at `range` read as JSON (it is valid JSON, being canonical text).
        @usableFromInline
        func unescapedString(_ range: Range<Int>) -> String? {
            guard case .string(let string) = try? JSONParser.parse(Array(text[range])) else { return nil }
            return string
        }

        /// The string at `range`, or `nil` when the value is not a string.
        public func string(_ range: Range<Int>) -> String? {
            withString(range) { String(decoding: $0, as: UTF8.self) }
        }

        /// The canonical text of the object made of the members at `indices` (a name given twice counting once,
        /// the later): ``JSONValue/text(_:)`` of that object, made from the values' texts as they are.
        public func objectText(_ indices: consuming [Int]) -> String {
            var order = indices
            // Mostly in order already (a file's objects list their names alike); else sorted, a repeated name's
            // members in document order.
            if !order.indices.dropFirst().allSatisfy({ nameSortsBefore(order[$0 - 1], order[$0]) }) {
                order.sort { left, right in
                    sameName(left, right) ? left < right : nameSortsBefore(left, right)
                }
                // Of a repeated name, the later member only.
                var place = 0
                for index in order.indices {
                    if index + 1 < order.count, sameName(order[index + 1], order[index]) { continue }
                    order[place] = order[index]
                    place += 1
                }
                order.removeSubrange(place...)
            }
            // Names that need no escape (all of Taskwarrior's) go into the string's own storage, measured first.
            // Braces and the commas between members; then each member's quoted name, colon and value.
            var length = 2 + max(0, order.count - 1)
            for index in order {
                // A known name has no escape (nor a quote or control character, which would need one).
                guard members[index].nameRank < 0 else {
                    length += members[index].name.utf8.count + 3 + members[index].value.count
                    continue
                }
                var plain = true
                for byte in members[index].name.utf8
                where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    plain = false
                }
                guard plain else { return escapedObjectText(order) }
                length += members[index].name.utf8.count + 3 + members[index].value.count
            }
            return text.withUnsafeBufferPointer { text in
                String(unsafeUninitializedCapacity: length) { output in
                    var at = 0
                    func put(_ byte: UInt8) {
                        output[at] = byte
                        at += 1
                    }
                    func put(_ bytes: UnsafeBufferPointer<UInt8>) {
                        _ = UnsafeMutableBufferPointer(rebasing: output[at..<at + bytes.count]).initialize(from: bytes)
                        at += bytes.count
                    }
                    put(UInt8(ascii: "{"))
                    for index in order {
                        if at > 1 { put(UInt8(ascii: ",")) }
                        put(UInt8(ascii: "\""))
                        var name = members[index].name
                        name.withUTF8 { put($0) }
                        put(UInt8(ascii: "\""))
                        put(UInt8(ascii: ":"))
                        put(UnsafeBufferPointer(rebasing: text[members[index].value]))
                    }
                    put(UInt8(ascii: "}"))
                    return at
                }
            }
        }

        /// ``objectText(_:)`` for members in `order` (sorted, without repeats) some of whose names need escapes.
        private func escapedObjectText(_ order: [Int]) -> String {
            var output: [UInt8] = [UInt8(ascii: "{")]
            for index in order {
                if output.count > 1 { output.append(UInt8(ascii: ",")) }
                JSONValue.writeString(members[index].name, to: &output)
                output.append(UInt8(ascii: ":"))
                output.append(contentsOf: text[members[index].value])
            }
            output.append(UInt8(ascii: "}"))
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// Calls `body` with each element of the top-level array `bytes` holds, as ``forEachElement(of:_:)`` does,
    /// but an object comes as its members with their values' canonical texts (``CanonicalMembers``), with no
    /// dictionary, `JSONValue` or `String` made for them, and any other element as `nil`. An importer that picks
    /// out a few names and keeps the rest as text reads each value once. The same documents are refused with the
    /// same errors as by ``parse(_:)``.
    /// - Throws: ``Malformed``, or what `body` throws.
    public static func forEachElement(of bytes: [UInt8], canonical body: (Int, CanonicalMembers?) throws -> Void)
        throws
    {
        var parser = JSONParser(bytes)
        parser.skipSpace()
        guard parser.peek == UInt8(ascii: "[") else { throw parser.malformed("expected an array") }
        var text: [UInt8] = []
        text.reserveCapacity(512)
        var members: [CanonicalMembers.Member] = []
        members.reserveCapacity(16)
        try parser.walkArray(
            element: { parser -> CanonicalMembers? in
                guard parser.peek == UInt8(ascii: "{") else {
                    var ignored: [UInt8] = []
                    try parser.canonicalValue(into: &ignored)
                    return nil
                }
                return try parser.canonicalObject(text: &text, members: &members)
            }, body)
        parser.skipSpace()
        guard parser.index == bytes.count else { throw parser.malformed("text after the array") }
    }

    /// The members of the one object `bytes` hold, as ``forEachElement(of:canonical:)`` gives them; `nil` when
    /// they hold another value.
    /// - Throws: ``Malformed``.
    public static func canonicalMembers(of bytes: [UInt8]) throws -> CanonicalMembers? {
        var parser = JSONParser(bytes)
        parser.skipSpace()
        var text: [UInt8] = []
        var members: [CanonicalMembers.Member] = []
        var object: CanonicalMembers?
        if parser.peek == UInt8(ascii: "{") {
            object = try parser.canonicalObject(text: &text, members: &members)
        } else {
            try parser.canonicalValue(into: &text)
        }
        parser.skipSpace()
        guard parser.index == bytes.count else { throw parser.malformed("text after the value") }
        return object
    }

    /// Walks the top-level object `bytes` holds: members whose value is an array are streamed to
    /// `element` one element at a time (with the member's name and the element's 0-based index), other members
    /// go whole to `member`. A document of a million records is read without holding them all as JSON.
    /// - Throws: ``Malformed``, or what the callbacks throw.
    public static func forEachMember(
        of bytes: [UInt8], member: (String, JSONValue) throws -> Void, element: (String, Int, JSONValue) throws -> Void
    ) throws {
        var parser = JSONParser(bytes)
        parser.skipSpace()
        try parser.expect(UInt8(ascii: "{"), "an object")
        parser.skipSpace()
        if parser.peek == UInt8(ascii: "}") {
            parser.index += 1
        } else {
            while true {
                parser.skipSpace()
                guard parser.peek == UInt8(ascii: "\"") else { throw parser.malformed("expected a member name") }
                let key = try parser.string()
                parser.skipSpace()
                try parser.expect(UInt8(ascii: ":"), "a colon")
                parser.skipSpace()
                if parser.peek == UInt8(ascii: "[") {
                    try parser.walkArray { try element(key, $0, $1) }
                } else {
                    try member(key, try parser.value())
                }
                parser.skipSpace()
                if parser.peek == UInt8(ascii: ",") {
                    parser.index += 1
                    continue
                }
                try parser.expect(UInt8(ascii: "}"), "a comma or }")
                break
            }
        }
        parser.skipSpace()
        guard parser.index == bytes.count else { throw parser.malformed("text after the object") }
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func malformed(_ reason: String) -> Malformed {
        Malformed(offset: index, reason: reason)
    }

    private mutating func skipSpace() {
        while index < bytes.count,
            bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D
                || bytes[index] == 0x09
        {
            index += 1
        }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws {
        guard peek == byte else { throw malformed("expected \(what)") }
        index += 1
    }

    /// Moves past `word` (`true`, `false` or `null`), which must start here.
    private mutating func skipLiteral(_ word: StaticString) throws {
        let matches = word.withUTF8Buffer { word in
            index + word.count <= bytes.count && bytes[index..<index + word.count].elementsEqual(word)
        }
        guard matches else { throw malformed("unknown literal") }
        index += word.utf8CodeUnitCount
    }

    private mutating func value() throws -> JSONValue {
        guard let byte = peek else { throw malformed("a value is missing") }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try skipLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try skipLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try skipLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw malformed("unexpected character")
        }
    }

    private mutating func nest() throws {
        depth += 1
        guard depth <= Self.maximumDepth else { throw malformed("nested deeper than \(Self.maximumDepth)") }
    }

    private mutating func array() throws -> JSONValue {
        try nest()
        defer { depth -= 1 }
        var elements: [JSONValue] = []
        try walkArray { elements.append($1) }
        return .array(elements)
    }

    /// Reads the array that starts here, handing each element with its 0-based index to `body`.
    private mutating func walkArray(_ body: (Int, JSONValue) throws -> Void) throws {
        try walkArray(element: { try $0.value() }, body)
    }

    /// Reads the array that starts here, each element read by `element` and handed with its 0-based index to
    /// `body`.
    private mutating func walkArray<Element>(
        element: (inout JSONParser) throws -> Element, _ body: (Int, Element) throws -> Void
    ) throws {
        index += 1
        skipSpace()
        if peek == UInt8(ascii: "]") {
            index += 1
            return
        }
        var count = 0
        while true {
            skipSpace()
            try body(count, try element(&self))
            count += 1
            skipSpace()
            if peek == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "]"), "a comma or ]")
            return
        }
    }

    private mutating func object() throws -> JSONValue {
        try nest()
        defer { depth -= 1 }
        // Room for a Taskwarrior task's usual attributes, so that the table is not grown while it is filled.
        var members = [String: JSONValue](minimumCapacity: 12)
        try walkObject { members[$0] = $1 }
        return .object(members)
    }

    /// Reads the object that starts here, handing each member to `body` in document order.
    private mutating func walkObject(_ body: (String, JSONValue) throws -> Void) throws {
        try walkObject { parser, name in try body(name, try parser.value()) }
    }

    /// Reads the object that starts here: for each member in document order, its name is read and `member` reads
    /// its value.
    private mutating func walkObject(member: (inout JSONParser, String) throws -> Void) throws {
        index += 1
        skipSpace()
        if peek == UInt8(ascii: "}") {
            index += 1
            return
        }
        var position = 0
        while true {
            skipSpace()
            guard peek == UInt8(ascii: "\"") else { throw malformed("expected a member name") }
            let key = try memberName(at: position)
            position += 1
            skipSpace()
            try expect(UInt8(ascii: ":"), "a colon")
            skipSpace()
            try member(&self, key)
            skipSpace()
            if peek == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "}"), "a comma or }")
            return
        }
    }

    /// Reads the object that starts here as its canonical members: in place (``membersInPlace(_:scratch:)``) when
    /// its values are written as their canonical texts, else copied into `text` (``canonicalMembers(into:_:)``).
    /// `text` and `members` are the caller's buffers, kept from object to object and emptied here.
    private mutating func canonicalObject(
        text: inout [UInt8], members: inout [CanonicalMembers.Member]
    ) throws -> CanonicalMembers {
        members.removeAll(keepingCapacity: true)
        if try membersInPlace(&members, scratch: &text) { return CanonicalMembers(text: bytes, members: members) }
        text.removeAll(keepingCapacity: true)
        try canonicalMembers(into: &text, &members)
        return CanonicalMembers(text: text, members: members)
    }

    /// Thrown by a member of ``membersInPlace(_:scratch:)`` whose value is not written as its canonical text.
    private struct NotCanonical: Error {}

    /// Reads the object that starts here into `members` with each value where the document has it, when every
    /// value is written as its canonical text (as `task export` writes its tasks' but for their annotations):
    /// no value is copied. Returns `false`, having read nothing (`index` back at the object, `members` as they
    /// were), at the first value that is not; ``canonicalMembers(into:_:)`` then reads the object again. Values
    /// are checked as everywhere, and refused with the same errors.
    private mutating func membersInPlace(
        _ members: inout [CanonicalMembers.Member], scratch: inout [UInt8]
    ) throws -> Bool {
        let objectStart = index
        let first = members.count
        try nest()
        defer { depth -= 1 }
        do {
            try walkObject { parser, name in
                let known = parser.lastNameKnown
                let start = parser.index
                guard try parser.skipCanonicalValue(scratch: &scratch) else { throw NotCanonical() }
                members.append(CanonicalMembers.Member(name: name, value: start..<parser.index, nameRank: known))
            }
        } catch is NotCanonical {
            index = objectStart
            members.removeSubrange(first...)
            return false
        }
        placeNames(of: &members, from: first)
        return true
    }

    /// Moves past the value that starts here, checked as ``canonicalValue(into:)`` checks it, and returns whether
    /// its text is its canonical text: a string without escapes, a number, a literal as they are
    /// (``skipVerbatimValue()``); an array or object when its canonical text (made in `scratch`) is the same bytes.
    /// A string with an escape is left unread (`false`, `index` unmoved), for ``canonicalValue(into:)`` to read
    /// with its errors.
    private mutating func skipCanonicalValue(scratch: inout [UInt8]) throws -> Bool {
        if try skipVerbatimValue() { return true }
        if peek == UInt8(ascii: "\"") { return false }
        let start = index
        scratch.removeAll(keepingCapacity: true)
        try canonicalValue(into: &scratch)
        return scratch.elementsEqual(bytes[start..<index])
    }

    /// Moves past the value that starts here when it is written as its own canonical text, a string without
    /// escapes (after the checks ``string()`` makes), a literal or a number, and returns `true`; else returns
    /// `false`, `index` unmoved (an object, an array, a string with an escape or not closed, anything else).
    /// Inlined: it runs for every value of an import.
    @inline(__always)
    private mutating func skipVerbatimValue() throws -> Bool {
        guard let byte = peek else { return false }
        switch byte {
        case UInt8(ascii: "\""):
            let quote = index
            index += 1
            let scan = try scanPlainString()
            guard scan.isClosed else {
                index = quote
                return false
            }
            if !scan.isASCII, String(validating: bytes[quote + 1..<index], as: UTF8.self) == nil {
                throw malformed("a string that is not UTF-8")
            }
            index += 1
            return true
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            try skipLiteral(byte == UInt8(ascii: "t") ? "true" : byte == UInt8(ascii: "f") ? "false" : "null")
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try skipNumber()
            return true
        default:
            return false
        }
    }

    /// Reads the object that starts here into `members`, its values' canonical texts appended to `text`.
    private mutating func canonicalMembers(
        into text: inout [UInt8], _ members: inout [CanonicalMembers.Member]
    ) throws {
        try nest()
        defer { depth -= 1 }
        let first = members.count
        try walkObject { parser, name in
            let known = parser.lastNameKnown
            let start = text.count
            try parser.canonicalValue(into: &text)
            members.append(CanonicalMembers.Member(name: name, value: start..<text.count, nameRank: known))
        }
        placeNames(of: &members, from: first)
    }

    /// Turns the known names' indices in `members[first...]` into their places (``knownRanks``), now that the
    /// object's names are all known: a name first met in the object may have moved the places of those before it.
    private mutating func placeNames(of members: inout [CanonicalMembers.Member], from first: Int) {
        if knownRanks.count != knownNames.count { rankKnownNames() }
        for index in first..<members.count where members[index].nameRank >= 0 {
            members[index].nameRank = knownRanks[members[index].nameRank]
        }
    }

    /// Reads the value that starts here, checked as ``value()`` checks it, and appends its canonical text to
    /// `output` (the bytes ``JSONValue/write(to:)`` writes for what ``value()`` would return).
    private mutating func canonicalValue(into output: inout [UInt8]) throws {
        let start = index
        if try skipVerbatimValue() {
            let end = index
            bytes.withUnsafeBufferPointer { output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start..<end])) }
            return
        }
        guard let byte = peek else { throw malformed("a value is missing") }
        switch byte {
        case UInt8(ascii: "{"):
            // Sorted by name, the later of a repeated name kept, as a dictionary writes.
            var text: [UInt8] = []
            var members: [CanonicalMembers.Member] = []
            try canonicalMembers(into: &text, &members)
            let object = CanonicalMembers(text: text, members: members)
            output.append(contentsOf: object.objectText(Array(members.indices)).utf8)
        case UInt8(ascii: "["):
            try nest()
            defer { depth -= 1 }
            output.append(UInt8(ascii: "["))
            var isFirst = true
            try walkArray(
                element: { parser -> Void in
                    if !isFirst { output.append(UInt8(ascii: ",")) }
                    isFirst = false
                    try parser.canonicalValue(into: &output)
                }, { _, _ in })
            output.append(UInt8(ascii: "]"))
        case UInt8(ascii: "\""):
            // An escape, or no closing quote: read as any string, with its errors, and written as `JSONValue` writes it.
            JSONValue.writeString(try string(), to: &output)
        default:
            throw malformed("unexpected character")
        }
    }

    /// The member name that starts here, the `position`-th of its object: a name already known (looked for first
    /// where it was in the object that made it known, then anywhere) is taken as it is; another is read as any
    /// string and, without escapes, made known.
    ///
    /// A known name has no quote or backslash, so when its bytes follow the opening quote and a quote follows
    /// them, it is the whole name: the bytes are compared without first looking for the closing quote.
    private mutating func memberName(at position: Int) throws -> String {
        let start = index + 1
        let found = bytes.withUnsafeBufferPointer { all -> (text: String, end: Int, known: Int)? in
            func matches(_ known: [UInt8]) -> Bool {
                let end = start + known.count
                guard end < all.count, all[end] == UInt8(ascii: "\"") else { return false }
                return known.withUnsafeBufferPointer { known in
                    guard let knownStart = known.baseAddress, let allStart = all.baseAddress else {
                        return known.isEmpty
                    }
                    return memcmp(knownStart, allStart + start, known.count) == 0
                }
            }
            if position < knownNames.count, matches(knownNames[position].utf8) {
                return (knownNames[position].text, start + knownNames[position].utf8.count, position)
            }
            for (place, known) in knownNames.enumerated() where matches(known.utf8) {
                return (known.text, start + known.utf8.count, place)
            }
            return nil
        }
        if let found {
            index = found.end + 1
            lastNameKnown = found.known
            return found.text
        }
        // Read and checked as any string; only then known (when it had no escape), so a known name is a valid one.
        let name = try string()
        let end = index - 1
        lastNameKnown = -1
        if knownNames.count < Self.knownNameLimit, !bytes[start..<end].contains(UInt8(ascii: "\\")) {
            lastNameKnown = knownNames.count
            knownNames.append((Array(bytes[start..<end]), name))
        }
        return name
    }

    /// Places each known name in the order of their texts (`String`'s order, as ``JSONValue`` writes an
    /// object's members), names with equal texts (the same characters in other bytes) in one place.
    private mutating func rankKnownNames() {
        let sorted = knownNames.indices.sorted { knownNames[$0].text < knownNames[$1].text }
        knownRanks = Array(repeating: 0, count: knownNames.count)
        var rank = 0
        for (place, name) in sorted.enumerated() {
            if place > 0, knownNames[sorted[place - 1]].text != knownNames[name].text { rank += 1 }
            knownRanks[name] = rank
        }
    }

    /// Moves through the contents of a string (`index` just past its opening quote) while they need no escape,
    /// refusing control characters: `isClosed` when it stopped at the closing quote (`index` on it), else it
    /// stopped at an escape or the end; `isASCII` whether every byte it passed was ASCII (only other bytes need
    /// a UTF-8 check). Inlined: it runs for every string of a document.
    @inline(__always)
    private mutating func scanPlainString() throws -> (isClosed: Bool, isASCII: Bool) {
        skipPlainASCII()
        // Every byte OR-ed together: below 0x80, the string is ASCII.
        var bits: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { return (true, bits < 0x80) }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw malformed("a control character in a string") }
            bits |= byte
            index += 1
        }
        return (false, bits < 0x80)
    }

    private mutating func string() throws -> String {
        index += 1
        let start = index
        // The common case: no escapes; the bytes between the quotes are the string.
        let scan = try scanPlainString()
        if scan.isClosed {
            let slice = bytes[start..<index]
            let text: String
            if scan.isASCII {
                text = String(decoding: slice, as: UTF8.self)
            } else {
                guard let valid = String(validating: slice, as: UTF8.self) else {
                    throw malformed("a string that is not UTF-8")
                }
                text = valid
            }
            index += 1
            return text
        }
        var buffer = Array(bytes[start..<index])
        while true {
            guard index < bytes.count else { throw malformed("a string is not closed") }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: buffer, as: UTF8.self) else {
                    throw malformed("a string that is not UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                guard let escape = peek else { throw malformed("a string is not closed") }
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard peek == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                        else { throw malformed("a lone surrogate") }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw malformed("a lone surrogate") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw malformed("a lone surrogate") }
                    buffer.append(contentsOf: Array(String(Character(unicode)).utf8))
                default:
                    throw malformed("an unknown escape")
                }
            default:
                guard byte >= 0x20 else { throw malformed("a control character in a string") }
                buffer.append(byte)
            }
        }
    }

    /// Moves past string bytes 8 at a time while none of the 8 is a quote, a backslash, a control character or
    /// above ASCII (each found with a word-wide test, which may also stop early, never late): the byte loop of
    /// ``string()`` then checks the rest one by one.
    private mutating func skipPlainASCII() {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var at = index
        bytes.withUnsafeBytes { raw in
            while at + 8 <= raw.count {
                let word = raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)
                let quotes = word ^ (ones &* 0x22)
                let backslashes = word ^ (ones &* 0x5C)
                // A zero byte in `quotes` or `backslashes`, a byte below 0x20, or a byte with its high bit set.
                let found =
                    ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
                    | ((word &- ones &* 0x20) & ~word) | word
                if found & highs != 0 { break }
                at += 8
            }
        }
        index = at
    }

    private mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw malformed("a short \\u escape") }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw malformed("a bad \\u escape")
            }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    /// A number, kept as its text (RFC 8259's grammar checked), so that it is written back exactly as it came.
    private mutating func number() throws -> JSONNumber {
        let start = index
        try skipNumber()
        return JSONNumber(checkedText: String(decoding: bytes[start..<index], as: UTF8.self))
    }

    /// Moves past the number that starts here, checking RFC 8259's grammar.
    private mutating func skipNumber() throws {
        let start = index
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        func digits() { while isDigit(peek) { index += 1 } }
        if peek == UInt8(ascii: "-") { index += 1 }
        guard isDigit(peek) else { throw malformed("a number without digits") }
        if peek == UInt8(ascii: "0") {
            index += 1
            guard !isDigit(peek) else { throw malformed("a number with a leading zero") }
        } else {
            digits()
        }
        if peek == UInt8(ascii: ".") {
            index += 1
            guard isDigit(peek) else { throw malformed("a number with nothing after its point") }
            digits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard isDigit(peek) else { throw malformed("an exponent without digits") }
            digits()
        }
        guard index - start <= 100 else { throw malformed("a number of more than 100 characters") }
    }
}
