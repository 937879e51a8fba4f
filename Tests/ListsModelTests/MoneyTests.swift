import Foundation
import ListsModel
import Testing

/// Prices as people type them, as JSON carries them, and their exact sums.
@Suite struct MoneyTests {
    @Test(
        arguments: [
            ("2", 200), ("1.9", 190), ("1.99", 199), (".5", 50), ("$3", 300), ("1000000", 100_000_000),
            ("0", 0), ("0.05", 5), (" 4.20 ", 420), ("$0.35", 35),
        ] as [(String, Int64)])
    func aTypedPriceIsReadExactly(text: String, cents: Int64) throws {
        #expect(try Money(parsingPrice: text).minorUnits == cents)
    }

    @Test(arguments: [
        "abc", "-1", "1.234", "1e9", "NaN", "1,5", "", "1000000.01", " ", "$", ".", "1.2.3", "$-1", "+1", "Infinity",
        "1 000", "10000000", "٣", "1.x",
    ])
    func anythingElseIsRefusedNamingThePriceField(text: String) {
        let error = #expect(throws: ValidationError.self) { try Money(parsingPrice: text) }
        #expect(error?.field == "price")
        #expect(error?.message.contains("like 1.99") == true)
    }

    @Test func aRefusalQuotesWhatWasTyped() {
        let error = #expect(throws: ValidationError.self) { try Money(parsingPrice: "1,5") }
        #expect(error?.message.hasPrefix("\"1,5\" is not a price") == true)
    }

    @Test(
        arguments: [
            (199, "1.99"), (35, "0.35"), (5, "0.05"), (0, "0.00"), (200, "2.00"), (100_000_000, "1000000.00"),
            (-5, "-0.05"), (-1234, "-12.34"), (250_000_000_000, "2500000000.00"),
        ] as [(Int64, String)])
    func descriptionHasADotAndTwoDecimals(cents: Int64, text: String) {
        #expect(Money(minorUnits: cents).description == text)
    }

    @Test func pointOnePlusPointTwoIsExactlyPointThree() throws {
        let sum = try Money(parsingPrice: "0.1") + Money(parsingPrice: "0.2")
        #expect(sum == Money(minorUnits: 30))
        #expect(sum.description == "0.30")
        #expect(sum.decimalValue == Decimal(string: "0.3"))
    }

    @Test func aThousandCentsSumToTenExactly() throws {
        let cent = try Money(parsingPrice: "0.01")
        let sum = (0..<1000).reduce(Money.zero) { total, _ in total + cent }
        #expect(sum.description == "10.00")
    }

    @Test func moneyIsOrderedByAmount() {
        #expect(Money(minorUnits: 199) < Money(minorUnits: 200))
        #expect(!(Money(minorUnits: 200) < Money(minorUnits: 200)))
        #expect(Money.maximumPrice == Money(minorUnits: 100_000_000))
    }

    @Test(
        arguments: [("1.99", 199), ("0.1", 10), ("2", 200), ("1000000", 100_000_000), ("0", 0), ("3.50", 350)]
            as [(String, Int64)])
    func anExactDecimalBecomesAPrice(text: String, cents: Int64) throws {
        let decimal = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        #expect(try Money(validatingPrice: decimal).minorUnits == cents)
    }

    @Test(arguments: ["1.234", "-0.01", "-1", "1000000.01", "1e30", "0.001"])
    func aDecimalWithMoreThanTwoDecimalsOrOutOfRangeIsRefused(text: String) throws {
        let decimal = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        let error = #expect(throws: ValidationError.self) { try Money(validatingPrice: decimal) }
        #expect(error?.field == "price")
    }

    @Test func aDecimalThatIsNotANumberIsRefused() {
        let error = #expect(throws: ValidationError.self) { try Money(validatingPrice: Decimal.nan) }
        #expect(error?.field == "price")
    }

    @Test(arguments: [-1, 100_000_001, Int64.min, Int64.max] as [Int64])
    func centsOutsideZeroToOneMillionAreRefused(cents: Int64) {
        let error = #expect(throws: ValidationError.self) { try Money(validatingPrice: cents) }
        #expect(error?.field == "price")
    }

    @Test func jsonNumbersDecodeExactly() throws {
        let prices = try JSONDecoder().decode([Money].self, from: Data("[1.99, 0.1, 2, 0.35, 1000000]".utf8))
        #expect(prices.map(\.minorUnits) == [199, 10, 200, 35, 100_000_000])
    }

    @Test func aJsonNumberWithThreeDecimalsIsRefused() {
        #expect(throws: (any Error).self) { try JSONDecoder().decode([Money].self, from: Data("[1.999]".utf8)) }
    }

    @Test func jsonWritesAPlainNumber() throws {
        let data = try ListsFormat.jsonEncoder().encode([
            Money(minorUnits: 199), Money(minorUnits: 200),
            Money(minorUnits: 35), Money(minorUnits: 10),
        ])
        #expect(String(decoding: data, as: UTF8.self) == "[1.99,2,0.35,0.1]")
    }
}
