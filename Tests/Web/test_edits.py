"""Edits from the page: no Save button, one key per request, refusals with the CLI's words, reset and undo."""

import json

from selenium.webdriver.common.keys import Keys

from harness import EXAMPLES, check, check_equal, cli_error, stored, wait_until


def click_choice(browser, index):
    """Clicks the choice at `index` of the page's list. The list is drawn again when a change is
    confirmed, so an element found just before may be gone: found again and clicked until a
    click lands (a stale element is refused before any click is sent)."""
    wait_until(lambda: browser.find_all("fieldset label.choice")[index].click() or True, f"a click on choice {index}")


PHONE = EXAMPLES / "phone-settings.json"




def test_switches_and_choices_apply_at_once(ctx):
    server = ctx.server(PHONE)
    browser = ctx.browser()
    browser.open(server)
    check(not browser.find_all("button[type=submit]"), "no Save button")
    browser.click_switch("airplane")
    wait_until(lambda: stored(server, "airplane") is True, "Airplane Mode stored on")
    wait_until(lambda: browser.switch("airplane").get_attribute("aria-busy") is None, "the switch confirmed")
    check_equal(browser.checked("airplane"), "true", "the switch after the answer")
    browser.switch("airplane").send_keys(Keys.SPACE)
    wait_until(lambda: stored(server, "airplane") is False, "Space toggles the switch")
    confirmed = lambda: browser.switch("airplane").get_attribute("aria-busy") is None  # noqa: E731
    wait_until(lambda: confirmed() and browser.checked("airplane") == "false", "the page's confirmation")
    browser.switch("airplane").send_keys(Keys.ENTER)
    wait_until(lambda: stored(server, "airplane") is True, "Enter toggles the switch")

    browser.driver.get(server.url("/page/previews"))
    browser.wait_ready()
    click_choice(browser, 2)
    wait_until(lambda: stored(server, "previews") == "never", "a choice applied at once")
    browser.driver.get(server.url("/page/languages"))
    browser.wait_ready()
    click_choice(browser, 2)
    wait_until(lambda: stored(server, "languages") == ["en", "ko", "ja"], "a choice added to a multiple choice")
    click_choice(browser, 0)
    wait_until(lambda: stored(server, "languages") == ["ko", "ja"], "a choice removed")
    browser.driver.back()
    browser.driver.back()
    wait_until(lambda: browser.js("return document.querySelector('h1').textContent") == "Settings", "the top page")
    wait_until(lambda: "Never" in browser.text('[data-key="previews"]'), "the chosen title on the row")


def test_text_number_and_slider_apply_on_enter_or_blur_and_esc_restores(ctx):
    server = ctx.server(PHONE)
    browser = ctx.browser()
    browser.open(server)
    name = browser.find('[data-key="device-name"] input')
    name.send_keys(Keys.CONTROL, "a")
    name.send_keys("Work Phone")
    name.send_keys(Keys.ESCAPE)
    check_equal(name.get_attribute("value"), "Alex's iPhone", "Esc puts the stored value back")
    name.send_keys(Keys.END, " 2", Keys.ENTER)
    wait_until(lambda: stored(server, "device-name") == "Alex's iPhone 2", "Enter applies the text")
    name = browser.find('[data-key="device-name"] input')
    name.send_keys(Keys.END, "!", Keys.TAB)
    wait_until(lambda: stored(server, "device-name") == "Alex's iPhone 2!", "leaving the field applies the text")

    number = browser.find('[data-key="auto-lock"] input')
    number.send_keys(Keys.CONTROL, "a")
    number.send_keys("99", Keys.ENTER)
    expected = cli_error(server, "set", "auto-lock", "99")
    wait_until(lambda: browser.find_all('[data-key="auto-lock"] .error'), "the refusal under the row")
    # The CLI's words (`auto-lock: 99 is above the maximum 60`), with or without the key in front.
    core = expected.split(": ", 1)[1] if expected.startswith("auto-lock: ") else expected
    shown = browser.text('[data-key="auto-lock"] .error')
    check(core in shown, f"the CLI's message {expected!r} under the row, saw {shown!r}")
    check_equal(stored(server, "auto-lock"), 2, "nothing written")
    number = browser.find('[data-key="auto-lock"] input')
    check_equal(number.get_attribute("value"), "99", "the typed text kept")
    check_equal(number.get_attribute("aria-invalid"), "true", "the field marked invalid")
    number.send_keys(Keys.CONTROL, "a")
    number.send_keys("10", Keys.ENTER)
    wait_until(lambda: stored(server, "auto-lock") == 10, "a number in range applied")

    slider = browser.find('[data-key="brightness"] input[type="range"]')
    slider.send_keys(Keys.ARROW_RIGHT)
    wait_until(lambda: stored(server, "brightness") == 75, "the slider's step applied")


