#!/usr/bin/env python3
"""Live updates: how soon a change made on one device reaches another device's open page, and what open event
streams cost a server.

    bench/events-bench.py latency [--quick]        change sent -> event received, p50 and p95 (goal p95 <= 50 ms on
                                                   one server, <= 250 ms across two servers on PostgreSQL)
    bench/events-bench.py idle-streams [--quick]   1,000 open, idle event streams on one server: processor time and
                                                   memory (goal < 2% of one core, < 64 MB in all)

latency: a client holds `GET /api/v1/events` open (as a page does) while another adds a task
(`POST /api/v1/tasks`) every 50 ms or so; each change is timed from just before its request is sent to the arrival
of its event. The reference is what pages did before events: `GET /api/v1/revision` once a second, timed the same
way (from the change sent to the poll that saw it). On PostgreSQL the change goes through one server and the stream
comes from the other: a throwaway cluster is started for the run (build-support/test-postgres).

idle-streams: 1,000 streams from 10 loopback addresses (100 each: the server limits one address to 128
connections), then 10 s with nothing changing; the server's processor time over those 10 s (utime + stime of the
server and its two password-hashing helpers, from /proc) as a share of one core, and its memory: the server's
resident set, and the proportional set (PSS) of the server and its helpers together ("in all"; shared pages counted
once).

Environment: LISTS_BIN_DIR (lists, lists-postgres; default .build/release), TMPDIR.
Exit status: 0 goals met, 3 a goal missed, 1 the benchmark failed, 2 bad usage.
"""
import http.client
import importlib.util
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
spec = importlib.util.spec_from_file_location("server_bench", os.path.join(HERE, "server-bench.py"))
server_bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(server_bench)
Failure, say, ListsServer = server_bench.Failure, server_bench.say, server_bench.ListsServer


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


class EventStream:
    """`GET /api/v1/events` held open on a socket of its own; a thread notes each event's id and arrival time."""

    def __init__(self, port, source="127.0.0.1"):
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=30, source_address=(source, 0))
        self.socket.sendall((f"GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                             f"Authorization: Bearer {os.environ['WRK_TOKEN']}\r\nAccept: text/event-stream\r\n\r\n"
                             ).encode())
        self.arrivals = {}
        self.condition = threading.Condition()
        self.thread = None

    def follow(self):
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        buffered = b""
        try:
            while True:
                data = self.socket.recv(65536)
                if not data:
                    return
                buffered += data
                while b"\nid: " in buffered:
                    start = buffered.index(b"\nid: ") + 5
                    end = buffered.find(b"\n", start)
                    if end < 0:
                        break
                    revision = int(buffered[start:end])
                    buffered = buffered[end:]
                    with self.condition:
                        self.arrivals.setdefault(revision, time.monotonic())
                        self.condition.notify_all()
        except OSError:
            return

    def wait_beyond(self, revision, timeout):
        """The arrival time of the first event whose id is above `revision`, or None."""
        deadline = time.monotonic() + timeout
        with self.condition:
            while True:
                later = [at for number, at in self.arrivals.items() if number > revision]
                if later:
                    return min(later)
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self.condition.wait(left)

    def close(self):
        try:
            self.socket.close()
        except OSError:
            pass


class Writer:
    """Adds tasks through one kept-alive connection, each timed from just before it is sent."""

    def __init__(self, port):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.headers = {"Authorization": "Bearer " + os.environ["WRK_TOKEN"], "Content-Type": "application/json"}

    def revision(self):
        self.connection.request("GET", "/api/v1/revision", headers=self.headers)
        response = self.connection.getresponse()
        body = response.read()
        import json
        return json.loads(body)["revision"]

    def add(self, title):
        sent = time.monotonic()
        self.connection.request("POST", "/api/v1/tasks", body=f'{{"title": "{title}"}}', headers=self.headers)
        response = self.connection.getresponse()
        response.read()
        if response.status != 201:
            raise Failure(f"POST /api/v1/tasks answered {response.status}")
        return sent


def measure_events(stream_port, write_port, changes):
    """Each change's time from sent to its event received on a stream from `stream_port`, in ms."""
    stream = EventStream(stream_port)
    stream.follow()
    writer = Writer(write_port)
    times = []
    try:
        time.sleep(0.3)
        for number in range(changes):
            before = writer.revision()
            sent = writer.add(f"change {number}")
            arrived = stream.wait_beyond(before, 5)
            if arrived is None:
                raise Failure(f"change {number} brought no event within 5 s")
            times.append((arrived - sent) * 1000)
            time.sleep(0.03 + (number % 7) * 0.005)
    finally:
        stream.close()
    return times


def measure_polling(port, changes):
    """The reference: a page polling GET /api/v1/revision once a second; each change's time from sent to the poll
    that saw it, in ms."""
    writer, poller = Writer(port), Writer(port)
    seen, lock, stop = [], threading.Lock(), threading.Event()

    def poll():
        phase = time.monotonic()
        while not stop.is_set():
            revision = poller.revision()
            with lock:
                seen.append((time.monotonic(), revision))
            phase += 1.0
            stop.wait(max(0, phase - time.monotonic()))

    thread = threading.Thread(target=poll, daemon=True)
    thread.start()
    times = []
    try:
        for number in range(changes):
            before = writer.revision()
            sent = writer.add(f"polled {number}")
            deadline = time.monotonic() + 3
            while True:
                with lock:
                    found = [at for at, revision in seen if revision > before and at >= sent]
                if found:
                    times.append((min(found) - sent) * 1000)
                    break
                if time.monotonic() > deadline:
                    raise Failure("a poll never saw a change")
                time.sleep(0.005)
            # Changes spread over the poll's second, as people's are.
            time.sleep(0.137 * (1 + number % 5))
    finally:
        stop.set()
        thread.join()
    return times


