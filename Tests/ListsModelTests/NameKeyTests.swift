import ListsModel
import Testing

/// A name's key is its lower-cased form in every script, whether it is the name itself (ASCII without a capital,
/// returned as it is) or a new string.
@Suite struct NameKeyTests {
    @Test(arguments: [
        "milk", "Milk", "MILK 2%", "buy milk 12", "", " ", "a-z@[`{", "Crème", "CRÈME brûlée", "ÄÖÜ", "straße",
        "İstanbul", "ΣΟΦΙΑ", "日本", "emoji 👍🏽 OK",
    ])
    func aKeyIsTheLowerCasedName(_ name: String) {
        #expect(Reference.nameKey(name) == name.lowercased())
    }
}
