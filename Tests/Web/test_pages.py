"""The examples in the browser: every item type and page, accessibility, navigation and search."""

import os

from selenium.webdriver.common.keys import Keys

from harness import (
    EXAMPLES,
    ax_property,
    ax_value,
    check,
    check_equal,
    stored,
    switch_states,
    visit_all_pages,
    wait_until,
)

PHONE = EXAMPLES / "phone-settings.json"


def replace_file(path, text):
    """Writes `text` to `path` as an editor would: a temporary file renamed over it."""
    temporary = path.with_name(path.name + ".tmp-edit")
    temporary.write_text(text)
    os.replace(temporary, path)


def key_ending(browser, suffix):
    """The full key of the row on this page whose key is `suffix` or ends in `.suffix`."""
    keys = browser.js("return [...document.querySelectorAll('[data-key]')].map(e => e.dataset.key)")
    found = [key for key in keys if key == suffix or key.endswith("." + suffix)]
    check(found, f"no row with key {suffix!r} on {browser.driver.current_url}; keys: {keys}")
    return found[0]


def page_texts(browser, selector):
    return browser.js(f"return [...document.querySelectorAll({selector!r})].map(e => e.textContent)")


def test_phone_shows_every_item_type_and_page(ctx):
    server = ctx.server(PHONE)
    browser = ctx.browser()
    browser.open(server)
    check_equal(page_texts(browser, "h1"), ["Settings"], "the top page's h1")
    check_equal(len(browser.find_all("main")), 1, "main landmarks")
    check_equal(
        page_texts(browser, ".section-header"),
        ["Connectivity", "Alerts", "Display", "General", "Lists", "Privacy"],
        "section headers",
    )
    check("1 item" in browser.text('[data-key="dns"]'), "DNS Servers shows its count")
    check_equal(browser.checked("airplane"), "false", "Airplane Mode's switch")
    check_equal(browser.checked("bluetooth"), "true", "Bluetooth's switch")
    wifi = browser.find('[data-key="wifi"] a.row-link')
    check_equal(wifi.get_attribute("href"), server.url("/page/wifi"), "Wi-Fi's link")
    check("Home" in wifi.text, f"Wi-Fi shows its choice: {wifi.text!r}")
    check(not browser.find_all('[data-key="allow-calls"]'), "Allow Calls From is hidden while Do Not Disturb is off")
    slider = browser.find('[data-key="brightness"] input[type="range"]')
    check_equal(
        [slider.get_attribute(name) for name in ("value", "min", "max", "step")],
        ["70", "0", "100", "5"],
        "Brightness's range control",
    )
    number = browser.find('[data-key="auto-lock"] input')
    check_equal(number.get_attribute("value"), "2", "Auto-Lock's number")
    check_equal(browser.text('[data-key="auto-lock"] .unit'), "min", "Auto-Lock's unit")
    name = browser.find('[data-key="device-name"] input')
    check_equal(name.get_attribute("value"), "Alex's iPhone", "the device name's text field")
    check("Minutes of inactivity" in browser.text('[data-key="auto-lock"]'), "Auto-Lock's description")
    check("Airplane Mode turns off" in browser.text(".section-footer"), "Connectivity's footer")

    # A choice opens its own page with a radio group and a checkmark on the chosen value.
    browser.click('[data-key="previews"] a.row-link')
    wait_until(lambda: browser.driver.current_url.endswith("/page/previews"), "the choice page's address")
    browser.wait_ready()
    check_equal(page_texts(browser, "h1"), ["Show Previews"], "the choice page's h1")
    radios = browser.find_all('fieldset input[type="radio"]')
    check_equal([radio.get_attribute("value") for radio in radios], ["always", "unlocked", "never"], "choices")
    check_equal([radio.is_selected() for radio in radios], [True, False, False], "the chosen value")
    check_equal(
        browser.js("return getComputedStyle(document.querySelector('input:checked ~ .check'), '::before').content"),
        '"✓"',
        "the checkmark",
    )

    # Multiple choice: checkmarks on its own page.
    browser.driver.get(server.url("/page/languages"))
    browser.wait_ready()
    boxes = browser.find_all('fieldset input[type="checkbox"]')
    check_equal([box.get_attribute("value") for box in boxes], ["en", "ko", "ja", "fr"], "languages")
    check_equal([box.is_selected() for box in boxes], [True, True, False, False], "chosen languages")

    # Wi-Fi: its choices on top of its child page, which has a secure text field.
    browser.driver.get(server.url("/page/wifi"))
    browser.wait_ready()
    check_equal(page_texts(browser, "h1"), ["Wi-Fi"], "Wi-Fi's h1")
    radios = browser.find_all('fieldset input[type="radio"]')
    check_equal([radio.is_selected() for radio in radios], [False, True, False], "Wi-Fi's network")
    password = key_ending(browser, "password")
    field = browser.find(f'[data-key="{password}"] input')
    check_equal(field.get_attribute("type"), "password", "the secure field's type")
    check_equal(field.get_attribute("value"), "", "the secure field's text before Reveal")
    check(browser.find_all(f'[data-key="{password}"] .reveal'), "a Reveal button")
    hotspot = key_ending(browser, "auto-hotspot")
    check_equal(browser.checked(hotspot), "true", "Auto-Join Hotspot")

    # Cellular, and the page under it.
    browser.driver.get(server.url("/page/cellular"))
    browser.wait_ready()
    options = browser.find('a.row-link[href*="options"]')
    options.click()
    wait_until(lambda: "options" in browser.driver.current_url, "the Cellular Data Options page")
    browser.wait_ready()
    check_equal(page_texts(browser, "h1"), ["Cellular Data Options"], "the options page's h1")
    roaming = key_ending(browser, "roaming")
    check_equal(browser.checked(roaming), "false", "Data Roaming")
    crumbs = page_texts(browser, "#crumbs li")
    check_equal(crumbs, ["Settings", "Cellular", "Cellular Data Options"], "the breadcrumb")
    check_equal(browser.console_errors(), [], "console errors")


