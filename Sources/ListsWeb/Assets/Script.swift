/// The pages' script (`/static/app.js`): progressive enhancement in plain ES2020, no libraries. Every page
/// works without it; with it:
///
/// - form posts go through `fetch` (the same urlencoded body and headers a browser form sends; the browser adds
///   `Origin`), the 303 is followed, and the answer's `<main>` replaces the page's, with the address updated in
///   the history: no full reload. A refused form (422, 409) is swapped in the same way, at the same address;
/// - links to pages (screens and sheets) are fetched and swapped the same way; Back and Forward work;
/// - live updates: `GET /api/v1/revision` is polled every second while the page is visible; when the number
///   changes (another tab, another device, the CLI), the current address is fetched again and swapped in,
///   keeping focus and scroll, unless the user has typed something not yet sent or a refused form is showing;
/// - the browser's time zone is kept in the `tz` cookie so that dates show in it;
/// - Escape or a tap outside a sheet cancels it.
enum Script {
    /// The JavaScript text.
    static let text = #"""
        "use strict";
        (() => {
          const pollInterval = 1000;
          let revision = null;
          let busy = false;
          let polling = false;

          const currentMain = () => document.querySelector("main");
          const isPageURL = (url) =>
            url.origin === location.origin && !url.pathname.startsWith("/api/") && !url.pathname.startsWith("/static/");

          function takeRevision(response) {
            const value = response.headers.get("X-Lists-Revision");
            if (value !== null) revision = Number(value);
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

          // Replaces <main> with the one in `html`. mode: "push" (a new screen), "same" (the answer to a post at
          // the same address), "refresh" (a live update), "pop" (Back / Forward).
          function swap(html, url, mode) {
            const next = new DOMParser().parseFromString(html, "text/html");
            const nextMain = next.querySelector("main");
            const main = currentMain();
            if (!nextMain || !main) {
              location.assign(url);
              return;
            }
            const key = focusKey();
            const scroll = window.scrollY;
            const leavingSheet = main.querySelector(".sheet") !== null;
            const sameAddress = new URL(url, location.href).href === location.href;
            document.documentElement.classList.toggle("no-anim", mode === "refresh" || (sameAddress && mode !== "pop"));
            main.replaceWith(nextMain);
            document.title = next.title;
            if (mode === "push" && !sameAddress) {
              if (leavingSheet) history.replaceState({}, "", url);
              else history.pushState({}, "", url);
            }
            const autofocus = nextMain.querySelector("[autofocus]");
            if (mode === "refresh" || (sameAddress && mode !== "pop")) {
              window.scrollTo(0, scroll);
              const target = autofocus || findKey(key);
              if (target) target.focus({ preventScroll: true });
              else if (mode !== "refresh") focusHeading();
              return;
            }
            if (!nextMain.querySelector(".sheet")) window.scrollTo(0, 0);
            const first = nextMain.querySelector(".sheet input:not([type=hidden])");
            if (autofocus) autofocus.focus();
            else if (first && mode === "push") first.focus();
            else focusHeading();
          }

          async function load(url, mode) {
            try {
              const response = await fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" });
              takeRevision(response);
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

          document.addEventListener("submit", async (event) => {
            const form = event.target;
            if (!(form instanceof HTMLFormElement) || event.defaultPrevented) return;
            if ((form.getAttribute("method") || "get").toLowerCase() !== "post") return;
            const action = new URL(form.getAttribute("action") || location.href, location.href);
            if (!isPageURL(action)) return;
            event.preventDefault();
            if (busy) return;
            busy = true;
            const body = new URLSearchParams(new FormData(form));
            const submitter = event.submitter;
            if (submitter && submitter.name) body.append(submitter.name, submitter.value);
            const buttons = [...form.querySelectorAll("button")];
            buttons.forEach((button) => { button.disabled = true; });
            currentMain().setAttribute("aria-busy", "true");
            try {
              const response = await fetch(action, {
                method: "POST", body, credentials: "same-origin", headers: { Accept: "text/html" },
              });
              takeRevision(response);
              const html = await response.text();
              swap(html, response.redirected ? response.url : location.href, response.redirected ? "push" : "same");
            } catch (error) {
              buttons.forEach((button) => { button.disabled = false; });
              currentMain().removeAttribute("aria-busy");
              showProblem("The server could not be reached; nothing was changed. Try again.");
            } finally {
              busy = false;
            }
          });

          document.addEventListener("click", (event) => {
            if (event.defaultPrevented || event.button !== 0) return;
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            if (event.target.closest(".sheet-backdrop")) {
              const cancel = document.querySelector("main .sheet .bar-left a");
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
            if (event.key !== "Escape") return;
            const cancel = document.querySelector("main .sheet .bar-left a");
            if (cancel) {
              event.preventDefault();
              cancel.click();
            }
          });

          window.addEventListener("popstate", () => load(location.href, "pop"));

          // The user is busy with a form: has typed something not yet sent, or is reading why a form was
          // refused. A live update then waits. Focus alone does not count: after Insert the empty field keeps
          // focus, and the list must go on following other devices.
          function userIsEditing() {
            const main = currentMain();
            if (!main) return true;
            if (main.querySelector("[aria-invalid=true], .notice.alert")) return true;
            return [...main.querySelectorAll("input:not([type=hidden]), textarea")]
              .some((field) => field.value !== field.defaultValue);
          }

          async function poll() {
            if (polling || busy || document.hidden) return;
            polling = true;
            try {
              const response = await fetch("/api/v1/revision", { headers: { Accept: "application/json" }, cache: "no-store" });
              if (!response.ok) return;
              const latest = (await response.json()).revision;
              if (revision === null) revision = latest;
              else if (latest !== revision && !userIsEditing() && !busy) {
                revision = latest;
                await load(location.href, "refresh");
              }
            } catch (error) {
              // Offline or restarting: try again at the next tick.
            } finally {
              polling = false;
            }
          }

          function keepTimeZone() {
            let zone = "";
            try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (error) { return; }
            const current = document.cookie.split("; ").find((pair) => pair.startsWith("tz="));
            if (!zone || (current && decodeURIComponent(current.slice(3)) === zone)) return;
            document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
            if (document.querySelector("main time")) load(location.href, "refresh");
          }

          keepTimeZone();
          poll();
          setInterval(poll, pollInterval);
          document.addEventListener("visibilitychange", () => { if (!document.hidden) poll(); });
        })();
        """#
}
