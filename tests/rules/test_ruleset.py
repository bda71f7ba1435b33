"""The rules play on the component data they are given: a Ruleset per Components, no global data."""
from __future__ import annotations

import json
import random
import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

import carnegie_lab as cl
from carnegie_lab.bots.evaluation import DEFAULT_EVALUATOR, use_values
from carnegie_lab.core.components import Reward
from carnegie_lab.core.loader import DATA_DIR
from carnegie_lab.rules import registry
from carnegie_lab.rules.construction import discs
from carnegie_lab.rules.departments import management
from carnegie_lab.rules.registry import DepartmentRules
from carnegie_lab.rules.ruleset import Ruleset, ruleset_for
from carnegie_lab.session import Seat, Setup
from carnegie_lab.session.controls import panel_for
from carnegie_lab.session.targets import Target, board_targets
from carnegie_lab.tutor.stepper import verb_label

NAMES = ["Ada", "Bo", "Cy"]


def edited_data(tmp_path: Path, edit) -> cl.Components:
    """The package's data, copied to tmp_path and changed by ``edit(folder)``."""
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    edit(folder)
    return cl.load_components(folder)


def rewrite(path: Path, change) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def research_points(data: dict, points: int) -> None:
    (rd,) = [d for d in data["departments"] if d["id"] == "research"]
    rd["params"]["study_per_employee"] = points


@pytest.fixture(scope="module")
def rich(tmp_path_factory) -> cl.Components:
    """Starting money 30 (12 in the box) and 5 study points per R&D employee (2 in the box)."""
    def edit(folder: Path) -> None:
        rewrite(folder / "rules.json", lambda d: d.update(start_money=30))
        rewrite(folder / "departments.json", lambda d: research_points(d, 5))
    return edited_data(tmp_path_factory.mktemp("rich"), edit)


def first_research(game: cl.Game, rng: random.Random) -> cl.Action | None:
    """Play (no setup moves, the R&D row chosen, otherwise at random) until R&D can be used."""
    while not game.is_over:
        legal = {str(a): a for a in game.legal_actions()}
        if "rd" in legal:
            return legal["rd"]
        preferred = [t for t in ("choose RD", "done") if t in legal]
        game.apply(legal[preferred[0]] if preferred else rng.choice(list(legal.values())))
    return None


def test_a_game_plays_on_the_data_it_is_given_and_a_default_game_does_not(rich):
    modified, default = cl.new_game(NAMES, seed=3, components=rich), cl.new_game(NAMES, seed=3)
    assert modified.components is rich and default.components is not rich
    assert [p.money for p in modified.state.players] == [30, 30, 30]
    assert [p.money for p in default.state.players] == [12, 12, 12]
    for game, per_employee in ((modified, 5), (default, 2)):
        rng = random.Random(1)
        rd = first_research(game, rng)
        assert rd is not None, "R&D was never usable"
        before = game.decision.context.study
        standing = len(game.state.players[game.current_player].standing["d1"])
        game.apply(rd)
        assert game.decision.context.study == before + per_employee * standing
    # the whole game plays out on its data, and its record replays on the same data only
    rng = random.Random(2)
    while not modified.is_over:
        modified.apply(rng.choice(modified.legal_actions()))
    replayed = cl.Game.from_record(modified.to_record(), components=rich)
    assert replayed.scores() == modified.scores()
    assert cl.Game.from_position(modified.to_position(), components=rich).components is rich
    assert cl.new_game(NAMES, seed=3).state.players[0].money == 12       # nothing leaked


def test_one_ruleset_per_components(rich):
    assert ruleset_for(rich) is ruleset_for(rich)
    assert ruleset_for(rich) is not ruleset_for(None)
    assert ruleset_for(None).components is cl.new_game(NAMES).components


