// With no network (see 20-offline-queue.js): the forms that work offline, how each reads what was typed and the
// change it makes, kept on the device and drawn at once.

// How a form is read with no network: by the rules the server gave it (its `data-schema`, from the record's
// schema: `RecordForm`), so that it takes and refuses what the server does, in the server's words. Each field has
// its kind of input, what it gives when left empty, its limits and its messages (`{placeholders}` for what was
// typed). A kind this script does not know (a newer server's) leaves the form to the network.

function formRules(form) {
  try {
    return JSON.parse(form.dataset.schema);
  } catch (error) {
    return null;
  }
}

// Trimmed as the server trims (Foundation's white space and new lines, which still count the zero width space
// U+200B), and what no text may hold.
const trimmed = (text) => text.replace(/^[\p{Z}\t-\r\u0085\u200B]+|[\p{Z}\t-\r\u0085\u200B]+$/gu, "");
const forbidden = /[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]/u;
// Characters as a person sees them (grapheme clusters, as Swift counts).
const segmenter = window.Intl && Intl.Segmenter ? new Intl.Segmenter() : null;
const characterCount = (text) => (segmenter ? [...segmenter.segment(text)] : [...text]).length;

// Typed text as the server's messages quote it (`Quoted`): in double quotes, escaped, cut after 40 code points.
function quoted(text) {
  const escapes = { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r" };
  const points = [...text];
  const shown = points.slice(0, 40).map((point) =>
    escapes[point] || (forbidden.test(point) ? `\\u{${point.codePointAt(0).toString(16)}}` : point));
  return `"${shown.join("")}${points.length > 40 ? "\u2026" : ""}"`;
}

// The refusal `name` of `field`: its message filled with `values`, as a page shows it (a capital first and a full
// stop last).
function refusal(field, name, values = {}) {
  return asShown(field.messages[name].replace(/\{(\w+)\}/g, (whole, key) => (key in values ? values[key] : whole)));
}

// A refusal of a phrase's reader (24-due-phrases.js, 25-repeat-phrases.js), thrown where it is found, with the
// server's message; `valueOrRefusal` gives back what `read` answers (`{ value }`) or the refusal it threw
// (`{ error }`).
class Refusal {
  constructor(message) {
    this.message = message;
  }
}
function refuse(message) {
  throw new Refusal(message);
}
function valueOrRefusal(read) {
  try {
    return { value: read() };
  } catch (refusal) {
    if (refusal instanceof Refusal) return { error: refusal.message };
    throw refusal;
  }
}

// A message of the server's own (a phrase's reader's), as a page shows it.
function asShown(message) {
  const [first, ...rest] = [...message];
  return { error: `${first.toUpperCase()}${rest.join("")}${message.endsWith(".") ? "" : "."}` };
}

// The text typed into a field, read by its kind of input: `{ value }` or `{ error }`.
const inputReaders = {
  text(field, text) {
    const value = trimmed(text);
    const bad = value.match(forbidden);
    const code = bad && bad[0].codePointAt(0).toString(16).toUpperCase().padStart(4, "0");
    if (bad) return refusal(field, "forbidden", { code });
    if (!value) return field.messages.required ? refusal(field, "required") : { value: null };
    const points = [...value].length;
    if (points > field.maxCodePoints) return refusal(field, "tooManyCodePoints", { count: points });
    const count = characterCount(value);
    return count > field.maxLength ? refusal(field, "tooLong", { count }) : { value };
  },
  optionalText(field, text) {
    return inputReaders.text(field, text);
  },
  // A quantity (`2`, `500 g`, `a few`): text, then what its pattern allows, tried lower-cased as units are read.
  quantity(field, text) {
    const read = inputReaders.text(field, text);
    if (read.error || read.value === null) return read;
    const pattern = new RegExp(field.pattern, "u");
    return pattern.test(read.value.toLowerCase()) ? read : refusal(field, "notAQuantity", { quoted: quoted(read.value) });
  },
  // A choice among a select's options (an item's category): its value as it is, the server checking it.
  choice(field, text) {
    return { value: trimmed(text) || null };
  },
  price(field, text, rules) {
    const limit = field.maximum * 100;
    const cents = (typed) => {
      const parts = trimmed(typed).replace(/^\$/, "").match(/^(\d*)(?:\.(\d*))?$/);
      const [whole, fraction = ""] = parts ? parts.slice(1) : [];
      if (!parts || !(whole || fraction) || whole.length > field.maxWholeDigits) return null;
      return fraction.length > field.maxDecimals ? null : Number(whole || 0) * 100 + Number(fraction.padEnd(2, "0"));
    };
    let value = cents(text);
    // A decimal comma, from a person who writes one, when read as a dot it makes a price.
    if (value === null && rules.decimalComma && text.split(",").length === 2 && !text.includes(".")) {
      const dotted = cents(text.replace(",", "."));
      if (dotted !== null && dotted <= limit) value = dotted;
    }
    if (value === null) return refusal(field, "notAPrice", { quoted: quoted(text) });
    if (value <= limit) return { value: value / 100 };
    const amount = `${Math.floor(value / 100)}.${String(value % 100).padStart(2, "0")}`;
    return refusal(field, "outOfRange", { amount });
  },
  // A day (what a date input holds: a real one, or nothing) is noon that day in the person's zone; set part by
  // part, as a year below 100 given to the Date constructor would be read as 19xx.
  day(field, text) {
    const parts = trimmed(text).match(/^(\d{4})-(\d{2})-(\d{2})$/);
    if (!parts) return refusal(field, "notADate", { quoted: quoted(text) });
    const date = new Date(2000, 0, 1, 12);
    date.setFullYear(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]));
    const inRange = date >= new Date(field.earliest) && date.getTime() <= Date.now() + field.slack;
    return inRange ? { value: date.toISOString() } : refusal(field, "range");
  },
  checkbox(field, text) {
    return { value: text === "on" };
  },
  // A due date (or a reminder's time) as people type it (`fri`, `tomorrow 9am`, `24.12.`), read as the server
  // reads it (24-due-phrases.js), on the household's day and at its time.
  due(field, text) {
    const clock = householdClock();
    const read = duePhrases(text, dayOf(clock), clock.getHours() * 60 + clock.getMinutes());
    return read.error ? asShown(read.error) : read;
  },
  // A repeat as people say it (`every month on the 1st`), read into its rule as the server reads it
  // (25-repeat-phrases.js); an RRULE typed as such is checked whole by the server when the change is sent.
  repeat(field, text) {
    const read = repeatPhrases(text);
    return read.error ? asShown(read.error) : read;
  },
  // A note: text of several lines, its line ends and tabs kept.
  note(field, text) {
    const value = trimmed(text.replace(/\r\n?/g, "\n"));
    if (!value) return { value: null };
    const bad = [...value].find((point) => point !== "\n" && point !== "\t" && forbidden.test(point));
    if (bad) return refusal(field, "forbidden", { code: bad.codePointAt(0).toString(16).toUpperCase().padStart(4, "0") });
    const count = characterCount(value);
    return count > field.maxLength ? refusal(field, "tooLong", { count }) : { value };
  },
  // A bird count: digits from 1 up to the field's maximum, or X for present; empty is none.
  count(field, text) {
    const value = trimmed(text);
    if (!value) return { value: null };
    if (value === "X" || value === "x") return { value: "X" };
    const number = /^[0-9]+$/.test(value) ? Number(value) : 0;
    return number >= 1 && number <= field.maximum ? { value: number } : refusal(field, "invalid");
  },
};

