#!/usr/bin/env python3
"""Measures the page of `settings serve` in headless Chromium, each figure beside a peer from the same run.

Run by hand on a release build (swift build -c release), with the browser tests' virtual environment
(.ci/run makes it; Tests/Web/harness.py describes the browser):

    .build/webtest-venv/bin/python Benchmarks/web.py                # 200 clicks, 100 sets, 20 loads
    .build/webtest-venv/bin/python Benchmarks/web.py --clicks 50 --sets 30 --loads 10
    .build/webtest-venv/bin/python Benchmarks/web.py --only streams      # or --only big

1. A switch clicked until the page shows it confirmed: inside the page, `performance.now()` before a
   click on Airplane Mode's switch and when the switch has the server's answer (its `aria-busy` gone,
   the store written). Peer: a `settings toggle airplane` process, start to exit (the same write from the
   command line).
2. A `settings set` in another process until the page shows it: the time before the setter starts, and
   the page's `performance.timeOrigin + performance.now()` when the switch's `aria-checked` changes (a
   MutationObserver). Peer: a `settings watch --json` running at the same time, the time its line for the
   same change is read.
3. The phone example's first paint: `first-contentful-paint` and the time until the table is drawn
   (`data-state="ready"`), over reloads of the page. Peer: `settings show` of the same document, start to
   exit. And the size of the page's own files (Web/).
4. A document of 100 000 items (an items file, 50 a page): the first screen drawn (reloads, as in 3) and
   the first search results (from the keystroke, the page's 80 ms pause after typing included, until the
   results are drawn); the server's peak memory (VmHWM) against the document's size. Peer: `settings
   show` and `settings find` of the same document.
5. 64 open event streams (Python clients reading `GET /api/events` with the auth cookie) while 1 000
   `settings set`s are made, four processes at a time (a `POST /api/set` would need a 65th connection,
   which the server refuses): at the end, each client's last value of every key against the store.
6. Idle: three tabs open, no change, for S seconds: the server's user + system CPU time over that span
   (/proc/PID/stat). Peer: a `settings watch` over the same store for the same span.

Prints a Markdown report (medians, 99th percentiles, maxima).
"""

import argparse
import os
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "Web"))

from harness import BINARY, EXAMPLES, Browser, Server, wait_until  # noqa: E402

CLICK = """
const [count, done] = [arguments[0], arguments[arguments.length - 1]];
const times = [];
const row = () => document.querySelector('[data-key="airplane"]');
function confirmed(expected) {
  const button = row() && row().querySelector('[role=switch]');
  return button && !button.hasAttribute('aria-busy') && button.getAttribute('aria-checked') === expected
    && !row().dataset.busy;
}
async function one() {
  const before = row().querySelector('[role=switch]').getAttribute('aria-checked');
  const expected = before === 'true' ? 'false' : 'true';
  const start = performance.now();
  row().querySelector('[role=switch]').click();
  await new Promise(resolve => {
    const observer = new MutationObserver(() => {
      if (confirmed(expected)) { observer.disconnect(); resolve(); }
    });
    observer.observe(document.getElementById('content'), {subtree: true, attributes: true, childList: true});
  });
  times.push(performance.now() - start);
}
(async () => { for (let i = 0; i < count; i++) { await one(); await new Promise(r => setTimeout(r, 20)); } done(times); })();
"""

WATCH_ROW = """
window.__seen = [];
const observe = () => {
  const observer = new MutationObserver(() => {
    const button = document.querySelector('[data-key="true-tone"] [role=switch]');
    const state = button && button.getAttribute('aria-checked');
    if (state && state !== window.__last) {
      window.__last = state;
      window.__seen.push([state, performance.timeOrigin + performance.now()]);
    }
  });
  observer.observe(document.getElementById('content'), {subtree: true, attributes: true, childList: true});
};
window.__last = document.querySelector('[data-key="true-tone"] [role=switch]').getAttribute('aria-checked');
observe();
"""


def summary(values):
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return statistics.median(ordered), p99, ordered[-1]


