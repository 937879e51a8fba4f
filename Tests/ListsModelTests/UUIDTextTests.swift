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
        "6F9619FF8B86-D011-B42D-00C04FC964FF0", "6F9619FF-8B86-D011-B42D-00C04FC964FG",
        " F9619FF-8B86-D011-B42D-00C04FC964FF",
        "6F9619FF_8B86-D011-B42D-00C04FC964FF", "6F9619FF-8B86-D011-B42D-00C04FC964É",
    ])
    func refusesWhatIsNotAHyphenatedUUID(text: String) {
        #expect(UUID(text: text) == nil)
    }

    /// Foundation's `sscanf` skips a space in a run of digits and reads another id; Lists, which reads every id with
    /// ``UUID/init(text:)``, refuses the text.
    @Test func refusesATextFoundationMisreads() {
        let spaced = " F9619FF-8B86-D011-B42D-00C04FC964FF"
        #expect(UUID(uuidString: spaced)?.text == "F9619F0F-8B86-D011-B42D-00C04FC964FF")
        #expect(UUID(text: spaced) == nil)
    }

    /// Every byte in every place of a UUID's text: read as a digit-by-digit reading would, or refused.
    @Test func everyByteInEveryPlaceIsReadOrRefusedAsDigitByDigit() {
        let id = UUID(uuidString: "0123ABCD-EF45-6789-abcd-ef0123456789")!
        let text = Array("0123abcd-ef45-6789-ABCD-EF0123456789".utf8)
        func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            default: nil
            }
        }
        #expect(text.withUnsafeBufferPointer { UUID(utf8: $0) } == id)
        var refused = 0
        for place in text.indices {
            for byte in UInt8.min...UInt8.max {
                var changed = text
                changed[place] = byte
                let read = changed.withUnsafeBufferPointer { UUID(utf8: $0) }
                if [8, 13, 18, 23].contains(place) {
                    #expect((read == id) == (byte == UInt8(ascii: "-")), "\(place): \(byte)")
                    #expect((read == nil) == (byte != UInt8(ascii: "-")), "\(place): \(byte)")
                } else if let value = hexValue(byte) {
                    // The digit's value in its place: the UUID's text with that digit.
                    let digits = Array(id.uuidString.utf8)
                    var expected = digits
                    expected[place] = Array(String(value, radix: 16, uppercase: true).utf8)[0]
                    #expect(read == UUID(uuidString: String(decoding: expected, as: UTF8.self)), "\(place): \(byte)")
                } else {
                    #expect(read == nil, "\(place): \(byte)")
                }
                if read == nil { refused += 1 }
            }
        }
        #expect(refused == 36 * 256 - 32 * 22 - 4)
    }
}
