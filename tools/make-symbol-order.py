#!/usr/bin/env python3
"""Writes build-support/lists.order: the functions a few everyday commands run, for the release link to put
together (lld's --symbol-ordering-file; the Makefile's RELEASE_FLAGS).

A command touches a few hundred KB of code spread over the executable's 20 MB of text; each 64 KB the kernel maps
at a time is a page fault at start-up. Laid out together, the functions a command runs take fewer of them (a
`todo add` on 10,000 tasks: 93 fewer faults, docs/performance.md). The file is a profile, not a contract: a
function renamed since it was made is skipped by the linker, and one missing from it is laid out as before, so a
stale file costs a little speed and never correctness. Run this again after large changes to the commands' paths.

Needs valgrind (apt-get install valgrind), strip (binutils) and a release build (make build). Usage:
    tools/make-symbol-order.py [path/to/lists]
"""

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
    """The functions a callgrind profile names, in the order it first names them (about the order they first ran),
    those with a symbol's spelling only (not the runtime's C++ names)."""
    names: list[str] = []
    for line in profile.read_text(errors="replace").splitlines():
        match = re.match(r"^c?fn=\(\d+\) (.+)$", line)
        if not match:
            continue
        name = match.group(1).split("'")[0].strip()
        if re.fullmatch(r"[A-Za-z_$][A-Za-z0-9_$.]*", name):
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
        order: list[str] = []
        seen: set[str] = set()
        for number, command in enumerate(COMMANDS):
            profile = Path(work) / f"callgrind.{number}"
            subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={profile}", lists, "--database",
                            database, *command], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           env=environment)
            for name in functions(profile):
                if name not in seen:
                    seen.add(name)
                    order.append(name)
    OUT.write_text("".join(name + "\n" for name in order))
    print(f"make-symbol-order: {len(order)} functions in {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
