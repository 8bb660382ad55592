#!/usr/bin/env python3
"""Times `settings ui` on a large document through a pseudo-terminal, as a user would see it.

For each binary (the current one, and with --baseline an earlier one, measured in the same run,
alternating), it starts `settings -f DOC --store STORE ui` on a pseudo-terminal of 100 x 30
and measures:
  first screen  from the spawn to the status line's `q quit` hint (the last line of the first
                frame), median of --starts runs (after one untimed run, so the compiled document
                cache is warm for a binary that uses it);
  per key       from writing a key to the end of the frame that answers it (again the status
                line, which every key of the sequence changes: it names the selected item and
                its value), over --cycles repetitions of: Down x5, PgDn, PgDn, PgUp, End,
                Space (toggles the last switch: a durable write), Up, PgUp, Home, Space (toggles
                the first switch).
Keys are sent one at a time, each after the previous frame ended. Prints a Markdown table and
the load average before and after.

With --list N (no --document), it times a list page instead, on a document of one list item
whose store holds N elements: from Enter on the list row to the end of the frame that shows the
list page (open), then End (to "Add…"), Up (the last element), K (moves it up one place: a durable write of
the whole list), Home, and Backspace (back to the top page), over --cycles repetitions.

Usage: ui.py --binary BIN [--baseline BIN] --document DOC [--starts 5] [--cycles 10]
       ui.py --binary BIN --list 10000 [--cycles 10]
The document is made by generate.py (Benchmarks/work/doc-100000.json after run.sh).
"""

import argparse
import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import subprocess
import tempfile
import termios
import time

KEYS = {"down": b"\x1b[B", "up": b"\x1b[A", "pgdn": b"\x1b[6~", "pgup": b"\x1b[5~",
        "home": b"\x1b[H", "end": b"\x1b[F", "space": b" ", "open": b"\r", "move": b"K",
        "back": b"\x7f"}
LIST_CYCLE = ["open", "end", "up", "move", "home", "back"]
CYCLE = ["down"] * 5 + ["pgdn", "pgdn", "pgup", "end", "space", "up", "pgup", "home", "space"]
WIDTH, HEIGHT = 100, 30
DONE = b"q quit"


class Session:
    """One `settings ui` on a pseudo-terminal."""

    def __init__(self, binary, document, home, store=None):
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", HEIGHT, WIDTH, 0, 0))
        env = {"HOME": home, "XDG_CACHE_HOME": os.path.join(home, "cache"), "TERM": "xterm",
               "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8"}
        self.start = time.perf_counter()
        self.process = subprocess.Popen(
            [binary, "-f", document, "--store", store or os.path.join(home, "store.json"), "ui"],
            stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
        os.close(slave)
        self.master = master

    def wait_frame(self, timeout=120.0):
        """Reads until a frame's status line hint arrives; returns the time it did."""
        seen = b""
        deadline = time.perf_counter() + timeout
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError("no frame within %.0f s" % timeout)
            ready, _, _ = select.select([self.master], [], [], left)
            if not ready:
                continue
            chunk = os.read(self.master, 1 << 16)
            if not chunk:
                raise EOFError("the program closed the terminal")
            seen = seen[-len(DONE):] + chunk
            if DONE in seen:
                now = time.perf_counter()
                self.drain()
                return now

    def drain(self):
        """Reads what else the frame wrote (cursor moves after the status line), briefly."""
        while select.select([self.master], [], [], 0.002)[0]:
            if not os.read(self.master, 1 << 16):
                return

    def key(self, name):
        sent = time.perf_counter()
        os.write(self.master, KEYS[name])
        return self.wait_frame() - sent

    def quit(self):
        os.write(self.master, b"q")
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()
        os.close(self.master)


def first_screen(binary, document, home):
    session = Session(binary, document, home)
    seconds = session.wait_frame() - session.start
    session.quit()
    return seconds


def keys(binary, document, home, cycles):
    session = Session(binary, document, home)
    session.wait_frame()
    latencies = {}
    for _ in range(cycles):
        for name in CYCLE:
            latencies.setdefault(name, []).append(session.key(name))
    session.quit()
    return latencies


def list_page(binary, count, cycles):
    """Times opening, paging, moving in and leaving the page of a list of `count` elements."""
    with tempfile.TemporaryDirectory() as home:
        document = os.path.join(home, "list.json")
        with open(document, "w") as file:
            file.write('{"id": "lists", "title": "Lists", "sections": [{"items": [{"key": "servers", '
                       '"type": "list", "title": "Servers", "element": {"type": "textField"}}]}]}')
        store = os.path.join(home, "store.json")
        elements = ",".join('"10.%d.%d.%d"' % (n >> 16, (n >> 8) & 255, n & 255) for n in range(count))
        with open(store, "w") as file:
            file.write('{"servers": [%s]}' % elements)
        session = Session(binary, document, home, store)
        session.wait_frame()
        latencies = {}
        for _ in range(cycles):
            for name in LIST_CYCLE:
                latencies.setdefault(name, []).append(session.key(name))
        session.quit()
    print("| list of %d | median | p99 | max |" % count)
    print("| --- | ---: | ---: | ---: |")
    for name in LIST_CYCLE:
        values = latencies[name]
        print(f"| {name} {len(values)} | {ms(statistics.median(values))} | {ms(percentile(values, 0.99))} | "
              f"{ms(max(values))} |")


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))]


