"""``carnegie-lab games`` (a store's games: list, export, delete, restore, purge) and ``carnegie-lab replay``."""
from __future__ import annotations

import argparse
import re
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.i18n import N_, message_of, render, translator
from .base import CliError, read_text

if TYPE_CHECKING:
    from ..store import GameStore


def add_games_parser(subparsers, lang: str | None = None) -> None:
    _ = translator(lang).gettext
    p = subparsers.add_parser(
        "games", help=_("the game store's games: list, export, delete, restore from the trash, purge"),
        description=_("Look after the app's game store (the file carnegie-lab app --store uses). The app's "
                      "Delete puts a game in the trash: restore brings it back, purge removes it for good."))
    p.add_argument("--store", type=Path, default=None, metavar=_("PATH"),
                   help=_("the store (default: the app's, games.db in your data folder)"))
    commands = p.add_subparsers(dest="games_command", required=True, metavar=_("ACTION"))
    listing = commands.add_parser("list", help=_("one line per game, the last changed first"))
    listing.add_argument("--trash", action="store_true", help=_("the games in the trash instead"))
    export = commands.add_parser("export", help=_("games as records (JSON lines), to replay or load in the app"),
                                 epilog=_dashed_ids("export", lang))
    export.add_argument("ids", nargs="*", metavar="ID",
                        help=_("these games (default: every game not in the trash)"))
    restore = commands.add_parser("restore", help=_("take games out of the trash"),
                                  epilog=_dashed_ids("restore", lang))
    restore.add_argument("ids", nargs="+", metavar="ID")
    delete = commands.add_parser(
        "delete", help=_("put games in the trash, finished or not"),
        description=_("Put games in the trash, as the app's Delete does: they are no longer listed, opened or "
                      "played. restore brings them back, purge removes them for good (the trash counts in "
                      "carnegie-lab app --max-games)."),
        epilog=_dashed_ids("delete", lang))
    delete.add_argument("ids", nargs="*", metavar="ID", help=_("these games, finished or not"))
    delete.add_argument("--older-than", metavar=_("AGE"),
                        help=_("instead of ids: the games not changed for AGE, a number of days, hours or minutes "
                               "(e.g. 30d, 12h, 90m)"))
    delete.add_argument("--finished", action="store_true", help=_("with --older-than: only the finished games"))
    purge = commands.add_parser("purge", help=_("remove games of the trash for good"),
                                epilog=_dashed_ids("purge", lang))
    purge.add_argument("ids", nargs="*", metavar="ID", help=_("these games (default: the whole trash)"))
    purge.add_argument("--before", metavar=_("TIME"),
                       help=_("only those deleted before TIME (ISO 8601, e.g. 2026-11-01)"))
    p.set_defaults(func=run_games)


def _dashed_ids(action: str, lang: str | None) -> str:
    """What the help of an action that takes ids says about ids that start with "-"."""
    return translator(lang).gettext(
        "New game ids never start with '-', but an older store may hold some: give them after '--', which ends "
        "the options, e.g. carnegie-lab games {action} -- -28XTXQ8jy9KtOgr").format(action=action)


def run_games(args: argparse.Namespace) -> int:
    import json

    from ..store import GameStore, StoreError, default_path
    tr = translator(args.language)
    _ = tr.gettext
    path = Path(args.store if args.store is not None else default_path()).expanduser()
    if not path.is_file():
        raise CliError(N_("no game store at {path}", path=str(path)))
    try:
        with GameStore(path) as store:
            command = args.games_command
            if command == "list":
                for info in store.list(trash=args.trash):
                    label = (info.app or {}).get("label") or ""
                    when = (_("deleted {time}").format(time=info.deleted_at) if info.deleted_at else
                            _("changed {time}").format(time=info.updated_at))
                    status = {"setup": _("setup"), "playing": _("playing"), "over": _("over")}.get(info.status,
                                                                                              info.status)
                    print("\t".join((info.id, ", ".join(info.players), status,
                                     tr.ngettext("{n} action", "{n} actions", info.actions).format(n=info.actions),
                                     when, _("owned") if info.owned else _("no owner"), str(label))))
            elif command == "export":
                for gid in args.ids or [info.id for info in store.list()]:
                    print(json.dumps({"id": gid, "record": store.record(gid)}, ensure_ascii=False))
            elif command == "restore":
                for gid in args.ids:
                    store.restore(gid)
                print(tr.ngettext("restored {n} game", "restored {n} games", len(args.ids)).format(n=len(args.ids)),
                      file=sys.stderr)
            elif command == "delete":
                deleted = _delete(store, args)
                print(tr.ngettext("put {n} game in the trash", "put {n} games in the trash", deleted).format(
                    n=deleted), file=sys.stderr)
            else:
                for gid in args.ids:
                    _check_in_trash(store, gid)
                removed = sum(store.purge(gid, before=args.before) for gid in args.ids) if args.ids else \
                    store.purge(before=args.before)
                print(tr.ngettext("purged {n} game from the trash", "purged {n} games from the trash",
                                  removed).format(n=removed), file=sys.stderr)
    except StoreError as exc:
        raise CliError(message_of(exc)) from None
    return 0


