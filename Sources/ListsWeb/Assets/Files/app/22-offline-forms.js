// With no network (see 20-offline-queue.js): the forms that work offline, how each reads what was typed and the
// change it makes, kept on the device and drawn at once.

// The forms that work offline: the address they post to, the change they make and where they lead.
function priceOf(text) {
  const match = text.trim().replace(/^\$\s*/, "").match(/^(\d{1,7})(?:[.,](\d{1,2}))?$/);
  if (!text.trim()) return { value: 0 };
  if (!match) return { error: "Type a price in dollars, like 1.99." };
  const value = Number(`${match[1]}.${(match[2] || "0").padEnd(2, "0")}`);
  return value > 1000000 ? { error: "A price is at most 1,000,000." } : { value };
}

function readItem(form) {
  const errors = {};
  const name = (form.elements.namedItem("name").value || "").trim();
  if (!name) errors.name = "Type the item's name.";
  else if ([...name].length > 200) errors.name = "A name is at most 200 characters.";
  const price = priceOf(form.elements.namedItem("price").value || "");
  if (price.error) errors.price = price.error;
  return Object.keys(errors).length ? { errors } : { fields: { name, price: price.value } };
}

function readSighting(form, before) {
  const errors = {};
  const name = (form.elements.namedItem("name").value || "").trim();
  const location = (form.elements.namedItem("location").value || "").trim();
  const day = (form.elements.namedItem("date").value || "").trim();
  if (!name) errors.name = "Type the bird's name.";
  else if ([...name].length > 200) errors.name = "A name is at most 200 characters.";
  if ([...location].length > 200) errors.location = "A location is at most 200 characters.";
  const fields = { name, location: location || null };
  const kept = before && (!day || day === dayOf(new Date(before.date)));
  if (!kept) {
    const parts = day.match(/^(\d{4})-(\d{2})-(\d{2})$/);
    if (!day) fields.date = new Date().toISOString();
    else if (!parts) errors.date = "Type a date like 2026-11-29.";
    else {
      const date = new Date(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]), 12);
      if (day > dayOf(new Date())) errors.date = "A sighting cannot be in the future.";
      else if (parts[1] < "1800") errors.date = "A sighting is from 1800 on.";
      else fields.date = date.toISOString();
    }
  }
  return Object.keys(errors).length ? { errors } : { fields };
}

function readTask(form) {
  // The insert field is `title`; the edit sheet's, `task`.
  const field = form.elements.namedItem("title") || form.elements.namedItem("task");
  const title = (field.value || "").trim();
  if (!title) return { errors: { [field.name]: "Type a task first." } };
  return [...title].length > 200
    ? { errors: { [field.name]: "A task is at most 200 characters." } }
    : { fields: { title } };
}

const offlineForms = [
  { path: "/shopping/new", kind: "item", op: "add", read: readItem, next: () => "/shopping",
    blank: { price: 0, inShoppingList: false } },
  { path: "/shopping/items/{id}/edit", kind: "item", op: "update", read: readItem, next: () => "/shopping" },
  { path: "/shopping/items/{id}/toggle", kind: "item", op: "update",
    set: (record) => ({ inShoppingList: !record.inShoppingList }) },
  { path: "/shopping/items/{id}/delete", kind: "item", op: "delete", next: () => "/shopping" },
  { path: "/shopping/list/{id}/check", kind: "item", op: "update", set: () => ({ inShoppingList: false }) },
  { path: "/todo/tasks", kind: "task", op: "add", read: readTask, blank: { done: false } },
  { path: "/todo/tasks/{id}/edit", kind: "task", op: "update", read: readTask, next: () => "/todo" },
  { path: "/todo/tasks/{id}/toggle", kind: "task", op: "update", set: (record) => ({ done: !record.done }) },
  { path: "/todo/tasks/{id}/delete", kind: "task", op: "delete", next: () => "/todo" },
  { path: "/birds/new", kind: "sighting", op: "add", read: readSighting, next: () => "/birds",
    blank: { location: null } },
  { path: "/birds/{id}/edit", kind: "sighting", op: "update", read: readSighting, next: (id) => `/birds/${id}` },
  { path: "/birds/{id}/delete", kind: "sighting", op: "delete", next: () => "/birds" },
];

function matchPath(pattern, pathname) {
  const match = pathname.match(new RegExp(`^${pattern.replace("{id}", uuidPattern)}$`));
  if (!match) return null;
  return { id: match[1] ? match[1].toUpperCase() : null };
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
  let fields = {};
  if (rule.read) {
    const read = rule.read(form, before);
    if (read.errors) {
      showFieldErrors(form, read.errors);
      return true;
    }
    fields = read.fields;
  }
  if (rule.set) fields = rule.set(before);
  const base = {};
  if (rule.op === "update") {
    for (const name of Object.keys(fields)) {
      if (before[name] === fields[name]) delete fields[name];
      else base[name] = before[name] === undefined ? null : before[name];
    }
  }
  const after = rule.op === "delete" ? null : { ...(rule.blank || {}), ...(before || {}), ...fields };
  const shownRecord = after || before || {};
  let change = null;
  if (rule.op !== "update" || Object.keys(fields).length) {
    change = {
      household, kind: rule.kind, op: rule.op, id, fields, base, after,
      label: shownRecord.name || shownRecord.title || "",
    };
    change.seq = await transact("changes", "readwrite", (store) => store.add(change));
    // (Read back already when another tab's news came in between.)
    if (!queue.some((other) => other.seq === change.seq)) queue.push(change);
    if (after) known.set(id, after);
    else known.delete(id);
    tellOtherTabs();
  }
  announce(announcement(form));
  const inSheet = form.closest(".sheet") !== null;
  if (inSheet && rule.next) await load(rule.next(id), "push");
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