// The text an input shows for a value, as the server writes it there.
function inputText(field, value, rules) {
  if (value === null || value === undefined) return "";
  if (field.input === "price") return Number(value).toFixed(2).replace(".", rules.decimalComma ? "," : ".");
  if (field.input === "day") return dayOf(new Date(value));
  if (field.input === "checkbox") return value ? "on" : "";
  if (field.input === "due") return String(value).replace("T", " ");
  return String(value);
}

// A new record's fields before anything is typed: each one's initial value (some are the moment of the add).
function initialRecord(rules) {
  const record = { ...rules.initial };
  for (const key of rules.initialNow) record[key] = new Date().toISOString();
  return record;
}

// What `form` says, read by its `rules`: a new record's fields, or (`before`, the record the form showed) those
// an edit changed from what it showed; or each refused field's message, in the order the form shows them. An
// empty field gives what its rules say: its initial value (a price: 0), or nothing (a date: now in an add, as it
// was in an edit), or its empty text, read as any other. Null when a field's kind of input is not known here.
function readForm(form, rules, before) {
  const errors = {};
  const fields = {};
  const initial = initialRecord(rules);
  for (const field of rules.fields) {
    const reader = inputReaders[field.input];
    if (!reader) return null;
    const input = form.querySelector(`[name="${CSS.escape(field.name)}"]`);
    if (!input) continue;
    const text = input.type === "checkbox" ? (input.checked ? "on" : "") : String(input.value || "");
    if (before && trimmed(text) === inputText(field, before[field.key], rules)) continue;
    // A repeat is shown as the server says it (`every month`): left as it was drawn, it is not changed.
    if (before && field.input === "repeat" && text === input.defaultValue) continue;
    let read;
    if (trimmed(text) || field.empty === "text" || !(field.key in initial)) read = reader(field, text, rules);
    else if (field.empty === "nothing" && before) continue;
    else read = { value: initial[field.key] };
    if (read.error) errors[field.name] = read.error;
    else fields[field.key] = read.value;
  }
  return Object.keys(errors).length ? { errors } : { fields };
}

