"""A list's own page: elements added, refused, moved and deleted (asked first in the page), records added through a
form whose password never comes back, Undo of an element change, keyboard-only reorder, a locked list read-only, a
change made elsewhere drawn live, and axe-core clean in light and dark."""

import json

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from harness import EXAMPLES, check, check_equal, cli_error, stored, wait_until

PHONE = EXAMPLES / "phone-settings.json"


def elements(browser):
    """The elements' texts as the editor shows them, in order."""
    return browser.js(
        "return [...document.querySelectorAll('.list-editor li[data-position] .title')].map(e => e.textContent)"
    )


def toast_text(browser):
    return browser.js("const t = document.querySelector('#toast .toast-text'); return t ? t.textContent : null")


def button(browser, label):
    """The element's button whose accessible name is `label` (such as "Move up: 9.9.9.9")."""
    found = [b for b in browser.find_all(".list-editor button") if b.get_attribute("aria-label") == label]
    return found[0] if found else None


def click_button(browser, label):
    # The list is drawn again after each change: the button is found again until a click lands.
    wait_until(lambda: button(browser, label) is not None and (button(browser, label).click() or True),
               f"a click on {label}")


def focused_label(browser):
    return browser.js("return document.activeElement.getAttribute('aria-label') || document.activeElement.textContent")


def add(browser, text):
    browser.click(".list-add")
    wait_until(lambda: browser.find_all(".list-add-form input"), "the Add form")
    field = browser.find(".list-add-form input")
    check(field == browser.driver.switch_to.active_element, "the new item's field takes the focus")
    field.send_keys(text, Keys.ENTER)




def test_dns_servers_added_refused_moved_and_deleted(ctx):
    server = ctx.server(PHONE)
    browser = ctx.browser()
    browser.open(server, "/?undo-seconds=60")
    link = browser.find('[data-key="dns"] a.row-link')
    check("1 item" in link.text, "the row shows its count")
    link.click()
    wait_until(lambda: elements(browser) == ["1.1.1.1"], "the list's page")
    check_equal(browser.js("return location.pathname"), "/page/dns", "the list's own address")

    add(browser, "9.9.9.9")
    wait_until(lambda: stored(server, "dns") == ["1.1.1.1", "9.9.9.9"], "9.9.9.9 added at the end")
    wait_until(lambda: elements(browser) == ["1.1.1.1", "9.9.9.9"], "the editor shows it")
    wait_until(lambda: toast_text(browser) == "Added 9.9.9.9 at 2", "the change's toast")

    expected = cli_error(server, "add", "dns", "not-an-ip")
    add(browser, "not-an-ip")
    wait_until(lambda: browser.find_all(".list-add-form .error:not([hidden])"), "the refusal under the field")
    shown = browser.text(".list-add-form .error")
    core = expected.split(": ", 1)[1] if expected.startswith("dns: ") else expected
    check(core in shown, f"the CLI's message {expected!r} under the field, saw {shown!r}")
    check("must be an IP address" in shown, "the pattern's message")
    field = browser.find(".list-add-form input")
    check_equal(field.get_attribute("aria-invalid"), "true", "the field marked invalid")
    check_equal(field.get_attribute("value"), "not-an-ip", "the typed text kept")
    check_equal(stored(server, "dns"), ["1.1.1.1", "9.9.9.9"], "nothing written")
    field.send_keys(Keys.ESCAPE)
    wait_until(lambda: not browser.find_all(".list-add-form form"), "Esc closes the form")
    check_equal(browser.find(".list-add").get_attribute("aria-expanded"), "false", "the Add… button collapsed")

    click_button(browser, "Move up: 9.9.9.9")
    wait_until(lambda: stored(server, "dns") == ["9.9.9.9", "1.1.1.1"], "9.9.9.9 moved up")
    wait_until(lambda: elements(browser) == ["9.9.9.9", "1.1.1.1"], "the editor's new order")
    wait_until(lambda: focused_label(browser) == "Move up: 9.9.9.9", "the focus stays on the moved element")
    check_equal(button(browser, "Move up: 9.9.9.9").get_attribute("aria-disabled"), "true", "the first cannot move up")
    wait_until(lambda: toast_text(browser) == "Moved 9.9.9.9 to 1", "the move's toast")

    click_button(browser, "Delete: 1.1.1.1")
    wait_until(lambda: browser.find_all(".confirm"), "Delete asks first")
    check_equal(browser.text(".confirm p"), "Delete 1.1.1.1?", "the question")
    check_equal(stored(server, "dns"), ["9.9.9.9", "1.1.1.1"], "nothing deleted before the answer")
    check_equal(browser.js("return document.activeElement.dataset.focus"), "confirm", "the focus on the answer")
    browser.driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait_until(lambda: not browser.find_all(".confirm"), "Esc takes the question back")
    check_equal(focused_label(browser), "Delete: 1.1.1.1", "the focus back on Delete")
    click_button(browser, "Delete: 1.1.1.1")
    wait_until(lambda: browser.find_all(".confirm button[data-focus=confirm]"), "asked again")
    browser.click(".confirm button[data-focus=confirm]")
    wait_until(lambda: stored(server, "dns") == ["9.9.9.9"], "1.1.1.1 deleted")
    wait_until(lambda: elements(browser) == ["9.9.9.9"], "the editor without it")
    wait_until(lambda: toast_text(browser) == "Removed 1.1.1.1", "the delete's toast")

    click_button(browser, "Edit: 9.9.9.9")
    wait_until(lambda: browser.find_all(".list-editor li form input"), "the element's form")
    field = browser.find(".list-editor li form input")
    check_equal(field.get_attribute("value"), "9.9.9.9", "the element's value to edit")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("8.8.4.4", Keys.ENTER)
    wait_until(lambda: stored(server, "dns") == ["8.8.4.4"], "the element given anew")
    wait_until(lambda: focused_label(browser) == "Edit: 8.8.4.4", "the focus back on its Edit")
    wait_until(lambda: toast_text(browser) == "Changed 8.8.4.4", "the edit's toast")
    history = server.settings("history").stdout
    for words in ("added 9.9.9.9 at 2", "moved 9.9.9.9 to 1", "removed 1.1.1.1 from 2"):
        check(words in history, f"the history says {words!r}")
    # The History page words them as settings history does.
    browser.driver.get(server.url("/history"))
    browser.wait_ready()
    wait_until(lambda: browser.find_all("#history-content li.entry"), "the History page's entries")
    shown = browser.js("return [...document.querySelectorAll('#history-content .entry-changes li')]"
                       ".map(c => c.textContent)")
    check_equal(shown, ["dns (DNS Servers): changed 9.9.9.9 to 8.8.4.4 at 1", "dns (DNS Servers): removed 1.1.1.1 from 2",
                        "dns (DNS Servers): moved 9.9.9.9 to 1", "dns (DNS Servers): added 9.9.9.9 at 2"],
                "the History page's wording")


