"""The browser tests' harness: a `settings serve` per test, headless Chromium through Selenium.

Each test gets a `Server` (the release binary serving a document with a temporary store and
temporary XDG directories, killed by its pid at the end) and opens `Browser`s on it. Nothing here
downloads anything: Selenium runs the system's chromedriver (`SE_OFFLINE=true`), and axe-core comes
from the `axe-playwright-python` wheel in the virtual environment.
"""

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

os.environ["SE_OFFLINE"] = "true"

try:
    from selenium import webdriver  # noqa: E402
    from selenium.webdriver.chrome.service import Service  # noqa: E402
    from selenium.webdriver.common.by import By  # noqa: E402
    from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402
except ImportError:
    sys.exit(
        "The browser tests need Selenium 4.51.0 and axe-playwright-python 0.1.8 in .build/webtest-venv, "
        "chromium and chromium-driver: 'Scripts/test.sh --install' installs them, then run "
        ".build/webtest-venv/bin/python Tests/Web/run.py"
    )

ROOT = Path(__file__).resolve().parents[2]
BINARY = Path(os.environ.get("SETTINGS_BINARY", ROOT / ".build" / "release" / "settings"))
if not BINARY.exists():
    sys.exit(f"The browser tests run the release build, {BINARY}: build it with 'swift build -c release'")
if not Path("/usr/bin/chromedriver").exists():
    sys.exit("The browser tests need chromium and chromium-driver: 'apt-get install chromium chromium-driver' "
             "(Scripts/test.sh --install does)")
EXAMPLES = ROOT / "Examples"
SCREENSHOTS = ROOT / ".build" / "web-screenshots"
ADDRESS = re.compile(r"^http://127\.0\.0\.1:(\d+)/\?token=([A-Za-z0-9_\-]+)$")


class TestFailure(AssertionError):
    """A check that did not hold, with what was expected and what was seen."""


def check(condition, message):
    """Fails the test with `message` unless `condition` holds."""
    if not condition:
        raise TestFailure(message)


def check_equal(seen, expected, what):
    """Fails the test unless `seen == expected`, naming `what`."""
    if seen != expected:
        raise TestFailure(f"{what}: expected {expected!r}, saw {seen!r}")


def wait_until(predicate, what, timeout=5.0, interval=0.05):
    """Polls `predicate` until it returns a true value (returned), else fails naming `what`."""
    deadline = time.monotonic() + timeout
    last = None
    while True:
        try:
            last = predicate()
        except Exception as error:  # a stale element while the page redraws: try again
            last = error
        if last and not isinstance(last, Exception):
            return last
        if time.monotonic() > deadline:
            raise TestFailure(f"timed out after {timeout} s waiting for {what} (last: {last!r})")
        time.sleep(interval)


