import Foundation
import Testing

@testable import ListsModel

/// Lists's own zones (``Zone``, ``ZoneRules``) against Foundation's, which reads ICU's copy of the tz database with
/// code of its own, and against the rules' text by hand.
@Suite struct ZoneTests {
    /// Moments from 1900 to 2100: the 1st and the 15th of each month at 00:30, 12:00 and 23:30 UTC, and a
    /// day either side of each of the zone's changes that Foundation knows of (where an off-by-one would show).
    static func moments(around zone: TimeZone, from start: Int, to end: Int) -> [Date] {
        var moments: [Date] = []
        for year in start...end {
            for month in 1...12 {
                for day in [1, 15] {
                    let midnight = Double(CivilDate.daysSince1970(year: year, month: month, day: day) * 86_400)
                    for seconds in [1_800.0, 43_200, 84_600] {
                        moments.append(Date(timeIntervalSince1970: midnight + seconds))
                    }
                }
            }
        }
        var change = Date(
            timeIntervalSince1970: Double(CivilDate.daysSince1970(year: start, month: 1, day: 1) * 86_400))
        let last = Date(timeIntervalSince1970: Double(CivilDate.daysSince1970(year: end, month: 12, day: 31) * 86_400))
        while let next = zone.nextDaylightSavingTimeTransition(after: change), next < last {
            for seconds in [-86_400.0, -3_601, -1, 0, 1, 3_599, 86_400] { moments.append(next + seconds) }
            change = next
        }
        return moments
    }

    /// The zones most households are in, compared moment by moment with Foundation's from 1900 to 2100, both the
    /// years the files list each change of and the years after, which the files' rules give.
    @Test(arguments: [
        "Europe/Berlin", "Europe/London", "Europe/Dublin", "Europe/Lisbon", "Europe/Moscow", "America/New_York",
        "America/Los_Angeles", "America/Chicago", "America/Denver", "America/Phoenix", "America/Sao_Paulo",
        "America/Santiago", "America/Nuuk", "America/St_Johns", "America/Havana", "America/Mexico_City",
        "Asia/Kolkata", "Asia/Tokyo", "Asia/Shanghai", "Asia/Tehran", "Asia/Jerusalem", "Asia/Kathmandu",
        "Australia/Sydney", "Australia/Adelaide", "Australia/Lord_Howe", "Australia/Perth", "Pacific/Auckland",
        "Pacific/Chatham", "Pacific/Kiritimati", "Pacific/Apia", "Africa/Cairo", "Africa/Casablanca",
        "Africa/Johannesburg", "Antarctica/Troll",
    ])
    func aPlacesOffsetIsFoundationsAtEveryMoment(name: String) throws {
        let foundation = try #require(TimeZone(identifier: name))
        let zone = try #require(Zone(identifier: name))
        try #require(Zone.systemRules(name) != nil, "\(name) is read from the system's tz database")
        var differences: [String] = []
        for moment in Self.moments(around: foundation, from: 1900, to: 2100) {
            let expected = foundation.secondsFromGMT(for: moment)
            let offset = zone.secondsFromGMT(for: moment)
            if offset != expected, differences.count < 5 { differences.append("\(moment): \(offset), not \(expected)") }
        }
        #expect(differences.isEmpty, "\(name): \(differences)")
    }

    /// Every zone of the system's database that Foundation knows too, compared each month from 1970 to 2060. The two
    /// databases are not always of one release (a country changing its clocks reaches one before the other), so a
    /// zone may differ in the years a release changed; a zone that differs in most years would be misread.
    @Test func everyZoneAgreesWithFoundationYearByYear() throws {
        var read = 0
        var misread: [String] = []
        for name in TimeZone.knownTimeZoneIdentifiers {
            guard let rules = Zone.systemRules(name), let foundation = TimeZone(identifier: name) else { continue }
            read += 1
            var years = Set<Int>()
            for year in 1970...2060 {
                for month in 1...12 {
                    let moment = Int64(CivilDate.daysSince1970(year: year, month: month, day: 15) * 86_400 + 43_200)
                    if rules.offset(at: moment)
                        != foundation.secondsFromGMT(for: Date(timeIntervalSince1970: Double(moment)))
                    {
                        years.insert(year)
                    }
                }
            }
            if years.count > 8 { misread.append("\(name) in \(years.sorted())") }
        }
        #expect(read > 300, "zones read from the system's database: \(read)")
        #expect(misread.isEmpty, "\(misread)")
    }

