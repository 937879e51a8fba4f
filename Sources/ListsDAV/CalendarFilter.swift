import ListsModel

/// An iCalendar component as a calendar-query filter sees it: its name, its properties, the components inside it.
/// The maker of a resource's component (which knows the household's zone) gives each date property's moment.
public struct CalendarComponent: Equatable, Sendable {
    /// `VCALENDAR`, `VTODO`, `VALARM`, ..., upper-case.
    public var name: String
    public var properties: [CalendarProperty]
    public var components: [CalendarComponent]

    public init(name: String, properties: [CalendarProperty] = [], components: [CalendarComponent] = []) {
        self.name = name
        self.properties = properties
        self.components = components
    }

    /// The first property named `name` (upper-case).
    public func property(_ name: String) -> CalendarProperty? {
        properties.first { $0.name == name }
    }
}

/// A property of a ``CalendarComponent``.
public struct CalendarProperty: Equatable, Sendable {
    /// `SUMMARY`, `DUE`, ..., upper-case.
    public var name: String
    /// Its parameters (`TZID`, `VALUE`), names upper-case.
    public var parameters: [String: String]
    /// Its value as text, unescaped.
    public var value: String
    /// For a date or date-time property, its moment in seconds since 1970 (a date's midnight in the household's
    /// zone); for `DURATION`, its length in seconds.
    public var seconds: Int64?

    public init(name: String, parameters: [String: String] = [:], value: String, seconds: Int64? = nil) {
        self.name = name
        self.parameters = parameters
        self.value = value
        self.seconds = seconds
    }
}

/// A calendar-query's filter (RFC 4791 9.7): which resources of a calendar a client asks for.
public struct CalendarFilter: Equatable, Sendable {
    /// The filter of the resource's top component, `VCALENDAR`.
    public var component: ComponentFilter

    /// The filter `element` (`C:filter`) says.
    /// - Throws: ``DAVRequestError`` for a filter RFC 4791 does not allow, or a time or collation Lists cannot read.
    public init(_ element: XMLElement) throws {
        guard let top = element.child(FilterElement.named("comp-filter")) else {
            throw DAVRequestError("a filter holds one comp-filter, of VCALENDAR")
        }
        component = try ComponentFilter(top)
        guard component.name == "VCALENDAR" else {
            throw DAVRequestError("a filter's first comp-filter is of VCALENDAR, not \(component.name)")
        }
    }

    /// Whether the resource whose top component is `calendar` matches.
    public func matches(_ calendar: CalendarComponent) -> Bool {
        component.matches([calendar])
    }
}

/// A `comp-filter`: a component of a name, defined or not, in a time range, with properties and components that
/// match filters of their own.
public struct ComponentFilter: Equatable, Sendable {
    public var name: String
    /// `is-not-defined`: matches when no such component is there.
    public var isNotDefined = false
    public var timeRange: TimeRange?
    public var properties: [PropertyFilter] = []
    public var components: [ComponentFilter] = []

    init(_ element: XMLElement) throws {
        (name, isNotDefined, timeRange, _) = try FilterElement.common(element)
        properties = try element.children(FilterElement.named("prop-filter")).map(PropertyFilter.init)
        components = try element.children(FilterElement.named("comp-filter")).map(ComponentFilter.init)
    }

    /// Whether `candidates` (the components inside the parent, or the top one) satisfy the filter: one of those
    /// of its name matches all it asks, or none has its name when it asks for none.
    func matches(_ candidates: [CalendarComponent]) -> Bool {
        let named = candidates.filter { $0.name == name }
        if isNotDefined { return named.isEmpty }
        return named.contains { component in
            (timeRange.map { $0.overlaps(component) } ?? true)
                && properties.allSatisfy { $0.matches(component) }
                && components.allSatisfy { $0.matches(component.components) }
        }
    }
}

/// A `prop-filter`: a property of a name, defined or not, whose value is in a time range or matches a text, with
/// parameters that match filters of their own.
public struct PropertyFilter: Equatable, Sendable {
    public var name: String
    public var isNotDefined = false
    public var timeRange: TimeRange?
    public var textMatch: TextMatch?
    public var parameters: [ParameterFilter] = []

    init(_ element: XMLElement) throws {
        (name, isNotDefined, timeRange, textMatch) = try FilterElement.common(element)
        parameters = try element.children(FilterElement.named("param-filter")).map(ParameterFilter.init)
    }

    func matches(_ component: CalendarComponent) -> Bool {
        let named = component.properties.filter { $0.name == name }
        if isNotDefined { return named.isEmpty }
        return named.contains { property in
            (timeRange.map { range in property.seconds.map { range.contains($0) } ?? false } ?? true)
                && (textMatch.map { $0.matches(property.value) } ?? true)
                && parameters.allSatisfy { $0.matches(property) }
        }
    }
}

/// A `param-filter`: a parameter of a name, defined or not, whose value matches a text.
public struct ParameterFilter: Equatable, Sendable {
    public var name: String
    public var isNotDefined = false
    public var textMatch: TextMatch?

    init(_ element: XMLElement) throws {
        (name, isNotDefined, _, textMatch) = try FilterElement.common(element)
    }

