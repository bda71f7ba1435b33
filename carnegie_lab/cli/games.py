"""``carnegie-lab games`` (a store's games: list, export, restore, purge) and ``carnegie-lab replay``."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .base import CliError, read_text


def add_games_parser(subparsers) -> None:
    p = subparsers.add_parser(
        "games", help="the game store's games: list, export, restore from the trash, purge",
        description="Look after the app's game store (the file carnegie-lab app --store uses). The app's "
        "Delete puts a game in the trash: restore brings it back, purge removes it for good.")
    p.add_argument("--store", type=Path, default=None, metavar="PATH",
                   help="the store (default: the app's, games.db in your data folder)")
    commands = p.add_subparsers(dest="games_command", required=True, metavar="ACTION")
    listing = commands.add_parser("list", help="one line per game, the last changed first")
    listing.add_argument("--trash", action="store_true", help="the games in the trash instead")
    export = commands.add_parser("export", help="games as records (JSON lines), to replay or load in the app",
                                 epilog=_dashed_ids("export"))
    export.add_argument("ids", nargs="*", metavar="ID", help="these games (default: every game not in the trash)")
    restore = commands.add_parser("restore", help="take games out of the trash", epilog=_dashed_ids("restore"))
    restore.add_argument("ids", nargs="+", metavar="ID")
    purge = commands.add_parser("purge", help="remove games of the trash for good", epilog=_dashed_ids("purge"))
    purge.add_argument("ids", nargs="*", metavar="ID", help="these games (default: the whole trash)")
    purge.add_argument("--before", metavar="TIME", help="only those deleted before TIME (ISO 8601, e.g. 2026-11-01)")
    p.set_defaults(func=run_games)


def _dashed_ids(action: str) -> str:
    """What the help of an action that takes ids says about ids that start with "-"."""
    return (f"New game ids never start with '-', but an older store may hold some: give them after '--', which "
            f"ends the options, e.g. carnegie-lab games {action} -- -28XTXQ8jy9KtOgr")


def run_games(args: argparse.Namespace) -> int:
    import json

    from ..store import GameStore, StoreError, default_path
    path = Path(args.store if args.store is not None else default_path()).expanduser()
    if not path.is_file():
        raise CliError(f"no game store at {path}")
    try:
        with GameStore(path) as store:
            command = args.games_command
            if command == "list":
                for info in store.list(trash=args.trash):
                    label = (info.app or {}).get("label") or ""
                    when = f"deleted {info.deleted_at}" if info.deleted_at else f"changed {info.updated_at}"
                    print("\t".join((info.id, ", ".join(info.players), info.status, f"{info.actions} actions",
                                     when, "owned" if info.owned else "no owner", str(label))))
            elif command == "export":
                for gid in args.ids or [info.id for info in store.list()]:
                    print(json.dumps({"id": gid, "record": store.record(gid)}, ensure_ascii=False))
            elif command == "restore":
                for gid in args.ids:
                    store.restore(gid)
                print(f"restored {len(args.ids)} game{'s' if len(args.ids) != 1 else ''}", file=sys.stderr)
            else:
                removed = sum(store.purge(gid, before=args.before) for gid in args.ids) if args.ids else \
                    store.purge(before=args.before)
                print(f"purged {removed} game{'s' if removed != 1 else ''} from the trash", file=sys.stderr)
    except StoreError as exc:
        raise CliError(str(exc)) from None
    return 0


def add_replay_parser(subparsers) -> None:
    p = subparsers.add_parser(
        "replay", help="replay a game record and print where it ends",
        description="Replay a game record (JSON written by Game.to_record or the app's Save) and "
        "print the final position's scores. A broken record is reported with the field at fault.")
    p.add_argument("record", type=Path, help="the record file")
    p.add_argument("--log", action="store_true", help="also print what happened, line by line")
    p.add_argument("--position", type=Path, metavar="OUT", help="write the final position to OUT (JSON)")
    p.set_defaults(func=run_replay)


def run_replay(args: argparse.Namespace) -> int:
    import json

    from ..core.errors import CarnegieError
    from ..core.words import SCORE_NAMES
    from ..engine import Game
    text = read_text(args.record)
    try:
        game = Game.from_record(text)
    except CarnegieError as exc:
        raise CliError(f"{args.record}: {exc}") from None
    if args.log:
        print("\n".join(game.log))
    print(f"{len(game.actions)} actions; round {game.round}; {game.decision.prompt}")
    for name, score in game.scores().items():
        parts = ", ".join(f"{SCORE_NAMES[k]} {v}" for k, v in score.as_dict().items() if v and k != "total")
        print(f"{name}: {score.total} VP ({parts or 'nothing yet'})")
    if game.is_over:
        print("winner(s): " + ", ".join(game.winners()))
    if args.position:
        args.position.write_text(json.dumps(game.to_position(), indent=1), encoding="utf-8")
    return 0
