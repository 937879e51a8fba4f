import Foundation

extension UUID {
    /// A random (version 4) UUID from the system's generator (``RandomBytes``): Foundation's `UUID()` on Linux
    /// opens, reads and closes `/dev/urandom` for each one.
    public static func random() -> UUID {
        var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &raw) { bytes in
            RandomBytes.fill(bytes)
            bytes[6] = bytes[6] & 0x0F | 0x40  // version 4
            bytes[8] = bytes[8] & 0x3F | 0x80  // RFC 4122 variant
        }
        return UUID(uuid: raw)
    }

    /// Reads the hyphenated form (`6F9619FF-8B86-D011-B42D-00C04FC964FF`, hex digits of either case); `nil` for
    /// anything else.
    ///
    /// Parsed byte by byte: Foundation's `UUID(uuidString:)` goes through `sscanf`, about 5,000 instructions a
    /// UUID, a tenth of importing a Taskwarrior task, and it reads `" F9619FF-…"` as `F9619F0F-…`. Lists reads every
    /// id given as text (a path's, a form's, a cookie's, a file's, a change's) with this one.
    public init?(text: String) {
        var text = text
        guard let parsed = text.withUTF8({ UUID(utf8: $0) }) else { return nil }
        self = parsed
    }

    /// Reads the hyphenated form from UTF-8 bytes; `nil` unless they are exactly one.
    ///
    /// Eight digits at a time, each as a byte of a 64-bit word (checked and turned into its value for all eight
    /// at once), packed into four bytes of the UUID: a 100k-task import read its uuids one digit at a time in a
    /// twentieth of its reading time.
    public init?(utf8 text: UnsafeBufferPointer<UInt8>) {
        guard text.count == 36, let base = UnsafeRawPointer(text.baseAddress),
            text[8] == UInt8(ascii: "-"), text[13] == UInt8(ascii: "-"), text[18] == UInt8(ascii: "-"),
            text[23] == UInt8(ascii: "-")
        else { return nil }
        func eight(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        func four(_ offset: Int) -> UInt64 {
            UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        }
        // 8-4-4-4-12 digits as four runs of eight.
        guard let first = Self.bytes(ofHexDigits: eight(0)),
            let second = Self.bytes(ofHexDigits: four(9) | four(14) << 32),
            let third = Self.bytes(ofHexDigits: four(19) | four(24) << 32),
            let fourth = Self.bytes(ofHexDigits: eight(28))
        else { return nil }
        var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &raw) { bytes in
            bytes.storeBytes(of: first.littleEndian, toByteOffset: 0, as: UInt32.self)
            bytes.storeBytes(of: second.littleEndian, toByteOffset: 4, as: UInt32.self)
            bytes.storeBytes(of: third.littleEndian, toByteOffset: 8, as: UInt32.self)
            bytes.storeBytes(of: fourth.littleEndian, toByteOffset: 12, as: UInt32.self)
        }
        self.init(uuid: raw)
    }

    /// The four bytes that eight ASCII hex digits (either case; the first one in the lowest byte of `digits`)
    /// write, the first in the lowest byte; `nil` unless all eight are hex digits.
    static func bytes(ofHexDigits digits: UInt64) -> UInt32? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high = ones &* 0x80
        guard digits & high == 0 else { return nil }
        // With every byte below 0x80, adding 0x80 - low sets a byte's high bit when it is at least `low`, and
        // adding 0x7F - top when it is above `top`; no sum carries into the next byte.
        func within(_ word: UInt64, _ low: UInt64, _ top: UInt64) -> UInt64 {
            (word &+ (ones &* (0x80 - low))) & ~(word &+ (ones &* (0x7F - top))) & high
        }
        let isDigit = within(digits, 0x30, 0x39)
        let isLetter = within(digits | (ones &* 0x20), 0x61, 0x66)  // a-f, or A-F made lower-case
        guard isDigit | isLetter == high else { return nil }
        // A digit's value is its low four bits; a letter's, its low four bits plus 9.
        let lowHalves = digits & (ones &* 0x0F)
        let values = lowHalves &+ (isLetter >> 7) &* 9
        // Each pair of digits (two bytes) into one byte, the first digit the high half; then the four bytes
        // together.
        let pairs = ((values << 4) & 0x00F0_00F0_00F0_00F0) | ((values >> 8) & 0x000F_000F_000F_000F)
        let packed = (pairs | (pairs >> 8)) & 0x0000_FFFF_0000_FFFF
        return UInt32(truncatingIfNeeded: packed | (packed >> 16))
    }

    /// The upper-case hyphenated form, as `uuidString` writes it, without `sprintf` (which `uuidString` uses).
    ///
    /// Four bytes at a time become eight digits in one 64-bit word (each half-byte moved to a byte of its own and
    /// made a digit or a letter for all eight at once): a bulk load writes the id of every record it stores.
    public var text: String {
        String(unsafeUninitializedCapacity: 36) { output in
            guard let base = UnsafeMutableRawPointer(output.baseAddress) else { return 0 }
            withUnsafeBytes(of: uuid) { bytes in
                /// The eight digits of `bytes[offset..<offset + 4]`, the first in the lowest byte of the word.
                func digits(_ offset: Int) -> UInt64 {
                    let spread =
                        UInt64(bytes[offset]) | UInt64(bytes[offset + 1]) << 16 | UInt64(bytes[offset + 2]) << 32
                        | UInt64(bytes[offset + 3]) << 48
                    let ones: UInt64 = 0x0101_0101_0101_0101
                    // The high half of each byte before its low half, each in a byte.
                    let values = (spread >> 4) & 0x000F_000F_000F_000F | (spread & 0x000F_000F_000F_000F) << 8
                    // 10 to 15 (a value plus 6 reaching 16) are letters: 7 more than "0" plus the value.
                    let isLetter = ((values &+ ones &* 6) & (ones &* 0x10)) >> 4
                    return values &+ ones &* 0x30 &+ isLetter &* 7
                }
                func put(_ word: UInt64, at offset: Int) {
                    base.storeBytes(of: word.littleEndian, toByteOffset: offset, as: UInt64.self)
                }
                func put(half word: UInt64, at offset: Int) {
                    base.storeBytes(
                        of: UInt32(truncatingIfNeeded: word).littleEndian, toByteOffset: offset, as: UInt32.self)
                }
                // 8-4-4-4-12.
                let (first, second, third, fourth) = (digits(0), digits(4), digits(8), digits(12))
                put(first, at: 0)
                put(half: second, at: 9)
                put(half: second >> 32, at: 14)
                put(half: third, at: 19)
                put(half: third >> 32, at: 24)
                put(fourth, at: 28)
                output[8] = UInt8(ascii: "-")
                output[13] = UInt8(ascii: "-")
                output[18] = UInt8(ascii: "-")
                output[23] = UInt8(ascii: "-")
            }
            return 36
        }
    }
}
