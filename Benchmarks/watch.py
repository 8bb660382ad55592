#!/usr/bin/env python3
"""Measures `settings watch`: latency, load with many watchers and writers, and idle CPU time.

Run by hand, on a release build (swift build -c release), not part of `swift test`:

    Benchmarks/watch.py                                  # the issue's sizes: 1 000 changes, 10 000 writes, 60 s idle
    Benchmarks/watch.py --changes 200 --writes 1000 --idle-seconds 20    # quicker
    Benchmarks/watch.py --only latency

1. Latency: one `settings watch --json`; N times, a `settings set KEY on|off` process runs to its
   exit, then the time until the watcher's line for that change is read from its pipe. A line read
   before the setter's exit was reaped counts as 0 (the watcher often prints before the setter has
   finished exiting), so two more spans are given: from the store's modification time (the setter's
   write, before its fsync and rename) and from the setter's start. Each as the median, the 99th
   percentile and the maximum.
2. Load: W watchers (`watch --json`) and P writer processes at once, each writer running
   `settings set` on random keys with random values, T writes in all. When the writers are done
   and the watchers quiet, each watcher's last value per key (the default when it saw no change)
   must equal the store's final content (`settings list --json`). Prints how many watchers agree,
   the lines each received (fewer than the writes: a burst may be coalesced) and the elapsed time.
3. Idle: one watcher, no change, for S seconds; its user + system CPU time over that span from
   /proc/PID/stat (utime and stime, in clock ticks), so all its threads count.

Every process gets a store and a document of its own in a temporary directory (20 switches,
`k0` to `k19`, off by default). Linux only (/proc).
"""

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KEYS = [f"k{index}" for index in range(20)]


def document():
    items = [{"key": key, "type": "switch", "title": f"Switch {key}", "on": False} for key in KEYS]
    return {"version": 1, "id": "watch-bench", "title": "Watch benchmark", "sections": [{"items": items}]}


