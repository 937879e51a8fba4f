// Form posts go through `fetch` (the same urlencoded body and headers a browser form sends; the browser adds
// `Origin`), the 303 is followed, and the answer's `<main>` replaces the page's: no full reload. A refused form
// (422, 409) is swapped in the same way, at the same address. A file upload (the import) goes through
// `XMLHttpRequest` and shows its progress. A form is sent once: a second press of it waits for its answer, which
// replaces it; a press of another form waits its turn. A form marked `data-full-load` (signing in or out,
// changing household) is left to the browser, so that the page after it starts afresh, with its new cookie and
// live updates. What a form did is said in a live region for screen readers (the form's `data-announce`). With
// no network, a form that works offline becomes a change that waits on the device (22-offline-forms.js).

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

// Forms tapped while another one's answer is awaited, in the order they were tapped: each is sent once the one
// before it is answered and drawn, as it was when tapped (the values and version it showed), if the screen drawn
// then is still the one it was tapped on (the same address, or one with the same form: same action). A form the
// answer took away (a sheet closed, another screen opened) goes with it, as on a native screen. A tap is neither
// lost nor sent twice.
const tapped = [];

document.addEventListener("submit", (event) => {
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
  if (form.dataset.sent) return;
  form.dataset.sent = "true";
  const buttons = [...form.querySelectorAll("button")];
  buttons.forEach((button) => { button.disabled = true; });
  tapped.push({ form, action, submitter: event.submitter, buttons, screen: withoutUndo(location.href) });
  if (!busy) sendTapped();
});

// Sends the forms tapped, one at a time.
async function sendTapped() {
  busy = true;
  try {
    while (tapped.length) {
      const next = tapped.shift();
      const shown = currentMain();
      const onScreen = shown && (shown.contains(next.form) || withoutUndo(location.href) === next.screen
        || shown.querySelector(`form[action="${CSS.escape(next.form.getAttribute("action") || "")}"]`) !== null);
      if (!onScreen) continue;
      if (!(await sendForm(next))) {
        // The server could not be reached: what was tapped after it is not sent either, and can be tapped again.
        for (const other of tapped.splice(0)) unsend(other);
      }
    }
  } finally {
    busy = false;
  }
}

// A form left unsent: it can be sent again.
function unsend({ form, buttons }) {
  delete form.dataset.sent;
  buttons.forEach((button) => { button.disabled = false; });
}

// Sends one form and draws its answer (or, with no network, keeps the change on the device). Answers false when
// the server could not be reached.
async function sendForm({ form, action, submitter, buttons }) {
  if (isOffline()) {
    // With no network the change waits on the device, and shows at once.
    try {
      if (!(await keepOffline(form, action))) {
        showProblem("This needs the network; nothing was changed. Try again when you are back online.");
      }
    } catch (error) {
      showProblem("This device could not keep the change; nothing was changed.");
    }
    unsend({ form, buttons });
    return true;
  }
  const message = announcement(form);
  currentMain().setAttribute("aria-busy", "true");
  try {
    // Changes made offline go first, in order.
    if (waiting().length) await flush();
    const answer = await send(form, action, submitter);
    // Not drawn under a finger (47-held-redraws.js): a tap made meanwhile gets its click first.
    await untilLifted();
    takeRevision(answer.revision);
    swap(answer.text, answer.redirected ? answer.url : location.href, answer.redirected ? "push" : "same");
    if (answer.redirected) announce(message);
    return true;
  } catch (error) {
    unsend({ form, buttons });
    currentMain().removeAttribute("aria-busy");
    showProblem("The server could not be reached; nothing was changed. Try again.");
    return false;
  }
}
