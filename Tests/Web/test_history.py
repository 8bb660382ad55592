"""Undo and History: every change made on the page offers an Undo of its journal entry for a few seconds, and
the History page lists the journal as `settings history` does, live; both pass axe-core and show hostile text
literally."""

import json
import subprocess

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from harness import BINARY, EXAMPLES, check, check_equal, stored, wait_until

PHONE = EXAMPLES / "phone-settings.json"
HOSTILE = "<img src=x onerror=alert(1)>\x1b[31m"


def journal(server):
    """`settings history --json`, newest first."""
    return json.loads(server.settings("history", "--json").stdout)


def toast_text(browser):
    return browser.js("const t = document.querySelector('#toast .toast-text'); return t ? t.textContent : null")


def undo_button(browser):
    """The toast's Undo, or None."""
    buttons = browser.find_all("#toast button")
    return buttons[0] if buttons else None


def entries(browser):
    """The History page's entries: heading, the line after it, message and changes, as shown."""
    return browser.js(
        "return [...document.querySelectorAll('#history-content li.entry')].map(e => ({"
        " title: e.querySelector('h2').textContent,"
        " meta: e.querySelector('.entry-meta').textContent,"
        " message: e.querySelector('.entry-message') ? e.querySelector('.entry-message').textContent : null,"
        " changes: [...e.querySelectorAll('.entry-changes li')].map(c => c.textContent)}))"
    )


def cli_entries(server):
    """`settings history` as the History page should show it: per entry its first line without `change N`, its
    message, and its changes, each line as printed (indentation left out), in a UTF-8 locale (for its →)."""
    environment = {**server.environment, "LC_ALL": "C.UTF-8"}
    printed = subprocess.run([str(BINARY), "history"], env=environment, capture_output=True, text=True, check=True)
    shown = []
    for block in printed.stdout.strip().split("\n\n"):
        lines = block.split("\n")
        number, rest = lines[0].split("  ", 1)
        message = lines[1].strip() if len(lines) > 1 and lines[1].startswith("    ") else None
        changes = [line.strip() for line in lines[1:] if line.startswith("  ") and not line.startswith("    ")]
        shown.append({"title": number.replace("change", "Change"), "meta": rest, "message": message, "changes": changes})
    return shown


def name_the_device(browser, server, text):
    """Opens the top page with a long Undo and types `text` into the device's name, then Enter."""
    browser.driver.get(server.url("/?undo-seconds=60"))
    browser.wait_ready()
    name = browser.find('[data-key="device-name"] input')
    name.send_keys(Keys.CONTROL, "a")
    name.send_keys(text, Keys.ENTER)


def test_a_change_offers_undo_of_its_journal_entry(ctx):
    server = ctx.server(PHONE)
    browser = ctx.browser()
    browser.open(server, "/?undo-seconds=60")
    browser.click_switch("airplane")
    wait_until(lambda: stored(server, "airplane") is True, "Airplane Mode stored on")
    wait_until(lambda: undo_button(browser) and undo_button(browser).is_displayed(), "the Undo in the toast")
    check_equal(toast_text(browser), "Airplane Mode turned on", "the toast's text")
    check_equal(browser.find("#toast").get_attribute("role"), "status", "the toast's role")
    check_equal(browser.find("#toast").get_attribute("aria-live"), "polite", "the toast is polite")
    check_equal(undo_button(browser).get_attribute("aria-label"), "Undo change 1", "the Undo's name")
    check_equal(journal(server)[0]["how"], "serve", "a change from the page is journaled as serve")
    for dark in (False, True):
        browser.set_dark(dark)
        check_equal(browser.axe(), [], f"axe-core violations with the toast shown ({'dark' if dark else 'light'})")
    browser.set_dark(False)
    browser.click("#toast button")
    wait_until(lambda: stored(server, "airplane") is False, "Undo puts Airplane Mode back")
    wait_until(lambda: browser.checked("airplane") == "false", "the switch back off")
    wait_until(lambda: toast_text(browser) == "Undid change 1: Airplane Mode On → Off", "what Undo says")
    check(undo_button(browser) is None, "no Undo of the undo in the toast")
    newest = journal(server)[0]
    check_equal(
        (newest["seq"], newest["how"], newest.get("message")), (2, "undo", "from settings serve"), "the undo's entry"
    )

    # A choice, a text and a reset offer theirs too; `u` outside a field is the toast's Undo.
    browser.driver.get(server.url("/page/previews?undo-seconds=60"))
    browser.wait_ready()
    wait_until(lambda: browser.find_all("fieldset label.choice")[2].click() or True, "a click on Never")
    wait_until(lambda: toast_text(browser) == "Never chosen", "the choice's toast")
    browser.js("document.activeElement.blur()")  # `u` in a field is a letter: from the page, it is Undo
    ActionChains(browser.driver).send_keys("u").perform()
    wait_until(lambda: stored(server, "previews") == "always", "u undoes the choice")
    name_the_device(browser, server, "Work")
    wait_until(lambda: toast_text(browser) == "Name changed to Work", "the text's toast")
    browser.click('[data-key="device-name"] .reset')
    wait_until(lambda: toast_text(browser) == "Name reset to Alex's iPhone", "the reset's toast")
    browser.click("#toast button")
    wait_until(lambda: stored(server, "device-name") == "Work", "Undo takes the reset back")


def test_the_undo_leaves_after_its_time(ctx):
    server = ctx.server(PHONE)
    browser = ctx.browser()
    browser.open(server, "/?undo-seconds=1")
    browser.click_switch("location")
    wait_until(lambda: undo_button(browser), "the Undo in the toast")
    wait_until(lambda: undo_button(browser) is None and toast_text(browser) is None, "the toast gone after 1 s")
    check_equal(stored(server, "location"), False, "the change stays")


