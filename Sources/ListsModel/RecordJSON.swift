import Foundation
import JSONCodec

extension JSONObjectWriter {
    /// A member whose value is an instant, as the API writes dates (`2026-11-30T05:45:27.123Z`).
    mutating func date(_ name: String, _ value: Date, _ output: inout [UInt8]) {
        key(name, &output)
        output.append(UInt8(ascii: "\""))
        ListsFormat.appendISOTimestamp(value, to: &output)
        output.append(UInt8(ascii: "\""))
    }
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
