"""Runs the browser tests (`test_*` functions in Tests/Web/test_*.py) and prints `N passed, N failed`; a test that fails is run once more (see main).

Usage: python3 Tests/Web/run.py [SUBSTRING…]   (only the tests whose names contain one of them)

Each test gets a `Context`: the servers and browsers it opens through it are closed when it ends,
passed or failed, each server killed by its pid.
"""

import importlib
import shutil
import sys
import tempfile
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import BINARY, Browser, Server  # noqa: E402


class Context:
    """What one test opened, to close at its end."""

    def __init__(self):
        self.servers = []
        self.browsers = []
        self.folders = []

    def server(self, document, **options):
        server = Server(document, **options)
        self.servers.append(server)
        return server

    def browser(self, **options):
        browser = Browser(**options)
        self.browsers.append(browser)
        return browser

    def temp_copy(self, *files):
        """Copies `files` into a new temporary folder (removed at the end); returns the first copy's path."""
        folder = Path(tempfile.mkdtemp(prefix="settings-web-doc-"))
        self.folders.append(folder)
        copies = [Path(shutil.copy(file, folder / Path(file).name)) for file in files]
        return copies[0]

    def temp_file(self, name, text):
        """Writes `text` to `name` in a new temporary folder (removed at the end); returns its path."""
        folder = Path(tempfile.mkdtemp(prefix="settings-web-doc-"))
        self.folders.append(folder)
        path = folder / name
        path.write_text(text)
        return path

    def close(self):
        for folder in self.folders:
            shutil.rmtree(folder, ignore_errors=True)
        for browser in self.browsers:
            browser.close()
        for server in self.servers:
            server.close()


def collect(filters):
    tests = []
    folder = Path(__file__).resolve().parent
    for path in sorted(folder.glob("test_*.py")):
        module = importlib.import_module(path.stem)
        for name in sorted(vars(module)):
            function = getattr(module, name)
            if name.startswith("test_") and callable(function):
                full = f"{path.stem}.{name}"
                if not filters or any(f in full for f in filters):
                    tests.append((full, function, getattr(function, "__code__").co_firstlineno))
    tests.sort(key=lambda t: (t[0].split(".")[0], t[2]))
    return tests


def run_once(name, function):
    """Runs one test in a fresh context; returns None when it passed, else what it printed."""
    context = Context()
    start = time.monotonic()
    report = []
    try:
        function(context)
    except Exception as error:
        report.append(f"FAIL {name} ({time.monotonic() - start:.1f} s): {error}")
        if not isinstance(error, AssertionError):
            report.append(traceback.format_exc().rstrip())
        for server in context.servers:
            tail = server.stderr().strip()
            if tail:
                report.append(f"  server stderr: {tail[-600:]}")
    else:
        print(f"PASS {name} ({time.monotonic() - start:.1f} s)", flush=True)
        return None
    finally:
        context.close()
    return "\n".join(report)


def main(arguments):
    if not BINARY.exists():
        print(f"{BINARY} is missing: run `swift build -c release` first", file=sys.stderr)
        return 2
    passed = failed = 0
    second_tries = []
    for name, function, _ in collect(arguments):
        first = run_once(name, function)
        if first is None:
            passed += 1
            continue
        # A browser test that fails is run once more, and a pass then is reported below, with the
        # first failure: Chromium and its driver fail now and then for reasons of their own (a
        # session that does not start, an element replaced between a find and a click), and one such
        # failure should not hide what the run says about settings serve; a second failure fails.
        print(first.replace("FAIL ", "FAILED ONCE (trying again) ", 1), flush=True)
        second = run_once(name, function)
        if second is None:
            passed += 1
            second_tries.append(first)
        else:
            failed += 1
            print(second, flush=True)
    for first in second_tries:
        print(f"passed on a second try; the first try said:\n{first}", flush=True)
    print(f"{passed} passed, {failed} failed, {len(second_tries)} of the passes on a second try")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