class Watcher:
    """A `settings watch --json` whose lines are read on a thread, each with its arrival time."""

    def __init__(self, binary, env):
        self.process = subprocess.Popen([binary, "watch", "--json"], env=env, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
        self.lines = []  # (monotonic time, wall-clock nanoseconds, record)
        self.condition = threading.Condition()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()
        wait_until_watching(self.process.pid)

    def _read(self):
        for line in self.process.stdout:
            arrived = time.monotonic()
            wall = time.time_ns()
            with self.condition:
                self.lines.append((arrived, wall, json.loads(line)))
                self.condition.notify_all()

    def wait_for(self, count, timeout=10):
        with self.condition:
            self.condition.wait_for(lambda: len(self.lines) >= count, timeout)
            return len(self.lines) >= count

    def stop(self):
        self.process.terminate()
        status = self.process.wait(10)
        if status != 0:
            sys.exit(f"settings watch exited with {status}: {self.process.stderr.read().decode()}")


def wait_until_watching(pid, timeout=10):
    """Until the main thread blocks in poll(2): the store was read and the watch is in place."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/syscall", encoding="ascii") as file:
                if file.read().split(" ")[0] in ("7", "271", "73"):
                    return
        except OSError:
            pass
        time.sleep(0.005)
    sys.exit("settings watch did not start watching within 10 s")


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def latency(binary, env, changes):
    watcher = Watcher(binary, env)
    after_exit, after_write, after_start = [], [], []
    early = 0
    state = {key: False for key in KEYS}
    for index in range(changes):
        key = KEYS[index % len(KEYS)]
        state[key] = not state[key]
        started = time.monotonic()
        subprocess.run([binary, "set", key, "on" if state[key] else "off"], env=env, check=True,
                       stdin=subprocess.DEVNULL)
        exited = time.monotonic()
        written = os.stat(env["SETTINGS_STORE"]).st_mtime_ns
        if not watcher.wait_for(index + 1):
            sys.exit(f"no line for change {index + 1} within 10 s")
        arrived, wall, record = watcher.lines[index]
        if record["key"] != key or record["new"] != state[key]:
            sys.exit(f"change {index + 1}: expected {key} = {state[key]}, got {record}")
        early += arrived < exited
        after_exit.append(max(0.0, arrived - exited) * 1000)
        after_write.append((wall - written) / 1e6)
        after_start.append((arrived - started) * 1000)
    watcher.stop()

    def summary(samples):
        return (f"median {statistics.median(samples):.2f} ms, p99 {percentile(samples, 0.99):.2f} ms, "
                f"max {max(samples):.2f} ms")

    print(f"## Latency of settings watch ({changes} changes, one settings set process each)\n")
    print(f"- set process exits → line read: {summary(after_exit)}; {early} of {changes} lines were read "
          "before the setter's exit was reaped (counted as 0)")
    print(f"- store written (its modification time) → line read: {summary(after_write)}")
    print(f"- set process started → line read: {summary(after_start)}\n")


def load(binary, env, watchers, writers, writes):
    running = [Watcher(binary, env) for _ in range(watchers)]
    failures = []

    def writer(count, seed):
        generator = random.Random(seed)
        for _ in range(count):
            key = generator.choice(KEYS)
            value = generator.choice(["on", "off"])
            result = subprocess.run([binary, "set", key, value], env=env, capture_output=True,
                                    stdin=subprocess.DEVNULL)
            if result.returncode != 0:
                failures.append(result.stderr.decode())

    started = time.monotonic()
    threads = [threading.Thread(target=writer, args=(writes // writers + (1 if n < writes % writers else 0), n))
               for n in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    # Let the watchers settle: no new line for a second.
    while True:
        counts = [len(watcher.lines) for watcher in running]
        time.sleep(1)
        if counts == [len(watcher.lines) for watcher in running]:
            break
    listed = json.loads(subprocess.run([binary, "list", "--json"], env=env, check=True, capture_output=True,
                                       text=True).stdout)
    final = {entry["key"]: entry["value"] for entry in listed}
    agreeing = 0
    for watcher in running:
        last = {key: False for key in KEYS}
        for _, _, record in watcher.lines:
            last[record["key"]] = record["new"]
        agreeing += all(last[key] == final[key] for key in KEYS)
    for watcher in running:
        watcher.stop()
    received = [len(watcher.lines) for watcher in running]
    print(f"## Load: {watchers} watchers, {writers} writers, {writes} writes\n")
    print(f"- watchers whose last value of every key equals the store's final content: {agreeing} of {watchers}")
    print(f"- failed writes: {len(failures)}" + (f" (first: {failures[0].strip()})" if failures else ""))
    print(f"- lines received per watcher: min {min(received)}, median {statistics.median(received):g}, "
          f"max {max(received)} (a burst may be coalesced into one change per key)")
    print(f"- writes took {elapsed:.1f} s ({writes / elapsed:.0f} set processes per second)\n")


def idle(binary, env, seconds):
    watcher = Watcher(binary, env)
    ticks = os.sysconf("SC_CLK_TCK")

    def cpu():
        with open(f"/proc/{watcher.process.pid}/stat", encoding="ascii") as file:
            fields = file.read().rsplit(")", 1)[1].split()
        # utime and stime are fields 14 and 15 of stat(5); fields[0] here is field 3 (state).
        return (int(fields[11]) + int(fields[12])) / ticks

    before = cpu()
    time.sleep(seconds)
    used = cpu() - before
    watcher.stop()
    print(f"## Idle: one watcher, no change, {seconds} s\n")
    print(f"- CPU time (user + system, all threads): {used:.3f} s\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/settings"))
    parser.add_argument("--changes", type=int, default=1000)
    parser.add_argument("--watchers", type=int, default=10)
    parser.add_argument("--writers", type=int, default=20)
    parser.add_argument("--writes", type=int, default=10000)
    parser.add_argument("--idle-seconds", type=float, default=60)
    parser.add_argument("--only", choices=["latency", "load", "idle"])
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="settings-watch-bench.") as work:
        path = os.path.join(work, "doc.json")
        with open(path, "w", encoding="utf-8") as file:
            json.dump(document(), file)
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "SETTINGS_FILE": path,
               "SETTINGS_STORE": os.path.join(work, "store.json")}
        print(f"`{arguments.binary}` on {os.cpu_count()} CPUs, Linux {os.uname().release}\n")
        if arguments.only in (None, "latency"):
            latency(arguments.binary, env, arguments.changes)
        if arguments.only in (None, "load"):
            if os.path.exists(env["SETTINGS_STORE"]):
                os.remove(env["SETTINGS_STORE"])  # every watcher starts from the defaults
            load(arguments.binary, env, arguments.watchers, arguments.writers, arguments.writes)
        if arguments.only in (None, "idle"):
            idle(arguments.binary, env, arguments.idle_seconds)


if __name__ == "__main__":
    main()
