/// gzip (RFC 1952) of DEFLATE (RFC 1951) with its fixed Huffman codes and LZ77 matching, in plain Swift: what a
/// phone on a slow network is sent for the pages and assets, which are text and shrink to a third or less.
///
/// One block with the fixed codes and greedy matching (up to 32 earlier places looked at per position) compresses
/// a little less than zlib's default, with no table to send and no dependency.
public enum Gzip {
    /// `bytes` compressed into a gzip member.
    public static func compress(_ bytes: [UInt8]) -> [UInt8] {
        var writer = BitWriter()
        writer.output = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3]
        // One final block (BFINAL 1) with the fixed codes (BTYPE 01).
        writer.write(1, bits: 1)
        writer.write(1, bits: 2)
        deflate(bytes, into: &writer)
        writer.writeSymbol(256)
        writer.flush()
        var output = writer.output
        for value in [crc32(bytes), UInt32(truncatingIfNeeded: bytes.count)] {
            output += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
        }
        return output
    }

    /// Whether a request's `Accept-Encoding` takes gzip (and does not refuse it with `q=0`).
    public static func isAccepted(by acceptEncoding: String?) -> Bool {
        guard let acceptEncoding else { return false }
        for part in acceptEncoding.lowercased().split(separator: ",") {
            let pieces = part.split(separator: ";").map { String($0.trimmingSpacesAndTabs()) }
            guard pieces.first == "gzip" || pieces.first == "*" else { continue }
            return !pieces.dropFirst().contains { ["q=0", "q=0.0", "q=0.00", "q=0.000"].contains($0) }
        }
        return false
    }

    // MARK: DEFLATE

    private static let window = 32 * 1024
    private static let minimumMatch = 3
    private static let maximumMatch = 258
    private static let candidates = 32

    private static func deflate(_ bytes: [UInt8], into writer: inout BitWriter) {
        let count = bytes.count
        var head = [Int32](repeating: -1, count: 1 << 15)
        var previous = [Int32](repeating: -1, count: window)
        func hash(_ position: Int) -> Int {
            (Int(bytes[position]) << 10 ^ Int(bytes[position + 1]) << 5 ^ Int(bytes[position + 2])) & 0x7FFF
        }
        func insert(_ position: Int) {
            guard position + minimumMatch <= count else { return }
            let key = hash(position)
            previous[position % window] = head[key]
            head[key] = Int32(position)
        }
        var position = 0
        while position < count {
            var bestLength = 0
            var bestDistance = 0
            if position + minimumMatch <= count {
                var candidate = Int(head[hash(position)])
                var looked = 0
                let limit = min(maximumMatch, count - position)
                while candidate >= 0 && position - candidate <= window && looked < candidates {
                    if bytes[candidate + bestLength] == bytes[position + bestLength] || bestLength == 0 {
                        var length = 0
                        while length < limit && bytes[candidate + length] == bytes[position + length] { length += 1 }
                        if length > bestLength {
                            bestLength = length
                            bestDistance = position - candidate
                            if length == limit { break }
                        }
                    }
                    let next = Int(previous[candidate % window])
                    // The chain goes back in the input; a stale slot (overwritten by a later position) ends it.
                    if next >= candidate { break }
                    candidate = next
                    looked += 1
                }
            }
            if bestLength >= minimumMatch {
                writer.writeLength(bestLength)
                writer.writeDistance(bestDistance)
                for offset in 0..<bestLength { insert(position + offset) }
                position += bestLength
            } else {
                writer.writeSymbol(Int(bytes[position]))
                insert(position)
                position += 1
            }
        }
    }

    // MARK: CRC-32

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    /// The CRC-32 of `bytes` (ISO 3309, as gzip and PNG use it).
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}

/// DEFLATE's bit stream: values least significant bit first, Huffman codes most significant bit first.
private struct BitWriter {
    var output: [UInt8] = []
    private var buffer: UInt64 = 0
    private var bitCount = 0

    mutating func write(_ value: Int, bits: Int) {
        buffer |= UInt64(value) << UInt64(bitCount)
        bitCount += bits
        while bitCount >= 8 {
            output.append(UInt8(buffer & 0xFF))
            buffer >>= 8
            bitCount -= 8
        }
    }

    /// A Huffman code of `length` bits, sent from its most significant bit.
    mutating func writeCode(_ code: Int, length: Int) {
        var reversed = 0
        for bit in 0..<length where code >> bit & 1 == 1 { reversed |= 1 << (length - 1 - bit) }
        write(reversed, bits: length)
    }

    /// A literal byte, or 256 (end of block), or a length code (257 to 285), in the fixed code.
    mutating func writeSymbol(_ symbol: Int) {
        switch symbol {
        case 0...143: writeCode(0x30 + symbol, length: 8)
        case 144...255: writeCode(0x190 + symbol - 144, length: 9)
        case 256...279: writeCode(symbol - 256, length: 7)
        default: writeCode(0xC0 + symbol - 280, length: 8)
        }
    }

    private static let lengthBases = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    private static let lengthExtra = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    private static let distanceBases = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    private static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    mutating func writeLength(_ length: Int) {
        var index = Self.lengthBases.count - 1
        while Self.lengthBases[index] > length { index -= 1 }
        writeSymbol(257 + index)
        if Self.lengthExtra[index] > 0 { write(length - Self.lengthBases[index], bits: Self.lengthExtra[index]) }
    }

    mutating func writeDistance(_ distance: Int) {
        var index = Self.distanceBases.count - 1
        while Self.distanceBases[index] > distance { index -= 1 }
        writeCode(index, length: 5)
        if Self.distanceExtra[index] > 0 {
            write(distance - Self.distanceBases[index], bits: Self.distanceExtra[index])
        }
    }

    mutating func flush() {
        if bitCount > 0 { output.append(UInt8(buffer & 0xFF)) }
        buffer = 0
        bitCount = 0
    }
}
