import Foundation
import ListsModel

/// `lists-json`: a versioned backup of all three apps, `{"format": "lists", "version": 1, "items": [...],
/// "tasks": [...], "sightings": [...]}`, each record in the API's shape with its id, dates and version.
///
/// Lossless by construction: exporting, importing into an empty database and exporting again gives the same
/// bytes (keys sorted, one record per line, no export time in the document).
public enum ListsJSON {
    /// The version of the document this build writes and reads.
    public static let version = 1

    /// Writes every record of `store`, from one consistent read, to `write` in pieces.
    /// - Throws: ``StoreError``, or what `write` throws.
    public static func export(_ store: any Store, to write: ([UInt8]) throws -> Void) throws {
        try store.read { session in
            try write(Array("{\"format\":\"lists\",\"version\":\(version)".utf8))
            func section<R: Record & JSONWritable>(_ type: R.Type) throws {
                try write(Array(",\n\"\(R.kind.collectionKey)\":[".utf8))
                var first = true
                let pageSize = 5000
                var offset = 0
                while true {
                    let page = try session.list(type, where: nil, offset: offset, limit: pageSize)
                    var chunk: [UInt8] = []
                    for numbered in page {
                        chunk += Array((first ? "\n" : ",\n").utf8)
                        numbered.record.writeJSON(to: &chunk)
                        first = false
                    }
                    try write(chunk)
                    if page.count < pageSize { break }
                    offset += pageSize
                }
                try write(Array("\n]".utf8))
            }
            try section(ShoppingItem.self)
            try section(TodoTask.self)
            try section(BirdSighting.self)
            try write(Array("}\n".utf8))
        }
    }

    /// The records of a lists-json document. Records whose id is stored already are kept as stored, so a
    /// backup restored twice adds nothing.
    /// - Throws: ``ImportError`` naming the record and field.
    public static func read(_ bytes: [UInt8], now: Date) throws -> ImportBatch {
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: Data(bytes))
        } catch let error as ImportError {
            throw error
        } catch let error as DecodingError {
            throw ImportError(error)
        }
        guard document.format == "lists" else {
            throw ImportError("the file", field: "format", "is \(Quoted(document.format)), not \"lists\"")
        }
        guard document.version == version else {
            throw ImportError(
                "the file", field: "version",
                "is \(document.version); this Lists reads version \(version) (a newer Lists wrote it?)")
        }
        var batch = ImportBatch(existing: .keep)
        batch.items = document.items.map(\.record)
        batch.tasks = document.tasks.map(\.record)
        batch.sightings = document.sightings.map(\.record)
        var seen = Set<UUID>()
        for (kind, ids) in [("items", batch.items.map(\.id)), ("tasks", batch.tasks.map(\.id)), ("sightings", batch.sightings.map(\.id))] {
            for (index, id) in ids.enumerated() where !seen.insert(id).inserted {
                throw ImportError("\(kind)[\(index)]", field: "id", "\(id.uuidString) appears twice in the file")
            }
        }
        return batch
    }

    private struct Document: Decodable {
        var format: String
        var version: Int
        var items: [Entry<ShoppingItem>]
        var tasks: [Entry<TodoTask>]
        var sightings: [Entry<BirdSighting>]
    }

    /// One record of the document, read with the model's rules.
    private struct Entry<R: BackupRecord>: Decodable {
        var record: R

        init(from decoder: any Decoder) throws {
            let object = try StrictObject(decoder)
            let location = "\(R.kind.collectionKey)[\(decoder.codingPath.last?.intValue ?? 0)]"
            try object.allow(["id", "createdAt", "updatedAt", "version"] + R.backupFields, location)
            let meta = try object.meta(location)
            record = try ImportError.at(location) { try R.read(object, meta: meta, location: location) }
        }
    }
}

/// A record type as lists-json writes it: the API's shape.
protocol BackupRecord: Record, Encodable {
    /// The keys of its own fields in the document.
    static var backupFields: [String] { get }
    /// Reads the record's fields from `object`, checked with the model's rules.
    static func read(_ object: StrictObject, meta: RecordMeta, location: String) throws -> Self
}

extension ShoppingItem: BackupRecord {
    static let backupFields = ["name", "price", "inShoppingList"]
    static func read(_ object: StrictObject, meta: RecordMeta, location: String) throws -> ShoppingItem {
        ShoppingItem(
            meta: meta, name: try validName(object.string("name", location)), price: try object.price("price", location),
            isOnShoppingList: try object.bool("inShoppingList", location))
    }
}

extension TodoTask: BackupRecord {
    static let backupFields = ["title", "done", "taskwarrior"]
    static func read(_ object: StrictObject, meta: RecordMeta, location: String) throws -> TodoTask {
        TodoTask(
            meta: meta, title: try validTitle(object.string("title", location)), isDone: try object.bool("done", location),
            taskwarrior: try object.optionalObject("taskwarrior", location))
    }
}

extension BirdSighting: BackupRecord {
    static let backupFields = ["name", "location", "date", "count", "scientificName", "latitude", "longitude", "comments"]
    static func read(_ object: StrictObject, meta: RecordMeta, location: String) throws -> BirdSighting {
        let details = SightingDetails(
            count: try object.optionalCount("count", location),
            scientificName: try object.optionalString("scientificName", location),
            latitude: try object.optionalDecimal("latitude", location),
            longitude: try object.optionalDecimal("longitude", location),
            comments: try object.optionalString("comments", location))
        return BirdSighting(
            meta: meta, name: try validName(object.string("name", location)),
            location: try validLocation(object.optionalString("location", location)),
            date: try validDate(object.date("date", location), now: .distantFuture), details: try details.validated())
    }
}
