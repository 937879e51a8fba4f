import Foundation
import ListsModel

/// eBird's files: the "My eBird Data" download (`MyEBirdData.csv`) read in, and the eBird Record Format
/// (the spreadsheet eBird's import takes) written out.
///
/// eBird leaves out a row's trailing empty columns (a sighting without breeding code, details, checklist
/// comments or media has 19 fields of the header's 23), so a row with fewer fields reads them as empty; one with
/// more than the header is refused. Columns are found by their header names, so a download from before eBird
/// added a column reads too. Common names come in the observer's eBird language.
///
/// eBird gives dates and times as the observer's local time without a zone; Lists reads them in `timeZone`
/// (the importing machine's by default) and writes them back the same way. A sighting imported from eBird
/// has an id made from its checklist (Submission ID) and species, so importing the same download twice adds
/// nothing. Locations and comments longer than Lists keeps (200 characters, one line) are cut with "…". A row whose
/// species the taxonomy does not have (by scientific name, else by common name) is imported all the same, and named
/// in the batch's warnings.
public enum EBird {
    /// The header of My eBird Data, 23 columns from Submission ID to ML Catalog Numbers.
    public static let downloadHeader = [
        "Submission ID", "Common Name", "Scientific Name", "Taxonomic Order", "Count", "State/Province", "County",
        "Location ID", "Location", "Latitude", "Longitude", "Date", "Time", "Protocol", "Duration (Min)",
        "All Obs Reported", "Distance Traveled (km)", "Area Covered (ha)", "Number of Observers", "Breeding Code",
        "Observation Details", "Checklist Comments", "ML Catalog Numbers",
    ]

    /// The columns a sighting cannot be made without.
    static let requiredColumns = ["Submission ID", "Common Name", "Date"]

    /// The sightings of a My eBird Data download.
    /// - Throws: ``ImportError`` naming the line and column.
    public static func read(_ bytes: [UInt8], timeZone: TimeZone = .current) throws -> ImportBatch {
        var rows = try CSV.rows(try ImportedText.utf8(bytes))
        let names = rows.first?.fields.map { $0.trimmingWhitespace() } ?? []
        var columns: [String: Int] = [:]
        for (index, name) in names.enumerated() where columns[name] == nil { columns[name] = index }
        guard requiredColumns.allSatisfy({ columns[$0] != nil }) else {
            throw ImportError(
                "line 1", field: "header",
                "must be My eBird Data's header row (Submission ID, Common Name, ... ML Catalog Numbers); "
                    + "Submission ID, Common Name and Date are needed")
        }
        rows.removeFirst()
        var records: [BirdSighting] = []
        var seen = Set<UUID>()
        // The names no species of the taxonomy has: imported as they are, and reported once each.
        var unmatched: [(name: String, line: Int, rows: Int)] = []
        var unmatchedIndex: [String: Int] = [:]
        var known = Known()
        let now = Date()
        for row in rows {
            let location = "line \(row.line)"
            guard row.fields.count <= names.count else {
                throw ImportError(
                    location, field: "file",
                    "has \(row.fields.count) fields; the header has \(names.count), from \(names.first ?? "") to "
                        + (names.last ?? ""))
            }
            let sighting = try self.sighting(
                Row(fields: row.fields, columns: columns), location: location, timeZone: timeZone, now: now,
                known: &known)
            // The same species twice on one checklist is one sighting.
            if seen.insert(sighting.id).inserted { records.append(sighting) }
            if Taxonomy.world.match(name: sighting.name, scientificName: sighting.details.scientificName) == .unmatched
            {
                if let index = unmatchedIndex[sighting.name] {
                    unmatched[index].rows += 1
                } else {
                    unmatchedIndex[sighting.name] = unmatched.count
                    unmatched.append((sighting.name, row.line, 1))
                }
            }
        }
        var batch = ImportBatch(records, existing: .keep)
        batch.warnings = unmatched.map { entry in
            let more = entry.rows > 1 ? " and \(entry.rows - 1) more" : ""
            return "line \(entry.line)\(more) (“\(entry.name)”): no species of the taxonomy has this name; imported "
                + "as it is, not counted on the life list until it is matched (lists birds match)"
        }
        return batch
    }

    /// One row's fields by column name; a column the row stops short of is empty.
    private struct Row {
        let fields: [String]
        let columns: [String: Int]

        subscript(_ name: String) -> String {
            guard let index = columns[name], index < fields.count else { return "" }
            return fields[index].trimmingWhitespace()
        }

        /// Whether the row reaches the column `name`.
        func has(_ name: String) -> Bool { columns[name].map { $0 < fields.count } ?? false }
    }

    /// What rows of one download repeat, read once: a checklist's date and time are its every row's, and a
    /// birder's few places give every row its coordinates.
    private struct Known {
        var dates: [String: Date] = [:]
        var coordinates: [String: Decimal] = [:]
    }

