import Foundation
import JSONCodec
import Synchronization
@testable import ListsModel
import Testing

/// Locales and dates as people read them.
@Suite struct ListsFormatTests {
    @Test(
        arguments: [
            ([:], "en_US"),
            (["LANG": "C"], "en_US"),
            (["LANG": "POSIX"], "en_US"),
            (["LANG": "C.UTF-8"], "en_US"),
            (["LANG": ""], "en_US"),
            (["LANG": "de_DE.UTF-8"], "de_DE"),
            (["LANG": "sr_RS@latin"], "sr_RS"),
            (["LC_ALL": "fr_FR.UTF-8", "LC_TIME": "de_DE.UTF-8", "LANG": "en_GB.UTF-8"], "fr_FR"),
            (["LC_TIME": "de_DE.UTF-8", "LANG": "en_GB.UTF-8"], "de_DE"),
            (["LC_ALL": "", "LC_TIME": "", "LANG": "en_GB.UTF-8"], "en_GB"),
        ] as [([String: String], String)])
    func theLocaleComesFromLcAllThenLcTimeThenLang(environment: [String: String], identifier: String) {
        #expect(ListsFormat.locale(environment: environment).identifier == identifier)
    }

    static let utc = TimeZone(identifier: "UTC")

    @Test func aMediumDateInUsEnglishIsTheTutorials() throws {
        let date = Date(timeIntervalSince1970: 1_795_953_600)  // 2026-11-29T12:00:00Z
        let utc = try #require(Self.utc)
        #expect(ListsFormat.mediumDate(date, locale: Locale(identifier: "en_US"), timeZone: utc) == "Nov 29, 2026")
    }

    @Test func aMediumDateFollowsTheLocale() throws {
        let date = Date(timeIntervalSince1970: 1_795_953_600)
        let utc = try #require(Self.utc)
        #expect(ListsFormat.mediumDate(date, locale: Locale(identifier: "de_DE"), timeZone: utc) == "29.11.2026")
    }

    @Test func aMediumDateIsTheDayInTheViewersTimeZone() throws {
        let date = Date(timeIntervalSince1970: 1_796_002_200)  // 2026-11-30T01:30:00Z
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        let utc = try #require(Self.utc)
        let locale = Locale(identifier: "en_US")
        #expect(ListsFormat.mediumDate(date, locale: locale, timeZone: utc) == "Nov 30, 2026")
        #expect(ListsFormat.mediumDate(date, locale: locale, timeZone: newYork) == "Nov 29, 2026")
    }

    @Test(
        arguments: [
            (1_796_017_527.123, "2026-11-30T05:45:27.123Z"),
            (1_796_017_527, "2026-11-30T05:45:27.000Z"),
            (0, "1970-01-01T00:00:00.000Z"),
            (-5_364_662_400, "1800-01-01T00:00:00.000Z"),
        ] as [(Double, String)])
    func timestampsAreIsoUtcWithMilliseconds(seconds: Double, text: String) {
        #expect(ListsFormat.isoTimestamp(Date(timeIntervalSince1970: seconds)) == text)
    }

    /// The integer calendar arithmetic writes what Foundation's ISO 8601 style writes, over 0001 to 9999, on
    /// both sides of 1970 and across leap days and centuries.
    @Test func timestampsAreWhatFoundationWrites() {
        var generator = SystemRandomNumberGenerator()
        let edges: [Int64] = [
            0, -1, 1, 86_399_999, 86_400_000, -86_400_000, 951_782_400_000, 951_868_799_999, 4_107_542_400_000,
            -62_135_596_800_000, 253_402_300_799_999,
        ]
        let random = (0..<2000).map { _ in
            Int64.random(in: -62_135_596_800_000...253_402_300_799_999, using: &generator)
        }
        var wrong: [String] = []
        for milliseconds in edges + random {
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let expected = ListsFormat.foundationTimestamp(date.millisecondsSince1970)
            let text = ListsFormat.isoTimestamp(date)
            if text != expected { wrong.append("\(milliseconds): \(text), not \(expected)") }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(3))")
    }

