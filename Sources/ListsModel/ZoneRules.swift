/// A place's time zone as the tz database's compiled file for it says (TZif, RFC 8536: what `zic` writes into
/// `/usr/share/zoneinfo`): the moments its offset from UTC changed, and for the moments after the last of them, the
/// rule of its daylight-saving time as a POSIX `TZ` string (`CET-1CEST,M3.5.0,M10.5.0/3`).
///
/// Read by Lists itself so that a date's offset needs neither ICU's zone data nor Foundation's zone cache
/// (``Zone``). Only what the offset needs is kept: no abbreviations, no leap seconds (the files Debian installs have
/// none; a file with some is read as if it had none, as `localtime` does with the `posix` files).
struct ZoneRules: Sendable {
    /// The moments, in seconds since 1970 in UTC, at which the offset changed, in order.
    let transitions: [Int64]
    /// The offset in seconds east of UTC from each transition on.
    let offsets: [Int32]
    /// The offset before the first transition (the file's first local time type).
    let initialOffset: Int32
    /// The offsets after the last transition, when the file gives a rule (version 2 and later).
    let rule: PosixRule?

    /// The offset from UTC, in seconds east of it, at `moment` (seconds since 1970).
    func offset(at moment: Int64) -> Int {
        guard let last = transitions.last else { return rule?.offset(at: moment) ?? Int(initialOffset) }
        guard moment >= transitions[0] else { return Int(initialOffset) }
        if moment >= last, let rule { return rule.offset(at: moment) }
        // The last transition at or before the moment.
        var low = 0
        var high = transitions.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if transitions[middle] <= moment { low = middle } else { high = middle - 1 }
        }
        return Int(offsets[low])
    }

    /// The rules a TZif file's `bytes` give, or `nil` for bytes that are not one (or one Lists cannot use).
    init?(tzif bytes: [UInt8]) {
        var reader = Reader(bytes: bytes)
        guard let first = reader.header() else { return nil }
        // Version 1 stores its times in 32 bits; from version 2 on, the same data follow again in 64 bits, and
        // then the rule for what comes after them.
        if first.version == 0 {
            guard let data = reader.data(first, timeSize: 4) else { return nil }
            self.init(data, rule: nil)
            return
        }
        guard reader.skip(first.length(timeSize: 4)), let second = reader.header(),
            let data = reader.data(second, timeSize: 8)
        else { return nil }
        let rule: PosixRule?
        switch reader.footer() {
        case .none: return nil
        case .some(""): rule = nil
        case .some(let text):
            guard let read = PosixRule(text) else { return nil }
            rule = read
        }
        self.init(data, rule: rule)
    }

    private init(_ data: Reader.Data, rule: PosixRule?) {
        transitions = data.times
        offsets = data.typeIndices.map { data.offsets[Int($0)] }
        initialOffset = data.offsets[0]
        self.rule = rule
    }

    /// Reads a TZif file from its start.
    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        struct Header {
            let version: UInt8
            let isUTCCount, isStandardCount, leapCount, timeCount, typeCount, characterCount: Int

            /// The length of the data block after this header.
            func length(timeSize: Int) -> Int {
                timeCount * timeSize + timeCount + typeCount * 6 + characterCount + leapCount * (timeSize + 4)
                    + isStandardCount + isUTCCount
            }
        }

        struct Data {
            let times: [Int64]
            let typeIndices: [UInt8]
            let offsets: [Int32]
        }

        mutating func header() -> Header? {
            guard position + 44 <= bytes.count, bytes[position..<position + 4].elementsEqual("TZif".utf8) else {
                return nil
            }
            let version = bytes[position + 4]
            guard version == 0 || (UInt8(ascii: "2")...UInt8(ascii: "4")).contains(version) else { return nil }
            position += 20
            var counts: [Int] = []
            for _ in 0..<6 { counts.append(Int(UInt32(truncatingIfNeeded: integer(size: 4)))) }
            let header = Header(
                version: version == 0 ? 0 : version - UInt8(ascii: "0"), isUTCCount: counts[0],
                isStandardCount: counts[1], leapCount: counts[2], timeCount: counts[3], typeCount: counts[4],
                characterCount: counts[5])
            // RFC 8536 §3.2: at least one type, and the indicator counts either 0 or one per type.
            guard header.typeCount > 0, header.typeCount <= 256, header.timeCount <= 1 << 20,
                header.isUTCCount == 0 || header.isUTCCount == header.typeCount,
                header.isStandardCount == 0 || header.isStandardCount == header.typeCount
            else { return nil }
            return header
        }

        mutating func data(_ header: Header, timeSize: Int) -> Data? {
            guard position + header.length(timeSize: timeSize) <= bytes.count else { return nil }
            var times: [Int64] = []
            times.reserveCapacity(header.timeCount)
            for _ in 0..<header.timeCount { times.append(integer(size: timeSize)) }
            guard zip(times, times.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
            let typeIndices = Array(bytes[position..<position + header.timeCount])
            position += header.timeCount
            guard typeIndices.allSatisfy({ Int($0) < header.typeCount }) else { return nil }
            var offsets: [Int32] = []
            for _ in 0..<header.typeCount {
                let offset = integer(size: 4)
                // RFC 8536 §3.2: -2^31 is not an offset; a day either way is the most any zone has.
                guard (-89_999...93_599).contains(offset) else { return nil }
                offsets.append(Int32(offset))
                position += 2
            }
            position +=
                header.characterCount + header.leapCount * (timeSize + 4) + header.isStandardCount
                + header.isUTCCount
            return Data(times: times, typeIndices: typeIndices, offsets: offsets)
        }

        /// The text between the newlines that end a version 2 file: the rule after the last transition (empty for
        /// none); `nil` when there is no such text.
        mutating func footer() -> String? {
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\n"),
                let end = bytes[(position + 1)...].firstIndex(of: UInt8(ascii: "\n"))
            else { return nil }
            return String(decoding: bytes[(position + 1)..<end], as: UTF8.self)
        }

        mutating func skip(_ count: Int) -> Bool {
            guard position + count <= bytes.count else { return false }
            position += count
            return true
        }

        /// A big-endian two's-complement integer of `size` bytes (4 or 8), read on.
        mutating func integer(size: Int) -> Int64 {
            var value: UInt64 = 0
            for byte in bytes[position..<position + size] { value = value << 8 | UInt64(byte) }
            position += size
            return size == 8 ? Int64(bitPattern: value) : Int64(Int32(bitPattern: UInt32(truncatingIfNeeded: value)))
        }
    }
}

