"""The editor (docs/notation.md, "Editing a position"): random sequences of its changes, with random arguments
(the game's ids most of the time, odd values too), from random reachable positions, either keep every law (the
table loads as a position and plays on) or are refused with an EditError and the table unchanged; and a solo table
set up by hand keeps what the table sees of Andrew's cards (rules decision A8) out of a bot's view."""
from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from prop_support import NAMES, Chooser, K, check_invariants, choices, play, seeds

import carnegie_lab as cl
from carnegie_lab.bots.base import table_view
from carnegie_lab.core.loader import components
from carnegie_lab.rules import laws
from carnegie_lab.rules.ruleset import ruleset_for

C = components()
ODD = st.sampled_from([None, -1, 99, 1.5, "", "x", "atlantis", True, [], "andrew", "neutral"])


def _mostly(valid: st.SearchStrategy) -> st.SearchStrategy:
    """Valid values most of the time, odd ones else (drawn once in eight; shrinking goes to the valid ones)."""
    return st.integers(0, 7).flatmap(lambda k: ODD if k == 7 else valid)


def _ids(values) -> st.SearchStrategy:
    return _mostly(st.sampled_from(sorted(values)))


CITIES, TYPES, REGIONS, CELLS = _ids(C.cities), _ids(C.tabs), _ids(C.regions), _ids(C.company.cells)
TILE_IDS = [*(d.id for d in C.departments.values()), *(d.code for d in C.departments.values())]
SMALL = _mostly(st.integers(0, 40))
MAYBE = st.none() | SMALL


def _near(values, every) -> st.SearchStrategy:
    """Mostly one of ``values`` (what the table holds now), else any id of ``every`` or an odd value."""
    found = sorted(values)
    near = st.sampled_from(found) if found else st.sampled_from(sorted(every))
    return st.integers(0, 7).flatmap(lambda k: ODD if k == 7 else st.sampled_from(sorted(every)) if k == 6 else near)


def changes_of(state: dict) -> dict[str, st.SearchStrategy]:
    """Each change of the editor with a strategy of its arguments, near what the table ``state`` (a position's)
    holds: its seats, the places of its employees, its tiles, projects and donations."""
    players = state["players"]
    seats = _mostly(st.integers(0, len(players) - 1) | (st.just("andrew") if state["andrew"] else st.nothing()))
    places = ["supply", *(c for p in players for c in p["lying"]), *(f"{c} standing" for p in players
              for c in p["standing"]), *(r for p in players for r in p["missions"])]
    every_place = ["supply", *C.regions, *C.company.cells, *(f"{c} standing" for c in C.company.cells)]
    built = {c for p in players for c in p["cells"]}
    pool = {d for d, n in state["board"]["pool"].items() if n}
    sites = [(key.split("/")[0], int(key.split("/")[1])) for key in state["board"]["sites"]]
    any_site = st.tuples(CITIES, _mostly(st.integers(0, 4)))
    cards = _near([*state["andrew"]["deck"]] if state["andrew"] else [], C.solo_cards)
    return {
        "place_project": st.tuples(seats, CITIES, TYPES, st.none() | _mostly(st.integers(0, 4))),
        "remove_project": st.one_of(st.sampled_from(sites), any_site) if sites else any_site,
        "set_tab": st.tuples(seats, TYPES, _mostly(st.integers(1, 8))),
        "set_resources": st.tuples(seats, MAYBE, MAYBE, MAYBE, MAYBE),
        "move_employees": st.tuples(seats, _near(places, every_place), _near(places, every_place),
                                    _mostly(st.integers(1, 3))),
        "add_employees": st.tuples(seats, _near(places, every_place), st.integers(0, 3)),
        "remove_employees": st.tuples(seats, _near(places, every_place), st.integers(0, 3)),
        "build_department": st.tuples(seats, CELLS, _near(pool, TILE_IDS)),
        "remove_department": st.tuples(seats, _near(built, C.company.cells)),
        "set_reserve": st.tuples(seats, st.none() | _near(pool, TILE_IDS)),
        "set_track": st.tuples(seats, REGIONS, _mostly(st.integers(0, 4))),
        "join_donation": st.tuples(seats, _ids(C.donations)),
        "leave_donation": st.tuples(seats, _near(state["board"]["donations"], C.donations)),
        "set_round": st.tuples(_mostly(st.integers(1, K.rounds))),
        "set_decision": st.tuples(_mostly(st.sampled_from(["choose", "event", "turn"])), st.none() | seats,
                                  st.none() | _ids(C.timeline.rows)),
        "set_markers": st.tuples(_mostly(st.tuples(st.integers(0, 3), st.integers(0, 3)).map(
            lambda move: _moved(state["board"]["markers"], *move)))),
        "set_andrew_cards": st.tuples(st.none(), st.none() | cards, st.none() | st.lists(cards, max_size=3),
                                      st.none() | SMALL),
        "set_andrew_departments": st.tuples(_mostly(st.lists(_near(pool, TILE_IDS), max_size=3))),
    }


def _moved(markers: list[int], source: int, target: int) -> list[int]:
    """The markers with one step moved from a row to another (their sum kept)."""
    out = markers[:]
    out[source], out[target] = out[source] - 1, out[target] + 1
    return out


NAMES_OF_CHANGES = sorted(changes_of(cl.Editor.new(["Ada", "Bo"]).to_position()["state"]))
changes = st.lists(st.tuples(st.sampled_from(NAMES_OF_CHANGES), st.data()), min_size=1, max_size=12)


