import Testing

@testable import ListsModel

@Suite("Searching bytes")
struct ByteSearchTests {
    /// The plain definition the loop must agree with: the first start at or after `start` where the bytes match.
    static func reference(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard start >= 0, start <= haystack.count else { return nil }
        guard !needle.isEmpty else { return start }
        guard needle.count <= haystack.count else { return nil }
        return (start..<max(start, haystack.count - needle.count + 1)).first { offset in
            Array(haystack[offset..<offset + needle.count]) == needle
        }
    }

    @Test func findsTheFirstOccurrenceAtOrAfterTheStart() {
        let path = Array("/usr/share/zoneinfo/Europe/Berlin".utf8)
        #expect(ByteSearch.firstIndex(of: Array("zoneinfo/".utf8), in: path) == 11)
        #expect(ByteSearch.firstIndex(of: Array("zoneinfo/".utf8), in: path, from: 12) == nil)
        #expect(ByteSearch.firstIndex(of: Array("e".utf8), in: path, from: 8) == 9)
        #expect(ByteSearch.firstIndex(of: Array("Berlin".utf8), in: path) == 27)
        #expect(ByteSearch.firstIndex(of: Array("Berlins".utf8), in: path) == nil)
        #expect(ByteSearch.contains(Array("gull sp.".utf8), in: Array("gull sp.".utf8)))
        #expect(!ByteSearch.contains(Array("longer than it".utf8), in: Array("short".utf8)))
    }

    @Test func anEmptyNeedleStartsWhereTheSearchStarts() {
        #expect(ByteSearch.firstIndex(of: [], in: [1, 2, 3]) == 0)
        #expect(ByteSearch.firstIndex(of: [], in: [1, 2, 3], from: 3) == 3)
        #expect(ByteSearch.firstIndex(of: [], in: [], from: 0) == 0)
        #expect(ByteSearch.firstIndex(of: [1], in: [1, 2, 3], from: 4) == nil)
        #expect(ByteSearch.firstIndex(of: [1], in: [1, 2, 3], from: -1) == nil)
    }

    @Test func aSliceAnswersInTheSlicesIndices() {
        let body: [UInt8] = Array("--b\r\nx--b\r\ny--b--".utf8)
        let slice = body[3...]
        #expect(ByteSearch.firstIndex(of: Array("--b".utf8), in: slice, from: 3) == 6)
        #expect(ByteSearch.firstIndex(of: Array("--b".utf8), in: slice, from: 7) == 12)
        #expect(ByteSearch.firstIndex(of: Array("--b".utf8), in: slice, from: 13) == nil)
        #expect(ByteSearch.firstIndex(of: Array("--b".utf8), in: body[0..<5], from: 1) == nil)
    }

    /// Every needle of up to three bytes over a small alphabet, in haystacks of every length up to six, from every
    /// start: the loop answers what the plain definition does.
    @Test func agreesWithThePlainDefinition() {
        func words(upTo length: Int) -> [[UInt8]] {
            var all: [[UInt8]] = [[]]
            var last: [[UInt8]] = [[]]
            for _ in 0..<length {
                last = last.flatMap { word in [0, 1, 2].map { word + [UInt8($0)] } }
                all += last
            }
            return all
        }
        let needles = words(upTo: 3)
        var differing: [String] = []
        for haystack in words(upTo: 6) {
            for needle in needles {
                for start in -1...(haystack.count + 1)
                where ByteSearch.firstIndex(of: needle, in: haystack, from: start)
                    != Self.reference(needle, in: haystack, from: start)
                {
                    differing.append("\(needle) in \(haystack) from \(start)")
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }
}
