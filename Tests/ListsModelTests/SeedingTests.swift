import Foundation
import ListsModel
import Testing

/// Reading the Shopping List tutorial's `seed.plist`.
@Suite struct SeedingTests {
    static func plist(_ entries: String) -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <array>
            \(entries)
            </array>
            </plist>
            """.utf8)
    }

    static func entry(_ name: String, _ price: String) -> String {
        "<dict><key>name</key><string>\(name)</string><key>price</key>\(price)</dict>"
    }

    @Test func pricesMayBeRealsStringsOrIntegers() throws {
        let data = Self.plist(
            [
                Self.entry("Pear", "<real>0.62</real>"), Self.entry("Tea", "<string>1.99</string>"),
                Self.entry("Salt", "<integer>3</integer>"), Self.entry("Jam", "<string>$2.5</string>"),
                Self.entry("Cake", "<real>0.1</real>"), Self.entry("Gold", "<real>1000000</real>"),
            ].joined(separator: "\n"))
        let items = try Seeding.seedItems(fromPropertyList: data)
        #expect(items.map(\.name) == ["Pear", "Tea", "Salt", "Jam", "Cake", "Gold"])
        #expect(items.map(\.price.minorUnits) == [62, 199, 300, 250, 10, 100_000_000])
    }

    @Test func aBinaryPropertyListIsReadToo() throws {
        let entries: [[String: Any]] = [["name": "Pear", "price": 0.62], ["name": "Tea", "price": "1.99"]]
        let data = try PropertyListSerialization.data(fromPropertyList: entries, format: .binary, options: 0)
        let items = try Seeding.seedItems(fromPropertyList: data)
        #expect(items.map(\.name) == ["Pear", "Tea"])
        #expect(items.map(\.price.minorUnits) == [62, 199])
    }

    @Test(arguments: [
        "<real>1.234</real>", "<real>-1</real>", "<string>abc</string>", "<string>1,5</string>",
        "<real>1000000.01</real>", "<real>1e300</real>", "<integer>-3</integer>",
    ])
    func aBadPriceIsRefusedNamingThePriceField(price: String) {
        let data = Self.plist(Self.entry("Pear", "<real>0.62</real>") + Self.entry("Bad", price))
        let error = #expect(throws: ValidationError.self) { try Seeding.seedItems(fromPropertyList: data) }
        #expect(error?.field == "price")
    }

    @Test func anEntryWithoutANameIsRefused() {
        let data = Self.plist("<dict><key>price</key><real>1</real></dict>")
        #expect(throws: DecodingError.self) { try Seeding.seedItems(fromPropertyList: data) }
    }

    @Test func anEntryWithoutAPriceIsRefused() {
        let data = Self.plist("<dict><key>name</key><string>Pear</string></dict>")
        #expect(throws: DecodingError.self) { try Seeding.seedItems(fromPropertyList: data) }
    }

    @Test func somethingThatIsNotAPropertyListIsRefused() {
        #expect(throws: (any Error).self) { try Seeding.seedItems(fromPropertyList: Data("name,price\n".utf8)) }
    }

    @Test func theBundledItemsAreTheTutorialsFive() throws {
        let items = try Seeding.bundledSeedItems()
        #expect(items.map(\.name) == ["Pear", "Notepad", "Pencil", "Bread", "Mango"])
        #expect(items.map(\.price.description) == ["0.62", "2.53", "0.35", "3.12", "1.25"])
    }

    @Test func theTutorialsTasksAreTheDogsTheHogsAndTheLogs() {
        #expect(Seeding.tasks == ["Walk the dogs", "Feed the hogs", "Chop the logs"])
    }
}
