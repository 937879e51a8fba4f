import Foundation
import ListsInterchange
import ListsModel
import ListsSQLite
import Testing

@Suite("The tutorials' own files: items.plist, seed.plist, data.td")
struct TutorialFilesTests {
    @Test func itemsArchiveGivesEveryMTItemWithItsNameExactPriceAndListState() throws {
        let batch = try InterchangeFormat.itemsPlist.read(try Fixture.bytes("items.plist"), now: fixedNow)
        #expect(batch.items.map(\.name) == ["Pear", "Bread", "Crème fraîche", "Notepad", "Free sample"])
        // encodeFloat: kept 0.62 as 0.620000005; the cent is what the user typed.
        #expect(batch.items.map(\.price.text) == ["0.62", "3.12", "1.99", "2.00", "0.00"])
        #expect(batch.items.map(\.isOnShoppingList) == [true, false, true, false, true])
        #expect(batch.tasks.isEmpty && batch.sightings.isEmpty)
    }

    @Test func itemsArchiveKeepsEachMTItemUUIDAsTheItemsId() throws {
        let batch = try InterchangeFormat.itemsPlist.read(try Fixture.bytes("items.plist"), now: fixedNow)
        #expect(
            batch.items.map(\.id.uuidString) == [
                "9A3E54D2-6C1B-4F0E-8E53-2C1D7A4B9F01", "1F0B8C3A-77D4-4E2B-9A6C-5D3E2F1A0B02",
                "C4D5E6F7-0812-4A3B-8C9D-0E1F2A3B4C03", "5B6C7D8E-9F01-4234-A567-89ABCDEF0A04",
                "E1E2E3E4-F5F6-4788-9900-AABBCCDDEE05",
            ])
    }

    @Test func importingTheSameItemsArchiveTwiceAddsNothing() throws {
        let store = try emptyStore()
        let bytes = try Fixture.bytes("items.plist")
        let first = try InterchangeFormat.itemsPlist.read(bytes, now: fixedNow).apply(to: store)
        let afterFirst = try StoreContents(store)
        let second = try InterchangeFormat.itemsPlist.read(bytes, now: fixedNow.addingTimeInterval(60)).apply(to: store)
        #expect(first == ImportSummary(added: 5))
        #expect(second == ImportSummary(unchanged: 5))
        #expect(try StoreContents(store) == afterFirst)
    }

    @Test func anArchiveWithOneRefusedItemImportsNothingAndNamesTheItemAndPrice() throws {
        let store = try storeWithRecords()
        let before = try StoreContents(store)
        let error = refusal(.itemsPlist, try Fixture.bytes("items-bad.plist"))
        #expect(error?.location == "item 3")
        #expect(error?.field == "price")
        #expect(error?.message.contains("from 0 to 1000000") == true, "\(String(describing: error))")
        #expect(try StoreContents(store) == before)
    }

    @Test func anXMLKeyedArchiveIsDetectedAndRefusedWithWhatIsNeeded() throws {
        let xml = try Fixture.bytes("items-xml.plist")
        #expect(InterchangeFormat.detect(fileName: "items.plist", bytes: xml) == .itemsPlist)
        let error = refusal(.itemsPlist, xml)
        #expect(error?.field == "file")
        #expect(error?.message.contains("binary items.plist") == true, "\(String(describing: error))")
    }

    @Test func seedListGivesTheTutorialsFiveItemsWithAPriceWrittenAsText() throws {
        let batch = try InterchangeFormat.seedPlist.read(try Fixture.bytes("seed.plist"), now: fixedNow)
        #expect(batch.items.map(\.name) == ["Pear", "Notepad", "Pencil", "Bread", "Mango"])
        #expect(batch.items.map(\.price.text) == ["0.62", "2.53", "0.35", "3.12", "1.25"])
        #expect(batch.items.allSatisfy { !$0.isOnShoppingList })
    }

    @Test func seedListWithAPriceOfThreeDecimalsIsRefused() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><array>
            <dict><key>name</key><string>Pear</string><key>price</key><real>0.62</real></dict>
            <dict><key>name</key><string>Gold</string><key>price</key><real>0.625</real></dict>
            </array></plist>
            """
        let error = refusal(.seedPlist, text)
        #expect(error?.field == "price")
    }

    @Test func dataTDGivesITahDoodlesTasksInOrderWithMarkupCharactersKept() throws {
        let batch = try InterchangeFormat.dataTD.read(try Fixture.bytes("data.td"), now: fixedNow)
        #expect(
            batch.tasks.map(\.title) == [
                "Walk the dogs", "Feed the hogs", "Chop the logs", "Café <au lait> & \"croissants\"",
            ])
        #expect(batch.tasks.allSatisfy { !$0.isDone })
    }

    @Test func dataTDWrittenByListsReadsBackAsTheSameTitles() throws {
        let store = try emptyStore()
        try InterchangeFormat.dataTD.read(try Fixture.bytes("data.td"), now: fixedNow).apply(to: store)
        let written = try exported(store, as: .dataTD)
        let titles = try PropertyListSerialization.propertyList(from: Data(written), format: nil) as? [String]
        #expect(titles == ["Walk the dogs", "Feed the hogs", "Chop the logs", "Café <au lait> & \"croissants\""])
    }

    @Test func dataTDWithAnEmptyTaskImportsNothingAndNamesTheTask() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><array><string>One</string><string>  </string></array></plist>
            """
        let error = refusal(.dataTD, text)
        #expect(error?.location == "task 2")
        #expect(error?.field == "title")
    }

    @Test(arguments: [
        ("items.plist", InterchangeFormat.itemsPlist), ("items-xml.plist", .itemsPlist), ("seed.plist", .seedPlist),
        ("data.td", .dataTD), ("tasks.json", .taskwarrior), ("tasks.ndjson", .taskwarrior), ("todo.txt", .todoTxt),
        ("shopping.csv", .shoppingCSV), ("data-binary.td", .dataTD), ("seed-binary.plist", .seedPlist),
        ("todo-windows.txt", .todoTxt), ("MyEBirdData.csv", .ebird),
    ])
    func formatOfEachFixtureIsDetected(file: String, format: InterchangeFormat) throws {
        #expect(InterchangeFormat.detect(fileName: file, bytes: try Fixture.bytes(file)) == format)
    }

    @Test func binaryDataTDAndSeedListAreToldFromAnItemsPlistByWhatTheyHold() throws {
        for name in ["data.td", "items.plist", "backup"] {
            #expect(InterchangeFormat.detect(fileName: name, bytes: try Fixture.bytes("data-binary.td")) == .dataTD)
            #expect(
                InterchangeFormat.detect(fileName: name, bytes: try Fixture.bytes("seed-binary.plist")) == .seedPlist)
            #expect(InterchangeFormat.detect(fileName: name, bytes: try Fixture.bytes("items.plist")) == .itemsPlist)
        }
        let tasks = try InterchangeFormat.dataTD.read(try Fixture.bytes("data-binary.td"), now: fixedNow).tasks
        #expect(
            tasks.map(\.title) == [
                "Walk the dogs", "Feed the hogs", "Chop the logs", "Café <au lait> & \"croissants\"",
            ])
        let items = try InterchangeFormat.seedPlist.read(try Fixture.bytes("seed-binary.plist"), now: fixedNow).items
        #expect(items.map(\.name) == ["Pear", "Notepad", "Pencil", "Bread", "Mango"])
        #expect(items.map(\.price.text) == ["0.62", "2.53", "0.35", "3.12", "1.25"])
    }

    /// Foundation's binary reader traps on these (found by fuzzing): a UTF-16 string whose length runs past the
    /// object table, in a `bplist00` or a `bplist01` (which Foundation reads too).
    @Test(arguments: [InterchangeFormat.dataTD, .seedPlist])
    func aDamagedBinaryListIsRefusedNotACrash(format: InterchangeFormat) throws {
        var bytes = try Fixture.bytes("data-binary.td")
        // The marker of the 29-unit UTF-16 string ("Café <au lait> ..."), then its length.
        let string = try #require(bytes.indices.first { bytes[$0...].starts(with: [0x6F, 0x10, 0x1D]) })
        bytes[string + 2] = 0x32  // 50 units
        for magic in ["bplist00", "bplist01"] {
            bytes.replaceSubrange(0..<8, with: Array(magic.utf8))
            let error = refusal(format, bytes)
            #expect(error?.location == "the file")
            #expect(error?.field == "file")
        }
    }

    @Test func aBinarySeedListWithABadPriceNamesTheItem() throws {
        let seed: NSArray = [
            ["name": "Pear", "price": 0.62] as NSDictionary, ["name": "Gold", "price": "0.625"] as NSDictionary,
            ["name": "Bread", "price": 3] as NSDictionary,
        ]
        let data = [UInt8](try PropertyListSerialization.data(fromPropertyList: seed, format: .binary, options: 0))
        #expect(refusal(.seedPlist, data)?.location == "item 2")
        #expect(refusal(.seedPlist, data)?.field == "price")
        let fixed: NSArray = [seed[0], seed[2]]
        let good = [UInt8](try PropertyListSerialization.data(fromPropertyList: fixed, format: .binary, options: 0))
        #expect(try InterchangeFormat.seedPlist.read(good, now: fixedNow).items.map(\.price.text) == ["0.62", "3.00"])
    }

    @Test func anXMLPropertyListIsToldByWhatItHoldsNotByItsName() throws {
        #expect(InterchangeFormat.detect(fileName: "data.td", bytes: try Fixture.bytes("seed.plist")) == .seedPlist)
        #expect(InterchangeFormat.detect(fileName: "seed.plist", bytes: try Fixture.bytes("data.td")) == .dataTD)
        let empty = Array("<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<array/>\n</plist>\n".utf8)
        #expect(InterchangeFormat.detect(fileName: "data.td", bytes: empty) == .dataTD)
        #expect(InterchangeFormat.detect(fileName: "seed.plist", bytes: empty) == .seedPlist)
        let emptyBinary = [UInt8](
            try PropertyListSerialization.data(fromPropertyList: [String](), format: .binary, options: 0))
        #expect(InterchangeFormat.detect(fileName: "data.td", bytes: emptyBinary) == .dataTD)
    }

    @Test func formatOverridesWhatTheContentSays() throws {
        let error = refusal(.itemsPlist, try Fixture.bytes("data-binary.td"))
        #expect(error?.field == "file")
        #expect(error?.message.contains("not an NSKeyedArchiver archive") == true, "\(String(describing: error))")
        #expect(refusal(.dataTD, try Fixture.bytes("seed-binary.plist"))?.message.contains("array of strings") == true)
    }

    @Test(arguments: ["data.td", "seed.plist"])
    func anXMLPropertyListWithAByteOrderMarkIsDetectedAndRead(file: String) throws {
        let bytes = [0xEF, 0xBB, 0xBF] + (try Fixture.bytes(file))
        let format = try #require(InterchangeFormat.detect(fileName: file, bytes: bytes))
        #expect(format == (file == "data.td" ? .dataTD : .seedPlist))
        #expect(try format.read(bytes, now: fixedNow).count == (file == "data.td" ? 4 : 5))
    }

    @Test func aTabInATaskOrItemNameIsReadAsASpace() throws {
        let tasks: NSArray = ["Walk\tthe dogs", "Feed the hogs\n"]
        let data = [UInt8](try PropertyListSerialization.data(fromPropertyList: tasks, format: .binary, options: 0))
        #expect(
            try InterchangeFormat.dataTD.read(data, now: fixedNow).tasks.map(\.title) == [
                "Walk the dogs", "Feed the hogs",
            ])
        let seed: NSArray = [["name": "Sweet\tbasil", "price": 1.99] as NSDictionary]
        let seedData = [UInt8](try PropertyListSerialization.data(fromPropertyList: seed, format: .xml, options: 0))
        #expect(try InterchangeFormat.seedPlist.read(seedData, now: fixedNow).items.map(\.name) == ["Sweet basil"])
    }

    @Test func formatIsDetectedFromTheContentWhateverTheFileIsCalled() throws {
        #expect(InterchangeFormat.detect(fileName: "backup", bytes: try Fixture.bytes("items.plist")) == .itemsPlist)
        #expect(InterchangeFormat.detect(fileName: "x.dat", bytes: try Fixture.bytes("tasks.json")) == .taskwarrior)
        #expect(InterchangeFormat.detect(fileName: "x.dat", bytes: try Fixture.bytes("seed.plist")) == .seedPlist)
    }
}
