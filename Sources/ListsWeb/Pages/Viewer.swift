import Foundation
import ListsHTTP
import ListsModel

/// Who is looking at a page, as far as dates are concerned: the locale they read dates in and their time zone.
///
/// The locale is the first language tag of `Accept-Language` (US English when there is none, `*`, or a tag
/// that is not one). The time zone is the `tz` cookie that app.js sets from the browser's
/// `Intl.DateTimeFormat().resolvedOptions().timeZone`, checked against the IANA names Foundation knows;
/// without it (first visit, no JavaScript) the server's own zone is used.
struct Viewer: Sendable {
    /// The locale dates are written in.
    var locale: Locale
    /// The BCP 47 tag of ``locale`` as the browser sent it, for the `lang` of a date.
    var languageTag: String
    /// The zone in which a date's day is decided and a typed date is read.
    var timeZone: Zone

    /// The viewer of `request`.
    init(_ request: HTTPRequest) {
        languageTag = Self.firstLanguageTag(request.headers["Accept-Language"]) ?? "en-US"
        locale = Locale(identifier: String(languageTag.map { $0 == "-" ? "_" : $0 }))
        timeZone = Self.cookie("tz", in: request.headers["Cookie"]).flatMap(Self.timeZone) ?? .current
    }

    /// The viewer of `request` looking at the to-do lists of the household `context` acts in: their locale, and the
    /// household's zone (``ListsModel/HouseholdTimeZone``), in which a task's due day is kept, typed, shown and
    /// found overdue, whatever zone each member's phone is in. Sightings keep the viewer's own zone: they are
    /// moments, shown where the viewer is.
    /// - Throws: what reading the household's setting throws, and ``RequestContext/lists`` outside a household.
    init(_ request: HTTPRequest, householdOf context: RequestContext) throws {
        self.init(request)
        timeZone = try context.lists.todo.tasks.store.householdTimeZone()
    }

    /// Whether the viewer's language writes decimals with a comma (`1,99`), as German and French do.
    var writesDecimalComma: Bool {
        locale.decimalSeparator == ","
    }

    /// How the viewer writes what they type into a form at `now`: their decimal comma, their zone.
    func conventions(now: Date = Date()) -> InputConventions {
        InputConventions(writesDecimalComma: writesDecimalComma, timeZone: timeZone, now: now)
    }

    /// `date` in the tutorial's medium style without a time (`Nov 29, 2026`), in the viewer's locale and zone.
    func mediumDate(_ date: Date) -> String {
        ListsFormat.mediumDate(date, locale: locale, timeZone: timeZone.foundation)
    }

    /// `date`'s day in the viewer's zone as an `<input type=date>` value: `2026-11-29`.
    func dayValue(_ date: Date) -> String {
        SightingDate.day(of: date, in: timeZone.foundation)
    }

    /// A `<time>` element showing `date` in medium style, machine-readable as the UTC instant.
    func timeElement(_ date: Date) -> String {
        "<time datetime=\"\(ListsFormat.isoTimestamp(date))\" lang=\"\(HTML.escape(languageTag))\">"
            + "\(HTML.escape(mediumDate(date)))</time>"
    }

    /// The first tag of an `Accept-Language` value (`fr-CH` of `fr-CH, fr;q=0.9`), when it looks like one.
    static func firstLanguageTag(_ header: String?) -> String? {
        guard let header else { return nil }
        let first = header.split(separator: ",", maxSplits: 1).first ?? ""
        let tag = (first.split(separator: ";", maxSplits: 1).first ?? "").trimmingWhitespace()
        let allowed = tag.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0 == "-") }
        guard (2...35).contains(tag.count), allowed, tag.first?.isLetter == true else { return nil }
        return tag
    }

    /// The value of the cookie `name` in a `Cookie` header (`a=1; tz=Europe%2FParis`), percent-decoded.
    static func cookie(_ name: String, in header: String?) -> String? {
        guard let header else { return nil }
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].trimmingWhitespace() == name else { continue }
            return String(parts[1].trimmingWhitespace()).removingPercentEncoding
        }
        return nil
    }

    /// The zone an IANA name (`Europe/Paris`) stands for; `nil` for anything Foundation does not know.
    static func timeZone(_ name: String) -> Zone? {
        guard (1...64).contains(name.count),
            name.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || "0123456789/_+-".unicodeScalars.contains($0))
            })
        else { return nil }
        return Zone(identifier: name)
    }
}
