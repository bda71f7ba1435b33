"""The package's sentences made of numbers, each written once: the one place a translation layer wraps.

What belongs to a component is data (a tile's or a city's name, in ``data/*.json``); what a verb
does is its ``Vocab`` in the rules' registry and what a department's use gains its ``describe``.
Everything else a person reads that is put together from numbers lives here: a reward, the round,
a department's use (the analysis's results: ``analysis.words``). Actions, records and the log's notation
stay untranslated.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .i18n import N_, Message, Worded, translator, wording
from .later import Later, later

#: whether a department's use sends a mission, in words (``_(MISSIONS[department.mission])`` in a language)
MISSIONS = {"never": N_("never"), "optional": N_("optional"), "always": N_("always")}

#: a city's size in words (``_(CITY_SIZES[city.size])`` in a language)
CITY_SIZES = {"small": N_("small"), "medium": N_("medium"), "major": N_("major")}

if TYPE_CHECKING:
    from .components import Components, Reward

#: The score categories' names, keyed by the fields of ``rules.scoring.ScoreBreakdown`` (the one list of
#: categories, ``rules.scoring.CATEGORIES``; tests check every field is named): the score chart, the
#: score table, the company card and the final panel's story all read them here.
SCORE_NAMES = {"in_game": N_("VP during play"), "employees": N_("active employees"), "departments": N_("departments"),
               "tabs": N_("project tabs"), "connections": N_("connections"), "cities": N_("cities"),
               "donations": N_("donations"), "action_choice": N_("action choice tile"), "tiles": N_("end-game tiles"),
               "cards": N_("Andrew's VP cards"), "transport": N_("Andrew's final boxes")}


def reward_parts(r: Reward, short: bool = False, lang: str | None = None) -> list[str]:
    """The reward in words, one part per kind: '$3', '2 goods', '1 VP', '3 study points', ...
    (``short``: '3 study', '+1 empl.'; ``lang``: the language, None for English)."""
    tr = translator(lang)
    _ = tr.gettext
    parts = [f"${r.money}"] if r.money else []
    if r.goods:
        parts.append(_COUNTS["goods"](tr, r.goods).format(n=r.goods))
    if r.vp:
        parts.append(_("{n} VP").format(n=r.vp))
    if r.study:
        parts.append(_("{n} study").format(n=r.study) if short else _COUNTS["study"](tr, r.study).format(n=r.study))
    if r.employees:
        parts.append(_("+{n} empl.").format(n=r.employees) if short else
                     tr.ngettext("{n} new employee", "{n} new employees", r.employees).format(n=r.employees))
    return parts


def reward(r: Reward, short: bool = False, sep: str = ", ", empty: str = N_("nothing"),
           lang: str | None = None) -> str:
    """'$3, 2 goods' (or 'nothing'); the controls' '$3 + 2 goods' is ``short=True, sep=" + "``."""
    return sep.join(reward_parts(r, short, lang)) or translator(lang).gettext(empty)


def reward_text(r: Reward) -> Worded:
    """A reward in words, for a text shown later (a log line): English now, another language when shown."""
    return Worded(_reward_words, r)


@wording
def _reward_words(lang: str, r: Reward) -> str:
    return reward(r, lang=lang)


def reward_cell(r: Reward, short: bool = True, lang: str | None = None) -> str:
    """A reward in a figure's cell: '$3 + 2 goods', '–' for none."""
    return reward(r, short, " + ", "–", lang)


def reward_tiny(r: Reward, lang: str | None = None) -> str:
    """The most compact form, for small cells: '$1+1g', '2VP', '3sp'."""
    pgettext = translator(lang).pgettext          # the units: one or two letters
    parts = [f"{v}{unit}" if unit != "$" else f"${v}" for v, unit in
             ((r.money, "$"), (r.goods, pgettext("tiny unit", "g")), (r.vp, pgettext("tiny unit", "VP")),
              (r.study, pgettext("tiny unit", "sp")), (r.employees, pgettext("tiny unit", "e"))) if v]
    return "+".join(parts) or "–"


def round_of(round_: int, rounds: int, capital: bool = True, number: str = "{}", lang: str | None = None) -> str:
    """'Round 3 of 8', or 'Setup' in round 0 (``capital=False``: 'round 3 of 8', 'setup'; ``number``
    formats the round's number, e.g. '<b>{}</b>')."""
    _ = translator(lang).gettext
    text = _("Round {round} of {rounds}").format(round=number.format(round_), rounds=rounds) if round_ else _("Setup")
    return text if capital else text[0].lower() + text[1:]