def axe_source():
    """The text of axe.min.js (axe-core 4.12.1) from the axe-playwright-python wheel."""
    import axe_playwright_python

    return (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text()


class Server:
    """`settings serve` on a free port with a temporary store and temporary XDG directories."""

    def __init__(self, document, store_text=None, system_file=None, locale=None, extra_args=()):
        self.temp = Path(tempfile.mkdtemp(prefix="settings-web-"))
        self.document = Path(document)
        self.config_home = self.temp / "config"
        self.config_dirs = self.temp / "xdg"
        self.cache_home = self.temp / "cache"
        self.state_home = self.temp / "state"
        for directory in (self.config_home, self.config_dirs, self.cache_home, self.state_home):
            directory.mkdir()
        self.store = self.temp / "store.json"
        if store_text is not None:
            self.store.write_text(store_text)
        self.system_file_text = system_file
        self.locale = locale
        self.extra_args = list(extra_args)
        self.process = None
        self.address = None
        self.port = None
        self.token = None
        self.start()

    @property
    def environment(self):
        """The environment every `settings` process of this test runs in."""
        env = dict(os.environ)
        env.update(
            {
                "XDG_CONFIG_HOME": str(self.config_home),
                "XDG_CONFIG_DIRS": str(self.config_dirs),
                "XDG_CACHE_HOME": str(self.cache_home),
                "XDG_STATE_HOME": str(self.state_home),
                "SETTINGS_STORE": str(self.store),
                "SETTINGS_FILE": str(self.document),
            }
        )
        # The page's language comes from --locale, else the browser's Accept-Language: not this shell's.
        for name in ("SETTINGS_LOCALE", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
            env.pop(name, None)
        return env

    def document_id(self):
        return json.loads(self.document.read_text())["id"]

    def write_system_file(self, text):
        folder = self.config_dirs / "settings"
        folder.mkdir(exist_ok=True)
        (folder / f"{self.document_id()}.json").write_text(text)

    def start(self, port=0):
        """Starts the server (again) and reads its address from the first line it prints."""
        if self.system_file_text is not None:
            self.write_system_file(self.system_file_text)
        args = [str(BINARY), "serve", "-f", str(self.document), "--port", str(port)]
        if self.locale:
            args += ["--locale", self.locale]
        args += self.extra_args
        self.log = open(self.temp / "stderr.txt", "ab")
        self.process = subprocess.Popen(
            args, env=self.environment, stdout=subprocess.PIPE, stderr=self.log, stdin=subprocess.DEVNULL
        )
        line = self.process.stdout.readline().decode().strip()
        match = ADDRESS.match(line)
        if not match:
            self.stop()
            raise TestFailure(f"settings serve printed {line!r}, not an address; stderr: {self.stderr()!r}")
        self.address = line
        self.port = int(match.group(1))
        self.token = match.group(2)
        self.origin = f"http://127.0.0.1:{self.port}"

    def stderr(self):
        try:
            return (self.temp / "stderr.txt").read_text(errors="replace")[-2000:]
        except OSError:
            return ""

    def stop(self):
        """Kills the server by its pid (SIGTERM, then SIGKILL after 5 s) and waits for it."""
        if self.process and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                os.kill(self.process.pid, signal.SIGKILL)
                self.process.wait()
        if self.process and self.process.stdout:
            self.process.stdout.close()
        self.process = None

    def close(self):
        self.stop()
        shutil.rmtree(self.temp, ignore_errors=True)

    def settings(self, *args, check_status=True):
        """Runs the same binary as another process would (`settings set …`), returning the result."""
        result = subprocess.run(
            [str(BINARY), *args], env=self.environment, capture_output=True, text=True, timeout=30
        )
        if check_status and result.returncode != 0:
            raise TestFailure(f"settings {' '.join(args)} exited {result.returncode}: {result.stderr}")
        return result

    def get(self, key):
        return self.settings("get", key).stdout.strip()

    def store_json(self):
        try:
            return json.loads(self.store.read_text())
        except FileNotFoundError:
            return {}

    def url(self, path="/"):
        return self.origin + path


class Browser:
    """A headless Chromium driven through the system's chromedriver."""

    def __init__(self, dark=False, width=1280, height=900, language="en-US"):
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for argument in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
            options.add_argument(argument)
        options.add_argument(f"--window-size={width},{height}")
        options.add_argument(f"--lang={language}")
        options.add_experimental_option("prefs", {"intl.accept_languages": language})
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(
            service=Service(executable_path="/usr/bin/chromedriver"), options=options
        )
        self.driver.set_script_timeout(30)
        if dark:
            self.set_dark(True)

    def set_dark(self, dark):
        self.driver.execute_cdp_cmd(
            "Emulation.setEmulatedMedia",
            {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]},
        )

    def set_size(self, width, height):
        self.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
        )

    def open(self, server, path="/"):
        """Opens the printed address (token → cookie → 303), then `path`, and waits for the page."""
        self.driver.get(server.address)
        if path != "/":
            self.driver.get(server.url(path))
        self.wait_ready()

    def wait_ready(self):
        wait_until(
            lambda: self.driver.execute_script(
                "return document.documentElement.dataset.state === 'ready'"
            ),
            "the page to render",
        )

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def find(self, selector):
        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def find_all(self, selector):
        return self.driver.find_elements(By.CSS_SELECTOR, selector)

    def row(self, key):
        return self.find(f'[data-key="{key}"]')

    def switch(self, key):
        return self.find(f'[data-key="{key}"] [role="switch"]')

    def click_element(self, element):
        """Scrolls `element` to the middle of the window (clear of the sticky bar) and clicks it."""
        self.js("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()
        return True

    def click_switch(self, key):
        """Clicks the switch of `key`, again if the page redrew the row under the click (a stale element)."""
        wait_until(lambda: self.click_element(self.switch(key)), f"a click on the switch of {key}")

    def click(self, selector):
        """Clicks the element `selector` finds, again if the page redrew it under the click."""
        wait_until(lambda: self.click_element(self.find(selector)), f"a click on {selector}")

    def checked(self, key):
        return self.switch(key).get_attribute("aria-checked")

    def text(self, selector):
        return self.find(selector).text

    def axe(self):
        """Runs axe-core 4.12.1 on the page; returns its violations (id, impact, targets)."""
        if not self.js("return typeof window.axe === 'object'"):
            self.js(axe_source())
        result = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "axe.run(document, {resultTypes: ['violations']})"
            ".then(r => done(r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
            " nodes: v.nodes.map(n => n.target.join(' ') + ' ' + (n.failureSummary || ''))}))))"
            ".catch(e => done([{id: 'axe-error', help: String(e), nodes: []}]));"
        )
        return result

    def accessibility_tree(self):
        """Chromium's full accessibility tree (CDP `Accessibility.getFullAXTree`)."""
        self.driver.execute_cdp_cmd("Accessibility.enable", {})
        return self.driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]

    def console_errors(self):
        try:
            # Network answers (a 404 the page expects, a 409) are the page's business, not script errors.
            entries = self.driver.get_log("browser")
            return [e for e in entries if e.get("level") == "SEVERE" and e.get("source") != "network"]
        except Exception:
            return []

    def screenshot(self, name):
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        self.driver.save_screenshot(str(SCREENSHOTS / f"{name}.png"))

    def close(self):
        try:
            self.driver.quit()
        except Exception:
            pass