// The forms drawn from a template, filled with `record`'s values through their rules, as the server fills them.
function fillForms(root, record) {
  for (const form of root.querySelectorAll("form[data-schema]")) {
    const rules = formRules(form) || { fields: [] };
    for (const field of rules.fields) {
      const input = form.querySelector(`[name="${CSS.escape(field.name)}"]`);
      if (!input || !(field.key in record)) continue;
      const text = inputText(field, record[field.key], rules);
      if (input.type === "checkbox") input.defaultChecked = text === "on";
      else if (input.tagName === "SELECT") {
        for (const option of input.options) option.defaultSelected = option.value === text;
      } else if (input.tagName === "TEXTAREA") input.textContent = text;
      else input.setAttribute("value", text);
    }
  }
}

// The forms that work offline: the address they post to, the change they make (a form read by its rules, or a
// change of its own) and where they lead.
const offlineForms = [
  { path: "/shopping/new", kind: "item", op: "add", read: true, next: () => "/shopping" },
  { path: "/shopping/items/{id}/edit", kind: "item", op: "update", read: true, next: () => "/shopping" },
  // The Items tab's checkmark, for the Shopping List tab's list (the change names it, and sets the mark); with no
  // list yet, for the one the server makes ("Shopping").
  { path: "/lists/{list}/items/{id}/toggle", kind: "item", op: "update",
    set: (record) => ({ inShoppingList: !record.inShoppingList }) },
  { path: "/shopping/items/{id}/toggle", kind: "item", op: "update",
    set: (record) => ({ inShoppingList: !record.inShoppingList }) },
  { path: "/shopping/items/{id}/delete", kind: "item", op: "delete", next: () => "/shopping" },
  { path: "/todo/tasks", kind: "task", op: "add", read: true },
  { path: "/todo/tasks/{id}/edit", kind: "task", op: "update", read: true, next: () => "/todo" },
  // A repeating task's check-off is for the due date it saw, sent in the change's base: once another phone's
  // check-off moved that date, the server does not apply this one (the check-off is made once).
  { path: "/todo/tasks/{id}/toggle", kind: "task", op: "update", set: (record) => ({ done: !record.done }),
    seen: (record) => (record.repeat ? ["due"] : []) },
  { path: "/todo/tasks/{id}/delete", kind: "task", op: "delete", next: () => "/todo" },
  { path: "/birds/new", kind: "sighting", op: "add", read: true, next: () => "/birds" },
  { path: "/birds/{id}/edit", kind: "sighting", op: "update", read: true, next: (id) => `/birds/${id}` },
  { path: "/birds/{id}/delete", kind: "sighting", op: "delete", next: () => "/birds" },
  // A store list's: a put of an item of the catalog (`item`: found by its name among the add field's), an entry
  // checked off at the phone's time or back on, its sheet, and its ✕.
  { path: "/lists/{list}/entries", kind: "entry", op: "add", read: true, item: true },
  { path: "/lists/{list}/entries/{id}/toggle", kind: "entry", op: "update",
    set: (record) => ({ checkedAt: record.checkedAt ? null : new Date().toISOString() }) },
  { path: "/lists/{list}/entries/{id}/edit", kind: "entry", op: "update", read: true,
    next: (id, list) => `/lists/${list}` },
  { path: "/lists/{list}/entries/{id}/delete", kind: "entry", op: "delete" },
];

