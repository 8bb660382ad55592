"""Live changes: another process, a hand edit, the document on disk, a broken store, other tabs, a restart."""

import json
import os

from selenium.webdriver.common.keys import Keys

from harness import EXAMPLES, check, check_equal, stored, wait_until

PHONE = EXAMPLES / "phone-settings.json"


def wait_live(browser):
    wait_until(lambda: browser.js("return document.documentElement.dataset.live") == "open", "the event stream")


def replace_file(path, text):
    """Writes `text` to `path` as an editor would: a temporary file renamed over it."""
    temporary = path.with_name(path.name + ".tmp-edit")
    temporary.write_text(text)
    os.replace(temporary, path)


def test_a_set_in_another_process_shows_up_live(ctx):
    server = ctx.server(PHONE)
    browser = ctx.browser()
    browser.open(server)
    wait_live(browser)
    check_equal(browser.js("return document.documentElement.dataset.liveMode"), "shared-worker", "the stream's mode")
    server.settings("set", "airplane", "on")
    wait_until(lambda: browser.checked("airplane") == "true", "Airplane Mode on in the page")
    wait_until(
        lambda: browser.text("#live") == "Airplane Mode turned on elsewhere",
        "the polite announcement",
    )
    check_equal(browser.find("#live").get_attribute("aria-live"), "polite", "the live region")
    wait_until(
        lambda: browser.switch("bluetooth").get_attribute("aria-disabled") == "true",
        "Bluetooth disabled by Airplane Mode",
    )
    server.settings("set", "auto-lock", "7")
    wait_until(lambda: browser.find('[data-key="auto-lock"] input').get_attribute("value") == "7", "Auto-Lock 7")
    server.settings("set", "focus", "on")
    wait_until(lambda: browser.find_all('[data-key="allow-calls"]'), "Allow Calls From shown by Do Not Disturb")


def test_a_hand_edit_of_the_store_shows_up(ctx):
    server = ctx.server(PHONE)
    browser = ctx.browser()
    browser.open(server)
    wait_live(browser)
    replace_file(server.store, json.dumps({"bluetooth": False, "brightness": 35}, indent=2) + "\n")
    wait_until(lambda: browser.checked("bluetooth") == "false", "Bluetooth off after the hand edit")
    wait_until(
        lambda: browser.find('[data-key="brightness"] input').get_attribute("value") == "35", "Brightness 35"
    )


def test_the_document_changing_on_disk_reloads_the_page(ctx):
    document = ctx.temp_copy(PHONE)
    server = ctx.server(document)
    browser = ctx.browser()
    browser.open(server)
    wait_live(browser)
    text = document.read_text().replace('"en": "Airplane Mode"', '"en": "Flight Mode"', 1)
    check("Flight Mode" in text, "the test's edit of the document")
    replace_file(document, text)
    wait_until(
        lambda: browser.text('[data-key="airplane"] .title') == "Flight Mode", "the new title after the reload"
    )
    replace_file(document, "{ not json")
    wait_until(lambda: browser.find_all('[data-banner="document"]'), "the banner for a document that does not load")
    check_equal(browser.text('[data-key="airplane"] .title'), "Flight Mode", "the last good document stays")
    replace_file(document, text.replace("Flight Mode", "Plane Mode"))
    wait_until(lambda: not browser.find_all('[data-banner="document"]'), "the document banner gone")
    wait_until(lambda: browser.text('[data-key="airplane"] .title') == "Plane Mode", "the fixed document")


def test_a_page_the_new_document_no_longer_has_says_it_is_not_found(ctx):
    document = ctx.temp_copy(PHONE)
    server = ctx.server(document)
    browser = ctx.browser()
    browser.open(server, "/page/wifi")
    wait_live(browser)
    check_equal(browser.text("h1"), "Wi-Fi", "the page before")
    data = json.loads(document.read_text())
    for section in data["sections"]:
        section["items"] = [item for item in section.get("items", []) if item.get("key") != "wifi"]
        for item in section.get("items", []):
            item.pop("enabledWhen", None)
    replace_file(document, json.dumps(data))
    wait_until(lambda: browser.text("h1") == "Not found", "the page that is gone says so")
    check_equal(browser.text("#content"), 'There is no setting "wifi".', "why")
    check_equal(browser.find_all('[data-key="wifi.auto-hotspot"]'), [], "no row of the page that is gone")
    browser.driver.back()
    wait_until(lambda: browser.text("h1") == "Settings", "Back to the top page")
    check_equal(browser.find_all('#content [data-key="wifi"]'), [], "the new document's top page")


