"""The app in headless Chromium, for what a player saw go wrong (issue 28): the donation chart of the
Play panel (each space under its theme's heading), the map's cities (a click on a city plays it), the stored
games' buttons.

Each test opens its own page (its own kernel, and a game it loads) and ends with that page's check for problems
(``no_problems``): none depends on what another one left.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from carnegie_lab.bots import make_bot
from carnegie_lab.core.words import a_project
from carnegie_lab.engine import new_game
from carnegie_lab.session import Controller, Seat
from carnegie_lab.session.targets import board_targets

from .test_board_targets import building_game
from .test_browser import TIMEOUT, TURN, actions, board_tab, laid_out, resize, side_tab

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


def test_each_donation_is_under_its_themes_heading(app_page, tmp_path):
    game = new_game(["Ada", "Bo"], seed=3)
    bot = make_bot("easy", 3)
    while not (game.current_player == 0 and any(a.verb == "donate" for a in game.legal_actions())):
        game.apply(bot.choose(game))
    p = app_page.page
    load_record(p, tmp_path, game, [Seat("Ada"), Seat("Bo", "easy")])
    expect(p.locator(".cl-group-donate button").first).to_be_visible(timeout=TIMEOUT)
    placed = p.evaluate(DONATION_COLUMNS_JS)
    assert len(placed) == 20
    wrong = [(title, head) for title, head in placed if not head or not title.lower().startswith(head.lower())]
    assert not wrong, wrong


#: Points of a city's marker on the map, in page pixels: its centre and eight around it, inside it.
CITY_POINTS_JS = """(city) => {
  const gd = document.querySelector('.cl-figure-map .js-plotly-plot');
  const t = gd.data.find(t => t.name === 'cities'), i = t.customdata.indexOf(city);
  const area = gd.querySelector('.nsewdrag').getBoundingClientRect(), L = gd._fullLayout;
  const x = area.left + L.xaxis.l2p(t.x[i]), y = area.top + L.yaxis.l2p(t.y[i]), r = t.marker.size[i] * 0.4;
  const around = [...Array(8).keys()].map(k => k * Math.PI / 4).map(a => [x + r * Math.cos(a), y + r * Math.sin(a)]);
  return [[x, y], ...around];
}"""


def test_a_click_on_a_city_builds_on_its_ringed_site(app_page, tmp_path):
    """A click on a city, not on the ring of its free site, builds there (the city's hover says so)."""
    game = building_game()
    targets = board_targets(game)["map"]
    cities = [k.split("/")[0] for k in targets]
    city = next(c for c in cities if cities.count(c) > 1)          # a big city: its sites off its centre
    first = sorted(k for k in targets if k.startswith(f"{city}/"))[0]          # the site a click on it builds on
    project = game.components.tabs[targets[first].notation.split()[1]].name
    p = app_page.page
    load_record(p, tmp_path, game, [Seat("Ada"), Seat("Bo", "easy")])
    p.wait_for_function("() => { const gd = document.querySelector('.cl-figure-map .js-plotly-plot');"
                        " return gd && gd.data.some(t => t.name === 'targets' && t.customdata.length); }",
                        timeout=TIMEOUT)
    hover = p.locator(".cl-figure-map .hoverlayer")
    says = f"Click: Construction: build {a_project(project)}"
    on_city = []
    for x, y in p.evaluate(CITY_POINTS_JS, city):
        p.mouse.move(1, 1)                          # off the map: its hover label goes
        expect(hover.locator(".hovertext")).to_have_count(0, timeout=TIMEOUT)
        p.mouse.move(x, y)                          # inside the city's marker: the city's or its site's label
        expect(hover.locator(".hovertext").first).to_be_attached(timeout=TIMEOUT)
        if "VP per disc" in (hover.text_content() or ""):
            on_city.append((x, y))                  # the city's own hover (not its site's ring)
            break
    assert on_city, "no point of the city shows the city's hover"
    expect(hover).to_contain_text(says, timeout=TIMEOUT)
    before = actions(p)
    p.mouse.click(*on_city[0])
    p.wait_for_function("([sel, n]) => +document.querySelector(sel).dataset.actions > n", arg=[TURN, before],
                        timeout=TIMEOUT)
    board_tab(p, "Log")
    built = f"Ada builds {a_project(project)} in {game.components.cities[city].name}"
    expect(p.locator(".cl-log")).to_contain_text(built, timeout=TIMEOUT)
    board_tab(p, "Map")


@pytest.mark.slow      # words whole in their boxes: test_text_fit_browser's 390 px case (make test). CI runs it
def test_the_stored_games_buttons_are_whole(own_browser, tmp_path):
    """In a browser of its own, after a game is loaded (and so stored): every button of the list shows its whole
    word, in a narrow window; the list lies below the new game's form, so that its filling (each time the tab
    opens) never moves the form under a click."""
    p = own_browser.page
    game, bot = new_game(["Ada", "Bo"], seed=4), make_bot("easy", 4)
    for _ in range(4):                              # played a little: a game is stored from its first move on
        game.apply(bot.choose(game))
    load_record(p, tmp_path, game, [Seat("Ada"), Seat("Bo", "easy")])
    resize(p, {"width": 1280, "height": 800})       # a narrow window: the side panel, beside the board, is narrow
    assert p.locator(".cl-side-tabs").bounding_box()["width"] < 450
    side_tab(p, "New game")
    expect(p.locator(".cl-stored-row", has_text="Bo (easy bot)")).to_have_count(1, timeout=TIMEOUT)
    laid_out(p, ".cl-stored-row button")
    cut = p.evaluate("""() => Array.from(document.querySelectorAll('.cl-stored-row button'))
        .filter(b => b.scrollWidth > b.clientWidth + 1).map(b => b.textContent.trim())""")
    assert not cut, cut
    form, listed = (p.locator(sel).bounding_box() for sel in (".cl-players", ".cl-stored-games"))
    assert form["y"] + form["height"] <= listed["y"], (form, listed)
    side_tab(p, "Play")
