import Foundation
import ListsModel

/// eBird's files: the "My eBird Data" download (`MyEBirdData.csv`) read in and written back in its own shape, and
/// the eBird Record Format (the spreadsheet eBird's import takes) written out.
///
/// eBird leaves out a row's trailing empty columns (a sighting without breeding code, details, checklist
/// comments or media has 19 fields of the header's 23), so a row with fewer fields reads them as empty; one with
/// more than the header is refused. Columns are found by their header names, so a download from before eBird
/// added a column reads too. Common names come in the observer's eBird language.
///
/// eBird gives dates and times as the observer's local time without a zone; Lists reads them in `timeZone`
/// (the household's) and writes them back the same way. A sighting imported from eBird has an id made from its
/// checklist (Submission ID) and species, so importing the same download twice adds nothing. Each sighting keeps its
/// row as the file had it (``BirdSighting/ebirdRow``): the columns Lists has no field for (submission, state,
/// county, location id, protocol, duration, distance, area, observers, breeding code, checklist comments, media) are
/// written back from it, and a row whose sighting has not changed is written back byte for byte. Observation
/// Details become the sighting's comments, lines and all; a location, or comments, longer than Lists keeps (200
/// characters, 2,000) is cut with "…" on the sighting and kept whole in its row. A row whose species the taxonomy
/// does not have (by scientific name, else by common name) is imported all the same, and named in the batch's
/// warnings.
public enum EBird {
    /// The header of My eBird Data, 23 columns from Submission ID to ML Catalog Numbers.
    public static let downloadHeader = [
        "Submission ID", "Common Name", "Scientific Name", "Taxonomic Order", "Count", "State/Province", "County",
        "Location ID", "Location", "Latitude", "Longitude", "Date", "Time", "Protocol", "Duration (Min)",
        "All Obs Reported", "Distance Traveled (km)", "Area Covered (ha)", "Number of Observers", "Breeding Code",
        "Observation Details", "Checklist Comments", "ML Catalog Numbers",
    ]

    /// The columns a sighting cannot be made without.
    static let requiredColumns: [Column] = [.submission, .commonName, .date]

    /// The download's columns, in its header's order (``downloadHeader`` names them).
    enum Column: Int, CaseIterable {
        case submission, commonName, scientificName, taxonomicOrder, count, region, county, locationID, location
        case latitude, longitude, date, time, protocolName, duration, allReported, distance, area, observers
        case breedingCode, details, checklistComments, media

        /// Its name in the header.
        var name: String { EBird.downloadHeader[rawValue] }
    }

    /// Where each column is in a download of the header `names`: an index, or `nil` for one it lacks.
    static func positions(in names: [String]) -> [Int?] {
        var columns: [String: Int] = [:]
        for (index, name) in names.enumerated() where columns[name] == nil { columns[name] = index }
        return Column.allCases.map { columns[$0.name] }
    }

    /// The Submission ID the download export gives a sighting made in Lists: `Lists-` and its id, which an import
    /// reads back as the id, so that importing the export again adds nothing.
    static let madeHerePrefix = "Lists-"

    /// Where each column is in a download with today's header.
    static let downloadColumns = positions(in: downloadHeader)

    /// How many columns the shortest row of a download has, up to Number of Observers: eBird leaves out the empty
    /// ones after it.
    static let shortestRow = Column.observers.rawValue + 1

