"""A whole solo game in Brazilian Portuguese in headless Chromium (/voila/render/app.ipynb?lang=pt_BR), played
to the end by clicking the page as tests/app/test_whole_game_browser.py does: the page speaks Portuguese (tabs,
turn card, final panel, the tab's title), keeps ?lang in its address, and its language picker switches the
whole page to English (the address then says lang=en). No console problems.

Each test opens its own page (its own kernel and game): none depends on what another one left."""
from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from .conftest import PAGE_TIMEOUT
from .test_browser import TIMEOUT, TURN, ready, side_tab
from .test_whole_game_browser import DESKTOP, no_problems, play_to_the_end, title_is

pytestmark = pytest.mark.browser


@pytest.fixture
def portuguese(watched_page, voila_server, timings):
    watched = watched_page()
    p = watched.page
    p.set_viewport_size(DESKTOP)
    start = time.monotonic()
    p.goto(voila_server.app_url + "?lang=pt_BR", wait_until="domcontentloaded", timeout=PAGE_TIMEOUT)
    p.locator(".cl-controls button.cl-option").first.wait_for(timeout=PAGE_TIMEOUT)
    p.wait_for_selector(".js-plotly-plot .main-svg", timeout=PAGE_TIMEOUT)
    timings.setdefault("pt_BR: page request -> map drawn", time.monotonic() - start)
    ready(p)
    try:
        yield watched
    finally:
        p.close()


def start_solo_game(p, seed: int) -> None:
    """The New game tab's form, in Portuguese: one seat, Ada, human, Andrew's level 1."""
    side_tab(p, "Novo jogo")
    p.locator(".cl-players button", has_text="1 (solo)").click()
    p.locator(".cl-seat-name-0 input").fill("Ada")
    p.locator(".cl-seat-kind-0 select").select_option(label="Humano")
    p.locator(".cl-solo-level button", has_text="1").click()
    p.locator(".cl-seed input").fill(str(seed))
    p.locator(".cl-seed input").press("Tab")
    p.locator("button.cl-start", has_text="Começar o jogo").click()
    expect(p.locator(".cl-recent")).to_contain_text(f"semente {seed}", timeout=TIMEOUT)


def test_the_page_speaks_portuguese(portuguese):
    p = portuguese.page
    expect(p.locator(".cl-side-tabs")).to_contain_text("Novo jogo")
    expect(p.locator(".cl-board-tabs")).to_contain_text("Mapa")
    expect(p.locator(TURN)).to_contain_text("Preparação")
    expect(p.locator(".cl-keys-line")).to_have_text("Teclas: D ou Enter Concluir · U Desfazer · H Dica")
    expect(p.locator("button.cl-undo")).to_have_text("Desfazer")
    assert "lang=pt_BR" in p.url
    title_is(p, "Sua vez — Carnegie")


@pytest.mark.slow      # a whole game: test_whole_game_browser; the words: test_the_page_speaks_portuguese. CI runs it
def test_a_whole_solo_game_in_portuguese(portuguese, timings):
    p = portuguese.page
    start_solo_game(p, seed=11)
    expect(p.locator(TURN)).to_contain_text("Preparação · Ada (você) decide", timeout=TIMEOUT)
    # the page writes the game's id into its address a moment after it shows the game
    p.wait_for_url(re.compile(r"[?&]game=[A-Za-z0-9_-]{16}(&|$)"), timeout=TIMEOUT)
    assert re.search(r"[?&]lang=pt_BR", p.url)
    start = time.monotonic()
    clicks = play_to_the_end(p, on_phone=False, over="Fim de jogo")
    timings[f"pt_BR: a whole solo game, {clicks} clicks"] = time.monotonic() - start
    expect(p.locator(".cl-final")).to_contain_text(re.compile(r"vencem? com \d+ PV"))
    expect(p.locator(".cl-final")).to_contain_text("Pontuação final")
    title_is(p, "Fim de jogo — Carnegie")
    assert "lang=pt_BR" in p.url
    no_problems(portuguese)


@pytest.mark.slow      # without a browser: test_app_pt_br's picker; CI runs it
def test_the_picker_switches_the_page_to_english(portuguese):
    p = portuguese.page
    p.locator(".cl-language select").select_option(label="English")
    expect(p.locator(".cl-side-tabs")).to_contain_text("New game", timeout=TIMEOUT)
    expect(p.locator(".cl-board-tabs")).to_contain_text("Map")
    expect(p.locator("button.cl-undo")).to_have_text("Undo")
    p.wait_for_function("() => window.location.search.includes('lang=en')", timeout=TIMEOUT)
    title_is(p, "Your turn — Carnegie")
    p.locator(".cl-language select").select_option(label="Português (Brasil)")
    expect(p.locator(".cl-side-tabs")).to_contain_text("Novo jogo", timeout=TIMEOUT)
    p.wait_for_function("() => window.location.search.includes('lang=pt_BR')", timeout=TIMEOUT)
    no_problems(portuguese)
