#!/usr/bin/env python3
"""Durable POST /api/v1/tasks per second on PostgreSQL, with one and with two `lists serve` (behind nginx),
against pgbench running the equivalent single-row insert with the same number of clients, in one run.

    bench/postgres-bench.py [--quick]

A throwaway cluster with PostgreSQL's durable defaults (fsync on) is started on loopback for the run
(build-support/test-postgres, LISTS_PG_DURABLE=1). pgbench inserts one row per transaction into a table shaped
like Lists's `tasks` (same columns, checks and indexes, positions from a sequence; without the change row Lists
appends for its counts and revision).

Each side runs at 8 and at 32 clients (pgbench -c N -j N, wrk -t N -c N), in alternating rounds. The goal is
judged at 32, the load that saturates both sides; the 8-client figures are printed too, but not judged. Why:
pgbench's rate is already at its peak at 8 clients (on the 2-core machines here it is the same at 8, 16 and 32),
since each of its clients is one hop from PostgreSQL. A write through nginx to one of two servers crosses three
programs before PostgreSQL, so 8 requests in flight leave those programs waiting on each other: the figure at 8
measures the length of that path more than how many writes per second the setup can take, which is what this
benchmark is for (several servers are for households and teams with many devices, not for 8 at once).
Every 201 answer is checked to be a stored row. Goal: Lists >= 0.5x pgbench at 32 clients. Exit 0 met, 3 missed,
1 error.
"""

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("server_bench", os.path.join(HERE, "server-bench.py"))
server_bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(server_bench)
Failure, say, median, wrk, ListsServer = (server_bench.Failure, server_bench.say, server_bench.median,
                                          server_bench.wrk, server_bench.ListsServer)
ROOT = os.path.dirname(HERE)
# The client counts measured, and the one the goal is judged at (see above).
CLIENT_COUNTS = (8, 32)
JUDGED_CLIENTS = 32

REFERENCE = """
CREATE TABLE reference_tasks (
    id text COLLATE "C" PRIMARY KEY,
    position bigserial NOT NULL UNIQUE,
    title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 2000),
    name_key text NOT NULL,
    done boolean NOT NULL DEFAULT false,
    created_at bigint NOT NULL,
    updated_at bigint NOT NULL,
    version bigint NOT NULL CHECK (version >= 1),
    taskwarrior text CHECK (taskwarrior IS NULL OR taskwarrior::json IS NOT NULL)
);
CREATE INDEX reference_tasks_by_name ON reference_tasks (name_key);
"""

INSERT = """
INSERT INTO reference_tasks (id, title, name_key, done, created_at, updated_at, version)
VALUES (upper(gen_random_uuid()::text), 'wrk task', 'wrk task', false,
        (extract(epoch from now()) * 1000)::bigint, (extract(epoch from now()) * 1000)::bigint, 1);
"""


def psql(url, sql):
    result = subprocess.run(["psql", url, "-v", "ON_ERROR_STOP=1", "-qAtc", sql], capture_output=True, text=True)
    if result.returncode != 0:
        raise Failure(f"psql failed: {result.stderr}")
    return result.stdout.strip()


def pgbench(url, seconds, script, clients):
    result = subprocess.run(["pgbench", "-n", "-M", "prepared", "-c", str(clients), "-j", str(clients), "-T",
                             str(seconds), "-f", script, url], capture_output=True, text=True)
    if result.returncode != 0:
        raise Failure(f"pgbench failed: {result.stderr}{result.stdout}")
    match = re.search(r"tps = ([\d.]+)", result.stdout)
    if not match:
        raise Failure(f"cannot read pgbench's output: {result.stdout}")
    return float(match.group(1))


def nginx_in_front(work, ports):
    port = server_bench.free_port()
    prefix = os.path.join(work, "nginx")
    os.makedirs(os.path.join(prefix, "logs"), exist_ok=True)
    upstreams = "\n".join(f"server 127.0.0.1:{p};" for p in ports)
    config = os.path.join(prefix, "nginx.conf")
    with open(config, "w") as file:
        file.write(f"""
daemon off; worker_processes 1; pid {prefix}/nginx.pid; error_log {prefix}/logs/error.log;
events {{ worker_connections 512; }}
http {{
  access_log off;
  client_body_temp_path {prefix}/body; proxy_temp_path {prefix}/proxy; fastcgi_temp_path {prefix}/fastcgi;
  uwsgi_temp_path {prefix}/uwsgi; scgi_temp_path {prefix}/scgi;
  upstream lists {{ {upstreams} keepalive 32; }}
  server {{ listen 127.0.0.1:{port};
    location / {{ proxy_pass http://lists; proxy_http_version 1.1; proxy_set_header Connection "";
                 proxy_set_header Host $http_host; }} }}
}}
""")
    process = subprocess.Popen(["nginx", "-p", prefix, "-c", config], stderr=subprocess.DEVNULL)
    deadline = time.time() + 10
    while time.time() < deadline:
        try:
            server_bench.get(f"http://127.0.0.1:{port}/healthz")
            return process, port
        except Exception:
            time.sleep(0.05)
    process.kill()
    raise Failure("nginx did not start")


