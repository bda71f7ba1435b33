"""The bots by name: a bot class joins with ``@register``, and :func:`make_bot` makes one from a spec.

A spec is a registered name, optionally with parameters: ``random``, ``greedy``, ``rollout``, ``search``,
``rollout:rollouts=4:top=3``, ``rollout:top=none:kinds=all``, ``search:playouts=64:rounds=3``,
``search:think=0.2``, ``greedy:opponents=0.3``; or a strength of :mod:`.strengths` (``easy``, ``medium``,
``hard``, ``hard:think=2``). A parameter named like a field of the hand evaluation's
:class:`~.evaluation.weights.Weights` changes that weight for a bot that takes ``weights``.
``simulate``, the app's seats and the command line all make their bots here.
"""
from __future__ import annotations

import inspect
from typing import Any, Callable, TypeVar

from ..core.errors import CarnegieError
from ..core.i18n import N_
from .base import Bot
from .evaluation.weights import Weights
from .strengths import STRENGTHS, resolve

B = TypeVar("B", bound=Callable[..., Bot])

#: the bot classes by name (their ``name``), in the order they registered
BOTS: dict[str, Callable[..., Bot]] = {}


def register(bot: B) -> B:
    """Register a bot class under its ``name`` (as a class decorator).

    Args:
        bot: A class whose instances are :class:`~.base.Bot`; its constructor takes the seed first and
            the spec's parameters as keywords.

    Returns:
        The class, unchanged.

    Raises:
        CarnegieError: The name is taken already.
    """
    name = getattr(bot, "name", None)
    if not isinstance(name, str) or not name:
        raise CarnegieError(f"{bot!r} has no name to register it under")
    if name in BOTS:
        raise CarnegieError(f"a bot named {name!r} is registered already")
    BOTS[name] = bot
    return bot


def _value(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    if text.lower() == "none":
        return None
    return text


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """A bot spec as its name and parameters.

    Args:
        spec: Such as ``"rollout:rollouts=4:top=3"``.

    Returns:
        Such as ``("rollout", {"rollouts": 4, "top": 3})``.

    Raises:
        CarnegieError: An unknown bot, or a parameter that is not ``key=value``.
    """
    name, *params = spec.strip().split(":")
    if name not in BOTS:
        raise CarnegieError(N_("unknown bot {name!r}: choose from {bots}", name=name,
                                bots=", ".join((*STRENGTHS, *sorted(BOTS)))))
    options = {}
    for param in params:
        key, eq, text = param.partition("=")
        if not eq or not key:
            raise CarnegieError(N_("bot parameter {param!r} of {spec!r} is not key=value", param=param, spec=spec))
        options[key] = _value(text)
    return name, options


def make_bot(spec: str, seed: int = 0) -> Bot:
    """A bot from its spec or strength (see the module docstring).

    Args:
        spec: A bot spec or a strength.
        seed: The bot's seed.

    Returns:
        The bot.

    Raises:
        CarnegieError: An unknown bot or strength, or parameters the bot does not take.
    """
    name, options = parse_spec(resolve(spec))
    bot = BOTS[name]
    if "weights" in inspect.signature(bot).parameters:
        weights = {k: options.pop(k) for k in list(options) if k in Weights.__dataclass_fields__}
        options["weights"] = weights or None      # changes to the tuned weights of the game's mode
    try:
        return bot(seed, **options)
    except TypeError as e:
        raise CarnegieError(N_("bad parameters for bot {spec!r}: {problem}", spec=spec, problem=str(e))) from None
    except CarnegieError:
        raise
    except ValueError as e:                   # a bad value of a parameter the bot takes
        raise CarnegieError(str(e)) from None


def check_specs(bots: list[str] | tuple[str, ...]) -> None:
    """Raise a CarnegieError for the first spec of ``bots`` that :func:`make_bot` refuses."""
    for spec in bots:
        make_bot(spec, 0)