/// A POSIX `TZ` rule as a TZif file's footer gives it (RFC 8536 §3.3, POSIX.1 8.3 with the extensions of
/// version 3: hours from -167 to 167): a standard offset, and maybe a daylight-saving one with the moments each
/// year it starts and ends. `CET-1CEST,M3.5.0,M10.5.0/3` is Central Europe: UTC+1, UTC+2 from the last Sunday of
/// March at 02:00 to the last Sunday of October at 03:00. Note the sign: POSIX counts hours west of Greenwich.
struct PosixRule: Sendable, Equatable {
    /// Seconds east of UTC outside daylight-saving time.
    let standardOffset: Int
    /// Daylight-saving time, when the zone has it.
    let daylight: Daylight?

    struct Daylight: Sendable, Equatable {
        /// Seconds east of UTC during it.
        let offset: Int
        /// When it starts, in standard time, and when it ends, in daylight-saving time.
        let start: Change
        let end: Change
    }

    /// A day of the year and a local time on it.
    struct Change: Sendable, Equatable {
        enum Day: Sendable, Equatable {
            /// `Jn`: the nth day of the year from 1, February 29 never counted.
            case julian(Int)
            /// `n`: the nth day of the year from 0, February 29 counted.
            case zeroBased(Int)
            /// `Mm.w.d`: day `weekday` (0 Sunday) of week `week` (5: the last) of `month`.
            case weekday(month: Int, week: Int, weekday: Int)
        }
        let day: Day
        /// Seconds after the day's local midnight (02:00 when the rule gives none); may be negative or past a day.
        let time: Int

        /// The moment of the change in `year`, in seconds since 1970 in UTC, given the offset in force before it.
        func moment(in year: Int, offsetBefore: Int) -> Int64 {
            let days: Int
            switch day {
            case .julian(let n):
                let leap = CivilDate.daysIn(month: 2, year: year) == 29
                days = CivilDate.daysSince1970(year: year, month: 1, day: 1) + n - 1 + (leap && n >= 60 ? 1 : 0)
            case .zeroBased(let n):
                days = CivilDate.daysSince1970(year: year, month: 1, day: 1) + n
            case .weekday(let month, let week, let weekday):
                let first = CivilDate.daysSince1970(year: year, month: month, day: 1)
                // 1970-01-01 was a Thursday (4).
                let firstWeekday = ((first + 4) % 7 + 7) % 7
                var day = first + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
                let length = CivilDate.daysIn(month: month, year: year)
                while day >= first + length { day -= 7 }
                days = day
            }
            return Int64(days * 86_400 + time - offsetBefore)
        }
    }