def test_a_broken_store_shows_a_banner_until_repaired(ctx):
    server = ctx.server(PHONE, store_text='{"airplane": false}\n')
    browser = ctx.browser()
    browser.open(server)
    wait_live(browser)
    replace_file(server.store, '{"airplane": tru')
    wait_until(lambda: browser.find_all('[data-banner="store"]'), "the broken store's banner")
    check_equal(browser.find('[data-banner="store"]').get_attribute("role"), "alert", "the banner's role")
    # A change refused while the store is broken names why next to the row, and writes nothing.
    browser.click_switch("bluetooth")
    wait_until(lambda: browser.find_all('[data-key="bluetooth"] .error'), "the refusal next to the row")
    check_equal(server.store.read_text(), '{"airplane": tru', "the broken store, untouched")
    replace_file(server.store, '{"airplane": true}\n')
    wait_until(lambda: not browser.find_all('[data-banner="store"]'), "the banner gone")
    wait_until(lambda: browser.checked("airplane") == "true", "the repaired store's value")


def test_two_tabs_on_one_key_the_later_gets_409_and_keeps_its_text(ctx):
    server = ctx.server(PHONE)
    browser = ctx.browser()
    browser.open(server)
    wait_live(browser)
    first = browser.driver.current_window_handle
    browser.driver.switch_to.new_window("tab")
    browser.driver.get(server.url("/"))
    browser.wait_ready()
    wait_live(browser)
    second = browser.driver.current_window_handle

    # Different keys from the two tabs both land.
    browser.click_switch("airplane")
    browser.driver.switch_to.window(first)
    browser.click_switch("true-tone")
    wait_until(lambda: stored(server, "airplane") is True and stored(server, "true-tone") is False, "both changes")
    wait_until(lambda: browser.checked("airplane") == "true", "the other tab's change in the first tab")

    # The first tab starts editing the name; the second changes it.
    field = browser.find('[data-key="device-name"] input')
    field.click()
    field.send_keys(Keys.END, " (first)")
    browser.driver.switch_to.window(second)
    other = browser.find('[data-key="device-name"] input')
    other.send_keys(Keys.CONTROL, "a")
    other.send_keys("Second Phone", Keys.ENTER)
    wait_until(lambda: stored(server, "device-name") == "Second Phone", "the second tab's name")
    browser.driver.switch_to.window(first)
    wait_until(
        lambda: browser.text('[data-key="device-name"] .note') == "Changed elsewhere to Second Phone",
        "the change shown above the input being edited",
    )
    field = browser.find('[data-key="device-name"] input')
    check_equal(field.get_attribute("value"), "Alex's iPhone (first)", "the text being edited")
    field.send_keys(Keys.ENTER)
    wait_until(lambda: field.get_attribute("data-conflict") == "true", "the 409 answer")
    check_equal(stored(server, "device-name"), "Second Phone", "nothing written by the stale edit")
    check_equal(field.get_attribute("value"), "Alex's iPhone (first)", "the typed text kept after the 409")
    check_equal(browser.text('[data-key="device-name"] .note'), "Changed elsewhere to Second Phone", "the 409's note")
    field.send_keys(Keys.ENTER)
    wait_until(lambda: stored(server, "device-name") == "Alex's iPhone (first)", "the edit applied once seen")


