/// Percent-encoding (RFC 3986 2.1), written once for the web face's forms and links and for WebDAV's paths.
public enum PercentEncoding {
    /// `bytes` with each `%XX` decoded (and, with `plusIsSpace`, each `+` read as a space, as a form's are), or
    /// `nil` when a `%` is not followed by two hexadecimal digits.
    public static func decoded(_ bytes: some Collection<UInt8>, plusIsSpace: Bool = false) -> [UInt8]? {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var iterator = bytes.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+") where plusIsSpace:
                decoded.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                decoded.append(high << 4 | low)
            default:
                decoded.append(byte)
            }
        }
        return decoded
    }

    /// `text` with every byte but RFC 3986's unreserved characters (letters, digits, `-._~`) and those of `kept`
    /// written as `%XX`.
    public static func encoded(_ text: String, keeping kept: String = "") -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        let kept = Array(kept.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            let isUnreserved =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || "-._~".utf8.contains(byte)
            if isUnreserved || kept.contains(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
