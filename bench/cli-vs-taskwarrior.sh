#!/usr/bin/env bash
# Whole processes, Lists's CLI against Taskwarrior's, on a to-do list of 10k pending tasks with due dates (from
# 10 days ago to 19 days ahead, the same on both sides: Lists imports Taskwarrior's file):
#   lists todo add x                                   vs   task add x
#   lists todo list                                    vs   task list        (stdout to /dev/null)
#   lists todo add Pay rent --due 1st --every month    vs   task add Pay rent due:eom recur:monthly
#   lists todo today                                   vs   task next
# The median wall time of RUNS runs of each (whole processes, no shell in between, the two sides alternating
# run by run), and the ratio of the medians Lists / Taskwarrior; goal <= 0.1 (Lists at least 10x faster).
#
# Environment:
#   LISTS_BIN        the lists binary (default: $LISTS_BIN_DIR/lists); use the RELEASE build
#   LISTS_BENCH_BIN  the lists-bench binary (default: $LISTS_BIN_DIR/lists-bench)
#   LISTS_BIN_DIR    where both are (default: .build/release)
#   TASKS            how many pending tasks each side starts with (default: 10000)
#   RUNS             timed runs per command (default: 20), after 2 untimed warm-up runs
#   TMPDIR           where the temporary databases go (a real file system, not a RAM disk)
# Exit status: 0 all goals met, 3 a goal missed, 1 any other failure.
set -euo pipefail
cd "$(dirname "$0")/.."

bin_dir=${LISTS_BIN_DIR:-.build/release}
lists=${LISTS_BIN:-$bin_dir/lists}
bench=${LISTS_BENCH_BIN:-$bin_dir/lists-bench}
count=${TASKS:-10000}
runs=${RUNS:-20}
goal=0.1

fail() { echo "cli-vs-taskwarrior: $*" >&2; exit 1; }
for tool in task python3; do
    command -v "$tool" >/dev/null || fail "$tool is not installed (apt-get install taskwarrior python3)"
done
[[ -x $lists ]] || fail "no lists binary at $lists; build it (make build) or set LISTS_BIN"
[[ -x $bench ]] || fail "no lists-bench binary at $bench; build it or set LISTS_BENCH_BIN"
lists=$(cd "$(dirname "$lists")" && pwd)/$(basename "$lists")
bench=$(cd "$(dirname "$bench")" && pwd)/$(basename "$bench")