// The ids a path of `pattern` holds (`{id}`, and a store list's `{list}`), upper-cased, or null when it is not one.
function matchPath(pattern, pathname) {
  const names = [...pattern.matchAll(/\{(\w+)\}/g)].map((part) => part[1]);
  const match = pathname.match(new RegExp(`^${pattern.replace(/\{\w+\}/g, uuidPattern)}$`));
  if (!match) return null;
  const ids = { id: null };
  names.forEach((name, index) => { ids[name] = match[index + 1].toUpperCase(); });
  return ids;
}

// What a put of `added` makes of an entry with `had`, as the server adds them: the one given when the other is
// none, the sum when both are counts or amounts of one metric unit written alike (which the server writes as
// they are); `undefined` when only the server can tell (units apart, or words: it keeps both, or converts, or
// writes a unit its own way).
function addedQuantity(had, added) {
  if (!added) return had || null;
  if (!had) return added;
  const [first, second] = [amount(had), amount(added)];
  const metric = ["", "g", "kg", "mg", "ml", "cl", "dl", "l"];
  if (!first || !second || first.unit !== second.unit || !metric.includes(first.unit)) return undefined;
  const sum = Math.round((first.number + second.number) * 1000) / 1000;
  return first.unit ? `${sum} ${first.unit}` : String(sum);
}

// The item of the catalog a put form names: a row of "Recently bought" by its id, else the add field's name as one
// of those it offers (its `<datalist>`: id, price and category of each), as typed, else in any case. Null when
// the kept catalog has none of that name.
function catalogItem(form) {
  const item = (id, name, data) => ({ item: id.toUpperCase(), name,
    price: data.price === undefined ? null : Number(data.price), category: data.category || null });
  // A row of "Recently bought": the very item bought, named by its id.
  const chosen = form.querySelector('input[name="item-id"][data-name]');
  if (chosen) return item(chosen.value, chosen.dataset.name, chosen.dataset);
  const input = form.querySelector('[name="item"]');
  const name = trimmed(String(input ? input.value : ""));
  const options = [...form.querySelectorAll("datalist option[data-id]")];
  const option = options.find((candidate) => candidate.value === name)
    || options.find((candidate) => candidate.value.toLowerCase() === name.toLowerCase());
  return option ? item(option.dataset.id, option.value, option.dataset) : null;
}

