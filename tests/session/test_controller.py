"""Controller: seats, bots, undo to the previous human decision, restart, save and load."""
from __future__ import annotations

import json

import pytest
from clicks import first_choice

import carnegie_lab as cl
from carnegie_lab.session import APP_KEY, Controller, Seat, Setup


def two_player(kind: str = "random", seed: int = 1) -> Controller:
    return Controller(Setup([Seat("Ada"), Seat("Bo", kind)], seed=seed))


def play_human(ctl: Controller, n: int) -> None:
    """n human decisions, with the bots playing in between."""
    for _ in range(n):
        ctl.run_bots()
        assert ctl.human_to_move
        ctl.apply(first_choice(ctl.game))
    ctl.run_bots()


def test_new_game_has_the_seats_and_options():
    ctl = Controller(Setup([Seat("Ada"), Seat("Bo", "greedy"), Seat("Cy", "random")], seed=7))
    assert ctl.game.players == ["Ada", "Bo", "Cy"]
    assert [s.kind for s in ctl.seats] == ["human", "greedy", "random"]
    assert ctl.game.state.options["seed"] == 7 and ctl.game.state.options["departments"] == "base"
    assert ctl.humans == [0]
    assert "Ada (you), Bo (greedy bot), Cy (random bot), seed 7" in ctl.recent[0]


@pytest.mark.parametrize("setup, message", [
    (Setup([]), "2 to 4 players"),
    (Setup([Seat(n) for n in "ABCDE"]), "2 to 4 players"),
    (Setup([Seat("Ada"), Seat("Ada")]), "must differ"),
    (Setup([Seat("Ada"), Seat(" ")]), "needs a name"),
    (Setup([Seat("Ada")]), "a solo game is one player with a solo_level"),
    (Setup([Seat("Ada"), Seat("Bo")], departments="everything"), "departments"),
])
def test_a_bad_setup_is_refused_and_the_game_kept(setup, message):
    ctl = two_player()
    before = ctl.game
    with pytest.raises(ValueError, match=message):
        ctl.new_game(setup)
    assert ctl.game is before


def test_seat_kind_must_be_known():
    with pytest.raises(ValueError, match="seat kind"):
        Seat("Ada", "alphazero")


def test_bots_play_until_a_human_decides():
    ctl = two_player()
    assert ctl.bot_to_move  # Bo places the first Housing project (counter-clockwise setup)
    steps = ctl.run_bots()
    assert steps and all(s.by_bot and s.seat == 1 for s in steps)
    assert ctl.human_to_move and ctl.current_seat == 0
    assert ctl.game.decision.kind == "house"
    assert any("Bo places the starting Housing project" in line for line in ctl.recent)


def test_step_bot_takes_one_decision_and_none_for_a_human():
    ctl = two_player()
    n = len(ctl.game.actions)
    step = ctl.step_bot()
    assert step is not None and len(ctl.game.actions) == n + 1 and step.lines
    ctl.run_bots()
    assert ctl.step_bot() is None


def test_human_action_explains_what_happened():
    ctl = two_player()
    ctl.run_bots()
    step = ctl.apply("house pittsburgh")
    assert step.lines == ["Ada places the starting Housing project in Pittsburgh"]
    assert ctl.recent == step.lines
    assert not step.by_bot


def test_done_gets_a_line_although_the_log_is_silent():
    ctl = two_player()
    ctl.run_bots()
    ctl.apply("house pittsburgh")
    ctl.apply("reserve sales")
    assert ctl.game.decision.kind == "setup"
    step = ctl.apply("done")
    assert step.lines == ["Ada finishes the setup moves"]


def test_illegal_action_keeps_the_game():
    ctl = two_player()
    ctl.run_bots()
    actions, recent = ctl.game.actions, list(ctl.recent)
    with pytest.raises(cl.IllegalActionError, match="Seattle is a small city"):
        ctl.apply("house seattle")
    with pytest.raises(cl.NotationError):
        ctl.apply("build a railway")
    assert ctl.game.actions == actions and ctl.recent == recent


def test_undo_goes_back_to_the_previous_human_decision():
    ctl = two_player()
    play_human(ctl, 3)           # house, reserve, a setup move (bots in between)
    before = ctl.game.to_record()
    decision = ctl.game.decision
    ctl.apply(first_choice(ctl.game))
    ctl.run_bots()
    taken = ctl.undo()
    assert taken >= 1
    assert ctl.game.to_record() == before and ctl.game.decision == decision
    assert ctl.human_to_move
    assert len(ctl.history_seats) == len(ctl.game.actions)
    assert "Undone" in ctl.recent[0]


def test_undo_takes_back_the_bots_moves_too():
    ctl = two_player()
    ctl.run_bots()
    ctl.apply("house pittsburgh")
    ctl.apply("reserve sales")
    for _ in range(6):   # setup moves and activation until the round begins
        ctl.apply(first_choice(ctl.game))
        ctl.run_bots()
        if ctl.game.round:
            break
    n = len(ctl.game.actions)
    assert ctl.human_to_move
    last_human = max(i for i, s in enumerate(ctl.history_seats) if s == 0)
    assert 1 in ctl.history_seats[last_human:], "bots played after Ada's last decision"
    ctl.undo()
    assert len(ctl.game.actions) == last_human < n - 1
    assert ctl.history_seats == ctl.history_seats[:last_human]


