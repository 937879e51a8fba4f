// What a tap or a key does, in one place, as each case decides whether the next one applies: a read-only text
// to copy (a token, an invitation link) is copied by its `data-copy` button, hidden without JavaScript; a row
// asks before it deletes (70-delete-confirmation.js); Escape or a tap outside a sheet cancels it (its
// `data-cancel` link); a link to a page opens in place (30-navigation.js).

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
  enhanceSuggestions(root);
  enhanceSpecies(root);
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
