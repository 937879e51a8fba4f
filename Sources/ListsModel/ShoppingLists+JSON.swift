import Foundation
import JSONCodec

// The JSON of named lists, the same for the API and `lists --json`; keys sorted, as every body of Lists.

extension ShoppingLists.Summary: JSONWritable {
    /// `{"entries": 3, "list": {...}, "toBuy": 2}`.
    public func writeJSON(to output: inout [UInt8]) {
        output += Array("{\"entries\":\(entries),\"list\":".utf8)
        list.writeJSON(to: &output)
        output += Array(",\"toBuy\":\(toBuy)}".utf8)
    }
}

extension ShoppingLists.Row: JSONWritable {
    /// `{"entry": {...}, "item": {...}, "number": 1}`, the item `null` when it was deleted from the catalog.
    public func writeJSON(to output: inout [UInt8]) {
        output += Array("{\"entry\":".utf8)
        entry.record.writeJSON(to: &output)
        output += Array(",\"item\":".utf8)
        if let item { item.writeJSON(to: &output) } else { output += JSONObjectWriter.null }
        output += Array(",\"number\":\(entry.number)}".utf8)
    }
}

/// `{"lists": [summary, ...]}`: a household's lists in their order with their counts.
public struct ListsBody: JSONWritable, Sendable {
    public var summaries: [ShoppingLists.Summary]

    public init(_ summaries: [ShoppingLists.Summary]) { self.summaries = summaries }

    public func writeJSON(to output: inout [UInt8]) {
        output += Array("{\"lists\":[".utf8)
        for (index, summary) in summaries.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            summary.writeJSON(to: &output)
        }
        output += Array("]}".utf8)
    }
}

/// `{"entries": [row, ...], "list": {...}, "total": 4.38}`: one list with its entries in order and its total
/// (``ShoppingLists/total(_:)``).
public struct ListBody: JSONWritable, Sendable {
    public var list: NamedList
    public var rows: [ShoppingLists.Row]

    public init(list: NamedList, rows: [ShoppingLists.Row]) {
        self.list = list
        self.rows = rows
    }

    public func writeJSON(to output: inout [UInt8]) {
        output += Array("{\"entries\":[".utf8)
        for (index, row) in rows.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            row.writeJSON(to: &output)
        }
        output += Array("],\"list\":".utf8)
        list.writeJSON(to: &output)
        output += Array(",\"total\":\(ShoppingLists.total(rows).jsonNumber)}".utf8)
    }
}

/// `{"categories": [...]}` (the household's, in their order), or with ``byHand`` a list's aisles:
/// `{"aisles": [...], "byHand": true}` (the categories in the order its store is walked, and whether a hand set it).
public struct CategoriesBody: JSONWritable, Sendable {
    public var categories: [ItemCategory]
    /// For a list's aisles: whether the order was set by hand; `nil` for the household's categories.
    public var byHand: Bool?

    public init(_ categories: [ItemCategory], byHand: Bool? = nil) {
        self.categories = categories
        self.byHand = byHand
    }

    public func writeJSON(to output: inout [UInt8]) {
        output += Array((byHand == nil ? "{\"categories\":[" : "{\"aisles\":[").utf8)
        for (index, category) in categories.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            category.writeJSON(to: &output)
        }
        output += Array((byHand.map { "],\"byHand\":\($0)}" } ?? "]}").utf8)
    }
}
