import Foundation
import ListsModel
import Testing

@Suite("A number written as Foundation writes it, without Foundation's cost")
struct DecimalTextTests {
    @Test(arguments: [
        "42.4613556", "-76.5050434", "0", "-0", "0.0", "42.4500", "1e3", "120", "-0.005", "0.5", "90", "-180",
        "1.23e-7", "12345678901234567890", "123456789012345678901234567890", "1E+25", "3.0000000001", "-90.0000000000",
    ])
    func aNumberIsWrittenAsItsDescriptionIs(text: String) throws {
        let number = try #require(Decimal(string: text, locale: .posix))
        #expect(number.plainText == number.description)
    }

    @Test func coordinatesOfEveryShapeAreWrittenAsTheirDescriptionIs() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let digits = Int.random(in: 0...14, using: &generator)
            let mantissa = Int64.random(in: -999_999_999_999_999...999_999_999_999_999, using: &generator)
            let number = try #require(Decimal(string: "\(mantissa)e-\(digits)", locale: .posix))
            #expect(number.plainText == number.description, "\(mantissa)e-\(digits)")
        }
    }
}
