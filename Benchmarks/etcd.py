#!/usr/bin/env python3
"""Times the etcd store beside the file store, in one run, on loopback.

Starts its own etcd members (one, then three) on free loopback ports in a temporary directory, as
the tests do, and kills them by pid at the end. Prints a Markdown report of these parts (all by
default; `--parts` picks some):

- latency: `get`, `set` and `toggle` of one switch for each store (rounds alternate the stores, so
  a machine whose load drifts slows all alike), then the time from a `set` in one process
  ("machine A", its own cache directory) until a `settings watch` in another ("machine B")
  prints it;
- idle: the CPU an idle `settings watch` uses;
- toggles: W writers each toggling one key N times through a proxy that drops the answer to every
  50th request (the request goes through, its answer is discarded and the client's connection
  reset); each command's report (exit 0: applied) is checked against the head's history in etcd
  (every update writes the head with its writer id, `<host>/<pid>/<random>`), and the final value
  against the number of toggles applied;
- sets: S `set`s of distinct values by four writers on a three-member cluster whose leader is
  killed partway; each command's report is checked against the key's history in etcd;
- leader: the time until writes succeed again, and until a running `settings watch` connected to
  the leader reports losing etcd and getting it back, after the leader of three members is killed;
- quorum: two of three members killed: the time until a `set` fails and the watch reports the
  loss; then both restarted: the time until a `set` succeeds and the watch prints `etcd back`.

Usage: etcd.py --binary PATH [--runs N] [--idle-seconds S] [--writers W] [--toggles N] [--sets S]
               [--parts latency,idle,toggles,sets,leader,quorum] [--compare PATH]

`--compare PATH` adds a second binary (say, the build before a change) to the latency rounds, on
the etcd stores under its own prefix, so both are timed at the same load.
"""

import argparse
import base64
import json
import os
import select
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

