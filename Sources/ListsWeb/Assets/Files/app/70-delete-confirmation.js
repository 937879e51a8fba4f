// Rows ask before they delete, in place: the red minus (Items in Edit mode) or Delete (To-Do) puts the screen's
// `template#row-confirm` form in the row; without JavaScript the same link opens an action sheet.

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
