#!/usr/bin/env python3
"""Repeat rules: Lists' first 20 due dates of 500 random RRULEs (each kind Lists reads, in New York and Berlin, with
daylight saving) against python-dateutil's `rrule` on the very same rules, parsing included, in one run.

`lists-bench repeat-rules --json FILE` times Lists (the median of 5 runs, per pass over the 500 rules) and writes the
rules; this script times dateutil on them the same way (the zones made before the clock starts, as Lists looks its
up once) and judges the ratio. That the dates are the same is a test (Tests/ListsModelTests/
RecurrenceReferenceTests.swift), not timed here. Goal: dateutil / Lists >= 10.

Environment: LISTS_BIN_DIR (lists-bench, default .build/release). Run with the project's .venv python (make
web-deps installs python-dateutil there).
Exit status: 0 goal met, 3 goal missed, 1 the benchmark failed.
"""
import datetime
import itertools
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from zoneinfo import ZoneInfo

from dateutil.rrule import rrulestr

GOAL = 10


def prepared(items):
    """Each rule with its start as dateutil takes it: naive wall-clock time, aware only when UNTIL is in UTC."""
    result = []
    for item in items:
        start = datetime.datetime.fromisoformat(item["start"])
        if any(part.startswith("UNTIL=") and part.endswith("Z") for part in item["rule"].split(";")):
            start = start.replace(tzinfo=ZoneInfo(item["zone"]))
        result.append((item["rule"], start))
    return result


def one_pass(rules):
    return sum(len(list(itertools.islice(rrulestr(rule, dtstart=start), 20))) for rule, start in rules)


def main():
    bench = Path(os.environ.get("LISTS_BIN_DIR", ".build/release")) / "lists-bench"
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "rules.json"
        run = subprocess.run([str(bench), "repeat-rules", "--json", str(path)], capture_output=True, text=True)
        if run.returncode != 0:
            print(run.stdout + run.stderr)
            return 1
        print(run.stdout.strip())
        lists_ms = float(re.search(r"median of 5 runs ([0-9.]+) ms", run.stdout).group(1))
        rules = prepared(json.loads(path.read_text()))
    one_pass(rules)
    runs = []
    for _ in range(5):
        clock = time.perf_counter()
        dates = one_pass(rules)
        runs.append((time.perf_counter() - clock) * 1000)
    dateutil_ms = statistics.median(runs)
    print(f"dateutil: {len(rules)} rules, first 20 dates each, parsing included: median of 5 runs "
          f"{dateutil_ms:.3f} ms ({dates} dates a pass)")
    ratio = dateutil_ms / lists_ms
    met = ratio >= GOAL
    print(f"RESULT repeat-rules: dateutil / Lists = {ratio:.1f}x (goal >= {GOAL}x) {'PASS' if met else 'FAIL'}")
    return 0 if met else 3


if __name__ == "__main__":
    sys.exit(main())
