"""What a store keeps and checks: game ids and secret keys, names, times, counts, a game's row (:class:`GameInfo`)
and its record rebuilt from the rows."""
from __future__ import annotations

import hashlib
import json
import os
import random
import re
import secrets
import string
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Sequence

from ..core.errors import OptionError, needs_extra
from ..core.i18n import N_
from ..engine import Game
from .errors import StoreError

#: The record format the store rebuilds (the engine's ``records.RECORD``).
RECORD_FORMAT = "carnegie_lab.record"
GAME_ID = re.compile(r"[A-Za-z0-9_-]{16}")     # new_game_id's, and older stores' ids that start with "-"
TOKEN = re.compile(r"[A-Za-z0-9_-]{22}")       # secrets.token_urlsafe(16)
_STATUSES = ("setup", "playing", "over")
#: The longest player name and game label a store keeps (everyone's games list shows them).
MAX_NAME = 40
MAX_LABEL = 80
#: The most characters of JSON the app keeps with one game (``set_app_data``): its seats, label and
#: stored review.
MAX_APP = 1_000_000


@dataclass(frozen=True)
class GameInfo:
    """One line of ``GameStore.list()``."""
    id: str
    players: tuple[str, ...]
    options: dict[str, Any]
    round: int
    status: str            # "setup", "playing" or "over"
    updated_at: str        # ISO 8601, UTC: the last save or append
    actions: int           # the number of actions stored
    app: dict[str, Any] | None = None      # what the app keeps with the game (save's ``app``)
    revision: int = 0                      # a new value at every save (appends keep it)
    seated: tuple[int, ...] = ()           # the seats that have a token (add_seat_tokens)
    owned: bool = False                    # the game has an owner (save's ``owner``)
    deleted_at: str | None = None          # in the trash since then (ISO 8601, UTC), or None


@dataclass
class Cached:
    revision: int
    game: Game


#: The characters of a game id: base64's URL-safe alphabet, "-" last.
ID_CHARS = string.ascii_letters + string.digits + "_-"
#: Where new game ids come from: the system's randomness (tests put a seeded ``random.Random`` here, so that
#: their ids repeat from run to run).
id_random: random.Random = secrets.SystemRandom()


def new_game_id() -> str:
    """16 characters of ID_CHARS (about 96 random bits) that never start with "-": a command line would read
    such an id as an option (older stores may hold some: ``carnegie-lab games restore -- ID``)."""
    return id_random.choice(ID_CHARS[:-1]) + "".join(id_random.choices(ID_CHARS, k=15))


def new_key() -> str:
    """A new secret key, the shape of seat tokens and owner keys (128 bits)."""
    return secrets.token_urlsafe(16)


def check_names(players: Sequence[str], label: str | None = None) -> None:
    """OptionError unless every player name and the label are within MAX_NAME / MAX_LABEL characters."""
    for name in players:
        if len(name) > MAX_NAME:
            raise OptionError("players", N_("a player's name has at most {most} characters, not {n} ({start}...)",
                                            most=MAX_NAME, n=len(name), start=repr(name[:20])))
    if label is not None and len(label) > MAX_LABEL:
        raise OptionError("label", N_("a game's label has at most {most} characters, not {n}", most=MAX_LABEL,
                                      n=len(label)))


#: The environment variable that tells the app's kernels where the store is (``carnegie-lab app
#: --store PATH`` sets it for the server and so for every kernel).
STORE_ENV = "CARNEGIE_LAB_STORE"


def default_path() -> str:
    """Where the app keeps its games unless told otherwise: ``games.db`` in the user's data folder
    (platformdirs: ~/.local/share/carnegie-lab on Linux, ~/Library/Application Support/carnegie-lab
    on macOS, %LOCALAPPDATA%\\carnegie-lab on Windows). The folder is not created here."""
    with needs_extra("app"):
        import platformdirs
    return os.path.join(platformdirs.user_data_dir("carnegie-lab", appauthor=False), "games.db")


def check_id(game_id: object) -> str:
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        raise StoreError(N_("not a game id: {value} (expected 16 characters of A-Z a-z 0-9 _ -)", value=short(game_id)))
    return game_id


def check_key(key: object) -> str:
    if not isinstance(key, str) or not TOKEN.fullmatch(key):
        raise StoreError(N_("not an owner key: {value} (expected 22 characters of A-Z a-z 0-9 _ -)", value=short(key)))
    return key


def check_time(when: object) -> str:
    """An ISO 8601 time as the store writes them (UTC, microseconds), so that they compare as text."""
    try:
        moment = datetime.fromisoformat(str(when))
    except ValueError:
        raise StoreError(N_("not a time: {value} (expected ISO 8601, e.g. 2026-12-01T00:00:00+00:00)",
                            value=short(when))) from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc).isoformat(timespec="microseconds")


def short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def check_count(value: object, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise StoreError(N_("{name} must be a whole number >= 0, got {value}", name=name, value=short(value)))
    return value


def utc_now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


def status_of(game: Game) -> str:
    if game.is_over:
        return "over"
    return "setup" if game.round == 0 else "playing"


def hash_key(token: str) -> bytes:
    return hashlib.sha256(token.encode("ascii")).digest()


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def record_of(options: str, start: str | None, version: int, actions: Sequence[str]) -> dict[str, Any]:
    record: dict[str, Any] = {"format": RECORD_FORMAT, "version": version, "options": json.loads(options),
                              "actions": list(actions)}
    if start is not None:
        record["start"] = json.loads(start)
    return record
