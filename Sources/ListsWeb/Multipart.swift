import ListsHTTP
import ListsModel
/// The parts of a `multipart/form-data` body (RFC 7578), as a browser sends a form with a file input.
struct Multipart {
    /// One part: its form field name, the file name when it is a file, and its bytes.
    struct Part {
        var name: String
        var fileName: String?
        var body: ArraySlice<UInt8>
    }

    /// The parts in order.
    let parts: [Part]

    /// The first part named `name`.
    subscript(name: String) -> Part? { parts.first { $0.name == name } }

    /// Splits `body` at the boundary that `contentType` names.
    /// - Throws: ``HTTPError`` 400 for a body that is not well-formed multipart.
    init(_ body: [UInt8], contentType: String) throws {
        guard let boundaryRange = contentType.range(of: "boundary=") else {
            throw HTTPError.badRequest("the form has no multipart boundary")
        }
        var boundary = String(contentType[boundaryRange.upperBound...].prefix { $0 != ";" })
        if boundary.hasPrefix("\""), boundary.hasSuffix("\""), boundary.count >= 2 {
            boundary = String(boundary.dropFirst().dropLast())
        }
        guard !boundary.isEmpty, boundary.utf8.count <= 200 else {
            throw HTTPError.badRequest("a bad multipart boundary")
        }
        let delimiter = Array("--\(boundary)".utf8)
        let separator = Array("\r\n\r\n".utf8)
        var parts: [Part] = []
        var positions = Self.occurrences(of: delimiter, in: body)
        guard positions.count >= 2 else { throw HTTPError.badRequest("the multipart body is not closed") }
        let last = positions.removeLast()
        guard body[(last + delimiter.count)...].starts(with: Array("--".utf8)) else {
            throw HTTPError.badRequest("the multipart body is not closed")
        }
        for (index, start) in positions.enumerated() {
            let end = index + 1 < positions.count ? positions[index + 1] : last
            // A part runs from after the delimiter's line break to the line break before the next delimiter.
            let partStart = start + delimiter.count + 2
            let partEnd = end - 2
            guard partStart <= partEnd,
                let headerEnd = Self.occurrences(of: separator, in: body[partStart..<partEnd]).first
            else { throw HTTPError.badRequest("a multipart part has no headers") }
            let headers = String(decoding: body[partStart..<headerEnd], as: UTF8.self)
            guard
                let disposition = headers.split(separator: "\r\n").first(where: {
                    $0.lowercased().hasPrefix("content-disposition:")
                }), let name = Self.parameter("name", in: disposition)
            else { throw HTTPError.badRequest("a multipart part has no name") }
            parts.append(
                Part(
                    name: name, fileName: Self.parameter("filename", in: disposition),
                    body: body[(headerEnd + 4)..<partEnd]))
        }
        self.parts = parts
    }

    private static func parameter(_ key: String, in header: Substring) -> String? {
        for piece in header.split(separator: ";") {
            let trimmed = piece.trimmingWhitespace()
            guard trimmed.hasPrefix("\(key)=") else { continue }
            var value = trimmed.dropFirst(key.count + 1)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
            return String(value)
        }
        return nil
    }

    /// Where `needle` starts in `haystack`, left to right, not overlapping.
    private static func occurrences(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> [Int] {
        var found: [Int] = []
        guard !needle.isEmpty else { return found }
        var start = haystack.startIndex
        while let index = ByteSearch.firstIndex(of: needle, in: haystack, from: start) {
            found.append(index)
            start = index + needle.count
        }
        return found
    }

    private static func occurrences(of needle: [UInt8], in haystack: [UInt8]) -> [Int] {
        occurrences(of: needle, in: haystack[...])
    }
}
