#!/usr/bin/env python3
"""The compiled form's targets in one run: each row of docs/PERFORMANCE.md's target table, measured
beside its peer (jq, git config, or settings itself on the top page) in the same run, at the
sizes apps ship (the example, 1 000 items) and at 100 000 items.

Run by hand on a release build (`swift build -c release`), after Benchmarks/run.sh has installed
hyperfine, jq, git and GNU time:

    python3 Benchmarks/targets.py --binary .build/release/settings [--baseline OLD/settings]
        [--runs 10] [--rounds 2] [--out Benchmarks/work/targets.md]

It writes its documents into Benchmarks/work (generate.py's, a document whose child page holds
50 000 items, at depth 1 and 3, and a document whose section reads 1 000 000 lines of an items
file) and backdates them an hour, so the compiled document cache may be written at once. Each
binary gets a cache folder and a store of its own. Rows:

- cold `get`: `settings -f DOC --store S get KEY` with the cache folder removed before each run
  (hyperfine's --prepare), against `jq -r '.sections[].items[].title' DOC`; its peak memory
  (GNU time's %M), as a ratio of the document's size.
- reload: Benchmarks/reload.py's measurement (a watch, the default of the last switch flipped
  by a rename), median latency, and the watch's resident memory after the last reload over
  before the first.
- `show --all --width 80` (cache warm) against the same jq; peak memory over the document's size.
- `ui`, first screen: Benchmarks/ui.py's (spawn to the first frame's status line, median of 5
  after one untimed start).
- `serve`: Benchmarks/serve-large.py's run (address printed, `/api/page`, a search): peak memory
  after them over the document's (or items file's) size, and the time to the address.
- child-page `get`: `get more.item-49999` (and `more.more.more.item-49999`) against `get item-top`
  of the same document, cache warm.
- warm `get` and `toggle` against `git config --get` and `git config` (a write) on the same keys.

Prints one Markdown table: what, size, settings (and the baseline's, when given), the peer, the
ratio, the target, and whether it is met.
"""

import argparse
import importlib.util
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import bench  # noqa: E402
import generate  # noqa: E402


def script(name):
    """A sibling script whose name is not a module name (`serve-large.py`), as a module."""
    spec = importlib.util.spec_from_file_location(name.replace("-", "_").removesuffix(".py"),
                                                  os.path.join(HERE, name))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


reload_script = script("reload.py")
serve_script = script("serve-large.py")
ui_script = script("ui.py")

HOUR_AGO = time.time() - 3600


def backdate(*paths):
    for path in paths:
        os.utime(path, (HOUR_AGO, HOUR_AGO))


def write_json(path, value):
    generate.write(path, __import__("json").dumps(value, ensure_ascii=False, indent=1) + "\n")
    backdate(path)


class Binary:
    """One settings binary with a cache folder and a store of its own."""

    def __init__(self, name, path, work):
        self.name = name
        self.path = path
        self.home = os.path.join(work, f"home-{name}")
        shutil.rmtree(self.home, ignore_errors=True)
        os.makedirs(self.home)
        self.cache = os.path.join(self.home, "cache")
        self.env = dict(os.environ, HOME=self.home, XDG_CACHE_HOME=self.cache,
                        XDG_CONFIG_HOME=os.path.join(self.home, "config"),
                        XDG_STATE_HOME=os.path.join(self.home, "state"), COLUMNS="80", NO_COLOR="1",
                        LC_ALL="C.UTF-8")
        self.env.pop("SETTINGS_STORE", None)

    def command(self, document, *arguments):
        return [self.path, "-f", document, "--store", os.path.join(self.home, "store.json"), *arguments]


def line(words):
    return " ".join(words)


def measured(label, size, ours, peer, peer_name, target, met, baseline=None):
    return {"what": label, "size": size, "ours": ours, "baseline": baseline, "peer": peer, "peer_name": peer_name,
            "target": target, "met": met}


def hyperfine_pair(binaries, build, peer, options, prepare=None, peer_prepare="true"):
    """Median seconds of each binary's command (`build(binary)`, in the binary's environment) and
    of the peer's timed in the same hyperfine rounds: [(ours, peer's)], one pair per binary."""
    pairs = []
    for binary in binaries:
        prepares = [prepare(binary), peer_prepare] if prepare else None
        peer_command = peer(binary) if callable(peer) else peer
        ours, theirs = bench.timed([line(build(binary)), line(peer_command)], binary.env, options.runs, options.rounds,
                                   prepares=prepares)
        pairs.append((ours, theirs))
    return pairs


def cold_peak(binary, command):
    """Median peak resident set (KiB) of `command` with the binary's cache folder removed first."""
    values = []
    for _ in range(3):
        shutil.rmtree(binary.cache, ignore_errors=True)
        result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, env=binary.env, capture_output=True,
                                text=True)
        if result.returncode != 0:
            sys.exit(f"{' '.join(command)} failed:\n{result.stderr}")
        values.append(int(result.stderr.strip().splitlines()[-1]))
    return statistics.median(values)


