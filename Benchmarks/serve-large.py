#!/usr/bin/env python3
"""`settings serve` on a large document: start, first page, a search, peak memory; beside `jq`.

Run by hand on release builds, e.g. on `generate.py`'s document of 100 000 items:

    python3 Benchmarks/serve-large.py /tmp/bench/doc-100000.json BEFORE/settings AFTER/settings

For each binary (3 runs, medians), with a fresh cache folder warmed by two `settings get`s (the
document's modification time is set an hour back, so the cache is used): the time from starting
`settings serve` until it prints its address; `GET /api/page` (the top page) and `GET
/api/search?q=item-99999`, each from request to the end of the answer; and the server's peak
memory (`VmHWM` of /proc/PID/status) after both, against the document's size. Peer: `jq -r
'.sections[].items[].title'` on the same document, in the same run.
"""

import http.client
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time


def peak_memory(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    return 0


def get(port, path, cookie=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    headers = {"Host": f"127.0.0.1:{port}"}
    if cookie:
        headers["Cookie"] = cookie
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response, body


def run(binary, document):
    temporary = tempfile.mkdtemp(prefix="serve-large-")
    env = dict(os.environ)
    for name in ("XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_CONFIG_DIRS"):
        env[name] = os.path.join(temporary, name.lower())
    env["SETTINGS_STORE"] = os.path.join(temporary, "store.json")
    for _ in range(2):
        subprocess.run([binary, "get", "item-1", "-f", document], env=env, capture_output=True)
    start = time.monotonic()
    server = subprocess.Popen(
        [binary, "serve", "-f", document], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    line = server.stdout.readline().decode().strip()
    started = time.monotonic() - start
    match = re.match(r"http://127\.0\.0\.1:(\d+)/\?token=(.*)", line)
    if not match:
        sys.exit(f"{binary} serve printed {line!r}")
    port = int(match.group(1))
    response, _ = get(port, f"/?token={match.group(2)}")
    cookie = response.getheader("Set-Cookie").split(";")[0]
    start = time.monotonic()
    response, body = get(port, "/api/page", cookie)
    page = time.monotonic() - start
    start = time.monotonic()
    get(port, "/api/search?q=item-99999", cookie)
    search = time.monotonic() - start
    peak = peak_memory(server.pid)
    server.terminate()
    server.wait()
    return started, page, len(body), search, peak


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    document, binaries = sys.argv[1], sys.argv[2:]
    hour_ago = time.time() - 3600
    os.utime(document, (hour_ago, hour_ago))
    size = os.path.getsize(document)
    times = []
    for _ in range(3):
        start = time.monotonic()
        subprocess.run(["jq", "-r", ".sections[].items[].title", document], capture_output=True)
        times.append(time.monotonic() - start)
    print(f"document: {size} bytes; jq -r '.sections[].items[].title': {statistics.median(times) * 1000:.0f} ms")
    for binary in binaries:
        runs = [run(binary, document) for _ in range(3)]

        def median(index):
            return statistics.median(result[index] for result in runs)

        print(
            f"{binary}: address after {median(0) * 1000:.0f} ms; /api/page {median(1) * 1000:.1f} ms "
            f"({int(median(2))} bytes); search {median(3) * 1000:.1f} ms; peak {median(4) / 2**20:.1f} MiB "
            f"({median(4) / size:.2f}x the document)"
        )


if __name__ == "__main__":
    main()
