#!/usr/bin/env python3
"""Crash, concurrency and hostile-input torture of the `settings` binary (see docs/RELIABILITY.md).

Called by Scripts/torture.sh with the release binary. Every phase works in its own temporary
directory, checks what it says below, and prints one figure line; the script exits 1 when any
check failed. Only the Python standard library is used.
"""

import argparse
import json
import os
import random
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

FAILURES = []


def fail(message):
    FAILURES.append(message)
    print("  FAIL: " + message, flush=True)


def strict_json(text):
    """Parses like the store reader: no NaN/Infinity, no duplicate member names."""

    def no_constants(name):
        raise ValueError("not JSON: " + name)

    def unique(pairs):
        names = [name for name, _ in pairs]
        if len(names) != len(set(names)):
            raise ValueError("duplicate member name")
        return dict(pairs)

    return json.loads(text, parse_constant=no_constants, object_pairs_hook=unique)


def temporaries(directory, store_name):
    return sorted(name for name in os.listdir(directory) if name.startswith("." + store_name + ".tmp-"))


def switches_document(directory, keys):
    items = [{"key": key, "type": "switch", "title": key.upper()} for key in keys]
    path = os.path.join(directory, "doc.json")
    with open(path, "w") as file:
        json.dump({"id": "torture", "sections": [{"items": items}]}, file)
    return path


# MARK: - Crash torture