def main(arguments):
    quick = "--quick" in arguments
    rounds, seconds = (1, 1) if quick else (5, 2)
    goal = 0.5
    for tool in ("wrk", "pgbench", "psql", "nginx"):
        if not shutil.which(tool):
            print(f"postgres-bench: {tool} is not installed (make bench-deps)", file=sys.stderr)
            return 1
    work = tempfile.mkdtemp(prefix="lists-bench-postgres.", dir=os.environ.get("TMPDIR"))
    # The cluster runs as nobody under root: it must be able to reach its directory.
    os.chmod(work, 0o755)
    cluster = os.path.join(work, "cluster")
    environment = dict(os.environ, LISTS_PG_DURABLE="1")
    started = subprocess.run([os.path.join(ROOT, "build-support/test-postgres"), "start", cluster],
                             capture_output=True, text=True, env=environment)
    if started.returncode != 0:
        print(f"postgres-bench: cannot start PostgreSQL: {started.stderr}", file=sys.stderr)
        return 1
    url = started.stdout.strip()
    servers, balancer = [], None
    try:
        say(f"== postgres-posts: durable commits per second on PostgreSQL (fsync on), at "
            f"{' and '.join(map(str, CLIENT_COUNTS))} clients, {rounds} alternating rounds of {seconds} s each")
        say("   pgbench -cN -jN -M prepared: one INSERT per transaction into a table shaped like Lists's tasks; "
            "lists: wrk -tN -cN POST /api/v1/tasks, each answered 201 after its commit")
        psql(url, REFERENCE)
        script = os.path.join(work, "insert.sql")
        with open(script, "w") as file:
            file.write(INSERT)
        lua = os.path.join(work, "count.lua")
        with open(lua, "w") as file:
            file.write(server_bench.WRK_SCRIPT)
        # PostgreSQL writes wait on the network and the flush, not the processor: 16 threads per server.
        # nginx is the servers' one client address: a trusted proxy, not held to one client's connections.
        behind_nginx = ["--trusted-proxy", "127.0.0.1"]
        servers = [ListsServer(url, threads=16, options=behind_nginx), ListsServer(url, threads=16, options=behind_nginx)]
        balancer, balanced = nginx_in_front(work, [s.port for s in servers])
        body = '{"title": "wrk task"}'
        before = int(psql(url, "SELECT count(*) FROM tasks"))
        created = 0
        names = ("pgbench", "one server", "two servers")
        results = {(clients, name): [] for clients in CLIENT_COUNTS for name in names}
        targets = {"one server": servers[0].url, "two servers": f"http://127.0.0.1:{balanced}"}
        for clients in CLIENT_COUNTS:
            pgbench(url, 1, script, clients)  # warm-up, at each count: the first round of each starts warm
            for round in range(rounds):
                order = list(names)
                if round % 2:
                    order.reverse()
                for name in order:
                    if name == "pgbench":
                        rate = pgbench(url, seconds, script, clients)
                    else:
                        result = wrk(targets[name] + "/api/v1/tasks", clients, clients, seconds, lua, body=body,
                                     stop_after=seconds)
                        server_bench.check_created(result, name)
                        created += result.statuses[201]
                        rate = result.rate
                    results[(clients, name)].append(rate)
                    say(f"   {clients:2} clients, round {round + 1} {name:11}: {rate:8.0f} commits/s")
        rows = int(psql(url, "SELECT count(*) FROM tasks")) - before
        rows_ok = rows == created
        say(f"   rows added: {rows}, answers 201: {created}: "
            f"{'every acknowledged write is there' if rows_ok else 'MISMATCH'}")
        met = rows_ok
        for clients in CLIENT_COUNTS:
            reference = median(results[(clients, "pgbench")])
            judged = clients == JUDGED_CLIENTS
            for name in ("one server", "two servers"):
                rate = median(results[(clients, name)])
                ratios = [a / b for a, b in zip(results[(clients, name)], results[(clients, "pgbench")])]
                ratio = median(ratios)
                if judged:
                    met = met and ratio >= goal
                verdict = server_bench.verdict(ratio >= goal) if judged else "(reported, not judged)"
                say(f"RESULT postgres-posts ({name}, {clients} clients): Lists {rate:.0f} / pgbench {reference:.0f} "
                    f"commits/s = {ratio:.2f} (median of paired rounds; goal >= {goal} at {JUDGED_CLIENTS} clients) "
                    f"{verdict}")
        return 0 if met else 3
    except Failure as failure:
        print(f"postgres-bench: {failure}", file=sys.stderr)
        return 1
    finally:
        for server in servers:
            try:
                server.stop()
            except Failure:
                pass
        if balancer:
            balancer.terminate()
            balancer.wait()
        subprocess.run([os.path.join(ROOT, "build-support/test-postgres"), "stop", cluster], capture_output=True)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