def test_every_example_page_passes_axe_light_and_dark_with_screenshots(ctx):
    for document in sorted(EXAMPLES.glob("*.json")):
        server = ctx.server(document)
        browser = ctx.browser()
        browser.open(server)
        name = document.stem

        def on_page(path):
            slug = name + (path.replace("/page/", "--").replace("/", "") if path != "/" else "")
            for dark in (False, True):
                browser.set_dark(dark)
                violations = browser.axe()
                check_equal(violations, [], f"axe-core violations on {name} {path} ({'dark' if dark else 'light'})")
                for width, height in ((375, 812), (1280, 800)):
                    browser.set_size(width, height)
                    browser.screenshot(f"{slug}-{width}x{height}-{'dark' if dark else 'light'}")
            browser.set_dark(False)
            browser.set_size(1280, 800)

        pages = visit_all_pages(browser, server, on_page)
        check(len(pages) >= 1, f"{name}: no page visited")
        if name == "phone-settings":
            check(
                {"/page/wifi", "/page/cellular", "/page/previews", "/page/languages"} <= set(pages),
                f"phone-settings pages visited: {pages}",
            )
        browser.close()
        server.close()


def test_switches_in_the_accessibility_tree_match_the_store(ctx):
    server = ctx.server(PHONE)
    server.settings("set", "airplane", "on")
    server.settings("set", "focus", "on")
    browser = ctx.browser()
    browser.open(server)
    checked_pages = 0
    for path in ("/", "/page/wifi", "/page/cellular", "/page/cellular.options"):
        if path != "/":
            browser.driver.get(server.url(path))
            browser.wait_ready()
        titles = dict(
            browser.js(
                "return [...document.querySelectorAll('[role=switch]')].map(s =>"
                " [s.closest('[data-key]').dataset.key, s.closest('[data-key]').querySelector('.title').textContent])"
            )
        )
        nodes = [node for node in browser.accessibility_tree() if ax_value(node, "role") == "switch"]
        check_equal(len(nodes), len(titles), f"switches in the accessibility tree of {path}")
        by_name = {ax_value(node, "name"): node for node in nodes}
        for key, title in titles.items():
            node = by_name.get(title)
            check(node is not None, f"no switch named {title!r} on {path}; names: {sorted(by_name)}")
            expected = "true" if stored(server, key) is True else "false"
            check_equal(str(ax_property(node, "checked")).lower(), expected, f"checked state of {key} on {path}")
        checked_pages += 1
    browser.driver.get(server.url("/"))
    browser.wait_ready()
    nodes = {ax_value(node, "name"): node for node in browser.accessibility_tree() if ax_value(node, "role") == "switch"}
    airplane = nodes["Airplane Mode"]
    check("Airplane Mode turns off" in (ax_value(airplane, "description") or ""), "the switch is described by the footer")
    bluetooth = nodes["Bluetooth"]
    check_equal(ax_property(bluetooth, "disabled"), True, "Bluetooth is aria-disabled while Airplane Mode is on")
    check(ax_value(bluetooth, "description"), "a disabled switch is described by its reason")
    check_equal(checked_pages, 4, "pages checked")