def crash_torture(binary, rounds, seed):
    """`settings set` killed with SIGKILL at a random moment within 0-20 ms, `rounds` times.

    After each kill: the store parses as JSON, holds the old or the new value of the key, keeps
    every other key as it was, and a temporary file (.NAME.tmp-*) that a kill between the link and
    the rename left is removed by the next write.
    """
    rng = random.Random(seed)
    directory = tempfile.mkdtemp(prefix="settings-crash.")
    store = os.path.join(directory, "store.json")
    # Unknown keys make each write bigger, so kills land inside it more often.
    others = {"other-%04d" % index: "value %d" % index for index in range(2000)}
    with open(store, "w") as file:
        json.dump(dict(others, airplane=False), file)
    environment = {"SETTINGS_STORE": store, "PATH": os.environ.get("PATH", "")}
    counts = {"old": 0, "new": 0, "finished before the kill": 0, "killed": 0,
              "named, then removed by the next write": 0}
    current = False
    started = time.monotonic()
    for round_number in range(rounds):
        new = not current
        delay = rng.uniform(0, 0.020)
        process = subprocess.Popen(
            [binary, "set", "airplane", "on" if new else "off"], env=environment,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        time.sleep(delay)
        process.send_signal(signal.SIGKILL)
        _, stderr = process.communicate()
        if process.returncode == -signal.SIGKILL:
            counts["killed"] += 1
        elif process.returncode == 0:
            counts["finished before the kill"] += 1
        else:
            fail("crash round %d: exit %d: %s" % (round_number, process.returncode, stderr.decode()))
        try:
            with open(store, "rb") as file:
                values = strict_json(file.read().decode("utf-8"))
        except (OSError, ValueError) as error:
            fail("crash round %d (kill after %.1f ms): the store does not parse: %s"
                 % (round_number, delay * 1000, error))
            break
        value = values.get("airplane")
        if value == current:
            counts["old"] += 1
        elif value == new:
            counts["new"] += 1
            current = new
        else:
            fail("crash round %d: airplane is %r, neither old nor new" % (round_number, value))
        if {key: values.get(key) for key in others} != others:
            fail("crash round %d: other keys changed" % round_number)
        left = temporaries(directory, "store.json")
        if left:
            # A kill between the link and the rename leaves the name; the next write removes it.
            counts["named, then removed by the next write"] += 1
            probe = subprocess.run([binary, "toggle", "airplane"], env=environment, capture_output=True)
            if probe.returncode == 0:
                current = not current
            still = temporaries(directory, "store.json")
            if probe.returncode != 0 or still:
                fail("crash round %d (kill after %.1f ms): temporary files left after the next write: %s"
                     % (round_number, delay * 1000, still or probe.stderr.decode()))
                for name in still:
                    os.unlink(os.path.join(directory, name))
        if process.returncode == 0 and value != new:
            fail("crash round %d: the process exited 0 but the store holds the old value" % round_number)
    elapsed = time.monotonic() - started
    shutil.rmtree(directory)
    print("crash: %d kills within 0-20 ms in %.1f s; %d killed mid-run, %d finished first; "
          "store afterwards: %d old value, %d new value; a temporary name left by the kill %d times, "
          "removed by the next write: %s"
          % (rounds, elapsed, counts["killed"], counts["finished before the kill"], counts["old"],
             counts["new"], counts["named, then removed by the next write"],
             "every time" if not any("temporary" in f for f in FAILURES) else "NOT ALWAYS"),
          flush=True)


# MARK: - Concurrency torture


def run_set(binary, document, store, arguments):
    environment = {"SETTINGS_STORE": store, "PATH": os.environ.get("PATH", "")}
    completed = subprocess.run([binary, "-f", document] + arguments, env=environment,
                               capture_output=True, text=True)
    return completed.returncode, completed.stdout, completed.stderr


def check_status(status, stderr, what, statuses):
    statuses[status] = statuses.get(status, 0) + 1
    if status == 0:
        return True
    if status == 75 and "is busy: another settings process held its lock" in stderr:
        return False
    fail("%s: exit %d: %s" % (what, status, stderr.strip()))
    return False


def concurrency_distinct(binary, workers, sets, seed):
    """`workers` processes at a time, each setting its own key `sets` times (on, off, on, ...).

    At the end every key holds the last value its worker set successfully: no update was lost.
    """
    directory = tempfile.mkdtemp(prefix="settings-concurrent.")
    keys = ["k%02d" % index for index in range(workers)]
    document = switches_document(directory, keys + ["shared"])
    store = os.path.join(directory, "store.json")
    statuses = {}
    rng = random.Random(seed)
    orders = {key: [rng.random() < 0.5 for _ in range(sets)] for key in keys}

    def worker(key):
        last = None
        for index, value in enumerate(orders[key]):
            status, _, stderr = run_set(binary, document, store, ["set", key, "on" if value else "off"])
            if check_status(status, stderr, "distinct %s set %d" % (key, index), statuses):
                last = value
        return key, last

    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=workers) as pool:
        expected = dict(pool.map(worker, keys))
    elapsed = time.monotonic() - started
    values = strict_json(open(store).read())
    lost = [key for key in keys if expected[key] is not None and values.get(key) != expected[key]]
    if lost:
        fail("distinct keys: lost updates of %s" % lost)
    if temporaries(directory, "store.json"):
        fail("distinct keys: temporary files left")
    shutil.rmtree(directory)
    print("concurrency, distinct keys: %d processes x %d sets = %d runs in %.1f s; exit statuses %s; "
          "%d of %d keys hold their last value"
          % (workers, sets, workers * sets, elapsed, statuses, workers - len(lost), workers), flush=True)


