#!/usr/bin/env python3
"""Times the etcd store beside the file store, in one run, on loopback (issue 20, item 8).

Starts its own etcd members (one, then three) on free loopback ports in a temporary directory, as
the tests do, and kills them by pid at the end. For each store it times `get`, `set` and `toggle`
of one switch (rounds alternate the stores, so a machine whose load drifts slows all alike), the
time from a `set` in one process ("machine A", its own cache directory) until a `settings watch`
in another ("machine B") prints it, the time until writes succeed again after the leader is killed
(three members), and the CPU an idle `settings watch` uses. Prints a Markdown report.

Usage: etcd.py --binary PATH [--runs N] [--idle-seconds S]
"""

import argparse
import os
import select
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

DOCUMENT = """{"version": 1, "id": "fleet", "title": "Fleet", "sections": [{"items": [
  {"key": "airplane", "type": "switch", "title": "Airplane", "on": false},
  {"key": "mode", "type": "rightDetail", "title": "Mode", "value": "a",
   "choices": [{"value": "a", "title": "A"}, {"value": "b", "title": "B"}]}
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

    def stop(self):
        for index in list(self.processes):
            self.kill(index)


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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--idle-seconds", type=int, default=60)
    args = parser.parse_args()
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
        stores = {
            "file store": {**base, "SETTINGS_STORE": os.path.join(work, "store.json")},
            "etcd, 1 member": {**base, "SETTINGS_ETCD": one.endpoints, "XDG_CACHE_HOME": os.path.join(work, "cache-a")},
            "etcd, 3 members": {**base, "SETTINGS_ETCD": three.endpoints, "XDG_CACHE_HOME": os.path.join(work, "cache-a")},
        }
        commands = {"get": ["get", "airplane"], "set": ["set", "airplane", "on"], "toggle": ["toggle", "airplane"]}
        times = {(store, name): [] for store in stores for name in commands}
        for store, env in stores.items():
            timed([args.binary, "set", "airplane", "off"], env)
        for run in range(args.runs):
            for name, arguments in commands.items():
                for store, env in stores.items():
                    command = [args.binary] + arguments
                    if name == "set":
                        command = [args.binary, "set", "airplane", "on" if run % 2 else "off"]
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

        # Idle watch CPU.
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

        # Recovery after the leader is killed.
        env = {**base, "SETTINGS_ETCD": three.endpoints, "XDG_CACHE_HOME": os.path.join(work, "cache-a")}
        leader = three.leader()
        three.kill(leader)
        start = time.perf_counter()
        while subprocess.run([args.binary, "toggle", "airplane"], env=env, capture_output=True).returncode != 0:
            pass
        print(f"- writes succeed again {time.perf_counter() - start:.2f} s after the leader (member {leader}) "
              f"was killed")
    finally:
        for cluster in clusters:
            cluster.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
