import Foundation
import Testing

@testable import ListsModel

/// Repeats as people say them, and the RRULE each one is kept as.
@Suite struct RepeatPhraseTests {
    static let read: [(typed: String, rule: String)] = [
        ("every day", "FREQ=DAILY"), ("daily", "FREQ=DAILY"), ("Every 3 days", "FREQ=DAILY;INTERVAL=3"),
        ("every week", "FREQ=WEEKLY"), ("weekly", "FREQ=WEEKLY"), ("every 2 weeks", "FREQ=WEEKLY;INTERVAL=2"),
        ("every other week", "FREQ=WEEKLY;INTERVAL=2"), ("weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
        ("every weekday", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"), ("weekends", "FREQ=WEEKLY;BYDAY=SA,SU"),
        ("every tue", "FREQ=WEEKLY;BYDAY=TU"), ("every tue and thu", "FREQ=WEEKLY;BYDAY=TU,TH"),
        ("every other tuesday", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU"),
        ("every 2 weeks on fri", "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR"), ("every month", "FREQ=MONTHLY"),
        ("monthly", "FREQ=MONTHLY"), ("every 3 months", "FREQ=MONTHLY;INTERVAL=3"),
        ("every month on the 1st", "FREQ=MONTHLY;BYMONTHDAY=1"), ("every 15th", "FREQ=MONTHLY;BYMONTHDAY=15"),
        ("every last day of the month", "FREQ=MONTHLY;BYMONTHDAY=-1"),
        ("every month on the last day", "FREQ=MONTHLY;BYMONTHDAY=-1"),
        ("every last friday", "FREQ=MONTHLY;BYDAY=-1FR"), ("every 2nd tuesday", "FREQ=MONTHLY;BYDAY=2TU"),
        ("every first monday", "FREQ=MONTHLY;BYDAY=1MO"), ("every 5th friday", "FREQ=MONTHLY;BYDAY=5FR"),
        ("every year", "FREQ=YEARLY"), ("yearly", "FREQ=YEARLY"), ("annually", "FREQ=YEARLY"),
        ("every 2 years", "FREQ=YEARLY;INTERVAL=2"), ("every day for 10 times", "FREQ=DAILY;COUNT=10"),
        ("every week 3 times", "FREQ=WEEKLY;COUNT=3"), ("every month until 2027-06-30", "FREQ=MONTHLY;UNTIL=20270630"),
        ("3 days after done", "AFTER-DONE=P3D"), ("every 2 weeks after done", "AFTER-DONE=P2W"),
        ("a month after done", "AFTER-DONE=P1M"), ("FREQ=MONTHLY;BYDAY=-1FR", "FREQ=MONTHLY;BYDAY=-1FR"),
        ("RRULE:FREQ=WEEKLY;BYDAY=TU,TH", "FREQ=WEEKLY;BYDAY=TU,TH"),
    ]

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
        for text in ["", "  ", "none", "Never"] { #expect(try RepeatPhrase.read(text) == nil) }
    }

    static let refused: [(typed: String, mentions: String)] = [
        ("every 0 days", "every 1 to 1000 days"), ("every 1001 weeks", "every 1 to 1000"),
        ("sometimes", "is not a repeat Lists reads"), ("every blue moon", "is not a repeat Lists reads"),
        ("FREQ=SECONDLY", "FREQ=SECONDLY is more often than Lists repeats"), ("FREQ=DAILY;COUNT=10000000", "COUNT"),
        ("every day for 10000000 times", "1 to 1000 times"), ("every month until someday", "not a day to repeat until"),
        ("every 6th friday", "is not a repeat Lists reads"),
    ]

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
