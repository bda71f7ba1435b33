"""Fit the sibling value (carnegie_lab/data/sibling_model.json): a correction to the hand evaluation at the
search's cutoff that ranks the candidates of one decision by the final margin they lead to.

    python research/train_sibling.py [--games N] [--every K] [--draws R] [--rounds 3] [--seed S]
        [--holdout 0.25] [--ridge 30] [--data PATH] [--write]

Positions: every ``K``-th decision with a choice of seat 0 in the first ``N`` solo games of the strength log
(``benchmarks/results/strength/games.jsonl``, any search spec), before round 18. For each, the default
search's candidates (greedy's best few) are played on as the search plays them (Andrew's hidden cards
redrawn, draw ``r`` the same for every candidate, greedy for everybody) to the cutoff ``--rounds`` rounds
later, where the features of :mod:`carnegie_lab.bots.evaluation.features` and the hand margin are read, and then on
to the end of the game. Within each (position, draw) the candidates' values are centred, so the fit (ridge,
numpy: the ``train`` extra) sees only differences between siblings: final margin ~ a * hand margin +
the seat's features (as they are and times ``t``) - Andrew's. The last ``--holdout`` share of the games
is held out: per position, the final-margin regret of the candidate each value would pick, and the
correlation of the siblings' differences. ``--write`` writes the model and appends the report to
``benchmarks/results/training/sibling_model.log``; ``--data`` caches the playouts (an .npz).
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Sequence

import numpy as np

import carnegie_lab as cl
from carnegie_lab.bots import SearchBot
from carnegie_lab.bots.base import HIDDEN, decision_rng, light_copy, margin_of, mix, resample_hidden, step
from carnegie_lab.bots.evaluation import Evaluator, evaluator_for, score_totals
from carnegie_lab.bots.evaluation.features import ANDREW_FEATURES, SEAT_FEATURES, andrew_features, seat_features
from carnegie_lab.bots.evaluation.position import round_info
from carnegie_lab.bots.evaluation.sibling import SIBLING_FILE
from carnegie_lab.bots.greedy import greedy_choice
from carnegie_lab.core.state import State
from carnegie_lab.rules.scoring import discs_by_owner, scores
from research.gamelog import LOG as GAMES_LOG  # the benchmarks' logs
from research.gamelog import read_rows

ROOT = Path(__file__).resolve().parent.parent

GAMES = ROOT / "benchmarks" / "results" / "strength" / GAMES_LOG
LOG = ROOT / "benchmarks" / "results" / "training" / "sibling_model.log"
LAST_ROUND = 17


def records(games: int) -> list[dict]:
    """The first ``games`` recorded solo games of the strength log, in the order they were appended."""
    rows = read_rows(GAMES)
    return [r["record"] for r in rows if r["match"].startswith("solo")][:games]


def cutoff(state: State, pi: int, ev: Evaluator) -> list[float]:
    """[t, hand margin, seat features, Andrew's features] of a position."""
    own = discs_by_owner(state)
    table = scores(state, own)
    info = round_info(state)
    return [info.t, margin_of(ev.values(state), pi),
            *seat_features(state, pi, table[pi], info, [c for c, _ in own[pi]]), *andrew_features(state, table[-1])]


def draw(state: State, action: cl.Action, pi: int, rng: random.Random, stop: int, ev: Evaluator
         ) -> tuple[list[float], float] | None:
    """One playout of a candidate: its cutoff row and the final margin (None if the game ends first)."""
    child = light_copy(state)
    resample_hidden(child, rng)
    actions = step(child, action)
    row = None
    while actions:
        if row is None and child.flow.round >= stop:
            row = cutoff(child, pi, ev)
        actions = step(child, actions[0] if len(actions) == 1 else greedy_choice(child, actions, rng, ev)[0])
    if row is None:
        return None
    totals = score_totals(child)
    return row, float(margin_of(totals, pi))


def collect(games: int, every: int, draws: int, rounds: int, seed: int, save: Path | None) -> dict[str, np.ndarray]:
    """The playouts: ``x`` (rows), ``y`` (final margins), ``group`` (position, draw), ``pos``, ``game``,
    ``cand``; saved to ``save`` after every game (so a run cut short can be fitted)."""
    xs, ys, groups, poss, gids, cands = [], [], [], [], [], []
    data: dict[str, np.ndarray] = {}
    npos = 0
    bot = SearchBot()
    for gi, record in enumerate(records(games)):
        game = cl.Game.from_record({**record, "actions": []})
        n = 0
        for action in record["actions"]:
            if game.current_player == 0 and len(game.legal_actions()) > 1 and game.round <= LAST_ROUND:
                if n % every == 0:
                    state = game.state
                    ranked = [a for a, _ in bot.candidates(state, game.legal_actions(), decision_rng(0, game, HIDDEN))]
                    ev = evaluator_for(state)
                    stop = state.flow.round + rounds
                    for r in range(draws):
                        for k, cand in enumerate(ranked):
                            out = draw(state, cand, 0, random.Random(mix(seed, npos, r)), stop, ev)
                            if out is not None:
                                xs.append(out[0])
                                ys.append(out[1])
                                groups.append(npos * draws + r)
                                poss.append(npos)
                                gids.append(gi)
                                cands.append(k)
                    npos += 1
                n += 1
            game.apply(action)
        print(f"  game {gi + 1}: {npos} positions, {len(ys)} playouts", flush=True)
        data = {k: np.array(v, float) for k, v in (("x", xs), ("y", ys), ("group", groups), ("pos", poss),
                                                  ("game", gids), ("cand", cands))}
        if save is not None:
            np.savez_compressed(save, x=data["x"], y=data["y"], group=data["group"], pos=data["pos"],
                                game=data["game"], cand=data["cand"])
    return data


def centred(values: np.ndarray, group: np.ndarray) -> np.ndarray:
    """Each row less the mean of its group."""
    _, inv = np.unique(group, return_inverse=True)
    counts = np.bincount(inv).astype(float)
    if values.ndim == 1:
        return values - (np.bincount(inv, values) / counts)[inv]
    means = np.stack([np.bincount(inv, values[:, j]) for j in range(values.shape[1])], axis=1) / counts[:, None]
    return values - means[inv]


def columns(x: np.ndarray) -> np.ndarray:
    """[hand margin, seat features, seat features * t, Andrew's, Andrew's * t] (Andrew's negated)."""
    t, hand = x[:, :1], x[:, 1:2]
    ns = len(SEAT_FEATURES)
    seat, andrew = x[:, 2:2 + ns], x[:, 2 + ns:]
    return np.hstack([hand, seat, seat * t, -andrew, -andrew * t])


def fit(a: np.ndarray, y: np.ndarray, alpha: float) -> np.ndarray:
    """Ridge on standardised columns, the first (the hand margin) unpenalised; no intercept (centred)."""
    scale = a.std(axis=0)
    scale[scale == 0] = 1.0
    z = a / scale
    penalty = alpha * np.eye(a.shape[1])
    penalty[0, 0] = 0.0
    return np.linalg.solve(z.T @ z + penalty, z.T @ y) / scale


def regret(score: np.ndarray, y: np.ndarray, pos: np.ndarray, cand: np.ndarray) -> tuple[float, float]:
    """Mean and standard error over positions of the final-margin regret of the candidate with the best
    mean ``score`` (each candidate's final margin: its mean over the draws)."""
    out = []
    for p in np.unique(pos):
        m = pos == p
        ks = np.unique(cand[m])
        final = np.array([y[m][cand[m] == k].mean() for k in ks])
        pick = np.array([score[m][cand[m] == k].mean() for k in ks])
        out.append(final.max() - final[int(np.argmax(pick))])
    arr = np.array(out)
    return float(arr.mean()), float(arr.std(ddof=1) / np.sqrt(len(arr)))


def as_entry(coef: np.ndarray) -> dict:
    ns, na = len(SEAT_FEATURES), len(ANDREW_FEATURES)
    def model(w, wt, names):
        return {"names": list(names), "w": [round(float(c), 5) for c in w], "wt": [round(float(c), 5) for c in wt],
                "bias": 0.0, "bias_t": 0.0}
    return {"hand": round(float(coef[0]), 5),
            "seat": model(coef[1:1 + ns], coef[1 + ns:1 + 2 * ns], SEAT_FEATURES),
            "andrew": model(coef[1 + 2 * ns:1 + 2 * ns + na], coef[1 + 2 * ns + na:], ANDREW_FEATURES),
            "spread": [0.0]}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--every", type=int, default=6)
    parser.add_argument("--draws", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--holdout", type=float, default=0.25)
    parser.add_argument("--ridge", type=float, default=30.0)
    parser.add_argument("--data", type=Path, default=None, help="an .npz of the playouts: read if there, else written")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    cpu = time.process_time()
    if args.data is not None and args.data.exists():
        data = dict(np.load(args.data))
    else:
        data = collect(args.games, args.every, args.draws, args.rounds, args.seed, args.data)
    x, y, group, pos, gid, cand = (data[k] for k in ("x", "y", "group", "pos", "game", "cand"))
    games = int(gid.max()) + 1
    train = gid < int(games * (1 - args.holdout))
    a = columns(x)
    coef = fit(centred(a[train], group[train]), centred(y[train], group[train]), args.ridge)
    test = ~train
    pred = a @ coef
    hand = x[:, 1]
    dy, dp, dh = (centred(v[test], group[test]) for v in (y, pred, hand))
    report = [f"# train_sibling {' '.join(sys.argv[1:] if argv is None else argv)}",
              f"{games} games, {len(np.unique(pos))} positions, {len(y)} playouts; "
              f"{len(np.unique(pos[test]))} positions held out",
              f"hand weight {coef[0]:.3f}",
              "held out: correlation of the siblings' differences with the final margin's: "
              f"sibling {np.corrcoef(dp, dy)[0, 1]:.3f}, hand {np.corrcoef(dh, dy)[0, 1]:.3f}",
              "held out: final-margin regret of the pick (mean ± SE over positions): sibling "
              "{:.2f} ± {:.2f}, hand {:.2f} ± {:.2f}".format(*regret(pred[test], y[test], pos[test], cand[test]),
                                                           *regret(hand[test], y[test], pos[test], cand[test])),
              f"{time.process_time() - cpu:.0f} s CPU"]
    print("\n".join(report))
    if args.write:
        SIBLING_FILE.write_text(json.dumps({
            "_about": "the sibling value (carnegie_lab.bots.evaluation.sibling), by research/train_sibling.py",
            "trained_by": "python research/train_sibling.py " + " ".join(sys.argv[1:] if argv is None else argv),
            "models": {"1": as_entry(coef)}}, indent=1) + "\n")
        LOG.parent.mkdir(parents=True, exist_ok=True)
        with open(LOG, "a", encoding="utf-8") as log:
            log.write("\n".join(report) + "\n\n")
        print(f"wrote {SIBLING_FILE} and {LOG}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
