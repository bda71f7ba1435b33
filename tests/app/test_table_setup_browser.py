"""The app's *Set up a table* in headless Chromium: the New game tab opens the position editor, clicks change the
table (Ada's money typed, a Commerce project placed on a free site), *Continue from here* makes it the page's new
stored game, a move is played, and the page reloaded shows that stored game again at that position and move
(the map's disc the edit placed, the move counted). The page with the editor passes the accessibility audit.
Every wait is on a condition, never on time."""
from __future__ import annotations

import re

import pytest
from axe_audit import violations
from editor_ui.test_editor_browser import click_site, map_drawn, message
from playwright.sync_api import expect

import carnegie_lab as cl
from carnegie_lab.store import GameStore

from .conftest import PAGE_TIMEOUT, READY, TURN

pytestmark = pytest.mark.browser

TIMEOUT = 60_000                # ms for one widget round trip to show
MAP = ".cl-main .cl-figure-map .js-plotly-plot"
ROOT = ".cl-set-up-table"
#: The sites of Ada's discs drawn on the page's map (its ``discs-0`` trace).
ADA_SITES_JS = """sel => {
  const gd = document.querySelector(sel);
  const t = gd && gd.data && gd.data.find(t => t.name === 'discs-0');
  return t ? Array.from(t.customdata) : null;
}"""


#: The free sites of the editor's map that take a Commerce project (its ``sites-empty`` trace, marked "C"): the
#: table starts from the page's game, whose neutral discs depend on its seed.
FREE_COMMERCE_JS = """() => {
  const gd = document.querySelector('.cl-editor-figure-map .js-plotly-plot');
  const t = gd && gd.data && gd.data.find(t => t.name === 'sites-empty');
  return t ? Array.from(t.customdata).filter((k, i) => t.text[i] === 'C') : [];
}"""


def actions(p) -> int:
    return int(p.locator(TURN).get_attribute("data-actions"))


# make test: tests/app/test_table_setup.py, and the editor's clicks in Voila (tests/editor_ui)
@pytest.mark.slow      # CI runs it
def test_a_table_set_up_in_the_app_is_stored_played_on_and_reloads(app_page, voila_server):
    p = app_page.page
    p.set_default_timeout(TIMEOUT)
    p.locator(".cl-side-tabs .lm-TabBar-tab", has_text=re.compile(r"^\s*New game\s*$")).click()
    old = p.locator(TURN).get_attribute("data-game")
    p.locator("button.cl-set-up").focus()
    p.keyboard.press("Enter")                                   # keyboard-reachable
    expect(p.locator(f"{ROOT} .cl-position-editor")).to_be_visible()
    expect(p.locator(".cl-side-tabs")).to_be_hidden()
    map_drawn(p)
    money = p.locator(f"{ROOT} .cl-editor-money input")
    money.fill("77")
    money.press("Enter")
    expect(message(p)).to_contain_text("set to 77")
    p.locator(f"{ROOT} .cl-editor-type button", has_text="Commerce").click()
    site = p.evaluate(FREE_COMMERCE_JS)[0]
    click_site(p, site)
    expect(message(p)).to_contain_text("Commerce project placed in")
    assert violations(p) == []

    p.locator(f"{ROOT} button.cl-set-up-continue").click()
    expect(p.locator(TURN)).not_to_have_attribute("data-game", old or "", timeout=TIMEOUT)
    game_id = p.locator(TURN).get_attribute("data-game")
    assert game_id
    expect(p.locator(".cl-recent")).to_contain_text("A table set up by hand")
    p.wait_for_url(re.compile(rf"\?game={re.escape(game_id)}$"), timeout=TIMEOUT)
    expect(p.locator(ROOT)).to_be_hidden()
    p.wait_for_selector(READY, state="attached")
    before = actions(p)
    p.locator(".cl-controls button.cl-option").first.click()    # a move of Ada's (then the bot's, if it plays)
    p.wait_for_function("([sel, n]) => +document.querySelector(sel).dataset.actions > n", arg=[TURN, before])
    p.wait_for_selector(READY, state="attached")
    with GameStore(voila_server.store_path) as store:
        record = store.record(game_id)
    played = len(record["actions"])
    assert played == actions(p) > before
    table = cl.Game.from_record({**record, "actions": []})     # the record starts from the table set up
    assert table.money(0) == 77 and table.map_discs()[site] is not None

    p.reload(wait_until="domcontentloaded", timeout=PAGE_TIMEOUT)
    expect(p.locator(TURN)).to_have_attribute("data-game", game_id, timeout=PAGE_TIMEOUT)
    expect(p.locator(TURN)).to_have_attribute("data-actions", str(played), timeout=PAGE_TIMEOUT)
    p.wait_for_function(f"() => ({ADA_SITES_JS})('{MAP}')?.includes('{site}')", timeout=PAGE_TIMEOUT)