    @Test func utcAndItsNamesNeedNoDatabase() throws {
        for name in ["UTC", "GMT", "Etc/UTC", "Etc/GMT"] {
            let zone = try #require(Zone(identifier: name))
            #expect(zone == .utc && zone.identifier == "UTC" && zone.secondsFromGMT() == 0, "\(name)")
        }
        #expect(Zone(TimeZone(secondsFromGMT: 0)!) == .utc)
    }

    /// A name is a file's in the database only as the name of one: no path leaves it.
    @Test(arguments: [
        "../../etc/passwd", "Europe/../../../etc/passwd", "/etc/localtime", "Europe/./Berlin", "Europe//Berlin",
        "", "Europe/Berlin/", ".hidden", "-Europe", "Europe/Berlin\u{0}", "Europe/Berlín",
    ])
    func aNameThatIsAPathIsNoZone(name: String) {
        #expect(Zone.systemRules(name) == nil, "\(name)")
    }

    // MARK: The rules after a file's last change

    /// The moment `year`-`month`-`day` at `hour`:`minute` UTC.
    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Int64 {
        Int64(CivilDate.daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60)
    }

    @Test func centralEuropeChangesOnTheLastSundays() throws {
        let rule = try #require(PosixRule("CET-1CEST,M3.5.0,M10.5.0/3"))
        // 2050: the last Sunday of March is the 27th, of October the 30th; 02:00 CET is 01:00 UTC, and 03:00 CEST too.
        #expect(rule.offset(at: Self.utc(2050, 3, 27, 0, 59)) == 3_600)
        #expect(rule.offset(at: Self.utc(2050, 3, 27, 1)) == 7_200)
        #expect(rule.offset(at: Self.utc(2050, 10, 30, 0, 59)) == 7_200)
        #expect(rule.offset(at: Self.utc(2050, 10, 30, 1)) == 3_600)
        #expect(rule.offset(at: Self.utc(2050, 1, 1)) == 3_600 && rule.offset(at: Self.utc(2050, 12, 31, 23)) == 3_600)
    }

    @Test func theSouthsSummerSpansTheNewYear() throws {
        let rule = try #require(PosixRule("AEST-10AEDT,M10.1.0,M4.1.0/3"))
        #expect(rule.offset(at: Self.utc(2050, 1, 1)) == 39_600)
        #expect(rule.offset(at: Self.utc(2050, 6, 1)) == 36_000)
        #expect(rule.offset(at: Self.utc(2050, 12, 31)) == 39_600)
        // The first Sunday of October 2050 is the 2nd: 02:00 AEST is 16:00 UTC the day before.
        #expect(rule.offset(at: Self.utc(2050, 10, 1, 15, 59)) == 36_000)
        #expect(rule.offset(at: Self.utc(2050, 10, 1, 16)) == 39_600)
    }

    @Test func irelandsWinterIsItsDaylightTime() throws {
        // Irish Standard Time is summer's; the rule's "daylight" time, GMT, is winter's.
        let rule = try #require(PosixRule("IST-1GMT0,M10.5.0,M3.5.0/1"))
        #expect(rule.offset(at: Self.utc(2050, 1, 15)) == 0)
        #expect(rule.offset(at: Self.utc(2050, 7, 15)) == 3_600)
    }

