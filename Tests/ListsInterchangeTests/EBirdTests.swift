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
        #expect(life.species.first?.first.record.details.count == .present)
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

    @Test func observationDetailsWithCommasAndALineBreakAreKeptOnOneLine() throws {
        let sightings = try EBird.read(try Fixture.bytes("MyEBirdData.csv"), timeZone: paris).sightings
        #expect(
            sightings.map(\.details.comments) == [
                nil, nil, "Tambourine près de l'Orangerie, côté ouest", nil,
                "Sur l'île du lac ; deux nids occupés",
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
}
