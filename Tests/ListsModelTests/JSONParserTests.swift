import Foundation
import ListsModel
import Testing

/// The members of each object of a JSON array, in document order, as `forEachElement(of:members:)` gives them.
private func membersOfEach(_ text: String) throws -> [[String]] {
    var result: [[String]] = []
    try JSONParser.forEachElement(of: Array(text.utf8)) { (_, element: JSONParser.Element) in
        guard case .members(let members) = element else {
            result.append([])
            return
        }
        result.append(members.map { name, value in
            if case .string(let text) = value { return "\(name)=\(text)" }
            return name
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
        #expect(try membersOfEach(text) == [
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
            try JSONParser.forEachElement(of: bytes) { (_, _: JSONParser.Element) in }
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

@Suite("JSONValue's text: one form for an object, however its members came")
struct JSONValueTextTests {
    /// Members in any order, and a name given twice (the later counts), give the text of the object a parser
    /// makes of them: what stores keep and tasks compare.
    @Test func membersInAnyOrderGiveTheObjectsText() throws {
        let members: [(name: String, value: JSONValue)] = [
            ("urgency", try Self.number("4.5")), ("tags", .array([.string("a"), .string("b\"c")])),
            ("project", .string("home")), ("id", try Self.number("12")), ("due", .null),
            ("project", .string("garden")), ("annotations", .array([.object(["entry": .string("x"), "description": .bool(true)])])),
            ("é", .string("accent")), ("Z", .bool(false)),
        ]
        var dictionary: [String: JSONValue] = [:]
        for member in members { dictionary[member.name] = member.value }
        let expected = JSONValue.text(dictionary)
        #expect(expected.contains(#""project":"garden""#))
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            // Shuffled, but the two "project" members keep their order: the later one still wins.
            var shuffled = members.filter { $0.name != "project" }.shuffled(using: &generator)
            shuffled.insert(members[2], at: Int.random(in: 0...shuffled.count, using: &generator))
            let later = shuffled.firstIndex { $0.name == "project" }!
            shuffled.insert(members[5], at: Int.random(in: (later + 1)...shuffled.count, using: &generator))
            #expect(JSONValue.text(members: shuffled) == expected)
        }
        #expect(JSONValue.text(members: []) == "{}")
        #expect(JSONValue.object(expected) == dictionary)
    }

    /// A task keeps the text and gives the attributes back from it; equal attributes, equal tasks.
    @Test func aTaskHoldsItsTaskwarriorAttributesAsTheirText() throws {
        let meta = RecordMeta(createdAt: Date(timeIntervalSince1970: 0))
        let attributes: [String: JSONValue] = ["project": .string("home"), "tags": .array([.string("x")])]
        let fromDictionary = TodoTask(meta: meta, title: "Walk the dogs", taskwarrior: attributes)
        let fromText = TodoTask(
            meta: meta, title: "Walk the dogs",
            taskwarriorJSON: JSONValue.text(members: [("tags", .array([.string("x")])), ("project", .string("home"))]))
        #expect(fromDictionary == fromText)
        #expect(fromText.taskwarrior == attributes)
        #expect(fromText.taskwarriorJSON == #"{"project":"home","tags":["x"]}"#)
        var edited = fromText
        edited.taskwarrior = nil
        #expect(edited.taskwarriorJSON == nil && edited.fields[2] == .null)
        #expect(throws: StoreError.corrupt("taskwarrior")) {
            _ = try TodoTask(meta: meta, fields: [.text("Walk the dogs"), .bool(false), .text("[1]")])
        }
    }

    /// A JSON number, as the parser reads it.
    private static func number(_ text: String) throws -> JSONValue {
        let value = try JSONParser.parse(Array(text.utf8))
        if case .number = value { return value }
        Issue.record("\(text) is not a JSON number")
        return value
    }
}
