import ListsHTTP
import Testing

/// The gzip encoder's parts that Python's gzip (browser-tests/test_compression.py) does not check: the checksum,
/// the frame, and which requests take gzip.
@Suite struct GzipTests {
    @Test func theChecksumIsCRC32() {
        #expect(Gzip.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(Gzip.crc32([]) == 0)
    }

    @Test func aMemberHasGzipsFrame() {
        let text = Array(String(repeating: "Milk, Bread, Tea. ", count: 200).utf8)
        let member = Gzip.compress(text)
        #expect(member.prefix(4) == [0x1F, 0x8B, 8, 0])
        let trailer = Array(member.suffix(8))
        let crc = trailer[0..<4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let size = trailer[4..<8].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        #expect(crc == Gzip.crc32(text))
        #expect(size == UInt32(text.count))
        // 200 repeats of one phrase: a few dozen bytes of matches.
        #expect(member.count < 100)
        #expect(Gzip.compress([]).count == 20)
    }

    @Test func onlyAClientThatTakesGzipGetsIt() {
        #expect(Gzip.isAccepted(by: "gzip, deflate, br"))
        #expect(Gzip.isAccepted(by: "br;q=1.0, gzip;q=0.8"))
        #expect(Gzip.isAccepted(by: "*"))
        #expect(Gzip.isAccepted(by: "GZIP"))
        #expect(!Gzip.isAccepted(by: nil))
        #expect(!Gzip.isAccepted(by: ""))
        #expect(!Gzip.isAccepted(by: "identity"))
        #expect(!Gzip.isAccepted(by: "br, deflate"))
        #expect(!Gzip.isAccepted(by: "gzip;q=0"))
        #expect(!Gzip.isAccepted(by: "gzip; q=0.000"))
    }
}
