"""Replays without a browser: the moments of a game (bots' and Andrew's moves one by one), the game
at any of them, the Replay tab's slider, buttons and keys, the board following it, and "Play from
here" making a new stored game."""
from __future__ import annotations

import html

import pytest
from clicks import first_choice

import carnegie_lab as cl
from carnegie_lab.app.keys import ArrowKeys
from carnegie_lab.app.layout import PLAY, REPLAY
from carnegie_lab.app.replay_panel import ReplayPanel
from carnegie_lab.bots import make_bot
from carnegie_lab.session import Seat
from carnegie_lab.session.replay import CHECKPOINT, Replay
from carnegie_lab.store import GameStore
from carnegie_lab.widgets import Dashboard


def played(players, actions: int, seed: int = 4, **options) -> cl.Game:
    game = cl.new_game(players, seed=seed, **options)
    bot = make_bot("easy", seed)
    while len(game.actions) < actions and not game.is_over:
        game.apply(bot.choose(game))
    return game


@pytest.fixture(scope="module")
def solo():
    return played(["Ada"], 60, solo_level=3)


def test_every_action_is_a_moment_and_the_log_is_kept_whole():
    game = played(["Ada", "Bo"], 90)
    replay = Replay(game)
    assert replay.moments[0].actions == 0 and replay.moments[0].seat is None
    own = [m for m in replay.moments[1:] if not m.automatic]
    assert not any(m.andrew for m in replay.moments)                  # no Andrew here
    assert [m.actions for m in own] == list(range(1, len(game.actions) + 1))
    assert [m.notation for m in own] == game.actions
    assert [m.lines for m in replay.moments[1:]] == [m.lines for m in game.moves]
    assert sorted(t for m in replay.moments for t in m.lines) == sorted(game.log)
    seats = [m.seat for m in replay.moments[1:]]
    assert set(seats) == {0, 1}            # each player's (and so each bot's) moves are steps of their own


@pytest.mark.parametrize("n", [0, 1, CHECKPOINT - 1, CHECKPOINT, CHECKPOINT + 3, 89, 90])
def test_the_game_at_a_moment_is_the_game_after_that_many_actions(n):
    game = played(["Ada", "Bo"], 90)
    record = game.to_record()
    record["actions"] = record["actions"][:n]
    assert Replay(game).game_at(n).to_position() == cl.Game.from_record(record).to_position()


def test_andrews_moves_are_steps_of_their_own(solo):
    replay = Replay(solo)
    andrew = [m for m in replay.moments if m.andrew]
    his = [m.lines for m in solo.moves if m.by_andrew and m.lines]
    assert andrew and [m.lines for m in andrew] == his and replay.andrew == solo.andrew_name == "Andrew Carnegie"
    assert all(t.startswith("Andrew Carnegie") for m in andrew for t in m.lines)
    assert sorted(t for m in replay.moments for t in m.lines) == sorted(solo.log)
    first = replay.moments.index(andrew[0])
    assert replay.moments[first - 1].actions == andrew[0].actions      # played with the action before


def test_round_steps_go_to_where_rounds_begin():
    replay = Replay(played(["Ada", "Bo"], 120))
    one = replay.round_step(0, 1)
    assert replay.moments[one].round == 1 and replay.moments[one - 1].round == 0
    two = replay.round_step(one, 1)
    assert replay.moments[two].round == 2
    assert replay.round_step(two + 3, -1) == two and replay.round_step(two, -1) == one
    assert replay.round_step(replay.last, 1) == replay.last and replay.round_step(1, -1) == 0


def test_the_panel_scrubs_with_slider_buttons_and_keys(solo):
    shown: list = []
    panel = ReplayPanel(lambda game, kinds: shown.append((len(game.actions), kinds)),
                        lambda *a: None, lambda: None)
    replay = Replay(solo)
    panel.open(replay)
    assert panel.index == replay.last and panel.slider.max == replay.last
    assert shown[-1] == (len(solo.actions), [""])
    assert panel.buttons["right"].disabled and not panel.buttons["left"].disabled
    panel.key("left")
    assert panel.index == replay.last - 1 and panel.slider.value == replay.last - 1
    panel.key("home")
    assert panel.index == 0 and shown[-1][0] == 0 and "nothing played yet" in panel.step.value
    assert panel.buttons["left"].disabled and "Score if the game ended at this step" in panel.score.value
    panel.slider.value = 7
    assert panel.index == 7 and f"data-step='7' data-actions='{replay.moments[7].actions}'" in panel.step.value
    panel.key("right")
    assert panel.index == 8 and html.escape(replay.moments[8].lines[0]) in panel.step.value
    andrew = next(i for i, m in enumerate(replay.moments) if m.andrew)
    panel.go(andrew)
    assert "Andrew Carnegie</b>'s turn, one move at a time" in panel.step.value
    panel.key("end")
    assert panel.index == replay.last
    panel.key("pageup")
    begun = panel.index
    assert begun == replay.round_step(replay.last, -1) < replay.last
    assert replay.moments[begun].round == replay.moments[replay.last].round != replay.moments[begun - 1].round