def _delete(store: GameStore, args: argparse.Namespace) -> int:
    """``games delete``: the ids given, or the games not changed for ``--older-than`` (finished, with
    ``--finished``), put in the trash; how many."""
    if args.older_than is None:
        if not args.ids or args.finished:
            raise CliError(N_("give the ids of the games to delete, or --older-than AGE (and --finished)"))
        for gid in args.ids:                # every id known before any is deleted
            store.info(gid)
        for gid in args.ids:
            store.delete(gid)
        return len(args.ids)
    if args.ids:
        raise CliError(N_("give the ids of the games to delete, or --older-than AGE, not both"))
    return store.delete_unchanged(_moment_before(args.older_than), finished=args.finished)


AGE = re.compile(r"([0-9]{1,6})([dhm])")
AGE_UNITS = {"d": "days", "h": "hours", "m": "minutes"}


def _moment_before(age: str) -> str:
    """The time ``age`` (30d, 12h, 90m) before now, in ISO 8601."""
    found = AGE.fullmatch(age.strip())
    if found is None:
        raise CliError(N_("not an age: {value} (expected a number of days, hours or minutes, e.g. 30d, 12h, 90m)",
                          value=repr(age)))
    ago = timedelta(**{AGE_UNITS[found[2]]: int(found[1])})
    return (datetime.now(timezone.utc) - ago).isoformat()


def _check_in_trash(store: GameStore, gid: str) -> None:
    """A CliError if ``gid`` is a live game: purge takes games from the trash only."""
    from ..store import GameNotFound
    try:
        store.info(gid)
    except GameNotFound:
        return
    raise CliError(N_("game {game} is not in the trash: carnegie-lab games delete {game} puts it there",
                      game=gid))


def add_replay_parser(subparsers, lang: str | None = None) -> None:
    _ = translator(lang).gettext
    p = subparsers.add_parser(
        "replay", help=_("replay a game record and print where it ends"),
        description=_("Replay a game record (JSON written by Game.to_record or the app's Save) and "
                      "print the final position's scores. A broken record is reported with the field at fault."))
    p.add_argument("record", type=Path, metavar=_("RECORD"), help=_("the record file"))
    p.add_argument("--log", action="store_true", help=_("also print what happened, line by line"))
    p.add_argument("--position", type=Path, metavar=_("OUT"), help=_("write the final position to OUT (JSON)"))
    p.set_defaults(func=run_replay)


def run_replay(args: argparse.Namespace) -> int:
    import json

    from ..core.errors import CarnegieError
    from ..core.words import SCORE_NAMES
    from ..engine import Game
    lang = args.language
    tr = translator(lang)
    _ = tr.gettext
    text = read_text(args.record)
    try:
        game = Game.from_record(text)
    except CarnegieError as exc:
        raise CliError(N_("{path}: {error}", path=str(args.record), error=message_of(exc))) from None
    if args.log:
        print("\n".join(render(line, lang) for line in game.log))
    print(tr.ngettext("{n} action; round {round}; {prompt}", "{n} actions; round {round}; {prompt}",
                      len(game.actions)).format(n=len(game.actions), round=game.round,
                                                prompt=game.decision_in(lang).prompt))
    for name, score in game.scores().items():
        parts = ", ".join(f"{_(SCORE_NAMES[k])} {v}" for k, v in score.as_dict().items() if v and k != "total")
        print(_("{player}: {total} VP ({parts})").format(player=name, total=score.total,
                                                          parts=parts or _("nothing yet")))
    if game.is_over:
        winners = game.winners()
        print(tr.ngettext("winner: {names}", "winners: {names}", len(winners)).format(names=", ".join(winners)))
    if args.position:
        args.position.write_text(json.dumps(game.to_position(), indent=1), encoding="utf-8")
    return 0
