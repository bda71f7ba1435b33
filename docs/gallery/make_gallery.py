"""Regenerate the PNG gallery of the views for one mid-game position.

    .venv/bin/python docs/gallery/make_gallery.py [--keep-html DIR]

The position: 3 players (seed 2) played by the greedy bot (or, without ``carnegie_lab.bots``, by a seeded random
policy) up to round 12, just after the row was chosen, so the timeline shows the gear. Each figure is written
as an offline HTML page (plotly.js bundled, no CDN; kaleido is not needed) and photographed with headless
Chromium (/usr/bin/chromium). Only the PNGs are kept in docs/gallery/.
"""
from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import carnegie_lab as cl
from carnegie_lab import views

HERE = Path(__file__).resolve().parent
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
PLAYERS, SEED, ROUND = ["Ada", "Bo", "Cy"], 2, 12


def position() -> cl.Game:
    game = cl.new_game(PLAYERS, seed=SEED)
    try:
        from carnegie_lab.bots.greedy import GreedyBot
        bots = [GreedyBot(seed=SEED + i) for i in range(len(PLAYERS))]
        choose = lambda g: bots[g.current_player].choose(g)            # noqa: E731
    except ImportError:
        rng = random.Random(SEED)

        def choose(g):
            actions = g.legal_actions()
            return rng.choice([a for a in actions if a.verb not in ("done", "sell")] or actions)
    while game.round < ROUND or game.state.flow.phase == "choose":
        game.apply(choose(game))
    return game


def figures(game: cl.Game) -> dict:
    best = max(range(len(game.players)), key=lambda i: game.scores()[game.players[i]].connections)
    return {
        "map": views.map_figure(game),
        "map-player": views.map_figure(game, player=best),
        "tracks": views.tracks_figure(game),
        "timeline": views.timeline_figure(game),
        "company": views.company_figure(game, game.current_player or 0),
        "scores": views.scores_figure(game),
        "history": views.history_figure(game),
    }


def screenshot(html: Path, png: Path, width: int, height: int) -> None:
    subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    f"--screenshot={png}", f"--window-size={width + 16},{height + 16}", html.as_uri()],
                   check=True, capture_output=True, timeout=120)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep-html", type=Path, help="also keep the HTML pages in this folder")
    args = parser.parse_args(argv)
    game = position()
    print(f"position: {game!r}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep_html or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        for name, fig in figures(game).items():
            html = folder / f"{name}.html"
            fig.write_html(html, include_plotlyjs=True, full_html=True, config={"displayModeBar": False})
            if not Path(CHROMIUM).exists():
                print(f"{html} (no chromium: no PNG)")
                continue
            png = HERE / f"{name}.png"
            screenshot(html, png, fig.layout.width, fig.layout.height)
            print(f"{png.relative_to(HERE.parent.parent)} ({png.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