def test_undo_of_an_element_change(ctx):
    server = ctx.server(PHONE)
    browser = ctx.browser()
    browser.open(server, "/page/dns?undo-seconds=60")
    wait_until(lambda: elements(browser) == ["1.1.1.1"], "the list's page")
    add(browser, "8.8.8.8")
    wait_until(lambda: stored(server, "dns") == ["1.1.1.1", "8.8.8.8"], "8.8.8.8 added")
    wait_until(lambda: browser.find_all("#toast button"), "the Undo in the toast")
    browser.click("#toast button")
    wait_until(lambda: "dns" not in server.store_json(), "Undo takes the add back (to the default)")
    wait_until(lambda: elements(browser) == ["1.1.1.1"], "the editor drawn again")
    wait_until(lambda: toast_text(browser) == "Undid change 1: DNS Servers 2 items → 1 item", "what Undo says")
    check_equal(button(browser, "Delete: 1.1.1.1") is not None, True, "the editor's buttons are back")


def test_keyboard_only_reorder(ctx):
    server = ctx.server(PHONE)
    browser = ctx.browser()
    browser.open(server, "/page/preferred-languages?undo-seconds=60")
    wait_until(lambda: elements(browser) == ["English", "한국어"], "the languages")
    # From the heading, Tab reaches the first element's buttons.
    browser.js("document.querySelector('.list-editor h2').focus()")
    ActionChains(browser.driver).send_keys(Keys.TAB).perform()
    check_equal(focused_label(browser), "Move up: English", "Tab reaches the first element")
    ActionChains(browser.driver).key_down(Keys.ALT).send_keys(Keys.ARROW_DOWN).key_up(Keys.ALT).perform()
    wait_until(lambda: stored(server, "preferred-languages") == ["ko", "en"], "Alt+ArrowDown moves English down")
    wait_until(lambda: elements(browser) == ["한국어", "English"], "the new order")
    wait_until(lambda: focused_label(browser) == "Move up: English", "the focus stays on English")
    wait_until(lambda: toast_text(browser) == "Moved English to 2", "the move is said")
    ActionChains(browser.driver).key_down(Keys.ALT).send_keys(Keys.ARROW_UP).key_up(Keys.ALT).perform()
    wait_until(lambda: stored(server, "preferred-languages") == ["en", "ko"], "Alt+ArrowUp moves it back")
    wait_until(lambda: focused_label(browser) == "Move up: English", "the focus still on English")
    wait_until(lambda: toast_text(browser) == "Moved English to 1", "the move back is said")
    # Alt+ArrowUp on the first changes nothing.
    ActionChains(browser.driver).key_down(Keys.ALT).send_keys(Keys.ARROW_UP).key_up(Keys.ALT).perform()
    check_equal(stored(server, "preferred-languages"), ["en", "ko"], "the first stays first")

    # Delete from the keyboard: Enter on Delete asks, Enter on the answer deletes; the last one is refused.
    focus = lambda label: browser.js("arguments[0].focus()", button(browser, label))  # noqa: E731
    focus("Delete: 한국어")
    ActionChains(browser.driver).send_keys(Keys.ENTER).perform()
    wait_until(lambda: browser.js("return document.activeElement.dataset.focus") == "confirm", "the question's answer")
    ActionChains(browser.driver).send_keys(Keys.ENTER).perform()
    wait_until(lambda: stored(server, "preferred-languages") == ["en"], "한국어 deleted")
    wait_until(lambda: focused_label(browser) == "Delete: English", "the focus on the element now there")
    ActionChains(browser.driver).send_keys(Keys.ENTER).perform()
    wait_until(lambda: browser.js("return document.activeElement.dataset.focus") == "confirm", "asked again")
    ActionChains(browser.driver).send_keys(Keys.ENTER).perform()
    wait_until(lambda: browser.find_all(".list-status:not([hidden])"), "the refusal under the list")
    check_equal(browser.text(".list-status"), "preferred-languages: at least 1 element (got 0)", "the CLI's words")
    check_equal(stored(server, "preferred-languages"), ["en"], "nothing deleted")


