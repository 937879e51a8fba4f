import Foundation
import ListsModel
import Testing

@Suite("UUIDs as text")
struct UUIDTextTests {
    @Test func readsWhatFoundationReadsAndWritesWhatItWrites() {
        for _ in 0..<200 {
            let id = UUID()
            #expect(id.text == id.uuidString)
            #expect(UUID(text: id.uuidString) == id)
            #expect(UUID(text: id.uuidString.lowercased()) == id)
        }
        #expect(UUID(text: "6F9619FF-8B86-D011-B42D-00C04FC964FF")?.text == "6F9619FF-8B86-D011-B42D-00C04FC964FF")
    }

    @Test(arguments: [
        "", "6F9619FF-8B86-D011-B42D-00C04FC964F", "6F9619FF-8B86-D011-B42D-00C04FC964FF0",
        "6F9619FF8B86-D011-B42D-00C04FC964FF0", "6F9619FF-8B86-D011-B42D-00C04FC964FG", " F9619FF-8B86-D011-B42D-00C04FC964FF",
        "6F9619FF_8B86-D011-B42D-00C04FC964FF", "6F9619FF-8B86-D011-B42D-00C04FC964É",
    ])
    func refusesWhatIsNotAHyphenatedUUID(text: String) {
        #expect(UUID(text: text) == nil)
    }
}