    @Test func changesBeforeMidnightAndOffsetsInMinutes() throws {
        // Greenland from 2023: the change at -01:00 local, the day before the last Sunday.
        let nuuk = try #require(PosixRule("<-02>2<-01>,M3.5.0/-1,M10.5.0/0"))
        // The last Sunday of March 2050 is the 27th; -01:00 of it is 26th 23:00 at UTC-2, 27th 01:00 UTC.
        #expect(nuuk.offset(at: Self.utc(2050, 3, 27, 0, 59)) == -7_200)
        #expect(nuuk.offset(at: Self.utc(2050, 3, 27, 1)) == -3_600)
        let lordHowe = try #require(PosixRule("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0"))
        #expect(lordHowe.offset(at: Self.utc(2050, 7, 1)) == 37_800)
        #expect(lordHowe.offset(at: Self.utc(2050, 1, 1)) == 39_600)
        let india = try #require(PosixRule("IST-5:30"))
        #expect(india.offset(at: Self.utc(2050, 7, 1)) == 19_800 && india.daylight == nil)
        let newYork = try #require(PosixRule("EST5EDT,M3.2.0,M11.1.0"))
        #expect(newYork.offset(at: Self.utc(2050, 7, 1)) == -14_400)
        #expect(newYork.offset(at: Self.utc(2050, 12, 1)) == -18_000)
    }

    @Test func daysOfTheYearCountedBothWays() throws {
        // Jn never counts February 29; n does. Day 60 is March 1st as Jn, February 29th as n in a leap year.
        let julian = try #require(PosixRule("AAA0BBB,J60/0,J300/0"))
        let zeroBased = try #require(PosixRule("AAA0BBB,59/0,300/0"))
        #expect(julian.offset(at: Self.utc(2048, 2, 29, 12)) == 0)
        #expect(julian.offset(at: Self.utc(2048, 3, 1, 0)) == 3_600)
        #expect(zeroBased.offset(at: Self.utc(2048, 2, 28, 23)) == 0)
        #expect(zeroBased.offset(at: Self.utc(2048, 2, 29, 0)) == 3_600)
    }

    @Test(arguments: [
        "", "X", "CET", "CET-1CEST", "CET-1CEST,M3.5.0", "CET-1CEST,M13.5.0,M10.5.0", "CET-1CEST,M3.6.0,M10.5.0",
        "CET-1CEST,M3.5.7,M10.5.0", "CET-168", "CET-1CEST,M3.5.0/168,M10.5.0", "<+05", "<+0>-0", "CET-1CEST,J0,J10",
        "CET-1CEST,366,10", "CET-1:60", "CET-1CEST,M3.5.0,M10.5.0 ",
    ])
    func aRuleThatIsNotOneIsRefused(text: String) {
        #expect(PosixRule(text) == nil, "\(text)")
    }

    // MARK: Files

    @Test func aFileCutShortOrOfAnotherKindIsNotRead() throws {
        let bytes = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Berlin")).map { $0 }
        #expect(ZoneRules(tzif: bytes) != nil)
        for length in [0, 4, 43, 44, 100, bytes.count / 2, bytes.count - 1] {
            #expect(ZoneRules(tzif: Array(bytes.prefix(length))) == nil, "\(length) bytes")
        }
        var wrongMagic = bytes
        wrongMagic[0] = UInt8(ascii: "X")
        #expect(ZoneRules(tzif: wrongMagic) == nil)
        var badVersion = bytes
        badVersion[4] = UInt8(ascii: "9")
        #expect(ZoneRules(tzif: badVersion) == nil)
    }

    @Test func aVersionOneFileIsReadFromItsThirtyTwoBitTimes() throws {
        let bytes = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Berlin")).map { $0 }
        var first = bytes
        first[4] = 0
        let version1 = try #require(ZoneRules(tzif: first))
        let version2 = try #require(ZoneRules(tzif: bytes))
        // Both list the changes up to 2037; only version 2's rule goes on after them.
        #expect(
            version1.offset(at: Self.utc(2030, 7, 1)) == 7_200 && version2.offset(at: Self.utc(2030, 7, 1)) == 7_200)
        #expect(version1.rule == nil && version2.rule != nil)
        #expect(version2.offset(at: Self.utc(2090, 7, 1)) == 7_200)
    }
}
