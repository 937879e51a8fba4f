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
    /// UUID, a tenth of importing a Taskwarrior task.
    public init?(text: String) {
        var text = text
        guard let parsed = text.withUTF8({ UUID(utf8: $0) }) else { return nil }
        self = parsed
    }

    /// Reads the hyphenated form from UTF-8 bytes; `nil` unless they are exactly one.
    public init?(utf8 text: UnsafeBufferPointer<UInt8>) {
        guard text.count == 36 else { return nil }
        var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let isValid = withUnsafeMutableBytes(of: &raw) { bytes in
            var index = 0
            for byte in 0..<16 {
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    guard text[index] == UInt8(ascii: "-") else { return false }
                    index += 1
                }
                guard let high = Self.hexValue(text[index]), let low = Self.hexValue(text[index + 1]) else {
                    return false
                }
                bytes[byte] = high << 4 | low
                index += 2
            }
            return true
        }
        guard isValid else { return nil }
        self.init(uuid: raw)
    }

    private static func hexValue(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    /// The upper-case hyphenated form, as `uuidString` writes it, without `sprintf` (which `uuidString` uses).
    public var text: String {
        String(unsafeUninitializedCapacity: 36) { output in
            let digits: StaticString = "0123456789ABCDEF"
            withUnsafeBytes(of: uuid) { bytes in
                digits.withUTF8Buffer { hex in
                    var index = 0
                    for byte in 0..<16 {
                        if byte == 4 || byte == 6 || byte == 8 || byte == 10 {
                            output[index] = UInt8(ascii: "-")
                            index += 1
                        }
                        output[index] = hex[Int(bytes[byte] >> 4)]
                        output[index + 1] = hex[Int(bytes[byte] & 0xF)]
                        index += 2
                    }
                }
            }
            return 36
        }
    }
}
