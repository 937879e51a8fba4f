#!/usr/bin/env python3
"""Imports, as whole processes: `lists import` of a Taskwarrior export against `task import` of the same file, and a
1M-record lists-json export and import.

  import-bench.py taskwarrior   a realistic 100k-task `task export` file (pending and completed tasks, projects, tags,
                                due dates, priorities, recurring tasks' templates and instances,
                                urgency, entry/modified/end, uuid) imported by `lists --no-seed --database NEW import
                                FILE` and by Taskwarrior 2.6's `task import FILE` (a fresh TASKDATA each round), in
                                alternating rounds; goal: median(Lists) / median(Taskwarrior) <= 0.1 and Lists's peak
                                RSS < 200 MB
  import-bench.py lists-json    1M tasks (lists-bench fill-tasks): `lists export --output`, then `lists --no-seed
                                import` into a new database and a re-export, checked byte-identical; times and peak
                                RSS reported, no goal

  import-bench.py ebird         a 50k-row My eBird Data download (3,500 checklists of species from the taxonomy
                                Lists ships, every column eBird writes, quoted commas, a byte-order mark, CRLF)
                                imported by `lists --no-seed --database NEW import FILE` and by the sqlite3 shell's
                                `.import --csv FILE sightings` into a new database (one table, no checks), in
                                alternating rounds; goal: median(Lists) / median(sqlite3) <= 3

Options: --quick (10k tasks and 2 rounds; 100k records for lists-json; 5k eBird rows).
Environment: LISTS_BIN_DIR (lists and lists-bench, default .build/release), TMPDIR (temporary files; a real file
system, not a RAM disk).
Exit status: 0 goal met, 3 goal missed, 1 the benchmark failed, 2 bad usage.
"""
import datetime
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid

BIN_DIR = os.path.abspath(os.environ.get("LISTS_BIN_DIR", ".build/release"))
LISTS = os.path.join(BIN_DIR, "lists")
LISTS_BENCH = os.path.join(BIN_DIR, "lists-bench")
TIME = "/usr/bin/time"


class Failure(Exception):
    """The benchmark could not run."""


def say(line=""):
    print(line, flush=True)


def verdict(met):
    return "PASS" if met else "FAIL"


def timed(command, work, env=None):
    """Runs `command` under /usr/bin/time; returns (wall seconds on the monotonic clock, peak RSS in KiB, stdout)."""
    rss_file = os.path.join(work, "rss")
    started = time.monotonic()
    result = subprocess.run([TIME, "-f", "%M", "-o", rss_file] + command, capture_output=True, text=True, env=env)
    seconds = time.monotonic() - started
    if result.returncode != 0:
        raise Failure(f"{' '.join(command)} failed ({result.returncode}): {result.stderr.strip()[-500:]}")
    with open(rss_file) as file:
        rss = int(file.read().split()[-1])
    return seconds, rss, result.stdout


def sqlite_count(database, table):
    result = subprocess.run(["sqlite3", database, f"SELECT count(*) FROM {table}"], capture_output=True, text=True)
    if result.returncode != 0:
        raise Failure(f"sqlite3 {database}: {result.stderr}")
    return int(result.stdout.strip())


def lists_import(work, round_number, path, table, seeded=False):
    """`lists --no-seed import path` into a new database; returns (seconds, peak RSS in KiB, rows in `table`), the
    database removed. `seeded`: without `--no-seed`, into the tutorials' records a new file starts with."""
    database = os.path.join(work, f"lists-{round_number}.sqlite")
    seconds, rss, _ = timed([LISTS] + ([] if seeded else ["--no-seed"]) + ["--database", database, "import", path],
                            work)
    stored = sqlite_count(database, table)
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(database + suffix):
            os.remove(database + suffix)
    return seconds, rss, stored


def megabytes(kib):
    return f"{kib / 1024:.1f} MB"


