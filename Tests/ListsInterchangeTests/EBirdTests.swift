import Foundation
import ListsInterchange
import ListsModel
import ListsSQLite
import Testing

/// Paris's time zone: the fixture's French sightings are read as an observer there would.
private let paris = TimeZone(identifier: "Europe/Paris") ?? .current

/// The instant of local time `text` (`2023-05-14T07:30`) in `zone`.
private func local(_ text: String, _ zone: TimeZone) throws -> Date { try SightingDate.parse(text, timeZone: zone) }

/// `text` read as My eBird Data, expecting a refusal.
private func refusal(_ text: String) -> ImportError? {
    do {
        let batch = try EBird.read(Array(text.utf8), timeZone: paris)
        Issue.record("read \(batch.count) sightings instead of refusing")
    } catch let error as ImportError {
        return error
    } catch {
        Issue.record("threw \(error)")
    }
    return nil
}

/// The download's header line.
private let header = EBird.downloadHeader.joined(separator: ",")

@Suite("My eBird Data as eBird writes it: short rows, quoted commas, French names, CRLF, a byte-order mark")
struct EBirdTests {
    @Test func aRowWhoseSpeciesTheTaxonomyLacksIsImportedUnmatchedAndReported() throws {
        let rows = [
            "S1,Dodo Bird,Raphus imaginarius,1,1,FR-IDF,Paris,L1,Parc,48.8,2.3,2023-05-14,07:30 AM",
            "S1,Merle d'Amérique,,27500,X,FR-IDF,Paris,L1,Parc,48.8,2.3,2023-05-14,07:30 AM",
            "S1,goéland sp.,Larinae sp.,9000,2,FR-IDF,Paris,L1,Parc,48.8,2.3,2023-05-14,07:30 AM",
            "S2,Dodo Bird,Raphus imaginarius,1,3,FR-IDF,Paris,L1,Parc,48.8,2.3,2023-05-15,07:30 AM",
        ]
        let batch = try EBird.read(Array(([header] + rows).joined(separator: "\r\n").utf8), timeZone: paris)
        #expect(batch.count == 4)
        #expect(
            batch.warnings == [
                "line 2 and 1 more (“Dodo Bird”): no species of the taxonomy has this name; imported as it is, not "
                    + "counted on the life list until it is matched (lists birds match)"
            ])
        let store = try emptyStore()
        let summary = try batch.apply(to: store)
        #expect(summary.added == 4)
        #expect(summary.warnings == batch.warnings)
        let life = try BirdSightingLog(store: store).lifeList()
        #expect(life.species.map(\.species.englishName) == ["American Robin"])
        #expect(life.species.first?.first.details.count == .present)
        #expect(life.uncounted == [NamedSightings(name: "goéland sp.", sightings: 1)])
        #expect(life.unmatched == [NamedSightings(name: "Dodo Bird", sightings: 2)])
    }

    @Test func aRealDownloadReadsEveryRowWhateverItsNumberOfFields() throws {
        let bytes = try Fixture.bytes("MyEBirdData.csv")
        #expect(InterchangeFormat.detect(fileName: "MyEBirdData.csv", bytes: bytes) == .ebird)
        let sightings = try EBird.read(bytes, timeZone: paris).sightings
        #expect(
            sightings.map(\.name) == [
                "Mésange charbonnière", "Rougegorge familier", "Pic épeiche", "Héron cendré", "Grand Cormoran",
                "Bernache du Canada", "Canard colvert",
            ])
        #expect(sightings.map { $0.details.count?.description } == ["3", "X", "1", "2", "14", "120", "7"])
        #expect(sightings[0].location == "Jardin du Luxembourg")
        #expect(sightings[0].details.scientificName == "Parus major")
        #expect(sightings[0].date == (try local("2023-05-14T07:30", paris)))
        #expect(sightings[3].location == "Parc de la Tête d'Or, Lyon FR-ARA 45.7772, 4.8559")
        #expect(sightings[3].date == (try local("2023-06-02T18:05", paris)))
        #expect(sightings[5].details.longitude == Decimal(string: "-73.5996"))
        // No time (an incidental sighting): noon.
        #expect(sightings[5].date == (try local("2023-10-21T12:00", paris)))
    }

    @Test func observationDetailsWithCommasAndALineBreakAreTheCommentsLinesAndAll() throws {
        let sightings = try EBird.read(try Fixture.bytes("MyEBirdData.csv"), timeZone: paris).sightings
        #expect(
            sightings.map(\.details.comments) == [
                nil, nil, "Tambourine près de l'Orangerie, côté ouest", nil,
                "Sur l'île du lac ;\ndeux nids occupés",
                nil,
                nil,
            ])
    }

    @Test func importingTheSameDownloadTwiceAddsNothing() throws {
        let store = try emptyStore()
        let bytes = try Fixture.bytes("MyEBirdData.csv")
        #expect(try InterchangeFormat.ebird.read(bytes).apply(to: store) == ImportSummary(added: 7))
        let before = try StoreContents(store)
        #expect(try InterchangeFormat.ebird.read(bytes).apply(to: store) == ImportSummary(unchanged: 7))
        #expect(try StoreContents(store) == before)
        // The id is made from the checklist and the species as every version of Lists made it, so that a download
        // imported by an earlier one is found too.
        #expect(before.sightings.first?.id.uuidString == "0C4CBFA4-36E2-866A-9C38-81C686788377")
    }

    @Test func aDownloadWithoutTheLaterColumnsReadsToo() throws {
        let old = EBird.downloadHeader.dropLast().joined(separator: ",")
        let text =
            old + "\nS1,Robin,Turdus migratorius,1,2,US-NY,Kings,L1,Prospect Park,40.66,-73.97,2023-04-01,08:15 AM\n"
        let sightings = try EBird.read(Array(text.utf8), timeZone: paris).sightings
        #expect(sightings.map(\.name) == ["Robin"])
    }

    @Test func aRowWithMoreFieldsThanTheHeaderIsRefusedByLine() {
        let row =
            "S1,Robin,Turdus migratorius,1,2,US-NY,Kings,L1,Park,40.66,-73.97,2023-04-01,08:15 AM"
            + String(repeating: ",", count: 10) + ",one too many"
        #expect(
            refusal("\(header)\r\n\(row)\r\n")
                == ImportError(
                    "line 2", field: "file",
                    "has 24 fields; the header has 23, from Submission ID to ML Catalog Numbers"))
    }

    @Test func aRowThatStopsBeforeTheDateIsRefusedNamingTheDate() {
        let error = refusal("\(header)\nS1,Robin,Turdus migratorius,1,2,US-NY,Kings,L1,Park,40.66,-73.97\n")
        #expect(error == ImportError("line 2", field: "Date", "is missing: the line has only 11 fields"))
    }

    @Test func aHeaderWithoutTheNeededColumnsIsRefused() {
        let error = refusal("Submission ID,Name,When\nS1,Robin,2023-04-01\n")
        #expect(error?.location == "line 1")
        #expect(error?.field == "header")
    }

    @Test func aTabInANameOrLocationIsReadAsASpace() throws {
        let text =
            "\(header)\nS1,Merle\tnoir,Turdus merula,1,2,FR-IDF,Paris,L1,Jardin\tdes Plantes,48.84,2.36,2023-04-01\n"
        let sightings = try EBird.read(Array(text.utf8), timeZone: paris).sightings
        #expect(sightings.map(\.name) == ["Merle noir"])
        #expect(sightings.map(\.location) == ["Jardin des Plantes"])
    }

    // MARK: - Written back

    /// A store with Paris's time, as its household, that has imported the download `name`.
    private func imported(_ name: String) throws -> SQLiteStore {
        let store = try emptyStore()
        try store.setHouseholdTimeZone("Europe/Paris")
        _ = try InterchangeFormat.ebird.importing(try Fixture.bytes(name), into: store)
        return store
    }

    private func exported(_ store: SQLiteStore, _ format: InterchangeFormat = .ebird) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try format.export(store) { bytes += $0 }
        return bytes
    }

    @Test(arguments: ["MyEBirdData.csv", "MyEBirdData-en.csv"])
    func aDownloadImportedAndExportedUnchangedComesBackByteForByte(name: String) throws {
        let store = try imported(name)
        #expect(try exported(store) == (try Fixture.bytes(name)))
        // Its every column is kept: the submission, the region, the protocol and the effort.
        let sightings = try store.read { try $0.list(BirdSighting.self) }.map(\.record)
        #expect(sightings.allSatisfy { $0.ebirdRow?.hasPrefix("S") == true })
    }

    @Test func aChangedSightingIsWrittenFromItsFieldsAndTheColumnsItKept() throws {
        let store = try imported("MyEBirdData-en.csv")
        let log = BirdSightingLog(store: store)
        try log.edit(.typed("1"), location: "Stewart Park, lighthouse") { $0.count = .number(14) }
        try log.edit(.typed("3"), name: "Robin") { $0.scientificName = "Erithacus rubecula" }
        let lines = String(decoding: try exported(store), as: UTF8.self).components(separatedBy: "\r\n")
        let original = String(decoding: try Fixture.bytes("MyEBirdData-en.csv"), as: UTF8.self)
            .components(separatedBy: "\r\n")
        #expect(lines.count == original.count)
        #expect(
            lines[1]
                == "S57460512,Canada Goose,Branta canadensis,327,14,US-NY,Tompkins,L99381,"
                + "\"Stewart Park, lighthouse\",42.4613556,-76.5050434,2019-06-22,07:02 AM,eBird - Traveling Count,95,1,"
                + "2.414,,2")
        // Another species: its taxonomic order, eBird's number for the old one, is left empty.
        #expect(
            lines[3]
                == "S57460512,Robin,Erithacus rubecula,,4,US-NY,Tompkins,L99381,Stewart Park,42.4613556,-76.5050434,"
                + "2019-06-22,07:02 AM,eBird - Traveling Count,95,1,2.414,,2,NY Nest with Young (Confirmed)")
        #expect(Array(lines[2...]).filter { $0 != lines[3] } == Array(original[2...]).filter { $0 != original[3] })
    }

    @Test func aSightingMadeInListsGoesOutAndComesBackAsItself() throws {
        let store = try imported("MyEBirdData.csv")
        let log = BirdSightingLog(store: store)
        let robin = try log.add(
            name: "American Robin", location: "Parc Monceau", date: try local("2026-03-01T08:45", paris),
            details: SightingDetails(
                count: .number(2), latitude: Decimal(string: "48.8797"), longitude: Decimal(string: "2.3091"),
                comments: "Singing\non the lawn")
        ).record
        let bytes = try exported(store)
        let last = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n").dropLast().last
        #expect(
            last
                == "Lists-\(robin.id.uuidString),American Robin,Turdus migratorius,,2,,,,Parc Monceau,48.8797,2.3091,"
                + "2026-03-01,08:45 AM,,,,,,,,\"Singing\non the lawn\"")
        // Imported again, it is the same sighting; into another household, the same file comes back.
        #expect(try InterchangeFormat.ebird.importing(bytes, into: store) == ImportSummary(unchanged: 8))
        let other = try emptyStore()
        try other.setHouseholdTimeZone("Europe/Paris")
        _ = try InterchangeFormat.ebird.importing(bytes, into: other)
        #expect(try exported(other) == bytes)
        #expect(
            try BirdSightingLog(store: other).sighting(.id(robin.id)).record.details.comments == robin.details.comments)
    }

    @Test func anOlderDownloadsRowsAreKeptInTodaysColumns() throws {
        let old = EBird.downloadHeader.dropLast().joined(separator: ",")
        let text =
            "\(old)\nS1,American Robin,Turdus migratorius,29473,2,US-NY,Kings,L1,Prospect Park,40.66,-73.97,2023-04-01,"
            + "08:15 AM,eBird - Stationary Count,20,1,,,1,,,\"Sunny, calm\"\n"
        let store = try emptyStore()
        try store.setHouseholdTimeZone("Europe/Paris")
        _ = try InterchangeFormat.ebird.importing(Array(text.utf8), into: store)
        #expect(
            String(decoding: try exported(store), as: UTF8.self)
                == "\u{FEFF}\(header)\r\nS1,American Robin,Turdus migratorius,29473,2,US-NY,Kings,L1,Prospect Park,"
                + "40.66,-73.97,2023-04-01,08:15 AM,eBird - Stationary Count,20,1,,,1,,,\"Sunny, calm\"\r\n")
    }

    @Test func commentsLongerThanASightingKeepsAreCutThereAndKeptWholeInTheRow() throws {
        let long = String(repeating: "Long views over the marsh. ", count: 100)
        let text =
            "\(header)\r\nS1,Mallard,Anas platyrhynchos,544,3,US-NY,Kings,L1,Pond,40.66,-73.97,2023-04-01,"
            + "08:15 AM,Incidental,,0,,,1,,\(long)\r\n"
        let store = try emptyStore()
        _ = try InterchangeFormat.ebird.importing(Array("\u{FEFF}\(text)".utf8), into: store)
        let sighting = try BirdSightingLog(store: store).sighting(.typed("1")).record
        #expect(sighting.details.comments?.count == 2_000)
        #expect(sighting.details.comments?.hasSuffix("…") == true)
        #expect(try exported(store) == Array("\u{FEFF}\(text)".utf8))
    }

    @Test func theRecordFormatCarriesTheChecklistsProtocolEffortAndObservers() throws {
        let store = try imported("MyEBirdData-en.csv")
        let rows = String(decoding: try exported(store, .ebirdRecords), as: UTF8.self).split(separator: "\n")
            .map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.count == 7)
        #expect(rows.allSatisfy { $0.count == 19 })
        // K to S: state, country, protocol, observers, duration, all reported, miles, acres, checklist comments.
        #expect(Array(rows[0][10...]) == ["NY", "US", "traveling", "2", "95", "Y", "1.500", "", ""])
        #expect(rows[0][8...9] == ["06/22/2019", "07:02"])
        #expect(rows[3][18] == "Cool and overcast. Walked the lakeshore trail; back by the lighthouse.")
        #expect(rows[1][4] == "Heard only; check-check calls")
        #expect(Array(rows[4][3...5]) == ["X", "", "Central Park; The Ramble"])
        #expect(Array(rows[4][10...15]) == ["NY", "US", "incidental", "1", "", "N"])
        #expect(Array(rows[5][10...15]) == ["NY", "US", "stationary", "1", "30", "Y"])
        #expect(Array(rows[6][10...17]) == ["NJ", "US", "historical", "3", "120", "Y", "", "0.988"])
        // A sighting made in Lists is an incidental observation by one observer.
        try BirdSightingLog(store: store).add(name: "Blue Jay", date: try local("2026-03-01T08:45", paris))
        let last = String(decoding: try exported(store, .ebirdRecords), as: UTF8.self).split(separator: "\n").last
        #expect(
            last?.hasSuffix(",03/01/2026,08:45,,,incidental,1,,N,,,Exported from Lists") == true)
    }

    @Test func theRecordFormatIsWrittenOnly() {
        #expect(throws: ImportError.self) { try InterchangeFormat.ebirdRecords.read(Array("x".utf8)) }
        #expect(!InterchangeFormat.importable.contains(.ebirdRecords))
        #expect(InterchangeFormat.exportable.contains(.ebirdRecords))
    }

    @Test func aLongDownloadWithABadRowAtItsEndImportsNothing() throws {
        var rows = [header]
        for index in 0..<2_500 {
            rows.append(
                "S\(index),Mallard,Anas platyrhynchos,544,3,US-NY,Kings,L1,Pond,40.66,-73.97,2023-04-01,08:15 AM")
        }
        let good = rows + ["S9,Dodo Bird,,1,1,US-NY,Kings,L1,Pond,40.66,-73.97,2023-04-01,08:15 AM"]
        let store = try emptyStore()
        let summary = try InterchangeFormat.ebird.importing(Array(good.joined(separator: "\r\n").utf8), into: store)
        #expect(summary.added == 2_501)
        #expect(summary.warnings.count == 1)
        #expect(summary.warnings.first?.hasPrefix("line 2502 (“Dodo Bird”)") == true)
        let before = try StoreContents(store)
        let bad =
            [header] + rows.dropFirst().map { "T" + $0.dropFirst() } + [
                "T9,Mallard,,1,-1,US-NY,Kings,L1,Pond,40.66,-73.97,2023-04-01,08:15 AM"
            ]
        let error = #expect(throws: ImportError.self) {
            try InterchangeFormat.ebird.importing(Array(bad.joined(separator: "\n").utf8), into: store)
        }
        #expect(error?.location == "line 2502")
        #expect(error?.field == "Count")
        #expect(try StoreContents(store) == before)
    }

    @Test func aBackupKeepsEachSightingsRow() throws {
        let store = try imported("MyEBirdData-en.csv")
        let backup = try exported(store, .listsJSON)
        let restored = try emptyStore()
        try restored.setHouseholdTimeZone("Europe/Paris")
        _ = try InterchangeFormat.listsJSON.importing(backup, into: restored)
        #expect(try exported(restored) == (try Fixture.bytes("MyEBirdData-en.csv")))
        #expect(try exported(restored, .listsJSON) == backup)
    }
}