def row(name, values, peer_name, peer_values):
    median, p99, maximum = summary(values)
    peer_median, peer_p99, _ = summary(peer_values)
    ratio = median / peer_median if peer_median else float("nan")
    return (
        f"| {name} | {median:.1f} ms | {p99:.1f} ms | {maximum:.1f} ms | {peer_name} | {peer_median:.1f} ms "
        f"| {peer_p99:.1f} ms | {ratio:.2f}× |"
    )


def timed_process(server, *args):
    start = time.perf_counter()
    server.settings(*args)
    return (time.perf_counter() - start) * 1000


SEARCH = """
const [text, done] = [arguments[0], arguments[arguments.length - 1]];
const search = document.getElementById('search');
const start = performance.now();
const observer = new MutationObserver(() => {
  if (document.getElementById('results-header')) { observer.disconnect(); done(performance.now() - start); }
});
observer.observe(document.getElementById('content'), {childList: true, subtree: true});
search.value = text;
search.dispatchEvent(new Event('input'));
"""


def cpu_seconds(pid):
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_memory_kib(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


def big_document(options):
    """The first screen and first search of a document of `options.items` items in an items file."""
    import json
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="settings-web-bench-"))
    with open(folder / "items.jsonl", "w") as items:
        for index in range(options.items):
            items.write(json.dumps({"key": f"item-{index}", "type": "switch", "title": f"앱 {index}", "on": index % 2 == 0}) + "\n")
    document = folder / "big.json"
    document.write_text(json.dumps({"version": 1, "id": "big", "title": "Big", "sections": [
        {"id": "all", "header": "All", "pageSize": 50, "itemsFile": "items.jsonl"}]}))
    size = document.stat().st_size + (folder / "items.jsonl").stat().st_size
    server = Server(document)
    browser = Browser()
    try:
        browser.open(server)
        ready, searches = [], []
        for _ in range(max(3, options.loads // 4)):
            browser.driver.refresh()
            browser.wait_ready()
            ready.append(browser.js("return performance.getEntriesByName('settings-ready')[0].startTime"))
        for index in range(max(3, options.loads // 4)):
            browser.js("document.getElementById('search').value = ''; document.getElementById('search').dispatchEvent(new Event('input'))")
            time.sleep(0.3)
            searches.append(browser.driver.execute_async_script(SEARCH, f"앱 {options.items - 1 - index}"))
        memory = peak_memory_kib(server.process.pid)
        shows = [timed_process(server, "show") for _ in range(len(ready))]
        finds = [timed_process(server, "find", f"앱 {options.items - 1}") for _ in range(len(searches))]
    finally:
        browser.close()
        server.close()
    rows = [
        row(f"{options.items:,} items: first screen drawn", ready, "`settings show`", shows),
        row(f"{options.items:,} items: first search results", searches, "`settings find`", finds),
    ]
    note = (f"{options.items:,} items ({size:,} bytes of document and items file): the server's peak memory "
            f"{memory * 1024:,} bytes, {memory * 1024 / size:.2f}× the document's size.")
    return rows, [note]


class StreamClient:
    """One `GET /api/events` with the auth cookie on a socket of its own, read on a thread: the last
    value of each key that its `change` and `snapshot` events gave, and how many events came."""

    def __init__(self, server):
        import socket

        self.values, self.events, self.error = {}, 0, None
        self.socket = socket.create_connection(("127.0.0.1", server.port), timeout=30)
        request = (f"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                   f"Cookie: settings_auth={server.token}\r\nAccept: text/event-stream\r\n\r\n")
        self.socket.sendall(request.encode())
        self.thread = threading.Thread(target=self.read, daemon=True)
        self.thread.start()

    def read(self):
        import json

        buffer = b""
        try:
            while b"\r\n\r\n" not in buffer:
                chunk = self.socket.recv(65536)
                if not chunk:
                    raise ConnectionError("closed before the head")
                buffer += chunk
            head, buffer = buffer.split(b"\r\n\r\n", 1)
            if not head.startswith(b"HTTP/1.1 200"):
                raise ConnectionError(head.split(b"\r\n")[0].decode())
            name, data = "message", []
            while True:
                while b"\n" not in buffer:
                    chunk = self.socket.recv(65536)
                    if not chunk:
                        return
                    buffer += chunk
                line, buffer = buffer.split(b"\n", 1)
                line = line.decode()
                if line == "":
                    if data:
                        self.take(name, json.loads("\n".join(data)))
                    name, data = "message", []
                elif line.startswith("event:"):
                    name = line[6:].strip()
                elif line.startswith("data:"):
                    data.append(line[5:].lstrip())
        except OSError as error:
            if self.error is None:
                self.error = error
        except Exception as error:  # a malformed event: reported by the benchmark
            self.error = error

    def take(self, name, data):
        self.events += 1
        if name == "change" and "row" in data and "value" in data["row"]:
            self.values[data["key"]] = data["row"]["value"]
        elif name == "snapshot":
            for key, row in data["rows"].items():
                if "value" in row:
                    self.values[key] = row["value"]

    def close(self):
        import socket

        try:
            self.socket.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.socket.close()
        self.thread.join(timeout=5)


def streams(options):
    """`options.streams` event streams open while `options.changes` `settings set`s are made from
    four processes at a time: at the end every client's last value of each key must be the store's."""
    import json
    import random
    from concurrent.futures import ThreadPoolExecutor

    keys = ["wifi.auto-hotspot", "focus", "true-tone", "location", "analytics", "brightness"]
    server = Server(EXAMPLES / "phone-settings.json")
    clients = []
    try:
        clients = [StreamClient(server) for _ in range(options.streams)]
        wait_until(lambda: all(client.socket for client in clients), "the streams")
        time.sleep(1)
        refused = [client.error for client in clients if client.error]
        random.seed(19)
        changes = []
        for index in range(options.changes):
            key = keys[index % len(keys)]
            value = str(5 * random.randint(0, 20)) if key == "brightness" else random.choice(["on", "off"])
            changes.append((key, value))
        cpu_before = cpu_seconds(server.process.pid)
        start = time.perf_counter()
        # Each key's changes stay in order (one worker per key), so the last one made is the last written.
        by_key = {key: [change for change in changes if change[0] == key] for key in keys}
        with ThreadPoolExecutor(max_workers=4) as pool:
            list(pool.map(lambda key: [server.settings("set", *change) for change in by_key[key]], keys))
        made = time.perf_counter() - start
        store = server.store_json()
        expected = {key: store[key] for key in keys}

        def agreeing():
            return sum(1 for client in clients if all(client.values.get(key) == expected[key] for key in keys))

        try:
            wait_until(lambda: agreeing() == len(clients), "every stream to reach the store's values", timeout=30)
        except AssertionError:
            pass
        converged = time.perf_counter() - start - made
        cpu = cpu_seconds(server.process.pid) - cpu_before
        agree = agreeing()
        events = sorted(client.events for client in clients)
        errors = [client.error for client in clients if client.error]
    finally:
        for client in clients:
            client.close()
        server.close()
    expected_text = json.dumps(expected, sort_keys=True)
    return [f"{options.streams} open streams while {options.changes:,} `settings set`s were made (4 processes at a "
            f"time, {made:.1f} s): {agree} of {len(clients)} clients' last value of every key equals the store "
            f"({expected_text}); events received per client {events[0]}–{events[-1]} (the changes that changed "
            f"a value, or snapshots); the last client agreed {converged * 1000:.0f} ms after the last set; "
            f"the server used {cpu:.2f} s of CPU; refused or broken streams: {len(refused) + len(errors)}."]


def idle(options):
    """The server's CPU time with three tabs open and nothing changing, beside a `settings watch`'s."""
    server = Server(EXAMPLES / "phone-settings.json")
    browser = Browser()
    watcher = None
    try:
        browser.open(server)
        for _ in range(2):
            browser.driver.switch_to.new_window("tab")
            browser.driver.get(server.url("/"))
            browser.wait_ready()
        watcher = subprocess.Popen([str(BINARY), "watch"], env=server.environment, stdout=subprocess.DEVNULL)
        time.sleep(2)
        before = cpu_seconds(server.process.pid), cpu_seconds(watcher.pid)
        time.sleep(options.idle_seconds)
        after = cpu_seconds(server.process.pid), cpu_seconds(watcher.pid)
    finally:
        if watcher:
            watcher.terminate()
            watcher.wait()
        browser.close()
        server.close()
    return [f"Idle, three tabs open, {options.idle_seconds:g} s: the server used {after[0] - before[0]:.2f} s of CPU; "
            f"a `settings watch` over the same store {after[1] - before[1]:.2f} s."]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=200)
    parser.add_argument("--sets", type=int, default=100)
    parser.add_argument("--loads", type=int, default=20)
    parser.add_argument("--items", type=int, default=100000)
    parser.add_argument("--idle-seconds", type=float, default=60)
    parser.add_argument("--streams", type=int, default=64)
    parser.add_argument("--changes", type=int, default=1000)
    parser.add_argument("--only", choices=["streams", "big"], help="run only this part")
    options = parser.parse_args()
    if options.only:
        if not BINARY.exists():
            sys.exit(f"{BINARY} is missing: run swift build -c release")
        if options.only == "streams":
            lines = streams(options)
        else:
            rows, lines = big_document(options)
            print("| measure | median | p99 | max | peer | peer median | peer p99 | ratio |")
            print("| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: |")
            for line in rows:
                print(line)
        for line in lines:
            print(line)
        return
    if not BINARY.exists():
        sys.exit(f"{BINARY} is missing: run swift build -c release")
    document = EXAMPLES / "phone-settings.json"
    server = Server(document)
    browser = Browser()
    rows = []
    try:
        browser.open(server)
        wait_until(lambda: browser.js("return document.documentElement.dataset.live") == "open", "the stream")

        # 1. Click until confirmed, and the CLI's toggle.
        clicks = browser.driver.execute_async_script(CLICK, options.clicks)
        toggles = [timed_process(server, "toggle", "airplane") for _ in range(options.clicks)]
        rows.append(row("switch click until confirmed", clicks, "`settings toggle`", toggles))

        # 2. A set in another process until the page shows it, and until `settings watch` prints it.
        watcher = subprocess.Popen(
            [str(BINARY), "watch", "true-tone", "--json"],
            env=server.environment, stdout=subprocess.PIPE, text=True,
        )
        watched = []
        reader = threading.Thread(
            target=lambda: [watched.append(time.time() * 1000) for _ in iter(watcher.stdout.readline, "")], daemon=True
        )
        reader.start()
        time.sleep(0.5)
        browser.js(WATCH_ROW)
        starts = []
        for index in range(options.sets):
            starts.append(time.time() * 1000)
            server.settings("set", "true-tone", "off" if index % 2 == 0 else "on")
            wait_until(lambda: len(browser.js("return window.__seen")) > index and len(watched) > index, "the change")
            time.sleep(0.05)
        seen = browser.js("return window.__seen")
        watcher.terminate()
        watcher.wait()
        page = [shown - start for (_, shown), start in zip(seen, starts)]
        peer = [line - start for line, start in zip(watched, starts)]
        rows.append(row("`settings set` elsewhere until shown", page, "`settings watch`", peer))

        # 3. First paint of the phone example, and the terminal's render of it.
        paints, ready = [], []
        for _ in range(options.loads):
            browser.driver.refresh()
            browser.wait_ready()
            times = browser.js(
                "return [performance.getEntriesByName('first-contentful-paint')[0]?.startTime,"
                " performance.getEntriesByName('settings-ready')[0]?.startTime]"
            )
            paints.append(times[0])
            ready.append(times[1])
        shows = [timed_process(server, "show") for _ in range(options.loads)]
        rows.append(row("first contentful paint (reload)", paints, "`settings show`", shows))
        rows.append(row("table drawn (reload)", ready, "`settings show`", shows))
    finally:
        browser.close()
        server.close()
    notes = []
    big_rows, big_notes = big_document(options)
    rows += big_rows
    notes += big_notes
    notes += streams(options)
    notes += idle(options)
    size = sum(path.stat().st_size for path in (ROOT / "Web").iterdir() if path.is_file())
    print(f"Machine: {os.cpu_count()} CPUs; {BINARY}; Chromium headless.\n")
    print("| measure | median | p99 | max | peer | peer median | peer p99 | ratio |")
    print("| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: |")
    for line in rows:
        print(line)
    print(f"\nThe page's own files (Web/): {size:,} bytes.")
    for note in notes:
        print(note)


if __name__ == "__main__":
    main()