    /// Random UUIDs are version 4, RFC 4122 variant, and differ.
    @Test func randomUUIDsAreVersionFour() {
        let ids = (0..<1000).map { _ in UUID.random() }
        #expect(Set(ids).count == 1000)
        for id in ids {
            #expect(id.uuid.6 >> 4 == 4)
            #expect(id.uuid.8 >> 6 == 0b10)
        }
    }

    @Test func randomUUIDsMadeOnManyThreadsAtOnceAreAllDifferent() {
        // 16,000 ids: the 4 KiB pool of random bytes is read afresh 62 times, with threads taking from it at once.
        let made = Mutex<[UUID]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let ids = (0..<2000).map { _ in UUID.random() }
            made.withLock { $0 += ids }
        }
        let ids = made.withLock { $0 }
        #expect(ids.count == 16_000)
        #expect(Set(ids).count == 16_000)
        #expect(ids.allSatisfy { $0.uuid.6 >> 4 == 4 && $0.uuid.8 >> 6 == 0b10 })
    }

    @Test func everyMillisecondIsWrittenAsItself() {
        var wrong: [String] = []
        for milliseconds in Int64(1_796_017_527_000)..<1_796_017_528_000 {
            let text = ListsFormat.isoTimestamp(Date(timeIntervalSince1970: Double(milliseconds) / 1000))
            let expected = String(format: ".%03dZ", Int(milliseconds % 1000))
            if !text.hasSuffix(expected) { wrong.append("\(milliseconds): \(text)") }
        }
        let wrongCount = wrong.count
        #expect(wrongCount == 0, "\(wrongCount) of 1000 milliseconds written wrong, e.g. \(wrong.prefix(3))")
    }
}

/// The API's JSON shape of each record, as `ListsFormat.jsonEncoder()` writes it.
@Suite struct RecordJSONTests {
    // Binary fractions, so these tests show the shape whatever happens to timestamps' rounding (tested above).
    static let created = Date(timeIntervalSince1970: 1_796_017_527.125)  // 2026-11-30T05:45:27.125Z
    static let updated = Date(timeIntervalSince1970: 1_796_017_600.5)  // 2026-11-30T05:46:40.500Z