def test_locked_and_disabled_rows_refuse_with_the_reason(ctx):
    server = ctx.server(PHONE, system_file=json.dumps({"locked": {"airplane": "Managed by your organisation"}}))
    browser = ctx.browser()
    browser.open(server)
    row = browser.row("airplane")
    check("locked" in row.get_attribute("class"), "the locked row's class")
    check("Managed by your organisation" in row.text, f"the lock's reason on the row: {row.text!r}")
    check("🔒" in row.text, "the lock sign")
    switch = browser.switch("airplane")
    check_equal(switch.get_attribute("aria-disabled"), "true", "the locked switch is aria-disabled")
    described = switch.get_attribute("aria-describedby").split()
    reasons = [browser.js("return document.getElementById(arguments[0]).textContent", id) for id in described]
    check(any("Managed by your organisation" in text for text in reasons), f"the reason describes it: {reasons}")
    switch.click()
    check_equal(stored(server, "airplane"), False, "a locked switch does not change")
    check_equal(browser.checked("airplane"), "false", "the locked switch's state")

    server2 = ctx.server(PHONE)
    server2.settings("set", "airplane", "on")
    browser.open(server2)
    bluetooth = browser.row("bluetooth")
    check("disabled" in bluetooth.get_attribute("class"), "Bluetooth greyed while Airplane Mode is on")
    check_equal(browser.switch("bluetooth").get_attribute("aria-disabled"), "true", "aria-disabled")
    browser.click_switch("bluetooth")
    check_equal(stored(server2, "bluetooth"), True, "a disabled switch does not change")


def test_reset_names_the_default_and_undo_in_the_modified_filter(ctx):
    server = ctx.server(PHONE)
    server.settings("set", "airplane", "on")
    server.settings("set", "auto-lock", "5")
    browser = ctx.browser()
    browser.open(server)
    check("modified" in browser.row("airplane").get_attribute("class"), "the override marker")
    check("modified" not in browser.row("bluetooth").get_attribute("class"), "no marker without an override")
    check_equal(browser.text('[data-key="airplane"] .reset'), "Reset to Off", "Reset names the default")
    check_equal(browser.text('[data-key="auto-lock"] .reset'), "Reset to 2 min", "Reset names the default with its unit")

    browser.click("#modified")
    check_equal(browser.find("#modified").get_attribute("aria-pressed"), "true", "the filter's button")
    wait_until(
        lambda: browser.js("return document.querySelector('h1').textContent") == "Modified settings",
        "the Modified view of every page",
    )
    keys = browser.js("return [...document.querySelectorAll('#content li[data-key]')].map(e => e.dataset.key)")
    check_equal(sorted(keys), ["airplane", "auto-lock"], "the Modified filter's rows")
    browser.click('[data-key="airplane"] .reset')
    wait_until(lambda: "airplane" not in server.store_json(), "the reset written")
    wait_until(lambda: browser.find_all('[data-key="airplane"] .undo'), "the reset row stays with Undo")
    check_equal(browser.checked("airplane"), "false", "the reset row shows the default")
    browser.click('[data-key="airplane"] .undo')
    wait_until(lambda: stored(server, "airplane") is True, "Undo puts the value back")
    wait_until(lambda: browser.find_all('[data-key="airplane"] .reset'), "the row modified again")
    browser.click('[data-key="auto-lock"] .reset')
    wait_until(lambda: "auto-lock" not in server.store_json(), "Auto-Lock reset")
    wait_until(lambda: browser.find_all('[data-key="auto-lock"] .undo'), "Auto-Lock stays with Undo")
    browser.click("#modified")
    browser.click("#modified")
    wait_until(
        lambda: browser.js("return [...document.querySelectorAll('#content li[data-key]')].map(e => e.dataset.key)")
        == ["airplane"],
        "applying the filter again drops the reset row",
    )


def test_json_view_and_secure_text(ctx):
    server = ctx.server(PHONE)
    server.settings("set", "airplane", "on")
    server.settings("set", "wifi.password", "hunter2-secret")
    browser = ctx.browser()
    browser.open(server)
    browser.click("#json")
    wait_until(lambda: browser.find("#json-view").get_attribute("open") is not None, "the JSON view")
    text = browser.text("#json-text")
    dump = server.settings("dump").stdout
    check_equal(text.strip(), dump.strip(), "the JSON view is what settings dump prints")
    check("hunter2-secret" not in text, "no secure value in the JSON view")
    browser.click("#json-copy")
    wait_until(lambda: browser.text("#json-status") != "", "Copy's status")
    browser.click("#json-close")

    browser.driver.get(server.url("/page/wifi"))
    browser.wait_ready()
    check("hunter2-secret" not in browser.driver.page_source, "no secure value in the page before Reveal")
    row = browser.js("return document.querySelector('[data-key$=\"password\"]').dataset.key")
    browser.click(f'[data-key="{row}"] .reveal')
    wait_until(
        lambda: browser.find(f'[data-key="{row}"] input').get_attribute("value") == "hunter2-secret", "the revealed value"
    )
    field = browser.find(f'[data-key="{row}"] input')
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("new-secret", Keys.ENTER)
    wait_until(lambda: server.store_json().get(row) == "new-secret", "a new secure value applied")