def ms(seconds):
    return f"{seconds * 1000:.1f} ms"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--baseline")
    parser.add_argument("--document")
    parser.add_argument("--list", type=int, help="time the page of a list of this many elements")
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--cycles", type=int, default=10)
    parser.add_argument("--baseline-cycles", type=int, help="cycles for the baseline (default --cycles)")
    options = parser.parse_args()
    if options.list:
        print("load average before:", open("/proc/loadavg").read().split()[:3])
        list_page(options.binary, options.list, options.cycles)
        print("load average after:", open("/proc/loadavg").read().split()[:3])
        return
    if not options.document:
        parser.error("--document is needed (or --list N)")
    binaries = [("after", options.binary)] + ([("before", options.baseline)] if options.baseline else [])
    print("load average before:", open("/proc/loadavg").read().split()[:3])
    results = {}
    with tempfile.TemporaryDirectory() as root:
        for name, binary in binaries:
            home = os.path.join(root, name)
            os.makedirs(home)
            first_screen(binary, options.document, home)  # warms the cache, if the binary has one
            results[name] = {"starts": [], "keys": {}}
        for _ in range(options.starts):
            for name, binary in binaries:
                results[name]["starts"].append(first_screen(binary, options.document, os.path.join(root, name)))
        for name, binary in binaries:
            cycles = options.cycles if name == "after" else (options.baseline_cycles or options.cycles)
            results[name]["keys"] = keys(binary, options.document, os.path.join(root, name), cycles)
    print("load average after:", open("/proc/loadavg").read().split()[:3])
    print()
    print("| binary | first screen (median of %d) | keys | median | p99 | max |" % options.starts)
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for name, _ in binaries:
        every = [value for values in results[name]["keys"].values() for value in values]
        print(f"| {name} | {ms(statistics.median(results[name]['starts']))} | all {len(every)} | "
              f"{ms(statistics.median(every))} | {ms(percentile(every, 0.99))} | {ms(max(every))} |")
        moves = [value for key, values in results[name]["keys"].items() if key != "space" for value in values]
        print(f"| {name} | | moves {len(moves)} | {ms(statistics.median(moves))} | "
              f"{ms(percentile(moves, 0.99))} | {ms(max(moves))} |")
        for key in KEYS:
            values = results[name]["keys"].get(key, [])
            if values:
                print(f"| {name} | | {key} {len(values)} | {ms(statistics.median(values))} | "
                      f"{ms(percentile(values, 0.99))} | {ms(max(values))} |")
    for name, _ in binaries:
        print(f"{name} first screens: " + ", ".join(ms(value) for value in results[name]["starts"]))


if __name__ == "__main__":
    main()