def test_vpn_record_added_through_the_form_without_echoing_its_password(ctx):
    server = ctx.server(PHONE)
    browser = ctx.browser()
    browser.open(server, "/page/vpn")
    wait_until(lambda: browser.find_all(".list-add"), "the VPN page")
    check_equal(elements(browser), [], "no configuration yet")
    browser.click(".list-add")
    wait_until(lambda: browser.find_all(".list-add-form input[data-field=name]"), "the record's form")
    secret = "s3cret-PW"
    password = browser.find(".list-add-form input[data-field=password]")
    check_equal(password.get_attribute("type"), "password", "the secure field is a password input")
    browser.find(".list-add-form input[data-field=name]").send_keys("Work")
    browser.find(".list-add-form input[data-field=server]").send_keys("vpn.example.com")
    browser.find(".list-add-form select[data-field=type] option[value=l2tp]").click()
    browser.find(".list-add-form input[data-field=account]").send_keys("alex")
    password.send_keys(secret)
    browser.find(".list-add-form button[type=submit]").click()
    wait_until(lambda: elements(browser) == ["Work"], "the record in the list")
    record = stored(server, "vpn")[0]
    check_equal(
        (record["name"], record["server"], record["type"], record["account"], record["password"]),
        ("Work", "vpn.example.com", "l2tp", "alex", secret),
        "the record stored",
    )
    check(secret not in browser.driver.page_source, "the password is not in the page's HTML")

    click_button(browser, "Edit: Work")
    wait_until(lambda: browser.find_all(".list-editor li form input[data-field=server]"), "the record's form")
    edit_password = browser.find(".list-editor li form input[data-field=password]")
    check_equal(edit_password.get_attribute("value"), "", "the password is not filled in")
    server_field = browser.find(".list-editor li form input[data-field=server]")
    server_field.send_keys(Keys.CONTROL, "a")
    server_field.send_keys("vpn2.example.com", Keys.ENTER)
    wait_until(lambda: stored(server, "vpn")[0]["server"] == "vpn2.example.com", "the field changed")
    check_equal(stored(server, "vpn")[0]["password"], secret, "a password left empty is kept")
    check(secret not in browser.driver.page_source, "the password is still not in the page's HTML")
    # WebDriver waits for the promise the script returns.
    answers = browser.js(
        """
        const csrf = document.querySelector('meta[name="settings-csrf"]').content;
        const text = (response) => response.text();
        const post = (body) => fetch('/api/edit', {method: 'POST', body: JSON.stringify(body),
          headers: {'Content-Type': 'application/json', 'X-Settings-CSRF': csrf}}).then(text);
        return Promise.all([fetch('/api/list?key=vpn').then(text), fetch('/api/page').then(text),
          post({key: 'vpn', op: 'set', at: 1, fields: {account: 'alex2'}})]);
        """
    )
    check_equal(len(answers), 3, "three answers")
    for answer in answers:
        check(secret not in answer, f"the password is not in an answer: {answer[:200]}")
    check_equal(json.loads(answers[0])["elements"][0]["secureSet"], ["password"], "the list says the password is set")
    check_equal(stored(server, "vpn")[0]["account"], "alex2", "the change through the API made")