def test_a_department_without_rules_is_refused(tmp_path):
    def add_department(data: dict) -> None:
        extra = dict(data["departments"][-1], id="mystery_tile", code="mystery", number=33)
        data["departments"].append(extra)
    comps = edited_data(tmp_path, lambda f: rewrite(f / "departments.json", add_department))
    with pytest.raises(cl.DataError, match="mystery_tile.*no rules"):
        Ruleset(comps)


def test_a_department_code_that_is_already_a_verb_is_refused(tmp_path):
    def rename(data: dict) -> None:
        (sales,) = [d for d in data["departments"] if d["id"] == "sales"]
        sales["code"] = "move"
    comps = edited_data(tmp_path, lambda f: rewrite(f / "departments.json", rename))
    with pytest.raises(cl.DataError, match="'move' is already a verb"):
        Ruleset(comps)


def test_registering_twice_is_an_error():
    with pytest.raises(RuntimeError, match="registered twice"):
        registry.verb("done", [()], (), lambda s, pi: (), lambda s, pi, a: None,
                      registry.Vocab("done"))(lambda s, pi, a: None)
    with pytest.raises(RuntimeError, match="registered twice"):
        registry.department(DepartmentRules("sales", lambda dept: "sells"))
    with pytest.raises(RuntimeError, match="unknown hooks"):
        DepartmentRules("anything", lambda dept: "anything", hooks={"no_such_hook": lambda dept: 0})
    with pytest.raises(RuntimeError, match="unknown board target 'hill'"):
        registry.Vocab("climb a hill", board="hill")


def test_the_grammar_comes_from_the_registry():
    rs = ruleset_for(None)
    used = [d for d in rs.components.departments.values() if d.id in rs.used]
    codes = [d.code for d in used]
    assert [v for v in rs.grammar if v in codes] == codes          # in the data's order
    assert set(rs.grammar) == set(registry.VERBS) | {d.code for d in used}
    with pytest.raises(cl.NotationError, match="unknown verb"):
        cl.new_game(NAMES).parse("greenspaces")          # an end-game tile is never used by an action


def test_player_names_that_would_collide_are_refused():
    with pytest.raises(cl.OptionError, match="must differ"):
        cl.new_game(["Ada", "Ada"])
    with pytest.raises(cl.OptionError, match="solo opponent") as engine:
        cl.new_game(["Andrew Carnegie"], solo_level=1)
    with pytest.raises(cl.OptionError) as app:                   # the new-game form asks the engine
        Setup([Seat("Andrew Carnegie", "human")], solo_level=1).check()
    assert str(app.value) == str(engine.value)
    with pytest.raises(cl.OptionError) as app:
        Setup([Seat("Ada", "human"), Seat("Bo", "easy")], departments="everything").check()
    assert "departments" in str(app.value) and "'base+expansion'" in str(app.value)
    solo = cl.new_game(["Ada"], seed=1, solo_level=1)
    assert list(solo.scores()) == ["Ada", "Andrew Carnegie"]
    assert len(solo.seat_scores()) == 2


# -- the worked example of docs/architecture.md: a department is one JSON entry and one DepartmentRules --

ARCHITECTURE = Path(__file__).resolve().parents[2] / "docs" / "architecture.md"


def _worked_example() -> tuple[dict, str]:
    """The data entry and the rules code of the docs' example, as the docs write them."""
    text = ARCHITECTURE.read_text()
    section = text[text.index("### Adding a department"):text.index("### Adding a verb")]
    entry, code = re.findall(r"```(?:json|python)\n(.*?)```", section, re.S)
    return json.loads(entry), code


