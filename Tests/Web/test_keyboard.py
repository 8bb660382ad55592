"""The page with the keyboard alone: Tab and Shift-Tab order, Space on a switch, Enter into
a child page, Escape back, the focus kept on its row through a live update, and a change made elsewhere
announced through the aria-live region, read from Chromium's accessibility tree."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from harness import EXAMPLES, ax_property, ax_value, check, check_equal, stored, wait_until

PHONE = EXAMPLES / "phone-settings.json"

# What has the focus: `key:role` inside a row (role is the control's data-focus), else the element's id,
# else its text.
FOCUSED = """
const a = document.activeElement;
const row = a.closest('[data-key]');
if (row) return `${row.dataset.key}:${a.dataset.focus || a.tagName.toLowerCase()}`;
return a.id || a.textContent.trim();
"""

# Every element that Tab reaches, in document order (no positive tabindex on the page).
TABBABLE = """
return [...document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]')]
  .filter((e) => e.tabIndex >= 0 && !e.disabled && e.getClientRects().length > 0)
  .map((e) => {
    const row = e.closest('[data-key]');
    return row ? `${row.dataset.key}:${e.dataset.focus || e.tagName.toLowerCase()}` : (e.id || e.textContent.trim());
  });
"""

TOP_ORDER = [
    "Skip to settings", "search", "modified", "json", "history",
    "airplane:switch", "wifi:link", "bluetooth:switch", "cellular:link", "hotspot:switch", "previews:link",
    "focus:switch", "appearance:link", "true-tone:switch", "brightness:input", "auto-lock:input",
    "device-name:input", "languages:link", "dns:link", "vpn:link", "preferred-languages:link", "location:switch",
    "analytics:switch",
]


def press(browser, *keys):
    ActionChains(browser.driver).send_keys(*keys).perform()


def shift_tab(browser):
    ActionChains(browser.driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()


def focused(browser):
    return browser.js(FOCUSED)


def tab_to(browser, target, limit=30):
    """Presses Tab until `target` (as `focused` names it, or its end after a `.`) has the focus."""
    for _ in range(limit):
        press(browser, Keys.TAB)
        if focused(browser) == target or focused(browser).endswith("." + target):
            return
    raise AssertionError(f"Tab never reached {target!r}")


def test_tab_and_shift_tab_follow_the_page_order(ctx):
    server = ctx.server(PHONE)
    browser = ctx.browser()
    browser.open(server)
    check_equal(browser.js(TABBABLE), TOP_ORDER, "the page's tabbable elements in document order")
    forward = []
    for _ in TOP_ORDER:
        press(browser, Keys.TAB)
        forward.append(focused(browser))
    check_equal(forward, TOP_ORDER, "Tab order")
    backward = []
    for _ in TOP_ORDER[:-1]:
        shift_tab(browser)
        backward.append(focused(browser))
    check_equal(backward, list(reversed(TOP_ORDER[:-1])), "Shift-Tab order")


def test_space_on_a_switch_enter_into_a_child_page_and_escape_back(ctx):
    server = ctx.server(PHONE)
    browser = ctx.browser()
    browser.open(server)
    tab_to(browser, "airplane:switch")
    press(browser, Keys.SPACE)
    wait_until(lambda: browser.switch("airplane").get_attribute("aria-checked") == "true", "Airplane Mode on")
    wait_until(lambda: stored(server, "airplane") is True, "airplane stored on")
    check_equal(focused(browser), "airplane:switch", "the focus after Space")
    press(browser, Keys.SPACE)
    wait_until(lambda: stored(server, "airplane") is False, "airplane stored off")
    wait_until(lambda: browser.switch("airplane").get_attribute("aria-checked") == "false", "Airplane Mode off")
    # The row is modified now (off is stored): Tab goes to its Reset button, then to Wi-Fi's row.
    press(browser, Keys.TAB)
    check_equal(focused(browser), "airplane:reset", "the focus after Tab")
    press(browser, Keys.TAB)
    check_equal(focused(browser), "wifi:link", "the focus after Tab")
    # Enter on Wi-Fi's row opens its page, the focus on its heading.
    press(browser, Keys.ENTER)
    wait_until(lambda: browser.js("return location.pathname") == "/page/wifi", "Wi-Fi's page")
    browser.wait_ready()
    check_equal(browser.text("h1"), "Wi-Fi", "the child page's heading")
    check_equal(focused(browser), "title", "the focus on the child page")
    # Escape goes back, the focus on the row that opened the page.
    press(browser, Keys.ESCAPE)
    wait_until(lambda: browser.js("return location.pathname") == "/", "the top page again")
    wait_until(lambda: focused(browser) == "wifi:link", "the focus back on Wi-Fi's row")
    # Escape in a field restores it and stays on the page; on a page opened by its address, Escape
    # goes to its parent all the same.
    browser.driver.get(server.url("/page/wifi"))
    browser.wait_ready()
    tab_to(browser, "password:input")
    press(browser, Keys.ESCAPE)
    browser.js("return new Promise((done) => setTimeout(done, 300))")
    check(browser.js("return location.pathname") == "/page/wifi", "Escape in a field stays on the page")
    check(focused(browser).endswith("password:input"), f"the focus after Escape in a field: {focused(browser)}")
    shift_tab(browser)
    check(focused(browser).endswith("auto-hotspot:switch"), f"the focus after Shift-Tab: {focused(browser)}")
    press(browser, Keys.ESCAPE)
    wait_until(lambda: browser.js("return location.pathname") == "/", "the parent of a page opened by address")
    wait_until(lambda: focused(browser) == "wifi:link", "the focus on Wi-Fi's row")
    check(not browser.console_errors(), f"console errors: {browser.console_errors()}")


def live_text(browser):
    """The text of the polite live regions in Chromium's accessibility tree."""
    nodes = browser.accessibility_tree()
    by_id = {node["nodeId"]: node for node in nodes}
    texts = []
    for node in nodes:
        if ax_property(node, "live") == "polite" and ax_value(node, "role") == "generic":
            for child in node.get("childIds", []):
                texts.append(ax_value(by_id.get(child, {}), "name") or "")
    return texts


def test_a_change_elsewhere_keeps_the_focus_on_its_row_and_is_announced(ctx):
    server = ctx.server(PHONE)
    browser = ctx.browser()
    browser.open(server)
    tab_to(browser, "bluetooth:switch")
    browser.js("window.focusedBefore = document.activeElement")
    server.settings("set", "bluetooth", "off")
    wait_until(lambda: browser.switch("bluetooth").get_attribute("aria-checked") == "false", "Bluetooth off")
    # The row was drawn again: a new switch, and the focus on it.
    check(browser.js("return !window.focusedBefore.isConnected"), "the row was replaced")
    check_equal(focused(browser), "bluetooth:switch", "the focus after the live update")
    wait_until(lambda: "Bluetooth turned off elsewhere" in live_text(browser), "the announcement in the live region")
    check_equal(live_text(browser), ["Bluetooth turned off elsewhere"], "what the live region says")
    # Typing goes on from the same row: Tab reaches the next control.
    press(browser, Keys.TAB)
    check_equal(focused(browser), "bluetooth:reset", "Tab after the live update (the row is modified now)")
