/// Why an XML document was refused, and where: what a WebDAV error answer says of a body it could not read.
public struct XMLError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, in words (`the element d:prop is not closed`).
    public var message: String
    /// Where, counted from 1; a column counts bytes.
    public var line: Int
    public var column: Int

    public var description: String { "line \(line), column \(column): \(message)" }
}

/// Reads the XML documents WebDAV and CalDAV clients send (PROPFIND, PROPPATCH, REPORT, MKCALENDAR bodies) into
/// ``XMLElement``s, with namespaces resolved (XML 1.0 and Namespaces in XML 1.0).
///
/// Decided: a DOCTYPE is refused, so no entity is ever defined or expanded (no billion laughs, no external entity
/// reaching a file or the network); only the five predefined entities and character references are read. Only
/// UTF-8 is read (a declaration naming another encoding is refused), as every CalDAV client sends. Comments and
/// processing instructions are skipped. Line ends are read as XML says (CR LF and CR are LF). A document nests
/// at most ``maximumDepth`` elements and holds at most ``maximumElements``.
public enum XMLReader {
    /// How deep elements may nest: a DAV body nests five or six.
    public static let maximumDepth = 64
    /// How many elements a document may hold: a multiget of a thousand resources holds about a thousand.
    public static let maximumElements = 100_000

    /// The document's root element.
    /// - Throws: ``XMLError`` for anything that is not a well-formed document of the kind above.
    public static func read(_ bytes: [UInt8]) throws -> XMLElement {
        var reader = Reader(bytes: bytes)
        return try reader.document()
    }
}

/// One reading of a document: a position in its bytes, the open elements and the namespaces in scope.
private struct Reader {
    let bytes: [UInt8]
    var index = 0
    /// The prefixes bound in scope, the innermost last (`""` is the default namespace).
    var bindings: [(prefix: String, uri: String)] = [("xml", XMLNamespace.xml), ("", "")]
    var elements = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// An element being read: its name as written (to match its end tag), what it holds so far, and how many
    /// bindings it added to ``bindings``.
    private struct Open {
        var qualifiedName: String
        var element: XMLElement
        var bindingCount: Int
    }

    mutating func document() throws -> XMLElement {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw XMLError(message: "the document is not UTF-8 text", line: 1, column: 1)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        if looking(at: "<?xml") && index + 5 < bytes.count && isSpace(bytes[index + 5]) {
            try declaration()
        }
        try miscellany()
        guard index < bytes.count else { throw error("the document has no element") }
        guard looking(at: "<") else { throw error("text before the document's element") }
        let root = try element()
        try miscellany()
        guard index == bytes.count else { throw error("content after the document's element") }
        return root
    }

    // MARK: Between elements

