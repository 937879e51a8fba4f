/// A name in an XML document with namespaces: the namespace it is in (its URI, `""` for none) and its local part.
/// `DAV:` `propfind` is `XMLName(namespace: "DAV:", local: "propfind")` whatever prefix the document wrote.
public struct XMLName: Hashable, Sendable, CustomStringConvertible {
    /// The namespace's URI, or `""` for a name in no namespace.
    public var namespace: String
    /// The name without its prefix.
    public var local: String

    public init(_ namespace: String, _ local: String) {
        self.namespace = namespace
        self.local = local
    }

    /// `{DAV:}propfind`, the notation of RFC 4918 and of most servers' logs.
    public var description: String { "{\(namespace)}\(local)" }
}

/// The namespaces WebDAV, CalDAV and their clients use.
public enum XMLNamespace {
    /// WebDAV (RFC 4918).
    public static let dav = "DAV:"
    /// CalDAV (RFC 4791).
    public static let calDAV = "urn:ietf:params:xml:ns:caldav"
    /// CalendarServer's extensions, which Apple's clients and DAVx5 read (`getctag`).
    public static let calendarServer = "http://calendarserver.org/ns/"
    /// Apple's iCal properties (`calendar-color`, `calendar-order`).
    public static let appleICal = "http://apple.com/ns/ical/"
    /// The namespace the `xml` prefix is bound to in every document.
    public static let xml = "http://www.w3.org/XML/1998/namespace"
}

/// An attribute of an element: its name (in no namespace unless prefixed) and its value, references resolved.
public struct XMLAttribute: Hashable, Sendable {
    public var name: XMLName
    public var value: String

    public init(_ name: XMLName, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// An element of a parsed document: its name, its attributes, and what it holds in document order.
public struct XMLElement: Hashable, Sendable {
    /// A piece of an element's content.
    public enum Node: Hashable, Sendable {
        case element(XMLElement)
        /// Character data, references resolved; CDATA sections are text too.
        case text(String)
    }

    public var name: XMLName
    /// The attributes, in document order, namespace declarations (`xmlns`, `xmlns:p`) left out.
    public var attributes: [XMLAttribute]
    public var nodes: [Node]

    public init(_ name: XMLName, attributes: [XMLAttribute] = [], nodes: [Node] = []) {
        self.name = name
        self.attributes = attributes
        self.nodes = nodes
    }

    /// The child elements, in order.
    public var children: [XMLElement] {
        nodes.compactMap { node in
            if case .element(let element) = node { return element }
            return nil
        }
    }

    /// The child elements named `name`, in order.
    public func children(_ name: XMLName) -> [XMLElement] {
        children.filter { $0.name == name }
    }

    /// The first child element named `name`, if any.
    public func child(_ name: XMLName) -> XMLElement? {
        for case .element(let element) in nodes where element.name == name { return element }
        return nil
    }

    /// The value of the attribute `name` (in no namespace unless given one), if the element has it.
    public func attribute(_ local: String, namespace: String = "") -> String? {
        attributes.first { $0.name.namespace == namespace && $0.name.local == local }?.value
    }

    /// The element's text: its character data and that of every element inside it, in document order.
    public var text: String {
        var text = ""
        for node in nodes {
            switch node {
            case .text(let piece): text += piece
            case .element(let element): text += element.text
            }
        }
        return text
    }
}