def test_nothing_to_undo_before_the_first_human_decision():
    ctl = two_player()
    ctl.run_bots()
    assert not ctl.can_undo
    assert ctl.undo() == 0
    assert ctl.human_to_move


def test_hot_seat_undo_goes_back_one_decision():
    ctl = Controller(Setup([Seat("Ada"), Seat("Bo")], seed=2))
    first = first_choice(ctl.game)
    ctl.apply(first)
    ctl.apply(first_choice(ctl.game))
    ctl.undo()
    assert ctl.game.actions == [first]


def test_restart_gives_the_same_game_from_its_start():
    ctl = two_player(seed=5)
    play_human(ctl, 4)
    ctl.restart()
    assert ctl.game.actions == [] and ctl.game.state.options["seed"] == 5
    assert [s.name for s in ctl.seats] == ["Ada", "Bo"]


def test_save_and_load_round_trip_keeps_the_seats():
    ctl = two_player("greedy", seed=3)
    play_human(ctl, 5)
    text = ctl.save_json()
    record = json.loads(text)
    assert record["format"] == "carnegie_lab.record" and record[APP_KEY]["seats"][1]["kind"] == "greedy"
    other = two_player(seed=9)
    other.load(text.encode("utf-8"))
    assert other.game.to_record() == ctl.game.to_record()
    assert [(s.name, s.kind) for s in other.seats] == [("Ada", "human"), ("Bo", "greedy")]
    assert other.history_seats == ctl.history_seats
    assert other.setup.seed == 3
    other.undo()          # the loaded game knows who decided what
    assert other.human_to_move


def test_a_plain_engine_record_loads_with_human_seats():
    game = cl.new_game(["Ada", "Bo"], seed=4)
    game.apply(game.legal_actions()[0])
    ctl = two_player()
    ctl.load(game.to_record())
    assert [s.kind for s in ctl.seats] == ["human", "human"]
    assert ctl.game.actions == game.actions


@pytest.mark.parametrize("data, field", [
    (b"{not json", "(json)"),
    (b"\xff\xfe\x00", "(file)"),
    ('{"format": "carnegie_lab.record", "version": 99, "options": {}, "actions": []}', "version"),
    ('{"format": "carnegie_lab.record", "version": 1, "options": {"players": ["A", "B"], "seed": "x"},'
     ' "actions": []}', "options.seed"),
    ('{"format": "carnegie_lab.record", "version": 1, "options": {"players": ["A", "B"], "seed": 1},'
     ' "actions": ["house nowhere_city"]}', "actions[0]"),
])
def test_a_broken_record_names_the_field_and_keeps_the_game(data, field):
    ctl = two_player()
    play_human(ctl, 2)
    before, seats = ctl.game.to_record(), list(ctl.seats)
    with pytest.raises(cl.RecordError) as err:
        ctl.load(data)
    assert field in str(err.value)
    assert ctl.game.to_record() == before and ctl.seats == seats


@pytest.mark.parametrize("data", [b"[" * 100000, "[" * 65 + "]" * 65])
def test_a_file_nested_too_deeply_is_a_plain_record_error_and_keeps_the_game(data):
    """The app's Load of 100k-deep JSON said "Unexpected error: RecursionError"."""
    ctl = two_player()
    play_human(ctl, 2)
    before = ctl.game.to_record()
    with pytest.raises(cl.RecordError, match=r"\(json\): the file nests deeper than 64 levels$"):
        ctl.load(data)
    assert ctl.game.to_record() == before


def test_finish_with_bots_plays_to_the_end():
    ctl = two_player()
    play_human(ctl, 2)
    steps = ctl.finish_with_bots(kind="random")
    assert ctl.is_over and steps
    assert [s.kind for s in ctl.seats] == ["random", "random"]
    assert ctl.headline().startswith("Game over: ") and "VP" in ctl.result()
    assert set(ctl.scores()) == {"Ada", "Bo"}


def test_progress_is_reported_while_bots_play():
    ctl = Controller(Setup([Seat("A", "random"), Seat("B", "random")], seed=2))
    seen = []
    ctl.run_bots(until_human=False, progress=seen.append, every=0.0)
    assert ctl.is_over
    assert seen and seen[-1].done == len(ctl.game.actions)
    assert "round 20 of 20" in seen[-1].text or "bots played" in seen[-1].text


def test_solo_game_shows_andrews_moves():
    ctl = Controller(Setup([Seat("Ada")], seed=3, solo_level=1))
    assert ctl.game.state.options["solo_level"] == 1
    for _ in range(60):
        if ctl.game.round >= 3:
            break
        ctl.apply(first_choice(ctl.game))
    assert any(line.startswith("Andrew Carnegie") for line in ctl.game.log)
    assert "Andrew Carnegie" in ctl.scores()
