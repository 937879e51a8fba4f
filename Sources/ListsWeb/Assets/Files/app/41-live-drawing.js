// Live changes drawn in place: an event of the household's stream (40-live-updates.js) that carries the changed
// records (the server's EventHub), from the very revision the page shows, is drawn on the screen's rows from the
// screen's row templates (21-offline-drawing.js draws them the same way), as the server would draw the screen,
// without loading it. What cannot be drawn exactly is left to loading the screen again, as every change was
// before: a screen without row templates (home, a sighting, an account screen), a store list, a sheet, a change that moves rows
// or counts of a paged list, rows in another order than the list's (sightings by date), a new row whose place the
// screen does not show, changes waiting on the device, an event from another revision (one missed, or the page
// is ahead). Nothing depends on this path being taken.

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
function livePlan(main, records) {
  const templates = [...main.querySelectorAll("template[data-row]")];
  if (!templates.length || main.querySelector(".sheet")) return null;
  // A store list's entries are kept apart from the records an event carries (it names the list changed): loaded.
  if (templates[0].dataset.list) return null;
  // Rows in another order than the list's (sightings by date): where a row goes is the server's to say.
  const order = main.querySelector("nav.segmented a.segment[aria-current=true]");
  if (order && !/[?&]order=added\b/.test(order.getAttribute("href"))) return null;
  const kind = templates[0].dataset.row;
  const paged = main.querySelector(".pager") !== null;
  const rows = new Map([...main.querySelectorAll(".screen li.row[data-id]")].map((row) => [row.dataset.id, row]));
  const placed = new Set(rows.keys());
  let count = rows.size;
  const steps = [];
  for (const change of records) {
    if (change.kind !== kind) continue;
    const row = rows.get(change.id) || null;
    if (!change.record) {
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
  return count > livePageSize ? null : steps;
}

// An item's checkmark is whether it is to buy on this device's Shopping List tab's list, which its record as stored
// does not say (`inShoppingList` false). An event that carries records changed no list (a list's change comes
// without them), so every row keeps its mark: the records are given the marks their rows show.
function keepMarks(main, records) {
  for (const change of records) {
    if (change.kind !== "item" || !change.record) continue;
    const row = main.querySelector(`.screen li.row[data-id="${CSS.escape(change.id)}"]`);
    let marked = false;
    try { marked = row ? JSON.parse(row.dataset.record).inShoppingList === true : false; } catch (error) { /* none */ }
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
  if (main) keepMarks(main, data.records);
  const steps = main && livePlan(main, data.records);
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
      drawGroup(main, true).prepend(row);
    } else {
      main.querySelector(`.screen li.row[data-id="${CSS.escape(step.after)}"]`).after(row);
    }
  }
  // A sheet opened from the screen starts from what the records now are.
  for (const change of data.records) {
    if (change.record) known.set(change.id, change.record);
    else known.delete(change.id);
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