    static func meta(_ id: String) throws -> RecordMeta {
        RecordMeta(id: try #require(UUID(uuidString: id)), createdAt: created, updatedAt: updated, version: 3)
    }

    static func json(_ value: some JSONWritable) throws -> String {
        String(decoding: value.jsonBytes, as: UTF8.self)
    }

    @Test func anItemHasSortedKeysAndANumericPrice() throws {
        let item = ShoppingItem(
            meta: try Self.meta("e621e1f8-c36c-495a-93fc-0c247a3e6e5f"), name: "Pear/Apple",
            price: Money(minorUnits: 199),
            isOnShoppingList: true)
        let json = try Self.json(item)
        #expect(
            json
                == #"{"category":null,"createdAt":"2026-11-30T05:45:27.125Z","id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","#
                + #""inShoppingList":true,"name":"Pear/Apple","price":1.99,"updatedAt":"2026-11-30T05:46:40.500Z","#
                + #""version":3}"#)
    }

    @Test func aWholePriceIsAWholeNumber() throws {
        let item = ShoppingItem(
            meta: try Self.meta("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"), name: "Bread", price: Money(minorUnits: 300))
        #expect(try Self.json(item).contains(#""inShoppingList":false,"name":"Bread","price":3,"#))
    }

    @Test func aTaskHasTitleAndDone() throws {
        let task = TodoTask(meta: try Self.meta("00000000-0000-0000-0000-00000000000A"), title: "Walk the dogs")
        let json = try Self.json(task)
        #expect(
            json
                == #"{"completions":[],"createdAt":"2026-11-30T05:45:27.125Z","done":false,"doneAt":null,"due":null,"#
                + #""id":"00000000-0000-0000-0000-00000000000A","list":null,"note":null,"priority":null,"remindAt":null,"repeat":null,"#
                + #""repeatFrom":null,"title":"Walk the dogs","updatedAt":"2026-11-30T05:46:40.500Z","version":3}"#)
    }

    @Test func aSightingWithoutLocationHasNullLocation() throws {
        let sighting = BirdSighting(
            meta: try Self.meta("0F0F0F0F-0000-4000-8000-000000000001"), name: "Pigeon", location: nil,
            date: Date(timeIntervalSince1970: 1_795_953_600))
        let json = try Self.json(sighting)
        #expect(
            json
                == #"{"comments":null,"count":null,"createdAt":"2026-11-30T05:45:27.125Z","#
                + #""date":"2026-11-29T12:00:00.000Z","id":"0F0F0F0F-0000-4000-8000-000000000001","latitude":null,"#
                + #""location":null,"longitude":null,"name":"Pigeon","scientificName":null,"#
                + #""updatedAt":"2026-11-30T05:46:40.500Z","version":3}"#)
    }

    @Test func aSightingsDetailsAreExact() throws {
        let sighting = BirdSighting(
            meta: try Self.meta("0F0F0F0F-0000-4000-8000-000000000001"), name: "American Robin", location: "Park",
            date: Date(timeIntervalSince1970: 1_795_953_600),
            details: SightingDetails(
                count: .present, scientificName: "Turdus migratorius", latitude: Decimal(string: "40.7128"),
                longitude: Decimal(string: "-74.0060"), comments: "On the lawn"))
        let json = try Self.json(sighting)
        #expect(json.contains(#""comments":"On the lawn","count":"X","#))
        #expect(json.contains(#""latitude":40.7128,"location":"Park","longitude":-74.006,"#))
        #expect(json.contains(#""scientificName":"Turdus migratorius""#))
    }

    @Test func aSightingWithALocationHasIt() throws {
        let sighting = BirdSighting(
            meta: try Self.meta("0F0F0F0F-0000-4000-8000-000000000001"), name: "Pigeon", location: "Everywhere",
            date: Date(timeIntervalSince1970: 1_795_953_600))
        #expect(try Self.json(sighting).contains(#""location":"Everywhere","longitude":null,"name":"Pigeon","#))
    }
}

@Suite struct TimestampParsingTests {
    @Test func timestampsWithAZoneAreRead() {
        #expect(ListsFormat.parseTimestamp("2026-11-29T07:30:00Z") == Date(timeIntervalSince1970: 1_795_937_400))
        #expect(
            ListsFormat.parseTimestamp("2026-11-29T08:30:00.250+01:00")
                == Date(timeIntervalSince1970: 1_795_937_400.25))
        #expect(
            ListsFormat.parseTimestamp(ListsFormat.isoTimestamp(Date(timeIntervalSince1970: 1.5)))
                == Date(timeIntervalSince1970: 1.5))
    }

    @Test func anythingElseIsRefused() {
        for text in ["2026-11-29", "2026-11-29T07:30:00", "yesterday", "", "2026-13-01T00:00:00Z"] {
            #expect(ListsFormat.parseTimestamp(text) == nil, "\(text)")
        }
    }

    /// Lists reads RFC 3339 itself; on what Foundation's ISO 8601 reader also reads, both give the same instant.
    @Test func timestampsAreReadAsFoundationReadsThem() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let year = Int.random(in: 1583...9999, using: &random)
            let month = Int.random(in: 1...12, using: &random)
            let day = Int.random(in: 1...CivilDate.daysIn(month: month, year: year), using: &random)
            func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
            let fraction = ["", ".5", ".25", ".125", ".1234", ".99995", ".0001"].randomElement(using: &random) ?? ""
            let offset = Int.random(in: -17...17, using: &random)
            let zone = offset == 0 ? "Z" : "\(offset < 0 ? "-" : "+")\(two(abs(offset))):\(two(Int.random(in: 0...59)))"
            let text =
                "\(year)-\(two(month))-\(two(day))T\(two(Int.random(in: 0...23))):\(two(Int.random(in: 0...59))):"
                + "\(two(Int.random(in: 0...59)))\(fraction)\(zone)"
            let styles = [Date.ISO8601FormatStyle(includingFractionalSeconds: true), Date.ISO8601FormatStyle()]
            let foundation = styles.lazy.compactMap { try? Date(text, strategy: $0) }.first?.roundedToMilliseconds
            #expect(ListsFormat.parseTimestamp(text) == foundation, "\(text)")
        }
    }

    @Test func anyOffsetRFC3339AllowsIsRead() {
        #expect(ListsFormat.parseTimestamp("2026-01-15T01:18:11-18:40") == Date(timeIntervalSince1970: 1_768_507_091))
        #expect(ListsFormat.parseTimestamp("2026-01-15t01:18:11z") == Date(timeIntervalSince1970: 1_768_439_891))
        #expect(ListsFormat.parseTimestamp("2026-01-15T01:18:11.123456789+23:59") != nil)
        for bad in [
            "2026-01-15T01:18:11+24:00", "2026-01-15T01:18:11.Z", "2026-01-15T01:18:11+0100", "2026-01-15 01:18:11Z",
        ] {
            #expect(ListsFormat.parseTimestamp(bad) == nil, "\(bad)")
        }
    }

    @Test func daysAndTimesThatDoNotExistAreRefusedNotRolledOver() {
        for text in [
            "2026-02-30T12:00:00Z", "2026-02-29T12:00:00Z", "2026-04-31T12:00:00Z", "2026-01-01T24:00:00Z",
            "2026-01-01T12:60:00Z", "2026-01-01T12:00:60Z", "2026-00-10T12:00:00Z",
        ] {
            #expect(ListsFormat.parseTimestamp(text) == nil, "\(text)")
        }
        #expect(ListsFormat.parseTimestamp("2028-02-29T12:00:00Z") != nil)
    }
}

