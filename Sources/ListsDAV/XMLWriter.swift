/// Writes an XML document as WebDAV answers are written (a `multistatus`, an `error`): UTF-8 with its declaration,
/// the namespaces given declared once on the root with their prefixes (`d:` for `DAV:`), and a name in any other
/// namespace written with a prefix of its own declared on its element (a client's own property, echoed back in a
/// PROPFIND answer).
///
/// Text and attribute values are escaped. A character XML 1.0 cannot hold at all (a control character other
/// than tab, line feed and carriage return, which no reference can write either) is written as U+FFFD.
public struct XMLWriter {
    /// The document so far.
    public private(set) var bytes: [UInt8] = []
    /// The prefix of each namespace declared on the root.
    private let prefixes: [String: String]
    /// The declarations the root element carries, written with it.
    private var rootDeclarations: [(prefix: String, uri: String)]
    /// The open elements' names as written, innermost last.
    private var open: [String] = []
    /// The next number for a prefix of a namespace not declared on the root.
    private var nextPrefix = 0

    /// A writer whose root element will declare `namespaces` (a prefix each, none empty).
    public init(namespaces: [(prefix: String, uri: String)]) {
        var prefixes: [String: String] = [:]
        for (prefix, uri) in namespaces { prefixes[uri] = prefix }
        self.prefixes = prefixes
        rootDeclarations = namespaces
        bytes.append(contentsOf: Array(#"<?xml version="1.0" encoding="utf-8"?>"#.utf8))
        bytes.append(0x0A)
    }

    /// Opens the element `name`, to be closed by ``close()``.
    public mutating func open(_ name: XMLName, attributes: [XMLAttribute] = []) {
        open.append(startTag(name, attributes: attributes, isEmpty: false))
    }

    /// Closes the innermost open element.
    public mutating func close() {
        guard let name = open.popLast() else { return }
        bytes.append(contentsOf: Array("</\(name)>".utf8))
    }

    /// An element holding `text` only, or nothing (`<d:prop/>`) when `text` is `nil`.
    public mutating func element(_ name: XMLName, text: String? = nil, attributes: [XMLAttribute] = []) {
        guard let text else {
            _ = startTag(name, attributes: attributes, isEmpty: true)
            return
        }
        let written = startTag(name, attributes: attributes, isEmpty: false)
        escape(text, inAttribute: false)
        bytes.append(contentsOf: Array("</\(written)>".utf8))
    }

    /// `element` with all it holds, as it was read (a property a client set, given back).
    public mutating func element(_ element: XMLElement) {
        if element.nodes.isEmpty {
            self.element(element.name, attributes: element.attributes)
            return
        }
        open(element.name, attributes: element.attributes)
        for node in element.nodes {
            switch node {
            case .text(let text): escape(text, inAttribute: false)
            case .element(let child): self.element(child)
            }
        }
        close()
    }

    /// The document, every open element closed.
    public mutating func finish() -> [UInt8] {
        while !open.isEmpty { close() }
        return bytes
    }

    /// Writes a start tag and answers the name as written there.
    private mutating func startTag(_ name: XMLName, attributes: [XMLAttribute], isEmpty: Bool) -> String {
        var declarations: [(prefix: String, uri: String)] = []
        if open.isEmpty && !rootDeclarations.isEmpty {
            declarations = rootDeclarations
            rootDeclarations = []
        }
        func written(_ name: XMLName) -> String {
            if name.namespace.isEmpty { return name.local }
            if let prefix = prefixes[name.namespace] { return "\(prefix):\(name.local)" }
            if let declared = declarations.first(where: { $0.uri == name.namespace }) {
                return "\(declared.prefix):\(name.local)"
            }
            nextPrefix += 1
            declarations.append(("x\(nextPrefix)", name.namespace))
            return "x\(nextPrefix):\(name.local)"
        }
        let tag = written(name)
        let attributeNames = attributes.map { written($0.name) }
        bytes.append(UInt8(ascii: "<"))
        bytes.append(contentsOf: Array(tag.utf8))
        for (prefix, uri) in declarations {
            bytes.append(contentsOf: Array(" xmlns:\(prefix)=\"".utf8))
            escape(uri, inAttribute: true)
            bytes.append(UInt8(ascii: "\""))
        }
        for (attribute, written) in zip(attributes, attributeNames) {
            bytes.append(contentsOf: Array(" \(written)=\"".utf8))
            escape(attribute.value, inAttribute: true)
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(contentsOf: Array((isEmpty ? "/>" : ">").utf8))
        return tag
    }

    private mutating func escape(_ text: String, inAttribute: Bool) {
        var text = text
        text.withUTF8 { utf8 in
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                index += 1
                switch byte {
                case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): bytes.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "\"") where inAttribute: bytes.append(contentsOf: "&quot;".utf8)
                case 0x0D: bytes.append(contentsOf: "&#13;".utf8)
                case 0x0A where inAttribute: bytes.append(contentsOf: "&#10;".utf8)
                case 0x09 where inAttribute: bytes.append(contentsOf: "&#9;".utf8)
                case 0x09, 0x0A: bytes.append(byte)
                case ..<0x20: bytes.append(contentsOf: "\u{FFFD}".utf8)
                // U+FFFE and U+FFFF, which XML cannot hold either (EF BF BE, EF BF BF).
                case 0xEF where index + 1 < utf8.count && utf8[index] == 0xBF && utf8[index + 1] >= 0xBE:
                    bytes.append(contentsOf: "\u{FFFD}".utf8)
                    index += 2
                default: bytes.append(byte)
                }
            }
        }
    }
}