    func matches(_ property: CalendarProperty) -> Bool {
        guard let value = property.parameters[name] else { return isNotDefined }
        return !isNotDefined && (textMatch.map { $0.matches(value) } ?? true)
    }
}

/// A `text-match`: a substring, matched exactly (`i;octet`) or with ASCII letters' case ignored
/// (`i;ascii-casemap`, the default); `negate-condition` turns the answer round.
public struct TextMatch: Equatable, Sendable {
    public var text: String
    public var ignoresCase = true
    public var isNegated = false

    init(_ element: XMLElement) throws {
        text = element.text
        switch element.attribute("collation") ?? "i;ascii-casemap" {
        case "i;ascii-casemap": ignoresCase = true
        case "i;octet": ignoresCase = false
        case let other:
            throw DAVRequestError("the collation \(other) is not supported: i;ascii-casemap or i;octet")
        }
        isNegated = element.attribute("negate-condition") == "yes"
    }

    func matches(_ value: String) -> Bool {
        let found =
            ignoresCase
            ? ByteSearch.contains(Self.asciiLowercased(text), in: Self.asciiLowercased(value))
            : ByteSearch.contains(Array(text.utf8), in: Array(value.utf8))
        return found != isNegated
    }

    private static func asciiLowercased(_ text: String) -> [UInt8] {
        text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
    }
}

/// A `time-range`: from `start` (included) to `end` (excluded), each in seconds since 1970, either open.
public struct TimeRange: Equatable, Sendable {
    public var start: Int64?
    public var end: Int64?

    public init(start: Int64?, end: Int64?) {
        self.start = start
        self.end = end
    }

    init(_ element: XMLElement) throws {
        start = try element.attribute("start").map(Self.seconds)
        end = try element.attribute("end").map(Self.seconds)
        guard start != nil || end != nil else { throw DAVRequestError("a time-range has a start, an end or both") }
        if let start, let end, end <= start { throw DAVRequestError("a time-range ends after it starts") }
    }

    /// `20061104T000000Z`, the only form RFC 4791 allows here, in seconds since 1970.
    static func seconds(_ text: String) throws -> Int64 {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int64? {
            guard range.upperBound <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[range] {
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            return value
        }
        guard bytes.count == 16, bytes[8] == UInt8(ascii: "T"), bytes[15] == UInt8(ascii: "Z"),
            let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
            let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else {
            throw DAVRequestError("\(text) is not a UTC date and time such as 20261224T000000Z")
        }
        let days = CivilDate.daysSince1970(year: Int(year), month: Int(month), day: Int(day))
        return Int64(days) * 86_400 + hour * 3600 + minute * 60 + second
    }

    /// Whether `moment` lies in the range.
    func contains(_ moment: Int64) -> Bool {
        (start.map { moment >= $0 } ?? true) && (end.map { moment < $0 } ?? true)
    }

    /// Whether a component overlaps the range: for a VTODO as RFC 4791 9.9's table says (by its DTSTART,
    /// DURATION, DUE, COMPLETED and CREATED); for another, by its DTSTART alone when it has one.
    func overlaps(_ component: CalendarComponent) -> Bool {
        let start = self.start ?? Int64.min
        let end = self.end ?? Int64.max
        func moment(_ name: String) -> Int64? { component.property(name)?.seconds }
        guard component.name == "VTODO" else {
            return moment("DTSTART").map { start <= $0 && end > $0 } ?? true
        }
        let due = moment("DUE")
        let completed = moment("COMPLETED")
        let created = moment("CREATED")
        if let begins = moment("DTSTART") {
            if let duration = moment("DURATION") {
                let finishes = begins + duration
                return start <= finishes && (end > begins || end >= finishes)
            }
            if let due { return (start < due || start <= begins) && (end > begins || end >= due) }
            return start <= begins && end > begins
        }
        if let due { return start < due && end >= due }
        switch (completed, created) {
        case (let completed?, let created?):
            return (start <= created || start <= completed) && (end >= created || end >= completed)
        case (let completed?, nil): return start <= completed && end >= completed
        case (nil, let created?): return end > created
        case (nil, nil): return true
        }
    }
}

/// What every filter element has.
enum FilterElement {
    /// A filter element's name, `{urn:ietf:params:xml:ns:caldav}local`.
    static func named(_ local: String) -> XMLName { XMLName(XMLNamespace.calDAV, local) }

    /// What a filter element may hold of what all hold: its name, `is-not-defined`, a `time-range`, a
    /// `text-match` (each filter reads those RFC 4791 allows it).
    static func common(_ element: XMLElement) throws -> (
        name: String, isNotDefined: Bool, timeRange: TimeRange?, textMatch: TextMatch?
    ) {
        (
            try name(of: element), element.child(named("is-not-defined")) != nil,
            try element.child(named("time-range")).map(TimeRange.init),
            try element.child(named("text-match")).map(TextMatch.init)
        )
    }

    /// The `name` attribute, upper-case.
    static func name(of element: XMLElement) throws -> String {
        guard let name = element.attribute("name"), !name.isEmpty else {
            throw DAVRequestError("a \(element.name.local) has a name")
        }
        return String(decoding: name.utf8.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
    }
}