def _position(editor: cl.Editor) -> str:
    return json.dumps(editor.to_position(), sort_keys=True)


def _check(game: cl.Game) -> None:
    """The laws, and the property tests' own counts where they apply (they know no Andrew)."""
    laws.check(game.state)
    if game.andrew() is None:
        check_invariants(game)


@settings(deadline=None, max_examples=30)
@given(players=st.integers(1, 4), seed=seeds, drawn=choices, stop=st.integers(0, 300), steps=changes)
def test_every_change_keeps_the_laws_or_is_refused_with_the_table_unchanged(players, seed, drawn, stop, steps):
    solo = {"solo_level": 1 + seed % 4} if players == 1 else {}
    game = cl.new_game(NAMES[:players], seed=seed, **solo)
    play(game, Chooser(drawn, seed), limit=stop)
    editor = game.edit()
    kept = 0
    for name, data in steps:
        args = data.draw(changes_of(editor.to_position()["state"])[name])
        before = _position(editor)
        try:
            getattr(editor, name)(*args)
        except cl.EditError as error:
            assert str(error).startswith("cannot change the table: ")
            assert _position(editor) == before, (name, args)
            continue
        kept += 1
        loaded = cl.Game.from_position(_position(editor))
        _check(loaded)
        assert cl.Game.from_position(loaded.to_position()).to_position() == loaded.to_position()
    if kept:
        played = editor.game()
        assert played.to_position() == cl.Game.from_position(editor.to_position()).to_position()
        if not played.is_over:
            played.apply(played.legal_actions()[0])
            _check(played)


@settings(deadline=None, max_examples=25)
@given(seed=seeds, level=st.integers(1, 4), round_=st.integers(1, K.rounds), money=st.integers(0, 60),
       shuffle=st.integers(0, 2**32))
def test_a_solo_table_set_up_by_hand_keeps_andrews_hidden_cards_hidden(seed, level, round_, money, shuffle):
    """Two tables that differ only in what nobody sees (the order of Andrew's draw pile under its top card) give a
    bot the same view, and the table's knowledge (A8) is the one of a dealt game."""
    editor = cl.Editor.new(["Ada"], seed=seed, solo_level=level).set_round(round_).set_resources(0, money=money)
    andrew = editor.game().andrew()
    deck = editor.to_position()["state"]["andrew"]["deck"]
    reordered = deck[:1] + random.Random(shuffle).sample(deck[1:], max(len(deck) - 1, 0))
    other = cl.Editor.from_position(editor.to_position()).set_andrew_cards(top=reordered)
    assert (andrew.advanced_left is not None or not deck) and other.game().andrew() == andrew
    views = [table_view(e.game().state, random.Random(seed)).to_dict()["andrew"] for e in (editor, other)]
    assert views[0] == views[1]


def _allowed(state: dict, seat: int) -> list[tuple[tuple, tuple]]:
    """Changes the rules allow on a table in a round (with the change that undoes each): a project where a free
    site takes it and the tab has a disc waiting, an employee from the supply, a donation nobody made, a track's
    space before the final box, one more tab space, a tile of the pool on an empty cell."""
    rs, p = ruleset_for(None), state["players"][seat]
    out: list[tuple[tuple, tuple]] = []
    for ptype, (revealed, built) in p["tabs"].items():
        waiting = sum(1 for i in rs.project_spaces[ptype, p["tab_side"]] if i < revealed) - built
        for city in C.cities.values():
            free = [s.index for s in city.sites if s.takes(ptype) and f"{city.id}/{s.index}" not in state["board"][
                "sites"]]
            if waiting and free:
                out.append((("place_project", seat, city.id, ptype), ("remove_project", city.id, free[0])))
        if revealed < len(C.tabs[ptype].sides[p["tab_side"]]) and p["discs"] >= 1:
            out.append((("set_tab", seat, ptype, revealed + 1), ("set_tab", seat, ptype, revealed)))
    if p["supply"]:
        out += [(("add_employees", seat, cell), ("remove_employees", seat, cell)) for cell in C.company.cells]
    if p["discs"]:
        out += [(("join_donation", seat, d), ("leave_donation", seat, d)) for d in C.donations
                if d not in state["board"]["donations"]]
    out += [(("set_track", seat, region, space), ("set_track", seat, region, p["tracks"][region]))
            for region in C.regions for space in range(rs.final_space) if space != p["tracks"][region]]
    if p["reserve"] is None:
        out += [(("build_department", seat, cell, tile), ("remove_department", seat, cell))
                for cell in C.company.cells if cell not in p["cells"]
                for tile, n in state["board"]["pool"].items() if n and tile not in p["cells"].values()]
    return out


@settings(deadline=None, max_examples=30)
@given(players=st.integers(1, 4), seed=seeds, drawn=choices, stop=st.integers(0, 300), data=st.data())
def test_a_change_the_rules_allow_is_kept_and_undone_by_its_inverse(players, seed, drawn, stop, data):
    solo = {"solo_level": 1 + seed % 4} if players == 1 else {}
    game = cl.new_game(NAMES[:players], seed=seed, **solo)
    play(game, Chooser(drawn, seed), limit=stop)
    editor = game.edit().set_round(data.draw(st.integers(1, K.rounds)))
    before = editor.to_position()
    seat = data.draw(st.integers(0, players - 1))
    (name, *args), (undo, *back) = data.draw(st.sampled_from(_allowed(before["state"], seat)))
    getattr(editor, name)(*args)
    assert editor.to_position() != before
    getattr(editor, undo)(*back)
    assert editor.to_position() == before