def test_undo_of_a_key_changed_again_says_the_clis_refusal(ctx):
    server = ctx.server(PHONE)
    browser = ctx.browser()
    browser.open(server, "/?undo-seconds=60")
    browser.click_switch("airplane")
    wait_until(lambda: undo_button(browser), "the Undo in the toast")
    server.settings("toggle", "airplane")
    wait_until(lambda: browser.checked("airplane") == "false", "the change elsewhere shown")
    refusal = server.settings("undo", "1", check_status=False).stderr.strip().splitlines()[0]
    check(refusal.startswith("Error: "), f"the CLI refuses: {refusal!r}")
    # The CLI's message, without its hint (`give --force …`: the page has no --force; it names the History page).
    refusal = refusal.split("; give --force")[0]
    browser.click("#toast button")
    wait_until(lambda: (toast_text(browser) or "").startswith("Not undone: "), "the refusal in the toast")
    check_equal(
        toast_text(browser),
        "Not undone: " + refusal[len("Error: "):] + "; the History page shows both changes",
        "the refusal in the CLI's words",
    )
    check_equal(stored(server, "airplane"), False, "nothing undone")
    check_equal(len(journal(server)), 2, "no entry written")


def test_the_history_page_lists_the_journal_live_and_passes_axe(ctx):
    server = ctx.server(PHONE)
    server.settings("set", "wifi=office", "bluetooth=off")
    server.settings("set", "airplane", "on", "--message", "boarding")
    server.settings("set", "wifi.password", "hunter2-secret")
    browser = ctx.browser()
    browser.open(server)
    # From the keyboard: Tab reaches the History link after JSON; Enter opens it.
    for _ in range(10):
        ActionChains(browser.driver).send_keys(Keys.TAB).perform()
        if browser.js("return document.activeElement.id") == "history":
            break
    check_equal(browser.js("return document.activeElement.id"), "history", "Tab reaches the History link")
    ActionChains(browser.driver).send_keys(Keys.ENTER).perform()
    wait_until(lambda: browser.driver.current_url == server.url("/history"), "the History page's address")
    browser.wait_ready()
    check_equal(browser.js("return document.querySelector('h1').textContent"), "History", "the page's h1")
    check_equal(entries(browser), cli_entries(server), "the entries as settings history prints them")
    check("hunter2" not in browser.js("return document.body.textContent"), "the secure value masked")
    check_equal(entries(browser)[0]["changes"], ["wifi.password (Wi-Fi Password): (default) → ••••••••"], "the mask")
    for dark in (False, True):
        browser.set_dark(dark)
        check_equal(browser.axe(), [], f"axe-core violations on the History page ({'dark' if dark else 'light'})")
    browser.set_dark(False)
    wait_until(lambda: browser.js("return document.documentElement.dataset.live") == "open", "the event stream")

    server.settings("set", "auto-lock", "7")
    wait_until(lambda: entries(browser)[0]["title"] == "Change 4", "the CLI's change listed live")
    check_equal(entries(browser), cli_entries(server), "the entries after the change")
    wait_until(lambda: browser.text("#live") == "1 new change in the history", "the polite announcement")

    # Each entry's Undo: change 2 (Airplane Mode) is taken back, journaled as an undo from settings serve.
    browser.click('button.entry-undo[data-seq="2"]')
    wait_until(lambda: stored(server, "airplane") is False, "the entry's Undo")
    wait_until(lambda: entries(browser)[0]["title"] == "Change 5", "the undo listed")
    check_equal(entries(browser)[0]["meta"].endswith("  undo"), True, "the undo's how")
    check_equal(entries(browser)[0]["message"], "from settings serve", "the undo's message")
    check_equal(toast_text(browser), "Undid change 2: Airplane Mode On → Off", "what the Undo says")
    # A change already taken back, then changed again: the CLI's refusal.
    browser.click('button.entry-undo[data-seq="4"]')
    wait_until(lambda: stored(server, "auto-lock") == 2, "change 4 undone")
    browser.click('button.entry-undo[data-seq="4"]')
    wait_until(lambda: (toast_text(browser) or "").startswith("Not undone: 'auto-lock' changed again"), "the refusal")
    check_equal(browser.console_errors(), [], "console errors")


def test_hostile_values_and_messages_show_literally(ctx):
    server = ctx.server(PHONE)
    server.settings("set", "device-name", HOSTILE, "--message", "<b>why</b>")
    browser = ctx.browser()
    browser.open(server, "/history")
    shown = entries(browser)[0]
    check_equal(shown["message"], "<b>why</b>", "the message as text")
    check_equal(
        shown["changes"], ['device-name (Name): (default) → "<img src=x onerror=alert(1)>\\u{1B}[31m"'], "the value"
    )
    check_equal(browser.js("return document.querySelectorAll('#history-content img, #history-content b').length"), 0,
                "no element made from the text")
    name_the_device(browser, server, "<i>new</i>")
    wait_until(lambda: toast_text(browser) == "Name changed to <i>new</i>", "the toast's text")
    browser.click("#toast button")
    wait_until(
        lambda: toast_text(browser) == "Undid change 2: Name <i>new</i> → <img src=x onerror=alert(1)>\\u{1B}[31m",
        "the undo's text, escaped",
    )
    check_equal(browser.js("return document.querySelectorAll('#toast i, #toast img').length"), 0, "no element")
    check_equal(stored(server, "device-name"), HOSTILE, "the value back")
    check_equal(browser.console_errors(), [], "console errors")
