"""The one colour palette of the package (players, neutral, Andrew, project and department types, regions,
score categories) and owner helpers. Free of plotly, so the HTML summary can use it cheaply.

Colours of the code's own vocabulary (owners, project and department types, score categories) are constants;
whatever comes from the component data (region colours and names, project tab names) is a function of the
game's ``Components`` (``game.components``), cached per Components object, so games on other data draw their own.
"""
from __future__ import annotations

import html
from functools import lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Mapping

from ..core.i18n import translator
from ..core.state import ANDREW, NEUTRAL, site_city
from ..core.words import reward
from ..rules.prompts import TYPE_NAMES

if TYPE_CHECKING:
    from ..core.components import Components, Donation, DonationFormula

PLAYER_COLOURS = ("#2166c4", "#d7382d", "#f2b807", "#2e8b57")   # blue, red, yellow, green (seats 0-3)
NEUTRAL_COLOUR = "#9a9a9a"
ANDREW_COLOUR = "#1b1b1b"
#: Each owner's shape besides its colour (the map's discs, the players' chips), so that colour is never the only
#: sign of whose a piece is (red and green look alike to many): plotly's marker symbols
PLAYER_SYMBOLS = ("circle", "square", "diamond", "triangle-up")
NEUTRAL_SYMBOL = "hexagon"
ANDREW_SYMBOL = "star"
#: The symbols drawn in HTML (the chips): SVG shapes in a 12 x 12 box
_SHAPES = {
    "circle": "<circle cx='6' cy='6' r='5'/>",
    "square": "<rect x='1.5' y='1.5' width='9' height='9'/>",
    "diamond": "<polygon points='6,0.5 11.5,6 6,11.5 0.5,6'/>",
    "triangle-up": "<polygon points='6,1 11.5,11 0.5,11'/>",
    "hexagon": "<polygon points='6,0.5 10.8,3.25 10.8,8.75 6,11.5 1.2,8.75 1.2,3.25'/>",
    "star": "<polygon points='6,0.5 7.4,4.3 11.5,4.4 8.2,6.9 9.4,10.9 6,8.5 2.6,10.9 3.8,6.9 0.5,4.4 4.6,4.3'/>",
}

PROJECT_COLOURS = {"H": "#3f9e43", "C": "#139e9a", "I": "#f08a12", "P": "#c2298a"}
ANY_SITE_COLOUR = "#6d6d6d"

DEPARTMENT_COLOURS = {"HR": "#e0a526", "MG": "#3f86c6", "CO": "#c4553b", "RD": "#6a9f3f"}
DEPARTMENT_TYPE_NAMES = TYPE_NAMES      # the rules' prompts name the types too: one table


@lru_cache(maxsize=8)
def project_names(components: Components) -> Mapping[str, str]:
    """Project type -> the name of its tab ('H' -> 'Housing'). (Read-only: cached and shared.)"""
    return MappingProxyType({t: tab.name for t, tab in components.tabs.items()})


@lru_cache(maxsize=8)
def region_colours(components: Components) -> Mapping[str, str]:
    """Region id -> its colour in the data. (Read-only: cached and shared.)"""
    return MappingProxyType({r.id: r.colour for r in components.regions.values()})


@lru_cache(maxsize=8)
def region_names(components: Components) -> Mapping[str, str]:
    """Region id -> its name in the data. (Read-only: cached and shared.)"""
    return MappingProxyType({r.id: r.name for r in components.regions.values()})


# Score categories' colours, keyed by the field names of rules.scoring.ScoreBreakdown (their names:
# ``core.words.SCORE_NAMES``; tests check every field is covered).
SCORE_COLOURS = {"in_game": "#4c566a", "employees": "#e0a526", "departments": "#3f86c6", "tabs": "#8e63b5",
                 "connections": "#d7382d", "cities": "#2e8b57", "donations": "#e377c2", "action_choice": "#8c6d31",
                 "tiles": "#bcbd22", "cards": "#555555", "transport": "#17becf"}


def donation_condition(donation: Donation) -> str:
    """What a donation space counts, without its theme ('Education: HR departments' -> 'HR
    departments'): the chart's column says the theme."""
    return donation.name.split(": ", 1)[-1]


def donation_vp(formula: DonationFormula, lang: str | None = None) -> str:
    """What a donation scores at the end of the game: '7 VP', '3 VP each', '2 VP for each $5 paid'
    (``lang``: the language, None for English)."""
    _ = translator(lang).gettext
    if formula.kind == "payments":
        return _("{vp} VP for each {payment} paid").format(
            vp=formula.vp, payment=reward(formula.payment, short=True, sep=" + ", lang=lang))
    return (_("{vp} VP") if formula.kind == "flat" else _("{vp} VP each")).format(vp=formula.vp)


