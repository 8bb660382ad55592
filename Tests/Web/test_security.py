"""Hostile text, a hostile page on another loopback port, and the server's refusals sent over a socket."""

import json
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from harness import EXAMPLES, check, check_equal, stored, wait_until

PHONE = EXAMPLES / "phone-settings.json"

HOSTILE = [
    "<img src=x onerror=alert(1)>",
    "</script><script>alert(2)</script>",
    "\u202eevil\u202c \u2067isolate\u2069 \u200fmark",
    "A" * 10000,
]

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)


def hostile_document():
    return {
        "version": 1,
        "id": "hostile",
        "title": HOSTILE[0],
        "sections": [
            {
                "id": "one",
                "header": HOSTILE[1],
                "footer": HOSTILE[2],
                "items": [
                    {"key": "a", "type": "switch", "title": HOSTILE[0], "subTitle": HOSTILE[1], "on": False},
                    {"key": "b", "type": "switch", "title": HOSTILE[1], "on": True},
                    {"key": "c", "type": "switch", "title": HOSTILE[2], "on": False},
                    {"key": "d", "type": "switch", "title": HOSTILE[3], "on": False},
                    {
                        "key": "e",
                        "type": "rightDetail",
                        "title": HOSTILE[3],
                        "choices": [
                            {"value": "x", "title": HOSTILE[0]},
                            {"value": "y", "title": HOSTILE[1]},
                            {"value": "z", "title": HOSTILE[3]},
                        ],
                        "value": "x",
                    },
                    {"key": "f", "type": "textField", "title": "Text", "value": "plain", "description": HOSTILE[1]},
                ],
            }
        ],
    }


def test_hostile_titles_and_values_show_literally(ctx):
    document = ctx.temp_file("hostile.json", json.dumps(hostile_document()))
    server = ctx.server(document)
    server.settings("set", "f", HOSTILE[0])
    browser = ctx.browser()
    browser.open(server)
    titles = browser.js(
        "return ['a','b','c','d'].map(k => document.querySelector(`[data-key=\"${k}\"] .title`).textContent)"
    )
    check_equal(titles, HOSTILE, "the titles as text")
    check_equal(browser.js("return document.querySelector('h1').textContent"), HOSTILE[0], "the page title")
    check_equal(browser.js("return document.querySelector('.section-header').textContent"), HOSTILE[1], "the header")
    check_equal(browser.js("return document.querySelector('.section-footer').textContent"), HOSTILE[2], "the footer")
    check_equal(browser.find('[data-key="f"] input').get_attribute("value"), HOSTILE[0], "the stored text")
    check_equal(browser.js("return document.querySelectorAll('#content img, #content script').length"), 0, "no element made")
    check_equal(browser.js("return document.querySelectorAll('[onerror]').length"), 0, "no handler made")
    width = browser.js("return document.documentElement.scrollWidth <= window.innerWidth + 1")
    check(width, "the 10 000-character title wraps inside the page")
    browser.driver.get(server.url("/page/e"))
    browser.wait_ready()
    labels = browser.js("return [...document.querySelectorAll('label.choice .title')].map(e => e.textContent)")
    check_equal(labels, HOSTILE[:2] + HOSTILE[3:], "the choice titles as text")
    check_equal(browser.js("return document.querySelector('legend').textContent"), HOSTILE[3], "the choices' legend")
    for width in (1280, 320):
        browser.set_size(width, 800)
        fits = browser.js("return document.documentElement.scrollWidth <= window.innerWidth + 1")
        check(fits, f"the 10 000-character title and choice wrap inside a choice page {width} px wide")
    try:
        alert = browser.driver.switch_to.alert
        raise AssertionError(f"an alert opened: {alert.text}")
    except AssertionError:
        raise
    except Exception:
        pass


class AttackerPage(BaseHTTPRequestHandler):
    """Serves the attacking page on its own loopback port; the page posts to the target and says when done."""

    target = ""

    def log_message(self, *arguments):
        pass

    def do_GET(self):
        page = f"""<!DOCTYPE html><html lang="en"><title>attack</title><body><script>
const target = {json.dumps(self.target)};
const body = JSON.stringify({{key: "airplane", value: true, expect: false}});
Promise.allSettled([
  fetch(target + "/api/set", {{method: "POST", mode: "no-cors", credentials: "include",
    headers: {{"Content-Type": "text/plain"}}, body}}),
  fetch(target + "/api/set", {{method: "POST", credentials: "include",
    headers: {{"Content-Type": "application/json", "X-Settings-CSRF": "0".repeat(64)}}, body}}),
  fetch(target + "/api/reset", {{method: "POST", mode: "no-cors", credentials: "include",
    headers: {{"Content-Type": "text/plain"}}, body: JSON.stringify({{all: true}})}}),
]).then(results => {{ document.title = "done " + results.map(r => r.status).join(","); }});
</script></body></html>"""
        data = page.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def test_a_page_on_another_loopback_port_changes_nothing(ctx):
    server = ctx.server(PHONE)
    server.settings("set", "bluetooth", "off")
    before = server.store.read_text()
    browser = ctx.browser()
    browser.open(server)
    handler = type("Attacker", (AttackerPage,), {"target": server.origin})
    attacker = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=attacker.serve_forever, daemon=True)
    thread.start()
    try:
        browser.driver.get(f"http://127.0.0.1:{attacker.server_address[1]}/")
        wait_until(lambda: browser.driver.title.startswith("done"), "the attacking page's requests", timeout=10)
    finally:
        attacker.shutdown()
        attacker.server_close()
    check_equal(server.store.read_text(), before, "the store after the attack")
    check_equal(stored(server, "airplane"), False, "Airplane Mode after the attack")