    /// The sightings of a My eBird Data download.
    ///
    /// With a `feed`, the sightings go to it 1,000 at a time as they are read, not into the batch returned (which
    /// then holds only the warnings): ``ImportBatch/apply(_:to:existing:estimate:taskList:progress:reading:)``.
    /// - Throws: ``ImportError`` naming the line and column.
    public static func read(_ bytes: [UInt8], timeZone: TimeZone = .current, feed: ImportFeed<BirdSighting>? = nil)
        throws -> ImportBatch
    {
        var reader = try CSV.ByteRows(bytes)
        let names = try reader.next()?.fields.map { $0.trimmingWhitespace() } ?? []
        let columns = positions(in: names)
        guard requiredColumns.allSatisfy({ columns[$0.rawValue] != nil }) else {
            throw ImportError(
                "line 1", field: "header",
                "must be My eBird Data's header row (Submission ID, Common Name, ... ML Catalog Numbers); "
                    + "Submission ID, Common Name and Date are needed")
        }
        // A row of a download with eBird's own header is kept as it is; one of another header (an older download)
        // is kept as eBird writes it now, its columns in today's order.
        let isCurrentHeader = names == downloadHeader
        var records: [BirdSighting] = []
        records.reserveCapacity(feed == nil ? bytes.count / 180 : 1_000)
        var seen = Set<UUID>()
        // Each name and scientific name, with its first line and how many rows have it: matched once each at the
        // end, while the taxonomy is read on another thread meanwhile.
        var seenNames: [NameAndSpecies: (line: Int, rows: Int)] = [:]
        DispatchQueue.global().async { _ = Taxonomy.world }
        var known = Known()
        let now = Date()
        while let row = try reader.next() {
            let location = "line \(row.line)"
            guard row.fields.count <= names.count else {
                throw ImportError(
                    location, field: "file",
                    "has \(row.fields.count) fields; the header has \(names.count), from \(names.first ?? "") to "
                        + (names.last ?? ""))
            }
            let fields = Row(fields: row.fields, columns: columns)
            var sighting = try self.sighting(fields, location: location, timeZone: timeZone, now: now, known: &known)
            sighting.ebirdRow =
                isCurrentHeader
                ? reader.text(of: row) : encode(Column.allCases.map { fields.raw($0) }, trimmed: true)
            // Counted in scalars, as the store's check counts, only when its bytes could be too many.
            if let kept = sighting.ebirdRow, kept.utf8.count > BirdSighting.maximumRowLength,
                kept.unicodeScalars.count > BirdSighting.maximumRowLength
            {
                throw ImportError(
                    location, field: "file",
                    "the row is longer than \(BirdSighting.maximumRowLength) characters, more than Lists keeps")
            }
            // The same species twice on one checklist is one sighting.
            if seen.insert(sighting.id).inserted { records.append(sighting) }
            if let feed, records.count == 1_000 {
                feed.send(records)
                records.removeAll(keepingCapacity: true)
            }
            let pair = NameAndSpecies(name: sighting.name, scientificName: sighting.details.scientificName)
            seenNames[pair, default: (row.line, 0)].rows += 1
        }
        // The names no species of the taxonomy has: imported as they are, and reported once each, in file order.
        var unmatched: [(name: String, line: Int, rows: Int)] = []
        var unmatchedIndex: [String: Int] = [:]
        for (key, seen) in seenNames.sorted(by: { $0.value.line < $1.value.line })
        where Taxonomy.world.match(name: key.name, scientificName: key.scientificName) == .unmatched {
            if let index = unmatchedIndex[key.name] {
                unmatched[index].rows += seen.rows
            } else {
                unmatchedIndex[key.name] = unmatched.count
                unmatched.append((key.name, seen.line, seen.rows))
            }
        }
        feed?.send(records)
        var batch = ImportBatch(feed == nil ? records : [], existing: .keep)
        batch.warnings = unmatched.map { entry in
            let more = entry.rows > 1 ? " and \(entry.rows - 1) more" : ""
            return "line \(entry.line)\(more) (“\(entry.name)”): no species of the taxonomy has this name; imported "
                + "as it is, not counted on the life list until it is matched (lists birds match)"
        }
        return batch
    }

    /// A sighting's name and scientific name: what its species is matched by.
    private struct NameAndSpecies: Hashable {
        let name: String
        let scientificName: String?
    }

    /// One row's fields by column; a column the row stops short of, or the file lacks, is empty.
    private struct Row {
        let fields: [String]
        /// Where each ``Column`` is in the file (``positions(in:)``).
        let columns: [Int?]

        /// The field of `column`, trimmed.
        subscript(_ column: Column) -> String { raw(column).trimmingWhitespace() }

        /// The field of `column` as the file has it.
        func raw(_ column: Column) -> String {
            guard let index = columns[column.rawValue], index < fields.count else { return "" }
            return fields[index]
        }

        /// Whether the row reaches `column`.
        func has(_ column: Column) -> Bool { columns[column.rawValue].map { $0 < fields.count } ?? false }
    }