DOCUMENT = """{"version": 1, "id": "fleet", "title": "Fleet", "sections": [{"items": [
  {"key": "airplane", "type": "switch", "title": "Airplane", "on": false},
  {"key": "mode", "type": "rightDetail", "title": "Mode", "value": "a",
   "choices": [{"value": "a", "title": "A"}, {"value": "b", "title": "B"}]},
  {"key": "note", "type": "textField", "title": "Note", "value": ""}
]}]}
"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    def __init__(self, members, work, registry):
        registry.append(self)
        self.work = work
        self.members = [(f"m{i}", free_port(), free_port()) for i in range(members)]
        self.processes = {}
        for index in range(members):
            self.start(index)
        for index in range(members):
            self.wait(index)

    @property
    def endpoints(self):
        return ",".join(f"http://127.0.0.1:{client}" for _, client, _ in self.members)

    def start(self, index):
        name, client, peer = self.members[index]
        initial = ",".join(f"{n}=http://127.0.0.1:{p}" for n, _, p in self.members)
        log = open(os.path.join(self.work, f"{name}.log"), "a")
        self.processes[index] = subprocess.Popen([
            "etcd", "--name", name, "--data-dir", os.path.join(self.work, name),
            "--listen-client-urls", f"http://127.0.0.1:{client}", "--advertise-client-urls", f"http://127.0.0.1:{client}",
            "--listen-peer-urls", f"http://127.0.0.1:{peer}", "--initial-advertise-peer-urls", f"http://127.0.0.1:{peer}",
            "--initial-cluster", initial, "--initial-cluster-state", "new", "--initial-cluster-token", "bench",
            "--host-whitelist=127.0.0.1,localhost", "--cors=http://127.0.0.1:1",
            "--experimental-watch-progress-notify-interval=1s"], stdout=log, stderr=log)

    def wait(self, index):
        _, client, _ = self.members[index]
        deadline = time.time() + 20
        while time.time() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{client}/health", timeout=1) as answer:
                    if b'"health":"true"' in answer.read():
                        return
            except OSError:
                pass
            time.sleep(0.05)
        sys.exit(f"etcd member {index} did not start")

    def leader(self):
        for index, (_, client, _) in enumerate(self.members):
            if index not in self.processes:
                continue
            out = subprocess.run(["etcdctl", "--endpoints", f"http://127.0.0.1:{client}", "endpoint", "status", "-w", "json"],
                                 capture_output=True, text=True, env={**os.environ, "ETCDCTL_API": "3"}).stdout
            if '"leader":' in out:
                member = out.split('"member_id":')[1].split(",")[0]
                leader = out.split('"leader":')[1].split(",")[0]
                if member == leader:
                    return index
        return None

    def kill(self, index):
        process = self.processes.pop(index)
        process.kill()
        process.wait()

    def restart(self, index):
        self.start(index)

    def stop(self):
        for index in list(self.processes):
            self.kill(index)

    def client_port(self, index=None):
        """The client port of member `index`, or of the first member running."""
        if index is None:
            index = min(self.processes)
        return self.members[index][1]


class DroppingProxy:
    """A loopback TCP proxy in front of one etcd member that drops the answer to every `every`-th
    HTTP request: the request is passed on, its answer discarded and the client's connection reset
    (as Tests/TestSupport/TCPProxy.swift's dropEveryAnswer). Each connection's two sockets are
    closed once, by the last of its two pumps."""

    def __init__(self, upstream_port, every):
        self.upstream_port = upstream_port
        self.every = every
        self.lock = threading.Lock()
        self.requests = 0
        self.dropped = []
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(128)
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self.accept_loop, daemon=True).start()

    @property
    def endpoint(self):
        return f"http://127.0.0.1:{self.port}"

    def stop(self):
        self.listener.close()

    def accept_loop(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(("127.0.0.1", self.upstream_port), timeout=5)
                upstream.settimeout(None)
            except OSError:
                client.close()
                continue
            connection = {"dropping": False, "pumps": 2, "lock": threading.Lock()}
            threading.Thread(target=self.pump_requests, args=(client, upstream, connection), daemon=True).start()
            threading.Thread(target=self.pump_answers, args=(upstream, client, connection), daemon=True).start()

    @staticmethod
    def finish(client, upstream, connection):
        with connection["lock"]:
            connection["pumps"] -= 1
            last = connection["pumps"] == 0
        if last:
            client.close()
            upstream.close()

    def pump_requests(self, client, upstream, connection):
        while True:
            try:
                chunk = client.recv(65536)
            except OSError:
                break
            if not chunk:
                break
            if chunk.split(b" ", 1)[0] in (b"GET", b"POST", b"PUT", b"DELETE"):
                with self.lock:
                    self.requests += 1
                    drop = self.requests % self.every == 0
                    if drop:
                        self.dropped.append(chunk.split(b" ", 2)[1].decode(errors="replace"))
                if drop:
                    connection["dropping"] = True
            try:
                upstream.sendall(chunk)
            except OSError:
                break
        try:
            upstream.shutdown(socket.SHUT_WR)
        except OSError:
            pass
        self.finish(client, upstream, connection)

    def pump_answers(self, upstream, client, connection):
        while True:
            try:
                chunk = upstream.recv(65536)
            except OSError:
                break
            if not chunk:
                break
            if connection["dropping"]:
                # The request went through; its answer is lost and the client's connection reset.
                client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
                break
            try:
                client.sendall(chunk)
            except OSError:
                break
        for sock in (client, upstream):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self.finish(client, upstream, connection)


def gateway(port, path, body):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def b64(text):
    return base64.b64encode(text.encode()).decode()


def history(port, key, since):
    """Every version of `key` written after revision `since`, oldest first, as (mod_revision,
    value): read back from the latest through ranges at each earlier revision (nothing here
    compacts, so the history is whole)."""
    versions = []
    revision = 0
    while True:
        body = {"key": b64(key)}
        if revision:
            body["revision"] = revision
        answer = gateway(port, "/v3/kv/range", body)
        kvs = answer.get("kvs", [])
        if not kvs:
            break
        kv = kvs[0]
        modified = int(kv["mod_revision"])
        versions.append((modified, base64.b64decode(kv.get("value", "")).decode()))
        created = int(kv["create_revision"])
        if modified == created or modified <= since:
            break
        revision = modified - 1
    versions.reverse()
    return versions


def writer_pid(head):
    try:
        return int(json.loads(head)["writer"].split("/")[-2])
    except (ValueError, KeyError, IndexError):
        return None


def run_command(command, env, timeout=60):
    """(pid, exit status, stderr, seconds) of one command."""
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        _, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        _, err = process.communicate()
    return process.pid, process.returncode, err, time.perf_counter() - start


def ambiguous(stderr):
    return "may or may not have been applied" in stderr


def load_average():
    return open("/proc/loadavg").read().split()[0]


class LineReader:
    """Lines a process writes to one pipe, with the time each arrived, read on a thread."""

    def __init__(self, pipe):
        self.lines = []
        self.lock = threading.Lock()
        threading.Thread(target=self.read, args=(pipe,), daemon=True).start()

    def read(self, pipe):
        for line in pipe:
            with self.lock:
                self.lines.append((time.perf_counter(), line.decode(errors="replace").rstrip("\n")))

    def wait_for(self, text, since, timeout):
        """The time of the first line containing `text` that arrived after `since`, or None."""
        deadline = time.perf_counter() + timeout
        while True:
            with self.lock:
                for at, line in self.lines:
                    if at >= since and text in line:
                        return at
            if time.perf_counter() > deadline:
                return None
            time.sleep(0.01)


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def timed(command, env):
    start = time.perf_counter()
    result = subprocess.run(command, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"{command} failed: {result.stderr}")
    return elapsed


def latency(args, base, work, one, three):
    stores = {
        "file store": (args.binary, {**base, "SETTINGS_STORE": os.path.join(work, "store.json")}),
        "etcd, 1 member": (args.binary, {**base, "SETTINGS_ETCD": one.endpoints,
                                         "XDG_CACHE_HOME": os.path.join(work, "cache-a")}),
        "etcd, 3 members": (args.binary, {**base, "SETTINGS_ETCD": three.endpoints,
                                          "XDG_CACHE_HOME": os.path.join(work, "cache-a")}),
    }
    if args.compare:
        # The peer binary on its own prefix, so that both see the same changes between rounds.
        for label, cluster in [("1 member", one), ("3 members", three)]:
            stores[f"etcd, {label}, --compare binary"] = (args.compare, {
                **base, "SETTINGS_ETCD": cluster.endpoints, "XDG_CACHE_HOME": os.path.join(work, "cache-c")})
    commands = {"get": ["get", "airplane"], "set": ["set", "airplane", "on"], "toggle": ["toggle", "airplane"]}
    times = {(store, name): [] for store in stores for name in commands}
    for store, (binary, env) in stores.items():
        prefix = ["--etcd-prefix", "/compare/"] if binary != args.binary else []
        timed([binary, "set", "airplane", "off"] + prefix, env)
    for run in range(args.runs):
        for name, arguments in commands.items():
            for store, (binary, env) in stores.items():
                command = [binary] + arguments
                if name == "set":
                    command = [binary, "set", "airplane", "on" if run % 2 else "off"]
                if binary != args.binary:
                    command += ["--etcd-prefix", "/compare/"]
                times[(store, name)].append(timed(command, env))
    print(f"## etcd store: {args.runs} runs each, medians and p99 in ms (ratio of medians to the file store)\n")
    print("| command | " + " | ".join(stores) + " |")
    print("| --- |" + " --- |" * len(stores))
    for name in commands:
        file_median = statistics.median(times[("file store", name)])
        cells = []
        for store in stores:
            values = times[(store, name)]
            median = statistics.median(values)
            cells.append(f"{median * 1000:.1f} (p99 {percentile(values, 0.99) * 1000:.1f}; "
                         f"×{median / file_median:.2f})")
        print(f"| `{name}` | " + " | ".join(cells) + " |")

    # set in A until watch in B prints it.
    print()
    for label, cluster in [("1 member", one), ("3 members", three)]:
        env_b = {**base, "SETTINGS_ETCD": cluster.endpoints, "XDG_CACHE_HOME": os.path.join(work, "cache-b")}
        env_a = {**base, "SETTINGS_ETCD": cluster.endpoints, "XDG_CACHE_HOME": os.path.join(work, "cache-a")}
        watch = subprocess.Popen([args.binary, "watch"], env=env_b, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        time.sleep(1.0)
        latencies = []
        for run in range(min(args.runs, 50)):
            start = time.perf_counter()
            subprocess.run([args.binary, "set", "mode", "b" if run % 2 == 0 else "a"], env=env_a, check=True,
                           capture_output=True)
            ready, _, _ = select.select([watch.stdout], [], [], 5)
            if not ready:
                sys.exit("watch printed nothing within 5 s")
            watch.stdout.readline()
            latencies.append(time.perf_counter() - start)
        watch.send_signal(signal.SIGTERM)
        watch.wait()
        print(f"- set in A until watch in B prints it, {label}: median {statistics.median(latencies) * 1000:.1f} ms, "
              f"p99 {percentile(latencies, 0.99) * 1000:.1f} ms ({len(latencies)} sets)")


def idle(args, base, work, one):
    env_b = {**base, "SETTINGS_ETCD": one.endpoints, "XDG_CACHE_HOME": os.path.join(work, "cache-b")}
    watch = subprocess.Popen([args.binary, "watch"], env=env_b, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(1.0)

    def cpu(pid):
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    before = cpu(watch.pid)
    time.sleep(args.idle_seconds)
    used = cpu(watch.pid) - before
    watch.send_signal(signal.SIGTERM)
    watch.wait()
    print(f"- an idle `settings watch` (1 member, progress notifications every 1 s) used {used:.2f} s of CPU "
          f"in {args.idle_seconds} s")


def toggles(args, base, work, one):
    """W writers toggle one key N times each through a proxy that drops every 50th answer."""
    proxy = DroppingProxy(one.client_port(), 50)
    try:
        env = {**base, "SETTINGS_ETCD": proxy.endpoint}
        port = one.client_port()
        first = run_command([args.binary, "set", "airplane", "off"],
                            {**env, "XDG_CACHE_HOME": os.path.join(work, "toggle-cache")})
        if first[1] != 0:
            sys.exit(f"set airplane off failed: {first[2]}")
        start_revision = int(gateway(port, "/v3/kv/range", {"key": b64("/settings/fleet/.head")})["header"]["revision"])
        outcomes = []
        lock = threading.Lock()

        def writer(number):
            writer_env = {**env, "XDG_CACHE_HOME": os.path.join(work, f"toggle-cache-{number}")}
            for _ in range(args.toggles):
                outcome = run_command([args.binary, "toggle", "airplane"], writer_env)
                with lock:
                    outcomes.append(outcome)

        started = time.perf_counter()
        threads = [threading.Thread(target=writer, args=(n,)) for n in range(args.writers)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - started
        heads = [(revision, writer_pid(value)) for revision, value in history(port, "/settings/fleet/.head", start_revision)
                 if revision > start_revision]
        values = [value for revision, value in history(port, "/settings/fleet/airplane", start_revision)
                  if revision > start_revision]
        final = gateway(port, "/v3/kv/range", {"key": b64("/settings/fleet/airplane")})["kvs"][0]
        final_value = base64.b64decode(final["value"]).decode()
        writes = {}
        for _, pid in heads:
            writes[pid] = writes.get(pid, 0) + 1
        pids = [outcome[0] for outcome in outcomes]
        statuses = {}
        for _, status, _, _ in outcomes:
            statuses[status] = statuses.get(status, 0) + 1
        applied = statuses.get(0, 0)
        unknown = sum(1 for outcome in outcomes if outcome[1] != 0 and ambiguous(outcome[2]))
        wrong = []
        for pid, status, err, _ in outcomes:
            count = writes.get(pid, 0)
            if count > 1:
                wrong.append(f"pid {pid} applied {count} times (exit {status})")
            elif status == 0 and count != 1:
                wrong.append(f"pid {pid} reported applied, not in the history")
            elif status != 0 and not ambiguous(err) and count != 0:
                wrong.append(f"pid {pid} reported not applied (exit {status}: {err.strip()}), in the history")
        strangers = [pid for pid in writes if pid not in pids]
        expected = "true" if len(heads) % 2 else "false"
        messages = {}
        for _, status, err, _ in outcomes:
            if status != 0:
                text = err.strip().split("\n")[-1]
                for digit in "0123456789":
                    text = text.replace(digit, "N")
                messages[(status, text)] = messages.get((status, text), 0) + 1
        print(f"- {args.writers} writers × {args.toggles} toggles of one key through a proxy dropping every 50th "
              f"answer ({proxy.requests} requests, {len(proxy.dropped)} answers dropped), {elapsed:.1f} s, "
              f"load average {load_average()} after: {applied} reported applied (exit 0), "
              f"{len(outcomes) - applied} not ({', '.join(f'exit {k}: {v}' for k, v in sorted(statuses.items()) if k)}"
              f"{'; ' if applied < len(outcomes) else ''}{unknown} of them \"may or may not have been applied\"); "
              f"{len(heads)} updates in etcd's history, {len(values)} changes of the key; final value {final_value}, "
              f"{'as' if final_value == expected else 'NOT as'} the parity of the updates says; "
              f"{'equal to' if applied == len(heads) else 'not equal to'} the toggles reported applied; "
              f"distinct pids: {len(set(pids)) == len(pids)}; commands whose report was wrong: {len(wrong)}"
              f"{' (' + '; '.join(wrong[:5]) + ')' if wrong else ''}; writes by no command: {len(strangers)}")
        for (status, text), count in sorted(messages.items()):
            print(f"  - exit {status} ×{count}: `{text}`")
        paths = {}
        for path in proxy.dropped:
            paths[path] = paths.get(path, 0) + 1
        print("  - answers dropped: " + ", ".join(f"`{path}` ×{count}" for path, count in sorted(paths.items())))
    finally:
        proxy.stop()


def sets(args, base, work, three):
    """S distinct sets by four writers while the leader of three members is killed partway."""
    env = {**base, "SETTINGS_ETCD": three.endpoints}
    port = three.client_port()
    start_revision = int(gateway(port, "/v3/kv/range", {"key": b64("/settings/fleet/note")})["header"]["revision"])
    outcomes = []
    lock = threading.Lock()
    writers = 4
    kill_after = args.sets // 3
    killed = {}

    def writer(number):
        writer_env = {**env, "XDG_CACHE_HOME": os.path.join(work, f"set-cache-{number}")}
        for index in range(number, args.sets, writers):
            value = f"v{index:05d}"
            outcome = run_command([args.binary, "set", "note", value], writer_env)
            with lock:
                outcomes.append((value,) + outcome)
                if len(outcomes) == kill_after and not killed:
                    killed["leader"] = three.leader()
                    killed["at"] = time.perf_counter()
                    three.kill(killed["leader"])

    started = time.perf_counter()
    threads = [threading.Thread(target=writer, args=(n,)) for n in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    port = three.client_port()
    applied_values = [value for revision, value in history(port, "/settings/fleet/note", start_revision)
                      if revision > start_revision]
    counts = {}
    for value in applied_values:
        counts[value] = counts.get(value, 0) + 1
    statuses = {}
    wrong = []
    for value, pid, status, err, _ in outcomes:
        statuses[status] = statuses.get(status, 0) + 1
        count = counts.get(json.dumps(value), 0)
        if count > 1:
            wrong.append(f"{value} applied {count} times")
        elif status == 0 and count != 1:
            wrong.append(f"{value} reported applied, not in the history")
        elif status != 0 and not ambiguous(err) and count != 0:
            wrong.append(f"{value} reported not applied (exit {status}), in the history")
    unknown = sum(1 for outcome in outcomes if outcome[2] != 0 and ambiguous(outcome[3]))
    slow = sorted(outcome[4] for outcome in outcomes)
    messages = {}
    for _, _, status, err, _ in outcomes:
        if status != 0:
            text = err.strip().split("\n")[-1]
            for digit in "0123456789":
                text = text.replace(digit, "N")
            messages[(status, text)] = messages.get((status, text), 0) + 1
    print(f"- {args.sets} `set`s of distinct values by {writers} writers, three members, the leader (member "
          f"{killed.get('leader')}) killed after {kill_after} had finished; {elapsed:.1f} s, load average "
          f"{load_average()} after: {statuses.get(0, 0)} reported applied (exit 0), "
          f"{len(outcomes) - statuses.get(0, 0)} reported not applied "
          f"({', '.join(f'exit {k}: {v}' for k, v in sorted(statuses.items()) if k) or 'none'}; {unknown} of them "
          f"\"may or may not have been applied\"); {len(applied_values)} of the values in etcd's history, "
          f"{sum(1 for c in counts.values() if c > 1)} of them twice; commands whose report was wrong: {len(wrong)}"
          f"{' (' + '; '.join(wrong[:5]) + ')' if wrong else ''}; slowest command {slow[-1]:.2f} s, "
          f"median {statistics.median(slow) * 1000:.1f} ms")
    for (status, text), count in sorted(messages.items()):
        print(f"  - exit {status} ×{count}: `{text}`")
    if "leader" in killed:
        three.restart(killed["leader"])
        three.wait(killed["leader"])


def leader_recovery(args, base, work, three):
    """The leader killed; its endpoint is the first in both lists, so the watch is connected to it
    and each write tries it first."""
    leader = three.leader()
    ports = [three.members[leader][1]] + [client for index, (_, client, _) in enumerate(three.members)
                                          if index != leader]
    endpoints = ",".join(f"http://127.0.0.1:{port}" for port in ports)
    env = {**base, "SETTINGS_ETCD": endpoints, "XDG_CACHE_HOME": os.path.join(work, "cache-a")}
    env_b = {**base, "SETTINGS_ETCD": endpoints, "XDG_CACHE_HOME": os.path.join(work, "cache-b")}
    watch = subprocess.Popen([args.binary, "watch"], env=env_b, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    errors = LineReader(watch.stderr)
    changes = LineReader(watch.stdout)
    try:
        time.sleep(1.0)
        three.kill(leader)
        start = time.perf_counter()
        attempts = 1
        while run_command([args.binary, "toggle", "airplane"], env)[1] != 0:
            attempts += 1
        written = time.perf_counter() - start
        seen = changes.wait_for("airplane", start, 15)
        lost = errors.wait_for("lost etcd", start, 10)
        back = errors.wait_for("etcd back", start, 15) if lost else None
        lost_text = next((line for at, line in errors.lines if "lost etcd" in line), "")
        watch_note = (f"the watch printed `{lost_text}` after {lost - start:.2f} s and `etcd back` "
                      f"{'after ' + format(back - start, '.2f') + ' s' if back else 'not within 15 s'}"
                      if lost else "the watch printed no `lost etcd` line within 10 s")
        seen_note = (f"it printed that first write's change {seen - start:.2f} s after the kill" if seen
                     else "it did NOT print that first write's change within 15 s")
        print(f"- leader killed (member {leader} of 3, the first endpoint): writes succeed again after "
              f"{written:.2f} s ({attempts} attempts); {watch_note}; {seen_note}; load average {load_average()}")
        three.restart(leader)
        three.wait(leader)
    finally:
        watch.send_signal(signal.SIGTERM)
        watch.wait()


def quorum_recovery(args, base, work, three):
    env = {**base, "SETTINGS_ETCD": three.endpoints, "XDG_CACHE_HOME": os.path.join(work, "cache-a")}
    env_b = {**base, "SETTINGS_ETCD": three.endpoints, "XDG_CACHE_HOME": os.path.join(work, "cache-b")}
    watch = subprocess.Popen([args.binary, "watch"], env=env_b, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    errors = LineReader(watch.stderr)
    try:
        time.sleep(1.0)
        victims = [index for index in sorted(three.processes)][1:]
        start = time.perf_counter()
        for index in victims:
            three.kill(index)
        _, status, err, failed = run_command([args.binary, "set", "note", "while quorum is lost"], env)
        lost = errors.wait_for("lost etcd", start, 10)
        lost_text = next((line for at, line in errors.lines if "lost etcd" in line), "")
        time.sleep(1.0)
        restart = time.perf_counter()
        for index in victims:
            three.restart(index)
        attempts = 1
        while run_command([args.binary, "toggle", "airplane"], env)[1] != 0:
            attempts += 1
        written = time.perf_counter() - restart
        back = errors.wait_for("etcd back", restart, 15)
        err_text = err.strip().split("\n")[-1]
        print(f"- quorum lost (members {victims} of 3 killed): a `set` exited {status} after {failed:.2f} s "
              f"(`{err_text}`); the watch printed `{lost_text}` "
              f"{'after ' + format(lost - start, '.2f') + ' s' if lost else 'not within 10 s'}. Both restarted: "
              f"writes succeed {written:.2f} s after the restart ({attempts} attempts), the watch printed "
              f"`etcd back` {'after ' + format(back - restart, '.2f') + ' s' if back else 'not within 15 s'}; "
              f"load average {load_average()}")
        for index in victims:
            three.wait(index)
    finally:
        watch.send_signal(signal.SIGTERM)
        watch.wait()


PARTS = ["latency", "idle", "toggles", "sets", "leader", "quorum"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--idle-seconds", type=int, default=60)
    parser.add_argument("--writers", type=int, default=10)
    parser.add_argument("--toggles", type=int, default=100)
    parser.add_argument("--sets", type=int, default=1000)
    parser.add_argument("--parts", default=",".join(PARTS))
    parser.add_argument("--compare", help="a second binary timed in the same latency rounds (its own prefix)")
    args = parser.parse_args()
    parts = args.parts.split(",")
    for part in parts:
        if part not in PARTS:
            sys.exit(f"unknown part {part!r}; expected some of {', '.join(PARTS)}")
    args.binary = os.path.abspath(args.binary)
    if args.compare:
        args.compare = os.path.abspath(args.compare)
    work = tempfile.mkdtemp(prefix="settings-etcd-bench.")
    clusters = []
    try:
        document = os.path.join(work, "fleet.json")
        with open(document, "w") as f:
            f.write(DOCUMENT)
        base = {"PATH": os.environ["PATH"], "SETTINGS_FILE": document, "HOME": work, "LANG": "C.UTF-8"}
        os.makedirs(os.path.join(work, "one"))
        os.makedirs(os.path.join(work, "three"))
        one = Cluster(1, os.path.join(work, "one"), clusters)
        three = Cluster(3, os.path.join(work, "three"), clusters)
        print(f"Load average at the start: {load_average()} ({os.cpu_count()} CPUs)\n")
        if "latency" in parts:
            latency(args, base, work, one, three)
        if "idle" in parts:
            idle(args, base, work, one)
        if "toggles" in parts:
            toggles(args, base, work, one)
        if "sets" in parts:
            sets(args, base, work, three)
        if "leader" in parts:
            leader_recovery(args, base, work, three)
        if "quorum" in parts:
            quorum_recovery(args, base, work, three)
    finally:
        for cluster in clusters:
            cluster.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
