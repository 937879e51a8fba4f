// app.js, the pages' script: progressive enhancement in plain ES2020, no libraries. Every page works without it.
//
// The server serves the files of this folder as one script: in the order of their names, inside one function
// (`Assets.script`). Each file is a whole script of its own, to read and to check (`make lint` runs
// `node --check` on each, and on them all together), and what one declares at its top level the others use, as
// the function's own. The files declare what the page does and add their listeners; the last one (99-start.js)
// starts it.
//
// This one holds what several of them share: the page's state and small helpers.

// The household's revision the screen shows (`X-Lists-Revision`, and a page's `<main data-revision>`); null
// until known.
let revision = null;
let busy = false;
// "active" once the revision was read (someone is signed in), "none" when the first read was refused (a
// page for someone not signed in: sign-in, setup, an invitation), which stops the polling; "leaving" while
// a form that signs in or out is sent, whose answer replaces the page.
let session = "unknown";
let ignoredPops = 0;
// When the screen last changed under the finger (a swap, a row asking to confirm): see 60-double-tap.js.
let changedAt = 0;

const currentMain = () => document.querySelector("main");
const isPageURL = (url) =>
  url.origin === location.origin && !url.pathname.startsWith("/api/") && !url.pathname.startsWith("/static/");
const now = () => performance.now();
// Whether the page follows the lists' changes (an account screen does not: it shows no list, and a redraw
// would take away a token shown once).
const isLive = () => {
  const main = currentMain();
  return !main || main.dataset.live !== "off";
};
// Whether the page is one the server draws for nobody signed in (as `AccountController` lists them):
// sign-in, setup, an invitation.
const isForNobody = () =>
  location.pathname === "/signin" || location.pathname === "/setup" || location.pathname.startsWith("/invite/");

// The session ended (signed out here or on every device, or it expired): the page is opened again, which
// leads to the sign-in screen and from there back here. Changes waiting stay on the device for then.
function signInAgain() {
  if (session === "leaving" || isForNobody()) return;
  session = "leaving";
  location.assign(location.href.split("#")[0]);
}

function takeRevision(value) {
  if (value !== null && value !== undefined) revision = Number(value);
}