def alternating(rounds, first, second):
    """One untimed run of each side (the file into the page cache, the binaries loaded), then `rounds` rounds of
    both, the side that goes first alternating, so that a burst of load from another program falls on both alike.
    `first` and `second` are (name, run), run(round) giving that side's figures; yields (round, {name: figures})."""
    for _, run in (first, second):
        run("warm-up")
    for round_number in range(rounds):
        order = [first, second] if round_number % 2 == 0 else [second, first]
        yield round_number, {name: run(round_number) for name, run in order}


# ---------------------------------------------------------------------------------------------------------
# Taskwarrior


def write_taskwarrior_export(path, count, seed=4):
    """A `task export`-shaped file: one JSON array, one task per line, keys sorted as Taskwarrior 2.6 writes them.
    About 60% pending (with an id and an urgency), 40% completed (id 0, an end date); 80% in a project, 60% with
    one to three tags; half with a due date (a third of them at a time of day), a third with a priority; one in a
    hundred a recurring task's template (monthly, weekly, every 2 weeks, weekdays or yearly), each followed by its
    pending instance. Descriptions of two to seven words and the task's number. Returns the number of pending
    tasks and of instances (which Lists joins with their templates)."""
    rnd = random.Random(seed)
    projects = ["home", "work", "work.reports", "garden", "errands", "lists.bench", "finance", "reading"]
    tags = ["next", "phone", "email", "waiting", "someday", "urgent", "errand", "review"]
    words = ("buy call write fix read plan check send book clean water pay review draft order renew email milk "
             "report tyres garden invoice chapter tickets dentist bike letter backup taxes seeds").split()
    base = datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc).timestamp()

    def stamp(seconds):
        return datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")

    pending = 0
    instances = 0
    recurs = ["monthly", "weekly", "2w", "weekdays", "yearly"]
    template = None
    with open(path, "w") as out:
        out.write("[\n")
        for index in range(count):
            if template is not None:
                # The pending instance of the template just written.
                pending += 1
                instances += 1
                instance = dict(template, id=pending, status="pending", parent=template["uuid"], imask=0,
                                uuid=str(uuid.UUID(int=rnd.getrandbits(128), version=4)))
                instance.pop("mask")
                instance["description"] = template["description"]
                out.write("," + json.dumps(dict(sorted(instance.items())), separators=(",", ":")) + "\n")
                template = None
                continue
            entry = base + rnd.randrange(0, 60_000_000)
            modified = entry + rnd.randrange(0, 3_000_000)
            done = rnd.random() < 0.4
            task = {}
            if done:
                task["id"] = 0
            else:
                pending += 1
                task["id"] = pending
            task["description"] = " ".join(rnd.choice(words) for _ in range(rnd.randint(2, 7))) + f" {index + 1}"
            if done:
                task["end"] = stamp(modified)
            if rnd.random() < 0.5:
                due = base + rnd.randrange(0, 90_000_000)
                task["due"] = stamp(due - due % 86_400 if rnd.random() < 0.67 else due - due % 60)
            task["entry"] = stamp(entry)
            task["modified"] = stamp(modified)
            if rnd.random() < 0.33:
                task["priority"] = rnd.choice("HML")
            if rnd.random() < 0.8:
                task["project"] = rnd.choice(projects)
            task["status"] = "completed" if done else "pending"
            if rnd.random() < 0.6:
                task["tags"] = sorted(rnd.sample(tags, rnd.randint(1, 3)))
            task["uuid"] = str(uuid.UUID(int=rnd.getrandbits(128), version=4))
            task["urgency"] = round(rnd.uniform(0, 15), 4) if not done else 0
            if not done and index + 1 < count and rnd.random() < 0.01:
                task.update(status="recurring", recur=rnd.choice(recurs), mask="-", id=0,
                            due=task.get("due") or stamp(base + 86_400 * rnd.randrange(0, 900)))
                pending -= 1
                template = task
            out.write(("," if index else "") + json.dumps(dict(sorted(task.items())), separators=(",", ":")) + "\n")
        out.write("]\n")
    return pending, instances


