"""The app in headless Chromium, for what a player saw go wrong (issue 28): the donation chart of the
Play panel (each space under its theme's heading), the map's cities (a click on a city plays it).

The tests of this module share one page (the ``page`` fixture is module-scoped) and run in order.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from carnegie_lab.bots import make_bot
from carnegie_lab.engine import new_game
from carnegie_lab.session import Controller, Seat

from .test_browser import TIMEOUT, side_tab

pytestmark = pytest.mark.browser

#: Each donation button of the chart: its tooltip and the heading drawn in its grid column.
DONATION_COLUMNS_JS = """() => {
  const group = document.querySelector('.cl-group-donate');
  const heads = Array.from(group.querySelectorAll('.cl-grid-head'));
  const columnOf = el => el.getBoundingClientRect().left + el.getBoundingClientRect().width / 2;
  const under = el => {
    const x = columnOf(el);
    const head = heads.find(h => { const r = h.getBoundingClientRect(); return r.left <= x && x <= r.right; });
    return head ? head.textContent.trim() : null;
  };
  return Array.from(group.querySelectorAll('button')).map(b => [b.title, under(b)]);
}"""


def load_record(p, tmp_path, game, seats) -> None:
    path = tmp_path / "game.json"
    path.write_text(Controller(game=game, seats=seats).save_json())
    side_tab(p, "Save / load")
    with p.expect_file_chooser() as chooser:
        p.locator(".cl-load").click()
    chooser.value.set_files(str(path))
    expect(p.locator(".cl-recent")).to_contain_text("Loaded a game", timeout=TIMEOUT)
    side_tab(p, "Play")


def test_each_donation_is_under_its_themes_heading(page, tmp_path):
    game = new_game(["Ada", "Bo"], seed=3)
    bot = make_bot("easy", 3)
    while not (game.current_player == 0 and any(a.verb == "donate" for a in game.legal_actions())):
        game.apply(bot.choose(game))
    p = page.page
    load_record(p, tmp_path, game, [Seat("Ada"), Seat("Bo", "easy")])
    expect(p.locator(".cl-group-donate button").first).to_be_visible(timeout=TIMEOUT)
    placed = p.evaluate(DONATION_COLUMNS_JS)
    assert len(placed) == 20
    wrong = [(title, head) for title, head in placed if not head or not title.lower().startswith(head.lower())]
    assert not wrong, wrong
