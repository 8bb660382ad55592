#!/usr/bin/env python3
"""Times `settings` against git config, gsettings and jq on the same data, and prints a report.

Run through Benchmarks/run.sh, which installs the tools and builds the binary. Every comparison
is measured in one run, on the same files, by hyperfine without a shell (`-N`), in several rounds
that alternate the commands, so a machine whose load drifts slows both sides alike; the report
gives medians over all runs and ratios of medians. Peak memory is the maximum resident set size
from GNU time (`/usr/bin/time -f %M`), the median of several runs.

With `--baseline PATH`, a second `settings` binary (for example one built from the commit before a
change) is timed in the same hyperfine runs as the first, and a last table compares the two: each
one's ratio to the same peer, measured in the same run.

Usage: bench.py --binary PATH --work DIR [--baseline PATH] [--sizes 10 1000 ...] [--runs N] [--rounds N]
                [--out FILE]
"""

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import generate  # noqa: E402


def run(command, env=None, check=True):
    return subprocess.run(command, env=env, check=check, capture_output=True, text=True)


def hyperfine(commands, env, runs, warmup, prepares=None):
    """Runs one hyperfine invocation; returns each command's list of wall times in seconds."""
    with tempfile.NamedTemporaryFile(suffix=".json") as export:
        arguments = ["hyperfine", "-N", "--style", "none", "--warmup", str(warmup), "--runs", str(runs),
                     "--export-json", export.name]
        for index, command in enumerate(commands):
            if prepares:
                arguments += ["--prepare", prepares[index]]
        arguments += commands
        result = subprocess.run(arguments, env=env, capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit(f"hyperfine failed:\n{result.stdout}\n{result.stderr}")
        with open(export.name, encoding="utf-8") as file:
            data = json.load(file)
    return [entry["times"] for entry in data["results"]]


def timed(commands, env, runs, rounds, warmup=2, prepares=None):
    """Median wall time of each command over `rounds` hyperfine runs, alternating the order."""
    times = [[] for _ in commands]
    for round_number in range(rounds):
        order = list(range(len(commands)))
        if round_number % 2 == 1:
            order.reverse()
        results = hyperfine([commands[i] for i in order], env, runs, warmup,
                            [prepares[i] for i in order] if prepares else None)
        for position, index in enumerate(order):
            times[index] += results[position]
    return [statistics.median(values) for values in times]


def peak_kilobytes(command, env, runs=5):
    """Median peak resident set size of `command`, in KiB, from GNU time."""
    values = []
    for _ in range(runs):
        result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, env=env, capture_output=True,
                                text=True)
        if result.returncode != 0:
            sys.exit(f"{' '.join(command)} failed:\n{result.stderr}")
        values.append(int(result.stderr.strip().splitlines()[-1]))
    return statistics.median(values)


def machine():
    cpu = platform.processor() or "unknown CPU"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as file:
            for line in file:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    memory = "unknown"
    try:
        with open("/proc/meminfo", encoding="utf-8") as file:
            kilobytes = int(file.readline().split()[1])
            memory = f"{kilobytes / 1024 / 1024:.1f} GiB"
    except (OSError, ValueError, IndexError):
        pass
    versions = []
    for tool, flag in [("swift", "--version"), ("git", "--version"), ("jq", "--version"),
                       ("gsettings", "--version"), ("hyperfine", "--version")]:
        try:
            first = run([tool, flag], check=False).stdout.strip().splitlines()[0]
        except (OSError, IndexError):
            first = "missing"
        versions.append(f"{tool}: {first}")
    kernel = platform.release()
    return (f"{os.cpu_count()} CPUs (nproc {run(['nproc']).stdout.strip()}), {cpu}, {memory} memory, "
            f"Linux {kernel}", versions)


def milliseconds(seconds):
    return f"{seconds * 1000:.1f} ms" if seconds < 10 else f"{seconds:.1f} s"


