import Foundation
import JSONCodec

// The three hot paths of every record, written out by hand: a store's values (every insert), the record from
// them (every row read: a 10k-task `lists todo list`, an export of a million), and its JSON (every answer and
// backup line). Through the schema's type-erased fields they cost three times as much, in generic metadata
// look-ups and reference counting. Each is checked against the schema's own version, on many records, by
// `RecordFastPathTests`: a field added to a schema and not here fails them.

extension ShoppingItem {
    public var fields: [FieldValue] {
        [.text(name), .integer(price.minorUnits), .bool(isOnShoppingList), category.map { .text($0) } ?? .null]
    }

    public init(meta: RecordMeta, fields: [FieldValue]) throws {
        guard fields.count == 4 else { throw StoreError.corrupt("item has \(fields.count) values") }
        self.init(
            meta: meta, name: try fields.text(0), price: Money(minorUnits: try fields.integer(1)),
            isOnShoppingList: try fields.bool(2), category: try fields.optionalText(3))
    }

    public func writeJSON(to output: inout [UInt8]) {
        var object = JSONObjectWriter.open(&output)
        if let category {
            object.string("category", category, &output)
        } else {
            object.raw("category", "null", &output)
        }
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

extension TodoTask {
    public var fields: [FieldValue] {
        var values: [FieldValue] = []
        values.reserveCapacity(13)
        appendFields(to: &values)
        return values
    }

    public func appendFields(to values: inout [FieldValue]) {
        values.append(.text(title))
        values.append(.bool(isDone))
        values.append(taskwarriorJSON.map { .text($0) } ?? .null)
        values.append(Fields.due.type.toStore(due))
        values.append(Fields.priority.type.toStore(priority))
        values.append(note.map { .text($0) } ?? .null)
        values.append(doneAt.map { .date($0) } ?? .null)
        values.append(Fields.recurrence.type.toStore(recurrence))
        values.append(Fields.repeatFrom.type.toStore(repeatFrom))
        values.append(Fields.completions.type.toStore(completions))
        values.append(icalendar.map { .text($0) } ?? .null)
        values.append(Fields.remindAt.type.toStore(remindAt))
        values.append(list.map { .text($0) } ?? .null)
    }

    public init(meta: RecordMeta, fields: [FieldValue]) throws {
        guard fields.count == 13 else { throw StoreError.corrupt("task has \(fields.count) values") }
        let kept = try fields.optionalText(2)
        // Checked to be an object, as it is written out into JSON documents as it is.
        if let kept, JSONValue.object(kept) == nil { throw StoreError.corrupt("json object") }
        // Read by their field types' own (not type-erased) readers: one definition of each stored form.
        let due = try Fields.due.type.fromStore(fields[3])
        let priority = try Fields.priority.type.fromStore(fields[4])
        let recurrence = try Fields.recurrence.type.fromStore(fields[7])
        let repeatFrom = try Fields.repeatFrom.type.fromStore(fields[8])
        let completions = try Fields.completions.type.fromStore(fields[9])
        self.init(
            meta: meta, title: try fields.text(0), isDone: try fields.bool(1), taskwarriorJSON: kept, due: due,
            priority: priority, note: try fields.optionalText(5), doneAt: try fields.optionalDate(6),
            recurrence: recurrence, repeatFrom: repeatFrom, completions: completions)
        icalendar = try fields.optionalText(10)
        remindAt = try Fields.remindAt.type.fromStore(fields[11])
        list = try fields.optionalText(12)
    }

    public func writeJSON(to output: inout [UInt8]) {
        var object = JSONObjectWriter.open(&output)
        object.key("completions", &output)
        TaskCompletion.writeJSON(completions, to: &output)
        object.date("createdAt", meta.createdAt, &output)
        object.bool("done", isDone, &output)
        object.optionalDate("doneAt", doneAt, &output)
        object.string("due", due?.description, &output)
        if let icalendar { object.string("icalendar", icalendar, &output) }
        object.string("id", id.text, &output)
        object.string("list", list, &output)
        object.string("note", note, &output)
        object.string("priority", priority?.rawValue, &output)
        object.string("remindAt", remindAt?.description, &output)
        object.string("repeat", recurrence?.text, &output)
        object.string("repeatFrom", repeatFrom?.description, &output)
        if let taskwarriorJSON { object.raw("taskwarrior", taskwarriorJSON, &output) }
        object.string("title", title, &output)
        object.date("updatedAt", meta.updatedAt, &output)
        object.raw("version", "\(meta.version)", &output)
        object.close(&output)
    }
}

extension BirdSighting {
    public var fields: [FieldValue] {
        func text(_ value: String?) -> FieldValue { value.map { .text($0) } ?? .null }
        return [
            .text(name), text(location), .date(date), text(details.count?.description), text(details.scientificName),
            text(details.latitude?.plainText), text(details.longitude?.plainText), text(details.comments),
            text(ebirdRow),
        ]
    }

    public init(meta: RecordMeta, fields: [FieldValue]) throws {
        guard fields.count == 9 else { throw StoreError.corrupt("sighting has \(fields.count) values") }
        func decimal(_ text: String?) throws -> Decimal? {
            guard let text else { return nil }
            guard let value = Decimal(string: text, locale: .posix) else {
                throw StoreError.corrupt("coordinate")
            }
            return value
        }
        let count = try fields.optionalText(3).map { text in
            guard let count = BirdCount(text) else { throw StoreError.corrupt("count") }
            return count
        }
        self.init(
            meta: meta, name: try fields.text(0), location: try fields.optionalText(1), date: try fields.date(2),
            details: SightingDetails(
                count: count, scientificName: try fields.optionalText(4), latitude: try decimal(fields.optionalText(5)),
                longitude: try decimal(fields.optionalText(6)), comments: try fields.optionalText(7)),
            ebirdRow: try fields.optionalText(8))
    }

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
        if let ebirdRow { object.string("ebird", ebirdRow, &output) }
        object.string("id", id.text, &output)
        object.raw("latitude", details.latitude?.plainText, &output)
        object.string("location", location, &output)
        object.raw("longitude", details.longitude?.plainText, &output)
        object.string("name", name, &output)
        object.string("scientificName", details.scientificName, &output)
        object.date("updatedAt", meta.updatedAt, &output)
        object.raw("version", "\(meta.version)", &output)
        object.close(&output)
    }
}

extension Array where Element == FieldValue {
    /// The text at `index`, or a corrupt-record error.
    func text(_ index: Int) throws -> String {
        guard indices.contains(index), case .text(let value) = self[index] else { throw StoreError.corrupt("text") }
        return value
    }

