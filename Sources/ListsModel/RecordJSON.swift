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

    /// A member whose value is an instant or `null`.
    mutating func optionalDate(_ name: String, _ value: Date?, _ output: inout [UInt8]) {
        guard let value else {
            key(name, &output)
            output += JSONObjectWriter.null
            return
        }
        date(name, value, &output)
    }
}

extension Money {
    /// The price as JSON writes a `Decimal`: `1.99`, `1.5`, `2`, `0`.
    public var jsonNumber: String {
        let sign = minorUnits < 0 ? "-" : ""
        let magnitude = minorUnits.magnitude
        let cents = magnitude % 100
        if cents == 0 { return "\(sign)\(magnitude / 100)" }
        if cents % 10 == 0 { return "\(sign)\(magnitude / 100).\(cents / 10)" }
        return "\(sign)\(magnitude / 100).\(cents < 10 ? "0" : "")\(cents)"
    }
}

extension CollectionBody: JSONWritable {
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
