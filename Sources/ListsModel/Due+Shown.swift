import Foundation

extension Due {
    /// The due date as a screen shows it to someone whose day is `today`: `Today`, `Tomorrow`, `Yesterday`, a
    /// weekday's name within the coming week (`Friday`), else the day in `locale`'s medium manner without the year
    /// when it is this year's (`24 Dec`, `Dec 24, 2027`); then the time in `locale`'s manner (`Tomorrow 09:00`,
    /// `Tomorrow 9:00 AM`).
    ///
    /// The words Today, Tomorrow and Yesterday are English, as every word of Lists is (Foundation on Linux has no
    /// relative date formatting); weekday names, dates and times follow the locale, as Lists' other dates do.
    /// Display only: it builds date formatters, which cost tens of microseconds.
    public func shown(today: Day, locale: Locale) -> String {
        let formatter = DateFormatter()
        formatter.locale = locale
        // The due date is already a wall-clock day and time; formatting it as UTC shows exactly those, with no
        // daylight-saving change in between to skip an hour.
        formatter.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        let midnight = Date(timeIntervalSince1970: Double(day.daysSince1970) * 86_400)
        var shown: String
        switch day.daysSince1970 - today.daysSince1970 {
        case 0: shown = "Today"
        case 1: shown = "Tomorrow"
        case -1: shown = "Yesterday"
        case 2...6:
            // Within the coming week a weekday's name is a day; a week away, `Friday` could be read as this one.
            formatter.setLocalizedDateFormatFromTemplate("EEEE")
            shown = formatter.string(from: midnight)
        default:
            formatter.setLocalizedDateFormatFromTemplate(day.year == today.year ? "dMMM" : "dMMMy")
            shown = formatter.string(from: midnight)
        }
        guard let minute else { return shown }
        formatter.dateStyle = .none
        formatter.timeStyle = .short
        let time = formatter.string(from: midnight.addingTimeInterval(Double(minute) * 60))
        // Recent CLDR puts a narrow no-break space before AM and PM: a plain one reads the same on every terminal
        // and every version of the locale data.
        shown += " " + time.replacingOccurrences(of: "\u{202F}", with: " ")
        return shown
    }

    /// Whether it is past due at `now` for a household in `zone`: a day once it is over (from the next day's
    /// midnight), a time once its moment has passed.
    public func isOverdue(now: Date, in zone: Zone) -> Bool {
        guard minute != nil else { return now >= Due(day: day.adding(days: 1)).instant(in: zone) }
        return now > instant(in: zone)
    }
}