/// Records write their own JSON member by member for speed; it must be canonical JSON: what parsing it and writing
/// the value back out gives (keys sorted, strings escaped alike, numbers as they are).
@Suite struct RecordJSONWriterTests {
    private static let meta = RecordMeta(
        id: UUID(uuidString: "0F0F0F0F-0000-4000-8000-000000000001") ?? UUID(),
        createdAt: Date(timeIntervalSince1970: 1_796_017_527.125),
        updatedAt: Date(timeIntervalSince1970: 1_796_017_600.5),
        version: 3)

    private func expectSameBytes<R: JSONWritable>(_ value: R) throws {
        var canonical: [UInt8] = []
        try JSONParser.parse(value.jsonBytes).write(to: &canonical)
        #expect(String(decoding: value.jsonBytes, as: UTF8.self) == String(decoding: canonical, as: UTF8.self))
    }

    @Test(arguments: [0, 5, 50, 62, 100, 199, 250, 100_000_000] as [Int64])
    func itemsAreWrittenCanonically(cents: Int64) throws {
        try expectSameBytes(
            ShoppingItem(
                meta: Self.meta, name: "Crème \"brûlée\" / 2\\3", price: Money(minorUnits: cents),
                isOnShoppingList: true))
    }

    @Test func tasksAndSightingsAreWrittenCanonically() throws {
        try expectSameBytes(TodoTask(meta: Self.meta, title: "Walk the dogs 🐕", isDone: true))
        try expectSameBytes(
            BirdSighting(meta: Self.meta, name: "Pigeon", location: nil, date: Date(timeIntervalSince1970: -86_400.5)))
        try expectSameBytes(
            BirdSighting(
                meta: Self.meta, name: "Robin", location: "Park", date: Date(timeIntervalSince1970: 1_795_953_600),
                details: SightingDetails(
                    count: .number(12), scientificName: "Turdus migratorius", latitude: Decimal(string: "40.7128"),
                    longitude: Decimal(string: "-74.006"), comments: "On the lawn")))
        try expectSameBytes(
            BirdSighting(
                meta: Self.meta, name: "Wren", location: nil, date: Date(timeIntervalSince1970: 0),
                details: SightingDetails(count: .present)))
    }

    @Test func collectionsAreWrittenCanonically() throws {
        let tasks = [Numbered(number: 1, record: TodoTask(meta: Self.meta, title: "Walk"))]
        try expectSameBytes(CollectionBody(tasks, nextCursor: "1.0F0F0F0F-0000-4000-8000-000000000001"))
        try expectSameBytes(CollectionBody<TodoTask>([]))
        try expectSameBytes(
            ShoppingListBody(
                items: [ShoppingItem(meta: Self.meta, name: "Pear", price: Money(minorUnits: 62))],
                total: Money(minorUnits: 62)))
    }
}
