#!/usr/bin/env python3
"""Kill under load: SIGKILL the long-running commands (serve, ui, watch) while 50 writers change the store.

    python3 Scripts/kill-under-load.py [--binary .build/release/settings] [--writers 50] [--toggles 20]
                                       [--seed N] [--etcd MEMBERS] [--keep DIR]

A document of one switch per writer (k00, k01, …) and a store file. Each writer runs `settings toggle kNN`
TOGGLES times, one process after the other, on its own key, and counts the toggles that exited 0 (75,
"busy", is allowed and not counted). Meanwhile the killer starts `settings serve`, `settings ui` (on a
pseudo-terminal) and `settings watch --json` in turn, lets each run 50 to 400 ms (random, seeded) while
the store changes under it, and sends it SIGKILL, until the writers are done. Then:

- no update is lost or doubled: each key is on exactly when its writer's successful toggles are odd
  (the default is off), and the store holds only the writers' keys;
- the store parses (`settings check` exits 0, and it is strict JSON);
- nothing is left behind: no `.NAME.tmp-*` beside the store, no `settings` process still running;
- every watch that was killed printed only whole JSON lines, each naming a writer's key.

With --etcd 3 the store is a three-member etcd cluster the script starts on loopback ports (etcd and
etcdctl must be installed) instead of the file; the store is then read with `settings dump`, and a toggle
that exits 75 saying the change "may or may not have been applied" is counted as ambiguous: its key's
parity is then not checked (the count says how many).

Prints the figures; exits 1 when a check fails, 2 on a setup error.
"""

import argparse
import json
import os
import pty
import random
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time