def test_back_forward_reload_and_breadcrumb(ctx):
    server = ctx.server(PHONE)
    browser = ctx.browser()
    browser.open(server)
    browser.click('[data-key="cellular"] a.row-link')
    wait_until(lambda: browser.driver.current_url == server.url("/page/cellular"), "the Cellular page's address")
    browser.wait_ready()
    browser.click('a.row-link[href*="options"]')
    wait_until(lambda: "options" in browser.driver.current_url, "the options page's address")
    browser.wait_ready()
    options_url = browser.driver.current_url
    browser.driver.back()
    wait_until(lambda: browser.js("return document.querySelector('h1').textContent") == "Cellular", "Back to Cellular")
    browser.driver.back()
    wait_until(lambda: browser.js("return document.querySelector('h1').textContent") == "Settings", "Back to the top")
    check_equal(browser.driver.current_url, server.url("/"), "the top page's address")
    focused = browser.js("return document.activeElement.closest('[data-key]')?.dataset.key")
    check_equal(focused, "cellular", "the focus after Back (the row that opened the page)")
    browser.driver.forward()
    browser.driver.forward()
    wait_until(lambda: browser.driver.current_url == options_url, "Forward twice")
    wait_until(
        lambda: browser.js("return document.querySelector('h1').textContent") == "Cellular Data Options",
        "the options page after Forward",
    )
    browser.driver.refresh()
    browser.wait_ready()
    check_equal(browser.js("return document.querySelector('h1').textContent"), "Cellular Data Options", "after reload")
    browser.click("#crumbs a")
    wait_until(lambda: browser.driver.current_url == server.url("/"), "the breadcrumb's link to the top")
    browser.wait_ready()
    check_equal(browser.js("return document.querySelector('h1').textContent"), "Settings", "the top page")


def test_search_finds_items_on_every_page(ctx):
    server = ctx.server(PHONE)
    browser = ctx.browser()
    browser.open(server)
    browser.click("main")
    browser.driver.switch_to.active_element.send_keys("/")
    check_equal(browser.js("return document.activeElement.id"), "search", "`/` focuses the search box")
    browser.driver.switch_to.active_element.send_keys("roam")
    wait_until(lambda: browser.find_all("#content .result-path"), "search results")
    text = browser.text("#content")
    check("Data Roaming" in text, f"Data Roaming is found on its page: {text!r}")
    check("Cellular" in browser.text("#content .result-path"), "the result names its page")
    # A result's control works in place.
    roaming = browser.js("return document.querySelector('#content [data-key$=\"roaming\"]').dataset.key")
    browser.click_switch(roaming)
    wait_until(lambda: stored(server, roaming) is True, "Data Roaming turned on from the results")
    # A match that a condition hides says what hides it.
    search = browser.find("#search")
    search.clear()
    search.send_keys("Allow Calls")
    wait_until(lambda: "Allow Calls From" in browser.text("#content"), "the hidden item in the results")
    check(browser.find_all("#content .reason"), "the hidden match says what hides it")
    # The result's page opens with the row.
    browser.click("#content .result-path")
    wait_until(lambda: browser.js("return document.querySelector('h1').textContent") == "Settings", "the page of the result")
    search = browser.find("#search")
    check_equal(search.get_attribute("value"), "", "the search box after opening a result")
    search.send_keys("bluetooth")
    wait_until(lambda: browser.find_all("#content .result-path"), "results for bluetooth")
    search.send_keys(Keys.ESCAPE)
    wait_until(lambda: browser.find_all(".section-header"), "Esc back to the page")


def test_load_more_reads_items_files_a_page_at_a_time(ctx):
    server = ctx.server(EXAMPLES / "app-notifications.json")
    browser = ctx.browser()
    browser.open(server)

    def count(section):
        return browser.js(f"return document.querySelectorAll('[data-section=\"{section}\"] li.row').length")

    check_equal(count(1), 3, "the first page of a section of page size 3")
    check_equal(count(2), 20, "the first page of the items file")
    total = sum(1 for line in (EXAMPLES / "apps.jsonl").read_text().splitlines() if line.strip())
    button = browser.find('[data-section="2"] .load-more')
    check(str(total - 20) in button.text, f"the button says how many remain: {button.text!r}")
    button.click()
    wait_until(lambda: count(2) == min(40, total), "the second page of the items file")
    browser.click('[data-section="1"] .load-more')
    wait_until(lambda: count(1) == 6, "the second page of the short section")
    keys = browser.js("return [...document.querySelectorAll('[data-section=\"2\"] li.row')].map(e => e.dataset.key)")
    check_equal(len(set(keys)), len(keys), "no row shown twice")
    first = keys[25]
    before = stored(server, first)
    browser.click_switch(first)
    wait_until(lambda: stored(server, first) == (not before), "a switch from a loaded page applies")


