"""A page of many rows: the first 200 come with it, later sections as the page scrolls near them."""

import json

from harness import check, check_equal, stored, wait_until


def large_document(sections=30, rows=20, title="Large"):
    """`sections` sections of `rows` switches each: item i is `item-i`, titled "Item i"."""
    return json.dumps(
        {
            "version": 1,
            "id": "large-web",
            "title": title,
            "sections": [
                {
                    "header": f"Section {number + 1}",
                    "items": [
                        {"key": f"item-{index}", "type": "switch", "title": f"Item {index}"}
                        for index in range(number * rows, (number + 1) * rows)
                    ],
                }
                for number in range(sections)
            ],
        }
    )


def row_count(browser, section):
    return browser.js(f"return document.querySelectorAll('[data-section=\"{section}\"] li.row').length")


def test_later_sections_load_as_the_page_scrolls_near_them(ctx):
    path = ctx.temp_file("large.json", large_document())
    server = ctx.server(path)
    browser = ctx.browser(height=700)
    browser.open(server)
    check_equal(row_count(browser, 9), 20, "the rows of the tenth section (rows 181 to 200)")
    check_equal(row_count(browser, 28), 0, "the rows of a section far below, before scrolling")
    check_equal(
        browser.js("return document.querySelector('[data-section=\"28\"] .group').getAttribute('aria-busy')"),
        "true",
        "a deferred section's list is busy",
    )
    check_equal(browser.js('return document.querySelector(\'[data-section="28"] .section-header\').textContent'), "Section 29", "a deferred section's header")
    # A change made elsewhere before the section is loaded shows in it once it is.
    server.settings("set", "item-570", "true")
    browser.js("window.scrollTo(0, document.body.scrollHeight)")
    wait_until(lambda: row_count(browser, 28) == 20, "the section at the bottom, loaded on scrolling")
    wait_until(lambda: browser.checked("item-570") == "true", "the change made elsewhere in the loaded section")
    check(
        not browser.find_all('[data-section="29"][data-deferred]'), "the last section is loaded (no longer deferred)"
    )
    # A loaded section's switch works, and the page fetched again keeps it loaded.
    browser.click_switch("item-575")
    wait_until(lambda: stored(server, "item-575") is True, "item-575 turned on from a loaded section")
    path.write_text(large_document(title="Large, again"))
    wait_until(lambda: browser.text("h1") == "Large, again", "the page after the document changed on disk")
    check_equal(row_count(browser, 28), 20, "a loaded section after the page was fetched again")
    check_equal(browser.checked("item-575"), "true", "the switch turned on, after the page was fetched again")
    check_equal(browser.console_errors(), [], "console errors")


def test_a_search_result_in_a_later_section_opens_with_its_row(ctx):
    path = ctx.temp_file("large.json", large_document())
    server = ctx.server(path)
    browser = ctx.browser(height=700)
    browser.open(server)
    search = browser.find("#search")
    search.send_keys("Item 591")
    wait_until(lambda: browser.find_all("#content .result-path"), "the search result")
    check_equal(
        browser.js("return [...document.querySelectorAll('#content [data-key]')].map(e => e.dataset.key)"),
        ["item-591"],
        "the results",
    )
    browser.click("#content .result-path")
    wait_until(
        lambda: browser.js("return document.activeElement.closest('[data-key]')?.dataset.key") == "item-591",
        "the focus on the result's row",
    )
    check_equal(row_count(browser, 29), 20, "the result's section, sent with the page")
    check_equal(row_count(browser, 20), 0, "a section between, still deferred while out of sight")
    check_equal(browser.console_errors(), [], "console errors")
