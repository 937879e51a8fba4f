import Foundation
import JSONCodec
import ListsModel

/// `lists-json`: a versioned backup of all three apps, `{"format": "lists", "version": 1, "items": [...],
/// "tasks": [...], "sightings": [...]}` (a collection for each ``RecordKind``, under its collection key, in
/// ``RecordKind/all``'s order), each record in the API's shape with its id, dates and version.
///
/// A household that chose its own time zone has it in the document's `timeZone` (`"Europe/Berlin"`), which a restore
/// sets; one that keeps the server's has none.
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
            if let zone = try HouseholdTimeZone.chosen(by: store.scope.household, in: session) {
                // A zone's name is letters, digits, `/`, `_`, `-` and `+` (``HouseholdTimeZone/checked(_:)``).
                try write(Array(",\"timeZone\":\"\(HouseholdTimeZone.name(of: zone))\"".utf8))
            }
            // The entries of named lists are kept each in its list's store list: they are read from them all.
            let everyList = session.session(in: nil)
            func section<R: Record>(_ type: R.Type) throws {
                let session = R.kind == .entry ? everyList : session
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
            for kind in RecordKind.all { try section(kind.recordType) }
            try write(Array("}\n".utf8))
        }
    }

    /// The records of a lists-json document. Records whose id is stored already are kept as stored, so a
    /// backup restored twice adds nothing.
    /// - Throws: ``ImportError`` naming the record and field.
    public static func read(_ bytes: [UInt8], now: Date) throws -> ImportBatch {
        // A backup opened and saved in an editor may have gained a byte-order mark.
        let bytes = ImportedText.withoutByteOrderMark(bytes)
        var batch = ImportBatch(existing: .keep)
        var format: JSONValue?
        var documentVersion: JSONValue?
        var seen = Set<UUID>()
        // The collection being read: its records go into an array of their own type as they come, and into the
        // batch at once when another collection starts.
        var current: (any BackupCollection)?
        do {
            try JSONParser.forEachMember(of: bytes) { key, value in
                switch key {
                case "format": format = value
                case "version": documentVersion = value
                case "timeZone":
                    guard case .string(let name) = value, let zone = try? HouseholdTimeZone.checked(name) else {
                        throw ImportError(
                            "the file", field: "timeZone", "must name a time zone such as Europe/Berlin or UTC")
                    }
                    batch.timeZone = HouseholdTimeZone.name(of: zone)
                default:
                    throw ImportError("the file", field: key, "is not part of a Lists backup")
                }
            } element: { key, index, value in
                if current?.key != key {
                    current?.add(to: &batch)
                    guard let kind = RecordKind(collectionKey: key) else {
                        throw ImportError("the file", field: key, "is not part of a Lists backup")
                    }
                    current = collection(of: kind.recordType, key: key)
                }
                try current?.read(value, at: "\(key)[\(index)]", seen: &seen)
            }
        } catch let error as JSONParser.Malformed {
            throw ImportError("the file", field: "file", "\(error)")
        }
        current?.add(to: &batch)
        guard case .string(let name)? = format, name == "lists" else {
            throw ImportError("the file", field: "format", "must be \"lists\" (this is not a Lists backup)")
        }
        guard case .number(let number)? = documentVersion, number.text == "\(version)" else {
            throw ImportError(
                "the file", field: "version", "must be \(version); a newer Lists may have written this backup")
        }
        return batch
    }

    /// An empty collection of `R` called `key`.
    private static func collection<R: Record>(of type: R.Type, key: String) -> any BackupCollection {
        BackupRecords<R>(key: key)
    }
}

/// One collection of a backup being read: the records of one kind, as they come.
private protocol BackupCollection {
    /// The collection's key in the document (`tasks`).
    var key: String { get }
    /// Reads the record `value`, at `location` in the document, whose id must not be among those `seen`.
    mutating func read(_ value: JSONValue, at location: String, seen: inout Set<UUID>) throws
    /// Adds the records read to `batch`.
    func add(to batch: inout ImportBatch)
}

/// The records of `R` of a backup being read.
private struct BackupRecords<R> {
    let key: String
    var records: [R] = []
}

// The constraint sits on the conformance, not the type (docs/performance.md, "No conformance scans").
extension BackupRecords: BackupCollection where R: Record {
    mutating func read(_ value: JSONValue, at location: String, seen: inout Set<UUID>) throws {
        let object = try StrictObject(value, location)
        try object.allow(R.schema.backupKeys, location)
        let meta = try object.meta(location)
        guard seen.insert(meta.id).inserted else {
            throw ImportError(location, field: "id", "\(meta.id.uuidString) appears twice in the file")
        }
        // Dates are not checked against today: a backup holds what was once accepted.
        records.append(
            try ImportError.at(location) {
                try R.schema.restore(meta: meta, from: object.members, now: .distantFuture)
            })
    }

    func add(to batch: inout ImportBatch) {
        batch.append(contentsOf: records)
    }
}
