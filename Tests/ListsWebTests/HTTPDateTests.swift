import Foundation
import Testing

@testable import ListsWeb

/// Dates in HTTP's form (RFC 9110 5.6.7, IMF-fixdate), as Foundation's formatter writes them.
@Suite struct HTTPDateTests {
    @Test(arguments: [0, -1, 784_111_777, 1_796_371_199, 1_796_371_200, 951_782_400, 2_000_000_000.75] as [Double])
    func aDateIsWrittenAsIMFFixdate(_ seconds: Double) {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let date = Date(timeIntervalSince1970: seconds)
        #expect(HTTPDate.text(date) == formatter.string(from: date))
    }

    @Test func theRFCsExampleIsWrittenAsTheRFCWritesIt() {
        #expect(HTTPDate.text(Date(timeIntervalSince1970: 784_111_777)) == "Sun, 06 Nov 1994 08:49:37 GMT")
    }
}
