#!/usr/bin/env python3
"""Writes the bird taxonomy Lists ships, Sources/ListsModel/Files/taxonomy.tsv, from the data the PyPI package
birdnames 0.1.3 carries (its wheel is fetched with pip, checked against the digest below, and read as a zip file:
nothing of the package is run).

Sources and licences (recorded in Sources/ListsModel/Files/taxonomy-sources.md, which this script also writes):
- AviList 2025 (birdnames' avilist_2025_taxonomy.csv): AviList Core Team. 2025. AviList: The Global Avian Checklist,
  v2025. https://doi.org/10.2173/avilist.v2025. Licensed under CC BY 4.0.
- The Bird Banding Laboratory's 4-letter codes and English and French names (bbl_2025_taxonomy.csv): USGS Bird
  Banding Laboratory, a work of the United States government, in the public domain.
- birdnames 0.1.3 itself: MIT licence, Copyright (c) 2025 Sam Lapp.

The file has one line per species of AviList, in AviList's (taxonomic) order, five fields separated by tabs:
    scientific name, English name, family, codes (comma-separated), other names (|-separated)
The codes are the BBL's 4-letter codes of the species and of its subspecies; the other names are the BBL's English
name where it differs from AviList's, and its French name. A BBL row whose scientific name is neither an AviList
species nor a subspecies of one (a misspelling, a genus AviList moved) is left out and named on stderr.

Deterministic: the same wheel gives the same file. Run it to update the taxonomy:
    python3 tools/make-taxonomy.py
"""
import csv
import hashlib
import io
import os
import subprocess
import sys
import tempfile
import zipfile

PACKAGE = "birdnames==0.1.3"
WHEEL = "birdnames-0.1.3-py3-none-any.whl"
WHEEL_SHA256 = "4a02aa53dd2cf78fb4d0a0b5cb2c7b3bf98780ec9ef2f2bd1aaf5b384f302400"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT_DIR = os.path.join(ROOT, "Sources", "ListsModel", "Files")

SOURCES = """# The bird taxonomy's sources

`taxonomy.tsv` is written by `tools/make-taxonomy.py` from the data files of the PyPI package
[birdnames](https://pypi.org/project/birdnames/) 0.1.3 (MIT licence, Copyright (c) 2025 Sam Lapp), wheel
SHA-256 `{sha}`.

- **Species, scientific and English names, families, taxonomic order:** AviList Core Team. 2025. AviList: The Global
  Avian Checklist, v2025. https://doi.org/10.2173/avilist.v2025. Licensed under
  [CC BY 4.0](https://creativecommons.org/licenses/by/4.0/). Lists keeps the species rows only ({species} species);
  subspecies are matched to their species by their first two words.
- **4-letter codes, and the English and French names where they differ:** the USGS Bird Banding Laboratory's species
  list (as birdnames carries it), a work of the United States government in the public domain. {codes} codes are
  kept; {dropped} rows whose scientific name is not an AviList species or subspecies are left out.
"""


def clean(text):
    """`text` without the zero-width spaces and doubled spaces some rows carry."""
    return " ".join(text.replace("\u200b", "").split())


def wheel_bytes():
    """The wheel's bytes, fetched by pip into a temporary folder and checked against WHEEL_SHA256."""
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary", ":all:",
             "--dest", folder, PACKAGE],
            check=True)
        with open(os.path.join(folder, WHEEL), "rb") as file:
            data = file.read()
    digest = hashlib.sha256(data).hexdigest()
    if digest != WHEEL_SHA256:
        sys.exit(f"make-taxonomy: {WHEEL} has SHA-256 {digest}, expected {WHEEL_SHA256}")
    return data


def rows(archive, name):
    with archive.open(f"birdnames/data/processed/{name}") as file:
        return list(csv.DictReader(io.TextIOWrapper(file, encoding="utf-8")))


def main():
    archive = zipfile.ZipFile(io.BytesIO(wheel_bytes()))
    species = []
    by_scientific = {}
    for row in rows(archive, "avilist_2025_taxonomy.csv"):
        if row["avilist_taxon_rank"] != "species":
            continue
        entry = {"scientific": clean(row["scientific_name"]), "english": clean(row["avilist_common_name"]),
                 "family": clean(row["avilist_family"]), "codes": [], "others": []}
        if not entry["english"]:
            sys.exit(f"make-taxonomy: species {entry['scientific']} has no English name")
        species.append(entry)
        by_scientific[entry["scientific"]] = entry
    kept, dropped = 0, 0
    for row in rows(archive, "bbl_2025_taxonomy.csv"):
        scientific = clean(row["scientific_name"])
        entry = by_scientific.get(scientific) or by_scientific.get(" ".join(scientific.split()[:2]))
        if entry is None:
            dropped += 1
            print(f"make-taxonomy: left out BBL {row['bbl_alpha']} {scientific} ({row['bbl_common_name']})",
                  file=sys.stderr)
            continue
        code = clean(row["bbl_alpha"]).upper()
        if len(code) == 4 and code.isalpha() and code not in entry["codes"]:
            entry["codes"].append(code)
            kept += 1
        # A subspecies' names (Atlantic Brant) name a form, not the species: only the species' own are kept.
        if scientific == entry["scientific"]:
            for name in (clean(row["bbl_common_name"]), clean(row["bbl_french_name"])):
                if name and name != entry["english"] and name not in entry["others"]:
                    entry["others"].append(name)
    lines = []
    for entry in species:
        fields = [entry["scientific"], entry["english"], entry["family"], ",".join(entry["codes"]),
                  "|".join(entry["others"])]
        if any("\t" in field or "\n" in field for field in fields):
            sys.exit(f"make-taxonomy: {entry['scientific']} has a tab or a line break")
        lines.append("\t".join(fields))
    os.makedirs(OUT_DIR, exist_ok=True)
    with open(os.path.join(OUT_DIR, "taxonomy.tsv"), "w", encoding="utf-8", newline="\n") as file:
        file.write("\n".join(lines) + "\n")
    with open(os.path.join(OUT_DIR, "taxonomy-sources.md"), "w", encoding="utf-8", newline="\n") as file:
        file.write(SOURCES.format(sha=WHEEL_SHA256, species=len(species), codes=kept, dropped=dropped))
    print(f"make-taxonomy: {len(species)} species, {kept} codes, {dropped} BBL rows left out")


if __name__ == "__main__":
    main()
