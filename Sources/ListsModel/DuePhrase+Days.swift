extension DuePhrase {
    /// The day that `words` (a phrase without its time) say; `nil` when they are not written as one.
    /// - Throws: ``ValidationError`` when they are written as a day that does not exist (`feb 30`, `2026-13-01`).
    func dayPart(_ words: ArraySlice<Word>) throws -> DayPart? {
        let typed = Quoted(words.map(\.typed).joinedInline(separator: " "))
        var words = words
        if words.first?.text == "on" { words = words.dropFirst() }
        // `the` and `of` add nothing to a day: `the 1st`, `the 24th of december`, `end of the month`.
        let texts = words.map(\.text).filter { $0 != "the" && $0 != "of" }
        let keys = texts.map(Self.keyword)
        switch keys.count {
        case 1:
            switch keys[0] {
            case nil: return try numericDay(texts[0], typed: typed).map(DayPart.day)
            case .today?: return .day(today)
            case .tonight?: return .tonight
            case .tomorrow?: return .day(today.adding(days: 1))
            case .yesterday?: return .day(today.adding(days: -1))
            case .weekday(let weekday)?: return .day(next(weekday))
            case .endOf(let unit)?: return endOf(unit).map(DayPart.day)
            default: return nil
            }
        case 2:
            switch (keys[0], keys[1]) {
            case (.next?, .weekday(let weekday)?): return .day(next(weekday))
            case (.this?, .weekday(let weekday)?): return .day(today.adding(days: (weekday - today.weekday + 7) % 7))
            case (.next?, .unit(let unit)?): return startOfNext(unit).map(DayPart.day)
            case (.end?, .unit(let unit)?): return endOf(unit).map(DayPart.day)
            case (nil, .unit(let unit)?): return Self.count(texts[0]).map { later($0, unit) }
            case (.one?, .unit(let unit)?): return later(1, unit)
            case (.month(let month)?, nil): return try day(month: month, texts[1], year: nil, typed: typed)
            case (nil, .month(let month)?): return try day(month: month, texts[0], year: nil, typed: typed)
            default: return nil
            }
        case 3:
            switch (keys[0], keys[1], keys[2]) {
            case (.in?, nil, .unit(let unit)?): return Self.count(texts[1]).map { later($0, unit) }
            case (.in?, .one?, .unit(let unit)?): return later(1, unit)
            case (.month(let month)?, nil, nil): return try day(month: month, texts[1], year: texts[2], typed: typed)
            case (nil, .month(let month)?, nil): return try day(month: month, texts[0], year: texts[2], typed: typed)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// The next `weekday` after today (1 is Monday), never today: `fri` on a Friday is a week later.
    private func next(_ weekday: Int) -> Day {
        today.adding(days: (weekday - today.weekday + 6) % 7 + 1)
    }

    /// How many units `text` counts: 0 to 9,999,999 (more is centuries past the last year Lists reads anyway).
    private static func count(_ text: String) -> Int? {
        number(Substring(text), digits: 1...7)
    }

    /// The day a month's name and the words of its day (`24`, `24th`) and year (`2027`, or none) say.
    private func day(month: Int, _ dayText: String, year yearText: String?, typed: Quoted) throws -> DayPart? {
        guard let (day, _) = Self.dayOfMonth(dayText) else { return nil }
        var year: Int?
        if let yearText {
            guard let written = Self.number(Substring(yearText), digits: 4...9) else { return nil }
            year = written
        }
        return .day(try self.day(month: month, day: day, year: year, typed: typed))
    }

    /// The day one word without letters of a day's name says: `2026-12-24`, `24.12.`, `12/24`, `15th`.
    private func numericDay(_ word: String, typed: Quoted) throws -> Day? {
        if word.contains("-") { return try isoDay(Substring(word), typed: typed.text) }
        if word.contains(".") || word.contains("/") {
            let isSlashed = word.contains("/")
            let parts = word.split(separator: isSlashed ? "/" : ".", omittingEmptySubsequences: false)
            guard (2...3).contains(parts.count), let first = Self.number(parts[0], digits: 1...2),
                let second = Self.number(parts[1], digits: 1...2)
            else { return nil }
            var year: Int?
            if parts.count == 3, !(parts[2].isEmpty && !isSlashed) {
                // Two digits are this century's (24.12.26); a due date is rarely a century away.
                guard let written = Self.number(parts[2], digits: 2...9), parts[2].count != 3 else { return nil }
                year = parts[2].count == 2 ? 2000 + written : written
            }
            guard isSlashed else { return try day(month: second, day: first, year: year, typed: typed) }
            switch slashes {
            case .monthFirst: return try day(month: first, day: second, year: year, typed: typed)
            case .dayFirst: return try day(month: second, day: first, year: year, typed: typed)
            case .refused:
                var readings: [(day: Day, hasYear: Bool)] = []
                for (month, day) in [(first, second), (second, first)] {
                    if let reading = try? self.day(month: month, day: day, year: year, typed: typed),
                        !readings.contains(where: { $0.day == reading })
                    {
                        readings.append((reading, year != nil))
                    }
                }
                throw ValidationError(field: "due", message: Self.slashesMessage(typed, readings: readings))
            }
        }
        guard let (day, isOrdinal) = Self.dayOfMonth(word), isOrdinal else { return nil }
        return try self.day(ofEveryMonth: day, typed: typed)
    }

    /// The day `2026-12-24` says (or `2026-1-5`, which no one means otherwise), `nil` for a word of another form.
    /// - Throws: ``ValidationError`` for a day that does not exist or a year outside 1 to 9999.
    func isoDay(_ word: Substring, typed: String) throws -> Day? {
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count >= 4, let month = Self.number(parts[1], digits: 1...2),
            let day = Self.number(parts[2], digits: 1...2)
        else { return nil }
        guard let year = Self.number(parts[0], digits: 4...9) else {
            guard parts[0].allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
            throw ValidationError(field: "due", message: Self.outOfRangeMessage(Quoted(typed)))
        }
        return try self.day(month: month, day: day, year: year, typed: Quoted(typed))
    }

    /// The day `day` of `month` in `year`, or, without a year, the next such day on or after today (the next
    /// 29 February that there is).
    /// - Throws: ``ValidationError`` for a day that does not exist or a year outside 1 to 9999.
    private func day(month: Int, day: Int, year: Int?, typed: Quoted) throws -> Day {
        let outOfRange = ValidationError(field: "due", message: Self.outOfRangeMessage(typed))
        if let year {
            guard (1...9999).contains(year) else { throw outOfRange }
            guard let found = Day(year: year, month: month, day: day) else {
                throw ValidationError(field: "due", message: Self.notADayMessage(year: year, month: month, day: day))
            }
            return found
        }
        // 2000 was a leap year: its months have every day any year's have.
        guard (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: 2000)).contains(day) else {
            throw ValidationError(field: "due", message: Self.notADayMessage(typed, month: month))
        }
        var year = today.year
        while year <= 9999 {
            if let found = Day(year: year, month: month, day: day), found >= today { return found }
            year += 1
        }
        throw outOfRange
    }

    /// The next day on or after today that is the `day`th of its month (the 31st: the next month with 31 days).
    private func day(ofEveryMonth day: Int, typed: Quoted) throws -> Day {
        guard (1...31).contains(day) else {
            throw ValidationError(field: "due", message: Self.notADayOfAMonthMessage(typed))
        }
        var (year, month, _) = today.parts
        // Within three months there is one of any day 1 to 31 on or after today.
        for _ in 0..<3 {
            if let found = Day(year: year, month: month, day: day), found >= today { return found }
            (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1)
        }
        throw ValidationError(field: "due", message: Self.outOfRangeMessage(typed))
    }

    /// `next week` (Monday, ISO 8601's first day of the week), `next month` (its 1st) or `next year` (1 January);
    /// `nil` for another unit. In 9999 the day is past the years Lists reads, which the caller refuses.
    private func startOfNext(_ unit: Unit) -> Day? {
        let (year, month, _) = today.parts
        switch unit {
        case .week: return today.adding(days: 8 - today.weekday)
        case .month:
            let (nextYear, nextMonth) = month == 12 ? (year + 1, 1) : (year, month + 1)
            return Day(daysSince1970: CivilDate.daysSince1970(year: nextYear, month: nextMonth, day: 1))
        case .year: return Day(daysSince1970: CivilDate.daysSince1970(year: year + 1, month: 1, day: 1))
        default: return nil
        }
    }

    /// The last day of this week (Sunday), month or year, which may be today; `nil` for another unit.
    private func endOf(_ unit: Unit) -> Day? {
        let (year, month, _) = today.parts
        switch unit {
        case .week: return today.adding(days: 7 - today.weekday)
        case .month: return Day(year: year, month: month, day: CivilDate.daysIn(month: month, year: year))
        case .year: return Day(year: year, month: 12, day: 31)
        default: return nil
        }
    }

    /// The day (or, for hours and minutes, the moment) `count` units after today: months and years keep the day
    /// of the month, or take the month's last day when it has fewer (31 January and a month: 28 or 29 February).
    /// Past 9999 the day is one the caller refuses.
    private func later(_ count: Int, _ unit: Unit) -> DayPart {
        switch unit {
        case .minute, .hour:
            let moment = today.daysSince1970 * 1440 + minute + count * (unit == .hour ? 60 : 1)
            let day = moment >= 0 ? moment / 1440 : (moment - 1439) / 1440
            return .moment(Due(day: Day(daysSince1970: day), minute: moment - day * 1440))
        case .day: return .day(today.adding(days: count))
        case .week: return .day(today.adding(days: count * 7))
        case .month, .year:
            let (year, month, day) = today.parts
            let months = year * 12 + month - 1 + count * (unit == .year ? 12 : 1)
            let (newYear, newMonth) = (months / 12, months % 12 + 1)
            let newDay = min(day, CivilDate.daysIn(month: newMonth, year: newYear))
            return .day(Day(daysSince1970: CivilDate.daysSince1970(year: newYear, month: newMonth, day: newDay)))
        }
    }
}