def concurrency_shared(binary, workers, sets):
    """`workers` processes at a time, each toggling one shared key `sets` times.

    Every successful toggle turns the switch over, so after N of them it is on exactly when N is
    odd: a lost update would break the parity. Then `set` with random values: the final value is
    one that a successful process set.
    """
    directory = tempfile.mkdtemp(prefix="settings-shared.")
    document = switches_document(directory, ["shared"])
    store = os.path.join(directory, "store.json")
    statuses = {}

    def toggler(worker_index):
        done = 0
        for index in range(sets):
            status, stdout, stderr = run_set(binary, document, store, ["toggle", "shared"])
            if check_status(status, stderr, "toggle %d.%d" % (worker_index, index), statuses):
                done += 1
                if stdout not in ("on\n", "off\n"):
                    fail("toggle printed %r" % stdout)
        return done

    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=workers) as pool:
        toggles = sum(pool.map(toggler, range(workers)))
    elapsed = time.monotonic() - started
    final = strict_json(open(store).read()).get("shared", False)
    if final != (toggles % 2 == 1):
        fail("shared key: %d successful toggles but the switch is %s" % (toggles, "on" if final else "off"))
    print("concurrency, shared key: %d processes x %d toggles = %d runs in %.1f s; exit statuses %s; "
          "%d successful toggles, final state %s (parity %s)"
          % (workers, sets, workers * sets, elapsed, statuses, toggles, "on" if final else "off",
             "kept" if final == (toggles % 2 == 1) else "BROKEN"), flush=True)

    statuses = {}
    set_values = set()

    def setter(worker_index):
        rng = random.Random(worker_index)
        for index in range(sets):
            value = rng.choice(["on", "off"])
            status, _, stderr = run_set(binary, document, store, ["set", "shared", value])
            if check_status(status, stderr, "set shared %d.%d" % (worker_index, index), statuses):
                set_values.add(value == "on")

    with ThreadPoolExecutor(max_workers=workers) as pool:
        list(pool.map(setter, range(workers)))
    values = strict_json(open(store).read())
    if values.get("shared") not in set_values or list(values) != ["shared"]:
        fail("shared key: final store %r" % values)
    if temporaries(directory, "store.json"):
        fail("shared key: temporary files left")
    shutil.rmtree(directory)
    print("concurrency, shared key: %d processes x %d sets; exit statuses %s; final store %s"
          % (workers, sets, statuses, json.dumps(values)), flush=True)


# MARK: - Hostile input