def donation_terms(components: Components, formula: DonationFormula, lang: str | None = None) -> str:
    """A donation's VP and what they count, in words: '3 VP per Human Resources department', '2 VP per
    disc in the East', '7 VP'."""
    _ = translator(lang).gettext

    def either(names) -> str:
        return _(" or ").join(_(name) for name in names)
    regions, projects = region_names(components), project_names(components)
    kinds = formula.filter
    words = {                           # each kind's words, made when asked for (the filter is the kind's)
        "departments": lambda: _("per {types} department").format(
            types=either(DEPARTMENT_TYPE_NAMES.get(t, t) for t in kinds)) if kinds else _("per department"),
        "projects": lambda: _("per {types} project").format(types=either(projects.get(t, t) for t in kinds)),
        "train_regions": lambda: _("per transport track at train level or higher"),
        "donations": lambda: _("per donation of yours (this one included)"),
        "active_employees": lambda: _("per active employee"),
        "discs_in_regions": lambda: _("per disc in the {regions}").format(
            regions=either(regions.get(r, r) for r in kinds)),
        "discs_in_small_towns": lambda: _("per disc in a small town"),
    }
    if formula.kind not in words:
        return donation_vp(formula, lang)
    return _("{vp} VP {counted}").format(vp=formula.vp, counted=words[formula.kind]())


FONT = "Inter, 'Segoe UI', Helvetica, Arial, sans-serif"
INK = "#2b2b2b"                   # text and outlines
PAPER = "#fbf8f1"                 # figure background
MUTED = "#6b655b"                 # quiet words, still 4.5:1 at least on PAPER and white (WCAG AA)
GOLD = "#e8b420"
HIGHLIGHT = "#ff2e88"              # rings around what changed (views' ``highlight=``)


def _owners(owner: Any, neutral: str, andrew: str, seats: tuple[str, ...]) -> str:
    """What stands for an owner: neutral's, Andrew's, or a seat's (by its number, around ``seats``)."""
    if owner == NEUTRAL:
        return neutral
    if owner == ANDREW:
        return andrew
    return seats[int(owner) % len(seats)]


def owner_colour(owner: Any) -> str:
    return _owners(owner, NEUTRAL_COLOUR, ANDREW_COLOUR, PLAYER_COLOURS)


def owner_symbol(owner: Any) -> str:
    """The shape of an owner's pieces (a plotly marker symbol): each seat's own, neutral's, Andrew's."""
    return _owners(owner, NEUTRAL_SYMBOL, ANDREW_SYMBOL, PLAYER_SYMBOLS)


def owner_chip(owner: Any) -> str:
    """An owner's mark in HTML, beside its name: the shape of its pieces in its colour (an inline SVG that screen
    readers skip: the name says who)."""
    symbol = owner_symbol(owner)
    return (f"<svg class='cl-chip' data-symbol='{symbol}' viewBox='0 0 12 12' width='12' height='12' "
            f"aria-hidden='true' fill='{owner_colour(owner)}' stroke='{INK}' stroke-width='1'>{_SHAPES[symbol]}</svg>")


def owner_name(game, owner: Any, lang: str | None = None) -> str:
    """What a game's views call an owner of pieces: a seat's player, "neutral" (in ``lang``) or "Andrew"."""
    if owner == NEUTRAL:
        return translator(lang).gettext("neutral")
    if owner == ANDREW:
        return "Andrew"
    return game.players[int(owner)]


def owners(game) -> list:
    """Every owner that can have pieces in a game, in a fixed order: seats, then neutral or Andrew."""
    out: list = [*range(len(game.players)), NEUTRAL]
    if game.andrew_name is not None:
        out.append(ANDREW)
    return out


def text_on(colour: str) -> str:
    """Black or white, whichever reads better on a background colour."""
    c = colour.lstrip("#")
    r, g, b = (int(c[i:i + 2], 16) for i in (0, 2, 4))
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "white"


def tint(colour: str, amount: float) -> str:
    """Mix a colour with white (amount 0 = unchanged, 1 = white)."""
    c = colour.lstrip("#")
    r, g, b = (int(c[i:i + 2], 16) for i in (0, 2, 4))
    mix = [round(v + (255 - v) * amount) for v in (r, g, b)]
    return "#" + "".join(f"{v:02x}" for v in mix)


def esc(text: Any) -> str:
    return html.escape(str(text), quote=False)


def city_target(targets: Mapping[str, object], city: str) -> str | None:
    """Which of the map's ``targets`` a click on a city chooses (the city takes the clicks over its
    sites): the city itself, else the first of its sites (a project built there), else none."""
    if city in targets:
        return city
    return next((key for key in sorted(targets) if site_city(key) == city), None)
