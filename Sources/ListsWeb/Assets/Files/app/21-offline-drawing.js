// With no network (see 20-offline-queue.js): what the screens drawn by the server tell (their records and their
// templates), the waiting changes drawn over every screen, and the pages that open from a list screen drawn from
// its templates.

function escapeHTML(text) {
  return String(text).replace(/[&<>"']/g, (character) =>
    ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character]);
}

// A template's text with its placeholders filled: `{{name}}` with the value (escaped), the placeholder id
// with the record's. One pass, so that a value is never read as a placeholder.
function fill(html, id, values) {
  return html.replace(/\{\{(\w+)\}\}|FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF/g, (whole, name) =>
    name === undefined ? (id || placeholderID) : escapeHTML(values[name] === undefined ? "" : values[name]));
}

function dayOf(date) {
  const pad = (number) => String(number).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

// What a template shows of `record` (its own JSON, as the row's `data-record` holds it): its fields as text, the
// price with two decimals, the date in medium style. (A form's fields are filled through its rules: fillForms.)
function shown(record) {
  const values = { record: JSON.stringify(record) };
  for (const [name, value] of Object.entries(record)) values[name] = value === null ? "" : String(value);
  if (typeof record.price === "number") values.price = record.price.toFixed(2);
  if ("due" in record || "priority" in record || "repeat" in record) values.subtitle = taskSubtitle(record);
  if (record.date) {
    values.dateText = new Date(record.date).toLocaleDateString(document.documentElement.lang || undefined,
      { year: "numeric", month: "short", day: "numeric" });
  }
  return values;
}

// The household's wall clock now, as a Date whose local fields are the time in the household's zone (the
// to-do screens' `data-zone`), in which the server decides what is today and overdue; the phone's own where a
// screen does not say.
function householdClock() {
  const now = new Date();
  const zone = document.querySelector("[data-zone]")?.dataset.zone;
  if (!zone) return now;
  let parts;
  try {
    parts = new Intl.DateTimeFormat("en-US", {
      timeZone: zone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric",
      minute: "numeric", second: "numeric",
    }).formatToParts(now);
  } catch (error) {
    return now;
  }
  const part = (type) => Number(parts.find((each) => each.type === type)?.value);
  return new Date(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
}

// A due date (or a reminder) as the server shows it (`Due.shown`): `Today`, `Tomorrow 9:00 AM`, `Friday`,
// `Dec 24`; and the moment it is over, as a Date of the household's wall clock (the end of its day, or its time).
function shownDue(due, now) {
  const lang = document.documentElement.lang || undefined;
  const [day, time] = due.split("T");
  const [year, month, date] = day.split("-").map(Number);
  const noon = new Date(2000, 0, 1, 12);
  noon.setFullYear(year, month - 1, date);
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 12);
  const away = Math.round((noon - today) / 86400000);
  let text = { 0: "Today", 1: "Tomorrow", "-1": "Yesterday" }[away];
  if (!text && away >= 2 && away <= 6) text = noon.toLocaleDateString(lang, { weekday: "long" });
  if (!text) {
    const style = { day: "numeric", month: "short" };
    if (year !== today.getFullYear()) style.year = "numeric";
    text = noon.toLocaleDateString(lang, style);
  }
  let end = new Date(noon.getFullYear(), noon.getMonth(), noon.getDate() + 1);
  if (time) {
    const [hour, minute] = time.split(":").map(Number);
    end = new Date(noon.getFullYear(), noon.getMonth(), noon.getDate(), hour, minute, 0, 1);
    text += ` ${end.toLocaleTimeString(lang, { hour: "numeric", minute: "2-digit" }).replace(/\u202f/g, " ")}`;
  }
  return { text, end };
}

// The line under a task's title, as the server writes it (`TodoPages.subtitle`): when it is due
// (`Overdue · Yesterday`, `Tomorrow 9:00 AM`, `Friday`, `Dec 24`), its priority (`High priority`) and its
// reminder (`Reminder Tomorrow 9:00 AM`).
function taskSubtitle(task) {
  const parts = [];
  const now = householdClock();
  if (task.due) {
    const { text, end } = shownDue(task.due, now);
    parts.push(!task.done && now >= end ? `Overdue · ${text}` : text);
  }
  if (task.repeat) parts.push("Repeats");
  if (task.priority) parts.push(`${task.priority[0].toUpperCase()}${task.priority.slice(1)} priority`);
  if (task.remindAt && !task.done) parts.push(`Reminder ${shownDue(task.remindAt, now).text}`);
  return parts.join(" · ");
}

// Takes in what a screen drawn by the server tells: its records (their text, read when one is needed:
// every live update draws a screen) and its templates.
function learn(root) {
  for (const element of root.querySelectorAll("[data-id][data-record]")) {
    if (element.dataset.id !== placeholderID) known.set(element.dataset.id, element.dataset.record);
  }
  for (const template of root.querySelectorAll("template[data-page]")) {
    offlinePages.set(template.dataset.page, template.innerHTML);
  }
}

// The fields of the record `id` as the screens last showed it, or null.
function knownRecord(id) {
  const value = known.get(id);
  if (typeof value !== "string") return value || null;
  try {
    const record = JSON.parse(value);
    known.set(id, record);
    return record;
  } catch (error) {
    known.delete(id);
    return null;
  }
}

// The template of a row drawing `record` among `templates`: the one whose `data-when` it matches.
// (`any`: the field has a value, of any kind; `null`: it has none.)
function rowTemplate(templates, record) {
  return templates.find((template) => {
    if (!template.dataset.when) return true;
    const [field, value] = template.dataset.when.split(":");
    if (value === "any") return record[field] !== null && record[field] !== undefined;
    if (value === "null") return record[field] === null || record[field] === undefined;
    return String(record[field]) === value;
  });
}

// The list a new row of `record` goes in: on a store list in sections, its category's (else the last, "Other"
// or the one without a header); elsewhere the screen's one list (drawn with rows when it had none).
function groupFor(main, record) {
  const sections = [...main.querySelectorAll(".screen .content ul.group[data-category]")];
  if (sections.length) {
    return sections.find((group) => group.dataset.category === (record.category || "")) || sections[sections.length - 1];
  }
  return drawGroup(main, true);
}

// Draws `changes` over `main`: the rows they add, change and remove, and the total they move. Each
// record's last state is drawn once, and the new rows are made in one go (10,000 waiting adds draw at
// once).
function drawChanges(main, changes) {
  const templates = [...main.querySelectorAll("template[data-row]")];
  if (!templates.length || !changes.length) return;
  const kind = templates[0].dataset.row;
  // A store list's screen draws the changes of its own entries only.
  const list = templates[0].dataset.list;
  const texts = new Map(templates.map((template) => [template, template.innerHTML]));
  // Each record's state after the changes (null: not on this screen), in the order first changed.
  const finals = new Map();
  for (const change of changes) {
    if (change.kind !== kind || (list && change.list !== list)) continue;
    const record = change.after;
    // The row it draws on: its own, or the entry a put adds to (`drawsOn`).
    const id = change.drawsOn || change.id;
    // A sheet opened from the screen starts from what it shows.
    if (record) known.set(id, record);
    else known.delete(id);
    finals.set(id, record || null);
  }
  if (!finals.size) return;
  const rows = new Map([...main.querySelectorAll(".screen li.row[data-id]")].map((row) => [row.dataset.id, row]));
  const holder = document.createElement("template");
  // The new rows' markup by the list they go in (the first one: a list drawn with rows when it had none).
  const added = new Map();
  for (const [id, record] of finals) {
    const row = rows.get(id);
    if (!record) {
      if (row) row.remove();
      continue;
    }
    const template = rowTemplate(templates, record);
    if (!template) continue;
    const html = fill(texts.get(template), id, shown(record)).trim();
    if (!row) {
      const group = groupFor(main, record);
      added.set(group, (added.get(group) || "") + html);
      continue;
    }
    holder.innerHTML = html;
    row.replaceWith(holder.content);
  }
  for (const [group, html] of added) {
    holder.innerHTML = html;
    if (group) group.append(holder.content);
  }
  if (!added.size && !main.querySelector(".screen .content ul.group li.row")) drawGroup(main, false);
  drawTotal(main);
  enhance(main);
}

// Draws the screen's list as the server does with rows (`hasRows`: the list and its footer, answered) or
// with none (what the empty list says), from the screen's `template[data-group]`s.
function drawGroup(main, hasRows) {
  const content = main.querySelector(".screen .content");
  const group = content.querySelector("ul.group");
  if (hasRows === Boolean(group)) return group;
  const old = group || content.querySelector("p.empty");
  const template = main.querySelector(`template[data-group="${hasRows ? "rows" : "empty"}"]`);
  if (!template) {
    // A screen kept by an older release, without these templates: the rows get a plain list.
    if (!hasRows) return null;
    const list = document.createElement("ul");
    list.className = "group";
    list.setAttribute("aria-label", document.title.split(" · ")[0]);
    if (old) old.replaceWith(list);
    else content.append(list);
    return list;
  }
  // A store list in sections emptied: the sections go, headers and all, and the words under them.
  if (!hasRows) {
    for (const extra of content.querySelectorAll("ul.group ~ ul.group, .aisle-header, p.group-footer, .aisle-order")) {
      extra.remove();
    }
  }
  const holder = document.createElement("template");
  holder.innerHTML = template.innerHTML.trim();
  const fresh = holder.content.querySelector("ul.group");
  const footer = old && old.nextElementSibling;
  if (footer && footer.matches("p.group-footer")) footer.remove();
  if (old) old.replaceWith(holder.content);
  else content.append(holder.content);
  return fresh;
}

// A quantity's number and unit as typed (`2`, `500 g`, `1,5 l`), lower-cased, or null for words or nothing.
function amount(quantity) {
  const parts = trimmed(String(quantity || "")).toLowerCase().match(/^([0-9]+(?:[.,][0-9]+)?)\s*(.*)$/);
  return parts ? { number: Number(parts[1].replace(",", ".")), unit: parts[2] } : null;
}

// What a store list's total multiplies an entry's price by (ListsModel's `Quantity.multiplier`): the count of a
// count or of countable units (the spellings `countable` lists), 1 for an amount by weight or volume or for words.
function multiplier(quantity, countable) {
  const read = amount(quantity);
  return read && (!read.unit || countable.includes(read.unit)) ? read.number : 1;
}

// A store list's total, added up again from its rows, as "Total: $8.57" under them (none with no rows).
function drawEntriesTotal(main) {
  const footer = main.querySelector(".screen p.group-footer[data-total]");
  const form = main.querySelector("form.insert-form[data-schema]");
  const rules = form && formRules(form);
  const quantity = rules && rules.fields.find((field) => field.key === "quantity");
  if (!footer || !quantity) return;
  let cents = 0;
  for (const row of main.querySelectorAll(".screen li.row[data-record]")) {
    try {
      const record = JSON.parse(row.dataset.record);
      if (typeof record.price === "number") cents += record.price * 100 * multiplier(record.quantity, quantity.countable);
    } catch (error) { /* skip */ }
  }
  footer.textContent = `Total: $${(Math.round(cents) / 100).toFixed(2)}`;
}

// A store list's total, added up again from its rows.
function drawTotal(main) {
  if (main.querySelector("template[data-list]")) drawEntriesTotal(main);
}

// A screen just drawn: learnt from, and the waiting changes drawn over it.
function drawnOffline(main) {
  learn(main);
  drawChanges(main, waiting());
}

// A page that opens from a list screen (a sheet, a sighting's screen), drawn with no network from its
// template and the record the screens showed. Answers whether there was one to draw.
function openOffline(url, mode) {
  const target = new URL(url, location.href);
  for (const [pattern, html] of offlinePages) {
    const match = matchPath(pattern, target.pathname);
    if (!match) continue;
    const record = match.id ? knownRecord(match.id) : {};
    if (!record) return false;
    const holder = document.createElement("template");
    holder.innerHTML = fill(html, match.id, shown(record));
    fillForms(holder.content, record);
    const behind = holder.content.querySelector(".behind");
    const screen = currentMain().querySelector(".behind .screen") || currentMain().querySelector(".screen");
    if (behind && screen) behind.append(screen.cloneNode(true));
    const title = holder.content.querySelector("#sheet-title, h1");
    const page = `<!doctype html><title>${escapeHTML(title ? title.textContent : "Lists")} · Lists</title>`
      + `<main id="main">${holder.innerHTML}</main>`;
    swap(page, target.href, mode);
    return true;
  }
  return false;
}
