import Foundation
import ListsModel
import Testing

/// The text rules every name, title and location follows, and how messages quote what was typed.
@Suite struct TextRuleTests {
    @Test func textIsTrimmed() throws {
        #expect(try TextRule.check("  Milk \n", field: "name", what: "a name") == "Milk")
        #expect(try TextRule.check("\tWalk the dogs\r\n", field: "title", what: "a task") == "Walk the dogs")
    }

    @Test(arguments: ["", "   ", "\n\t "])
    func emptyTextIsRefusedNamingTheField(text: String) {
        let error = #expect(throws: ValidationError.self) { try TextRule.check(text, field: "title", what: "a task") }
        #expect(error == ValidationError(field: "title", message: "a task is required (1 to 200 characters)"))
    }

    @Test func twoHundredCharactersAreAllowed() throws {
        let text = String(repeating: "a", count: 200)
        #expect(try TextRule.check(text, field: "name", what: "a name") == text)
    }

    @Test func twoHundredCharactersOfSeveralScalarsEachAreAllowed() throws {
        for character in ["🐦", "🇫🇷", "e\u{301}", "ü"] {
            let text = String(repeating: character, count: 200)
            #expect(try TextRule.check(text, field: "name", what: "a name") == text)
        }
    }

    @Test func textPiledWithCombiningMarksIsRefusedByItsCodePoints() {
        let character = "e" + String(repeating: "\u{301}", count: 11)
        let text = String(repeating: character, count: 200)
        #expect(text.count == 200)
        let error = #expect(throws: ValidationError.self) { try TextRule.check(text, field: "name", what: "a name") }
        #expect(error?.field == "name")
        #expect(error?.message.contains("at most 2000") == true)
    }

    @Test func twoHundredAndOneCharactersAreRefused() {
        let text = String(repeating: "a", count: 201)
        let error = #expect(throws: ValidationError.self) { try TextRule.check(text, field: "name", what: "a name") }
        #expect(error?.field == "name")
        #expect(error?.message == "a name is 201 characters long; at most 200 are allowed")
    }

    @Test func surroundingSpaceDoesNotCountTowardsTheLimit() throws {
        let text = String(repeating: "a", count: 200)
        #expect(try TextRule.check("   \(text)   ", field: "name", what: "a name") == text)
    }

    @Test(arguments: [
        ("a\u{0}b", "0000"), ("a\u{7}b", "0007"), ("a\tb", "0009"), ("line\nbreak", "000A"), ("\u{1b}[31mred", "001B"),
        ("del\u{7f}", "007F"), ("c1\u{85}x", "0085"), ("line\u{2028}separator", "2028"),
        ("para\u{2029}graph", "2029"), ("evil\u{202E}txt.exe", "202E"), ("isolate\u{2066}x", "2066"),
    ])
    func controlCharactersAreRefused(text: String, code: String) {
        let error = #expect(throws: ValidationError.self) {
            try TextRule.check(text, field: "location", what: "a location", isOptional: true)
        }
        #expect(error?.field == "location")
        #expect(error?.message == "a location may not contain control characters (found U+\(code))")
    }

    @Test func anOptionalFieldLeftEmptyIsNone() throws {
        #expect(try TextRule.check("", field: "location", what: "a location", isOptional: true) == nil)
        #expect(try TextRule.check("  ", field: "location", what: "a location", isOptional: true) == nil)
        #expect(try TextRule.check(" Park ", field: "location", what: "a location", isOptional: true) == "Park")
    }

    @Test func anOptionalFieldStillHasAMaximum() {
        let text = String(repeating: "x", count: 201)
        #expect(throws: ValidationError.self) {
            try TextRule.check(text, field: "location", what: "a location", isOptional: true)
        }
    }

    @Test func eachRecordNamesItsOwnField() {
        let item = #expect(throws: ValidationError.self) { try ShoppingItem.validName(" ") }
        let task = #expect(throws: ValidationError.self) { try TodoTask.validTitle("") }
        let bird = #expect(throws: ValidationError.self) { try BirdSighting.validName("\n") }
        let place = #expect(throws: ValidationError.self) { try BirdSighting.validLocation("a\u{0}") }
        #expect(item?.field == "name")
        #expect(task?.field == "title")
        #expect(bird?.field == "name")
        #expect(place?.field == "location")
    }

    @Test func aSightingsLocationIsOptional() throws {
        #expect(try BirdSighting.validLocation(nil) == nil)
        #expect(try BirdSighting.validLocation("") == nil)
        #expect(try BirdSighting.validLocation("  Everywhere ") == "Everywhere")
    }

    @Test func aValidationErrorDescribesItselfAsFieldAndMessage() {
        #expect(ValidationError(field: "price", message: "too dear").description == "price: too dear")
    }
}

