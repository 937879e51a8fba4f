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