def latency(work, quick):
    changes, polled = (40, 10) if quick else (300, 40)
    say(f"== events latency: a change (POST /api/v1/tasks) sent -> its event received on an open GET /api/v1/events; "
        f"{changes} changes, one at a time; reference: a page polling GET /api/v1/revision once a second "
        f"({polled} changes)")
    results = []
    database = os.path.join(work, "events.sqlite")
    server = ListsServer(database)
    try:
        events = measure_events(server.port, server.port, changes)
        polling = measure_polling(server.port, polled)
    finally:
        server.stop()
    p50, p95 = statistics.median(events), percentile(events, 0.95)
    say(f"   one server (SQLite): events p50 {p50:.1f} ms, p95 {p95:.1f} ms; polling once a second: p50 "
        f"{statistics.median(polling):.0f} ms, p95 {percentile(polling, 0.95):.0f} ms")
    results.append(("one server", p95, 50.0, p50, polling))

    cluster = os.path.join(work, "cluster")
    os.chmod(work, 0o755)
    started = subprocess.run([os.path.join(ROOT, "build-support/test-postgres"), "start", cluster],
                             capture_output=True, text=True)
    if started.returncode != 0:
        raise Failure(f"cannot start PostgreSQL: {started.stderr}")
    url = started.stdout.strip()
    try:
        first = ListsServer(url)
        second = ListsServer(url)
        try:
            across = measure_events(first.port, second.port, changes)
        finally:
            first.stop()
            second.stop()
    finally:
        subprocess.run([os.path.join(ROOT, "build-support/test-postgres"), "stop", cluster], capture_output=True)
    p50, p95 = statistics.median(across), percentile(across, 0.95)
    say(f"   two servers on PostgreSQL (change through one, stream from the other): p50 {p50:.1f} ms, "
        f"p95 {p95:.1f} ms")
    results.append(("two servers on PostgreSQL", p95, 250.0, p50, None))
    met = all(p95 <= goal for _, p95, goal, _, _ in results)
    say("RESULT events-latency: " + "; ".join(
        f"{name} p95 {p95:.1f} ms (p50 {p50:.1f}; goal <= {goal:.0f})" for name, p95, goal, p50, _ in results)
        + f"; polling once a second p50 {statistics.median(results[0][4]):.0f} ms, p95 "
        f"{percentile(results[0][4], 0.95):.0f} ms" + (" PASS" if met else " FAIL"))
    return 0 if met else 3


def process_ids(server):
    """The server and its hashing helpers."""
    pids = [server.process.pid]
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
                if int(fields[1]) == server.process.pid:
                    pids.append(int(entry))
            except (OSError, IndexError, ValueError):
                continue
    return pids


def cpu_seconds(pids):
    total = 0
    for pid in pids:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def memory_kib(pid, field, path="status"):
    with open(f"/proc/{pid}/{path}") as source:
        for line in source:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def idle_streams(work, quick):
    count, seconds = (200, 5) if quick else (1000, 10)
    say(f"== idle-streams: {count} open GET /api/v1/events streams on one server, then {seconds} s with no change")
    database = os.path.join(work, "idle.sqlite")
    server = ListsServer(database, options=["--connections-per-client", "128"])
    streams = []
    try:
        rss_before = memory_kib(server.process.pid, "VmRSS")
        for number in range(count):
            streams.append(EventStream(server.port, source=f"127.0.0.{2 + number // 100}"))
        # Every stream answered (its head and first bytes read).
        for stream in streams:
            stream.socket.settimeout(10)
            if not stream.socket.recv(4096):
                raise Failure("a stream was closed")
        time.sleep(1)
        pids = process_ids(server)
        cpu_before, clock_before = cpu_seconds(pids), time.monotonic()
        time.sleep(seconds)
        share = (cpu_seconds(pids) - cpu_before) / (time.monotonic() - clock_before) * 100
        rss = memory_kib(server.process.pid, "VmRSS")
        pss = sum(memory_kib(pid, "Pss", "smaps_rollup") for pid in pids)
        # Still open: a change reaches the last stream.
        alive = sum(1 for stream in streams if stream.socket.fileno() >= 0)
    finally:
        for stream in streams:
            stream.close()
        server.stop()
    say(f"   {alive} streams open; processor: {share:.2f}% of one core (server and {len(pids) - 1} helpers); "
        f"server RSS {rss / 1024:.1f} MB ({(rss - rss_before) / 1024:.1f} MB for the streams), PSS of all "
        f"{pss / 1024:.1f} MB")
    met = share < 2 and pss / 1024 < 64
    say(f"RESULT idle-streams: {count} streams idle for {seconds} s: {share:.2f}% of one core (goal < 2), "
        f"{pss / 1024:.1f} MB in all (PSS; server RSS {rss / 1024:.1f} MB; goal < 64)" + (" PASS" if met else " FAIL"))
    return 0 if met else 3


def main(arguments):
    quick = "--quick" in arguments
    modes = [a for a in arguments if not a.startswith("--")]
    if len(modes) != 1 or modes[0] not in ("latency", "idle-streams"):
        print(__doc__, file=sys.stderr)
        return 2
    work = tempfile.mkdtemp(prefix="lists-bench-events.", dir=os.environ.get("TMPDIR"))
    try:
        return latency(work, quick) if modes[0] == "latency" else idle_streams(work, quick)
    except Failure as failure:
        print(f"events-bench: {failure}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
