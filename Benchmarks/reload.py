#!/usr/bin/env python3
"""Measures a reload of a large document changed on disk, in `settings watch` (the reload path
`settings ui` and `settings serve` take too): the time from the new version's rename to the watch's
line for the default it changed, and the watch's memory after each reload.

Run by hand, on release builds, not part of `swift test`:

    python3 Benchmarks/reload.py --binary .build/release/settings --baseline OLD/settings \\
        --document doc-100000.json --rounds 5

Each binary gets a home and cache of its own. The document is copied, left 2.1 s so the cache may
be written, and compiled by one `get`; then one `watch --file DOC` runs, and each round writes a
new version that flips the default of the document's last switch (`"on": true` / `false`)
beside it and renames it over the document, as an editor or a package manager does. A version
just renamed is always within the cache's racy window (its change time is new), so the watch can
never read it from a written cache. Prints, per binary, the median and maximum latency, the
watch's resident memory (`VmRSS`) before the first reload, after the first and after the last,
and its peak (`VmHWM`), in MiB, and each as a ratio of the document's size. Linux only (/proc).
"""

import argparse
import os
import select
import shutil
import statistics
import subprocess
import tempfile
import time


def memory(pid):
    values = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            name, _, rest = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                values[name] = int(rest.split()[0]) / 1024
    return values


def read_line(process, deadline):
    """One line of the watch's output, or None at the deadline."""
    line = b""
    while time.monotonic() < deadline:
        ready, _, _ = select.select([process.stdout], [], [], 0.05)
        if not ready:
            continue
        byte = os.read(process.stdout.fileno(), 1)
        if not byte:
            return None
        if byte == b"\n":
            return line.decode()
        line += byte
    return None


def measure(binary, document, rounds):
    work = tempfile.mkdtemp(prefix="reload-bench-")
    try:
        env = dict(os.environ, HOME=work, XDG_CACHE_HOME=f"{work}/cache", XDG_CONFIG_HOME=f"{work}/config")
        env.pop("SETTINGS_CACHE", None)
        path = f"{work}/doc.json"
        shutil.copyfile(document, path)
        with open(path, encoding="utf-8") as file:
            text = file.read()
        marker = text.rindex('"type": "switch"')
        # The `"on": ...` member of that switch.
        on_at = text.index('"on": ', marker)
        if text.startswith("true", on_at + 6):
            value_end = on_at + 10
        elif text.startswith("false", on_at + 6):
            value_end = on_at + 11
        else:
            raise SystemExit("the last switch has no default")
        time.sleep(2.1)
        subprocess.run([binary, "get", "item-0", "--file", path], env=env, check=True, capture_output=True)
        watch = subprocess.Popen(
            [binary, "watch", "--file", path], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
        )
        time.sleep(3)
        before = memory(watch.pid)
        latencies = []
        after = []
        state = text[on_at + 6 : value_end]
        for round in range(rounds):
            state = "false" if state == "true" else "true"
            new = text[: on_at + 6] + state + text[value_end:]
            with open(path + ".new", "w", encoding="utf-8") as file:
                file.write(new)
            start = time.monotonic()
            os.rename(path + ".new", path)
            line = read_line(watch, start + 30)
            if line is None:
                raise SystemExit(f"{binary}: no line within 30 s of round {round}")
            latencies.append((time.monotonic() - start) * 1000)
            time.sleep(0.5)
            after.append(memory(watch.pid))
        watch.terminate()
        watch.wait()
        return latencies, before, after
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--baseline")
    parser.add_argument("--document", required=True)
    parser.add_argument("--rounds", type=int, default=5)
    arguments = parser.parse_args()
    size = os.path.getsize(arguments.document) / 1024 / 1024
    print(f"document {arguments.document}: {size:.1f} MiB")
    binaries = [("after", arguments.binary)]
    if arguments.baseline:
        binaries.insert(0, ("before", arguments.baseline))
    for name, binary in binaries:
        latencies, before, after = measure(binary, arguments.document, arguments.rounds)
        first, last = after[0], after[-1]
        print(
            f"{name}: reload to line median {statistics.median(latencies):.1f} ms, max {max(latencies):.1f} ms;"
            f" VmRSS before the first reload {before['VmRSS']:.1f} MiB ({before['VmRSS'] / size:.1f}x),"
            f" after the first reload {first['VmRSS']:.1f} MiB ({first['VmRSS'] / size:.1f}x),"
            f" after the last {last['VmRSS']:.1f} MiB ({last['VmRSS'] / size:.1f}x);"
            f" VmHWM {last['VmHWM']:.1f} MiB ({last['VmHWM'] / size:.1f}x)"
        )


if __name__ == "__main__":
    main()
