// Suggestions as one types into a store list's add field (an input marked `data-suggest`): the household's items
// with a word that starts with what was typed, most often and most lately bought first, each with the quantity it
// was last bought in, as `GET /api/v1/suggestions` ranks the whole catalog. A tap on one puts it on the list, in
// the quantity typed, else in that last quantity. Without JavaScript, and with no network, the field's `<datalist>`
// offers the 200 best names instead (the browser filters them), which is also where a put made offline finds its
// item (22-offline-forms.js).

// The most suggestions shown at once: a phone's screen above its keyboard.
const suggestionLimit = 6;
// The keystroke whose answer may be shown: an answer to an earlier one, come late, is dropped.
let suggestionAsked = 0;

// The field's own list of suggestions, or the browser's datalist when this one cannot ask (no network).
function useDatalist(input, wanted) {
  if (wanted && input.dataset.list) input.setAttribute("list", input.dataset.list);
  if (!wanted && input.hasAttribute("list")) {
    input.dataset.list = input.getAttribute("list");
    input.removeAttribute("list");
  }
}

function enhanceSuggestions(root) {
  for (const input of root.querySelectorAll("input[data-suggest]")) {
    useDatalist(input, isOffline());
    input.setAttribute("aria-autocomplete", "list");
  }
}

function clearSuggestions(form) {
  const box = form.querySelector("ul.suggestions");
  if (box) box.remove();
  const input = form.querySelector("input[data-suggest]");
  if (input) input.removeAttribute("aria-controls");
}

async function suggest(input) {
  const form = input.form;
  const typed = input.value.trim();
  const asked = ++suggestionAsked;
  useDatalist(input, isOffline());
  if (!typed || isOffline()) {
    clearSuggestions(form);
    return;
  }
  let found;
  try {
    const response = await fetch(
      `/api/v1/suggestions?q=${encodeURIComponent(typed)}&limit=${suggestionLimit}`,
      { credentials: "same-origin", headers: { Accept: "application/json" } });
    if (!response.ok) return;
    found = (await response.json()).suggestions;
  } catch (error) {
    return;
  }
  if (asked !== suggestionAsked || !document.contains(input)) return;
  if (!Array.isArray(found) || !found.length) {
    clearSuggestions(form);
    return;
  }
  let box = form.querySelector("ul.suggestions");
  if (!box) {
    box = document.createElement("ul");
    box.className = "suggestions";
    box.id = "suggestions";
    box.setAttribute("aria-label", "Suggestions");
    input.closest(".insert-row").after(box);
    input.setAttribute("aria-controls", box.id);
  }
  box.innerHTML = found.map((suggestion) => {
    const quantity = suggestion.lastQuantity || "";
    const label = `Put ${suggestion.item.name} on the list${quantity ? `, ${quantity}` : ""}`;
    return `<li><button type="button" class="suggestion" data-item="${escapeHTML(suggestion.item.id)}" `
      + `data-name="${escapeHTML(suggestion.item.name)}" data-quantity="${escapeHTML(quantity)}" `
      + `aria-label="${escapeHTML(label)}"><span class="quantity">${escapeHTML(quantity)}</span>`
      + `${escapeHTML(suggestion.item.name)}</button></li>`;
  }).join("");
}

// A suggestion tapped: the form sends that very item (`item-id`, as "Recently bought" does), in the quantity typed
// or else the one last bought.
function putSuggestion(button) {
  const form = button.closest("form");
  let chosen = form.querySelector('input[name="item-id"]');
  if (!chosen) {
    chosen = document.createElement("input");
    chosen.type = "hidden";
    chosen.name = "item-id";
    form.append(chosen);
  }
  chosen.value = button.dataset.item;
  form.elements.namedItem("item").value = button.dataset.name;
  const quantity = form.elements.namedItem("quantity");
  if (quantity && !quantity.value.trim()) quantity.value = button.dataset.quantity;
  clearSuggestions(form);
  form.requestSubmit();
}

document.addEventListener("input", (event) => {
  if (event.target instanceof HTMLInputElement && event.target.matches("input[data-suggest]")) {
    // A name typed again is a new choice: the item a tap chose goes.
    const chosen = event.target.form.querySelector('input[name="item-id"]');
    if (chosen) chosen.remove();
    suggest(event.target);
  }
});
document.addEventListener("click", (event) => {
  const button = event.target instanceof Element && event.target.closest("ul.suggestions button.suggestion");
  if (button) putSuggestion(button);
});
document.addEventListener("keydown", (event) => {
  const target = event.target;
  if (!(target instanceof Element)) return;
  if (event.key === "ArrowDown" && target.matches("input[data-suggest]")) {
    const first = target.form.querySelector("ul.suggestions button");
    if (first) {
      event.preventDefault();
      first.focus();
    }
  } else if (event.key === "Escape" && target.closest("form") && target.closest("form").querySelector("ul.suggestions")) {
    clearSuggestions(target.closest("form"));
  }
});
window.addEventListener("offline", () => {
  for (const input of document.querySelectorAll("input[data-suggest]")) {
    useDatalist(input, true);
    clearSuggestions(input.form);
  }
});
window.addEventListener("online", () => {
  for (const input of document.querySelectorAll("input[data-suggest]")) useDatalist(input, false);
});
