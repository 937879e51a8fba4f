// Live changes drawn in place: an event of the household's stream (40-live-updates.js) that carries the changed
// records (the server's EventHub), from the very revision the page shows, is drawn on the screen's rows from the
// screen's row templates (21-offline-drawing.js draws them the same way), as the server would draw the screen,
// without loading it. A store list's screen draws its entries' changes in their sections, and the Items tab the
// checkmarks they move. What cannot be drawn exactly is left to loading the screen again, as every change was
// before: a screen without row templates (home, a sighting, an account screen), a sheet, a change that moves rows
// or counts of a paged list, rows in another order than the list's (sightings by date), a new row whose place the
// screen does not show, a store list whose sections are not the ones the server draws now (a section emptied or
// new, aisles learned anew) or whose items changed, changes waiting on the device, an event from another revision
// (one missed, or the page is ahead). Nothing depends on this path being taken.

// The most rows a screen shows without a pager (ListPager.pageSize): a list growing past it gets one.
const livePageSize = 500;

// Whether live changes are drawn in place: `<html data-live-draw="full">` loads the screen for each instead (what
// bench/live-draw-bench.py measures this against).
const drawsInPlace = () => document.documentElement.dataset.liveDraw !== "full";

// A row of `template` drawing `change.record`: the template filled with its fields, and its forms given the
// record's version (the templates are drawn with a placeholder's).
function liveRow(template, change) {
  const holder = document.createElement("template");
  holder.innerHTML = fill(template.innerHTML, change.id, shown(change.record)).trim();
  const row = holder.content.firstElementChild;
  const version = String(change.record.version);
  for (const field of row.querySelectorAll("input[name=version]")) field.value = version;
  for (const element of row.querySelectorAll("[data-version]")) element.dataset.version = version;
  return row;
}

// What drawing `records` on `main` takes, step by step, or null when it cannot be drawn exactly. Each step
// removes a row, replaces one, or puts a new one after the row of another record (`after`, null: first).
function livePlan(main, records, marks) {
  const templates = [...main.querySelectorAll("template[data-row]")];
  if (!templates.length || main.querySelector(".sheet")) return null;
  if (templates[0].dataset.list) return entryPlan(main, templates, records);
  // Rows in another order than the list's (sightings by date): where a row goes is the server's to say.
  const order = main.querySelector("nav.segmented[data-sorts] a.segment[aria-current=true]");
  if (order && !/[?&]order=added\b/.test(order.getAttribute("href"))) return null;
  const kind = templates[0].dataset.row;
  // A to-do list's screen shows its own tasks: one of another list, or moved to one, is not (or no longer) there.
  const tasksOf = templates[0].dataset.tasksOf;
  // A to-do list renamed, made, moved or deleted changes the screen's title and switcher: the server draws them.
  if (tasksOf && records.some((change) => change.kind === "todoList")) return null;
  const paged = main.querySelector(".pager") !== null;
  const rows = new Map([...main.querySelectorAll(".screen li.row[data-id]")].map((row) => [row.dataset.id, row]));
  const placed = new Set(rows.keys());
  let count = rows.size;
  const steps = [];
  for (const change of records) {
    if (change.kind !== kind) continue;
    const row = rows.get(change.id) || null;
    if (!change.record || (tasksOf && change.record.list !== tasksOf)) {
      if (!row) continue;
      if (paged) return null;
      steps.push({ row });
      placed.delete(change.id);
      count -= 1;
      continue;
    }
    const template = rowTemplate(templates, change.record);
    if (!template) return null;
    if (row) {
      steps.push({ row, change, template });
      continue;
    }
    const after = change.previous;
    if (paged || after === undefined || (after !== null && !placed.has(after))) return null;
    steps.push({ change, template, after });
    placed.add(change.id);
    count += 1;
  }
  // The Items tab's checkmarks moved by entries of its list, on rows whose item did not change.
  for (const [id, toBuy] of marks) {
    const row = rows.get(id);
    if (!row || records.some((change) => change.kind === kind && change.id === id)) continue;
    let record = null;
    try { record = JSON.parse(row.dataset.record); } catch (error) { return null; }
    if (record.inShoppingList === toBuy) continue;
    const change = { id, record: { ...record, inShoppingList: toBuy } };
    const template = rowTemplate(templates, change.record);
    if (!template) return null;
    steps.push({ row, change, template });
  }
  return count > livePageSize ? null : steps;
}

