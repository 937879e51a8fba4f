// The app with no network (a shop with no signal):
//
// - Kept screens. The service worker keeps the last lists (sw.js). Each list screen carries its rows and its
//   sheets as templates (`OfflineViews`), so that with no network the add and edit sheets, a sighting's detail
//   screen and the action sheets that ask before a delete open as they do online, drawn from the records the
//   screens showed (21-offline-drawing.js); their forms are read by the rules the server gave them, the schema's
//   own (22-offline-forms.js).
// - Changes wait on the device. With no network (`navigator.onLine` false), a form that adds, checks off, edits
//   or deletes becomes a change (`{kind, op, id, fields, base}`, as `POST /api/v1/changes` takes it: an add
//   chooses its record's id; an update sets only the fields the person changed, with the values they saw as its
//   base), kept in IndexedDB (the `lists` database, store `changes`) before anything is shown, then drawn at once
//   on the screen (22-offline-forms.js). Every screen drawn (a kept one, a reload, a fresh start) has the waiting
//   changes drawn over it, in order. A mark at the top says "Offline · 3 changes waiting". A form that only works
//   online (an import, an undo, the account's) says so and changes nothing.
// - Sent once, in order (23-offline-sending.js). When the network comes back (the `online` event, or any answer
//   from the server), the waiting changes go to `POST /api/v1/changes` in order, 500 at a time; each one answered
//   leaves the queue, so a batch cut off is sent again from the first change not answered, and the server makes
//   nothing twice (see its rules). A form sent while changes wait is sent after them. A batch refused whole (too
//   big to send: a change that was tampered with) is sent one change at a time, so that only the bad one is
//   refused.
// - Tried again. When the server does not answer (down, restarting: no answer or a 5xx), the changes are tried
//   again 2 s later, then after 4, 8, 16 and at most 30 s, and at once when the network comes back or the event
//   stream opens again; the mark says "3 changes waiting: the server does not answer; trying again".
// - Kept for a sign-in. When the server refuses the session (401: signed out on every device, expired), the
//   changes stay and the page goes to the sign-in screen, where the mark says "3 changes waiting: sign in to send
//   them"; signed in, they are sent to their household. Nothing is sent before a server answer to the page has
//   named its household (the one remembered may be another account's). A session in no household (403: its user
//   was removed from it meanwhile) keeps them too: "3 changes waiting: you are in no household now", until the
//   session is in one again.
// - Every tab the same. A tab that keeps, sends or dismisses changes tells the others (a `BroadcastChannel`),
//   which read IndexedDB again and draw them; one tab sends at a time (a Web Lock), reading the queue first, so
//   that a change goes once.
// - Never dropped in silence. A change the server did not apply in full (someone else changed the field
//   meanwhile, the record was deleted, the change was refused) is listed under "Changes not applied", with what
//   won, until the person dismisses the list (kept in IndexedDB too, so a reload keeps it).
// - One household's changes. Each change is kept with the household it was made in (the `X-Lists-Household`
//   header of the server's answers, remembered for a start with no network), and is drawn and sent only while
//   that household is the page's: after a switch, the other household's changes wait until it is current again.
//
// This file: the changes waiting in IndexedDB, and the household they belong to.

const placeholderID = "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF";
const batchSize = 500;
const uuidPattern = "([0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12})";
// The records the screens showed (id → the record's JSON as the API writes it, its rows' `data-record`), and the
// pages that open from them (address pattern → template).
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