def test_arrow_keys_reach_the_kernel_only_as_known_keys():
    pressed: list = []
    keys = ArrowKeys(pressed.append)
    keys._message(keys, {"event": "key", "key": "left"}, [])
    keys._message(keys, {"event": "key", "key": "Enter"}, [])
    keys._message(keys, {"event": "click"}, [])
    assert pressed == ["left"]


def test_the_replay_tab_shows_the_game_on_the_board_and_gives_it_back():
    d = Dashboard(played(["Ada", "Bo"], 40), seats=[Seat("Ada"), Seat("Bo", "easy")])
    live = d.game
    d.side.selected_index = REPLAY
    panel = d.replay
    assert panel.replay is not None and panel.index == panel.replay.last and d.board.game is not live
    assert d.board.game.actions == live.actions
    panel.key("home")
    assert d.board.game.actions == [] and d.board.kinds == ["", "easy bot"]
    panel.go(12)
    d.board.select("Log")
    assert d.board.log.value.count("<li") == len(panel.replay.game_at(panel.replay.moments[12].actions).log)
    d.side.selected_index = PLAY
    assert d.board.game is live and d.game is live


def test_play_from_here_makes_a_new_stored_game(tmp_path):
    store = GameStore(tmp_path / "games.db")
    d = Dashboard(store=store)
    for _ in range(12):
        d.act(first_choice(d.game))
    original, actions = d.controller.game_id, list(d.game.actions)
    d.side.selected_index = REPLAY
    panel = d.replay
    panel.go(5)
    n = panel.replay.moments[5].actions
    panel.play_here.click()
    ctl = d.controller
    assert d.side.selected_index == PLAY and ctl.game_id not in (None, original)
    assert store.record(original)["actions"] == actions                # the replayed game is left as it was
    kept = store.record(ctl.game_id)["actions"]
    assert kept[:n] == actions[:n] and d.game.actions == kept          # bots may have played on since
    assert [s.kind for s in ctl.seats] == ["human", "easy"] and len(ctl.history_seats) == len(d.game.actions)
    assert "Playing on from step 5" in d.recent.value
    assert d.board.game is d.game


def test_a_stored_game_is_replayed_from_the_new_game_tab(tmp_path):
    store = GameStore(tmp_path / "games.db")
    d = Dashboard(store=store)
    for _ in range(6):
        d.act(first_choice(d.game))
    other = d.controller.game_id
    d.new_game_panel.seed.value = "8"
    d.new_game_panel.start.click()
    here = d.game
    d.side.selected_index = 1
    row = next(r for r in d.stored.rows.children if other in r._dom_classes[-1])
    next(b for b in row.children[1:] if b.description == "Replay").click()
    assert d.side.selected_index == REPLAY and d.replay.replay.final.actions == store.record(other)["actions"]
    assert d.game is here and d.controller.game_id != other              # the page's game is untouched
    assert other in d.replay.source.value


@pytest.mark.parametrize("source", ["this game", "stored"])
def test_play_from_here_after_bots_finished_gives_the_seat_back(tmp_path, source):
    store = GameStore(tmp_path / "games.db")
    d = Dashboard(store=store)
    d.new_game_panel.players.value = 1
    d.new_game_panel.level.value = 3
    d.new_game_panel.start.click()
    for _ in range(10):
        d.act(first_choice(d.game))
    d.bots.finish_kind.value = "medium"
    d.commands.finish()
    assert d.game.is_over
    original = d.controller.game_id
    finished = store.record(original)["actions"]
    if source == "stored":
        d.replays.stored(original)
    else:
        d.replays.this_game()
    panel = d.replay
    own = next(i for i, m in enumerate(panel.replay.moments) if m.seat == 0 and not m.andrew and m.actions > 3)
    panel.go(own)
    assert "<b>Ada</b>" in panel.step.value and "bot" not in panel.step.value     # played by hand then
    late = next(i for i, m in enumerate(panel.replay.moments) if m.seat == 0 and m.actions > 12)
    panel.go(late)
    assert "(medium bot)" in panel.step.value                                     # the bot's move
    panel.go(own)
    n = panel.replay.moments[own].actions
    panel.play_here.click()
    ctl = d.controller
    assert not d.game.is_over and d.game.actions == finished[:n]
    assert [s.kind for s in ctl.seats] == ["human"] and ctl.you_to_move
    assert ctl.game_id not in (None, original) and store.record(ctl.game_id)["actions"] == finished[:n]
    assert store.record(original)["actions"] == finished