    /// What rows of one download repeat, read once: a checklist's date and time are its every row's, and a
    /// birder's few places give every row its coordinates.
    private struct Known {
        var dates: [String: Date] = [:]
        /// Each place's latitude and longitude, checked.
        var places: [Place: (latitude: Decimal?, longitude: Decimal?)] = [:]

        struct Place: Hashable {
            let latitude: String
            let longitude: String
        }
    }

    private static func sighting(
        _ row: Row, location: String, timeZone: TimeZone, now: Date, known: inout Known
    ) throws -> BirdSighting {
        for column in requiredColumns {
            guard row.has(column) else {
                throw ImportError(
                    location, field: column.name, "is missing: the line has only \(row.fields.count) fields")
            }
        }
        let submission = row[.submission]
        guard !submission.isEmpty else { throw ImportError(location, field: "Submission ID", "is empty") }
        let name = try ImportError.at(location, field: "Common Name") {
            try BirdSighting.validName(ImportedText.oneLine(row[.commonName]))
        }
        let place = try ImportError.at(location, field: "Location") {
            try BirdSighting.validLocation(cut(ImportedText.oneLine(row[.location]), to: TextRule.maximumLength))
        }
        let countText = row[.count]
        var count: BirdCount?
        if !countText.isEmpty {
            guard let parsed = BirdCount(countText) else {
                throw ImportError(
                    location, field: "Count", "\(Quoted(countText)) is not a count; use \(BirdCount.allowed)")
            }
            count = parsed
        }
        let (day, time) = (row[.date], row[.time])
        let moment = day + "\u{1F}" + time
        let date: Date
        if let seen = known.dates[moment] {
            date = seen
        } else {
            date = try self.date(day, time: time, location: location, timeZone: timeZone)
            known.dates[moment] = date
        }
        let spot = Known.Place(latitude: row[.latitude], longitude: row[.longitude])
        let coordinates: (latitude: Decimal?, longitude: Decimal?)
        if let seen = known.places[spot] {
            coordinates = seen
        } else {
            let read = SightingDetails(
                latitude: try Self.coordinate(spot.latitude, "Latitude", location),
                longitude: try Self.coordinate(spot.longitude, "Longitude", location))
            let checked = try ImportError.at(location) { try read.validated() }
            coordinates = (checked.latitude, checked.longitude)
            known.places[spot] = coordinates
        }
        let scientificName = ImportedText.oneLine(row[.scientificName]).nilIfEmpty
        let checked = try ImportError.at(location) {
            SightingDetails(
                count: count, scientificName: try BirdSighting.Fields.scientificName.checked(scientificName),
                latitude: coordinates.latitude, longitude: coordinates.longitude,
                comments: try BirdSighting.Fields.comments.checked(comments(row[.details])))
        }
        let id =
            madeHereID(submission) ?? StableID.make("ebird", submission, row[.scientificName].nilIfEmpty ?? name)
        let dated = try ImportError.at(location, field: "Date") { try BirdSighting.validDate(date, now: now) }
        return BirdSighting(
            meta: RecordMeta(id: id, createdAt: now.roundedToMilliseconds), name: name, location: place, date: dated,
            details: checked)
    }

    /// The id a Submission ID the download export gave a sighting made in Lists names.
    private static func madeHereID(_ submission: String) -> UUID? {
        guard submission.hasPrefix(madeHerePrefix) else { return nil }
        return UUID(text: String(submission.dropFirst(madeHerePrefix.count)))
    }

    private static func coordinate(_ text: String, _ field: String, _ location: String) throws -> Decimal? {
        guard !text.isEmpty else { return nil }
        guard let value = Decimal(string: text, locale: .posix),
            text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") })
        else { throw ImportError(location, field: field, "\(Quoted(text)) is not a number of degrees") }
        return value
    }

    /// `text` cut to `limit` characters (and as many Unicode scalars) with "…"; `nil` when empty.
    private static func cut(_ text: String, to limit: Int) -> String? {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { return nil }
        guard trimmed.unicodeScalars.count > limit else { return trimmed }
        var kept = String.UnicodeScalarView(trimmed.unicodeScalars.prefix(limit - 1))
        // A character of several scalars cut in two is left out whole.
        while String(kept).count > limit - 1 { kept.removeLast() }
        kept.append("…")
        return String(kept)
    }

