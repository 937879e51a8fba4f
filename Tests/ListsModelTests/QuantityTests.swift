import Foundation
import ListsModel
import JSONCodec
import Testing

/// A list entry's quantity as people type it, added up when the units agree, and what it multiplies a price by.
@Suite struct QuantityTests {
    /// Every string the API's document allows for a quantity is read as one: numbers at their bounds, with every
    /// unit, and text; the document's pattern is read as JSON first, as a client reads it.
    @Test func whatTheDocumentAllowsIsAQuantity() throws {
        let schema = try JSONParser.parse(Array(FieldType<String?>.quantity.schema.utf8))
        guard case .object(let members) = schema, case .string(let pattern)? = members["pattern"] else {
            Issue.record("no pattern")
            return
        }
        let regex = try NSRegularExpression(pattern: pattern)
        func allowed(_ text: String) -> Bool {
            regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
        var candidates = [
            "0", "00", "0.0", "0,0", "0.001", "0,01", "0.0001", "1e3", "1e309", "-2", "+2", " 2", "2 ", "1,000", "1,00",
            "1.000", "1000000", "1000000.0", "1000000.001", "1000001", "999999.999", "0999999", "1.", "1..2", "1.2.3",
            "2 bootles", "2bootles", "a few", ".5", ",5", "½", "٣ apples", "\u{2000}2", "2  l", "Milk", "x",
            String(repeating: "9", count: 39), String(repeating: "0", count: 39),
        ]
        for unit in Quantity.Unit.spellings.keys {
            candidates += ["2 \(unit)", "2\(unit)", "0.5 \(unit)", "0 \(unit)", "1000000 \(unit)", "1,5\(unit)"]
        }
        var allowedCount = 0
        for text in candidates where allowed(text) {
            allowedCount += 1
            #expect(throws: Never.self, "\(text) is allowed by the pattern") { _ = try Quantity(parsing: text) }
        }
        #expect(allowedCount > Quantity.Unit.spellings.count * 3)
        #expect(!allowed("0") && !allowed("-2") && !allowed("2 bootles") && allowed("1.5 l") && allowed("a few"))
    }

    @Test(arguments: [
        ("2", Quantity.count(2), "2"),
        (" 2 ", .count(2), "2"),
        ("1.5", .count(Decimal(string: "1.5")!), "1.5"),
        ("500 g", .amount(500, .gram), "500 g"),
        ("500g", .amount(500, .gram), "500 g"),
        ("1.5 l", .amount(Decimal(string: "1.5")!, .litre), "1.5 l"),
        ("1,5 L", .amount(Decimal(string: "1.5")!, .litre), "1.5 l"),
        ("2 packs", .amount(2, .pack), "2 packs"),
        ("1 pack", .amount(1, .pack), "1 pack"),
        ("2 Bottles", .amount(2, .bottle), "2 bottles"),
        ("3 boxes", .amount(3, .box), "3 boxes"),
        ("2 kilos", .amount(2, .kilogram), "2 kg"),
        ("330 millilitres", .amount(330, .millilitre), "330 ml"),
        ("2 tins", .amount(2, .can), "2 cans"),
        ("a few", .text("a few"), "a few"),
        ("the ripe ones", .text("the ripe ones"), "the ripe ones"),
    ])
    func whatPeopleTypeIsRead(_ typed: String, _ expected: Quantity, _ written: String) throws {
        let quantity = try #require(try Quantity(parsing: typed))
        #expect(quantity == expected)
        #expect(quantity.description == written)
        // What Lists writes reads back as the same quantity.
        #expect(try Quantity(parsing: written) == quantity)
    }

    @Test func anEmptyQuantityIsNone() throws {
        #expect(try Quantity(parsing: "") == nil)
        #expect(try Quantity(parsing: "   ") == nil)
    }

    @Test(arguments: [
        ("-2", "\"-2\" is not a quantity: it must be above 0"),
        ("0", "\"0\" is not a quantity: it must be above 0"),
        ("0.0 kg", "\"0.0 kg\" is not a quantity: it must be above 0"),
        ("1e309", "\"1e309\" is not a quantity: write the number in full, up to 1,000,000"),
        ("1000001", "a quantity is at most 1,000,000"),
        (String(repeating: "x", count: 200), "a quantity has at most 40 characters"),
        (
            "2 bootles",
            "\"bootles\" is not a unit Lists knows: write a number alone (a count) or a number and a unit: "
                + "g, kg, mg, ml, cl, dl, l, pack, can, bottle, box, bag, bunch, jar, piece"
        ),
        (
            "1..5",
            "\"1..5\" is not a quantity: write a number alone (a count) or a number and a unit: "
                + "g, kg, mg, ml, cl, dl, l, pack, can, bottle, box, bag, bunch, jar, piece"
        ),
        (
            "1,000 g",
            "\"1,000 g\" could be read two ways: write 1000 for a thousand, or 1.5 for a decimal"
        ),
        ("2\u{7}", "a quantity cannot contain control characters"),
        ("0.0000001", "a quantity has at most 3 decimals"),
        (
            "1,5,0",
            "\"1,5,0\" is not a quantity: write a number alone (a count) or a number and a unit: "
                + "g, kg, mg, ml, cl, dl, l, pack, can, bottle, box, bag, bunch, jar, piece"
        ),
    ])
    func badQuantitiesAreRefusedNamingTheField(_ typed: String, _ message: String) {
        #expect(throws: ValidationError(field: "quantity", message: message)) { try Quantity(parsing: typed) }
    }

    @Test func quantitiesAddUpWhenTheirUnitsAgree() throws {
        func sum(_ first: String, _ second: String) throws -> String? {
            let first = try #require(try Quantity(parsing: first))
            let second = try #require(try Quantity(parsing: second))
            return first.adding(second)?.description
        }
        #expect(try sum("500 ml", "1 l") == "1.5 l")
        #expect(try sum("1 l", "500 ml") == "1.5 l")
        #expect(try sum("200 ml", "300 ml") == "500 ml")
        #expect(try sum("300 ml", "2 dl") == "5 dl")
        #expect(try sum("600 g", "600 g") == "1200 g")
        #expect(try sum("600 g", "0.6 kg") == "1.2 kg")
        #expect(try sum("2", "3") == "5")
        #expect(try sum("2 packs", "1 pack") == "3 packs")
        // Units that do not agree: the list keeps both.
        #expect(try sum("2", "500 g") == nil)
        #expect(try sum("500 g", "1 l") == nil)
        #expect(try sum("1 pack", "1 can") == nil)
        #expect(try sum("a few", "2") == nil)
        // A total over a million, or one the larger unit would need too many decimals for.
        #expect(try sum("999999", "2") == nil)
        #expect(try sum("1 g", "1 mg") == "1.001 g")
        #expect(try sum("1 kg", "1 mg") == nil)
        #expect(try sum("2 g", "0.5 mg") == "2000.5 mg")
        #expect(try sum("999 kg", "1 mg") == nil)
    }

    @Test func aTotalMultipliesThePriceByACountAndCountsAnAmountByWeightOrVolumeOnce() throws {
        #expect(try Quantity(parsing: "3")?.multiplier == 3)
        #expect(try Quantity(parsing: "2 packs")?.multiplier == 2)
        #expect(try Quantity(parsing: "1.5 l")?.multiplier == 1)
        #expect(try Quantity(parsing: "500 g")?.multiplier == 1)
        #expect(try Quantity(parsing: "a few")?.multiplier == 1)
    }
}