def test_a_revealed_secure_value_changed_elsewhere_goes_back_to_the_mask(ctx):
    server = ctx.server(PHONE)
    server.settings("set", "wifi.password", "first-secret")
    browser = ctx.browser()
    browser.open(server, "/page/wifi")
    wait_until(lambda: browser.js("return document.documentElement.dataset.live") == "open", "the event stream")
    row = '[data-key="wifi.password"]'
    for secret in ("second-secret", "third-secret", "fourth-secret"):
        browser.click(f"{row} .reveal")
        wait_until(lambda: browser.find(f"{row} input").get_attribute("value") != "", "the revealed value")
        browser.js("document.activeElement.blur()")
        # The row of a secure value is the same before and after (a mask): the event itself says it changed.
        server.settings("set", "wifi.password", secret)
        wait_until(
            lambda: browser.find(f"{row} input").get_attribute("type") == "password", f"the mask again after {secret}"
        )
        check_equal(browser.find(f"{row} input").get_attribute("value"), "", "no stale revealed value")
        wait_until(
            lambda: browser.text("#live") == "Wi-Fi Password changed elsewhere to ••••••••", f"the announcement of {secret}"
        )
        browser.js("document.getElementById('live').textContent = ''")
    browser.click(f"{row} .reveal")
    wait_until(lambda: browser.find(f"{row} input").get_attribute("value") == "fourth-secret", "the value revealed now")
    # Being edited, it keeps what is typed and says it changed elsewhere.
    field = browser.find(f"{row} input")
    field.click()
    field.send_keys(Keys.END, "-typed")
    server.settings("set", "wifi.password", "fifth-secret")
    wait_until(lambda: browser.find_all(f"{row} .note"), "the note above the field being edited")
    check_equal(browser.text(f"{row} .note"), "Changed elsewhere to ••••••••", "the note")
    check_equal(field.get_attribute("value"), "fourth-secret-typed", "the text being edited")
    check("fifth-secret" not in browser.driver.page_source, "the new secret not in the page")


def test_a_rejected_stored_value_says_so_on_its_row_until_reset(ctx):
    server = ctx.server(PHONE, store_text='{"airplane": "maybe", "bluetooth": false}\n')
    browser = ctx.browser()
    browser.open(server)
    warning = server.settings("get", "airplane").stderr.strip()
    check(warning.startswith("Warning: "), f"the CLI's warning: {warning!r}")
    problem = '[data-key="airplane"] .stored-problem'
    # The CLI's warning ends with "; 'settings reset airplane' removes it": the row has a Reset button.
    check_equal(
        "Warning: " + browser.text(problem) + "; 'settings reset airplane' removes it", warning, "the CLI's words"
    )
    check_equal(browser.checked("airplane"), "false", "the default shown")
    described = browser.switch("airplane").get_attribute("aria-describedby").split()
    check(browser.find(problem).get_attribute("id") in described, "the problem describes the switch")
    browser.click("#modified")
    wait_until(lambda: browser.find_all('#content [data-key="airplane"] .stored-problem'), "listed by Modified")
    browser.click("#modified")
    wait_until(lambda: browser.find_all('#content [data-key="airplane"] .reset'), "the Reset button")
    check_equal(browser.text('[data-key="airplane"] .reset'), "Reset to Off", "the Reset button's text")
    browser.click('[data-key="airplane"] .reset')
    wait_until(lambda: "airplane" not in server.store_json(), "the rejected value removed from the store")
    wait_until(lambda: not browser.find_all(problem), "the problem gone from the row")
    check_equal(server.store_json(), {"bluetooth": False}, "the store after Reset")


def test_the_modified_filter_lists_overrides_of_every_page(ctx):
    server = ctx.server(PHONE)
    server.settings("set", "cellular.options.roaming", "on")
    server.settings("set", "previews", "never")
    browser = ctx.browser()
    browser.open(server)
    browser.click("#modified")
    wait_until(
        lambda: browser.js("return [...document.querySelectorAll('#content li[data-key]')].map(e => e.dataset.key)")
        == ["previews", "cellular.options.roaming"]
        or browser.js("return [...document.querySelectorAll('#content li[data-key]')].map(e => e.dataset.key)")
        == ["cellular.options.roaming", "previews"],
        "the overrides of the top page and of a page two levels down",
    )
    path = browser.text('[data-key="cellular.options.roaming"] .result-path')
    check("Cellular Data Options" in path, f"the row says which page holds it: {path!r}")
    browser.click_switch("cellular.options.roaming")
    wait_until(lambda: stored(server, "cellular.options.roaming") is False, "a change from the filtered list")
    browser.click('[data-key="previews"] .result-path')
    wait_until(lambda: browser.js("return document.querySelector('h1').textContent") == "Settings", "its page")