def ratio(a, b):
    return f"{a / b:.2f}×"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 1000, 10000, 100000])
    parser.add_argument("--runs", type=int, default=15, help="runs per command per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", help="also write the report here")
    parser.add_argument("--baseline", help="a second settings binary, timed in the same runs (before/after)")
    options = parser.parse_args()

    binary = os.path.abspath(options.binary)
    baseline = os.path.abspath(options.baseline) if options.baseline else None
    work = os.path.abspath(options.work)
    os.makedirs(work, exist_ok=True)
    example = os.path.join(ROOT, "Examples", "ios-settings.json")

    print("== generating documents", file=sys.stderr)
    output = run([sys.executable, os.path.join(HERE, "generate.py"), work, example]
                 + [str(size) for size in options.sizes]).stdout
    documents = []
    for line in output.splitlines():
        name, path, size, count, key, section = line.split()
        documents.append({"name": name, "path": path, "bytes": int(size), "items": int(count), "key": key,
                          "section": section})
    # The compiled document cache trusts no document modified within 2 s of its reading.
    time.sleep(2.1)

    # GSettings: the schemas compiled into a data directory of our own, the keyfile backend writing
    # under a config directory of our own. glib-compile-schemas is slow on 100 000 keys (minutes),
    # so it runs only when the generated schemas changed.
    schemas = os.path.join(work, "data", "glib-2.0", "schemas")
    os.makedirs(schemas, exist_ok=True)
    changed = False
    for name in sorted(os.listdir(os.path.join(work, "schemas"))):
        source = os.path.join(work, "schemas", name)
        target = os.path.join(schemas, name)
        with open(source, "rb") as new:
            data = new.read()
        old = open(target, "rb").read() if os.path.exists(target) else None
        if old != data:
            with open(target, "wb") as file:
                file.write(data)
            changed = True
    compiled = os.path.join(schemas, "gschemas.compiled")
    if changed or not os.path.exists(compiled):
        print("== compiling GSettings schemas (slow for 100 000 keys)", file=sys.stderr)
        run(["glib-compile-schemas", schemas])

    config = os.path.join(work, "config")
    shutil.rmtree(config, ignore_errors=True)
    os.makedirs(config)
    env = dict(os.environ)
    env.update({"GSETTINGS_BACKEND": "keyfile", "XDG_DATA_DIRS": os.path.join(work, "data"),
                "XDG_CONFIG_HOME": config, "COLUMNS": "80", "NO_COLOR": "1", "LC_ALL": "C.UTF-8",
                "XDG_CACHE_HOME": os.path.join(work, "cache")})
    cache = os.path.join(work, "cache", "settings")
    keyfile = os.path.join(config, "glib-2.0", "settings", "keyfile")

    rows = {"set": [], "get": [], "show": [], "memory": [], "baseline": [], "cache": []}
    for doc in documents:
        name, path, key, section = doc["name"], doc["path"], doc["key"], doc["section"]
        store = os.path.join(work, f"store-{name}.json")
        if os.path.exists(store):
            os.remove(store)
        gitfile = os.path.join(work, f"git-{name}.cfg")
        schema = f"org.example.bench.n{name}"
        settings = [binary, "-f", path, "--store", store]
        before_store = os.path.join(work, f"store-before-{name}.json")
        if os.path.exists(before_store):
            os.remove(before_store)
        before = [baseline, "-f", path, "--store", before_store] if baseline else None
        print(f"== {name}: set, get, show --all", file=sys.stderr)

        def line(words):
            return " ".join(words)

        set_commands = [line(settings + ["set", key, "on"]),
                        line(["git", "config", "--file", gitfile, f"{section}.{key}", "true"]),
                        line(["gsettings", "set", schema, key, "true"])]
        set_prepares = [line(settings + ["set", key, "off"]),
                        line(["git", "config", "--file", gitfile, f"{section}.{key}", "false"]),
                        line(["gsettings", "set", schema, key, "false"])]
        if before:
            set_commands.append(line(before + ["set", key, "on"]))
            set_prepares.append(line(before + ["set", key, "off"]))
        set_times = timed(set_commands, env, options.runs, options.rounds, prepares=set_prepares)
        # Each tool really wrote: the last measured command set the key to on/true.
        checks = [run(settings + ["get", key], env).stdout.strip() == "on",
                  run(["git", "config", "--file", gitfile, "--get", f"{section}.{key}"], env).stdout.strip()
                  == "true",
                  f"{key}=true" in open(keyfile, encoding="utf-8").read().split()]
        if not all(checks):
            sys.exit(f"a set did not write (settings, git, gsettings): {checks}")
        if before and run(before + ["get", key], env).stdout.strip() != "on":
            sys.exit("a set of the baseline binary did not write")
        rows["set"].append((doc, set_times[:3]))

        get_commands = [line(settings + ["get", key]),
                        line(["git", "config", "--file", gitfile, "--get", f"{section}.{key}"]),
                        line(["gsettings", "get", schema, key])]
        if before:
            get_commands.append(line(before + ["get", key]))
        get_times = timed(get_commands, env, options.runs, options.rounds)
        rows["get"].append((doc, get_times[:3]))

        # The compiled document cache: toggle with it warm, get with none yet (cold: this run writes
        # it) and get without it.
        cache_commands = [line(settings + ["toggle", key]), line(settings + ["get", key]),
                          line(settings + ["get", "--no-cache", key])]
        cache_prepares = [line(["true"]), line(["rm", "-rf", cache]), line(["true"])]
        rows["cache"].append((doc, timed(cache_commands, env, options.runs, options.rounds, prepares=cache_prepares)))
        run(settings + ["get", key], env)  # warm again

        jq_filter = ".sections[].items[].title"
        show_commands = [line(settings + ["show", "--all", "--width", "80"]), line(["jq", "-r", jq_filter, path])]
        if before:
            show_commands.append(line(before + ["show", "--all", "--width", "80"]))
        show_times = timed(show_commands, env, options.runs, options.rounds)
        rows["show"].append((doc, show_times[:2]))
        if before:
            rows["baseline"].append((doc, {
                "set": (set_times[3], set_times[0], set_times[1]),
                "get": (get_times[3], get_times[0], get_times[1]),
                "show": (show_times[2], show_times[0], show_times[1]),
                "memory": (max(peak_kilobytes(before + ["set", key, "on"], env),
                               peak_kilobytes(before + ["get", key], env),
                               peak_kilobytes(before + ["show", "--all", "--width", "80"], env)),
                           max(peak_kilobytes(settings + ["set", key, "on"], env),
                               peak_kilobytes(settings + ["get", key], env),
                               peak_kilobytes(settings + ["show", "--all", "--width", "80"], env))),
            }))

        rows["memory"].append((doc, [
            peak_kilobytes(settings + ["set", key, "on"], env),
            peak_kilobytes(settings + ["get", key], env),
            peak_kilobytes(settings + ["show", "--all", "--width", "80"], env),
            peak_kilobytes(["git", "config", "--file", gitfile, "--get", f"{section}.{key}"], env),
            peak_kilobytes(["jq", "-r", jq_filter, path], env),
        ]))

    description, versions = machine()
    out = []
    out.append(f"Machine: {description}.  ")
    out.append("Tools: " + "; ".join(versions) + ".  ")
    out.append(f"Medians of {options.runs * options.rounds} runs per command ({options.rounds} rounds of "
               f"{options.runs}, alternating order); ratios are settings' median over the peer's.")
    out.append("")
    out.append("| document | items | bytes | `settings set` | `git config` | `gsettings set` "
               "| vs git | vs gsettings |")
    out.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")

    def items(doc):
        return f"{doc['items']:,}".replace(",", " ")

    for doc, (mine, git, gs) in rows["set"]:
        out.append(f"| {doc['name']} | {items(doc)} | {doc['bytes']:,} | {milliseconds(mine)} | "
                   f"{milliseconds(git)} | {milliseconds(gs)} | {ratio(mine, git)} | {ratio(mine, gs)} |")
    out.append("")
    out.append("| document | items | `settings get` | `git config --get` | `gsettings get` | vs git "
               "| vs gsettings |")
    out.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for doc, (mine, git, gs) in rows["get"]:
        out.append(f"| {doc['name']} | {items(doc)} | {milliseconds(mine)} | {milliseconds(git)} | "
                   f"{milliseconds(gs)} | {ratio(mine, git)} | {ratio(mine, gs)} |")
    out.append("")
    out.append("| document | items | `settings show --all` | `jq -r '.sections[].items[].title'` | vs jq |")
    out.append("| --- | ---: | ---: | ---: | ---: |")
    show = {}
    for doc, (mine, jq) in rows["show"]:
        show[doc["name"]] = (mine, jq)
        out.append(f"| {doc['name']} | {items(doc)} | {milliseconds(mine)} | {milliseconds(jq)} | "
                   f"{ratio(mine, jq)} |")
    if "10000" in show and "100000" in show:
        out.append("")
        out.append(f"Scaling, 100 000 items over 10 000: settings show --all "
                   f"{show['100000'][0] / show['10000'][0]:.1f}×, jq {show['100000'][1] / show['10000'][1]:.1f}×.")
    out.append("")
    out.append("The compiled document cache: `toggle` with a warm cache, `get` with a cold one (no cache yet: "
               "it loads the document and writes the cache) and `get --no-cache`; flat cost is each warm "
               "command's median over the same command's on the first document.")
    out.append("")
    out.append("| document | items | `toggle` | `get` cold | `get --no-cache` | cold / no-cache "
               "| get flat | set flat | toggle flat |")
    out.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    first_get = rows["get"][0][1][0]
    first_set = rows["set"][0][1][0]
    first_toggle = rows["cache"][0][1][0]
    for (doc, (toggle, cold, plain)), (_, gets), (_, sets) in zip(rows["cache"], rows["get"], rows["set"]):
        out.append(f"| {doc['name']} | {items(doc)} | {milliseconds(toggle)} | {milliseconds(cold)} | "
                   f"{milliseconds(plain)} | {ratio(cold, plain)} | {ratio(gets[0], first_get)} | "
                   f"{ratio(sets[0], first_set)} | {ratio(toggle, first_toggle)} |")
    out.append("")
    out.append("Peak resident memory (median of 5 runs, KiB; ratio = settings' peak over the document's size):")
    out.append("")
    out.append("| document | bytes | `set` | `get` | `show --all` | max / doc | `git config --get` | `jq` |")
    out.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for doc, (set_kb, get_kb, show_kb, git_kb, jq_kb) in rows["memory"]:
        worst = max(set_kb, get_kb, show_kb) * 1024 / doc["bytes"]
        out.append(f"| {doc['name']} | {doc['bytes']:,} | {set_kb:,.0f} | {get_kb:,.0f} | {show_kb:,.0f} | "
                   f"{worst:.1f}× | {git_kb:,.0f} | {jq_kb:,.0f} |")
    if rows["baseline"]:
        out.append("")
        out.append("Before and after: the baseline binary (before) and this one (after), timed in the same runs; "
                   "each ratio is over the same peer's median in that run (git config for set and get, jq for "
                   "show --all), and memory is the larger peak of set, get and show --all.")
        out.append("")
        out.append("| document | items | set before | set after | get before | get after "
                   "| show before | show after | peak KiB before | peak KiB after |")
        out.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        for doc, b in rows["baseline"]:
            cells = []
            for kind in ("set", "get", "show"):
                old, new, peer = b[kind]
                cells += [f"{milliseconds(old)} ({ratio(old, peer)})", f"{milliseconds(new)} ({ratio(new, peer)})"]
            old_kb, new_kb = b["memory"]
            out.append(f"| {doc['name']} | {items(doc)} | " + " | ".join(cells)
                       + f" | {old_kb:,.0f} | {new_kb:,.0f} |")
    report = "\n".join(out) + "\n"
    print(report)
    if options.out:
        with open(options.out, "w", encoding="utf-8") as file:
            file.write(report)


if __name__ == "__main__":
    main()
