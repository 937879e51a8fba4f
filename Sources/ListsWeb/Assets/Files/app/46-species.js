// Species suggested as one types a bird's name (an input marked `data-species`, whose value is the address of the
// taxonomy Lists ships, /static/taxonomy.tsv): the same species and the same order as `GET /api/v1/species` and
// `lists birds species` (Taxonomy.suggestions in the model): every word typed is the start of a word of a
// species' English, other or scientific name, in any order, or the whole text is one of its 4-letter codes; a code
// first, then the English names that start with the text, then those that have every word, then the rest. The
// taxonomy is read once per page from the service worker's copy (it is part of the shell), so suggestions come
// with no network as with one and no request per keystroke. A tap on one puts its English name in the field.

const speciesLimit = 8;
// The taxonomy as read: [{english, scientific, codes, key, words}], in taxonomic order; null until read.
let speciesTable = null;
let speciesLoading = null;

// A name as the model's Taxonomy.key compares it: lower case, no accents, apostrophes dropped, any other
// character that is not a letter or a digit a word break.
function speciesKey(text) {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/['\u2019]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

function loadSpecies(address) {
  if (speciesTable) return Promise.resolve(speciesTable);
  if (!speciesLoading) {
    speciesLoading = fetch(address, { credentials: "same-origin" })
      .then((response) => (response.ok ? response.text() : Promise.reject(new Error(String(response.status)))))
      .then((text) => {
        speciesTable = text.split("\n").filter((line) => line).map((line) => {
          const [scientific, english, , codes = "", others = ""] = line.split("\t");
          const codeList = codes ? codes.split(",") : [];
          const englishKey = speciesKey(english);
          const all = [englishKey, speciesKey(scientific)].concat(others ? others.split("|").map(speciesKey) : [])
            .concat(codeList.map((code) => code.toLowerCase()));
          return { english, scientific, codes: codeList, key: englishKey, words: ` ${all.join(" ")} ` };
        });
        return speciesTable;
      })
      .catch((error) => {
        speciesLoading = null;
        throw error;
      });
  }
  return speciesLoading;
}

// The species `typed` may be, best first, as the model ranks them.
function findSpecies(table, typed, limit) {
  const key = speciesKey(typed);
  const words = key.split(" ").filter((word) => word).map((word) => ` ${word}`);
  if (!words.length) return [];
  const code = typed.trim().toUpperCase();
  const byCode = [];
  const starting = [];
  const inEnglish = [];
  const others = [];
  for (const species of table) {
    if (species.codes.includes(code)) {
      byCode.push(species);
      continue;
    }
    if (!words.every((word) => species.words.includes(word))) continue;
    if (species.key.startsWith(key)) starting.push(species);
    else if (words.every((word) => ` ${species.key}`.includes(word))) inEnglish.push(species);
    else if (others.length < limit) others.push(species);
    if (byCode.length + starting.length >= limit) break;
  }
  return byCode.concat(starting, inEnglish, others).slice(0, limit);
}

function clearSpecies(input) {
  const box = document.getElementById(`${input.id}-species`);
  if (box) box.remove();
  input.removeAttribute("aria-controls");
  input.setAttribute("aria-expanded", "false");
}

async function suggestSpecies(input) {
  const typed = input.value;
  let table;
  try {
    table = await loadSpecies(input.dataset.species);
  } catch (error) {
    return;
  }
  if (input.value !== typed || !document.contains(input)) return;
  const found = findSpecies(table, typed, speciesLimit)
    .filter((species) => species.english.toLowerCase() !== typed.trim().toLowerCase());
  if (!found.length) {
    clearSpecies(input);
    return;
  }
  let box = document.getElementById(`${input.id}-species`);
  if (!box) {
    box = document.createElement("ul");
    box.className = "species-suggestions";
    box.id = `${input.id}-species`;
    box.setAttribute("aria-label", "Species");
    input.after(box);
    input.setAttribute("aria-controls", box.id);
  }
  input.setAttribute("aria-expanded", "true");
  box.innerHTML = found.map((species) => `<li><button type="button" class="species-suggestion" `
    + `data-species-name="${escapeHTML(species.english)}" aria-label="${escapeHTML(species.english)}, `
    + `${escapeHTML(species.scientific)}">${escapeHTML(species.english)} <i class="scientific">`
    + `${escapeHTML(species.scientific)}</i></button></li>`).join("");
}

function enhanceSpecies(root) {
  for (const input of root.querySelectorAll("input[data-species]")) {
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "false");
  }
}

document.addEventListener("input", (event) => {
  if (event.target instanceof HTMLInputElement && event.target.matches("input[data-species]")) {
    suggestSpecies(event.target);
  }
});
document.addEventListener("focusin", (event) => {
  // The taxonomy is read as the field is reached, so that the first keystroke finds it ready.
  if (event.target instanceof HTMLInputElement && event.target.matches("input[data-species]")) {
    loadSpecies(event.target.dataset.species).catch(() => { /* Read again at the next keystroke. */ });
  }
});
document.addEventListener("click", (event) => {
  const button = event.target instanceof Element && event.target.closest("ul.species-suggestions button");
  if (!button) return;
  const box = button.closest("ul");
  const input = box.previousElementSibling;
  if (!(input instanceof HTMLInputElement)) return;
  input.value = button.dataset.speciesName;
  clearSpecies(input);
  input.focus();
});
document.addEventListener("keydown", (event) => {
  const target = event.target;
  if (!(target instanceof Element)) return;
  if (event.key === "ArrowDown" && target.matches("input[data-species]")) {
    const box = document.getElementById(`${target.id}-species`);
    const first = box && box.querySelector("button");
    if (first) {
      event.preventDefault();
      first.focus();
    }
  } else if (event.key === "Escape" && target.matches("input[data-species]")) {
    clearSpecies(target);
  }
});