// The steps that draw a store list's changes on its screen (its row templates name the list), or null when they
// cannot be drawn as the server draws them: when the items changed (its rows show them), or when its sections are
// not the ones the server draws now (the event's change of the list says which: `sections`, null for entries
// drawn without headers), as after a section's last entry went, a new section's first came, or a check-off taught
// the list another aisle order. Each entry goes in its section (`section`), after the entry before it there
// (`previous`).
function entryPlan(main, templates, records) {
  const list = templates[0].dataset.list;
  if (records.some((change) => change.kind === "item")) return null;
  const drawn = records.find((change) => change.kind === "list" && change.id === list);
  if (!drawn) return [];
  const sections = [...main.querySelectorAll(".screen .content ul.group[data-category]")]
    .map((group) => group.dataset.category);
  if (JSON.stringify(drawn.sections === null ? [] : drawn.sections) !== JSON.stringify(sections)) return null;
  const rows = new Map([...main.querySelectorAll(".screen li.row[data-id]")].map((row) => [row.dataset.id, row]));
  const placed = new Set(rows.keys());
  const steps = [];
  for (const change of records) {
    if (change.kind !== "entry" || change.list !== list) continue;
    const row = rows.get(change.id) || null;
    if (!change.record) {
      if (row) steps.push({ row });
      placed.delete(change.id);
      continue;
    }
    const template = rowTemplate(templates, change.record);
    if (!template) return null;
    if (row) {
      if (sections.length && row.closest("ul.group").dataset.category !== change.section) return null;
      steps.push({ row, change, template });
      continue;
    }
    if (change.previous !== null && !placed.has(change.previous)) return null;
    steps.push({ change, template, after: change.previous, section: sections.length ? change.section : null });
    placed.add(change.id);
  }
  return steps;
}

// The Items tab's checkmarks an event moves: for each item with an entry changed on the list the tab's checkmarks
// are for (its row templates' `data-marks`), whether it is still to buy there.
function movedMarks(main, records) {
  const marks = new Map();
  const template = main.querySelector("template[data-row=item][data-marks]");
  if (!template) return marks;
  for (const change of records) {
    if (change.kind === "entry" && change.list === template.dataset.marks) marks.set(change.item, change.toBuy === true);
  }
  return marks;
}

// An item's checkmark is whether it is to buy on this device's Shopping List tab's list, which its record as stored
// does not say (`inShoppingList` false): the records are given the marks the entries of that list changed with them
// say (`marks`), else the marks their rows show.
function keepMarks(main, records, marks) {
  for (const change of records) {
    if (change.kind !== "item" || !change.record) continue;
    const row = main.querySelector(`.screen li.row[data-id="${CSS.escape(change.id)}"]`);
    let marked = false;
    try { marked = row ? JSON.parse(row.dataset.record).inShoppingList === true : false; } catch (error) { /* none */ }
    if (marks.has(change.id)) marked = marks.get(change.id);
    change.record = { ...change.record, inShoppingList: marked };
  }
}

// Draws the event `data` in place, keeping what the person is busy with (focus, a row asking to confirm; forms
// and the Undo bar are not rows, and stay as they are). Answers whether it did: when not, the screen is to be
// loaded again.
function drawLive(data) {
  if (!drawsInPlace() || !Array.isArray(data.records) || revision === null || data.from !== revision) return false;
  // Changes being sent with none left waiting (the start's look at the queue, the last batch answered) are no
  // reason not to: the records are the server's, and the screen is loaded once when changes were sent. A screen
  // being loaded again is: drawn on the screen the load replaces, the change would be lost with it (the poll that
  // follows waits for the load).
  if (busy || refreshes > 0 || ignoredPops > 0 || !isLive() || waiting().length) return false;
  const main = currentMain();
  const marks = main ? movedMarks(main, data.records) : new Map();
  if (main) keepMarks(main, data.records, marks);
  const steps = main && livePlan(main, data.records, marks);
  if (!steps) return false;
  const key = main.contains(document.activeElement) ? focusKey() : null;
  let focusLost = false;
  for (const step of steps) {
    const confirming = step.row ? step.row.classList.contains("confirming") : false;
    if (step.row && step.row.contains(document.activeElement)) focusLost = true;
    if (!step.change) {
      step.row.remove();
      continue;
    }
    const row = liveRow(step.template, step.change);
    if (step.row) {
      step.row.replaceWith(row);
      if (confirming) setConfirming(row, true);
    } else if (step.after === null) {
      const section = typeof step.section === "string"
        ? main.querySelector(`.screen .content ul.group[data-category="${CSS.escape(step.section)}"]`) : null;
      (section || drawGroup(main, true)).prepend(row);
    } else {
      main.querySelector(`.screen li.row[data-id="${CSS.escape(step.after)}"]`).after(row);
    }
  }
  // A sheet opened from the screen starts from what the records now are.
  for (const change of data.records) {
    if (change.record) known.set(change.id, change.record);
    else if (change.removed) known.delete(change.id);
  }
  if (steps.length) {
    if (!main.querySelector(".screen .content ul.group li.row")) drawGroup(main, false);
    drawTotal(main);
    enhance(main);
    changedAt = now();
  }
  if (focusLost) {
    const target = findKey(key);
    if (target) target.focus({ preventScroll: true });
  }
  revision = data.revision;
  return true;
}
