// With no network (see 20-offline-queue.js): the waiting changes sent when the server can be reached, in order
// and once, tried again when it does not answer; the mark of waiting changes and the list of those not applied;
// the other tabs told.

// What a change the server did not apply in full says to the person who made it.
function notAppliedText(entry) {
  const name = entry.label ? `“${entry.label}”` : "A record";
  const what = { add: "adding", update: "your change to", delete: "deleting" }[entry.op] || "a change to";
  if (entry.field === "list" || entry.field === "item") {
    return `${name}: ${what === "adding" ? "putting it on the list" : what.replace(" to", "")} was not applied: `
      + `${entry.reason || "its list is gone"}.`;
  }
  switch (entry.outcome) {
    case "deleted": return `${name}: your change was not applied: it was deleted on another device.`;
    case "refused":
      return `${name}: ${what === "adding" ? "adding it" : what.replace(" to", "")} was refused: `
        + `${entry.field ? `${entry.field}: ` : ""}${entry.reason || "not allowed"}.`;
    default: {
      // A repeating task's check-off for a date another phone checked off already.
      if (entry.record && entry.record.repeat && (entry.conflicts || []).includes("done")) {
        return `${name}: your check-off was not applied: it was checked off on another device meanwhile (now due `
          + `${String(entry.record.due).replace("T", " ")}).`;
      }
      const fields = (entry.conflicts || []).join(", ") || "the change";
      const now = entry.record ? Object.entries(entry.record)
        .filter(([field]) => (entry.conflicts || []).includes(field))
        .map(([field, value]) => `${field} ${field === "price" ? `$${Number(value).toFixed(2)}` : value}`)
        .join(", ") : "";
      return `${name}: your ${fields} was not applied: it was changed on another device meanwhile`
        + `${now ? ` (now ${now})` : ""}.`;
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
  ...(change.list ? { list: change.list } : {}),
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
    flushing = sending.finally(() => {
      flushing = null;
      if (pollWanted) poll();
    });
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
            // A repeating task's check-off not applied says when the task is due now.
            if (result.record.repeat) Object.assign(record, { repeat: result.record.repeat, due: result.record.due });
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
    // Not drawn under a finger (47-held-redraws.js); a screen loaded again waits in `load` itself.
    await untilLifted();
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
