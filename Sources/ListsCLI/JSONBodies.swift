import JSONCodec
import ListsModel

/// `{"total": 1.99}`.
struct TotalBody: JSONWritable {
    var total: Money

    func writeJSON(to output: inout [UInt8]) {
        output += Array(#"{"total":\#(total.jsonNumber)}"#.utf8)
    }
}

extension Output {
    /// Writes the records a command changed: the record itself when there is one, as `PATCH` returns it, else
    /// the collection shape.
    func json<R: Record>(changed records: [Numbered<R>]) {
        if records.count == 1 { return json(records[0].record) }
        json(CollectionBody(records))
    }
}
