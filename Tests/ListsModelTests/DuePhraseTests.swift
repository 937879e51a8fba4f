import Foundation
import ListsExamples
import Testing

@testable import ListsModel

/// A reading on the day written `today` (`YYYY-MM-DD`) at `minute` minutes after midnight.
private func phrase(
    _ today: String = DuePhraseExamples.today, at minute: Int = DuePhraseExamples.minute,
    slashes: DuePhrase.Slashes = .refused
) throws -> DuePhrase {
    DuePhrase(today: try #require(Day(iso: today), "\(today) is a day"), now: minute, slashes: slashes)
}

/// The message of the ``ValidationError`` on `due` that reading `typed` throws, or `nil` when it throws none.
private func refusal(_ typed: String, by reading: DuePhrase) -> String? {
    do {
        let due = try reading.read(typed)
        Issue.record("\(Quoted(typed)) was read as \(due), not refused")
        return nil
    } catch let error as ValidationError {
        #expect(error.field == "due", "\(Quoted(typed))")
        return error.message
    } catch {
        Issue.record("\(Quoted(typed)) threw \(error), not a ValidationError")
        return nil
    }
}

@Suite struct DuePhraseTests {
    @Test func theTablesAreLargeAndTheirPhrasesDistinct() {
        #expect(DuePhraseExamples.read.count >= 60)
        #expect(DuePhraseExamples.refused.count >= 15)
        #expect(Set(DuePhraseExamples.read.map(\.typed)).count == DuePhraseExamples.read.count)
        #expect(Set(DuePhraseExamples.refused.map(\.typed)).count == DuePhraseExamples.refused.count)
    }

    @Test func theReferenceDayIsAFriday() throws {
        #expect(try #require(Day(iso: DuePhraseExamples.today)).weekday == 5)
    }

    @Test(arguments: DuePhraseExamples.read)
    func reads(typed: String, due: String) throws {
        let reading = try phrase()
        #expect(try reading.read(typed).description == due, "\(Quoted(typed))")
        #expect(try reading.readIfAny(typed)?.description == due, "\(Quoted(typed))")
        // What is read is what is stored: it reads back as the same due date.
        #expect(Due(iso: due).map { try? reading.read($0.description) } == Due(iso: due), "\(due)")
    }

    @Test(arguments: DuePhraseExamples.refused)
    func refuses(typed: String, mentions: String) throws {
        let message = try #require(refusal(typed, by: try phrase()), "\(Quoted(typed))")
        #expect(message.contains(mentions), "\(Quoted(typed)): \(message)")
        // A text that is not read at all, or is missing, is answered with the forms that are.
        if message.contains("is not a date Lists reads") || message.contains("is required") {
            #expect(message.hasSuffix(DuePhrase.allowed), "\(Quoted(typed)): \(message)")
        }
    }

    @Test func anEmptyTextIsNoDueDate() throws {
        let reading = try phrase()
        for typed in ["", "  ", " \t\n ", ",", " , "] {
            #expect(try reading.readIfAny(typed) == nil, "\(Quoted(typed))")
        }
    }

    @Test func aMessageQuotesTheTextAsTypedWithoutTheSpacesAround() throws {
        let message = try #require(refusal("  Some Day  ", by: try phrase()))
        #expect(message == "\"Some Day\" is not a date Lists reads: \(DuePhrase.allowed)")
    }

    @Test func tonightIsSixInTheEveningUntilThenAndAllOfTodayAfter() throws {
        #expect(try phrase(at: 0).read("tonight").description == "2026-12-04T18:00")
        #expect(try phrase(at: 17 * 60 + 59).read("tonight").description == "2026-12-04T18:00")
        #expect(try phrase(at: 18 * 60).read("tonight").description == "2026-12-04")
        #expect(try phrase(at: 23 * 60 + 59).read("tonight").description == "2026-12-04")
        // A time said with it is that time, whatever the hour.
        #expect(try phrase(at: 22 * 60).read("tonight 9pm").description == "2026-12-04T21:00")
    }

    @Test func aTimeAloneAtThisVeryMinuteIsTomorrows() throws {
        #expect(try phrase(at: 14 * 60 + 30).read("14:30").description == "2026-12-05T14:30")
        #expect(try phrase(at: 14 * 60 + 30).read("2:30pm").description == "2026-12-05T14:30")
        #expect(try phrase(at: 14 * 60 + 29).read("14:30").description == "2026-12-04T14:30")
        #expect(try phrase(at: 0).read("00:00").description == "2026-12-05T00:00")
        #expect(try phrase(at: 0).read("00:01").description == "2026-12-04T00:01")
        #expect(try phrase(at: 12 * 60).read("noon").description == "2026-12-05T12:00")
        #expect(try phrase(at: 23 * 60 + 59).read("midnight").description == "2026-12-05T23:59")
        #expect(try phrase(at: 23 * 60 + 58).read("midnight").description == "2026-12-04T23:59")
    }

    @Test func slashesMonthFirst() throws {
        let reading = try phrase(slashes: .monthFirst)
        #expect(try reading.read("12/24").description == "2026-12-24")
        #expect(try reading.read("12/24/2027").description == "2027-12-24")
        #expect(try reading.read("12/24/27").description == "2027-12-24")
        #expect(try reading.read("3/4").description == "2027-03-04")
        #expect(try reading.read("12/24 6pm").description == "2026-12-24T18:00")
        let message = try #require(refusal("24/12", by: reading))
        #expect(message == "\"24/12\" is not a day: a year has 12 months")
    }

    @Test func slashesDayFirst() throws {
        let reading = try phrase(slashes: .dayFirst)
        #expect(try reading.read("24/12").description == "2026-12-24")
        #expect(try reading.read("24/12/2027").description == "2027-12-24")
        #expect(try reading.read("3/4").description == "2027-04-03")
        #expect(try reading.read("fri").description == "2026-12-11")
        let message = try #require(refusal("12/24/2026", by: reading))
        #expect(message == "2026-24-12 is not a day: a year has 12 months")
        #expect(try #require(refusal("31/4", by: reading)) == "\"31/4\" is not a day: April has 30 days")
    }

    @Test func slashesRefusedNameEachWayToWriteTheDay() throws {
        let reading = try phrase()
        let one = try #require(refusal("4/4", by: reading))
        #expect(one == "\"4/4\" could be month first or day first: write 2027-04-04 or 4.4.")
        let both = try #require(refusal("3/4", by: reading))
        #expect(
            both == "\"3/4\" could be month first or day first: "
                + "write 2027-03-04 or 4.3. (4 March), 2027-04-03 or 3.4. (3 April)")
    }

    @Test func aMonthLaterIsTheSameDayOrTheMonthsLast() throws {
        #expect(try phrase("2027-01-31").read("in 1 month").description == "2027-02-28")
        #expect(try phrase("2028-01-31").read("in a month").description == "2028-02-29")
        #expect(try phrase("2026-03-31").read("in 1 month").description == "2026-04-30")
        #expect(try phrase("2026-12-31").read("in 2 months").description == "2027-02-28")
        #expect(try phrase("2026-01-31").read("in 12 months").description == "2027-01-31")
        #expect(try phrase("2028-02-29").read("in 1 year").description == "2029-02-28")
        #expect(try phrase("2028-02-29").read("in 4 years").description == "2032-02-29")
    }

    @Test func aDayOfTheMonthIsTheNextMonthThatHasIt() throws {
        #expect(try phrase("2026-11-10").read("31st").description == "2026-12-31")
        #expect(try phrase("2026-04-30").read("the 31st").description == "2026-05-31")
        #expect(try phrase("2027-02-01").read("29th").description == "2027-03-29")
        #expect(try phrase("2028-02-01").read("29th").description == "2028-02-29")
        #expect(try phrase("2027-02-15").read("30th").description == "2027-03-30")
        #expect(try phrase("2026-12-31").read("31st").description == "2026-12-31")
        #expect(try phrase("2026-12-31").read("30th").description == "2027-01-30")
    }

    @Test func theTwentyNinthOfFebruaryIsTheNextThatExists() throws {
        #expect(try phrase("2028-02-29").read("feb 29").description == "2028-02-29")
        #expect(try phrase("2028-03-01").read("feb 29").description == "2032-02-29")
        #expect(try phrase("2096-03-01").read("29.2.").description == "2104-02-29")
        #expect(try phrase("2028-03-01").read("feb 29 2028").description == "2028-02-29")
    }

    @Test func weekdaysFromASunday() throws {
        let reading = try phrase("2026-12-06")
        #expect(try reading.read("mon").description == "2026-12-07")
        #expect(try reading.read("sun").description == "2026-12-13")
        #expect(try reading.read("this sun").description == "2026-12-06")
        #expect(try reading.read("next week").description == "2026-12-07")
        #expect(try reading.read("end of week").description == "2026-12-06")
    }

    @Test func daysPastTheLastYearAreRefused() throws {
        let reading = try phrase("9999-12-31", at: 23 * 60)
        #expect(try reading.read("today").description == "9999-12-31")
        #expect(try reading.read("23:30").description == "9999-12-31T23:30")
        for typed in ["tomorrow", "next year", "next month", "in 2 hours", "fri", "dec 30", "22:00", "1st"] {
            let message = try #require(refusal(typed, by: reading), "\(Quoted(typed))")
            #expect(message == "\(Quoted(typed)) is outside the years Lists reads (1 to 9999)")
        }
    }

    @Test func aMomentIsReadInTheHouseholdsZone() throws {
        // 02:00 UTC on 5 December 2026: 18:00 on the 4th in Los Angeles, 03:00 on the 5th in Berlin.
        let moment = try #require(ISO8601DateFormatter().date(from: "2026-12-05T02:00:00Z"))
        let losAngeles = try #require(Zone(identifier: "America/Los_Angeles"))
        let berlin = try #require(Zone(identifier: "Europe/Berlin"))
        let there = DuePhrase(now: moment, in: losAngeles)
        #expect(there.today.description == "2026-12-04")
        #expect(there.minute == 18 * 60)
        #expect(try there.read("today").description == "2026-12-04")
        #expect(try there.read("tonight").description == "2026-12-04")
        let here = DuePhrase(now: moment, in: berlin, slashes: .dayFirst)
        #expect(here.today.description == "2026-12-05")
        #expect(here.minute == 3 * 60)
        #expect(here.slashes == .dayFirst)
        #expect(try here.read("tonight").description == "2026-12-05T18:00")
        #expect(try here.read("fri").description == "2026-12-11")
    }

    @Test func aMomentBefore1970() throws {
        let reading = DuePhrase(now: Date(timeIntervalSince1970: -30 * 60), in: .utc)
        #expect(reading.today.description == "1969-12-31")
        #expect(reading.minute == 23 * 60 + 30)
    }
}