def taskwarrior(work, quick):
    count = 10_000 if quick else 100_000
    rounds = 2 if quick else 5
    time_goal, rss_goal_mb = 0.1, 200
    export = os.path.join(work, "tasks.json")
    pending, instances = write_taskwarrior_export(export, count)
    say(f"== import of {count:,} tasks from a Taskwarrior export ({os.path.getsize(export) / 1e6:.1f} MB, "
        f"{pending:,} pending, {instances:,} of them instances of as many recurring tasks, with dates and "
        f"priorities): lists import against task import, {rounds} rounds")
    version = subprocess.run(["task", "--version"], capture_output=True, text=True).stdout.strip()

    def run_lists(round_number):
        seconds, rss, stored = lists_import(work, round_number, export, "tasks")
        # A template and its instance are one repeating task.
        if stored != count - instances:
            raise Failure(f"lists imported {stored} tasks, not {count - instances}")
        return seconds, rss

    def run_task(round_number):
        data = os.path.join(work, f"taskdata-{round_number}")
        os.makedirs(data)
        env = dict(os.environ, TASKRC="/dev/null", TASKDATA=data)
        seconds, rss, _ = timed(["task", "rc.confirmation=off", "rc.hooks=off", "import", export], work, env)
        stored = 0
        for name in ("pending.data", "completed.data"):
            with open(os.path.join(data, name)) as file:
                stored += sum(1 for line in file if line.strip())
        if stored < count:
            raise Failure(f"task import stored {stored} tasks, not {count}")
        shutil.rmtree(data)
        return seconds, rss

    lists, task = [], []
    for round_number, figures in alternating(rounds, ("lists", run_lists), ("task", run_task)):
        lists.append(figures["lists"])
        task.append(figures["task"])
        say(f"   round {round_number + 1}: lists {figures['lists'][0]:.2f} s ({megabytes(figures['lists'][1])}), "
            f"task {figures['task'][0]:.2f} s ({megabytes(figures['task'][1])}), "
            f"ratio {figures['lists'][0] / figures['task'][0]:.3f}")
    lists_median = statistics.median(seconds for seconds, _ in lists)
    task_median = statistics.median(seconds for seconds, _ in task)
    lists_rss = max(rss for _, rss in lists)
    task_rss = max(rss for _, rss in task)
    ratio = lists_median / task_median
    say(f"   lists import: median {lists_median:.2f} s ({count / lists_median:,.0f} tasks/s), peak RSS "
        f"{megabytes(lists_rss)}")
    say(f"   task import ({version}): median {task_median:.2f} s ({count / task_median:,.0f} tasks/s), peak RSS "
        f"{megabytes(task_rss)}")
    # What a first `lists import` on a new install does: the file starts with the tutorials' three tasks, which
    # the import looks up and merges with. A figure beside the goal's, not part of it.
    seeded = [lists_import(work, round_number, export, "tasks", seeded=True)[0] for round_number in range(rounds)]
    seeded_median = statistics.median(seeded)
    time_met = ratio <= time_goal
    rss_met = lists_rss / 1024 < rss_goal_mb
    say(f"RESULT import-vs-taskwarrior: Lists / Taskwarrior = {ratio:.3f} (goal <= {time_goal}) {verdict(time_met)}")
    say(f"RESULT import-seeded-vs-taskwarrior: into a new file with the tutorials' tasks, median "
        f"{seeded_median:.2f} s, Lists / Taskwarrior = {seeded_median / task_median:.3f} (no goal)")
    say(f"RESULT import-memory: peak RSS {megabytes(lists_rss)} importing {count:,} tasks (goal < {rss_goal_mb} MB) "
        f"{verdict(rss_met)}")
    return time_met and rss_met


# ---------------------------------------------------------------------------------------------------------
# eBird

