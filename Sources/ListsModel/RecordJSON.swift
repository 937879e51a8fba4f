import Foundation

/// A value that writes its own JSON: the records and the collections the API returns, written straight into
/// a byte buffer with the same bytes `ListsFormat.jsonEncoder()` would give (keys sorted, slashes unescaped,
/// dates as ISO 8601 with milliseconds), without the encoder's per-value containers: a page of 1000 items
/// takes a fraction of a millisecond instead of tens.
public protocol JSONWritable {
    /// Appends the value's JSON to `output`.
    func writeJSON(to output: inout [UInt8])
}

extension JSONWritable {
    /// The value's JSON.
    public var jsonBytes: [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        writeJSON(to: &output)
        return output
    }
}

/// Writing JSON object members in the order given (callers give them sorted by key).
struct JSONObjectWriter {
    private(set) var isFirst = true

    /// Starts an object.
    static func open(_ output: inout [UInt8]) -> JSONObjectWriter {
        output.append(UInt8(ascii: "{"))
        return JSONObjectWriter()
    }

    /// Ends the object.
    func close(_ output: inout [UInt8]) {
        output.append(UInt8(ascii: "}"))
    }

    private mutating func key(_ name: StaticString, _ output: inout [UInt8]) {
        if !isFirst { output.append(UInt8(ascii: ",")) }
        isFirst = false
        output.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { output.append(contentsOf: $0) }
        output.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    }

    mutating func string(_ name: StaticString, _ value: String?, _ output: inout [UInt8]) {
        key(name, &output)
        if let value { JSONValue.writeString(value, to: &output) } else { output += Self.null }
    }

    mutating func raw(_ name: StaticString, _ text: String?, _ output: inout [UInt8]) {
        key(name, &output)
        if let text { output += Array(text.utf8) } else { output += Self.null }
    }

    mutating func bool(_ name: StaticString, _ value: Bool, _ output: inout [UInt8]) {
        key(name, &output)
        output += value ? Self.trueBytes : Self.falseBytes
    }

    mutating func date(_ name: StaticString, _ value: Date, _ output: inout [UInt8]) {
        key(name, &output)
        output.append(UInt8(ascii: "\""))
        ListsFormat.appendISOTimestamp(value, to: &output)
        output.append(UInt8(ascii: "\""))
    }

    mutating func value(_ name: StaticString, _ value: JSONValue, _ output: inout [UInt8]) {
        key(name, &output)
        value.write(to: &output)
    }

    static let null = Array("null".utf8)
    static let trueBytes = Array("true".utf8)
    static let falseBytes = Array("false".utf8)
}

extension Money {
    /// The price as JSON writes a `Decimal`: `1.99`, `1.5`, `2`, `0`.
    var jsonNumber: String {
        let sign = minorUnits < 0 ? "-" : ""
        let magnitude = minorUnits.magnitude
        let cents = magnitude % 100
        if cents == 0 { return "\(sign)\(magnitude / 100)" }
        if cents % 10 == 0 { return "\(sign)\(magnitude / 100).\(cents / 10)" }
        return "\(sign)\(magnitude / 100).\(cents < 10 ? "0" : "")\(cents)"
    }
}

extension ShoppingItem: JSONWritable {
    public func writeJSON(to output: inout [UInt8]) {
        var object = JSONObjectWriter.open(&output)
        object.date("createdAt", meta.createdAt, &output)
        object.string("id", id.text, &output)
        object.bool("inShoppingList", isOnShoppingList, &output)
        object.string("name", name, &output)
        object.raw("price", price.jsonNumber, &output)
        object.date("updatedAt", meta.updatedAt, &output)
        object.raw("version", "\(meta.version)", &output)
        object.close(&output)
    }
}

extension TodoTask: JSONWritable {
    public func writeJSON(to output: inout [UInt8]) {
        var object = JSONObjectWriter.open(&output)
        object.date("createdAt", meta.createdAt, &output)
        object.bool("done", isDone, &output)
        object.string("id", id.text, &output)
        if let taskwarriorJSON { object.raw("taskwarrior", taskwarriorJSON, &output) }
        object.string("title", title, &output)
        object.date("updatedAt", meta.updatedAt, &output)
        object.raw("version", "\(meta.version)", &output)
        object.close(&output)
    }
}

extension BirdSighting: JSONWritable {
    public func writeJSON(to output: inout [UInt8]) {
        var object = JSONObjectWriter.open(&output)
        object.string("comments", details.comments, &output)
        switch details.count {
        case .number(let number)?: object.raw("count", "\(number)", &output)
        case .present?: object.string("count", "X", &output)
        case nil: object.raw("count", nil, &output)
        }
        object.date("createdAt", meta.createdAt, &output)
        object.date("date", date, &output)
        object.string("id", id.text, &output)
        object.raw("latitude", details.latitude.map { "\($0)" }, &output)
        object.string("location", location, &output)
        object.raw("longitude", details.longitude.map { "\($0)" }, &output)
        object.string("name", name, &output)
        object.string("scientificName", details.scientificName, &output)
        object.date("updatedAt", meta.updatedAt, &output)
        object.raw("version", "\(meta.version)", &output)
        object.close(&output)
    }
}

extension CollectionBody: JSONWritable where R: JSONWritable {
    public func writeJSON(to output: inout [UInt8]) {
        // Keys sorted: "items" comes before "nextCursor", "sightings" and "tasks" after it.
        let key = R.kind.collectionKey
        output.append(UInt8(ascii: "{"))
        if key > "nextCursor" {
            writeCursor(&output)
            output.append(UInt8(ascii: ","))
            writeRecords(key, &output)
        } else {
            writeRecords(key, &output)
            output.append(UInt8(ascii: ","))
            writeCursor(&output)
        }
        output.append(UInt8(ascii: "}"))
    }

    private func writeRecords(_ key: String, _ output: inout [UInt8]) {
        JSONValue.writeString(key, to: &output)
        output += [UInt8(ascii: ":"), UInt8(ascii: "[")]
        for (index, record) in records.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            record.writeJSON(to: &output)
        }
        output.append(UInt8(ascii: "]"))
    }

    private func writeCursor(_ output: inout [UInt8]) {
        output += Array("\"nextCursor\":".utf8)
        if let nextCursor { JSONValue.writeString(nextCursor, to: &output) } else { output += JSONObjectWriter.null }
    }
}

extension ShoppingListBody: JSONWritable {
    public func writeJSON(to output: inout [UInt8]) {
        output += Array("{\"items\":[".utf8)
        for (index, item) in items.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            item.writeJSON(to: &output)
        }
        output += Array("],\"total\":\(total.jsonNumber)}".utf8)
    }
}