    /// The text at `index`, `nil` for null.
    func optionalText(_ index: Int) throws -> String? {
        guard indices.contains(index) else { throw StoreError.corrupt("text") }
        if case .null = self[index] { return nil }
        return try text(index)
    }

    /// The integer at `index`.
    func integer(_ index: Int) throws -> Int64 {
        guard indices.contains(index), case .integer(let value) = self[index] else {
            throw StoreError.corrupt("integer")
        }
        return value
    }

    /// The Boolean at `index` (stores may hand back 0 and 1).
    func bool(_ index: Int) throws -> Bool {
        guard indices.contains(index) else { throw StoreError.corrupt("bool") }
        switch self[index] {
        case .bool(let value): return value
        case .integer(let value): return value != 0
        default: throw StoreError.corrupt("bool")
        }
    }

    /// The date at `index`.
    func date(_ index: Int) throws -> Date {
        guard indices.contains(index), case .date(let value) = self[index] else { throw StoreError.corrupt("date") }
        return value
    }

    /// The date at `index`, `nil` for null (stores may hand back milliseconds).
    func optionalDate(_ index: Int) throws -> Date? {
        guard indices.contains(index) else { throw StoreError.corrupt("date") }
        switch self[index] {
        case .null: return nil
        case .date(let value): return value
        case .integer(let milliseconds): return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        default: throw StoreError.corrupt("date")
        }
    }
}