def timed(binary, arguments, environment, timeout=300):
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    started = time.monotonic()
    try:
        completed = subprocess.run([binary] + arguments, env=environment, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, timeout, 0, b"", b""
    elapsed = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return completed.returncode, elapsed, max(before, after), completed.stdout, completed.stderr


def hostile(binary):
    """Inputs too big for the test suite: each ends in bounded time with a result or a clear
    error, never a crash, and nothing is written outside the store path."""
    directory = tempfile.mkdtemp(prefix="settings-hostile.")
    home = os.path.join(directory, "home")
    os.mkdir(home)
    # The compiled document cache goes outside HOME, so that HOME holds only the store.
    environment = {"HOME": home, "XDG_CACHE_HOME": os.path.join(directory, "cache"),
                   "PATH": os.environ.get("PATH", "")}

    def write(name, text):
        path = os.path.join(directory, name)
        with open(path, "w") as file:
            file.write(text)
        return path

    million = write("million.json", json.dumps({"id": "million", "sections": [{"items": [
        {"key": "k%d" % index, "type": "switch", "title": "Item %d" % index} for index in range(1_000_000)]}]}))
    million_bad = write("million-bad.json", json.dumps({"id": "million-bad", "sections": [{"items": [
        {"key": "k", "type": "switch", "title": "T", "subtitle": "x"} for _ in range(1_000_000)]}]}))
    big = "x" * 50_000_000
    big_string = write("big-string.json", json.dumps({"id": "big", "sections": [{"header": big, "footer": big,
        "items": [{"key": "a", "type": "switch", "title": big, "subTitle": big}]}]}))
    big_field = write("big-field.json", '{"id": "big", "%s": 1}' % big)
    deep = write("deep.json", '{"id": "deep", "sections": ' + "[" * 10_000 + "]" * 10_000 + "}")
    escape = write("escape.json", json.dumps({"id": "../../etc/passwd", "sections": []}))
    store = os.path.join(home, "million-store.json")
    cases = [
        ("1 000 000 items: validate", ["validate", million], 0, "1 section, 1000000 items"),
        ("1 000 000 items: show --width 60", ["-f", million, "show", "--width", "60"], 0, "Item 999999"),
        ("1 000 000 items: set k999999 on", ["-f", million, "--store", store, "set", "k999999", "on"], 0, ""),
        ("1 000 000 items: get k999999", ["-f", million, "--store", store, "get", "k999999"], 0, "on"),
        ("1 000 000 items, each with two errors", ["validate", million_bad], 65, "items[999999].key: duplicate key"),
        ("50 MB strings: show --width 60", ["-f", big_string, "show", "--width", "60"], 0, "xxx…"),
        ("50 MB strings: show --json", ["-f", big_string, "show", "--json"], 0, '"subTitle": "xxx'),
        ("50 MB field name", ["validate", big_field], 65, "known fields are version"),
        ("nesting 10 000 deep", ["validate", deep], 65, "nest deeper than 256 levels"),
        ('"id": "../../etc/passwd": set', ["-f", escape, "set", "a", "on"], 65, "invalid id"),
    ]
    for name, arguments, expected_status, expected_text in cases:
        status, elapsed, rss, stdout, stderr = timed(binary, arguments, environment)
        output = (stdout + stderr).decode("utf-8", "replace")
        ok = status == expected_status and expected_text in output
        if not ok:
            fail("hostile %s: exit %s, output %r" % (name, status, output[:300]))
        print("hostile: %-40s exit %-4s %6.1f s  peak RSS so far %5d MB  %s"
              % (name, status, elapsed, rss // 1024, "ok" if ok else "FAILED"), flush=True)
    written = sorted(os.listdir(home))
    if written != ["million-store.json", "million-store.json.lock"]:
        fail("hostile: files written under HOME: %s" % written)
    shutil.rmtree(directory)


# MARK: - Cache corruption


def cache_corruption(binary, rounds, seed):
    """Damages the compiled document cache at random (flipped bytes, cuts, zeroed or random runs,
    junk appended, another document's cache, an empty file) before each command, and checks that
    every `get`, `toggle` and `show` answers exactly as a run with --no-cache does."""
    rng = random.Random(seed)
    directory = tempfile.mkdtemp(prefix="settings-cache.")
    cache_folder = os.path.join(directory, "cache", "settings")
    environment = {"HOME": directory, "XDG_CACHE_HOME": os.path.join(directory, "cache"),
                   "SETTINGS_STORE": os.path.join(directory, "store.json"), "PATH": os.environ.get("PATH", "")}
    # Child pages, conditions, choices, localized text and an items file.
    items = []
    for index in range(300):
        item = {"key": "k%d" % index, "type": "switch", "title": {"en": "Item %d" % index, "ko": "항목 %d" % index}}
        if index % 7 == 3:
            item["enabledWhen"] = {"k%d" % (index - 1): False}
        items.append(item)
    items.append({"key": "page", "type": "detailTitle", "title": "Page", "page": {"sections": [{"items": [
        {"key": "inner", "type": "switch", "title": "Inner", "on": True, "visibleWhen": {"k0": False}},
        {"key": "mode", "type": "rightDetail", "title": "Mode", "value": "a",
         "choices": [{"value": "a", "title": "A"}, {"value": "b", "title": "B"}]}]}]}})
    with open(os.path.join(directory, "lines.jsonl"), "w") as file:
        for index in range(200):
            file.write(json.dumps({"key": "line%d" % index, "type": "switch", "title": "Line %d" % index}) + "\n")
    document = os.path.join(directory, "doc.json")
    with open(document, "w") as file:
        json.dump({"id": "cache-torture", "title": "Cache", "sections": [
            {"items": items}, {"header": "Lines", "itemsFile": "lines.jsonl"}]}, file)
    # Sections read on demand from the cache's page part (no items file): 20 sections of 30 rows,
    # every fifth with conditions (decoded with the document), one with a child page.
    paged_sections = []
    for number in range(20):
        rows = []
        for index in range(30):
            row = {"key": "s%dr%d" % (number, index), "type": "switch",
                   "title": {"en": "Row %d.%d" % (number, index), "ko": "줄 %d.%d" % (number, index)}}
            if number % 5 == 0 and index == 1:
                row["enabledWhen"] = {"s%dr0" % number: True}
            rows.append(row)
        if number == 7:
            rows.append({"key": "deep", "type": "detailTitle", "title": "Deep", "page": {"sections": [{"items": [
                {"key": "leaf", "type": "switch", "title": "Leaf"}]}]}})
        paged_sections.append({"header": "Section %d" % number, "items": rows})
    paged = os.path.join(directory, "paged.json")
    with open(paged, "w") as file:
        json.dump({"id": "cache-pages", "title": "Pages", "sections": paged_sections}, file)
    keys_by_path = {paged: ["s%dr%d" % (n, i) for n in range(20) for i in range(30)] + ["deep.leaf", "nope"]}
    other = os.path.join(directory, "other.json")
    shutil.copy(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Examples", "ios-settings.json"), other)
    keys = ["k%d" % index for index in range(300)] + ["line%d" % index for index in range(200)]
    keys += ["page.inner", "page.mode", "inner", "nope", "k3000"]
    # The cache trusts no source modified within 2 s of its reading.
    time.sleep(2.2)

    def run(arguments):
        completed = subprocess.run([binary] + arguments, env=environment, capture_output=True, timeout=60)
        return completed.returncode, completed.stdout, completed.stderr

    for path in (other, document, paged):
        run(["-f", path, "get", "--locale", "ko", "k0"])
        run(["-f", path, "get", "k0"])
    names = sorted(os.listdir(cache_folder))
    caches = {}
    for name in names:
        with open(os.path.join(cache_folder, name), "rb") as file:
            caches[name] = file.read()
    if len(caches) != 6:
        fail("cache corruption: expected 6 cache files, found %s" % names)
        shutil.rmtree(directory)
        return
    kinds = {}
    compared = 0
    for _ in range(rounds):
        name = rng.choice(names)
        good = bytearray(caches[name])
        kind = rng.choice(["flip", "flips", "cut", "zeros", "random", "junk", "other", "empty", "none"])
        kinds[kind] = kinds.get(kind, 0) + 1
        damaged = bytearray(good)
        if kind == "flip":
            damaged[rng.randrange(len(damaged))] ^= 1 << rng.randrange(8)
        elif kind == "flips":
            for _ in range(rng.randint(2, 50)):
                damaged[rng.randrange(len(damaged))] = rng.randrange(256)
        elif kind == "cut":
            damaged = damaged[:rng.randrange(len(damaged))]
        elif kind in ("zeros", "random"):
            start = rng.randrange(len(damaged))
            length = rng.randint(1, 256)
            for index in range(start, min(len(damaged), start + length)):
                damaged[index] = 0 if kind == "zeros" else rng.randrange(256)
        elif kind == "junk":
            damaged += bytes(rng.randrange(256) for _ in range(rng.randint(1, 100)))
        elif kind == "other":
            damaged = bytearray(caches[rng.choice([n for n in names if n != name])])
        elif kind == "empty":
            damaged = bytearray()
        for each in names:
            with open(os.path.join(cache_folder, each), "wb") as file:
                file.write(damaged if each == name else caches[each])
        locale = rng.choice([[], ["--locale", "ko"]])
        path = rng.choice([document, document, other, paged, paged])
        key = rng.choice(keys_by_path.get(path, keys))
        draw = rng.random()
        if draw < 0.25:
            # The screen's reading: the page part, a section or a child page decoded on demand.
            shown = rng.choice([[], ["2"], ["8"], ["--all"], ["--json"], ["deep"], ["page"]])
            cached = run(["-f", path, "show"] + locale + shown)
            plain = run(["-f", path, "show", "--no-cache"] + locale + shown)
        elif draw < 0.8:
            cached = run(["-f", path, "get"] + locale + [key])
            plain = run(["-f", path, "get", "--no-cache"] + locale + [key])
        else:
            # From the same starting state: toggled with the cache, back, and toggled without it.
            cached = run(["-f", path, "toggle"] + locale + [key])
            if cached[0] == 0:
                run(["-f", path, "toggle", "--no-cache", key])
            plain = run(["-f", path, "toggle", "--no-cache"] + locale + [key])
        compared += 1
        if cached != plain:
            fail("cache corruption (%s of %s): %s %s: %r, with --no-cache %r"
                 % (kind, name, os.path.basename(path), key, cached, plain))
    print("cache corruption: %d commands compared with --no-cache (%s)"
          % (compared, ", ".join("%s %d" % item for item in sorted(kinds.items()))), flush=True)
    shutil.rmtree(directory)


# MARK: - Hostile HTTP (settings serve)


def hostile_http(binary, seed, rounds):
    """`settings serve` under hostile HTTP: random bytes, requests cut anywhere, heads over 16 KiB,
    bodies over 64 KiB, chunked bodies that lie, slow heads held open, 100 connections at once.
    Checks that every answered request got one of the statuses the server documents, that the
    server still answers a good request afterwards, and that SIGTERM ends it with status 0."""
    import socket

    rng = random.Random(seed)
    directory = tempfile.mkdtemp(prefix="settings-torture-http-")
    environment = dict(os.environ, HOME=directory, XDG_CONFIG_HOME=directory + "/config",
                       SETTINGS_STORE=directory + "/store.json", XDG_CONFIG_DIRS=directory + "/system")
    server = subprocess.Popen([binary, "serve", "-f", "Examples/phone-settings.json"], env=environment,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    address = server.stdout.readline().decode().strip()
    port = int(address.split(":")[2].split("/")[0])
    token = address.split("=")[1]
    host = "Host: 127.0.0.1:%d\r\n" % port
    cookie = "Cookie: settings_auth=%s\r\n" % token
    good = ("GET /api/document HTTP/1.1\r\n" + host + cookie + "\r\n").encode()
    post = ("POST /api/set HTTP/1.1\r\n" + host + cookie + "Content-Type: application/json\r\n"
            "Origin: http://127.0.0.1:%d\r\nContent-Length: 43\r\n\r\n"
            '{"key": "airplane", "value": true, "x": 1}' % port).encode()
    allowed = {200, 303, 400, 403, 404, 405, 409, 413, 421, 422, 431, 501, 503}

    def request(payload, hold=0.0):
        """Sends payload; returns the status line's code, or None when the server closed quietly."""
        try:
            connection = socket.create_connection(("127.0.0.1", port), timeout=15)
        except OSError as error:
            return "connect: %s" % error
        try:
            connection.sendall(payload)
            if hold:
                time.sleep(hold)
            data = b""
            while b"\r\n" not in data:
                chunk = connection.recv(4096)
                if not chunk:
                    break
                data += chunk
            if not data:
                return None
            parts = data.split(b" ", 2)
            return int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else "bad status line %r" % data[:40]
        except (ConnectionResetError, BrokenPipeError):
            return None
        except socket.timeout:
            return "no answer within 15 s"
        finally:
            connection.close()

    def hostile_payload(index):
        kind = index % 8
        if kind == 0:
            return bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 2000)))
        if kind == 1:
            return good[: rng.randint(1, len(good) - 1)] + bytes([rng.getrandbits(8)]) + good
        if kind == 2:
            return ("GET / HTTP/1.1\r\n" + host + "X: " + "a" * rng.randint(16 * 1024, 40 * 1024) + "\r\n\r\n").encode()
        if kind == 3:
            return post.replace(b"Content-Length: 43", b"Content-Length: %d" % rng.randint(65537, 10 ** 12))
        if kind == 4:
            return post.replace(b"Content-Length: 43", b"Transfer-Encoding: chunked") + b"\r\nffffffffff\r\n"
        if kind == 5:
            return post.replace(b"Content-Length: 43", b"Content-Length: 43\r\nTransfer-Encoding: chunked")
        if kind == 6:
            method = rng.choice([b"PUT", b"DELETE", b"OPTIONS", b"TRACE", b"G\x00T", b"get"])
            return method + good[3:]
        mutated = bytearray(post)
        for _ in range(rng.randint(1, 5)):
            mutated[rng.randrange(len(mutated))] = rng.getrandbits(8)
        return bytes(mutated)

    started = time.time()
    outcomes = {}
    problems = []
    with ThreadPoolExecutor(max_workers=24) as pool:
        slow = [pool.submit(request, b"GET / HTTP/1.1\r\nHost: 127.0.0.1", 0) for _ in range(8)]
        answers = list(pool.map(lambda index: request(hostile_payload(index)), range(rounds)))
        for future in slow:
            answers.append(future.result())
    for answer in answers:
        key = "closed" if answer is None else answer
        outcomes[key] = outcomes.get(key, 0) + 1
        if isinstance(answer, str) or (isinstance(answer, int) and answer not in allowed):
            problems.append(answer)
    # 100 connections at once: past 64 they get 503, and the server serves again when they go.
    held = [socket.create_connection(("127.0.0.1", port), timeout=15) for _ in range(100)]
    time.sleep(0.5)
    refused = 0
    for connection in held[64:]:
        try:
            connection.settimeout(5)
            refused += connection.recv(64).startswith(b"HTTP/1.1 503")
        except OSError:
            pass
    for connection in held:
        connection.close()
    time.sleep(0.5)
    after = request(good)
    if problems:
        fail("hostile HTTP: unexpected answers %s" % sorted(set(map(str, problems)))[:10])
    if refused != 36:
        fail("hostile HTTP: %d of the 36 connections past 64 got 503" % refused)
    if after != 200:
        fail("hostile HTTP: a good request afterwards got %s" % after)
    if server.poll() is not None:
        fail("hostile HTTP: the server exited with %s" % server.returncode)
    server.send_signal(signal.SIGTERM)
    try:
        code = server.wait(timeout=5)
    except subprocess.TimeoutExpired:
        server.kill()
        code = "killed after 5 s"
    if code != 0:
        fail("hostile HTTP: SIGTERM ended the server with %s" % code)
    print("hostile HTTP: %d requests in %.1f s (%s), %d of 36 past 64 connections got 503, then %s"
          % (len(answers), time.time() - started,
             ", ".join("%s %d" % (key, value) for key, value in sorted(outcomes.items(), key=str)), refused, after),
          flush=True)
    shutil.rmtree(directory)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--kills", type=int, default=500)
    parser.add_argument("--processes", type=int, default=50)
    parser.add_argument("--sets", type=int, default=20)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--cache-rounds", type=int, default=300)
    parser.add_argument("--skip-hostile", action="store_true")
    parser.add_argument("--http-requests", type=int, default=1000)
    parser.add_argument("--skip-http", action="store_true")
    options = parser.parse_args()
    print("seed %d" % options.seed, flush=True)
    phases = [
        lambda: crash_torture(options.binary, options.kills, options.seed),
        lambda: concurrency_distinct(options.binary, options.processes, options.sets, options.seed),
        lambda: concurrency_shared(options.binary, options.processes, options.sets),
        lambda: cache_corruption(options.binary, options.cache_rounds, options.seed),
    ]
    if not options.skip_hostile:
        phases.append(lambda: hostile(options.binary))
    if not options.skip_http:
        phases.append(lambda: hostile_http(options.binary, options.seed, options.http_requests))
    passed = 0
    for phase in phases:
        before = len(FAILURES)
        phase()
        passed += len(FAILURES) == before
    print("torture: %d passed, %d failed" % (passed, len(phases) - passed))
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