def raw(server, request, read_all=True):
    """Sends `request` bytes to the server and returns the answer's status and head."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=15) as connection:
        try:
            connection.sendall(request)
        except (BrokenPipeError, ConnectionResetError):
            pass  # answered and closed before the whole request was read
        data = b""
        while b"\r\n\r\n" not in data:
            try:
                chunk = connection.recv(65536)
            except ConnectionResetError:
                break
            if not chunk:
                break
            data += chunk
    head = data.split(b"\r\n\r\n", 1)[0].decode("latin-1")
    lines = head.split("\r\n")
    status = int(lines[0].split()[1]) if lines and len(lines[0].split()) > 1 else 0
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers


def request(server, method="GET", path="/api/document", headers=None, body=b"", cookie=True, host=None):
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host or f'127.0.0.1:{server.port}'}"]
    if cookie:
        lines.append(f"Cookie: settings_auth={server.token}")
    for name, value in (headers or {}).items():
        lines.append(f"{name}: {value}")
    if body or method == "POST":
        lines.append(f"Content-Length: {len(body)}")
    lines.append("Connection: close")
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


def test_the_servers_refusals_over_a_socket(ctx):
    server = ctx.server(PHONE)
    origin = server.origin
    body = json.dumps({"key": "airplane", "value": True, "expect": False}).encode()
    status, headers = raw(server, request(server, path=f"/?token={server.token}", cookie=False))
    check_equal(status, 303, "the address with the token")
    check_equal(headers.get("location"), "/", "its redirect")
    check_equal(headers.get("set-cookie"), f"settings_auth={server.token}; HttpOnly; SameSite=Strict; Path=/", "the cookie")
    cases = [
        ("no cookie", request(server, cookie=False), 403),
        ("a wrong token", request(server, path="/?token=" + "A" * len(server.token), cookie=False), 403),
        ("another Host", request(server, host=f"evil.example:{server.port}"), 421),
        ("OPTIONS", request(server, method="OPTIONS", path="/api/set"), 403),
        ("another method", request(server, method="DELETE", path="/api/set"), 405),
        ("an unknown path", request(server, path="/nowhere"), 404),
        ("a POST without Origin", request(server, "POST", "/api/set", {"Content-Type": "application/json"}, body), 403),
        (
            "a text/plain POST",
            request(server, "POST", "/api/set", {"Content-Type": "text/plain", "Origin": origin}, body),
            403,
        ),
        (
            "a POST without the CSRF header",
            request(server, "POST", "/api/set", {"Content-Type": "application/json", "Origin": origin}, body),
            403,
        ),
        (
            "a POST from another origin",
            request(
                server,
                "POST",
                "/api/set",
                {"Content-Type": "application/json", "Origin": "http://127.0.0.1:1", "X-Settings-CSRF": "0" * 64},
                body,
            ),
            403,
        ),
        ("a head over 16 KiB", request(server, headers={"X-Filler": "a" * 17000}), 431),
        (
            "a body over 64 KiB",
            request(server, "POST", "/api/set", {"Content-Type": "application/json", "Origin": origin}, b"x" * 70000),
            413,
        ),
        ("a malformed request line", b"GARBAGE\r\n\r\n", 400),
    ]
    for name, data, expected in cases:
        status, headers = raw(server, data)
        check_equal(status, expected, name)
        if status != 0:
            check_equal(headers.get("content-security-policy"), CSP, f"the CSP on {name}")
            check(not any(header.startswith("access-control-") for header in headers), f"no CORS header on {name}")
    status, headers = raw(server, request(server))
    check_equal(status, 200, "the API with the cookie")
    for name, value in (
        ("content-security-policy", CSP),
        ("x-content-type-options", "nosniff"),
        ("referrer-policy", "no-referrer"),
        ("cache-control", "no-store"),
        ("cross-origin-opener-policy", "same-origin"),
        ("cross-origin-resource-policy", "same-origin"),
    ):
        check_equal(headers.get(name), value, f"the {name} header")
    check_equal(stored(server, "airplane"), False, "nothing changed by the refused requests")


class CookieTosser(BaseHTTPRequestHandler):
    """A page on another loopback port that sets `settings_auth` cookies of its own: cookies are not
    kept apart by port, and ones with a longer path are sent before the page's own."""

    def log_message(self, *arguments):
        pass

    def do_GET(self):
        page = b"""<!DOCTYPE html><html lang="en"><title>toss</title><body><script>
for (const path of ["/api", "/api/events", "/page", "/"]) document.cookie = `settings_auth=tossed; Path=${path}`;
document.title = "done";
</script></body></html>"""
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(page)))
        self.end_headers()
        self.wfile.write(page)


def test_cookies_tossed_from_another_loopback_port_do_not_lock_the_page_out(ctx):
    server = ctx.server(PHONE)
    browser = ctx.browser()
    browser.open(server)
    tosser = ThreadingHTTPServer(("127.0.0.1", 0), CookieTosser)
    thread = threading.Thread(target=tosser.serve_forever, daemon=True)
    thread.start()
    try:
        browser.driver.get(f"http://127.0.0.1:{tosser.server_address[1]}/")
        wait_until(lambda: browser.driver.title == "done", "the tossing page")
    finally:
        tosser.shutdown()
        tosser.server_close()
    browser.driver.get(server.url("/page/cellular"))
    browser.wait_ready()
    wait_until(lambda: browser.js("return document.documentElement.dataset.live") == "open", "the event stream")
    check_equal(browser.find_all("#banners [data-banner]"), [], "no banner")
    browser.click_switch("cellular.data")
    wait_until(lambda: stored(server, "cellular.data") is False, "the change stored")
    server.settings("set", "cellular.data", "on")
    wait_until(lambda: browser.checked("cellular.data") == "true", "a change from elsewhere shown")
