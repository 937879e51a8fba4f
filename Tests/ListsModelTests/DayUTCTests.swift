import Foundation
import ListsModel
import Testing

/// A moment's UTC day and time of day, as Foundation's Gregorian calendar in UTC gives them: either side of 1970,
/// at midnight and a second before it, in a leap year's February.
@Suite struct DayUTCTests {
    @Test(
        arguments: [
            0, 1, -1, 86_399, 86_400, -86_400, -86_401, 951_782_399, 951_782_400, 1_796_371_200, 1_796_371_199.999,
            253_402_300_799, -2_208_988_800,
        ] as [Double])
    func aMomentIsItsUTCDayAndTime(_ seconds: Double) throws {
        let moment = Date(timeIntervalSince1970: seconds)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: moment)
        let (day, hour, minute, second) = Day.utc(moment)
        #expect([day.year, day.month, day.day] == [parts.year, parts.month, parts.day], "\(seconds)")
        #expect([hour, minute, second] == [parts.hour, parts.minute, parts.second], "\(seconds)")
        // Its basic form is its ISO form without the hyphens.
        #expect(day.basic == day.description.replacingOccurrences(of: "-", with: ""))
    }
}
