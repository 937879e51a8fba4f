import Foundation
@testable import JSONCodec
import Testing

/// The members of each object of a JSON array, in document order, as `forEachElement(of:canonical:)` gives them:
/// `name=text` for a string, the name alone for another value.
private func membersOfEach(_ text: String) throws -> [[String]] {
    var result: [[String]] = []
    try JSONParser.forEachElement(of: Array(text.utf8)) { (_, object: JSONParser.CanonicalMembers?) in
        guard let object else {
            result.append([])
            return
        }
        result.append(
            object.members.map { member in
                if let text = object.string(member.value) { return "\(member.name)=\(text)" }
                return member.name
            })
    }
    return result
}

@Suite("JSONParser: member names, known or new, read as written")
struct JSONParserTests {
    @Test func namesThatRepeatAcrossObjectsInAnyOrderAreReadAsWritten() throws {
        let text = """
            [{"uuid":"1","description":"a","entry":"x"},
             {"entry":"y","uuid":"2","extra":"z","description":"b"},
             {"uuid":"3","uuid":"4"},
             {"d\\u0065scription":"escaped","caf\\u00e9":"é","café":"plain","":"empty"},
             {"description":"again","":"empty again"}]
            """
        #expect(
            try membersOfEach(text) == [
                ["uuid=1", "description=a", "entry=x"],
                ["entry=y", "uuid=2", "extra=z", "description=b"],
                ["uuid=3", "uuid=4"],
                ["description=escaped", "café=é", "café=plain", "=empty"],
                ["description=again", "=empty again"],
            ])
        guard case .object(let object) = try JSONParser.parse(Array(#"{"uuid":"3","uuid":"4"}"#.utf8)) else {
            Issue.record("not an object")
            return
        }
        #expect(object == ["uuid": .string("4")])
    }

    @Test func moreDistinctNamesThanAreKeptKnownAreStillRead() throws {
        let objects = (0..<3).map { round in
            "{" + (0..<50).map { "\"name\($0)\":\"\(round)\"" }.joined(separator: ",") + "}"
        }
        let read = try membersOfEach("[" + objects.joined(separator: ",") + "]")
        #expect(read.count == 3)
        for (round, members) in read.enumerated() {
            #expect(members == (0..<50).map { "name\($0)=\(round)" })
        }
    }

    /// Known names are looked for where they were in the object that made them known, then among all: names
    /// sharing a first letter, some the start of others, in another order in each object, are each read as
    /// written.
    @Test func namesSharingTheirFirstLetterInAnyOrderAreReadAsWritten() throws {
        let names = ["p", "pa", "par", "parent", "priority", "project", "pr", "p1", "due", "d"]
        let orders = [
            names, names.reversed(),
            names.enumerated().sorted { ($0.offset * 7) % 10 < ($1.offset * 7) % 10 }.map(\.element),
        ]
        let objects = orders.enumerated().map { round, order in
            "{" + order.map { "\"\($0)\":\"\(round)\"" }.joined(separator: ",") + "}"
        }
        let read = try membersOfEach("[" + objects.joined(separator: ",") + "]")
        #expect(read == orders.enumerated().map { round, order in order.map { "\($0)=\(round)" } })
    }

