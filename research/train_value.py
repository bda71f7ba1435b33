"""Fit the learned evaluation (carnegie_lab/data/value_model.json) to games played to the end.

    python research/train_value.py --players 1 --games 600 --bots greedy [--levels 1,2,3,4] [--seed S]
        [--jobs J] [--scheduler ADDRESS] [--holdout 0.25] [--ridge 1.0] [--write]

The games come from ``simulate`` (the same batch on any ``--jobs`` or Dask ``--scheduler``); each is
replayed and every decision of it gives one position per seat: the seat's features
(``carnegie_lab.bots.evaluation.features``) and, as the target, the total that seat had at the end (Andrew's too,
in solo). A ridge regression (numpy: the ``train`` extra) fits each model to the first games; the
last ``--holdout`` share of the games is kept out of the fit and measures it: the error of the
predicted final margin by round, against the hand-weighted greedy evaluation's margin on the same
positions (their correlation with the final margin). ``--write`` puts the model for this player count
in the model file (the other counts kept) and appends this run's report to its log,
``benchmarks/results/training/value_model.log``. Everything is a function of the options: the same
command writes the same model.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Sequence

import numpy as np

import carnegie_lab as cl
from carnegie_lab.bots.evaluation import evaluator_for
from carnegie_lab.bots.evaluation.features import ANDREW_FEATURES, SEAT_FEATURES, andrew_features, seat_features
from carnegie_lab.bots.evaluation.learned import MODEL_FILE, LinearModel
from carnegie_lab.bots.evaluation.position import round_info
from carnegie_lab.bots.simulate import simulate
from carnegie_lab.core.state import Phase
from carnegie_lab.rules.scoring import discs_by_owner, scores

LOG = Path(__file__).resolve().parent.parent / "benchmarks" / "results" / "training" / "value_model.log"
ROUNDS = 20


def positions(record: dict) -> list[tuple[int, float, list[list[float]], list[float] | None, list[float]]]:
    """Every decision of a recorded game: (round, t, each seat's features, Andrew's features or None,
    each seat's hand-evaluation margin)."""
    game = cl.Game.from_record({**record, "actions": []})
    out = []
    for action in record["actions"]:
        state = game.state
        if state.flow.phase != Phase.OVER:
            own = discs_by_owner(state)
            table = scores(state, own)
            info = round_info(state)
            seats = [seat_features(state, i, table[i], info, [c for c, _ in own[i]]) for i in range(len(state.players))]
            andrew = andrew_features(state, table[-1]) if state.andrew is not None else None
            hand = evaluator_for(state)
            hands = [hand.margin(state, i) for i in range(len(state.players))]
            out.append((state.flow.round, info.t, seats, andrew, hands))
        game.apply(action)
    return out


def design(x: np.ndarray, t: np.ndarray) -> np.ndarray:
    """[x, x * t, 1, t]: each feature as it is and times the share of the game left."""
    return np.hstack([x, x * t[:, None], np.ones((len(t), 1)), t[:, None]])


def ridge(a: np.ndarray, y: np.ndarray, alpha: float) -> np.ndarray:
    """Ridge regression on standardised columns (the constant column of :func:`design`, the last but
    one, unpenalised), back in raw units."""
    scale = a.std(axis=0)
    scale[scale == 0] = 1.0
    z = a / scale
    penalty = alpha * np.eye(a.shape[1])
    penalty[-2, -2] = 0.0
    coef = np.linalg.solve(z.T @ z + penalty, z.T @ y)
    return coef / scale


def as_model(coef: np.ndarray, names: Sequence[str]) -> dict:
    n = len(names)
    return {"names": list(names), "w": [round(float(c), 5) for c in coef[:n]],
            "wt": [round(float(c), 5) for c in coef[n:2 * n]], "bias": round(float(coef[2 * n]), 4),
            "bias_t": round(float(coef[2 * n + 1]), 4)}


def linear_model(entry: dict) -> LinearModel:
    return LinearModel(tuple(entry["names"]), tuple(entry["w"]), tuple(entry["wt"]), entry["bias"], entry["bias_t"])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1, help="1 (solo, against Andrew) to 4")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--bots", default="greedy", help="comma-separated bot specs of the seats (simulate's)")
    parser.add_argument("--levels", default="1,2,3,4", help="solo: Andrew's levels, the games spread over them")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--scheduler", default=None, help="a Dask scheduler's address (simulate --scheduler)")
    parser.add_argument("--holdout", type=float, default=0.25, help="share of the games kept out of the fit")
    parser.add_argument("--ridge", type=float, default=1.0, help="the ridge penalty on standardised features")
    parser.add_argument("--write", action="store_true", help="write the model and append the report to the log")
    args = parser.parse_args(argv)
    started, cpu = time.perf_counter(), time.process_time()
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if args.players > 1 and len(bots) == 1:
        bots *= args.players
    records = []
    levels = [int(x) for x in args.levels.split(",")] if args.players == 1 else [None]
    per_level = math.ceil(args.games / len(levels))
    for k, level in enumerate(levels):
        batch = simulate(players=args.players, games=per_level, bots=bots, seed=args.seed + 1000 * k, level=level,
                         jobs=args.jobs, scheduler=args.scheduler, keep_records=True)
        records += [(r.index, level, r.record) for r in batch.results]
    records.sort(key=lambda item: (item[0], item[1] or 0))      # the holdout: the last games of every level
    cut = int(len(records) * (1 - args.holdout))
    rows: dict[str, list] = {"train": [], "test": []}
    for n, (_, _, record) in enumerate(records):
        game = cl.Game.from_record(record)
        finals = [s.total for s in game.seat_scores()]
        rows["train" if n < cut else "test"].append((positions(record), finals))
    report = [f"# train_value {' '.join(sys.argv[1:] if argv is None else argv)}",
              f"{len(records)} games ({cut} fitted, {len(records) - cut} held out), bots {bots}, levels {levels}"]

    def stack(part: str, andrew: bool):
        xs, ts, ys, rounds = [], [], [], []
        for pos, finals in rows[part]:
            for rnd, t, seats, andrew_x, _ in pos:
                if andrew:
                    xs.append(andrew_x)
                    ys.append(finals[-1])
                    ts.append(t)
                    rounds.append(rnd)
                else:
                    for i, x in enumerate(seats):
                        xs.append(x)
                        ys.append(finals[i])
                        ts.append(t)
                        rounds.append(rnd)
        return np.array(xs, float), np.array(ts, float), np.array(ys, float), np.array(rounds)

    x, t, y, _ = stack("train", False)
    seat_coef = ridge(design(x, t), y, args.ridge)
    andrew_coef = None
    if args.players == 1:
        xa, ta, ya, _ = stack("train", True)
        andrew_coef = ridge(design(xa, ta), ya, args.ridge)

    seat_model = linear_model(as_model(seat_coef, SEAT_FEATURES))      # as the package will read it
    andrew_model = None if andrew_coef is None else linear_model(as_model(andrew_coef, ANDREW_FEATURES))

    def margins(part: str):
        """(round, predicted margin, hand margin, final margin) of seat 0 at every position."""
        out = []
        for pos, finals in rows[part]:
            final = finals[0] - max(finals[1:])
            for rnd, t_, seats, andrew_x, hands in pos:
                preds = [seat_model.predict(s, t_) for s in seats]
                if andrew_x is not None and andrew_model is not None:
                    preds.append(andrew_model.predict(andrew_x, t_))
                out.append((rnd, preds[0] - max(preds[1:]), hands[0], final))
        return np.array(out, float)

    fit, test = margins("train"), margins("test")
    spread = []
    report.append("round | positions | error of the margin (fit / held out) | correlation with the final margin: "
                  "learned / hand")
    for rnd in range(ROUNDS + 1):
        a, b = fit[fit[:, 0] == rnd], test[test[:, 0] == rnd]
        if len(a) < 3:
            spread.append(spread[-1] if spread else 30.0)
            continue
        err_fit = float(np.sqrt(np.mean((a[:, 1] - a[:, 3]) ** 2)))
        spread.append(round(err_fit, 2))
        if len(b) >= 3:
            err = float(np.sqrt(np.mean((b[:, 1] - b[:, 3]) ** 2)))
            c_learned = float(np.corrcoef(b[:, 1], b[:, 3])[0, 1])
            c_hand = float(np.corrcoef(b[:, 2], b[:, 3])[0, 1])
            report.append(f"{rnd:5d} | {len(b):9d} | {err_fit:5.1f} / {err:5.1f} | {c_learned:.3f} / {c_hand:.3f}")
    overall_l = float(np.corrcoef(test[:, 1], test[:, 3])[0, 1])
    overall_h = float(np.corrcoef(test[:, 2], test[:, 3])[0, 1])
    report.append(f"held out, all positions: correlation learned {overall_l:.3f}, hand {overall_h:.3f}; "
                  f"margin error {float(np.sqrt(np.mean((test[:, 1] - test[:, 3]) ** 2))):.1f} VP")
    report.append(f"{time.process_time() - cpu:.0f} s CPU, {time.perf_counter() - started:.0f} s wall")
    print("\n".join(report))
    if args.write:
        data = json.loads(MODEL_FILE.read_text()) if MODEL_FILE.exists() else {
            "_about": "the learned evaluation (carnegie_lab.bots.evaluation.learned), by research/train_value.py",
            "models": {}}
        entry = {"seat": as_model(seat_coef, SEAT_FEATURES), "spread": spread,
                 "trained_by": "python research/train_value.py " + " ".join(sys.argv[1:] if argv is None else argv)}
        if andrew_coef is not None:
            entry["andrew"] = as_model(andrew_coef, ANDREW_FEATURES)
        data["models"][str(args.players)] = entry
        MODEL_FILE.write_text(json.dumps(data, indent=1) + "\n")
        LOG.parent.mkdir(parents=True, exist_ok=True)
        with open(LOG, "a", encoding="utf-8") as log:
            log.write("\n".join(report) + "\n\n")
        print(f"wrote {MODEL_FILE} and {LOG}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
