import Foundation
import Testing

@testable import ListsModel
import ListsExamples

/// Repeats as people say them, and the RRULE each one is kept as (the table app.js's reader runs too).
@Suite struct RepeatPhraseTests {
    static let read = RepeatPhraseExamples.read

    @Test(arguments: read) func phrasesAreReadAsRules(_ row: (typed: String, rule: String)) throws {
        #expect(try RepeatPhrase.read(row.typed)?.text == row.rule, "\(row.typed)")
    }

    /// What a field shows is a phrase that reads back to the same repeat.
    @Test(arguments: read) func eachRepeatIsShownAsAPhraseThatReadsBack(_ row: (typed: String, rule: String)) throws {
        let recurrence = try #require(try RepeatPhrase.read(row.typed))
        let shown = RepeatPhrase.phrase(of: recurrence)
        #expect(try RepeatPhrase.read(shown) == recurrence, "\(row.typed) shown as \(shown)")
    }

    @Test func phrasesShownAreThePlainOnes() throws {
        let shown = try [
            "every month on the 1st", "every last friday", "weekdays", "every 2 weeks on tue and thu",
            "3 days after done", "every day for 10 times", "every month until 2027-06-30",
        ].map {
            RepeatPhrase.phrase(of: try #require(try RepeatPhrase.read($0)))
        }
        #expect(
            shown == [
                "every month on the 1st", "every last fri", "weekdays", "every 2 weeks on tue and thu",
                "3 days after done", "every day for 10 times", "every month until 2027-06-30",
            ])
    }

    @Test func noneIsNoRepeat() throws {
        for text in RepeatPhraseExamples.none { #expect(try RepeatPhrase.read(text) == nil) }
    }

    static let refused = RepeatPhraseExamples.refused + RepeatPhraseExamples.refusedByRule

    @Test(arguments: refused) func badRepeatsAreRefused(_ row: (typed: String, mentions: String)) {
        do {
            let rule = try RepeatPhrase.read(row.typed)
            Issue.record("\(row.typed) was read as \(rule?.text ?? "none")")
        } catch let error as ValidationError {
            #expect(error.field == "repeat")
            #expect(error.message.contains(row.mentions), "\(row.typed): \(error.message)")
        } catch {
            Issue.record("\(error)")
        }
    }
}