    @Test func aNameKnownFromEarlierObjectsIsStillCheckedWhenItsBytesDiffer() {
        // The second object's name has a tab in it (a control character): refused, although a name of the same
        // length was read before.
        let text = "[{\"uuid\":\"1\"},{\"uu\tid\":\"2\"}]"
        #expect(throws: JSONParser.Malformed.self) { try membersOfEach(text) }
        // Invalid UTF-8 in a name is refused the same way.
        var bytes = Array(#"[{"ab":"1"},{"a"#.utf8)
        bytes += [0xFF]
        bytes += Array(#"":"2"}]"#.utf8)
        #expect(throws: JSONParser.Malformed.self) {
            try JSONParser.forEachElement(of: bytes) { (_, _: JSONParser.CanonicalMembers?) in }
        }
    }

    @Test func stringsAreReadRightWhateverPlaceTheirQuoteEscapeControlOrNonASCIIByteHas() throws {
        // Strings are skipped 8 bytes at a time: every special byte at every place of the first 3 words.
        for length in 0..<24 {
            for place in 0...length {
                let plain = String(repeating: "a", count: length)
                func read(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }
                #expect(try read("\"" + plain + "\"") == .string(plain))
                var escaped = plain
                escaped.insert(contentsOf: "\\n", at: escaped.index(escaped.startIndex, offsetBy: place))
                var expected = plain
                expected.insert("\n", at: expected.index(expected.startIndex, offsetBy: place))
                #expect(try read("\"" + escaped + "\"") == .string(expected))
                var accented = plain
                accented.insert("é", at: accented.index(accented.startIndex, offsetBy: place))
                #expect(try read("\"" + accented + "\"") == .string(accented))
                var control = plain
                control.insert("\t", at: control.index(control.startIndex, offsetBy: place))
                #expect(throws: JSONParser.Malformed.self) { try read("\"" + control + "\"") }
                var bytes = Array(("\"" + plain + "\"").utf8)
                bytes.insert(0xC3, at: 1 + place)  // a lone UTF-8 lead byte
                #expect(throws: JSONParser.Malformed.self) { try JSONParser.parse(bytes) }
            }
        }
    }
}

@Suite("JSONParser's canonical members: each value's text as JSONValue writes it, the same documents refused")
struct CanonicalMembersTests {
    /// A small deterministic generator, so that a failure can be replayed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state ^ (state >> 29)
        }
    }

    /// Random JSON text for a random value: keys out of order and repeated, spaces anywhere, escapes of every
    /// kind, non-ASCII, numbers of every form.
    static func json(depth: Int, _ random: inout Generator) -> String {
        func space() -> String { ["", " ", "\n ", "\t"][Int.random(in: 0..<4, using: &random)] }
        let strings = [
            "plain", "", "with \\\"quote\\\"", "back\\\\slash", "sl\\/ash", "line\\nbreak", "tab\\t", "\\u00e9t\\u00C9",
            "é ☕ 𝄞", "\\ud834\\udd1e", "\\b\\f\\r\\u0001", "a/b", "20261130T074500Z",
        ]
        switch Int.random(in: 0..<(depth > 2 ? 4 : 7), using: &random) {
        case 0: return "\"" + strings[Int.random(in: 0..<strings.count, using: &random)] + "\""
        case 1:
            return ["0", "-0", "12", "4.5", "-1.25e+3", "1E-7", "123456789012345678901234567890"][
                Int.random(in: 0..<7, using: &random)]
        case 2: return ["true", "false", "null"][Int.random(in: 0..<3, using: &random)]
        case 3: return "\"" + strings[Int.random(in: 0..<strings.count, using: &random)] + "\""
        case 4, 5:
            let names = ["b", "a", "é", "B", "project", "a"]
            let members = (0..<Int.random(in: 0...5, using: &random)).map { _ in
                space() + "\"" + names[Int.random(in: 0..<names.count, using: &random)] + "\"" + space() + ":" + space()
                    + json(depth: depth + 1, &random) + space()
            }
            return "{" + members.joined(separator: ",") + space() + "}"
        default:
            let elements = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                space() + json(depth: depth + 1, &random) + space()
            }
            return "[" + elements.joined(separator: ",") + space() + "]"
        }
    }

    @Test func eachValuesTextIsWhatJSONValueWritesAndTheObjectsTextItsText() throws {
        var random = Generator(state: 20_261_130)
        for _ in 0..<3_000 {
            let text = Self.json(depth: 0, &random)
            let bytes = Array(text.utf8)
            let parsed = try JSONParser.parse(bytes)
            let canonical = try JSONParser.canonicalMembers(of: bytes)
            guard case .object(let dictionary) = parsed else {
                #expect(canonical == nil, "\(text)")
                continue
            }
            let object = try #require(canonical, "\(text)")
            // Each member's text is the canonical text of that member's value (the later of a repeated name).
            var last: [String: Range<Int>] = [:]
            for member in object.members { last[member.name] = member.value }
            #expect(Set(last.keys) == Set(dictionary.keys), "\(text)")
            for (name, range) in last {
                var written: [UInt8] = []
                dictionary[name]!.write(to: &written)
                #expect(Array(object.text[range]) == written, "\(text): \(name)")
            }
            #expect(object.objectText(Array(object.members.indices)) == JSONValue.text(dictionary), "\(text)")
            for (name, range) in last {
                if case .string(let string) = dictionary[name]! {
                    #expect(object.string(range) == string, "\(text): \(name)")
                } else {
                    #expect(object.string(range) == nil, "\(text): \(name)")
                }
            }
        }
    }

    /// Objects read one after another by one parser, which learns their names as it goes (and places them in
    /// order for `objectText`): names met first in the middle of an object, a name escaped (`\u0061` is `a`, not
    /// known), the same name in other bytes (`é` composed and decomposed), repeated names, names out of order.
    @Test func objectsOfAnArrayWriteTheirTextAsJSONValueDoes() throws {
        var random = Generator(state: 20_261_207)
        let names = ["b", "a", "é", "e\u{301}", "\\u0061", "B", "project", "uuid", "zz", "a"]
        for _ in 0..<300 {
            let objects = (0..<Int.random(in: 1...12, using: &random)).map { _ in
                let members = (0..<Int.random(in: 0...6, using: &random)).map { _ in
                    "\"" + names[Int.random(in: 0..<names.count, using: &random)] + "\":"
                        + Self.json(depth: 2, &random)
                }
                return "{" + members.joined(separator: ",") + "}"
            }
            let text = "[" + objects.joined(separator: ",") + "]"
            var texts: [String] = []
            try JSONParser.forEachElement(of: Array(text.utf8)) { (_, object: JSONParser.CanonicalMembers?) in
                let object = try #require(object)
                texts.append(object.objectText(Array(object.members.indices)))
                // Any part of the members too, as an importer keeps some of them.
                let some = object.members.indices.filter { _ in Bool.random(using: &random) }
                var kept: [String: JSONValue] = [:]
                for index in some {
                    kept[object.members[index].name] = try JSONParser.parse(
                        Array(object.text[object.members[index].value]))
                }
                #expect(object.objectText(some) == JSONValue.text(kept), "\(text)")
            }
            guard case .array(let parsed) = try JSONParser.parse(Array(text.utf8)) else {
                Issue.record("not an array: \(text)")
                continue
            }
            #expect(
                texts
                    == parsed.map { element in
                        guard case .object(let dictionary) = element else { return "" }
                        return JSONValue.text(dictionary)
                    }, "\(text)")
        }
    }

    /// Whatever ``JSONParser/parse(_:)`` refuses, canonical reading refuses with the same error, element by
    /// element in an array too.
    @Test func theSameDocumentsAreRefusedWithTheSameErrors() throws {
        var random = Generator(state: 7)
        var refused = 0
        for round in 0..<3_000 {
            var bytes = Array(
                ("{\"a\":" + Self.json(depth: 1, &random) + ",\"b\":" + Self.json(depth: 1, &random) + "}").utf8)
            // One byte changed, removed or cut off.
            let place = Int.random(in: 0..<bytes.count, using: &random)
            switch round % 3 {
            case 0:
                bytes[place] =
                    [0x22, 0x5C, 0x7B, 0x5D, 0x2C, 0x3A, 0x01, 0xFF, 0x30, 0x2D][Int.random(in: 0..<10, using: &random)]
            case 1: bytes.remove(at: place)
            default: bytes.removeSubrange(place...)
            }
            let expected: JSONParser.Malformed?
            do {
                _ = try JSONParser.parse(bytes)
                expected = nil
            } catch let error as JSONParser.Malformed {
                expected = error
                refused += 1
            }
            #expect(Self.error { _ = try JSONParser.canonicalMembers(of: bytes) } == expected)
            let array = Array("[".utf8) + bytes + Array("]".utf8)
            let inArray: JSONParser.Malformed?
            do {
                try JSONParser.forEachElement(of: array) { (_, _: JSONValue) in }
                inArray = nil
            } catch let error as JSONParser.Malformed {
                inArray = error
            }
            #expect(
                Self.error { try JSONParser.forEachElement(of: array) { (_, _: JSONParser.CanonicalMembers?) in } }
                    == inArray)
        }
        #expect(refused > 1_000, "the changes made invalid documents")
    }

    /// What `body` threw, `nil` when it threw nothing.
    private static func error(_ body: () throws -> Void) -> JSONParser.Malformed? {
        do {
            try body()
            return nil
        } catch {
            return error as? JSONParser.Malformed
        }
    }
}