function newID() {
  if (crypto.randomUUID) return crypto.randomUUID().toUpperCase();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("").toUpperCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// Marks a refused field as the server does: its message under it, the field invalid and focused.
function showFieldErrors(form, errors) {
  for (const old of form.querySelectorAll(".field-error")) old.remove();
  for (const field of form.querySelectorAll("[aria-invalid]")) field.removeAttribute("aria-invalid");
  let first = null;
  for (const [name, message] of Object.entries(errors)) {
    const input = form.elements.namedItem(name);
    if (!input) continue;
    const error = document.createElement("p");
    error.className = "field-error";
    error.id = `${input.id}-error`;
    error.textContent = message;
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", [error.id, input.getAttribute("aria-describedby") || ""].join(" ").trim());
    input.after(error);
    first = first || input;
  }
  if (first) first.focus();
}

// A form posted with no network: kept as a change, drawn, and the screen it leads to shown. Answers
// whether the form is one that works offline.
async function keepOffline(form, action) {
  let rule = null;
  let match = null;
  for (const candidate of offlineForms) {
    match = matchPath(candidate.path, action.pathname);
    if (match) { rule = candidate; break; }
  }
  if (!rule) return false;
  const id = match.id || newID();
  const before = rule.op === "add" ? null : knownRecord(id);
  if (rule.op === "update" && !before) return false;
  // A form is read by the rules it carries (a screen kept by an older release has none: it needs the network).
  const rules = rule.read ? formRules(form) : null;
  if (rule.read && !rules) return false;
  let fields = {};
  if (rule.read) {
    const read = readForm(form, rules, before);
    if (!read) return false;
    if (read.errors) {
      showFieldErrors(form, read.errors);
      return true;
    }
    fields = read.fields;
  }
  if (rule.set) fields = rule.set(before);
  // A put offline: only an item the catalog kept on the device; what the row draws of it comes with it.
  let item = null;
  if (rule.item) {
    item = catalogItem(form);
    if (!item) {
      showFieldErrors(form, { item: "With no network, only an item the list offers can be put on it; add a new one "
        + "when you are online." });
      return true;
    }
    fields.item = item.item;
  }
  const base = {};
  if (rule.op === "update") {
    for (const name of Object.keys(fields)) {
      if (before[name] === fields[name]) delete fields[name];
      else base[name] = before[name] === undefined ? null : before[name];
    }
    // Fields the change does not set but counts on, sent as seen.
    for (const name of rule.seen ? rule.seen(before) : []) {
      if (!(name in base)) base[name] = before[name] === undefined ? null : before[name];
    }
  }
  // The record as the screens draw it now: the whole record the form started from (its own JSON, meta and all),
  // or a new one's initial values, with what changed; only `fields` are sent.
  const start = rule.op === "add" && rules ? initialRecord(rules) : {};
  if (item) Object.assign(start, { list: match.list, checkedAt: null, name: item.name, price: item.price,
    category: item.category });
  let after = rule.op === "delete" ? null : { ...start, ...(before || {}), ...fields };
  // A put of an item the list has to buy already adds to that entry on the server: drawn so on its row, when the
  // quantities add up here as they will there (else a second row shows until the server has it).
  let drawsOn = null;
  if (item) {
    const rowID = [...currentMain().querySelectorAll(".screen li.row[data-id]")].map((element) => element.dataset.id)
      .find((shown) => {
        const record = knownRecord(shown);
        return record && record.item === item.item && !record.checkedAt;
      });
    const row = rowID && knownRecord(rowID);
    const quantity = row ? addedQuantity(row.quantity, fields.quantity) : undefined;
    if (row && quantity !== undefined) {
      drawsOn = rowID;
      after = { ...row, quantity, note: fields.note || row.note };
    }
  }
  const shownRecord = after || before || {};
  let change = null;
  if (rule.op !== "update" || Object.keys(fields).length) {
    change = {
      household, kind: rule.kind, op: rule.op, id, fields, base, after,
      label: shownRecord.name || shownRecord.title || "",
    };
    if (match.list) change.list = match.list;
    if (drawsOn) change.drawsOn = drawsOn;
    change.seq = await transact("changes", "readwrite", (store) => store.add(change));
    // (Read back already when another tab's news came in between.)
    if (!queue.some((other) => other.seq === change.seq)) queue.push(change);
    if (after) known.set(drawsOn || id, after);
    else known.delete(id);
    tellOtherTabs();
  }
  announce(announcement(form));
  const inSheet = form.closest(".sheet") !== null;
  if (inSheet && rule.next) await load(rule.next(id, match.list), "push");
  else {
    const main = currentMain();
    if (change) drawChanges(main, [change]);
    const setConfirm = main.querySelector(".row.confirming");
    if (setConfirm) setConfirming(setConfirm, false);
    if (rule.read) form.reset();
    changedAt = now();
  }
  showOfflineState();
  return true;
}