    /// The offset at `moment` (seconds since 1970 in UTC).
    func offset(at moment: Int64) -> Int {
        guard let daylight else { return standardOffset }
        // The year as standard time counts it; a change is never near enough the year's ends for the other
        // year's change to be the one in force (checked against every zone's file in the tests).
        let local = moment + Int64(standardOffset)
        let year = CivilDate.date(daysSince1970: Int((local - ((local % 86_400) + 86_400) % 86_400) / 86_400)).year
        let start = daylight.start.moment(in: year, offsetBefore: standardOffset)
        let end = daylight.end.moment(in: year, offsetBefore: daylight.offset)
        let inDaylight = start < end ? (start <= moment && moment < end) : !(end <= moment && moment < start)
        return inDaylight ? daylight.offset : standardOffset
    }

    /// The rule `text` says, or `nil` for text that is not such a rule.
    init?(_ text: String) {
        var scanner = Scanner(Array(text.utf8))
        guard scanner.name(), let standard = scanner.offset() else { return nil }
        standardOffset = -standard
        if scanner.atEnd {
            daylight = nil
            return
        }
        guard scanner.name() else { return nil }
        let daylightOffset: Int
        if scanner.peek == UInt8(ascii: ",") {
            daylightOffset = standardOffset + 3_600
        } else {
            guard let offset = scanner.offset() else { return nil }
            daylightOffset = -offset
        }
        // A rule with daylight-saving time but no dates leaves them to the implementation (POSIX); no TZif file
        // has one, and such a file is not read (its zone is Foundation's).
        guard scanner.take(UInt8(ascii: ",")), let start = scanner.change(), scanner.take(UInt8(ascii: ",")),
            let end = scanner.change(), scanner.atEnd
        else { return nil }
        daylight = Daylight(offset: daylightOffset, start: start, end: end)
    }

    init(standardOffset: Int, daylight: Daylight?) {
        self.standardOffset = standardOffset
        self.daylight = daylight
    }

    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { position == bytes.count }
        var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            position += 1
            return true
        }

        /// A zone's abbreviation: three or more letters, or anything but `>` between `<` and `>` (`<+0530>`).
        mutating func name() -> Bool {
            if take(UInt8(ascii: "<")) {
                let start = position
                while let byte = peek, byte != UInt8(ascii: ">") { position += 1 }
                return position - start >= 3 && take(UInt8(ascii: ">"))
            }
            let start = position
            while let byte = peek,
                (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            {
                position += 1
            }
            return position - start >= 3
        }

        /// `[+-]hh[:mm[:ss]]` in seconds, hours up to 167.
        mutating func offset() -> Int? {
            var sign = 1
            if take(UInt8(ascii: "-")) { sign = -1 } else { _ = take(UInt8(ascii: "+")) }
            guard let seconds = time(maximumHours: 167) else { return nil }
            return sign * seconds
        }

        /// `hh[:mm[:ss]]` in seconds.
        mutating func time(maximumHours: Int) -> Int? {
            guard let hours = number(maximum: maximumHours) else { return nil }
            var seconds = hours * 3_600
            if take(UInt8(ascii: ":")) {
                guard let minutes = number(maximum: 59) else { return nil }
                seconds += minutes * 60
                if take(UInt8(ascii: ":")) {
                    guard let more = number(maximum: 59) else { return nil }
                    seconds += more
                }
            }
            return seconds
        }

        /// `Jn`, `n` or `Mm.w.d`, then `/time` (`[+-]hh[:mm[:ss]]`, hours from -167 to 167) or 02:00.
        mutating func change() -> Change? {
            let day: Change.Day
            if take(UInt8(ascii: "J")) {
                guard let n = number(maximum: 365), n >= 1 else { return nil }
                day = .julian(n)
            } else if take(UInt8(ascii: "M")) {
                guard let month = number(maximum: 12), month >= 1, take(UInt8(ascii: ".")),
                    let week = number(maximum: 5), week >= 1, take(UInt8(ascii: ".")),
                    let weekday = number(maximum: 6)
                else { return nil }
                day = .weekday(month: month, week: week, weekday: weekday)
            } else {
                guard let n = number(maximum: 365) else { return nil }
                day = .zeroBased(n)
            }
            var time = 7_200
            if take(UInt8(ascii: "/")) {
                guard let given = offset() else { return nil }
                time = given
            }
            return Change(day: day, time: time)
        }

        /// Decimal digits, at most `maximum`.
        mutating func number(maximum: Int) -> Int? {
            let start = position
            var value = 0
            while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                position += 1
                guard value <= maximum else { return nil }
            }
            return position > start ? value : nil
        }
    }
}