    /// Observation Details as a sighting's comments: several lines (line ends made `\n`, other control characters
    /// read as spaces), cut to the 2,000 characters comments have.
    private static func comments(_ text: String) -> String? {
        guard !text.isEmpty else { return nil }
        var scalars = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            if scalar == "\n" && previous == "\r" { continue }
            if scalar == "\r" || scalar == "\n" {
                scalars.append("\n")
            } else if scalar != "\t" && TextRule.isForbidden(scalar) {
                if scalar.properties.generalCategory != .format { scalars.append(" ") }
            } else {
                scalars.append(scalar)
            }
        }
        return cut(String(scalars), to: commentsLimit)
    }

    /// The most characters a sighting's comments have.
    static let commentsLimit = 2_000

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

    // MARK: - Writing

    /// The sightings as My eBird Data: eBird's byte-order mark, its header and CR LF line ends. A sighting imported
    /// from a download and not changed since is its row as the file had it; a changed one is its row with the
    /// columns Lists keeps (name, scientific name, count, location, coordinates, date, time, observation details)
    /// written from the sighting, the others as they were (the taxonomic order left empty when the species
    /// changed); one made in Lists has the Submission ID `Lists-` and its id, and only the columns Lists keeps.
    public static func writeDownload(_ sightings: [BirdSighting], timeZone: TimeZone = .current) -> [UInt8] {
        var output: [UInt8] = ImportedText.byteOrderMark
        output += Array((encode(downloadHeader) + "\r\n").utf8)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var known = Known()
        let now = Date.distantFuture
        for sighting in sightings {
            var fields: [String]
            if let kept = sighting.ebirdRow, let keptFields = try? CSV.ByteRows.fields(of: kept) {
                let read = try? self.sighting(
                    Row(fields: keptFields, columns: downloadColumns), location: "", timeZone: timeZone, now: now,
                    known: &known)
                if let read, isUnchanged(sighting, read) {
                    output += Array(kept.utf8)
                    output += [0x0D, 0x0A]
                    continue
                }
                fields = keptFields + Array(repeating: "", count: max(0, downloadHeader.count - keptFields.count))
                // eBird's number for the species the row named, not for another.
                if read?.details.scientificName != sighting.details.scientificName {
                    fields[Column.taxonomicOrder.rawValue] = ""
                }
            } else {
                fields = Array(repeating: "", count: downloadHeader.count)
                fields[Column.submission.rawValue] = madeHerePrefix + sighting.id.uuidString
            }
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: sighting.date)
            let hour = parts.hour ?? 12
            let written: [(Column, String)] = [
                (.commonName, sighting.name), (.scientificName, sighting.details.scientificName ?? ""),
                (.count, sighting.details.count?.description ?? ""), (.location, sighting.location ?? ""),
                (.latitude, sighting.details.latitude.map(\.plainText) ?? ""),
                (.longitude, sighting.details.longitude.map(\.plainText) ?? ""),
                (.date, String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)),
                (
                    .time,
                    String(format: "%02d:%02d %@", (hour + 11) % 12 + 1, parts.minute ?? 0, hour < 12 ? "AM" : "PM")
                ),
                (.details, sighting.details.comments ?? ""),
            ]
            for (column, value) in written { fields[column.rawValue] = value }
            output += Array(encode(fields, trimmed: true).utf8)
            output += [0x0D, 0x0A]
        }
        return output
    }

    /// Whether `sighting` still says what its kept row says (`read`, the row read again): its name, place, date
    /// and details, a scientific name Lists filled from the taxonomy for a row without one counting as unchanged.
    private static func isUnchanged(_ sighting: BirdSighting, _ read: BirdSighting) -> Bool {
        guard sighting.name == read.name, sighting.location == read.location, sighting.date == read.date else {
            return false
        }
        var details = read.details
        if details.scientificName == nil, let filled = sighting.details.scientificName,
            case .species(let species) = Taxonomy.world.match(name: sighting.name), species.scientificName == filled
        {
            details.scientificName = filled
        }
        return details == sighting.details
    }

    /// `fields` as one CSV row, each quoted when it holds a comma, a quote or a line break; `trimmed`, without the
    /// empty columns after the ``shortestRow`` that eBird leaves out.
    static func encode(_ fields: [String], trimmed: Bool = false) -> String {
        var fields = fields
        while trimmed, fields.count > shortestRow, fields.last?.isEmpty == true { fields.removeLast() }
        return fields.map(CSV.field).joined(separator: ",")
    }

    /// The sightings in the eBird Record Format: 19 columns (A to S), no header row, no commas or quotes inside
    /// values (a comma becomes a semicolon, a quote is dropped, a line break a space). A sighting without a count is
    /// `X`. A sighting imported from a download gives its checklist's state and country (K, L), protocol (M),
    /// observers (N), duration (O), whether all species were reported (P), distance in miles (Q), area in acres (R)
    /// and comments (S); one made in Lists is an incidental observation by one observer.
    public static func write(_ sightings: [BirdSighting], timeZone: TimeZone = .current) -> [UInt8] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var text = ""
        for sighting in sightings {
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: sighting.date)
            let scientific = sighting.details.scientificName?.split(separator: " ").map(String.init) ?? []
            var checklist = ["", "", "incidental", "1", "", "N", "", "", "Exported from Lists"]
            if let kept = sighting.ebirdRow, let fields = try? CSV.ByteRows.fields(of: kept) {
                checklist = self.checklist(Row(fields: fields, columns: downloadColumns))
            }
            let columns: [String] =
                [
                    sighting.name, scientific.first ?? "", scientific.dropFirst().joined(separator: " "),
                    sighting.details.count?.description ?? "X", sighting.details.comments ?? "",
                    sighting.location ?? "", sighting.details.latitude.map(\.plainText) ?? "",
                    sighting.details.longitude.map(\.plainText) ?? "",
                    String(format: "%02d/%02d/%04d", parts.month ?? 1, parts.day ?? 1, parts.year ?? 1970),
                    String(format: "%02d:%02d", parts.hour ?? 12, parts.minute ?? 0),
                ] + checklist
            text += columns.map(clean).joined(separator: ",") + "\n"
        }
        return Array(text.utf8)
    }

    /// Columns K to S of the Record Format from a download's row: state, country, protocol, observers, duration,
    /// all reported, miles, acres, checklist comments.
    private static func checklist(_ row: Row) -> [String] {
        let region = row[.region].split(separator: "-", maxSplits: 1).map(String.init)
        let protocolName = row[.protocolName].lowercased()
        let kind =
            ["traveling", "stationary", "area", "historical"].first { protocolName.contains($0) } ?? "incidental"
        func converted(_ column: Column, by factor: Double) -> String {
            guard let value = Double(row[column]) else { return "" }
            return String(format: "%.3f", value * factor)
        }
        return [
            region.count == 2 ? region[1] : "", region.first ?? "", kind, row[.observers],
            row[.duration], row[.allReported] == "1" ? "Y" : "N",
            converted(.distance, by: 1 / 1.609344), converted(.area, by: 2.471054),
            row[.checklistComments],
        ]
    }

    private static func clean(_ value: String) -> String {
        String(
            value.map { $0 == "," ? ";" : $0.isNewline ? " " : $0 }.filter { $0 != "\"" })
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
        // FNV-1a over the parts' bytes with a unit separator between them, two seeds at once.
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0xcbf2_9ce4_8422_2325 ^ 0x9E37_79B9
        func add(_ byte: UInt8) {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        for (index, part) in parts.enumerated() {
            if index > 0 { add(0x1F) }
            for byte in part.utf8 { add(byte) }
        }
        var raw =
            withUnsafeBytes(of: first.bigEndian, Array.init)
            + withUnsafeBytes(of: second.bigEndian, Array.init)
        raw[6] = raw[6] & 0x0F | 0x80
        raw[8] = raw[8] & 0x3F | 0x80
        return UUID(
            uuid: (
                raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7], raw[8], raw[9], raw[10],
                raw[11], raw[12], raw[13], raw[14], raw[15]
            ))
    }
}
