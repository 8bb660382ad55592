#!/usr/bin/env python3
"""Times element changes of a long list against a `set` of a switch in the same document.

Run by hand, on a release build, not part of `swift test`:

    swift build -c release --product settings
    python3 Benchmarks/lists.py --binary .build/release/settings
    python3 Benchmarks/lists.py --binary … --elements 10000 --runs 20 --rounds 3
    python3 Benchmarks/lists.py --binary … --history 20

The document has one switch and one list of text elements (`--elements`, 10 000 by default); the
user's store holds the list with every element (so each command reads and writes all of them) and
the switch off. Before each timed write an untimed `--prepare` puts the store and its journal back,
so every run starts from the same files and really writes. The journal is empty, or with
`--history K` holds K element changes made before (an element added and removed, K/2 times), as a
list the user has edited has. Each comparison runs in
`--rounds` hyperfine rounds (`-N`, no shell) alternating the order of the commands, and prints the
median of each command and its ratio over the peer measured in the same rounds:

- `add dns 10.9.9.9` (appends one element) and `move dns 1 --to N` (the first element to the
  end), against `set airplane on` (the target is at most 1.5 times the `set`);
- `get dns` (prints every element), against `get airplane`.

After the runs the store must hold what the last command wrote, or the script stops. It prints
the load average before and after: the ratios mean more than the times on a shared machine.
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile


def document(elements):
    return {
        "id": "lists",
        "sections": [{"items": [
            {"key": "airplane", "type": "switch", "title": "Airplane Mode"},
            {"key": "dns", "type": "list", "title": "DNS Servers", "element": {"type": "textField"},
             "unique": True, "value": []},
        ]}],
    }


def hyperfine(commands, prepares, env, runs, warmup):
    """One hyperfine invocation; each command's wall times in seconds."""
    with tempfile.NamedTemporaryFile(suffix=".json") as export:
        arguments = ["hyperfine", "-N", "--style", "none", "--warmup", str(warmup), "--runs", str(runs),
                     "--export-json", export.name]
        for prepare in prepares:
            arguments += ["--prepare", prepare]
        arguments += commands
        result = subprocess.run(arguments, env=env, capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit(f"hyperfine failed:\n{result.stdout}\n{result.stderr}")
        with open(export.name, encoding="utf-8") as file:
            return [entry["times"] for entry in json.load(file)["results"]]


def timed(commands, prepares, env, runs, rounds, warmup=2):
    """The median wall time of each command over `rounds` rounds that alternate the order."""
    times = [[] for _ in commands]
    for number in range(rounds):
        order = list(range(len(commands)))
        if number % 2 == 1:
            order.reverse()
        results = hyperfine([commands[i] for i in order], [prepares[i] for i in order], env, runs, warmup)
        for position, index in enumerate(order):
            times[index] += results[position]
    return [statistics.median(values) for values in times]


def load():
    with open("/proc/loadavg", encoding="utf-8") as file:
        return " ".join(file.read().split()[:3])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=".build/release/settings")
    parser.add_argument("--elements", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--history", type=int, default=0)
    options = parser.parse_args()
    binary = os.path.abspath(options.binary)
    count = options.elements
    work = tempfile.mkdtemp(prefix="lists-bench-")
    try:
        env = dict(os.environ, HOME=work, XDG_CACHE_HOME=f"{work}/cache", XDG_CONFIG_HOME=f"{work}/config",
                   XDG_CONFIG_DIRS=f"{work}/none")
        env.pop("SETTINGS_CACHE", None)
        doc = f"{work}/doc.json"
        store = f"{work}/store.json"
        original = f"{work}/store.orig.json"
        with open(doc, "w", encoding="utf-8") as file:
            json.dump(document(count), file, indent=2)
        elements = [f"10.{n // 65536}.{n // 256 % 256}.{n % 256}" for n in range(count)]
        with open(original, "w", encoding="utf-8") as file:
            json.dump({"airplane": False, "dns": elements}, file, indent=2)
        # The cache trusts no document changed less than 2 s before it is read: date it back.
        os.utime(doc, (os.path.getmtime(doc) - 3600, os.path.getmtime(doc) - 3600))
        base = [binary, "-f", doc, "--store", store]
        shutil.copyfile(original, store)
        subprocess.run(base + ["get", "airplane"], env=env, check=True, capture_output=True)
        journal = f"{work}/journal.orig"
        for number in range(options.history // 2):
            subprocess.run(base + ["add", "dns", "10.251.0.1"], env=env, check=True, capture_output=True)
            subprocess.run(base + ["remove", "dns", "10.251.0.1"], env=env, check=True, capture_output=True)
        if options.history >= 2:
            shutil.copyfile(store, original)
            shutil.copyfile(f"{store}.journal", journal)
            restore = f"sh -c 'cp {original} {store} && cp {journal} {store}.journal'"
        else:
            restore = f"sh -c 'cp {original} {store} && rm -f {store}.journal'"

        def command(*words):
            return " ".join(base + list(words))

        history = os.path.getsize(journal) if options.history >= 2 else 0
        print(f"settings element changes, a list of {count} elements, a journal of {options.history // 2 * 2} "
              f"changes ({history} bytes); load average before: {load()}")
        writes = [command("set", "airplane", "on"), command("add", "dns", "10.250.9.9"),
                  command("move", "dns", "1", "--to", str(count))]
        medians = timed(writes, [restore] * 3, env, options.runs, options.rounds)
        with open(store, encoding="utf-8") as file:
            stored = json.load(file)
        # The last command of the last round (its order reversed when the rounds are even).
        last = "set" if options.rounds % 2 == 0 else "move"
        expected = {"set": stored["airplane"] is True and stored["dns"] == elements,
                    "move": stored["dns"] == elements[1:] + elements[:1]}[last]
        if not expected:
            sys.exit(f"the store does not hold what the last {last} wrote")
        reads = [command("get", "airplane"), command("get", "dns")]
        shutil.copyfile(original, store)
        read_medians = timed(reads, ["true", "true"], env, options.runs, options.rounds)
        print()
        print("| command | median | ratio over the peer |")
        print("| --- | --- | --- |")
        names = ["`set airplane on` (peer)", "`add dns 10.250.9.9`", f"`move dns 1 --to {count}`"]
        for name, median in zip(names, medians):
            print(f"| {name} | {median * 1000:.1f} ms | {median / medians[0]:.2f}× |")
        names = ["`get airplane` (peer)", "`get dns`"]
        for name, median in zip(names, read_medians):
            print(f"| {name} | {median * 1000:.1f} ms | {median / read_medians[0]:.2f}× |")
        print()
        print(f"load average after: {load()}; {os.cpu_count()} CPUs")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
