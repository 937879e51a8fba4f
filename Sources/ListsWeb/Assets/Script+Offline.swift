extension Script {
    /// The part of app.js that keeps the app working with no network (a shop with no signal):
    ///
    /// - **Kept screens.** The service worker keeps the last lists (``ServiceWorker``). Each list screen carries
    ///   its rows and its sheets as templates (``OfflineViews``), so that with no network the add and edit sheets,
    ///   a sighting's detail screen and the action sheets that ask before a delete open as they do online, drawn
    ///   from the records the screens showed.
    /// - **Changes wait on the device.** With no network (`navigator.onLine` false), a form that adds, checks off,
    ///   edits or deletes becomes a change (`{kind, op, id, fields, base}`, as `POST /api/v1/changes` takes it:
    ///   an add chooses its record's id; an update sets only the fields the person changed, with the values they
    ///   saw as its base), kept in IndexedDB (the `lists` database, store `changes`) before anything is shown, then
    ///   drawn at once on the screen. Every screen drawn (a kept one, a reload, a fresh start) has the waiting
    ///   changes drawn over it, in order. A mark at the top says "Offline · 3 changes waiting". A form that only
    ///   works online (an import, an undo, the account's) says so and changes nothing.
    /// - **Sent once, in order.** When the network comes back (the `online` event, or any answer from the server),
    ///   the waiting changes go to `POST /api/v1/changes` in order, 500 at a time; each one answered leaves the
    ///   queue, so a batch cut off is sent again from the first change not answered, and the server makes nothing
    ///   twice (see its rules). A form sent while changes wait is sent after them. A batch refused whole (too big
    ///   to send: a change that was tampered with) is sent one change at a time, so that only the bad one is
    ///   refused.
    /// - **Tried again.** When the server does not answer (down, restarting: no answer or a 5xx), the changes are
    ///   tried again 2 s later, then after 4, 8, 16 and at most 30 s, and at once when the network comes back or
    ///   the event stream opens again; the mark says "3 changes waiting: the server does not answer; trying again".
    /// - **Kept for a sign-in.** When the server refuses the session (401: signed out on every device, expired),
    ///   the changes stay and the page goes to the sign-in screen, where the mark says "3 changes waiting: sign in
    ///   to send them"; signed in, they are sent to their household. Nothing is sent before a server answer to the
    ///   page has named its household (the one remembered may be another account's). A session in no household
    ///   (403: its user was removed from it meanwhile) keeps them too: "3 changes waiting: you are in no household
    ///   now", until the session is in one again.
    /// - **Every tab the same.** A tab that keeps, sends or dismisses changes tells the others (a
    ///   `BroadcastChannel`), which read IndexedDB again and draw them; one tab sends at a time (a Web Lock),
    ///   reading the queue first, so that a change goes once.
    /// - **Never dropped in silence.** A change the server did not apply in full (someone else changed the field
    ///   meanwhile, the record was deleted, the change was refused) is listed under "Changes not applied", with
    ///   what won, until the person dismisses the list (kept in IndexedDB too, so a reload keeps it).
    /// - **One household's changes.** Each change is kept with the household it was made in (the
    ///   `X-Lists-Household` header of the server's answers, remembered for a start with no network), and is
    ///   drawn and sent only while that household is the page's: after a switch, the other household's changes
    ///   wait until it is current again.
    static let offline = #"""
              const placeholderID = "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF";
              const batchSize = 500;
              const uuidPattern = "([0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12})";
              // The records the screens showed (id → fields as the API writes them), and the pages that open from them
              // (address pattern → template).
              const known = new Map();
              const offlinePages = new Map();
              // Storage a browser may refuse (a private window): the page then works, without offline changes.
              // The household header is the household's number; releases before wrote "household 3", which is read as
              // the number it names, so that changes kept then go on to their household.
              const householdNumber = (value) => typeof value === "string" ? value.replace(/^household /, "") : value;
              const remembered = (value) => {
                try {
                  if (value === undefined) return householdNumber(localStorage.getItem("lists-household") || "");
                  localStorage.setItem("lists-household", value);
                } catch (error) { /* not kept */ }
                return value || "";
              };
              let household = remembered();
              // The waiting changes of every household, in order, and the changes the server did not apply.
              let queue = [];
              let notApplied = [];
              let database = null;
              let flushing = null;
              // Whether a server answer to this page named its household (until then, the one remembered may be
              // another account's), whether the server refused the session (the changes wait for a sign-in), and the
              // retry after the server did not answer: when, and after how long.
              let householdKnown = false;
              let signInNeeded = false;
              // Whether the server refused the changes because the session is in no household (its member removed
              // meanwhile): they wait until it is in one again.
              let householdRefused = false;
              let retryTimer = 0;
              let retryDelay = 0;
              // Tabs of the app tell each other when the waiting changes changed (one kept, sent or dismissed).
              const tabs = window.BroadcastChannel ? new BroadcastChannel("lists-changes") : null;

              const isOffline = () => navigator.onLine === false;
              const waiting = () => queue.filter((change) => change.household === household);

              function takeHousehold(value) {
                if (value === null || value === undefined) return;
                householdKnown = true;
                if (value === household) return;
                household = value;
                remembered(value);
                showOfflineState();
              }

              function openDatabase() {
                if (database) return Promise.resolve(database);
                return new Promise((resolve, reject) => {
                  const request = indexedDB.open("lists", 1);
                  request.onupgradeneeded = () => {
                    request.result.createObjectStore("changes", { keyPath: "seq", autoIncrement: true });
                    request.result.createObjectStore("notApplied", { keyPath: "seq", autoIncrement: true });
                  };
                  request.onsuccess = () => { database = request.result; resolve(database); };
                  request.onerror = () => reject(request.error);
                });
              }

              // Runs `work(store)` in one transaction on `name`; resolves with what `work` gave once it is committed.
              async function transact(name, mode, work) {
                const db = await openDatabase();
                return new Promise((resolve, reject) => {
                  const transaction = db.transaction(name, mode);
                  let result;
                  const request = work(transaction.objectStore(name));
                  if (request) request.onsuccess = () => { result = request.result; };
                  transaction.oncomplete = () => resolve(result);
                  transaction.onerror = () => reject(transaction.error);
                  transaction.onabort = () => reject(transaction.error);
                });
              }

              // Reads the waiting changes and those not applied as IndexedDB holds them now (another tab may have
              // changed them); what was read before stays when the browser refuses.
              async function loadQueue() {
                try {
                  const changes = await transact("changes", "readonly", (store) => store.getAll());
                  const entries = await transact("notApplied", "readonly", (store) => store.getAll());
                  queue = (changes || []).filter((change) => change && typeof change === "object");
                  notApplied = entries || [];
                  for (const kept of [...queue, ...notApplied]) {
                    if (kept && typeof kept === "object") kept.household = householdNumber(kept.household);
                  }
                } catch (error) {
                  /* kept as it was */
                }
              }

              function tellOtherTabs() {
                if (tabs) tabs.postMessage("changed");
              }

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

              // What a template shows of `record`: its fields as text, the price with two decimals, the date as a day.
              function shown(record) {
                const values = { record: JSON.stringify(record) };
                for (const [name, value] of Object.entries(record)) values[name] = value === null ? "" : String(value);
                if (typeof record.price === "number") values.price = record.price.toFixed(2);
                if (record.date) {
                  const date = new Date(record.date);
                  values.day = dayOf(date);
                  values.dateText = date.toLocaleDateString(document.documentElement.lang || undefined,
                    { year: "numeric", month: "short", day: "numeric" });
                }
                return values;
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
          function rowTemplate(templates, record) {
            return templates.find((template) => {
              if (!template.dataset.when) return true;
              const [field, value] = template.dataset.when.split(":");
              return String(record[field]) === value;
            });
          }

          // Draws `changes` over `main`: the rows they add, change and remove, and the total they move. Each
          // record's last state is drawn once, and the new rows are made in one go (10,000 waiting adds draw at
          // once).
          function drawChanges(main, changes) {
            const templates = [...main.querySelectorAll("template[data-row]")];
            if (!templates.length || !changes.length) return;
            const kind = templates[0].dataset.row;
            const filter = templates[0].dataset.filter;
            const texts = new Map(templates.map((template) => [template, template.innerHTML]));
            // Each record's state after the changes (null: not on this screen), in the order first changed.
            const finals = new Map();
            for (const change of changes) {
              if (change.kind !== kind) continue;
              const record = change.after;
              // A sheet opened from the screen starts from what it shows.
              if (record) known.set(change.id, record);
              else known.delete(change.id);
              finals.set(change.id, record && !(filter && !record[filter]) ? record : null);
            }
            if (!finals.size) return;
            const rows = new Map([...main.querySelectorAll(".screen li.row[data-id]")].map((row) => [row.dataset.id, row]));
            const holder = document.createElement("template");
            let added = "";
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
                added += html;
                continue;
              }
              holder.innerHTML = html;
              row.replaceWith(holder.content);
            }
            if (added) {
              holder.innerHTML = added;
              drawGroup(main, true).append(holder.content);
            } else if (!main.querySelector(".screen .content ul.group li.row")) {
              drawGroup(main, false);
            }
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
            const holder = document.createElement("template");
            holder.innerHTML = template.innerHTML.trim();
            const fresh = holder.content.querySelector("ul.group");
            const footer = old && old.nextElementSibling;
            if (footer && footer.matches("p.group-footer")) footer.remove();
            if (old) old.replaceWith(holder.content);
            else content.append(holder.content);
            return fresh;
          }

          // The Shopping List's total, added up again from its rows (when the whole list is on the screen).
              function drawTotal(main) {
                if (!main.querySelector('template[data-filter="inShoppingList"]') || main.querySelector(".pager")) return;
                const rows = [...main.querySelectorAll(".screen li.row[data-record]")];
                let cents = 0;
                for (const row of rows) {
                  try { cents += Math.round(JSON.parse(row.dataset.record).price * 100); } catch (error) { /* skip */ }
                }
                let total = main.querySelector(".screen .total");
                if (!rows.length) {
                  if (total) total.remove();
                  return;
                }
                if (!total) {
                  total = document.createElement("p");
                  total.className = "total";
                  total.innerHTML = "<span>Total</span> <strong class=\"amount\"></strong>";
                  main.querySelector(".screen .content").append(total);
                }
                total.querySelector(".amount").textContent = `$${(cents / 100).toFixed(2)}`;
              }

              // A screen just drawn: learnt from, and the waiting changes drawn over it.
              function drawnOffline(main) {
                learn(main);
                drawChanges(main, waiting());
              }

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
                return [...title].length > 200 ? { errors: { [field.name]: "A task is at most 200 characters." } } : { fields: { title } };
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

              // What a change the server did not apply in full says to the person who made it.
              function notAppliedText(entry) {
                const name = entry.label ? `“${entry.label}”` : "A record";
                const what = { add: "adding", update: "your change to", delete: "deleting" }[entry.op] || "a change to";
                switch (entry.outcome) {
                  case "deleted": return `${name}: your change was not applied: it was deleted on another device.`;
                  case "refused": return `${name}: ${what === "adding" ? "adding it" : what.replace(" to", "")} was refused: ${entry.field ? `${entry.field}: ` : ""}${entry.reason || "not allowed"}.`;
                  default: {
                    const fields = (entry.conflicts || []).join(", ") || "the change";
                    const now = entry.record ? Object.entries(entry.record)
                      .filter(([field]) => (entry.conflicts || []).includes(field))
                      .map(([field, value]) => `${field} ${field === "price" ? `$${Number(value).toFixed(2)}` : value}`).join(", ") : "";
                    return `${name}: your ${fields} was not applied: it was changed on another device meanwhile${now ? ` (now ${now})` : ""}.`;
                  }
                }
              }

              // The mark of waiting changes, and the list of changes not applied.
              function showOfflineState() {
                let bar = document.getElementById("offline-bar");
                if (!bar) {
                  bar = document.createElement("div");
                  bar.id = "offline-bar";
                  bar.className = "offline-bar";
                  bar.setAttribute("role", "status");
                  bar.hidden = true;
                  document.body.append(bar);
                }
                const count = waiting().length;
                const changes = `${count.toLocaleString("en-US")} ${count === 1 ? "change" : "changes"}`;
                let text = "";
                if (isOffline()) text = count ? `Offline · ${changes} waiting` : "Offline";
                else if (!count) text = "";
                else if (signInNeeded) text = `${changes} waiting: sign in to send ${count === 1 ? "it" : "them"}`;
                else if (householdRefused) text = `${changes} waiting: you are in no household now`;
                else if (retryTimer) text = `${changes} waiting: the server does not answer; trying again`;
                else text = `Sending ${changes}…`;
                if (bar.textContent !== text) bar.textContent = text;
                bar.hidden = !text;
                let list = document.getElementById("not-applied");
                const mine = notApplied.filter((entry) => entry.household === household);
                if (!mine.length) {
                  if (list) list.remove();
                  return;
                }
                if (!list) {
                  list = document.createElement("section");
                  list.id = "not-applied";
                  list.className = "not-applied";
                  list.setAttribute("role", "alert");
                  list.setAttribute("aria-labelledby", "not-applied-title");
                  list.innerHTML = "<h2 id=\"not-applied-title\">Changes not applied</h2><ul></ul>"
                    + "<button type=\"button\" class=\"bar-button strong\" data-dismiss-not-applied>OK</button>";
                  document.body.append(list);
                }
                const items = mine.map((entry) => `<li>${escapeHTML(notAppliedText(entry))}</li>`).join("");
                const ul = list.querySelector("ul");
                if (ul.innerHTML !== items) ul.innerHTML = items;
              }

              async function dismissNotApplied() {
                const mine = notApplied.filter((entry) => entry.household === household);
                notApplied = notApplied.filter((entry) => entry.household !== household);
                try {
                  await transact("notApplied", "readwrite", (store) => { for (const entry of mine) store.delete(entry.seq); });
                } catch (error) { /* shown again at the next start */ }
                tellOtherTabs();
                showOfflineState();
              }

              // The change as the server takes it.
              const wire = (change) => ({
                key: String(change.seq), kind: change.kind, op: change.op, id: change.id, fields: change.fields, base: change.base,
              });

              // Sends `batch`; answers each change's result, or null when the session ended or has no household (the
              // changes wait for a sign-in, or for their household). Throws when the server could not be reached or
              // did not answer (the changes are sent again later).
              async function sendBatch(batch) {
                const response = await fetch("/api/v1/changes", {
                  method: "POST", credentials: "same-origin", cache: "no-store",
                  headers: { "Content-Type": "application/json", Accept: "application/json" },
                  body: JSON.stringify({ changes: batch.map(wire) }),
                });
                takeHousehold(response.headers.get("X-Lists-Household"));
                if (response.ok) return (await response.json()).results;
                if (response.status === 401) signInNeeded = true;
                if (response.status === 403) householdRefused = true;
                if (response.status === 401 || response.status === 403) return null;
                if (response.status >= 500) throw new Error(`the server answered ${response.status}`);
                if (batch.length > 1) {
                  const results = [];
                  for (const change of batch) {
                    let one = null;
                    try {
                      one = await sendBatch([change]);
                    } catch (error) {
                      if (!results.length) throw error;
                    }
                    if (!one) return results.length ? results : null;
                    results.push(...one);
                  }
                  return results;
                }
                let problem = {};
                try { problem = (await response.json()).error || {}; } catch (error) { /* no body */ }
                return [{ key: String(batch[0].seq), outcome: "refused", reason: problem.message || `refused (${response.status})`,
                  field: problem.field }];
              }

              // Whether the household the changes would go to is the one the server says this page's session is in
              // (asked once per page: the one remembered may be another account's, signed in since).
              async function confirmHousehold() {
                if (householdKnown) return true;
                const response = await fetch("/api/v1/revision", {
                  credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" },
                });
                if (response.status === 401) signInNeeded = true;
                if (response.status === 403) householdRefused = true;
                if (response.status >= 500) throw new Error(`the server answered ${response.status}`);
                takeHousehold(response.headers.get("X-Lists-Household"));
                return householdKnown;
              }

              // Sends the waiting changes, in order, and draws the lists as they are now. One tab sends at a time
              // (a Web Lock), reading the queue again first, so that no change goes twice from two tabs.
              function flush() {
                if (!flushing) {
                  const sending = navigator.locks ? navigator.locks.request("lists-changes", sendWaiting) : sendWaiting();
                  flushing = sending.finally(() => { flushing = null; });
                }
                return flushing;
              }

              // After the server did not answer: another try, 2 s later, then 4, 8, … up to 30 s between tries.
              function retryLater() {
                clearTimeout(retryTimer);
                retryDelay = retryDelay ? Math.min(retryDelay * 2, 30000) : 2000;
                retryTimer = setTimeout(() => {
                  retryTimer = 0;
                  showOfflineState();
                  flush();
                }, retryDelay);
              }

              // Sends now (the network or the event stream is back), and retries from 2 s again if that fails.
              function sendNow() {
                clearTimeout(retryTimer);
                retryTimer = 0;
                retryDelay = 0;
                showOfflineState();
                flush();
              }

              async function sendWaiting() {
                if (navigator.locks) await loadQueue();
                if (isOffline() || signInNeeded || !waiting().length) {
                  showOfflineState();
                  return;
                }
                clearTimeout(retryTimer);
                retryTimer = 0;
                householdRefused = false;
                showOfflineState();
                let sent = false;
                let unanswered = false;
                try {
                  if (await confirmHousehold()) {
                    while (waiting().length && !isOffline()) {
                      const batch = waiting().slice(0, batchSize);
                      const results = await sendBatch(batch);
                      if (!results) break;
                      retryDelay = 0;
                      const bySeq = new Map(batch.map((change) => [String(change.seq), change]));
                      const done = [];
                      const lost = [];
                      for (const result of results) {
                        const change = bySeq.get(result.key);
                        if (!change) continue;
                        done.push(change.seq);
                        if (result.outcome === "applied" || result.outcome === "already") continue;
                        let record = null;
                        if (result.record) {
                          record = {};
                          for (const field of result.conflicts || []) record[field] = result.record[field];
                        }
                        lost.push({ household: change.household, label: change.label, op: change.op, outcome: result.outcome,
                          reason: result.reason, field: result.field, conflicts: result.conflicts || [], record });
                      }
                      if (!done.length) break;
                      // Each entry takes the key the store gives it, by which OK dismisses it.
                      await transact("notApplied", "readwrite", (store) => {
                        for (const entry of lost) store.add(entry).onsuccess = (event) => { entry.seq = event.target.result; };
                      });
                      await transact("changes", "readwrite", (store) => { for (const seq of done) store.delete(seq); });
                      const gone = new Set(done);
                      queue = queue.filter((change) => !gone.has(change.seq));
                      notApplied.push(...lost);
                      sent = true;
                      showOfflineState();
                    }
                  }
                } catch (error) {
                  // The network went again, or the server is down: the rest waits, and is tried again.
                  unanswered = true;
                }
                if (unanswered && !isOffline() && waiting().length) retryLater();
                showOfflineState();
                if (sent) tellOtherTabs();
                // The session ended: the sign-in screen, which leads back here, where the changes are sent.
                if (signInNeeded) signInAgain();
                else if (sent && !busy) await load(location.href, "refresh");
              }

              // Another tab kept, sent or dismissed changes: this one shows the same.
              async function heardOtherTab() {
                await loadQueue();
                if (!isOffline() && !busy) {
                  await load(location.href, "refresh");
                } else {
                  drawChanges(currentMain(), waiting());
                }
                showOfflineState();
              }

              async function startOffline() {
                learn(currentMain());
                await loadQueue();
                drawChanges(currentMain(), waiting());
                showOfflineState();
                flush();
              }

              window.addEventListener("online", sendNow);
              window.addEventListener("offline", () => {
                clearTimeout(retryTimer);
                retryTimer = 0;
                showOfflineState();
              });
              if (tabs) tabs.addEventListener("message", heardOtherTab);
              document.addEventListener("click", (event) => {
                if (event.target instanceof Element && event.target.closest("[data-dismiss-not-applied]")) dismissNotApplied();
              });
        """#
}