def free_port():
    import socket
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_etcd(base, count):
    """`count` etcd members on loopback ports, data under `base`: [(process, client port, peer port)]."""
    ports = [(free_port(), free_port()) for _ in range(count)]
    cluster = ",".join(f"m{n}=http://127.0.0.1:{peer}" for n, (_, peer) in enumerate(ports))
    members = []
    for n, (client, peer) in enumerate(ports):
        process = subprocess.Popen(
            ["etcd", "--name", f"m{n}", "--data-dir", os.path.join(base, f"etcd-{n}"),
             "--listen-client-urls", f"http://127.0.0.1:{client}", "--advertise-client-urls",
             f"http://127.0.0.1:{client}", "--listen-peer-urls", f"http://127.0.0.1:{peer}",
             "--initial-advertise-peer-urls", f"http://127.0.0.1:{peer}", "--initial-cluster", cluster,
             "--initial-cluster-state", "new"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        members.append((process, client, peer))
    endpoints = ",".join(f"http://127.0.0.1:{client}" for _, client, _ in members)
    deadline = time.time() + 30
    while time.time() < deadline:
        if subprocess.run(["etcdctl", "--endpoints", endpoints, "endpoint", "health"],
                          capture_output=True).returncode == 0:
            return members
        time.sleep(0.2)
    for process, _, _ in members:
        process.kill()
    raise SystemExit("kill-under-load: the etcd cluster did not become healthy in 30 s")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=".build/release/settings")
    parser.add_argument("--writers", type=int, default=50)
    parser.add_argument("--toggles", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--etcd", type=int, default=0, help="members of an etcd cluster to use instead of a file")
    parser.add_argument("--keep")
    options = parser.parse_args()
    binary = os.path.abspath(options.binary)
    if not os.access(binary, os.X_OK):
        print(f"kill-under-load: no binary at {binary} (swift build -c release)", file=sys.stderr)
        return 2
    base = options.keep or tempfile.mkdtemp(prefix="settings-kill-")
    os.makedirs(base, exist_ok=True)
    chooser = random.Random(options.seed)
    keys = [f"k{n:02d}" for n in range(options.writers)]
    document = os.path.join(base, "load.json")
    store = os.path.join(base, "store", "load.json")
    with open(document, "w") as handle:
        json.dump({"version": 1, "id": "load", "title": "Load", "sections": [{"header": "Writers", "items": [
            {"key": key, "type": "switch", "title": key} for key in keys]}]}, handle)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "SETTINGS_"))}
    env.update({"HOME": os.path.join(base, "home"), "XDG_CONFIG_HOME": os.path.join(base, "config"),
                "XDG_CACHE_HOME": os.path.join(base, "cache"), "XDG_CONFIG_DIRS": os.path.join(base, "etc"),
                "SETTINGS_FILE": document, "TERM": "xterm", "LANG": "C.UTF-8"})
    os.makedirs(env["HOME"], exist_ok=True)
    command = [binary, "--store", store]
    members = []
    if options.etcd:
        members = start_etcd(base, options.etcd)
        command = [binary, "--etcd", ",".join(f"http://127.0.0.1:{client}" for _, client, _ in members)]

    successes = {key: 0 for key in keys}
    ambiguous = {key: 0 for key in keys}
    busy = []  # what the first exit 75 said
    statuses = {}
    lock = threading.Lock()

    def writer(key):
        for _ in range(options.toggles):
            result = subprocess.run(command + ["toggle", key], env=env, capture_output=True, timeout=120)
            with lock:
                statuses[result.returncode] = statuses.get(result.returncode, 0) + 1
                if result.returncode == 0:
                    successes[key] += 1
                elif result.returncode == 75 and b"may or may not" in result.stderr:
                    ambiguous[key] += 1
                elif result.returncode == 75 and not busy:
                    busy.append(result.stderr.decode(errors="replace").strip())
                elif result.returncode != 75:
                    print(f"FAIL: toggle {key} exited {result.returncode}: {result.stderr.decode()[:200]}")

    kills = {"serve": 0, "ui": 0, "watch": 0}
    watch_lines = []
    problems = []
    done = threading.Event()

    def killer():
        kinds = ["serve", "ui", "watch"]
        turn = 0
        while not done.is_set():
            kind = kinds[turn % 3]
            turn += 1
            delay = chooser.uniform(0.05, 0.4)
            if kind == "ui":
                pid, fd = pty.fork()
                if pid == 0:
                    os.execve(binary, command + ["ui"], env)
                end = time.time() + delay
                while time.time() < end:
                    ready, _, _ = select.select([fd], [], [], 0.02)
                    if ready:
                        try:
                            os.read(fd, 65536)
                        except OSError:
                            break
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                os.close(fd)
            else:
                args = ["serve", "--port", "0"] if kind == "serve" else ["watch", "--json"]
                process = subprocess.Popen(command + args, env=env, stdout=subprocess.PIPE,
                                           stderr=subprocess.DEVNULL)
                time.sleep(delay)
                process.send_signal(signal.SIGKILL)
                out, _ = process.communicate()
                if kind == "watch":
                    watch_lines.extend(out.decode(errors="replace").splitlines())
                    if out and not out.endswith(b"\n"):
                        problems.append(f"a killed watch left a partial line: {out[-80:]!r}")
            kills[kind] += 1

    started = time.time()
    threads = [threading.Thread(target=writer, args=(key,)) for key in keys]
    kill_thread = threading.Thread(target=killer)
    kill_thread.start()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    done.set()
    kill_thread.join()
    elapsed = time.time() - started

    failures = []
    if members:
        text = subprocess.run(command + ["dump"], env=env, capture_output=True).stdout
        for process, _, _ in members:
            process.terminate()
            process.wait(timeout=30)
    else:
        with open(store, "rb") as handle:
            text = handle.read()
    try:
        values = json.loads(text, parse_constant=lambda c: (_ for _ in ()).throw(ValueError(c)))
    except ValueError as error:
        values = None
        failures.append(f"the store is not strict JSON: {error}")
    if values is not None:
        lost = [key for key in keys
                if not ambiguous[key] and bool(values.get(key, False)) != (successes[key] % 2 == 1)]
        if lost:
            failures.append(f"lost or doubled toggles: {', '.join(lost)}")
        extra = sorted(set(values) - set(keys))
        if extra:
            failures.append(f"keys no writer set: {extra}")
    if not members:
        check = subprocess.run(command + ["check"], env=env, capture_output=True)
        if check.returncode != 0:
            failures.append(f"settings check exited {check.returncode}: {check.stdout.decode()[:200]}")
    left = []
    for folder, folders, files in os.walk(base):
        folders[:] = [name for name in folders if not name.startswith("etcd-")]  # etcd's own files
        left += [os.path.join(folder, name) for name in files if ".tmp-" in name or name.endswith(".tmp")]
    if left:
        failures.append(f"left behind: {left}")
    running = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if os.path.realpath(f"/proc/{entry}/exe") == os.path.realpath(binary):
                    running.append(entry)
            except OSError:
                pass
    if running:
        failures.append(f"settings processes still running: {running}")
    for line in watch_lines:
        try:
            record = json.loads(line)
        except ValueError:
            failures.append(f"a watch line that is not JSON: {line[:80]!r}")
            break
        if record.get("key") not in keys:
            failures.append(f"a watch line about another key: {line[:80]!r}")
            break
    failures += problems

    toggles = sum(successes.values())
    where = f"a {options.etcd}-member etcd cluster" if members else "a file"
    print(f"kill under load, over {where}: {options.writers} writers x {options.toggles} toggles in {elapsed:.1f} s: "
          f"{toggles} succeeded, {sum(ambiguous.values())} ambiguous, statuses {dict(sorted(statuses.items()))}; "
          f"SIGKILLed serve {kills['serve']}, "
          f"ui {kills['ui']}, watch {kills['watch']} times; {len(watch_lines)} watch lines; "
          f"store {len(text)} bytes, {sum(1 for k in keys if values and values.get(k))} keys on")
    if busy:
        print(f"  the first exit 75 said: {busy[0][:300]}")
    for failure in failures:
        print(f"FAIL: {failure}")
    if not options.keep:
        shutil.rmtree(base, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