def test_locked_list_is_read_only_and_changes_elsewhere_are_drawn(ctx):
    server = ctx.server(PHONE, system_file=json.dumps({"locked": {"dns": "Managed by your organisation"}}))
    browser = ctx.browser()
    browser.open(server, "/page/dns")
    wait_until(lambda: elements(browser) == ["1.1.1.1"], "the list's page")
    check(not browser.find_all(".list-editor button"), "no button on a locked list")
    check("Managed by your organisation" in browser.text(".list-editor"), "the lock's reason")

    other = ctx.server(PHONE)
    browser.open(other, "/page/preferred-languages")
    wait_until(lambda: elements(browser) == ["English", "한국어"], "the languages")
    other.settings("add", "preferred-languages", "ja")
    wait_until(lambda: elements(browser) == ["English", "한국어", "日本語"], "a change elsewhere drawn live")


def test_list_pages_pass_axe_in_light_and_dark(ctx):
    server = ctx.server(PHONE, store_text=json.dumps({"dns": ["1.1.1.1", "9.9.9.9"]}))
    browser = ctx.browser()
    for path in ("/page/dns", "/page/vpn", "/page/preferred-languages"):
        browser.open(server, path + "?undo-seconds=60")
        wait_until(lambda: browser.find_all(".list-add"), f"the editor of {path}")
        browser.click(".list-add")
        wait_until(lambda: browser.find_all(".list-add-form form"), "the Add form")
        if path == "/page/dns":
            browser.find(".list-add-form input").send_keys("not-an-ip", Keys.ENTER)
            wait_until(lambda: browser.find_all(".list-add-form .error:not([hidden])"), "a refusal shown")
            click_button(browser, "Delete: 1.1.1.1")
            wait_until(lambda: browser.find_all(".confirm"), "the question shown")
        for dark in (False, True):
            browser.set_dark(dark)
            check_equal(browser.axe(), [], f"axe-core violations on {path} ({'dark' if dark else 'light'})")
        browser.set_dark(False)


def test_a_change_made_on_one_page_is_drawn_and_said_on_another(ctx):
    server = ctx.server(PHONE)
    first = ctx.browser()
    second = ctx.browser()
    first.open(server, "/page/dns")
    second.open(server, "/page/dns")
    wait_until(lambda: second.js("return document.documentElement.dataset.live") == "open", "the second page's stream")
    add(first, "9.9.9.9")
    wait_until(lambda: elements(second) == ["1.1.1.1", "9.9.9.9"], "the other page draws the new element")
    wait_until(
        lambda: second.text("#live") == "DNS Servers changed elsewhere to 2 items", "the other page says the change"
    )
    check_equal(first.text("#live"), "", "the page that made it does not call it a change elsewhere")


def test_a_long_list_is_drawn_a_page_at_a_time(ctx):
    document = {"id": "long", "title": "Long", "sections": [{"items": [
        {"key": "hosts", "type": "list", "title": "Hosts", "element": {"type": "textField"}}]}]}
    path = ctx.temp_file("long.json", json.dumps(document))
    hosts = [f"host-{n:04}" for n in range(1, 451)]
    server = ctx.server(path, store_text=json.dumps({"hosts": hosts}))
    browser = ctx.browser()
    browser.open(server, "/page/hosts")
    wait_until(lambda: len(elements(browser)) == 200, "the first 200 elements")
    check_equal(elements(browser), hosts[:200], "the first page of elements, in order")
    check_equal(browser.text(".list-editor .load-more"), "Load more (250 more)", "what is left to draw")
    browser.click(".list-editor .load-more")
    wait_until(lambda: len(elements(browser)) == 400, "200 more drawn")
    check_equal(focused_label(browser), "Edit: host-0201", "the focus on the first element drawn")
    check_equal(browser.text(".list-editor .load-more"), "Load more (50 more)", "what is left after it")
    # Moving the last element drawn down draws the page it moves to, with the focus on it.
    click_button(browser, "Move down: host-0400")
    wait_until(lambda: stored(server, "hosts")[400] == "host-0400", "host-0400 moved to 401")
    wait_until(lambda: focused_label(browser) == "Move down: host-0400", "the focus stays on the moved element")
    check_equal(len(elements(browser)), 450, "the page the element moved to drawn")
    check_equal(browser.axe(), [], "axe-core violations on a long list's page")