def test_rows_brought_in_by_load_more_stay_when_the_page_is_fetched_again(ctx):
    document = ctx.temp_copy(EXAMPLES / "app-notifications.json", EXAMPLES / "apps.jsonl")
    server = ctx.server(document, store_text='{"scheduled-summary": false}\n')
    browser = ctx.browser()
    browser.open(server)
    wait_until(lambda: browser.js("return document.documentElement.dataset.live") == "open", "the event stream")

    def keys():
        return browser.js("return [...document.querySelectorAll('[data-section=\"2\"] li.row')].map(e => e.dataset.key)")

    for shown in (40, 60):
        browser.click('[data-section="2"] .load-more')
        wait_until(lambda: len(keys()) == shown, f"{shown} rows of the items file")
    loaded = keys()
    browser.js("document.querySelector(`[data-key=\"${arguments[0]}\"]`).scrollIntoView({block: 'center'})", loaded[55])
    # The document changing on disk: the page is fetched again (a reload event).
    replace_file(document, document.read_text().replace('"title": "알림"', '"title": "알림 센터"', 1))
    wait_until(lambda: browser.text("h1") == "알림 센터", "the page fetched again")
    check_equal(keys(), loaded, "the rows shown after the reload")
    top = browser.js("return document.querySelector(`[data-key=\"${arguments[0]}\"]`).getBoundingClientRect().top", loaded[55])
    check(0 <= top < browser.js("return innerHeight"), f"the row scrolled to is still in view (top {top})")
    # A store broken and repaired: fetched again too.
    replace_file(server.store, '{"scheduled-summary": tru')
    wait_until(lambda: browser.find_all('[data-banner="store"]'), "the broken store's banner")
    replace_file(server.store, '{"scheduled-summary": true}\n')
    wait_until(lambda: browser.checked("scheduled-summary") == "true", "the repaired store's value")
    check_equal(keys(), loaded, "the rows shown after the store was repaired")
    wait_until(lambda: "190" in browser.text('[data-section="2"] .load-more'), "Load more counts what is left")


def test_text_follows_the_locale_and_accept_language(ctx):
    server = ctx.server(PHONE, locale="ko")
    browser = ctx.browser()
    browser.open(server)
    check_equal(browser.js("return document.documentElement.lang"), "ko", "lang from --locale")
    check_equal(browser.js("return document.documentElement.dir"), "ltr", "dir")
    check_equal(browser.js("return document.querySelector('h1').textContent"), "설정", "the Korean title")
    server2 = ctx.server(PHONE)
    korean = ctx.browser(language="ko")
    korean.open(server2)
    check_equal(korean.js("return document.documentElement.lang"), "ko", "lang from Accept-Language")
    check_equal(korean.text('[data-key="airplane"] .title'), "에어플레인 모드", "a Korean title from Accept-Language")


TARGETS = """
return [...document.querySelectorAll(
  '[role=switch], a.row-link, .reset, .undo, .reveal, .tool, #search, .load-more, label.choice, #crumbs a,'
  + ' .field input, .slider input, .result-path')]
  .filter(e => e.offsetParent !== null)
  .map(e => { const r = e.getBoundingClientRect();
    return [e.className || e.tagName, e.textContent.slice(0, 30), Math.round(r.width), Math.round(r.height)]; })
  .filter(([, , w, h]) => w < 44 || h < 44);
"""


def test_layout_from_320_px_to_a_desktop_and_at_200_percent_zoom(ctx):
    server = ctx.server(PHONE)
    server.settings("set", "airplane", "on")
    browser = ctx.browser()
    browser.open(server)
    for path in ("/", "/page/wifi", "/page/previews", "/page/languages"):
        browser.driver.get(server.url(path))
        browser.wait_ready()
        for width, height, scale in ((320, 640, 1), (375, 812, 1), (1280, 800, 1), (1280, 800, 2)):
            browser.driver.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {"width": width // scale, "height": height // scale, "deviceScaleFactor": scale, "mobile": False},
            )
            what = f"{path} at {width} px" + (" and 200 % zoom" if scale == 2 else "")
            check(
                browser.js("return document.documentElement.scrollWidth <= window.innerWidth"),
                f"no horizontal scrolling on {what}",
            )
            check_equal(browser.js(TARGETS), [], f"targets smaller than 44 × 44 px on {what}")
    browser.driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]}
    )
    browser.driver.get(server.url("/"))
    browser.wait_ready()
    check_equal(
        browser.js("return getComputedStyle(document.querySelector('.switch'), '::after').transitionDuration"),
        "0s",
        "no switch animation under prefers-reduced-motion",
    )
