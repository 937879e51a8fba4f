/// The pages' script (`/static/app.js`): progressive enhancement in plain ES2020, no libraries. Every page
/// works without it; with it:
///
/// - form posts go through `fetch` (the same urlencoded body and headers a browser form sends; the browser adds
///   `Origin`), the 303 is followed, and the answer's `<main>` replaces the page's: no full reload. A refused form
///   (422, 409) is swapped in the same way, at the same address. A file upload (the import) goes through
///   `XMLHttpRequest` and shows its progress. A form is sent once: a second press waits for its answer, which
///   replaces it. A form marked `data-full-load` (signing in or out, changing household) is left to the browser, so
///   that the page after it starts afresh, with its new cookie and live updates;
/// - links to pages (screens and sheets) are fetched and swapped the same way. The history holds one entry per
///   screen seen, as a native navigation stack: a sheet that closes leaves no entry, and going to a screen
///   already on the stack (Cancel, Save, the back button) goes back to it, so that Back then goes where it should;
/// - the second tap of a double tap (80–250 ms apart, same place) is dropped when the screen changed after the
///   first, so that a double tap on Save does not press the Edit that appears where Save was;
/// - rows ask before they delete, in place: the red minus (Items in Edit mode) or Delete (To-Do) puts the
///   screen's `template#row-confirm` form in the row; without JavaScript the same link opens an action sheet;
/// - live updates: the server pushes the household's changes (`GET /api/v1/events`, server-sent events) while the
///   page is visible, and `GET /api/v1/revision` is polled every second only while that stream is not open; when
///   the number changes (another tab, another device, the CLI), the current address is fetched again and swapped in,
///   keeping focus and scroll; a form being filled in or showing an error is kept as it is (the element itself,
///   with its caret), and so are the page's error messages and a row asking to confirm. A page marked
///   `data-live="off"` (an account screen) is not redrawn. When the poll is refused (401) on a page drawn for
///   someone signed in (even one drawn from a kept screen with no network), the session ended (signed out
///   elsewhere): the page is opened again, which leads to the sign-in screen; a page drawn for nobody (sign-in,
///   setup, an invitation) stops polling. An answer that leads to the sign-in screen is loaded as a whole page;
/// - a read-only text to copy (a token, an invitation link) is selected whole when it gets focus, and its
///   `data-copy` button, hidden without JavaScript, copies it;
/// - what a form did is said in a live region for screen readers (the form's `data-announce`);
/// - the browser's time zone is kept in the `tz` cookie so that dates show in it;
/// - Escape or a tap outside a sheet cancels it (its `data-cancel` link);
/// - the Undo bar that a delete or a check-off lands on (`?undo=` in the address, see `UndoOffer`) shows for six
///   seconds, and as long as it has focus or the pointer (two seconds more after), then goes. The `undo` is taken
///   out of the address at once (the history entry is the list's, so Back, Forward and reloads do not offer the undo
///   again), and a live update keeps the bar (the element itself, with its focus) until its time is up;
/// - with no network, changes wait on the device and go when it comes back (``offline``);
/// - the service worker (``ServiceWorker``, which makes the app installable and keeps the last lists for a start
///   with no network) is registered where browsers allow one (HTTPS, or localhost); on the sign-in screen it is
///   told to forget the screens it kept.
enum Script {
    /// The JavaScript text.
    static let text = #"""
        "use strict";
        (() => {
          const pollInterval = 1000;
          // A second tap within this time and distance of the first is the rest of a double tap.
          const doubleTapTime = 500;
          const doubleTapDistance = 40;
          // Screens remembered for Back, as a navigation stack (history.state.stack).
          const stackLimit = 50;
          // How long the Undo bar shows, and how long it stays after it loses focus or the pointer.
          const undoTime = 6000;
          const undoHeldTime = 2000;
          let undoDeadline = 0;
          let revision = null;
          let busy = false;
          let polling = false;
          // "active" once the revision was read (someone is signed in), "none" when the first read was refused (a
          // page for someone not signed in: sign-in, setup, an invitation), which stops the polling; "leaving" while
          // a form that signs in or out is sent, whose answer replaces the page.
          let session = "unknown";
          let pollTimer = 0;
          // The open event stream (`/api/v1/events`), while the page is visible and its session active.
          let events = null;
          let ignoredPops = 0;
          // When the screen last changed under the finger (a swap, a row asking to confirm), and the last two taps.
          let changedAt = 0;
          let previousDown = null;
          let lastDown = null;

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

        \#(offline)

          function takeRevision(value) {
            if (value !== null && value !== undefined) revision = Number(value);
          }

          // Where focus was, described so that it can be found again in the new page.
          function focusKey() {
            const element = document.activeElement;
            if (!element || element === document.body) return null;
            const form = element.closest("form");
            if (form) return { action: form.getAttribute("action"), selector: element.name ? `[name="${element.name}"]` : "button" };
            if (element.matches("a[href]")) return { href: element.getAttribute("href") };
            return null;
          }

          function findKey(key) {
            if (!key) return null;
            if (key.href) return document.querySelector(`main a[href="${CSS.escape(key.href)}"]`);
            const form = document.querySelector(`main form[action="${CSS.escape(key.action)}"]`);
            return form ? form.querySelector(key.selector) : null;
          }

          function focusHeading() {
            const heading = document.querySelector("main .sheet h1, main h1");
            if (!heading) return;
            heading.setAttribute("tabindex", "-1");
            heading.focus({ preventScroll: true });
          }

          // The screens behind this one, as a native navigation stack holds them: the history keeps one entry per
          // screen seen, and going to a screen already on the stack goes back to it instead of adding another.
          function stack() {
            const state = history.state;
            return state && Array.isArray(state.stack) ? state.stack : [location.href];
          }

          // The address without the Undo bar's `undo`: the screen it names.
          function withoutUndo(href) {
            const url = new URL(href, location.href);
            url.searchParams.delete("undo");
            return url.href;
          }

          // Replaces the current history entry (and its place on the stack) with `href`.
          function replaceCurrent(href) {
            const screens = stack().slice(0, -1);
            history.replaceState({ stack: [...screens, href] }, "", href);
          }

          function navigate(url, leavingSheet) {
            const target = new URL(url, location.href).href;
            if (target === location.href) return;
            const screens = stack();
            const index = screens.lastIndexOf(target);
            if (index >= 0 && index < screens.length - 1) {
              ignoredPops += 1;
              history.go(index - (screens.length - 1));
              return;
            }
            // A sheet is dismissed, not stacked: what comes after it takes its place.
            const kept = leavingSheet ? screens.slice(0, -1) : screens;
            const state = { stack: [...kept, target].slice(-stackLimit) };
            if (leavingSheet) history.replaceState(state, "", target);
            else history.pushState(state, "", target);
          }

          // A form the person is busy with: typed something not yet sent, or reading why it was refused. A live update
          // keeps it as it is (the very element, with focus and caret) and redraws the rest.
          function isDirty(field) {
            if (field.type === "hidden") return false;
            if (field.type === "file") return field.files && field.files.length > 0;
            if (field.tagName === "SELECT") return [...field.options].some((option) => option.selected !== option.defaultSelected);
            if (field.type === "checkbox" || field.type === "radio") return field.checked !== field.defaultChecked;
            return field.value !== field.defaultValue;
          }

          function isBusyWith(form) {
            return form.querySelector("[aria-invalid=true], .field-error, .notice.alert") !== null
              || [...form.elements].some((field) => field.matches("input, textarea, select") && isDirty(field));
          }

          // Carries what the person is busy with from `main` into `nextMain`: forms being filled in or showing an error,
          // messages about the page, rows asking to confirm a delete.
          function keepWork(main, nextMain) {
            for (const form of [...main.querySelectorAll("form[action]")].filter(isBusyWith)) {
              const twin = nextMain.querySelector(`form[action="${CSS.escape(form.getAttribute("action"))}"]`);
              if (twin) twin.replaceWith(form);
            }
            const content = nextMain.querySelector(".sheet .content") || nextMain.querySelector(".content");
            const notices = [...main.querySelectorAll(".notice.alert")].filter((notice) => !notice.closest("form")).reverse();
            for (const notice of notices) {
              const shown = [...nextMain.querySelectorAll(".notice.alert")].some((other) => other.textContent === notice.textContent);
              if (!shown && content) content.prepend(notice.cloneNode(true));
            }
            return [...main.querySelectorAll(".row.confirming .delete-reveal")].map((reveal) => reveal.getAttribute("href"));
          }

          // Replaces <main> with the one in `html`. mode: "push" (a new screen), "same" (the answer to a post at
          // the same address), "refresh" (a live update), "pop" (Back / Forward).
          function swap(html, url, mode) {
            const next = new DOMParser().parseFromString(html, "text/html");
            const nextMain = next.querySelector("main");
            const main = currentMain();
            // The sign-in screen, reached because the session ended: the whole page starts again from it (its form is
            // posted as a plain form, and the page after it gets a fresh script, cookie and live updates).
            const signingIn = new URL(url, location.href).pathname === "/signin" && location.pathname !== "/signin";
            if (!nextMain || !main || signingIn) {
              location.assign(url);
              return;
            }
            const key = focusKey();
            const active = document.activeElement;
            const selection = active && typeof active.selectionStart === "number"
              ? [active.selectionStart, active.selectionEnd, active.selectionDirection] : null;
            const scroll = window.scrollY;
            const leavingSheet = main.querySelector(".sheet") !== null;
            const sameAddress = withoutUndo(url) === withoutUndo(location.href);
            const offersUndo = mode !== "pop" && new URL(url, location.href).searchParams.has("undo");
            const confirming = mode === "refresh" ? keepWork(main, nextMain) : [];
            const shownBar = mode === "refresh" ? main.querySelector(".undo-bar") : null;
            document.documentElement.classList.toggle("no-anim", mode === "refresh" || (sameAddress && mode !== "pop"));
            main.replaceWith(nextMain);
            if (shownBar) keepUndo(shownBar, nextMain);
            changedAt = now();
            document.title = next.title;
            enhance(nextMain);
            drawnOffline(nextMain);
            if (mode === "push") navigate(withoutUndo(url), leavingSheet);
            if (!shownBar) showUndo(offersUndo);
            for (const href of confirming) {
              const reveal = nextMain.querySelector(`.delete-reveal[href="${CSS.escape(href)}"]`);
              if (reveal) setConfirming(reveal.closest(".row"), true);
            }
            const autofocus = nextMain.querySelector("[autofocus]");
            if (mode === "refresh") {
              window.scrollTo(0, scroll);
              if (active && active.isConnected && nextMain.contains(active)) {
                active.focus({ preventScroll: true });
                if (selection) {
                  try { active.setSelectionRange(...selection); } catch (error) { /* not a text field */ }
                }
              } else {
                const target = findKey(key);
                if (target) target.focus({ preventScroll: true });
              }
              return;
            }
            if (sameAddress && mode !== "pop") {
              window.scrollTo(0, scroll);
              const target = autofocus || findKey(key);
              if (target) target.focus({ preventScroll: true });
              else focusHeading();
              return;
            }
            if (!nextMain.querySelector(".sheet")) window.scrollTo(0, 0);
            const first = nextMain.querySelector(".sheet input:not([type=hidden])");
            if (autofocus) autofocus.focus();
            else if (first && mode === "push") first.focus();
            else focusHeading();
          }

          async function load(url, mode) {
            // With no network, a sheet or a sighting's screen is drawn from the list screen's templates.
            if (isOffline() && mode !== "refresh" && openOffline(url, mode)) return;
            try {
              const response = await fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" });
              takeRevision(response.headers.get("X-Lists-Revision"));
              takeHousehold(response.headers.get("X-Lists-Household"));
              // A live update that finds the screen gone (the record was deleted elsewhere) leaves the person where
              // they are; their next action gets the answer.
              if (mode === "refresh" && !response.ok) return;
              swap(await response.text(), response.url || url, mode);
            } catch (error) {
              if (mode !== "refresh") location.assign(url);
            }
          }

          function showProblem(message) {
            const content = document.querySelector("main .sheet .content, main .content");
            if (!content) return;
            const notice = document.createElement("p");
            notice.className = "notice alert";
            notice.setAttribute("role", "alert");
            notice.textContent = message;
            content.prepend(notice);
          }

          // Says `message` in the live region after the page, for screen readers.
          function announce(message) {
            const region = document.getElementById("announcer");
            if (!region || !message) return;
            region.textContent = "";
            setTimeout(() => { region.textContent = message; }, 50);
          }

          // What a form's data-announce says once it is done: "Added {name}." with the typed name filled in.
          function announcement(form) {
            const template = form.dataset.announce;
            if (!template) return "";
            return template.replace(/\{([a-z]+)\}/g, (whole, name) => {
              const field = form.elements.namedItem(name);
              return field && typeof field.value === "string" ? field.value.trim() : "";
            });
          }

          // A file upload goes through XMLHttpRequest, the one API that reports upload progress.
          function sendWithProgress(form, action, body) {
            const box = form.querySelector(".upload-progress");
            const bar = box && box.querySelector("progress");
            const status = box && box.querySelector(".upload-status");
            let said = -1;
            if (box) box.hidden = false;
            return new Promise((resolve, reject) => {
              const request = new XMLHttpRequest();
              request.open("POST", action.href);
              request.setRequestHeader("Accept", "text/html");
              request.upload.addEventListener("progress", (event) => {
                if (!event.lengthComputable || !bar) return;
                const percent = Math.floor((event.loaded / event.total) * 100);
                bar.value = percent;
                if (percent >= said + 10 || percent === 100) {
                  said = percent;
                  status.textContent = `Uploading… ${percent}%`;
                }
              });
              request.upload.addEventListener("load", () => { if (status) status.textContent = "Reading the file…"; });
              request.addEventListener("load", () => resolve({
                redirected: new URL(request.responseURL).href !== action.href, url: request.responseURL,
                text: request.responseText, revision: request.getResponseHeader("X-Lists-Revision"),
              }));
              request.addEventListener("error", () => {
                if (box) box.hidden = true;
                reject(new Error("network"));
              });
              request.send(body);
            });
          }

          async function send(form, action, submitter) {
            if (form.enctype === "multipart/form-data") {
              const body = new FormData(form);
              if (submitter && submitter.name) body.append(submitter.name, submitter.value);
              return sendWithProgress(form, action, body);
            }
            const body = new URLSearchParams(new FormData(form));
            if (submitter && submitter.name) body.append(submitter.name, submitter.value);
            const response = await fetch(action, {
              method: "POST", body, credentials: "same-origin", headers: { Accept: "text/html" },
            });
            return {
              redirected: response.redirected, url: response.url, text: await response.text(),
              revision: response.headers.get("X-Lists-Revision"),
            };
          }

          document.addEventListener("submit", async (event) => {
            const form = event.target;
            if (!(form instanceof HTMLFormElement) || event.defaultPrevented) return;
            if ((form.getAttribute("method") || "get").toLowerCase() !== "post") return;
            // Signing in or out, or changing household: a plain form post, so that the page after it starts afresh.
            if (form.hasAttribute("data-full-load")) {
              session = "leaving";
              return;
            }
            const action = new URL(form.getAttribute("action") || location.href, location.href);
            if (!isPageURL(action)) return;
            event.preventDefault();
            // A form is sent once: its answer replaces it (a refused form comes back as a new one to send again).
            if (busy || form.dataset.sent) return;
            if (isOffline()) {
              // With no network the change waits on the device, and shows at once.
              busy = true;
              try {
                if (!(await keepOffline(form, action))) {
                  showProblem("This needs the network; nothing was changed. Try again when you are back online.");
                }
              } catch (error) {
                showProblem("This device could not keep the change; nothing was changed.");
              } finally {
                busy = false;
              }
              return;
            }
            busy = true;
            form.dataset.sent = "true";
            const message = announcement(form);
            const buttons = [...form.querySelectorAll("button")];
            buttons.forEach((button) => { button.disabled = true; });
            currentMain().setAttribute("aria-busy", "true");
            try {
              // Changes made offline go first, in order.
              if (waiting().length) await flush();
              const answer = await send(form, action, event.submitter);
              takeRevision(answer.revision);
              swap(answer.text, answer.redirected ? answer.url : location.href, answer.redirected ? "push" : "same");
              if (answer.redirected) announce(message);
            } catch (error) {
              delete form.dataset.sent;
              buttons.forEach((button) => { button.disabled = false; });
              currentMain().removeAttribute("aria-busy");
              showProblem("The server could not be reached; nothing was changed. Try again.");
            } finally {
              busy = false;
            }
          });

          // The first tap of a double tap on Save opens the next screen; the second must not press what is under the
          // finger there (Edit sits where Save was, and on the Shopping List the next item slides up under it). A tap
          // is dropped when it is the second of a double tap (the browser counts a mouse's clicks in `detail`; touches
          // are timed here) and the screen changed after the first.
          window.addEventListener("pointerdown", (event) => {
            previousDown = lastDown;
            lastDown = { x: event.clientX, y: event.clientY, time: now(), type: event.pointerType };
          }, true);

          function isSecondTapOnNewScreen(event) {
            if (!previousDown || changedAt <= previousDown.time) return false;
            if (event.detail > 1) return true;
            if (!lastDown || lastDown.type === "mouse") return false;
            return lastDown.time - previousDown.time < doubleTapTime
              && Math.hypot(lastDown.x - previousDown.x, lastDown.y - previousDown.y) < doubleTapDistance;
          }

          window.addEventListener("click", (event) => {
            if (!(event.target instanceof Element) || !event.target.closest("a[href], button, input, select, label")) return;
            if (!isSecondTapOnNewScreen(event)) return;
            event.preventDefault();
            event.stopImmediatePropagation();
          }, true);

          // Rows ask before they delete, in place, as iOS shows Delete after the red minus: the first tap puts the
          // screen's row-confirm form in the row, posting to the link's address with the record's version, its Delete
          // named as the link without the ellipsis. Without JavaScript the same link opens a page that asks.
          function setConfirming(row, on) {
            const reveal = row && row.querySelector(".delete-reveal");
            const template = document.getElementById("row-confirm");
            if (!reveal || !template) return;
            const shown = row.querySelector(".row-confirm");
            if (on && !shown) {
              const form = template.content.firstElementChild.cloneNode(true);
              const label = reveal.getAttribute("aria-label").replace(/…$/, "");
              form.setAttribute("action", reveal.getAttribute("href"));
              form.querySelector("input[name=version]").value = reveal.dataset.version;
              form.querySelector(".destructive").setAttribute("aria-label", label);
              form.dataset.announce = form.dataset.announce.replace("{item}", label.replace(/^Delete /, ""));
              row.append(form);
            } else if (!on && shown) {
              shown.remove();
            }
            row.classList.toggle("confirming", on);
            reveal.setAttribute("aria-expanded", String(on));
            changedAt = now();
          }

          function confirmingRow() {
            return document.querySelector("main .row.confirming");
          }

          // The Undo bar of a screen just drawn: when the address offered it (a delete or a check-off just landed
          // here), it shows for undoTime; otherwise (Back or Forward to such an address, a live update) it goes at
          // once, as the offer was for the moment after the tap. The address loses its `undo` either way.
          function showUndo(isOffered) {
            if (withoutUndo(location.href) !== location.href) replaceCurrent(withoutUndo(location.href));
            const bar = document.querySelector("main .undo-bar");
            if (!bar) return;
            if (!isOffered) {
              hideUndo(bar);
              return;
            }
            undoDeadline = now() + undoTime;
          }

          // Puts the Undo bar shown before a live update into the screen it drew (which, at an address without
          // `undo`, has none of its own), where the server draws it: after the navigation bar.
          function keepUndo(bar, root) {
            const twin = root.querySelector(".undo-bar");
            const screen = root.querySelector(".screen");
            const navbar = screen && screen.querySelector(":scope > .navbar");
            if (twin) twin.replaceWith(bar);
            else if (navbar) navbar.after(bar);
            else return;
            if (screen) screen.classList.add("has-undo");
          }

          function hideUndo(bar) {
            const screen = bar.closest(".screen");
            if (screen) screen.classList.remove("has-undo");
            bar.remove();
          }

          // Checked four times a second: a bar held (focus, pointer, its Undo being sent) stays a while longer.
          function watchUndo() {
            const bar = document.querySelector("main .undo-bar");
            if (!bar) return;
            if (busy || bar.matches(":hover") || bar.contains(document.activeElement)) {
              undoDeadline = Math.max(undoDeadline, now() + undoHeldTime);
            } else if (now() >= undoDeadline) {
              hideUndo(bar);
            }
          }

          // Copies a read-only text (a token, an invitation link). Where the page may not use the clipboard (plain
          // HTTP from another machine), the text is left selected, for the device's own Copy.
          async function copyText(button) {
            const field = document.getElementById(button.dataset.copy);
            if (!field) return;
            field.focus({ preventScroll: true });
            field.select();
            let copied = false;
            try {
              await navigator.clipboard.writeText(field.value);
              copied = true;
            } catch (error) {
              try { copied = document.execCommand("copy"); } catch (other) { copied = false; }
            }
            if (copied) button.focus({ preventScroll: true });
            button.textContent = copied ? "Copied" : "Selected: Copy It";
            announce(copied ? "Copied." : "Selected. Copy it with your device's Copy.");
          }

          function enhance(root) {
            for (const button of root.querySelectorAll("button[data-copy]")) button.hidden = false;
            if (!document.getElementById("row-confirm")) return;
            for (const reveal of root.querySelectorAll(".delete-reveal")) {
              const row = reveal.closest(".row");
              if (!row) continue;
              reveal.setAttribute("role", "button");
              reveal.setAttribute("aria-expanded", String(row.classList.contains("confirming")));
            }
          }

          document.addEventListener("click", (event) => {
            if (event.defaultPrevented || event.button !== 0) return;
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            const copy = event.target.closest("button[data-copy]");
            if (copy) {
              copyText(copy);
              return;
            }
            const open = confirmingRow();
            const reveal = event.target.closest(".delete-reveal");
            if (reveal && reveal.closest(".row") && document.getElementById("row-confirm")) {
              event.preventDefault();
              const row = reveal.closest(".row");
              const on = !row.classList.contains("confirming");
              if (open && open !== row) setConfirming(open, false);
              setConfirming(row, on);
              if (on) row.querySelector(".row-confirm .destructive").focus({ preventScroll: true });
              return;
            }
            if (open && event.target.closest("[data-cancel-row]")) {
              setConfirming(open, false);
              open.querySelector(".delete-reveal").focus({ preventScroll: true });
              return;
            }
            if (open && !open.contains(event.target)) {
              // A tap elsewhere puts the row back, and does only that.
              event.preventDefault();
              setConfirming(open, false);
              return;
            }
            if (event.target.closest(".sheet-backdrop")) {
              const cancel = document.querySelector("main .sheet [data-cancel]");
              if (cancel) cancel.click();
              return;
            }
            const link = event.target.closest("a[href]");
            if (!link || link.target || link.hasAttribute("download")) return;
            const url = new URL(link.href, location.href);
            if (!isPageURL(url) || busy) return;
            event.preventDefault();
            load(url.href, "push");
          });

          document.addEventListener("keydown", (event) => {
            // A link made a button (the first tap of a delete) is pressed with Space too, as a button is.
            if (event.key === " " && event.target instanceof Element && event.target.matches(".delete-reveal[role=button]")) {
              event.preventDefault();
              event.target.click();
              return;
            }
            if (event.key !== "Escape") return;
            const open = confirmingRow();
            if (open) {
              event.preventDefault();
              setConfirming(open, false);
              open.querySelector(".delete-reveal").focus({ preventScroll: true });
              return;
            }
            const cancel = document.querySelector("main .sheet [data-cancel]");
            if (cancel) {
              event.preventDefault();
              cancel.click();
            }
          });

          window.addEventListener("popstate", () => {
            if (ignoredPops > 0) {
              ignoredPops -= 1;
              return;
            }
            load(location.href, "pop");
          });

          async function poll() {
            // While changes made offline are being sent, the page is redrawn once, when they are all in.
            if (polling || busy || flushing || ignoredPops > 0 || document.hidden || session === "none" || session === "leaving") return;
            polling = true;
            try {
              const response = await fetch("/api/v1/revision", { headers: { Accept: "application/json" }, cache: "no-store" });
              if (response.status === 401) {
                // Signed out here or elsewhere, or the session ended, even before this page was answered (a start
                // with no network, from a kept screen): the sign-in screen. A page drawn for nobody signed in has
                // nothing to follow.
                if (session === "leaving") return;
                if (isForNobody()) {
                  session = "none";
                  clearInterval(pollTimer);
                } else {
                  signInAgain();
                }
                return;
              }
              if (!response.ok) return;
              takeHousehold(response.headers.get("X-Lists-Household"));
              if (waiting().length) flush();
              session = "active";
              const latest = (await response.json()).revision;
              if (revision === null || !isLive()) revision = latest;
              else if (latest !== revision && !busy) {
                revision = latest;
                await load(location.href, "refresh");
              }
              listen();
            } catch (error) {
              // Offline or restarting: try again at the next tick.
            } finally {
              polling = false;
            }
          }

          // Live updates pushed by the server: each event of the household's stream wakes the poll above, which then
          // does what it does when the number changes. While the stream is open the timer's polls are skipped; when
          // it fails (offline, a proxy that does not stream) the browser reconnects it with the last event's id, and
          // the timer polls meanwhile. A hidden page closes it and polls nothing.
          function listen() {
            if (events || !window.EventSource || document.hidden || session !== "active" || revision === null) return;
            events = new EventSource(`/api/v1/events?since=${revision}`);
            const wake = () => { poll(); };
            events.addEventListener("change", wake);
            events.addEventListener("reset", wake);
            // Open again after the network or the server was gone: changes waiting go now.
            events.addEventListener("open", () => { if (waiting().length) sendNow(); });
            // The stream ended (the session did, the server restarts, the network went): the poll finds out which,
            // at once, and keeps the page up to date while the browser opens the stream again.
            events.addEventListener("error", () => {
              // Closed for good (refused): the next poll that succeeds opens a new one.
              if (events && events.readyState === EventSource.CLOSED) events = null;
              poll();
            });
          }

          function stopListening() {
            if (!events) return;
            events.close();
            events = null;
          }

          function keepTimeZone() {
            let zone = "";
            try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (error) { return; }
            const current = document.cookie.split("; ").find((pair) => pair.startsWith("tz="));
            if (!zone || (current && decodeURIComponent(current.slice(3)) === zone)) return;
            document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
            if (document.querySelector("main time")) load(location.href, "refresh");
          }

          history.scrollRestoration = "manual";
          if (!history.state || !Array.isArray(history.state.stack)) history.replaceState({ stack: [location.href] }, "", location.href);
          enhance(document);
          showUndo(new URL(location.href).searchParams.has("undo"));
          setInterval(watchUndo, 250);
          keepTimeZone();
          document.addEventListener("focusin", (event) => {
            if (event.target instanceof HTMLTextAreaElement && event.target.hasAttribute("data-select-all")) event.target.select();
          });
          if (document.activeElement && document.activeElement.matches("[data-select-all]")) document.activeElement.select();
          if ("serviceWorker" in navigator && window.isSecureContext) {
            navigator.serviceWorker.register("/sw.js").then(() => {
              if (location.pathname !== "/signin" && location.pathname !== "/setup") return;
              return navigator.serviceWorker.ready.then((registration) => {
                if (registration.active) registration.active.postMessage("forget");
              });
            }).catch(() => { /* No worker: the app works online as before. */ });
          }
          startOffline();
          poll();
          pollTimer = setInterval(() => { if (!events || events.readyState !== EventSource.OPEN) poll(); }, pollInterval);
          document.addEventListener("visibilitychange", () => {
            if (document.hidden) stopListening();
            else poll();
          });
          // Back to a page kept in the browser's cache after a form that signs in or out: it polls again, and goes to
          // the sign-in screen if that session ended.
          window.addEventListener("pageshow", (event) => {
            if (event.persisted && session === "leaving") session = "active";
          });
        })();
        """#
}
