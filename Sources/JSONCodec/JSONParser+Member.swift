import Foundation

extension JSONParser {
    /// The string value of the member `name` of the JSON object `text` (valid JSON, as a store keeps it), at its
    /// top level; `nil` when it has none, or another value there. Found by one walk over the bytes that builds no
    /// other value: a member of an object read many times over (an imported task's Taskwarrior project) costs
    /// a scan, not a parse.
    public static func topLevelString(_ name: String, in text: String) -> String? {
        var name = name
        var text = text
        return name.withUTF8 { key in
            text.withUTF8 { bytes -> String? in
                topLevelString(key, in: bytes)
            }
        }
    }

    /// ``topLevelString(_:in:)`` on the UTF-8 bytes of the name and of the object: no key is built and no text
    /// copied for each call (a third of finding 100,000 imported tasks' projects), and a string is skipped to its
    /// closing quote with `memchr`.
    private static func topLevelString(_ key: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>)
        -> String?
    {
        guard let base = bytes.baseAddress else { return nil }
        let (quote, backslash) = (UInt8(ascii: "\""), UInt8(ascii: "\\"))
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        /// The index of the quote that ends the string whose opening quote is at `start`: the next quote after
        /// an even number of backslashes.
        func stringEnd(from start: Int) -> Int? {
            var index = start + 1
            while index < bytes.count {
                guard let found = memchr(base + index, Int32(quote), bytes.count - index) else { return nil }
                let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                var escapes = 0
                while end - escapes - 1 > start, bytes[end - escapes - 1] == backslash { escapes += 1 }
                if escapes % 2 == 0 { return end }
                index = end + 1
            }
            return nil
        }
        var depth = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote {
                guard let end = stringEnd(from: index) else { return nil }
                if depth == 1, end - index - 1 == key.count, bytes[(index + 1)..<end].elementsEqual(key) {
                    var value = end + 1
                    while value < bytes.count, isSpace(bytes[value]) { value += 1 }
                    if value < bytes.count, bytes[value] == UInt8(ascii: ":") {
                        value += 1
                        while value < bytes.count, isSpace(bytes[value]) { value += 1 }
                        guard value < bytes.count, bytes[value] == quote, let valueEnd = stringEnd(from: value)
                        else { return nil }
                        // Without escapes or control characters the text is the bytes between the quotes.
                        let inner = UnsafeBufferPointer(rebasing: bytes[(value + 1)..<valueEnd])
                        if !inner.contains(where: { $0 == backslash || $0 < 0x20 }) {
                            // The bytes of a Swift string, so valid UTF-8: decoded without the generic validation
                            // (`String(validating:as:)`, unspecialized, nine times the cost).
                            return String(decoding: inner, as: UTF8.self)
                        }
                        guard case .string(let string)? = try? JSONParser.parse(Array(bytes[value...valueEnd]))
                        else { return nil }
                        return string
                    }
                }
                index = end + 1
                continue
            }
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
            if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") { depth -= 1 }
            index += 1
        }
        return nil
    }
}
