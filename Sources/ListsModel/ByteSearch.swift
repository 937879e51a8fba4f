/// Searches for a run of bytes in UTF-8 text: a zone's path (`…/zoneinfo/Europe/Berlin`), a bird's name, a CalDAV
/// text filter, a multipart body's boundary. One plain loop over the bytes, for every module that searches bytes:
/// the standard library's generic `firstRange(of:)` is not specialized across modules and looks its associated
/// types up at run time on first use, and Foundation's `range(of:)` goes through `NSString`; either costs a short
/// command more than the search.
public enum ByteSearch {
    /// Where `needle` first starts in `haystack` at or after `start`, or `nil`. An empty `needle` starts at `start`.
    public static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int = 0) -> Int? {
        haystack.withUnsafeBufferPointer { firstOffset(of: needle, in: $0, from: start) }
    }

    /// Where `needle` first starts in `haystack` at or after `start` (an index of the slice), or `nil`.
    public static func firstIndex(of needle: [UInt8], in haystack: ArraySlice<UInt8>, from start: Int) -> Int? {
        haystack.withUnsafeBufferPointer { buffer in
            firstOffset(of: needle, in: buffer, from: start - haystack.startIndex).map { haystack.startIndex + $0 }
        }
    }

    /// Whether `needle` occurs in `haystack` (an empty `needle` occurs everywhere).
    public static func contains(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
        firstIndex(of: needle, in: haystack) != nil
    }

    private static func firstOffset(of needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, from start: Int)
        -> Int?
    {
        guard start >= 0, start <= haystack.count else { return nil }
        guard let first = needle.first else { return start }
        return needle.withUnsafeBufferPointer { needle in
            guard needle.count <= haystack.count else { return nil }
            let last = haystack.count - needle.count
            var offset = start
            while offset <= last {
                if haystack[offset] == first {
                    var matched = 1
                    while matched < needle.count, haystack[offset + matched] == needle[matched] { matched += 1 }
                    if matched == needle.count { return offset }
                }
                offset += 1
            }
            return nil
        }
    }
}
