import Foundation
import ListsExamples
import Testing

@testable import ListsModel

@Suite struct HouseholdTimeZoneTests {
    @Test(arguments: [
        ("Europe/Berlin", "Europe/Berlin"),
        ("america/new_york", "America/New_York"),
        ("EUROPE/BERLIN", "Europe/Berlin"),
        ("  Asia/Kolkata\n", "Asia/Kolkata"),
        ("America/Argentina/Salta", "America/Argentina/Salta"),
    ])
    func accepts(typed: String, identifier: String) throws {
        #expect(try HouseholdTimeZone.checked(typed).identifier == identifier, "\(Quoted(typed))")
    }

    @Test(arguments: [
        "UTC", "utc", "GMT", "gmt", " UTC ", "Etc/UTC", "etc/utc", "Etc/GMT", "Etc/Universal", "Etc/Zulu",
    ])
    func acceptsUTC(typed: String) throws {
        let zone = try HouseholdTimeZone.checked(typed)
        #expect(zone.secondsFromGMT(for: Date(timeIntervalSince1970: 0)) == 0, "\(Quoted(typed))")
        #expect(zone == .utc && zone.identifier == "UTC", "\(Quoted(typed))")
        #expect(try HouseholdTimeZone.checked(zone.identifier) == zone, "\(Quoted(typed))")
    }

    @Test(arguments: ["", "   "])
    func refusesNothing(typed: String) {
        #expect(
            throws: ValidationError(
                field: "timeZone",
                message: "a time zone is required: write one such as Europe/Berlin or America/New_York"
            )
        ) { try HouseholdTimeZone.checked(typed) }
    }

    @Test(arguments: [
        "Mars/Olympus", "EST", "GMT+2", "Europe/../../etc/passwd", "US/Eastern", "CET", "EST5EDT", "Europe/Nowhere",
        "Europe", "Europe/", "/Europe/Berlin", "America/Argentina/Salta/Centro", "Europe/Berlin\u{0}",
    ])
    func refuses(typed: String) {
        let message = "\(Quoted(typed)) is not a time zone: write one such as Europe/Berlin or America/New_York"
        #expect(throws: ValidationError(field: "timeZone", message: message)) {
            try HouseholdTimeZone.checked(typed)
        }
    }

    /// Every zone offered (the Household screen's choices, the API's enum) is one that is taken, named as offered.
    @Test func everyPlaceOfferedIsAccepted() throws {
        #expect(HouseholdTimeZone.places.count > 300 && HouseholdTimeZone.places.contains("UTC"))
        for place in HouseholdTimeZone.places {
            #expect(HouseholdTimeZone.name(of: try HouseholdTimeZone.checked(place)) == place, "\(place)")
        }
    }

    @Test func theServerDefaultFollowsTZ() throws {
        let newYork = try #require(Zone(identifier: "America/New_York"))
        let berlin = "Europe/Berlin"
        #expect(HouseholdTimeZone.serverDefault(tz: ":Europe/Berlin", current: newYork).identifier == berlin)
        #expect(HouseholdTimeZone.serverDefault(tz: "Europe/Berlin", current: newYork).identifier == berlin)
        #expect(
            HouseholdTimeZone.serverDefault(tz: "/usr/share/zoneinfo/Asia/Kolkata", current: newYork).identifier
                == "Asia/Kolkata")
        #expect(
            HouseholdTimeZone.serverDefault(tz: ":/usr/share/zoneinfo/Asia/Kolkata", current: newYork).identifier
                == "Asia/Kolkata")
    }

    @Test(arguments: [nil, "", ":", "garbage", "EST", "Europe/../../etc/passwd", "/usr/share/zoneinfo/Mars/Olympus"])
    func theServerDefaultFallsBackToTheSystemsZone(tz: String?) throws {
        let newYork = try #require(Zone(identifier: "America/New_York"))
        #expect(HouseholdTimeZone.serverDefault(tz: tz, current: newYork) == newYork, "\(tz ?? "nil")")
    }

    @Test func theServerDefaultFallsBackToUTCWhenTheSystemsZoneIsNoPlace() throws {
        let utc = try HouseholdTimeZone.checked("UTC")
        let eastern = try #require(Zone(identifier: "EST"))
        #expect(HouseholdTimeZone.serverDefault(tz: "garbage", current: eastern) == utc)
        #expect(HouseholdTimeZone.serverDefault(tz: nil, current: eastern) == utc)
    }

    @Test func theServerDefaultIsAZoneThatReadsBack() throws {
        let zone = HouseholdTimeZone.serverDefault
        #expect(try HouseholdTimeZone.checked(zone.identifier) == zone)
    }
}
