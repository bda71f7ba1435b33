"""Make every picture of docs/gallery again: the views of one mid-game position and the app's screenshots.

    make gallery                                           # the same as: .venv/bin/python tools/make_gallery.py
    .venv/bin/python tools/make_gallery.py [--keep-html DIR]

The views: 3 players (seed 2) played by the greedy bot up to round 12, just after the row was chosen, so
the timeline shows the gear. Each figure is written as an offline HTML page (plotly.js bundled, no CDN;
kaleido is not needed) and photographed with headless Chromium (/usr/bin/chromium); only the PNGs are kept.

The app (app.png, app-board-clicks.png, app-replay.png, app-final.png, app-games-list.png, app-phone.png,
app-desktop-final.png): taken by the browser tests that draw them (``APP_TESTS``), run here with
``CARNEGIE_LAB_GALLERY=docs/gallery``; a plain test run writes them to test-artifacts/gallery instead, so
that it leaves the checkout as it was.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import carnegie_lab as cl
from carnegie_lab import views
from carnegie_lab.bots import GreedyBot

ROOT = Path(__file__).resolve().parents[1]
GALLERY = ROOT / "docs" / "gallery"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
PLAYERS, SEED, ROUND = ["Ada", "Bo", "Cy"], 2, 12
#: the browser tests that take the app's screenshots (into CARNEGIE_LAB_GALLERY)
APP_TESTS = ("tests/app/test_browser.py", "tests/app/test_board_clicks.py", "tests/app/test_final_browser.py",
             "tests/app/test_whole_game_browser.py")


def position() -> cl.Game:
    game = cl.new_game(PLAYERS, seed=SEED)
    bots = [GreedyBot(seed=SEED + i) for i in range(len(PLAYERS))]
    while game.round < ROUND or game.state.flow.phase == "choose":
        game.apply(bots[game.current_player].choose(game))
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
    parser.add_argument("--keep-html", type=Path, help="also keep the views' HTML pages in this folder")
    args = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        parser.error("the pictures are taken with Chromium: sudo apt-get install -y chromium (or make system-packages)")
    game = position()
    print(f"position: {game!r}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep_html or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        for name, fig in figures(game).items():
            html = folder / f"{name}.html"
            fig.write_html(html, include_plotlyjs=True, full_html=True, config={"displayModeBar": False})
            png = GALLERY / f"{name}.png"
            screenshot(html, png, fig.layout.width, fig.layout.height)
            print(f"{png.relative_to(ROOT)} ({png.stat().st_size // 1024} KB)")
    env = os.environ | {"CARNEGIE_LAB_GALLERY": str(GALLERY.relative_to(ROOT)), "HYPOTHESIS_PROFILE": "ci"}
    return subprocess.run([sys.executable, "-m", "pytest", "-q", *APP_TESTS], cwd=ROOT, env=env).returncode


if __name__ == "__main__":
    sys.exit(main())
