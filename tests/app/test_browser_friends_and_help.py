"""Friends' comforts and help inside the app, in headless Chromium on the session's server (issue #28): a seat
link's Copy button puts the link on the clipboard, the disabled Hint button's hover says why, the Rules
link opens the tutorial at the step that teaches the decision, and after Bo's Undo in his browser Ada's
page says what he took back. (Without a browser: tests/app/test_friends_and_help.py.)

Each test has its own browser for Ada and its own game (``ada``): none depends on what another one left."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .test_browser import TURN, actions, click_and_wait, side_tab, start_game
from .test_friends import PAGE_TIMEOUT, SEEN, TIMEOUT, no_errors, open_app, shows

pytestmark = pytest.mark.browser


@pytest.fixture
def ada(new_context, watched_page, voila_server):
    """Ada's browser, which may use the clipboard (as a user allows a site to), on a new game of Ada and Bo (two
    humans, seed 8) whose seat links she has made (her page plays her seat only), at the Friends tab."""
    ctx = new_context()
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=voila_server.url)
    w = watched_page(ctx)
    try:
        p = w.page
        open_app(w, voila_server.app_url)
        start_game(p, "2", [("Ada", "Human"), ("Bo", "Human")], seed=8)
        side_tab(p, "Friends")
        p.locator("button.cl-make-links").click()
        expect(p.locator("input.cl-link-seat-1")).to_be_visible(timeout=TIMEOUT)
        yield w
    finally:
        w.page.close()
        ctx.close()


@pytest.mark.slow      # seat links: test_stored_games without a browser; CI runs it
def test_a_seat_link_s_copy_button_puts_the_link_on_the_clipboard(ada, voila_server):
    p = ada.page
    link = p.locator("input.cl-link-seat-1")
    copy = p.locator("button.cl-link-seat-1-copy")
    expect(copy).to_have_text("Copy")
    copy.click()
    expect(copy).to_have_text("Copied", timeout=TIMEOUT)
    assert p.evaluate("navigator.clipboard.readText()") == link.input_value()
    assert link.input_value().startswith(voila_server.app_url + "?game=")
    watch = p.locator("button.cl-link-watch-copy")
    watch.click()
    expect(watch).to_have_text("Copied", timeout=TIMEOUT)
    assert p.evaluate("navigator.clipboard.readText()") == p.locator("input.cl-link-watch").input_value()
    no_errors(ada)


def test_the_disabled_hint_button_says_why_and_the_waiting_player_reads_their(ada):
    p = ada.page
    side_tab(p, "Play")
    expect(p.locator(TURN)).to_have_attribute("data-yours", "0", timeout=TIMEOUT)   # Bo places his house first
    expect(p.locator(".cl-prompt")).to_have_text("Bo to place their starting Housing project.")
    hint = p.locator("button.cl-hint")
    expect(hint).to_be_disabled()
    expect(hint).to_have_attribute("title", "A hint is for a decision of yours, in the live game.")
    undo = p.locator("button.cl-undo")
    expect(undo).to_be_disabled()
    expect(undo).to_have_attribute("title", re.compile(r"^Nothing to undo: "))
    no_errors(ada)


@pytest.mark.slow      # a tutorial's Voila page: test_voila_tutorials; CI runs it
def test_the_rules_link_opens_the_tutorial_at_the_decision_s_step(ada, watched_page, voila_server):
    side_tab(ada.page, "Play")
    expect(ada.page.locator(TURN)).to_have_attribute("data-yours", "0", timeout=TIMEOUT)   # Bo places his house first
    link = ada.page.locator(".cl-rules-link a")
    expect(link).to_contain_text("Rules: tutorial 1, step 4 “Bo places a house”")
    href = link.get_attribute("href")
    assert href == "01-components-and-setup.ipynb?step=4" and link.get_attribute("target") == "_blank"
    tutorial = watched_page()
    t = tutorial.page
    try:
        t.goto(voila_server.render_url("01-components-and-setup.ipynb") + "?step=4", wait_until="domcontentloaded",
               timeout=PAGE_TIMEOUT)
        card = t.locator(".cl-tut .cl-tut-card").first
        expect(card).to_contain_text(re.compile(r"step 4 of \d+"), timeout=PAGE_TIMEOUT)
        expect(card).to_contain_text("Bo places a house")
        no_errors(tutorial)
    finally:
        t.close()


def test_after_bo_s_undo_in_his_browser_ada_s_page_says_what_he_took_back(ada, new_context, watched_page):
    p = ada.page
    link = p.locator("input.cl-link-seat-1").input_value()
    side_tab(p, "Play")
    bo = watched_page(new_context())
    q = bo.page
    try:
        open_app(bo, link)
        expect(q.locator(TURN)).to_have_attribute("data-yours", "1", timeout=TIMEOUT)
        click_and_wait(q, q.locator(".cl-controls button.cl-option").first)     # Bo places his house
        shows(p, actions(q))
        expect(p.locator(".cl-recent")).to_contain_text("Bo places the starting Housing project")
        click_and_wait(q, q.locator("button.cl-undo"))
        shows(p, 0)
        expect(p.locator(".cl-recent")).to_contain_text("Bo took back: Bo places the starting Housing project",
                                                        timeout=SEEN)
        expect(p.locator(".cl-prompt")).to_have_text("Bo to place their starting Housing project.")
        no_errors(ada, bo)
    finally:
        q.close()