EBIRD_HEADER = ["Submission ID", "Common Name", "Scientific Name", "Taxonomic Order", "Count", "State/Province",
                "County", "Location ID", "Location", "Latitude", "Longitude", "Date", "Time", "Protocol",
                "Duration (Min)", "All Obs Reported", "Distance Traveled (km)", "Area Covered (ha)",
                "Number of Observers", "Breeding Code", "Observation Details", "Checklist Comments",
                "ML Catalog Numbers"]


def write_ebird_download(path, rows, seed=29):
    """A My eBird Data download of `rows` rows: checklists of 5 to 25 species drawn from the shipped taxonomy."""
    generator = random.Random(seed)
    taxonomy = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Sources", "ListsModel",
                            "Files", "taxonomy.tsv")
    with open(taxonomy, encoding="utf-8") as file:
        species = [(order + 1, *line.split("\t")[:2]) for order, line in enumerate(file) if line.strip()]
    pool = generator.sample(species, 1_500)
    sites = [(f"L{generator.randrange(100_000, 9_999_999)}", f"Site {n}, {generator.choice(['Park', 'Lake', 'Marsh'])}",
              round(generator.uniform(-40, 60), 7), round(generator.uniform(-120, 150), 7)) for n in range(300)]
    protocols = ["eBird - Traveling Count", "eBird - Stationary Count", "eBird - Casual Observation"]

    def quoted(text):
        return '"' + text.replace('"', '""') + '"' if any(c in text for c in ',"\n') else text

    lines = [",".join(EBIRD_HEADER)]
    written, checklist = 0, 0
    day = datetime.date(2015, 1, 1)
    while written < rows:
        checklist += 1
        site = generator.choice(sites)
        day += datetime.timedelta(days=generator.randrange(0, 2))
        time_text = f"{generator.randrange(1, 13):02d}:{generator.randrange(0, 60):02d} {generator.choice(['AM', 'PM'])}"
        protocol = generator.choice(protocols)
        for order, scientific, english in generator.sample(pool, min(generator.randrange(5, 26), rows - written)):
            count = "X" if generator.random() < 0.05 else str(generator.randrange(1, 40))
            details = "Seen well, calling" if generator.random() < 0.1 else ""
            fields = [f"S{100_000_000 + checklist}", english, scientific, str(order), count, "US-NY", "Kings",
                      site[0], site[1], str(site[2]), str(site[3]), day.isoformat(), time_text, protocol,
                      str(generator.randrange(5, 180)), "1", "1.2" if "Traveling" in protocol else "", "",
                      str(generator.randrange(1, 4)), "", details, "", ""]
            lines.append(",".join(quoted(field) for field in fields))
            written += 1
    with open(path, "w", encoding="utf-8", newline="") as file:
        file.write("\ufeff" + "\r\n".join(lines) + "\r\n")
    return checklist


def ebird(work, quick):
    rows = 5_000 if quick else 50_000
    rounds = 2 if quick else 5
    goal = 3.0
    download = os.path.join(work, "MyEBirdData.csv")
    checklists = write_ebird_download(download, rows)
    say(f"== import of a {rows:,}-row My eBird Data download ({os.path.getsize(download) / 1e6:.1f} MB, "
        f"{checklists:,} checklists): lists import against the sqlite3 shell's .import, {rounds} rounds")

    def run_lists(round_number):
        seconds, rss, stored = lists_import(work, round_number, download, "sightings")
        if stored != rows:
            raise Failure(f"lists imported {stored} sightings, not {rows}")
        return seconds, rss

    def run_sqlite(round_number):
        database = os.path.join(work, f"shell-{round_number}.sqlite")
        seconds, rss, _ = timed(["sqlite3", database, f".import --csv {download} sightings"], work)
        stored = sqlite_count(database, "sightings")
        if stored != rows:
            raise Failure(f"sqlite3 .import stored {stored} rows, not {rows}")
        os.remove(database)
        return seconds, rss

    lists, shell = [], []
    for round_number, figures in alternating(rounds, ("lists", run_lists), ("sqlite3", run_sqlite)):
        lists.append(figures["lists"][0])
        shell.append(figures["sqlite3"][0])
        say(f"   round {round_number + 1}: lists {figures['lists'][0]:.3f} s, sqlite3 {figures['sqlite3'][0]:.3f} s")
    ratio = statistics.median(lists) / statistics.median(shell)
    say(f"   lists import: median {statistics.median(lists):.3f} s; sqlite3 .import: median "
        f"{statistics.median(shell):.3f} s")
    met = ratio <= goal
    say(f"RESULT import-ebird: Lists / sqlite3 .import = {ratio:.2f} (goal <= {goal}) {verdict(met)}")
    return met