@Suite struct QuotedTests {
    @Test func plainTextIsPutInDoubleQuotes() {
        #expect(Quoted("Milk").description == "\"Milk\"")
        #expect(Quoted("").description == "\"\"")
        #expect(Quoted("Café 🐦").description == "\"Café 🐦\"")
    }

    @Test func quotesAndBackslashesAreEscaped() {
        #expect(Quoted(#"say "hi" \o/"#).description == #""say \"hi\" \\o/""#)
    }

    @Test func controlCharactersAreEscaped() {
        #expect(Quoted("a\nb\tc\rd").description == #""a\nb\tc\rd""#)
        #expect(Quoted("\u{1b}[31m\u{0}\u{7f}").description == #""\u{1b}[31m\u{0}\u{7f}""#)
    }

    @Test func longTextIsCutAtFortyCharacters() {
        #expect(Quoted(String(repeating: "a", count: 40)).description == "\"\(String(repeating: "a", count: 40))\"")
        #expect(Quoted(String(repeating: "b", count: 41)).description == "\"\(String(repeating: "b", count: 40))…\"")
        #expect(Quoted(String(repeating: "c", count: 10_000)).description.count == 43)
    }
}

@Suite struct BirdSightingDateTests {
    let now = Date(timeIntervalSince1970: 1_796_017_527.123)

    @Test func theEarliestDateIsTheFirstOf1800() throws {
        let parsed = try Date("1800-01-01T00:00:00Z", strategy: .iso8601)
        #expect(BirdSighting.earliestDate == parsed)
    }

    @Test func datesFrom1800ToADayAheadAreAccepted() throws {
        #expect(try BirdSighting.validDate(BirdSighting.earliestDate, now: now) == BirdSighting.earliestDate)
        #expect(try BirdSighting.validDate(now, now: now) == now.roundedToMilliseconds)
        let tomorrow = now.addingTimeInterval(86_400)
        #expect(try BirdSighting.validDate(tomorrow, now: now) == tomorrow.roundedToMilliseconds)
    }

    @Test(arguments: [-0.001, -86_400 * 365] as [Double])
    func aDateBefore1800IsRefused(offset: Double) {
        let error = #expect(throws: ValidationError.self) {
            try BirdSighting.validDate(BirdSighting.earliestDate.addingTimeInterval(offset), now: now)
        }
        #expect(error?.field == "date")
    }

    @Test(arguments: [86_400.001, 86_400 * 2, 86_400 * 3650] as [Double])
    func aDateMoreThanADayAheadIsRefused(offset: Double) {
        let error = #expect(throws: ValidationError.self) {
            try BirdSighting.validDate(now.addingTimeInterval(offset), now: now)
        }
        #expect(error?.field == "date")
    }

    @Test func anAcceptedDateIsRoundedToTheNearestMillisecond() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000.123_9)
        let valid = try BirdSighting.validDate(date, now: now)
        #expect(valid == Date(timeIntervalSince1970: 1_700_000_000.124))
    }
}