def _trade_fair_game(tmp_path) -> tuple[cl.Components, cl.Game]:
    """A game on the data with the Trade Fair: Ada has it built and staffed, with a Commerce project
    in Boston and in Chicago, and it is her Management turn."""
    entry, code = _worked_example()
    if entry["id"] not in registry.DEPARTMENTS:    # its rules module: the docs' code, with its helpers
        exec(code, {**vars(management), "discs": discs})
    comps = edited_data(tmp_path, lambda f: rewrite(f / "departments.json",
                                                    lambda d: d["departments"].append(entry)))
    game = cl.new_game(["Ada", "Bo"], seed=5, components=comps, departments="base+expansion")
    assert "trade_fair" in game.state.board.pool or "trade_fair" in [p.reserve for p in game.state.players]
    while game.decision.kind != "choose":
        game.apply(game.legal_actions()[-1])
    pos = game.to_position()
    ada = pos["state"]["players"][0]
    ada["cells"]["a2"] = "trade_fair"
    ada["supply"] -= 1
    ada["standing"]["a2"] = [0]
    pool = pos["state"]["board"]["pool"]
    if ada["reserve"] != "trade_fair":           # the reserve goes back into the pool, the tile comes from
        pool[ada["reserve"]] += 1                # there or is the copy removed at setup (Bo may hold one)
        if pool["trade_fair"]:
            pool["trade_fair"] -= 1
        else:
            assert [p["reserve"] for p in pos["state"]["players"]].count("trade_fair") < 2
    ada["reserve"], ada["built"] = None, ["trade_fair"]
    sites = pos["state"]["board"]["sites"]
    assert all(sites.get(key, ["neutral"])[0] == "neutral" for key in ("boston/1", "chicago/1"))
    sites.update({"boston/1": [0, "C"], "chicago/1": [0, "C"]})
    ada["tabs"]["C"] = [3, 2]                    # two Commerce spaces more revealed, their discs built
    ada["discs"] -= 2
    game = cl.Game.from_position(pos, components=comps)
    game.apply("choose MG")
    while game.decision.kind != "turn" or game.current_player != 0:
        game.apply(game.legal_actions()[-1])
    return comps, game


def test_adding_a_department_is_one_entry_and_one_rules_object(tmp_path):
    comps, game = _trade_fair_game(tmp_path)
    assert game.parse("fair boston") == cl.Action("fair", ("boston",))
    assert [str(a) for a in game.legal_actions() if a.verb == "fair"] == ["fair chicago", "fair boston"]  # data order
    assert game.describe("fair boston") == "+$2"
    with pytest.raises(cl.IllegalActionError, match="no Commerce project of yours there"):
        game.apply("fair pittsburgh")
    money = game.state.players[0].money
    game.apply("fair boston")
    assert game.state.players[0].money == money + 2
    with pytest.raises(cl.NotationError):
        cl.new_game(["Ada", "Bo"], seed=5).parse("fair boston")      # only games on that data know it


def test_the_new_tile_is_in_the_controls_on_the_board_and_valued_by_greedy(tmp_path):
    comps, game = _trade_fair_game(tmp_path)
    group = panel_for(game).group("department:fair")            # the departments' group, in data order
    assert group.title == "Trade Fair"
    assert [(o.label, o.notation) for o in group.options] == [("Chicago: +$2", "fair chicago"),
                                                              ("Boston: +$2", "fair boston")]
    keys = [g.key for g in panel_for(game).groups]
    assert keys.index("department:fair") > keys.index("department:cf")
    board = board_targets(game)["map"]
    assert board["boston"] == Target("fair boston", "Trade Fair: +$2") and "chicago" in board
    assert verb_label(game, "fair", 2) == "fair · use Trade Fair (2)"
    rs = game.rules
    assert use_values(rs)["trade_fair"] == 1.5                   # its declared value
    undeclared = Ruleset(comps)                                  # the same tile without a value: $2's worth
    undeclared.department_rules["trade_fair"] = replace(undeclared.department_rules["trade_fair"], value=None)
    assert use_values(undeclared)["trade_fair"] == DEFAULT_EVALUATOR.reward_value(Reward(money=2), 1.0) != 1.0
    # local: after a use only Ada's value changes, so greedy scores it against the others' values as they were
    child = game.copy()
    others = DEFAULT_EVALUATOR.best_other(game.state, 0)
    child.apply("fair boston")
    assert rs.verbs["fair"].vocab.local and DEFAULT_EVALUATOR.best_other(child.state, 0) == pytest.approx(others)
