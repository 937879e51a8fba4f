// Due dates as people type them (`fri`, `tomorrow 9am`, `dec 24`, `24.12.`, `in 2 hours`), read with no network
// as the server reads them: this is ListsModel's `DuePhrase` (docs/due-dates.md has the grammar), word for word,
// with its messages. Both readers run one table of examples (Tests/ListsExamples/due-phrases.json): the Swift
// tests through the model, the web and the CLI, the browser tests through this file.
//
// A day is a number of days since 1970-01-01, a time of day a number of minutes after midnight; the reading is
// done on the household's day and time (`householdClock`), as the server does it in the household's zone.

const duePhrases = (() => {
  const weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
  const monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December"];
  const allowed =
    "write a day (today, tomorrow, fri, dec 24, 2026-12-24, 24.12.) or a day and a time (tomorrow 9am, fri 18:00)";
  const evening = 18 * 60;

  // Every word of a day Lists reads, and what it means.
  const keywords = new Map(Object.entries({
    today: { is: "today" }, tonight: { is: "tonight" }, tomorrow: { is: "tomorrow" },
    yesterday: { is: "yesterday" }, next: { is: "next" }, this: { is: "this" }, end: { is: "end" }, in: { is: "in" },
    a: { is: "one" }, an: { is: "one" }, eow: { is: "endOf", unit: "week" }, eom: { is: "endOf", unit: "month" },
    eoy: { is: "endOf", unit: "year" }, tues: { is: "weekday", number: 2 }, thur: { is: "weekday", number: 4 },
    thurs: { is: "weekday", number: 4 }, sept: { is: "month", number: 9 }, min: { is: "unit", unit: "minute" },
    mins: { is: "unit", unit: "minute" },
  }));
  weekdayNames.forEach((name, index) => {
    const word = name.toLowerCase();
    keywords.set(word, { is: "weekday", number: index + 1 });
    keywords.set(word.slice(0, 3), { is: "weekday", number: index + 1 });
  });
  monthNames.forEach((name, index) => {
    const word = name.toLowerCase();
    keywords.set(word, { is: "month", number: index + 1 });
    keywords.set(word.slice(0, 3), { is: "month", number: index + 1 });
  });
  for (const unit of ["minute", "hour", "day", "week", "month", "year"]) {
    keywords.set(unit, { is: "unit", unit });
    keywords.set(`${unit}s`, { is: "unit", unit });
  }

  // The civil calendar (proleptic Gregorian), as `CivilDate`.
  function daysSince1970(year, month, day) {
    const shifted = month <= 2 ? year - 1 : year;
    const era = Math.floor(shifted / 400);
    const yearOfEra = shifted - era * 400;
    const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
    const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
    return era * 146097 + dayOfEra - 719468;
  }
  function parts(days) {
    const shifted = days + 719468;
    const era = Math.floor(shifted / 146097);
    const dayOfEra = shifted - era * 146097;
    const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524)
      - Math.floor(dayOfEra / 146096)) / 365);
    const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
    const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
    const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
    const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
    return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
  }
  const isLeap = (year) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const daysIn = (month, year) => (month === 2 ? (isLeap(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31);
  // ISO 8601's number of the day of the week: 1 is Monday (1970-01-01 was a Thursday).
  const weekday = (days) => ((days % 7) + 10) % 7 + 1;
  // The day, when `day` of `month` in `year` is one; null when the month does not have it.
  const dayOf = (year, month, day) =>
    month >= 1 && month <= 12 && day >= 1 && day <= daysIn(month, year) ? daysSince1970(year, month, day) : null;
  const firstDay = daysSince1970(1, 1, 1);
  const lastDay = daysSince1970(9999, 12, 31);
  const padded = (number, width) => String(number).padStart(width, "0");
  function isoDay(days) {
    const { year, month, day } = parts(days);
    return `${padded(year, 4)}-${padded(month, 2)}-${padded(day, 2)}`;
  }

  const notRead = (typed) => `${quoted(typed)} is not a date Lists reads: ${allowed}`;
  const notAClockTime = (typed) => `${quoted(typed)} is not a time: write 00:00 to 23:59, like 18:00 or 9:30`;
  const notATwelveHourTime = (typed) =>
    `${quoted(typed)} is not a time: write 1 to 12 before am or pm, like 6pm or 9:30am`;
  const outOfRange = (typed) => `${quoted(typed)} is outside the years Lists reads (1 to 9999)`;
  function notADayOfYear(year, month, day) {
    const written = `${padded(year, 4)}-${padded(month, 2)}-${padded(day, 2)}`;
    if (month < 1 || month > 12) return `${written} is not a day: a year has 12 months`;
    return `${written} is not a day: ${monthNames[month - 1]} ${year} has ${daysIn(month, year)} days`;
  }
  function notADayOfMonth(typed, month) {
    if (month < 1 || month > 12) return `${quoted(typed)} is not a day: a year has 12 months`;
    if (month === 2) return `${quoted(typed)} is not a day: February has at most 29 days`;
    return `${quoted(typed)} is not a day: ${monthNames[month - 1]} has ${daysIn(month, 1)} days`;
  }
  function slashesMessage(typed, readings) {
    const dotted = ({ day, hasYear }) => {
      const { year, month, day: date } = parts(day);
      return `${isoDay(day)} or ${date}.${month}.${hasYear ? year : ""}`;
    };
    if (!readings.length) return `${quoted(typed)} is not a day: write one such as 2026-12-24 or 24.12.`;
    if (readings.length === 1) return `${quoted(typed)} could be month first or day first: write ${dotted(readings[0])}`;
    const named = readings.map((reading) => {
      const { month, day } = parts(reading.day);
      return `${dotted(reading)} (${day} ${monthNames[month - 1]})`;
    });
    return `${quoted(typed)} could be month first or day first: write ${named.join(", ")}`;
  }

  // The words of a text: what white space and commas separate, each lower-cased (ASCII only, as every word Lists
  // reads is ASCII) and as typed.
  function words(text) {
    return text.split(/[\s,]+/u).filter((word) => word)
      .map((typed) => ({ text: typed.replace(/[A-Z]+/g, (letters) => letters.toLowerCase()), typed }));
  }
  // The value of `text` when it is a number of `least` to `most` ASCII digits; null when it is not.
  function number(text, least, most) {
    return text.length >= least && text.length <= most && /^[0-9]+$/.test(text) ? Number(text) : null;
  }
  // The day of a month a word says (`24`, `24th`), whether there is one or not (`32nd`); null when it says none.
  function dayOfMonth(text) {
    const day = number(text, 1, 2);
    if (day !== null) return { day, isOrdinal: false };
    if (!["st", "nd", "rd", "th"].includes(text.slice(-2))) return null;
    const ordinal = number(text.slice(0, -2), 1, 2);
    return ordinal === null ? null : { day: ordinal, isOrdinal: true };
  }
  const meridiem = (word) => ({ am: false, "a.m.": false, pm: true, "p.m.": true })[word];
  const joined = (list) => list.map((word) => word.typed).join(" ");

  // The time of day, in minutes, that one word (`18:00`, `6pm`, `noon`) or a time and `am` or `pm` say; null when
  // they are not written as a time. A time that does not exist (`25:00`, `13pm`) is refused.
  function timeOf(list) {
    const [first] = list;
    if (!first) return null;
    let clock = first.text;
    let isAfternoon;
    if (list.length === 2) {
      isAfternoon = meridiem(list[1].text);
      if (isAfternoon === undefined) return null;
    } else if (first.text === "noon") {
      return 12 * 60;
    } else if (first.text === "midnight") {
      return 23 * 60 + 59;
    } else {
      for (const [suffix, afternoon] of [["am", false], ["pm", true], ["a.m.", false], ["p.m.", true]]) {
        if (clock.endsWith(suffix)) {
          clock = clock.slice(0, -suffix.length);
          isAfternoon = afternoon;
          break;
        }
      }
    }
    if (isAfternoon === undefined) {
      if (!clock.includes(":") || !/^[0-9:]*$/.test(clock)) return null;
      const pieces = clock.split(":");
      const hour = pieces.length === 2 ? number(pieces[0], 1, 2) : null;
      const minute = pieces.length === 2 ? number(pieces[1], 2, 2) : null;
      if (hour === null || minute === null || hour >= 24 || minute >= 60) refuse(notAClockTime(joined(list)));
      return hour * 60 + minute;
    }
    if (!/^[0-9]/.test(clock)) return null;
    const pieces = clock.split(/[:.]/);
    const hour = number(pieces[0], 1, 2);
    const minute = pieces.length === 2 ? number(pieces[1], 2, 2) : 0;
    if (pieces.length > 2 || hour === null || hour < 1 || hour > 12 || minute === null || minute >= 60) {
      refuse(notATwelveHourTime(joined(list)));
    }
    return (hour % 12) * 60 + (isAfternoon ? 12 * 60 : 0) + minute;
  }
  function timeEndingAt(list) {
    if (list.length >= 2 && meridiem(list[list.length - 1].text) !== undefined) {
      const minute = timeOf(list.slice(-2));
      if (minute !== null) return { minute, count: 2 };
    }
    const minute = list.length ? timeOf(list.slice(-1)) : null;
    return minute === null ? null : { minute, count: 1 };
  }
  function timeStartingAt(list) {
    if (list.length >= 2 && meridiem(list[1].text) !== undefined) {
      const minute = timeOf(list.slice(0, 2));
      if (minute !== null) return { minute, count: 2 };
    }
    const minute = list.length ? timeOf(list.slice(0, 1)) : null;
    return minute === null ? null : { minute, count: 1 };
  }

  // A reading on `today` (days since 1970) at `now` (minutes after midnight).
  function reader(today, now) {
    // `day` of `month` in `year`; without a year, the next such day on or after today.
    function day(month, date, year, typed) {
      if (year !== null) {
        if (year < 1 || year > 9999) refuse(outOfRange(typed));
        const found = dayOf(year, month, date);
        if (found === null) refuse(notADayOfYear(year, month, date));
        return found;
      }
      // 2000 was a leap year: its months have every day any year's have.
      if (month < 1 || month > 12 || date < 1 || date > daysIn(month, 2000)) refuse(notADayOfMonth(typed, month));
      for (let each = parts(today).year; each <= 9999; each += 1) {
        const found = dayOf(each, month, date);
        if (found !== null && found >= today) return found;
      }
      return refuse(outOfRange(typed));
    }
    // `2026-12-24` (or `2026-1-5`); null for a word of another form.
    function isoDate(word, typed) {
      const pieces = word.split("-");
      const month = pieces.length === 3 ? number(pieces[1], 1, 2) : null;
      const date = pieces.length === 3 ? number(pieces[2], 1, 2) : null;
      if (pieces.length !== 3 || pieces[0].length < 4 || month === null || date === null) return null;
      const year = number(pieces[0], 4, 9);
      if (year === null) return /^[0-9]*$/.test(pieces[0]) ? refuse(outOfRange(typed)) : null;
      return day(month, date, year, typed);
    }
    // `2026-12-24T18:00` as one word (seconds dropped); null for a word of another form.
    function isoMoment(word) {
      const at = word.text.indexOf("t");
      if (at < 0 || !word.text.slice(0, at).includes("-")) return null;
      const date = isoDate(word.text.slice(0, at), word.typed);
      if (date === null) return null;
      const typedTime = word.typed.slice(at + 1);
      const clock = word.text.slice(at + 1).split(":");
      if (clock.length === 3 && (number(clock[2], 2, 2) ?? 60) < 60) clock.pop();
      const hour = clock.length === 2 ? number(clock[0], 1, 2) : null;
      const minute = clock.length === 2 ? number(clock[1], 2, 2) : null;
      if (hour === null || minute === null || hour >= 24 || minute >= 60) refuse(notAClockTime(typedTime));
      return { day: date, minute: hour * 60 + minute };
    }
    // The next `number`th day of a month on or after today.
    function dayOfEveryMonth(date, typed) {
      if (date < 1 || date > 31) refuse(`${quoted(typed)} is not a day of a month: write 1st to 31st`);
      let { year, month } = parts(today);
      for (let tries = 0; tries < 3; tries += 1) {
        const found = dayOf(year, month, date);
        if (found !== null && found >= today) return found;
        [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
      }
      return refuse(outOfRange(typed));
    }
    // `24.12.`, `24.12.2026`, `12/24` (refused, naming what it could be), `15th`; null for another word.
    function numericDay(word, typed) {
      if (word.includes("-")) return isoDate(word, typed);
      if (word.includes(".") || word.includes("/")) {
        const isSlashed = word.includes("/");
        const pieces = word.split(isSlashed ? "/" : ".");
        const first = number(pieces[0], 1, 2);
        const second = pieces.length >= 2 ? number(pieces[1], 1, 2) : null;
        if (pieces.length < 2 || pieces.length > 3 || first === null || second === null) return null;
        let year = null;
        if (pieces.length === 3 && !(pieces[2] === "" && !isSlashed)) {
          const written = number(pieces[2], 2, 9);
          if (written === null || pieces[2].length === 3) return null;
          year = pieces[2].length === 2 ? 2000 + written : written;
        }
        if (!isSlashed) return day(second, first, year, typed);
        const readings = [];
        for (const [month, date] of [[first, second], [second, first]]) {
          const reading = valueOrRefusal(() => day(month, date, year, typed)).value ?? null;
          if (reading !== null && !readings.some((each) => each.day === reading)) {
            readings.push({ day: reading, hasYear: year !== null });
          }
        }
        return refuse(slashesMessage(typed, readings));
      }
      const ordinal = dayOfMonth(word);
      return ordinal && ordinal.isOrdinal ? dayOfEveryMonth(ordinal.day, typed) : null;
    }
    const nextWeekday = (number) => today + ((number - weekday(today) + 6) % 7) + 1;
    const count = (text) => number(text, 1, 7);
    function startOfNext(unit) {
      const { year, month } = parts(today);
      if (unit === "week") return today + 8 - weekday(today);
      if (unit === "month") return month === 12 ? daysSince1970(year + 1, 1, 1) : daysSince1970(year, month + 1, 1);
      if (unit === "year") return daysSince1970(year + 1, 1, 1);
      return null;
    }
    function endOf(unit) {
      const { year, month } = parts(today);
      if (unit === "week") return today + 7 - weekday(today);
      if (unit === "month") return daysSince1970(year, month, daysIn(month, year));
      if (unit === "year") return daysSince1970(year, 12, 31);
      return null;
    }
    // `count` units from now: a day, or for hours and minutes a day and a time.
    function later(amount, unit) {
      if (unit === "minute" || unit === "hour") {
        const moment = today * 1440 + now + amount * (unit === "hour" ? 60 : 1);
        const date = Math.floor(moment / 1440);
        return { moment: { day: date, minute: moment - date * 1440 } };
      }
      if (unit === "day") return { day: today + amount };
      if (unit === "week") return { day: today + amount * 7 };
      const { year, month, day: date } = parts(today);
      const months = year * 12 + month - 1 + amount * (unit === "year" ? 12 : 1);
      const [newYear, newMonth] = [Math.floor(months / 12), (months % 12) + 1];
      return { day: daysSince1970(newYear, newMonth, Math.min(date, daysIn(newMonth, newYear))) };
    }
    const asDay = (found) => (found === null ? null : { day: found });
    function monthDay(month, dayText, yearText, typed) {
      const date = dayOfMonth(dayText);
      if (!date) return null;
      let year = null;
      if (yearText !== null) {
        year = number(yearText, 4, 9);
        if (year === null) return null;
      }
      return { day: day(month, date.day, year, typed) };
    }
    // What a phrase's day words say: `{ day }`, `{ tonight }` or `{ moment }`; null when they say no day.
    function dayPart(list) {
      const typed = joined(list);
      const texts = (list[0]?.text === "on" ? list.slice(1) : list).map((word) => word.text)
        .filter((text) => text !== "the" && text !== "of");
      // Each word's kind (`word` for one that is no keyword: a number, `24th`, `24.12.`), as `month word`.
      const keys = texts.map((text) => keywords.get(text) || { is: "word" });
      const kinds = keys.map((key) => key.is).join(" ");
      if (keys.length === 1) {
        const [key] = keys;
        if (key.is === "word") return asDay(numericDay(texts[0], typed));
        if (key.is === "today") return { day: today };
        if (key.is === "tonight") return { tonight: true };
        if (key.is === "tomorrow") return { day: today + 1 };
        if (key.is === "yesterday") return { day: today - 1 };
        if (key.is === "weekday") return { day: nextWeekday(key.number) };
        if (key.is === "endOf") return asDay(endOf(key.unit));
        return null;
      }
      if (keys.length === 2) {
        const [first, second] = keys;
        if (kinds === "next weekday") return { day: nextWeekday(second.number) };
        if (kinds === "this weekday") return { day: today + ((second.number - weekday(today) + 7) % 7) };
        if (kinds === "next unit") return asDay(startOfNext(second.unit));
        if (kinds === "end unit") return asDay(endOf(second.unit));
        if (kinds === "word unit") return count(texts[0]) === null ? null : later(count(texts[0]), second.unit);
        if (kinds === "one unit") return later(1, second.unit);
        if (kinds === "month word") return monthDay(first.number, texts[1], null, typed);
        if (kinds === "word month") return monthDay(second.number, texts[0], null, typed);
        return null;
      }
      if (keys.length === 3) {
        const [first, second, third] = keys;
        if (kinds === "in word unit") return count(texts[1]) === null ? null : later(count(texts[1]), third.unit);
        if (kinds === "in one unit") return later(1, third.unit);
        if (kinds === "month word word") return monthDay(first.number, texts[1], texts[2], typed);
        if (kinds === "word month word") return monthDay(second.number, texts[0], texts[2], typed);
      }
      return null;
    }
    // The due date the words of `typed` say: `{ day, minute }`, the minute null for a whole day.
    return function due(list, typed) {
      if (list.length === 1) {
        const moment = isoMoment(list[0]);
        if (moment) return moment;
      }
      let dayWords = list;
      let time = null;
      const ending = timeEndingAt(list);
      if (ending) {
        time = ending.minute;
        dayWords = list.slice(0, list.length - ending.count);
        if (dayWords[dayWords.length - 1]?.text === "at") dayWords = dayWords.slice(0, -1);
      } else {
        const afterAt = list[0]?.text === "at" ? list.slice(1) : list;
        const starting = timeStartingAt(afterAt);
        if (starting) {
          time = starting.minute;
          dayWords = afterAt.slice(starting.count);
        }
      }
      const checked = (found) => (found >= firstDay && found <= lastDay ? found : refuse(outOfRange(typed)));
      if (!dayWords.length) {
        if (time === null) refuse(notRead(typed));
        // A time alone is the next time the clock shows it; this very minute has begun, so it is tomorrow's.
        return { day: checked(time > now ? today : today + 1), minute: time };
      }
      const part = dayPart(dayWords);
      if (!part) refuse(notRead(typed));
      if ("day" in part) return { day: checked(part.day), minute: time };
      if (part.tonight && time !== null) return { day: today, minute: time };
      if (part.tonight) return now < evening ? { day: today, minute: evening } : { day: today, minute: null };
      if (time !== null) refuse(notRead(typed));
      return { day: checked(part.moment.day), minute: part.moment.minute };
    };
  }

  // The due date `text` says on `today` (`YYYY-MM-DD`) at `now` (minutes after midnight), as the app stores it
  // (`2026-12-24`, `2026-12-24T18:00`): `{ value }`, null for an empty text, or `{ error }`, the server's message.
  return function read(text, today, now) {
    const list = words(text);
    if (!list.length) return { value: null };
    const [year, month, date] = today.split("-").map(Number);
    return valueOrRefusal(() => {
      const due = reader(daysSince1970(year, month, date), now)(list, trimmed(text));
      const time = due.minute === null ? "" : `T${padded(Math.floor(due.minute / 60), 2)}:${padded(due.minute % 60, 2)}`;
      return `${isoDay(due.day)}${time}`;
    });
  };
})();