    private static func sighting(
        _ row: Row, location: String, timeZone: TimeZone, now: Date, known: inout Known
    ) throws -> BirdSighting {
        for name in requiredColumns {
            guard row.has(name) else {
                throw ImportError(location, field: name, "is missing: the line has only \(row.fields.count) fields")
            }
        }
        let submission = row["Submission ID"]
        guard !submission.isEmpty else { throw ImportError(location, field: "Submission ID", "is empty") }
        let name = try ImportError.at(location, field: "Common Name") {
            try BirdSighting.validName(ImportedText.oneLine(row["Common Name"]))
        }
        let place = try ImportError.at(location, field: "Location") {
            try BirdSighting.validLocation(cut(row["Location"]))
        }
        let countText = row["Count"]
        var count: BirdCount?
        if !countText.isEmpty {
            guard let parsed = BirdCount(countText) else {
                throw ImportError(
                    location, field: "Count", "\(Quoted(countText)) is not a count; use \(BirdCount.allowed)")
            }
            count = parsed
        }
        let moment = row["Date"] + "\u{1F}" + row["Time"]
        let date: Date
        if let seen = known.dates[moment] {
            date = seen
        } else {
            date = try self.date(row["Date"], time: row["Time"], location: location, timeZone: timeZone)
            known.dates[moment] = date
        }
        func coordinate(_ field: String) throws -> Decimal? {
            let text = row[field]
            if let seen = known.coordinates[text] { return seen }
            let value = try Self.coordinate(text, field, location)
            if let value { known.coordinates[text] = value }
            return value
        }
        let scientificName = ImportedText.oneLine(row["Scientific Name"]).nilIfEmpty
        let details = SightingDetails(
            count: count, scientificName: scientificName,
            latitude: try coordinate("Latitude"), longitude: try coordinate("Longitude"),
            comments: cut(row["Observation Details"]))
        let checked = try ImportError.at(location) { try details.validated() }
        let id = StableID.make("ebird", submission, row["Scientific Name"].nilIfEmpty ?? name)
        let dated = try ImportError.at(location, field: "Date") { try BirdSighting.validDate(date, now: now) }
        return BirdSighting(
            meta: RecordMeta(id: id, createdAt: now.roundedToMilliseconds), name: name, location: place, date: dated,
            details: checked)
    }

    private static func coordinate(_ text: String, _ field: String, _ location: String) throws -> Decimal? {
        guard !text.isEmpty else { return nil }
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")),
            text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") })
        else { throw ImportError(location, field: field, "\(Quoted(text)) is not a number of degrees") }
        return value
    }

    /// Text on one line, cut to what Lists keeps; `nil` when empty.
    private static func cut(_ text: String) -> String? {
        let flat = ImportedText.oneLine(text).trimmingWhitespace()
        guard !flat.isEmpty else { return nil }
        return flat.count > TextRule.maximumLength ? String(flat.prefix(TextRule.maximumLength - 1)) + "…" : flat
    }

    /// `2023-05-14` and `07:30 AM` (or no time: noon) in `timeZone`.
    private static func date(_ day: String, time: String, location: String, timeZone: TimeZone) throws -> Date {
        var clock = "12:00"
        if !time.isEmpty {
            let parts = time.split(separator: " ")
            let hm = parts.first?.split(separator: ":").compactMap { Int($0) } ?? []
            guard hm.count == 2, (0...23).contains(hm[0]), (0...59).contains(hm[1]), parts.count <= 2 else {
                throw ImportError(location, field: "Time", "\(Quoted(time)) is not a time like 07:30 AM")
            }
            var hour = hm[0]
            if parts.count == 2 {
                let half = parts[1].uppercased()
                guard half == "AM" || half == "PM", (1...12).contains(hour) else {
                    throw ImportError(location, field: "Time", "\(Quoted(time)) is not a time like 07:30 AM")
                }
                hour = hour % 12 + (half == "PM" ? 12 : 0)
            }
            clock = String(format: "%02d:%02d", hour, hm[1])
        }
        do {
            return try SightingDate.parse("\(day)T\(clock)", timeZone: timeZone)
        } catch let error as ValidationError {
            throw ImportError(location, field: "Date", error.message)
        }
    }

    /// The sightings in the eBird Record Format: 19 columns (A to S), no header row, no commas or quotes inside
    /// values (a comma becomes a semicolon, a quote is dropped). Sightings without a count are `X`.
    public static func write(_ sightings: [BirdSighting], timeZone: TimeZone = .current) -> [UInt8] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var text = ""
        for sighting in sightings {
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: sighting.date)
            let scientific = sighting.details.scientificName?.split(separator: " ").map(String.init) ?? []
            let columns: [String] = [
                sighting.name, scientific.first ?? "", scientific.dropFirst().joined(separator: " "),
                sighting.details.count?.description ?? "X", sighting.details.comments ?? "", sighting.location ?? "",
                sighting.details.latitude.map { "\($0)" } ?? "", sighting.details.longitude.map { "\($0)" } ?? "",
                String(format: "%02d/%02d/%04d", parts.month ?? 1, parts.day ?? 1, parts.year ?? 1970),
                String(format: "%02d:%02d", parts.hour ?? 12, parts.minute ?? 0), "", "", "incidental", "1", "", "N",
                "", "", "Exported from Lists",
            ]
            text += columns.map(clean).joined(separator: ",") + "\n"
        }
        return Array(text.utf8)
    }

    private static func clean(_ value: String) -> String {
        value.replacingOccurrences(of: ",", with: ";").replacingOccurrences(of: "\"", with: "")
    }
}

extension String {
    /// `nil` for the empty string.
    var nilIfEmpty: String? { isEmpty ? nil : self }
}

/// Ids made from what identifies a record in another program, so that importing it again finds the same
/// record: a UUID (version 8, RFC 9562's custom form) from two FNV-1a hashes of the parts.
enum StableID {
    static func make(_ parts: String...) -> UUID {
        let bytes = Array(parts.joined(separator: "\u{1F}").utf8)
        func fnv(_ seed: UInt64) -> UInt64 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
            return hash
        }
        var raw =
            withUnsafeBytes(of: fnv(0).bigEndian, Array.init)
            + withUnsafeBytes(of: fnv(0x9E37_79B9).bigEndian, Array.init)
        raw[6] = raw[6] & 0x0F | 0x80
        raw[8] = raw[8] & 0x3F | 0x80
        return UUID(
            uuid: (
                raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7], raw[8], raw[9], raw[10],
                raw[11], raw[12], raw[13], raw[14], raw[15]
            ))
    }
}