work=$(mktemp -d "${TMPDIR:-/tmp}/lists-bench-cli.XXXXXX")
trap 'rm -rf "$work"' EXIT
[[ $work != *[[:space:]\'\"]* ]] || fail "the temporary directory $work must not contain spaces or quotes"

echo "== cli-vs-taskwarrior: whole processes on $count pending tasks, median of $runs runs each"
echo "   lists: $lists"
echo "   task:  $(command -v task) $(task --version)"
echo "   files in $work"

# Taskwarrior: a throwaway rc file and data directory, $count pending tasks imported from one JSON file.
mkdir "$work/task"
export TASKRC=$work/taskrc
unset TASKDATA
# news.version keeps 2.6's "please run 'task news'" notice away; the rest is also given on each command line.
printf 'data.location=%s\nconfirmation=off\nverbose=nothing\nhooks=off\nnews.version=%s\n' \
    "$work/task" "$(task --version)" >"$TASKRC"
task_cmd="task rc.data.location=$work/task rc.confirmation=off rc.verbose=nothing rc.hooks=off"
python3 - "$count" >"$work/tasks.json" <<'PY'
import datetime, json, sys, uuid
count = int(sys.argv[1])
today = datetime.datetime.now(datetime.timezone.utc).replace(hour=0, minute=0, second=0, microsecond=0)
def due(i):
    return (today + datetime.timedelta(days=i % 30 - 10)).strftime("%Y%m%dT%H%M%SZ")
json.dump([{"uuid": str(uuid.uuid4()), "description": f"Task {i + 1}", "status": "pending",
            "entry": "20240101T000000Z", "due": due(i)} for i in range(count)], sys.stdout)
PY
$task_cmd import "$work/tasks.json" >/dev/null
task_pending=$($task_cmd status:pending count)
[[ $task_pending == "$count" ]] || fail "Taskwarrior holds $task_pending pending tasks, expected $count"

# Lists: a database seeded empty, then the same $count pending tasks, imported from Taskwarrior's file.
db=$work/lists.sqlite
TZ=UTC "$lists" --database "$db" --no-seed import "$work/tasks.json" | sed 's/^/   /'
lists_tasks=$("$lists" --database "$db" todo list | wc -l)
[[ $lists_tasks == "$count" ]] || fail "Lists lists $lists_tasks tasks, expected $count"
echo "   Taskwarrior: $task_pending pending tasks imported"

# The two sides of each pair alternate run by run (Lists first on even runs, Taskwarrior first on odd ones), so
# that a burst of load from another program on this shared machine falls on both alike; hyperfine would run
# all of one command's runs before the other's. Each run is a whole process started without a shell, its
# output to /dev/null, timed from spawn to exit on the monotonic clock.
python3 - "$runs" "$goal" "$lists" "$db" "$work/task" <<'PY'
import os, statistics, subprocess, sys, time

runs, goal, lists, db, task_data = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
warm_up = 2
lists_cmd = [lists, "--database", db]
task_cmd = ["task", f"rc.data.location={task_data}", "rc.confirmation=off", "rc.verbose=nothing", "rc.hooks=off"]
pairs = [
    (("lists todo add x", lists_cmd + ["todo", "add", "x"]), ("task add x", task_cmd + ["add", "x"])),
    (("lists todo list", lists_cmd + ["todo", "list"]), ("task list", task_cmd + ["list"])),
    (("lists todo add --every", lists_cmd + ["todo", "add", "Pay", "rent", "--due", "1st", "--every", "month"]),
     ("task add recur:", task_cmd + ["add", "Pay", "rent", "due:eom", "recur:monthly"])),
    (("lists todo today", lists_cmd + ["todo", "today"]), ("task next", task_cmd + ["next"])),
]

def timed(name, argv):
    start = time.perf_counter()
    done = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"cli-vs-taskwarrior: '{name}' failed ({done.returncode}): {done.stderr.decode().strip()}")
    return elapsed

def ms(seconds):
    return f"{seconds * 1e3:9.2f} ms"

measured = []
for pair in pairs:
    samples = {name: [] for name, _ in pair}
    for run in range(warm_up + runs):
        for name, argv in (pair if run % 2 == 0 else pair[::-1]):
            elapsed = timed(name, argv)
            if run >= warm_up:
                samples[name].append(elapsed)
    measured.append([(name, samples[name]) for name, _ in pair])

true_path = "/bin/true" if os.path.exists("/bin/true") else "/usr/bin/true"
spawn = statistics.median(timed("true", [true_path]) for _ in range(runs))
print()
print(f"   (starting a process and waiting for it, /bin/true: {spawn * 1e3:.2f} ms, included in every time below)")
print("   command                    runs       median          min          max")
for pair in measured:
    for name, times in pair:
        print(f"   {name:<24} {len(times):>5}  {ms(statistics.median(times))}  {ms(min(times))}  {ms(max(times))}")
print()
failed = False
for (lists_name, lists_times), (task_name, task_times) in measured:
    lists_median, task_median = statistics.median(lists_times), statistics.median(task_times)
    ratio = lists_median / task_median
    verdict = "PASS" if ratio <= goal else "FAIL"
    failed |= verdict == "FAIL"
    print(f"RESULT cli-vs-taskwarrior: '{lists_name}' / '{task_name}' = {ratio:.3f} "
          f"({lists_median * 1e3:.2f} ms / {task_median * 1e3:.2f} ms), goal <= {goal}: {verdict}", flush=True)
sys.exit(3 if failed else 0)
PY
