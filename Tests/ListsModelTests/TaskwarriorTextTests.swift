import Foundation
import JSONCodec
import ListsModel
import Testing

@Suite("A task's Taskwarrior attributes, held as their text")
struct TaskwarriorTextTests {
    /// A task keeps the text and gives the attributes back from it; equal attributes, equal tasks.
    @Test func aTaskHoldsItsTaskwarriorAttributesAsTheirText() throws {
        let meta = RecordMeta(createdAt: Date(timeIntervalSince1970: 0))
        let attributes: [String: JSONValue] = ["project": .string("home"), "tags": .array([.string("x")])]
        let fromDictionary = TodoTask(meta: meta, title: "Walk the dogs", taskwarrior: attributes)
        let members = try #require(
            try JSONParser.canonicalMembers(of: Array(#"{"tags": ["x"], "project": "home"}"#.utf8)))
        let fromText = TodoTask(
            meta: meta, title: "Walk the dogs", taskwarriorJSON: members.objectText(Array(members.members.indices)))
        #expect(fromDictionary == fromText)
        #expect(fromText.taskwarrior == attributes)
        #expect(fromText.taskwarriorJSON == #"{"project":"home","tags":["x"]}"#)
        var edited = fromText
        edited.taskwarrior = nil
        #expect(edited.taskwarriorJSON == nil && edited.fields[2] == .null)
        #expect(throws: StoreError.corrupt("json object")) {
            _ = try TodoTask(
                meta: meta,
                fields: [
                    .text("Walk the dogs"), .bool(false), .text("[1]"), .null, .null, .null, .null, .null, .null, .null,
                    .null, .null, .null,
                ])
        }
    }
}