# ---------------------------------------------------------------------------------------------------------
# lists-json


def lists_json(work, quick):
    count = 100_000 if quick else 1_000_000
    say(f"== lists-json export and import of {count:,} records (tasks)")
    source = os.path.join(work, "source.sqlite")
    result = subprocess.run([LISTS_BENCH, "fill-tasks", "--database", source, "--count", str(count)],
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise Failure(f"lists-bench fill-tasks failed: {result.stderr}")
    say("   " + result.stdout.strip())
    backup = os.path.join(work, "backup.json")
    seconds, rss, _ = timed([LISTS, "--database", source, "export", "--output", backup], work)
    size = os.path.getsize(backup)
    say(f"   lists export --output: {seconds:.2f} s, peak RSS {megabytes(rss)}, {size / 1e6:.1f} MB written")
    say(f"RESULT lists-json-export: {count:,} records in {seconds:.2f} s, peak RSS {megabytes(rss)} (no goal)")
    # A Lists backup may be up to 4 GB (other formats 100 MB): a backup must always restore.
    target = os.path.join(work, "target.sqlite")
    seconds, rss, _ = timed([LISTS, "--no-seed", "--database", target, "import", backup], work)
    stored = sqlite_count(target, "tasks")
    if stored != count:
        raise Failure(f"lists import stored {stored} tasks, not {count}")
    say(f"   lists --no-seed import: {seconds:.2f} s ({count / seconds:,.0f} records/s), peak RSS {megabytes(rss)}")
    again = os.path.join(work, "again.json")
    timed([LISTS, "--database", target, "export", "--output", again], work)
    with open(backup, "rb") as first, open(again, "rb") as second:
        identical = first.read() == second.read()
    if not identical:
        raise Failure("exporting the imported database gave other bytes than the backup")
    say("   the re-export is byte-identical to the backup")
    say(f"RESULT lists-json-import: {count:,} records in {seconds:.2f} s, peak RSS {megabytes(rss)}, re-export "
        f"identical (no goal)")
    return True


# ---------------------------------------------------------------------------------------------------------


def main(arguments):
    benchmarks = {"taskwarrior": taskwarrior, "lists-json": lists_json, "ebird": ebird}
    quick = "--quick" in arguments
    names = [a for a in arguments if a != "--quick"]
    if len(names) != 1 or names[0] not in benchmarks:
        print(__doc__, file=sys.stderr)
        return 2
    for tool in ("sqlite3", TIME) + (("task",) if names[0] == "taskwarrior" else ()):
        if not shutil.which(tool):
            print(f"import-bench: {tool} is not installed (make bench-deps; /usr/bin/time is Debian's time)",
                  file=sys.stderr)
            return 1
    for binary in (LISTS, LISTS_BENCH):
        if not os.access(binary, os.X_OK):
            print(f"import-bench: no {binary}; build it or set LISTS_BIN_DIR", file=sys.stderr)
            return 1
    work = tempfile.mkdtemp(prefix="lists-bench-import.", dir=os.environ.get("TMPDIR"))
    try:
        return 0 if benchmarks[names[0]](work, quick) else 3
    except Failure as failure:
        print(f"import-bench {names[0]}: {failure}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