def amount_text(kind: str, amount: int) -> Message:
    """A department's gain: '+$3', '+2 goods', '+1 VP', '+4 study points', '+2 moves'."""
    return {"money": N_("+${n}", n=amount), "goods": N_("+{n} goods", n=amount), "vp": N_("+{n} VP", n=amount),
            "study": N_("+{n} study points", n=amount), "moves": N_("+{n} moves", n=amount)}[kind]


def mission(region: str) -> Message:
    """'mission to the West' (``region``: the region's name)."""
    return N_("mission to the {region}", region=Message(region))


def a_project(kind: str) -> Message:
    """'a Housing project', 'an Industry project' (``kind``: the project tab's name)."""
    if kind[:1] in "AEIOU":
        return N_("an {kind} project", kind=Message(kind))
    return N_("a {kind} project", kind=Message(kind))


def count_of(kind: str, n: int) -> Worded:
    """'3 goods', '1 study points', '2 moves' (``kind``: goods, study or moves) as the log writes them in
    English, one form for any number, and in another language with its plural ('1 bem', '2 bens')."""
    return Worded(_count_words, kind, n)


@wording
def _count_words(lang: str, kind: str, n: int) -> str:
    return _COUNTS[kind](translator(lang), n).format(n=n)


_COUNTS = {"goods": lambda tr, n: tr.npgettext("count", "{n} goods", "{n} goods", n),
           "study": lambda tr, n: tr.npgettext("count", "{n} study points", "{n} study points", n),
           "moves": lambda tr, n: tr.npgettext("count", "{n} moves", "{n} moves", n)}


def plural(singular: str, plural_: str, n: int, /, **fields: object) -> Worded:
    """A sentence about ``n`` things in the right plural form of each language: ``plural("{n} step",
    "{n} steps", 2)``; ``fields`` fill the rest (a Message field is translated too). ``plural`` is an
    extraction keyword (babel.cfg), like ``ngettext``."""
    return Worded(_plural_words, singular, plural_, n, tuple(fields.items()))


def plural_line(singular: str, plural_: str, n: int, /, **fields: object) -> Later:
    """A log line about ``n`` things (:func:`plural`, worded when read): ``note(state, lambda:
    plural_line("{player} moves {n} step", "{player} moves {n} steps", n, player=...))``; an extraction
    keyword too."""
    return later(plural, singular, plural_, n, **fields)


@wording
def _plural_words(lang: str, singular: str, plural_: str, n: int, fields: tuple) -> str:
    filled = {key: value.render(lang) if isinstance(value, Message) else value for key, value in fields}
    return translator(lang).ngettext(singular, plural_, n).format(n=n, **filled)


def id_name(id_: str, name: str) -> Worded:
    """An id ('west', 'HR') in words, by its name in the language ('West', 'Recursos Humanos'), never by
    the id (a log line kept before English named it by its id reads by its name too)."""
    return Worded(_id_words, id_, name)


@wording
def _id_words(lang: str, id_: str, name: str) -> str:
    return translator(lang).gettext(name)


#: What a company cell holds when it is no Department tile, in words.
OTHER_CELLS = {"lobby": N_("Lobby")}


def position(components: Components, cell: str) -> Message:
    """Where a company cell is, in words: 'floor 2, column 1' (floor 1 is the ground floor, column 1 the
    left one), for a cell that holds nothing to name it by."""
    c = components.company.cells[cell]
    return N_("floor {floor}, column {column}", floor=c.row, column=c.col)


def place(components: Components, dept_id: str | None, cell: str) -> Message:
    """A company cell in words, by what it holds (``dept_id``, None if nothing): its department's name
    ('Human Resources'), the Lobby, or an empty space by where it is ('the empty space on floor 2, column 1')."""
    if dept_id is None:
        return N_("the empty space on {position}", position=position(components, cell))
    dept = components.departments.get(dept_id)
    return Message(dept.name) if dept is not None else OTHER_CELLS.get(dept_id, Message(dept_id.capitalize()))


def use(name: str) -> Message:
    """What a department's verb does: 'use Construction'."""
    return N_("use {name}", name=Message(name))
