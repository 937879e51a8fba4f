#!/usr/bin/env python3
"""Writes build-support/lists.order: the functions a few everyday commands run, and the data they read and write,
for the release link to put together (lld's --symbol-ordering-file; the Makefile's RELEASE_FLAGS).

A command touches a few hundred KB of code spread over the executable's 20 MB of text; each 64 KB the kernel maps
at a time is a page fault at start-up. Laid out together, the functions a command runs take fewer of them (a
`todo add` on 10,000 tasks: 93 fewer faults, docs/performance.md). The same holds for its data: each page of
`.data` it writes is copied at a fault of its own, each page of `.bss` it touches is zeroed at one, and the
variables a command uses sit among thousands it does not. The functions are the ones callgrind names, the Swift
runtime's and the C++ library's under their symbols' (mangled) names; the data, the variables valgrind's lackey
sees read or written. The file is a profile, not a contract: a name renamed since it was made is skipped by the
linker, and one missing from it is laid out as before, so a stale file costs a little speed and never correctness.
Run this again after large changes to the commands' paths; `make build` links again when the file is newer.

Needs valgrind (apt-get install valgrind), strip (binutils) and a release build (make build). Usage:
    tools/make-symbol-order.py [path/to/lists]
"""

import bisect
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build-support/lists.order"

# The commands profiled, in order: the CLI's everyday ones, on a database of 1,000 tasks with due dates.
COMMANDS = [
    ["todo", "add", "Water the plants"],
    ["todo", "add", "Pay rent", "--due", "1st", "--every", "month"],
    ["todo", "list"],
    ["todo", "today"],
    ["todo", "upcoming"],
    ["todo", "done", "1"],
    ["shop", "list"],
    ["shop", "add", "Milk", "--price", "1.99"],
    ["birds", "list"],
]


def functions(profile: Path) -> list[str]:
    """The functions a callgrind profile (made with --demangle=no) names, in the order it first names them (about
    the order they first ran)."""
    names: list[str] = []
    for line in profile.read_text(errors="replace").splitlines():
        match = re.match(r"^c?fn=\(\d+\) (.+)$", line)
        if not match:
            continue
        name = match.group(1).split("'")[0].strip()
        if re.fullmatch(r"[A-Za-z_$][A-Za-z0-9_$.]*", name):
            names.append(name)
    return names


def symbol_table(executable: Path) -> list[tuple[int, int | None, str, str]]:
    """The executable's defined symbols by address (`nm -n -S`): each one's address, size (`None` where nm gives
    none), type letter and name."""
    listing = subprocess.run(["nm", "-n", "-S", "--defined-only", executable], check=True, capture_output=True,
                             text=True).stdout
    table = []
    for line in listing.splitlines():
        fields = line.split(maxsplit=3)
        if len(fields) == 4:
            table.append((int(fields[0], 16), int(fields[1], 16), fields[2], fields[3]))
        elif len(fields) == 3:
            table.append((int(fields[0], 16), None, fields[1], fields[2]))
    return table


def string_variants(names: list[str], table: list[tuple[int, int | None, str, str]]) -> list[str]:
    """Every variant glibc has of the string functions among `names` (`__memmove_avx_unaligned_erms` brings
    `__memmove_evex_unaligned_erms`, `__memmove_sse2_unaligned`…). glibc picks one for the processor as the program
    starts, and under valgrind, which stands in for them and offers no AVX-512, the one picked is never the one a
    real run on a newer processor takes."""
    pattern = re.compile(r"__(mem|str|stp|wmem|wcs|raw)[a-z]*_(sse2|ssse3|sse4_1|sse4_2|avx|avx2|evex|erms)")
    bases = {name.split("_", 3)[2] for name in names if pattern.match(name)}
    return sorted({name for _, _, kind, name in table
                   if kind in "tT" and pattern.match(name) and name.split("_", 3)[2] in bases})


def data_symbols(table: list[tuple[int, int | None, str, str]]) -> tuple[list[int], list[tuple[int, int, str]]]:
    """The executable's variables (`nm`'s data, read-only data and bss symbols, those with a size) by address: their
    starts, and each one's start, size and name."""
    symbols = [(address, size, name) for address, size, kind, name in table
               if size is not None and kind in "bBdDrRvVu" and re.fullmatch(r"[A-Za-z_$][A-Za-z0-9_$.]*", name)]
    return [start for start, _, _ in symbols], symbols


def variables(trace: Path, starts: list[int], symbols: list[tuple[int, int, str]]) -> list[str]:
    """The variables a lackey trace (--trace-mem=yes) reads or writes, in the order it first touches them."""
    names: list[str] = []
    seen: set[str] = set()
    with trace.open(errors="replace") as lines:
        for line in lines:
            # " L 04a1b2c0,8", " S …", " M …"; instruction fetches ("I  …") are not data.
            if len(line) < 4 or line[0] != " " or line[1] not in "LSM":
                continue
            address = int(line[3:line.index(",")], 16)
            index = bisect.bisect_right(starts, address) - 1
            if index < 0:
                continue
            start, size, name = symbols[index]
            if start <= address < start + max(size, 1) and name not in seen:
                seen.add(name)
                names.append(name)
    return names


def main() -> None:
    lists = Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / ".build/release/lists").resolve()
    if not shutil.which("valgrind"):
        sys.exit("make-symbol-order: valgrind is needed (apt-get install valgrind)")
    if not lists.exists():
        sys.exit(f"make-symbol-order: no {lists}; build it first (make build)")
    with tempfile.TemporaryDirectory() as work:
        # Without its debug information, which valgrind 3.19 cannot read from lld's output; the symbols stay.
        stripped = Path(work) / "lists"
        subprocess.run(["strip", "--strip-debug", "-o", stripped, lists], check=True)
        lists = stripped
        database = Path(work) / "lists.sqlite"
        tasks = [{"uuid": f"00000000-0000-4000-8000-{n:012d}", "description": f"Task {n}", "status": "pending",
                  "entry": "20260101T000000Z", "due": f"202612{n % 28 + 1:02d}T090000Z"} for n in range(1000)]
        (Path(work) / "tasks.json").write_text(json.dumps(tasks))
        environment = dict(os.environ, TZ="UTC")
        subprocess.run([lists, "--database", database, "import", Path(work) / "tasks.json"], check=True,
                       stdout=subprocess.DEVNULL, env=environment)
        table = symbol_table(lists)
        starts, symbols = data_symbols(table)
        order: list[str] = []
        seen: set[str] = set()

        def add(names: list[str]) -> None:
            for name in names:
                if name not in seen:
                    seen.add(name)
                    order.append(name)

        for number, command in enumerate(COMMANDS):
            profile = Path(work) / f"callgrind.{number}"
            subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={profile}", lists,
                            "--database", database, *command], check=True, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, env=environment)
            add(functions(profile))
        add(string_variants(order, table))
        code = len(order)
        # The data after the code: lld lays out each output section apart, so where they sit in the file is moot.
        for number, command in enumerate(COMMANDS):
            trace = Path(work) / f"lackey.{number}"
            subprocess.run(["valgrind", "--tool=lackey", "--trace-mem=yes", f"--log-file={trace}", lists,
                            "--database", database, *command], check=True, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, env=environment)
            add(variables(trace, starts, symbols))
            trace.unlink()
    OUT.write_text("".join(name + "\n" for name in order))
    print(f"make-symbol-order: {code} functions and {len(order) - code} variables in {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