def test_ten_tabs_share_one_stream_and_all_stay_live(ctx):
    server = ctx.server(PHONE)
    browser = ctx.browser()
    browser.open(server)
    handles = [browser.driver.current_window_handle]
    for _ in range(9):
        browser.driver.switch_to.new_window("tab")
        browser.driver.get(server.url("/"))
        browser.wait_ready()
        handles.append(browser.driver.current_window_handle)
    for handle in handles:
        browser.driver.switch_to.window(handle)
        wait_live(browser)
        check_equal(browser.js("return document.documentElement.dataset.liveMode"), "shared-worker", "each tab's stream")
    browser.driver.switch_to.window(handles[-1])
    browser.click_switch("airplane")
    wait_until(lambda: stored(server, "airplane") is True, "the tenth tab's change stored")
    server.settings("set", "true-tone", "off")
    for index, handle in enumerate(handles):
        browser.driver.switch_to.window(handle)
        wait_until(lambda: browser.checked("airplane") == "true", f"tab {index + 1}: Airplane Mode on")
        wait_until(lambda: browser.checked("true-tone") == "false", f"tab {index + 1}: True Tone off")


def test_the_server_stopped_and_started_again(ctx):
    server = ctx.server(PHONE)
    browser = ctx.browser()
    browser.open(server)
    wait_live(browser)
    old_token = server.token
    server.stop()
    wait_until(lambda: browser.find_all('[data-banner="stopped"]'), "the server-stopped notice", timeout=10)
    check("stopped" in browser.text('[data-banner="stopped"]'), "the notice says the server stopped")
    server.start(port=server.port)
    check(server.token != old_token, "a new token for the new run")
    wait_until(lambda: browser.find_all('[data-banner="token"]'), "the new-address notice", timeout=10)
    check("new address" in browser.text('[data-banner="token"]'), "the notice says to open the new address")
    browser.driver.get(server.address)
    browser.wait_ready()
    wait_live(browser)
    check(not browser.find_all('[data-banner="token"], [data-banner="stopped"]'), "no notice after opening the new address")
    server.settings("set", "airplane", "on")
    wait_until(lambda: browser.checked("airplane") == "true", "live again after the restart")


def test_without_shared_workers_one_tab_holds_the_stream_for_the_others(ctx):
    server = ctx.server(PHONE)
    browser = ctx.browser()
    # A browser without SharedWorker: Web Locks elect one tab, which passes events on a BroadcastChannel.
    browser.driver.execute_cdp_cmd(
        "Page.addScriptToEvaluateOnNewDocument", {"source": "delete window.SharedWorker;"}
    )
    browser.open(server)
    handles = [browser.driver.current_window_handle]
    for _ in range(2):
        browser.driver.switch_to.new_window("tab")
        browser.driver.execute_cdp_cmd(
            "Page.addScriptToEvaluateOnNewDocument", {"source": "delete window.SharedWorker;"}
        )
        browser.driver.get(server.url("/"))
        browser.wait_ready()
        handles.append(browser.driver.current_window_handle)
    for handle in handles:
        browser.driver.switch_to.window(handle)
        check_equal(browser.js("return document.documentElement.dataset.liveMode"), "web-locks", "the fallback")
    server.settings("set", "airplane", "on")
    for index, handle in enumerate(handles):
        browser.driver.switch_to.window(handle)
        wait_until(lambda: browser.checked("airplane") == "true", f"tab {index + 1} live")
    # The leader (the first tab) closes: another tab takes the lock and the stream.
    browser.driver.switch_to.window(handles[0])
    browser.driver.close()
    browser.driver.switch_to.window(handles[1])
    # The lead has passed when one of the two tabs left holds the lock and the other waits for it.
    leader_query = (
        "const done = arguments[arguments.length - 1];"
        "navigator.locks.query().then((state) => done(["
        "state.held.filter((lock) => lock.name === 'settings-events-leader').length,"
        "state.pending.filter((lock) => lock.name === 'settings-events-leader').length]));"
    )
    wait_until(lambda: browser.driver.execute_async_script(leader_query) == [1, 1], "another tab takes the lead")
    server.settings("set", "airplane", "off")
    for index, handle in enumerate(handles[1:]):
        browser.driver.switch_to.window(handle)
        wait_until(lambda: browser.checked("airplane") == "false", f"tab {index + 2} live after the leader closed")