def ax_value(node, field):
    """A field (`role`, `name`) of an accessibility node, as a plain value."""
    value = node.get(field) or {}
    return value.get("value")


def ax_property(node, name):
    for prop in node.get("properties", []):
        if prop.get("name") == name:
            return prop.get("value", {}).get("value")
    return None


def path_for(key):
    return "/page/" + urllib.parse.quote(key, safe=".")


def stored(server, key):
    """The value `settings get KEY --json` reports (what the store and the layers give)."""
    return json.loads(server.settings("get", key, "--json").stdout)


def page_links(browser):
    """The paths of the child and choice pages that the current page's rows open."""
    return browser.js(
        "return [...document.querySelectorAll('#content a.row-link')].map(a => a.getAttribute('href'))"
    )


def visit_all_pages(browser, server, on_page):
    """Opens the top page, then every page reachable from it by its rows, calling `on_page(path)` on each."""
    seen = []
    queue = ["/"]
    while queue:
        path = queue.pop(0)
        if path in seen:
            continue
        seen.append(path)
        browser.driver.get(server.url(path))
        browser.wait_ready()
        on_page(path)
        queue.extend(link for link in page_links(browser) if link not in seen)
    return seen


def switch_states(browser):
    """Every switch on the page: (row key, aria-checked)."""
    return browser.js(
        "return [...document.querySelectorAll('[role=switch]')].map(s => [s.closest('[data-key]').dataset.key,"
        " s.getAttribute('aria-checked')])"
    )


def cli_error(server, *args):
    """The message `settings ARGS` refuses with: its `Error:` line without the prefix."""
    result = server.settings(*args, check_status=False)
    check(result.returncode != 0, f"settings {' '.join(args)} was expected to fail")
    first = result.stderr.strip().splitlines()[0]
    return first[len("Error: "):] if first.startswith("Error: ") else first