def size_text(count):
    """A size in bytes as MiB, or KiB below one MiB."""
    return f"{count / 2**20:.1f} MiB" if count >= 2**20 else f"{count / 1024:.1f} KiB"


def ms(seconds):
    return f"{seconds * 1000:.1f} ms"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--baseline", help="an earlier settings binary, measured in the same run")
    parser.add_argument("--work", default=os.path.join(HERE, "work"))
    parser.add_argument("--runs", type=int, default=10, help="runs per command per hyperfine round")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--reload-rounds", type=int, default=5)
    parser.add_argument("--sizes", nargs="+", default=["example", "1000", "100000"],
                        help="the documents: example and generate.py's sizes (the targets are at 100000 and 1000)")
    parser.add_argument("--page-items", type=int, default=50_000, help="items of the child page")
    parser.add_argument("--lines", type=int, default=1_000_000, help="lines of the items file")
    parser.add_argument("--out", help="also write the table here")
    options = parser.parse_args()
    work = os.path.abspath(options.work)
    os.makedirs(work, exist_ok=True)

    binaries = [Binary("settings", os.path.abspath(options.binary), work)]
    if options.baseline:
        binaries.append(Binary("baseline", os.path.abspath(options.baseline), work))

    print("== documents", file=sys.stderr)
    example = os.path.join(ROOT, "Examples", "ios-settings.json")
    output = bench.run([sys.executable, os.path.join(HERE, "generate.py"), work, example]
                       + [size for size in options.sizes if size != "example"]).stdout
    documents = {}
    for entry in output.splitlines():
        name, path, size, count, key, section = entry.split()
        documents[name] = {"path": path, "bytes": int(size), "key": key, "section": section}
        if name != "example":
            backdate(path)
    pages = {}
    for depth in (1, 3):
        path = os.path.join(work, f"page-{options.page_items}-{depth}.json")
        write_json(path, generate.child_page_document(options.page_items, depth=depth))
        pages[depth] = path
    lines_document = os.path.join(work, f"lines-{options.lines}.json")
    lines_file = lines_document + "l"
    if not os.path.exists(lines_file) or os.path.getsize(lines_document) == 0:
        generate.write_items_file_document(lines_document, options.lines)
    backdate(lines_document, lines_file)

    rows = []

    def compare(label, size, build, peer, peer_name, target_ratio, target_text, prepare=None, peer_prepare="true"):
        pairs = hyperfine_pair(binaries, build, peer, options, prepare, peer_prepare)
        (ours, peer_time) = pairs[0]
        ratio = ours / peer_time
        baseline = f"{ms(pairs[1][0])} ({pairs[1][0] / pairs[1][1]:.2f}×)" if len(pairs) > 1 else None
        rows.append(measured(label, size, f"{ms(ours)} ({ratio:.2f}×)", ms(peer_time), peer_name, target_text,
                             ratio <= target_ratio if target_ratio else None, baseline))

    jq_titles = ".sections[].items[].title"
    for name in options.sizes:
        document = documents[name]
        path, key = document["path"], document["key"]
        print(f"== {name}: cold get, show --all", file=sys.stderr)
        jq = ["jq", "-r", jq_titles, path]
        compare("cold `get` (cache removed)", name,
                lambda binary: binary.command(path, "get", key),
                jq, "`jq -r '.sections[].items[].title'`", 1.0 if name == "100000" else None,
                "≤ 1.0× jq" if name == "100000" else "",
                prepare=lambda binary: f"rm -rf {binary.cache}")
        peak = cold_peak(binaries[0], binaries[0].command(path, "get", key))
        rows.append(measured("cold `get`, peak memory", name,
                             f"{size_text(peak * 1024)} ({peak * 1024 / document['bytes']:.1f}×)",
                             size_text(document["bytes"]), "the document", "", None))
        for binary in binaries:
            bench.run(binary.command(path, "get", key), env=binary.env)
        compare("`show --all --width 80`", name,
                lambda binary: binary.command(path, "show", "--all", "--width", "80"),
                jq, "`jq -r '.sections[].items[].title'`", 0.8 if name == "100000" else None,
                "≤ 0.8× jq" if name == "100000" else "")
        show_peak = bench.peak_kilobytes(binaries[0].command(path, "show", "--all", "--width", "80"),
                                         binaries[0].env, runs=3)
        ratio = show_peak * 1024 / document["bytes"]
        rows.append(measured("`show --all`, peak memory", name, f"{size_text(show_peak * 1024)} ({ratio:.1f}×)",
                             size_text(document["bytes"]), "the document",
                             "≤ 3× the document" if name == "100000" else "",
                             ratio <= 3 if name == "100000" else None))

        print(f"== {name}: ui first screen", file=sys.stderr)
        firsts = []
        for binary in binaries:
            ui_script.first_screen(binary.path, path, binary.home)
            firsts.append(statistics.median(ui_script.first_screen(binary.path, path, binary.home)
                                            for _ in range(5)))
        rows.append(measured("`ui`, first screen", name, ms(firsts[0]), "", "",
                             "≤ 100 ms" if name == "100000" else "",
                             firsts[0] <= 0.1 if name == "100000" else None,
                             ms(firsts[1]) if len(firsts) > 1 else None))

        if name != "example":
            print(f"== {name}: warm get and toggle against git config", file=sys.stderr)
            git = os.path.join(work, f"git-{name}.cfg")
            section = document["section"]
            compare("warm `get`", name, lambda binary: binary.command(path, "get", key),
                    ["git", "config", "--file", git, "--get", f"{section}.{key}"], "`git config --get`",
                    1.0 if name == "1000" else None, "≤ 1.0× git config" if name == "1000" else "")
            compare("`toggle`", name, lambda binary: binary.command(path, "toggle", key),
                    ["git", "config", "--file", git, f"{section}.{key}", "true"], "`git config` (a write)",
                    1.0 if name == "1000" else None, "≤ 1.0× git config" if name == "1000" else "")

            print(f"== {name}: reload", file=sys.stderr)
            results = [reload_script.measure(binary.path, path, options.reload_rounds) for binary in binaries]
            latencies, before, after = results[0]
            latency = statistics.median(latencies)
            grown = after[-1]["VmRSS"] / before["VmRSS"]
            baseline = None
            if len(results) > 1:
                baseline = f"{statistics.median(results[1][0]):.1f} ms"
            rows.append(measured("reload after one default changes (watch)", name, f"{latency:.1f} ms",
                                 "", "", "≤ 150 ms" if name == "100000" else "",
                                 latency <= 150 if name == "100000" else None, baseline))
            rows.append(measured("resident memory after the last reload over before the first", name,
                                 f"{after[-1]['VmRSS']:.1f} MiB over {before['VmRSS']:.1f} MiB ({grown:.2f}×)",
                                 "", "", "back to before (≤ 1.1×)" if name == "100000" else "",
                                 grown <= 1.1 if name == "100000" else None))

    print("== serve", file=sys.stderr)
    largest = max((size for size in options.sizes if size != "example"), key=int)
    for label, path, measured_bytes, size in (
        ("`serve`: start, top page and a search", documents[largest]["path"], documents[largest]["bytes"],
         largest),
        (f"`serve` on an items file of {options.lines:,} lines".replace(",", " "), lines_document,
         os.path.getsize(lines_file), f"{options.lines} lines"),
    ):
        results = [serve_script.run(binary.path, path) for binary in binaries]
        started, _, _, _, peak = results[0]
        ratio = peak / measured_bytes
        lines_case = path == lines_document
        baseline = None
        if len(results) > 1:
            baseline = f"{ms(results[1][0])}, {results[1][4] / measured_bytes:.1f}×"
        at_target = lines_case or size == "100000"
        rows.append(measured(label, size, f"address in {ms(started)}; peak {size_text(peak)} ({ratio:.1f}×)",
                             size_text(measured_bytes), "the items file" if lines_case else "the document",
                             ("≤ 300 ms and ≤ 3×" if lines_case else "≤ 3×") if at_target else "",
                             ((started <= 0.3 and ratio <= 3) if lines_case else ratio <= 3) if at_target else None,
                             baseline))

    print("== child pages", file=sys.stderr)
    for depth, path in pages.items():
        for binary in binaries:
            bench.run(binary.command(path, "get", "item-top"), env=binary.env)
        key = "more." * depth + f"item-{options.page_items - 1}"
        pairs = hyperfine_pair(binaries, lambda binary: binary.command(path, "get", key),
                               lambda binary: binary.command(path, "get", "item-top"), options)
        ours, top = pairs[0]
        rows.append(measured(f"`get` of an item on a child page, depth {depth}", f"{options.page_items} on the page",
                             f"{ms(ours)} ({ours / top:.2f}×)", ms(top), "`get item-top` of the same document",
                             "≤ 2×", ours / top <= 2,
                             f"{ms(pairs[1][0])} ({pairs[1][0] / pairs[1][1]:.2f}×)" if len(pairs) > 1 else None))

    header = ["what", "size", "settings", "baseline", "peer", "peer's time or size", "target", "met"]
    if not options.baseline:
        header.remove("baseline")
    table = ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
    for row in rows:
        cells = [row["what"], row["size"], row["ours"]]
        if options.baseline:
            cells.append(row["baseline"] or "")
        cells += [row["peer_name"], row["peer"], row["target"],
                  "" if row["met"] is None else ("yes" if row["met"] else "**no**")]
        table.append("| " + " | ".join(cells) + " |")
    machine, versions = bench.machine()
    report = "\n".join([f"Machine: {machine}; load average {os.getloadavg()[0]:.2f}", "; ".join(versions), ""]
                       + table) + "\n"
    print(report)
    if options.out:
        generate.write(options.out, report)


if __name__ == "__main__":
    main()