    /// `<?xml version="1.0" encoding="utf-8"?>`: only UTF-8 (or its subset US-ASCII) is read.
    private mutating func declaration() throws {
        let start = index
        guard let end = find("?>") else { throw error("the XML declaration is not closed") }
        index = end + 2
        // The encoding's name, quoted after `encoding` and `=`.
        let declaration = Array(bytes[(start + 5)..<end])
        let key = Array("encoding".utf8)
        guard let at = declaration.indices.first(where: { declaration[$0...].starts(with: key) }) else { return }
        var position = at + key.count
        while position < declaration.count,
            [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "=")].contains(declaration[position])
        {
            position += 1
        }
        guard position < declaration.count, declaration[position] == 0x22 || declaration[position] == 0x27 else {
            return
        }
        let quote = declaration[position]
        let name = String(decoding: declaration[(position + 1)...].prefix { $0 != quote }, as: UTF8.self).lowercased()
        guard ["utf-8", "utf8", "us-ascii"].contains(name) else {
            index = start
            throw error("the document's encoding is \(name); only UTF-8 is read")
        }
    }

    /// Skips white space, comments and processing instructions; refuses a DOCTYPE.
    private mutating func miscellany() throws {
        while true {
            while index < bytes.count && isSpace(bytes[index]) { index += 1 }
            if looking(at: "<!--") {
                try comment()
            } else if looking(at: "<?") {
                try processingInstruction()
            } else if looking(at: "<!DOCTYPE") || looking(at: "<!doctype") {
                throw error("a DOCTYPE is not allowed: no document type or entity is read")
            } else {
                return
            }
        }
    }

    private mutating func comment() throws {
        guard let end = find("-->", from: index + 4) else { throw error("a comment is not closed") }
        index = end + 3
    }

    private mutating func processingInstruction() throws {
        guard let end = find("?>", from: index + 2) else { throw error("a processing instruction is not closed") }
        index = end + 2
    }

    // MARK: Elements

    /// The element at `<`, read to its end tag with what it holds, without recursion.
    private mutating func element() throws -> XMLElement {
        var open: [Open]
        switch try startTag() {
        case .empty(let element): return element
        case .opened(let first): open = [first]
        }
        var text: [UInt8] = []
        // The innermost element is changed in place, never copied (a copy held while its nodes grow would copy
        // them again at every append).
        // Ends by returning the outermost element when its end tag is read.
        while true {
            let currentName = open[open.count - 1].qualifiedName
            guard index < bytes.count else {
                throw error("the element \(currentName) is not closed")
            }
            let byte = bytes[index]
            if byte != UInt8(ascii: "<") {
                try character(into: &text, inAttribute: false)
                continue
            }
            if looking(at: "<![CDATA[") {
                guard let end = find("]]>", from: index + 9) else { throw error("a CDATA section is not closed") }
                if let control = bytes[(index + 9)..<end].firstIndex(where: { $0 < 0x20 && !isSpace($0) }) {
                    throw error("a control character (\(bytes[control])) is not allowed in XML", at: control)
                }
                appendNormalized(bytes[(index + 9)..<end], to: &text)
                index = end + 3
                continue
            }
            if looking(at: "<!--") {
                try comment()
                continue
            }
            if looking(at: "<?") {
                try processingInstruction()
                continue
            }
            if looking(at: "<!") { throw error("a declaration is not allowed inside an element") }
            flush(&text, into: &open[open.count - 1].element)
            if looking(at: "</") {
                let tagStart = index
                index += 2
                let name = try qualifiedName()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
                    throw error("the end tag of \(name) is not closed")
                }
                guard name == currentName else {
                    throw error("the element \(currentName) is closed by \(name)", at: tagStart)
                }
                index += 1
                let closed = open.removeLast()
                bindings.removeLast(closed.bindingCount)
                if open.isEmpty { return closed.element }
                open[open.count - 1].element.nodes.append(.element(closed.element))
                continue
            }
            guard open.count < XMLReader.maximumDepth else {
                throw error("elements nest more than \(XMLReader.maximumDepth) deep")
            }
            switch try startTag() {
            case .empty(let element): open[open.count - 1].element.nodes.append(.element(element))
            case .opened(let started): open.append(started)
            }
        }
    }

    /// What a start tag made: an element opened, to be read to its end tag, or one made whole by `/>`.
    private enum Started {
        case opened(Open)
        case empty(XMLElement)
    }

    /// A start tag at `<`: the element it opens, or the one it makes whole (`<d:prop/>`).
    private mutating func startTag() throws -> Started {
        elements += 1
        guard elements <= XMLReader.maximumElements else {
            throw error("the document holds more than \(XMLReader.maximumElements) elements")
        }
        index += 1
        let name = try qualifiedName()
        var written: [(name: String, value: String)] = []
        while true {
            let hadSpace = skipSpace()
            guard index < bytes.count else { throw error("the start tag of \(name) is not closed") }
            if bytes[index] == UInt8(ascii: ">") || looking(at: "/>") { break }
            guard hadSpace else { throw error("the start tag of \(name) needs a space before an attribute") }
            let attributeStart = index
            let attribute = try qualifiedName()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                throw error("the attribute \(attribute) has no value")
            }
            index += 1
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw error("the value of the attribute \(attribute) is not quoted")
            }
            let quote = bytes[index]
            index += 1
            var value: [UInt8] = []
            while true {
                guard index < bytes.count else { throw error("the value of the attribute \(attribute) is not closed") }
                if bytes[index] == quote { break }
                guard bytes[index] != UInt8(ascii: "<") else {
                    throw error("the value of the attribute \(attribute) holds a <")
                }
                try character(into: &value, inAttribute: true)
            }
            index += 1
            guard !written.contains(where: { $0.name == attribute }) else {
                throw error("the attribute \(attribute) is given twice", at: attributeStart)
            }
            written.append((attribute, String(decoding: value, as: UTF8.self)))
        }
        let isEmpty = bytes[index] == UInt8(ascii: "/")
        index += isEmpty ? 2 : 1
        // Namespace declarations first: they apply to the element's own name and attributes.
        var bindingCount = 0
        for (attribute, value) in written {
            if attribute == "xmlns" {
                bindings.append(("", value))
                bindingCount += 1
            } else if attribute.hasPrefix("xmlns:") {
                let prefix = String(attribute.dropFirst(6))
                guard !value.isEmpty else { throw error("the prefix \(prefix) is bound to no namespace") }
                guard prefix != "xmlns", prefix != "xml" || value == XMLNamespace.xml else {
                    throw error("the prefix \(prefix) cannot be bound")
                }
                bindings.append((prefix, value))
                bindingCount += 1
            }
        }
        var element = XMLElement(try resolve(name, isAttribute: false))
        for (attribute, value) in written where attribute != "xmlns" && !attribute.hasPrefix("xmlns:") {
            let resolved = try resolve(attribute, isAttribute: true)
            guard !element.attributes.contains(where: { $0.name == resolved }) else {
                throw error("the attribute \(resolved) is given twice")
            }
            element.attributes.append(XMLAttribute(resolved, value))
        }
        guard !isEmpty else {
            // Made whole: its bindings go out of scope with it.
            bindings.removeLast(bindingCount)
            return .empty(element)
        }
        return .opened(Open(qualifiedName: name, element: element, bindingCount: bindingCount))
    }

    /// `prefix:local` or `local` resolved through the bindings in scope; an unprefixed attribute is in no
    /// namespace.
    private func resolve(_ name: String, isAttribute: Bool) throws -> XMLName {
        let parts = name.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, !parts.contains(where: \.isEmpty) else {
            throw error("\(name) is not a name (at most one colon, between a prefix and a name)")
        }
        if parts.count == 1 {
            return XMLName(isAttribute ? "" : namespace(of: "") ?? "", name)
        }
        guard let uri = namespace(of: String(parts[0])) else {
            throw error("the prefix \(parts[0]) is not declared")
        }
        return XMLName(uri, String(parts[1]))
    }

    private func namespace(of prefix: String) -> String? {
        bindings.last { $0.prefix == prefix }?.uri
    }

    // MARK: Characters

    /// A name as written: letters, digits, `_`, `-`, `.`, `:` and any character beyond ASCII, not starting with a
    /// digit, `-` or `.`.
    private mutating func qualifiedName() throws -> String {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            let isNameByte =
                byte >= 0x80 || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: ":")
            guard isNameByte else { break }
            index += 1
        }
        guard index > start else { throw error("a name is expected") }
        let first = bytes[start]
        guard !(first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")), first != UInt8(ascii: "-"),
            first != UInt8(ascii: ".")
        else {
            throw error("a name cannot start with \(String(UnicodeScalar(first)))")
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// One character of text or of an attribute's value at `index`, a reference read, line ends as XML reads
    /// them (and, in a value, white space as a space).
    private mutating func character(into text: inout [UInt8], inAttribute: Bool) throws {
        let byte = bytes[index]
        if byte == UInt8(ascii: "&") {
            try reference(into: &text)
            return
        }
        if byte == 0x0D {
            // CR LF and a lone CR are a line end.
            index += index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
            text.append(inAttribute ? 0x20 : 0x0A)
            return
        }
        if byte < 0x20 && byte != 0x09 && byte != 0x0A {
            throw error("a control character (\(byte)) is not allowed in XML")
        }
        text.append(inAttribute && (byte == 0x09 || byte == 0x0A) ? 0x20 : byte)
        index += 1
    }

    /// `&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;`, `&#N;` or `&#xH;`.
    private mutating func reference(into text: inout [UInt8]) throws {
        guard let end = bytes[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
            throw error("an & starts no reference (write &amp;)")
        }
        let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
        let predefined: UInt8? =
            switch name {
            case "lt": 0x3C
            case "gt": 0x3E
            case "amp": 0x26
            case "quot": 0x22
            case "apos": 0x27
            default: nil
            }
        if let byte = predefined {
            text.append(byte)
        } else if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, let scalar = Unicode.Scalar(value), isXMLCharacter(value) else {
                throw error("&\(name); is not a character XML allows")
            }
            text.append(contentsOf: Array(String(Character(scalar)).utf8))
        } else {
            throw error("the entity &\(name); is not defined: only &lt; &gt; &amp; &quot; &apos; are")
        }
        index = end + 1
    }

    private func isXMLCharacter(_ value: UInt32) -> Bool {
        value == 0x09 || value == 0x0A || value == 0x0D || (0x20...0xD7FF).contains(value)
            || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
    }

    /// A CDATA section's bytes, its line ends read as XML reads them.
    private func appendNormalized(_ section: ArraySlice<UInt8>, to text: inout [UInt8]) {
        var previousWasCR = false
        for byte in section {
            if byte == 0x0D {
                text.append(0x0A)
            } else if !(byte == 0x0A && previousWasCR) {
                text.append(byte)
            }
            previousWasCR = byte == 0x0D
        }
    }

    /// Ends a run of character data as a text node of `element` (merged with one before it).
    private func flush(_ text: inout [UInt8], into element: inout XMLElement) {
        guard !text.isEmpty else { return }
        let piece = String(decoding: text, as: UTF8.self)
        if case .text(let earlier) = element.nodes.last {
            element.nodes[element.nodes.count - 1] = .text(earlier + piece)
        } else {
            element.nodes.append(.text(piece))
        }
        text.removeAll(keepingCapacity: true)
    }

    // MARK: Positions

    private func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Skips white space; answers whether there was some.
    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = index
        while index < bytes.count && isSpace(bytes[index]) { index += 1 }
        return index > start
    }

    private func looking(at literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { literal in
            for offset in 0..<count where bytes[index + offset] != literal[offset] { return false }
            return true
        }
    }

    /// Where `literal` next starts from `start` (the current position by default).
    private func find(_ literal: StaticString, from start: Int? = nil) -> Int? {
        let count = literal.utf8CodeUnitCount
        return literal.withUTF8Buffer { literal -> Int? in
            var position = start ?? index
            while position + count <= bytes.count {
                if bytes[position] == literal[0] {
                    var matches = true
                    for offset in 1..<count where bytes[position + offset] != literal[offset] {
                        matches = false
                        break
                    }
                    if matches { return position }
                }
                position += 1
            }
            return nil
        }
    }

    /// An error at `place`, the current position by default.
    private func error(_ message: String, at place: Int? = nil) -> XMLError {
        let place = min(place ?? index, bytes.count)
        var line = 1
        var lineStart = 0
        for position in 0..<place where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        return XMLError(message: message, line: line, column: place - lineStart + 1)
    }
}
