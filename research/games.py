"""Paired games of a bot against others or against Andrew, played and described as the strength benchmark logs
them (benchmarks/bench_strength.py writes them to ``STRENGTH``; research/oracle.py replays its deals): a
match's players and level, the seeds of game ``index``, the search bot's decisions and thinking time, and the
shape of what each seat did."""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import carnegie_lab as cl
from carnegie_lab.bots import make_bot
from carnegie_lab.bots.base import mix
from carnegie_lab.bots.simulate import MAX_DECISIONS
from carnegie_lab.core.state import ANDREW

#: the project's record of every strength game played so far (in git, so that a run can go on in a later session)
STRENGTH = Path(__file__).resolve().parents[1] / "benchmarks" / "results" / "strength"
MATCHES = ("2p", "3p", "4p", "solo1", "solo2", "solo3", "solo4")


@dataclass(frozen=True)
class Task:
    match: str
    index: int
    seed: int
    search: str
    opponent: str

    @property
    def key(self) -> str:
        return json.dumps([self.match, self.index, self.seed, self.search, self.opponent])


def players_of(match: str) -> int:
    return 1 if match.startswith("solo") else int(match[0])


def level_of(match: str) -> int | None:
    return int(match[4:]) if match.startswith("solo") else None


def play(task: Task) -> dict[str, Any]:
    """One game of a match; the search bot's seat is ``index % players``."""
    players = players_of(task.match)
    code = MATCHES.index(task.match)
    game_seed = mix(task.seed, code, task.index) & 0x7FFFFFFF
    me = task.index % players
    specs = [task.search if seat == me else task.opponent for seat in range(players)]
    bots = [make_bot(spec, mix(task.seed, code, task.index, seat + 1) & 0x7FFFFFFF)
            for seat, spec in enumerate(specs)]
    names = [f"P{seat + 1}" for seat in range(players)]
    level = level_of(task.match)
    options: dict[str, Any] = {"solo_level": level} if level else {}
    game = cl.new_game(names, seed=game_seed, **options)
    decisions = choices = 0
    thinking = thinking_choices = longest = 0.0
    times: list[float] = []                   # the search bot's thinking time of each decision with a choice
    cpu_times: list[float] = []               # and its CPU time
    for _ in range(MAX_DECISIONS):
        seat = game.current_player
        if seat is None:
            break
        several = len(game.legal_actions()) > 1
        t, c = time.perf_counter(), time.process_time()
        action = bots[seat].choose(game)
        spent, cpu = time.perf_counter() - t, time.process_time() - c
        if seat == me:
            decisions += 1
            thinking += spent
            longest = max(longest, spent)
            if several:
                choices += 1
                thinking_choices += spent
                times.append(round(spent, 4))
                cpu_times.append(round(cpu, 4))
        game.apply(action)
    else:
        raise RuntimeError(f"game {task.key} did not end")
    totals = [s.total for s in game.seat_scores()]         # by seat, then Andrew's in solo
    best = max((i for i in range(len(totals)) if i != me), key=lambda i: totals[i])
    winners = game.winners()
    others = [t for i, t in enumerate(totals) if i != me]
    return {"key": task.key, "match": task.match, "index": task.index, "seed": task.seed,
            "game_seed": game_seed, "search": task.search, "opponent": task.opponent, "seat": me,
            "specs": specs, "totals": totals, "winners": winners, "won": names[me] in winners,
            "tied": names[me] in winners and len(winners) > 1,
            "vp": totals[me], "best_other": max(others), "margin": totals[me] - max(others),
            "decisions": decisions, "choices": choices, "thinking": thinking,
            "thinking_choices": thinking_choices, "longest": longest, "times": times, "cpu_times": cpu_times,
            "shape": shape(game, me), "other_shape": shape(game, best), "record": game.to_record()}


def shape(game: cl.Game, seat: int) -> dict[str, int]:
    """What a seat (or Andrew: the seat after the players) did in a finished game: projects built,
    departments built, donations, active employees, transport tracks at their final box, and the
    score by category (``vp_<category>``)."""
    state, final = game.state, game.rules.final_space
    owner: int | str = seat if seat < len(state.players) else ANDREW
    out = {"projects": len(game.sites_of(owner)),
           "donations": sum(1 for owners in state.board.donations.values() if owner in owners)}
    if state.andrew is not None and owner == ANDREW:
        out |= {"departments": len(state.andrew.departments), "employees": 0,
                "final_boxes": sum(1 for k in state.andrew.tracks.values() if k == final)}
    else:
        p, departments = state.players[seat], game.components.departments
        out |= {"departments": sum(1 for d in p.cells.values() if d in departments and not departments[d].starting),
                "employees": game.active_employees(seat),
                "final_boxes": sum(1 for k in p.tracks.values() if k == final)}
    return out | {f"vp_{k}": v for k, v in game.seat_scores()[seat].as_dict().items() if k != "total"}
