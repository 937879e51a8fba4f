// Repeats as people say them (`every month on the 1st`, `weekdays`, `every last friday`, `3 days after done`),
// read with no network into the RRULE the server keeps: this is ListsModel's `RepeatPhrase.read`, word for word,
// with its messages. Both readers run one table of examples (Tests/ListsExamples/repeat-phrases.json). An RRULE
// typed as such is sent as it is, upper-cased: the server checks it whole (how often, how many times, whether it
// can come due) when the change is sent, as it checks every field.

const repeatPhrases = (() => {
  const maximumInterval = 1000;
  const maximumCount = 1000;
  const maximumTextLength = 500;
  const allowed = "write one such as every day, every 2 weeks, weekdays, every tue and thu, every month on the 1st, "
    + "every last friday, every year, 3 days after done, or an RRULE (FREQ=MONTHLY;BYDAY=-1FR)";
  const weekdayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
  const codes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"];
  const units = { day: "D", days: "D", week: "W", weeks: "W", month: "M", months: "M", year: "Y", years: "Y" };
  const ordinals = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, last: -1 };

  // A whole number as Swift's `Int(_:)` reads one (a sign allowed); null for any other word.
  const integer = (word) => (word !== undefined && /^[+-]?[0-9]{1,18}$/.test(word) ? Number(word) : null);
  const same = (list, other) => list.length === other.length && list.every((word, index) => word === other[index]);

  // The ISO weekday (1 Monday to 7 Sunday) a word names (`tue`, `tues`, `tuesday`, `tuesdays`, `tu`); null.
  function weekday(word) {
    const singular = word.endsWith("days") ? word.slice(0, -1) : word;
    if (singular.length < 2) return null;
    const index = weekdayNames.findIndex((name) =>
      name === singular || (name.startsWith(singular) && singular.length >= 3));
    if (index >= 0) return index + 1;
    const code = codes.indexOf(singular.toUpperCase());
    return code >= 0 && singular.length === 2 ? code + 1 : null;
  }
  // The place a word says: `1st`, `15th`, `third`, `last` (-1); null.
  function ordinal(word) {
    if (word in ordinals && Object.hasOwn(ordinals, word)) return ordinals[word];
    if (!["st", "nd", "rd", "th"].includes(word.slice(-2))) return null;
    const number = integer(word.slice(0, -2));
    return number !== null && number >= 1 && number <= 31 ? number : null;
  }

  // `3 days`, `a week`, `2 months` (or the unit alone): `{ count, unit }` (D, W, M or Y), or null when the words
  // start with no unit; `typed` is the whole text, for the message.
  function amount(list, typed) {
    let rest = list;
    let count = 1;
    if (integer(rest[0]) !== null) {
      count = integer(rest[0]);
      rest = rest.slice(1);
    } else if (["a", "an", "one"].includes(rest[0])) {
      rest = rest.slice(1);
    }
    const unit = rest.length && Object.hasOwn(units, rest[0]) ? units[rest[0]] : null;
    if (!unit) return null;
    if (count < 1 || count > maximumInterval) {
      refuse(`${quoted(typed)}: a task repeats every 1 to ${maximumInterval} days, weeks, months or years`);
    }
    return { count, unit };
  }

  // A reading of the words of `typed` (trimmed, as typed: for the messages).
  function reader(typed) {
    const notRead = () => refuse(`${quoted(typed)} is not a repeat Lists reads: ${allowed}`);
    // The weekdays the words name (`tue`, `and`, `thursday`), as RFC 5545's codes.
    function weekdays(list) {
      const named = [];
      for (const word of list) {
        if (word === "and" || word === "&") continue;
        const day = weekday(word);
        if (day === null) notRead();
        if (!named.includes(codes[day - 1])) named.push(codes[day - 1]);
      }
      return named;
    }
    // `1st`, `last day`, `last friday`, `2nd tuesday`: `;BYMONTHDAY=…` or `;BYDAY=…`.
    function monthly(list) {
      let rest = list;
      if (same(rest.slice(-3), ["of", "the", "month"])) rest = rest.slice(0, -3);
      if (!rest.length) notRead();
      const position = ordinal(rest[0]);
      if (rest.length === 1 && position !== null) return `;BYMONTHDAY=${position}`;
      if (rest.length === 2 && rest[1] === "day" && position !== null) return `;BYMONTHDAY=${position}`;
      const day = rest.length === 2 ? weekday(rest[1]) : null;
      if (rest.length !== 2 || position === null || day === null || Math.abs(position) > 5) notRead();
      return `;BYDAY=${position}${codes[day - 1]}`;
    }
    // The RRULE the words say (without `every`, `after done` or the ending).
    return function rule(list) {
      const named = [
        [["daily"], "FREQ=DAILY"], [["day"], "FREQ=DAILY"], [["weekly"], "FREQ=WEEKLY"], [["week"], "FREQ=WEEKLY"],
        [["monthly"], "FREQ=MONTHLY"], [["month"], "FREQ=MONTHLY"], [["yearly"], "FREQ=YEARLY"],
        [["year"], "FREQ=YEARLY"], [["annually"], "FREQ=YEARLY"], [["weekday"], "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"],
        [["weekdays"], "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"], [["weekend"], "FREQ=WEEKLY;BYDAY=SA,SU"],
        [["weekends"], "FREQ=WEEKLY;BYDAY=SA,SU"],
        [["last", "day", "of", "the", "month"], "FREQ=MONTHLY;BYMONTHDAY=-1"],
        [["last", "day", "of", "month"], "FREQ=MONTHLY;BYMONTHDAY=-1"],
        [["month", "on", "the", "last", "day"], "FREQ=MONTHLY;BYMONTHDAY=-1"],
      ].find(([words]) => same(words, list));
      if (named) return named[1];
      let rest = list;
      let interval = 1;
      const counted = rest[0] === "other" ? null : amount(rest.slice(0, 2), typed);
      if (rest[0] === "other") {
        interval = 2;
        rest = rest.slice(1);
      } else if (counted) {
        // `every 3 days`, `every 2 weeks on fri`.
        interval = counted.count;
        rest = rest.slice(integer(rest[0]) === null ? 1 : 2);
        const every = interval === 1 ? "" : `;INTERVAL=${interval}`;
        if (counted.unit === "D") return rest.length ? notRead() : `FREQ=DAILY${every}`;
        if (counted.unit === "Y") return rest.length ? notRead() : `FREQ=YEARLY${every}`;
        if (counted.unit === "W") {
          if (rest[0] === "on") rest = rest.slice(1);
          const days = weekdays(rest);
          return `FREQ=WEEKLY${every}${days.length ? `;BYDAY=${days.join(",")}` : ""}`;
        }
        if (!rest.length) return `FREQ=MONTHLY${every}`;
        if (rest[0] === "on") rest = rest.slice(1);
        if (rest[0] === "the") rest = rest.slice(1);
        return `FREQ=MONTHLY${every}${monthly(rest)}`;
      }
      const every = interval === 1 ? "" : `;INTERVAL=${interval}`;
      for (const [unit, frequency] of [["week", "WEEKLY"], ["month", "MONTHLY"], ["year", "YEARLY"], ["day", "DAILY"]]) {
        if (same(rest, [unit])) return `FREQ=${frequency}${every}`;
      }
      // `every tue and thu`, `every other tuesday`.
      const days = valueOrRefusal(() => weekdays(rest)).value ?? [];
      if (days.length) return `FREQ=WEEKLY${every};BYDAY=${days.join(",")}`;
      // `every 15th`, `every last friday`, `every 2nd tuesday`.
      if (interval !== 1) notRead();
      return `FREQ=MONTHLY${monthly(rest)}`;
    };
  }

  // How `text` says a task repeats, as the server keeps it (`FREQ=MONTHLY;BYMONTHDAY=1`, `AFTER-DONE=P3D`), null for
  // none (empty, `none`, `never`, `no`); a text it does not read is refused with the server's message. The reader
  // answers `{ value }` or `{ error }`.
  function read(text) {
    const typed = trimmed(text);
    if ([...typed].length > maximumTextLength) refuse(`a repeat has at most ${maximumTextLength} characters`);
    if (!typed || ["none", "never", "no"].includes(typed.toLowerCase())) return null;
    if (typed.includes("=")) return typed.replace(/^RRULE:/i, "").toUpperCase();
    let list = typed.toLowerCase().replace(/,/g, " ").split(/[ \t]+/).filter((word) => word);
    const rule = reader(typed);
    const notRead = () => refuse(`${quoted(typed)} is not a repeat Lists reads: ${allowed}`);

    // What ends the rule: `for 10 times`, `10 times`, `until 2027-06-30`.
    let ending = "";
    const until = list.indexOf("until");
    if (until >= 0) {
      const rest = list.slice(until + 1).join(" ");
      const day = rest.match(/^([0-9]{4})-([0-9]{2})-([0-9]{2})$/);
      const date = day && new Date(Date.UTC(2000, Number(day[2]) - 1, Number(day[3])));
      if (date) date.setUTCFullYear(Number(day[1]));
      if (!date || date.getUTCMonth() !== Number(day[2]) - 1 || date.getUTCDate() !== Number(day[3])) {
        refuse(`${quoted(rest)} is not a day to repeat until: write one as 2027-06-30`);
      }
      ending = `;UNTIL=${day[1]}${day[2]}${day[3]}`;
      list = list.slice(0, until);
    } else if (list[list.length - 1] === "times" || list[list.length - 1] === "time") {
      list = list.slice(0, -1);
      const count = integer(list[list.length - 1]);
      if (count === null) notRead();
      list = list.slice(0, -1);
      if (list[list.length - 1] === "for") list = list.slice(0, -1);
      if (count < 1 || count > maximumCount) refuse(`a task repeats 1 to ${maximumCount} times (COUNT), not ${count}`);
      ending = `;COUNT=${count}`;
    }

    // After done: `3 days after done`.
    const last = list.slice(-2);
    if (list.length >= 2 && (same(last, ["after", "done"]) || same(last, ["after", "completion"]))) {
      list = list.slice(0, -2);
      if (list[0] === "every") list = list.slice(1);
      const counted = ending ? null : amount(list, typed);
      if (!counted) notRead();
      return `AFTER-DONE=P${counted.count}${counted.unit}`;
    }
    if (list[0] === "every") list = list.slice(1);
    if (!list.length) notRead();
    return rule(list) + ending;
  }
  return (text) => valueOrRefusal(() => read(text));
})();
