"""Reading and checking the component data files (``carnegie_lab/data/*.json``).

``load_components(folder)`` builds a :class:`~carnegie_lab.core.components.Components` from a folder of
JSON files; anything wrong raises :class:`~carnegie_lab.core.errors.DataError` naming the file and the field.
"""
from __future__ import annotations

import functools
from pathlib import Path
from typing import Mapping

from .components import (
    ACTION_TYPES,
    ANY_SITE,
    PROJECT_TYPES,
    Cell,
    City,
    CompanyLayout,
    Components,
    Constants,
    Department,
    Donation,
    DonationFormula,
    ProjectTab,
    Region,
    Reward,
    Site,
    SoloCard,
    TabSpace,
    Timeline,
    TimelineSpace,
    TimelineTile,
    Track,
    TrackSpace,
    frozen_map,
)
from .datanode import Node, freeze, is_json, known, read_file, unique
from .errors import DataError
from .i18n import N_

DATA_DIR = Path(__file__).parent.parent / "data"

SITES_PER_SIZE = {"small": 1, "medium": 3, "major": 5}
SLOTS = {1: ("center",), 3: ("bottom-left", "top", "bottom-right"),
         5: ("bottom-left", "top-left", "bottom-mid", "top-right", "bottom-right")}
LEVELS = {"cart": 1, "stagecoach": 2, "train": 3}
TRACK_SPACES = 5
TAB_SIDES = ("A", "B")
TAB_KINDS = ("blank", "project", "vp")
MISSIONS = ("always", "optional", "never")
COMPANY_COLUMNS, COMPANY_ROWS = "abcd", 4
DONATION_COLUMNS, DONATION_ROWS = 4, 5
THEMES = ("education", "human_rights", "welfare", "health")
FORMULA_KINDS = ("departments", "projects", "train_regions", "donations", "flat", "active_employees",
                 "discs_in_regions", "discs_in_small_towns", "payments")
ORIENTATIONS = ("column", "row")

# --- one reader per file ---------------------------------------------------------------------------------------

def _read_constants(root: Node) -> Constants:
    def int_map(key, read_value):
        node = root.obj(key)
        out = {}
        for k in node.data:
            if k.startswith("_"):
                continue
            if not k.isdigit():
                raise node.fail(k, N_("keys must be whole numbers written as strings"))
            out[int(k)] = read_value(node, k)
        node.done()
        return frozen_map(out)

    def seats(node, k):
        values = _int_list(node, k)
        if values and values[-1] >= int(k) or len(set(values)) != len(values):
            raise node.fail(k, N_("seats are different numbers 0..{last}", last=int(k) - 1))
        return values

    def deck(node, k):
        pair = node.get(k, list)
        if len(pair) != 2 or not all(is_json(n, int) and n >= 0 for n in pair):
            raise node.fail(k, N_("expected [normal cards, advanced cards]"))
        return tuple(pair)

    values = {
        "removed_departments": int_map("removed_departments", lambda node, k: node.int(k, lo=0)),
        "neutral_discs": int_map("neutral_discs", lambda node, k: node.int(k, lo=0)),
        "action_choice_seats": int_map("action_choice_seats", seats),
        "solo_decks": int_map("solo_decks", deck),
        "housing_setup_sizes": root.choices("housing_setup_sizes", SITES_PER_SIZE, N_("city size"), nonempty=True),
        "andrew_vp_cards": _int_list(root, "andrew_vp_cards"),
    }
    for name in Constants.__dataclass_fields__:          # every other constant is a plain whole number
        if name not in values:
            values[name] = root.int(name, lo=0)
    root.done()
    constants = Constants(**values)
    for level, (normal, advanced) in constants.solo_decks.items():
        if normal + advanced != constants.rounds:
            raise root.fail(f"solo_decks.{level}", N_("a deck must hold {n} cards (one per round)",
                                                                  n=constants.rounds))
    return constants


def _int_list(node: Node, key) -> tuple[int, ...]:
    values = node.get(key, list)
    for i, v in enumerate(values):
        if not is_json(v, int) or v < 0:
            raise node.fail(f"{key}[{i}]", N_("expected a whole number >= 0, got {value}", value=repr(v)))
    if list(values) != sorted(values):
        raise node.fail(key, N_("must be in increasing order"))
    return tuple(values)


def _step_cost(node: Node, index: int) -> int:
    """Study cost of a track or tab space: the first (starting) space is free, every later one costs >= 1."""
    return node.int("cost", lo=0, hi=0) if index == 0 else node.int("cost", lo=1)


def _read_map(root: Node):
    regions = {}
    for node in unique(root.objs("regions"), "id", N_("region id")).values():
        region = Region(node.str("id"), node.str("name"), node.str("colour"))
        node.done()
        regions[region.id] = region
    if not regions:
        raise root.fail("regions", N_("must not be empty"))

    cities = {}
    for node in unique(root.objs("cities"), "id", N_("city id")).values():
        size = node.choice("size", SITES_PER_SIZE, N_("city size"))
        site_nodes = node.objs("sites", count=SITES_PER_SIZE[size])
        small = size == "small"
        sites = []
        for i, s in enumerate(site_nodes):
            sites.append(Site(i, s.choice("type", (ANY_SITE,) if small else PROJECT_TYPES,
                                          N_("site type for a small town") if small else N_("site type")),
                              s.choice("slot", SLOTS[len(site_nodes)], N_("slot for a {size} city", size=size))))
            if sites[-1].slot in [x.slot for x in sites[:-1]]:
                raise s.fail("slot", N_("slot {slot} is used twice", slot=repr(sites[-1].slot)))
            s.done()
        transport_income = node.bool("transport_income")
        if transport_income and not small:
            raise node.fail("transport_income", N_("only small towns pay transport income"))
        cp = node.int("connection_points", lo=1 if size == "major" else 0, hi=None if size == "major" else 0)
        city = City(node.str("id"), node.str("name"), node.choice("region", regions, N_("region")), size, tuple(sites),
                    node.int("vp", lo=0), transport_income, cp, node.float("x"), node.float("y"),
                    node.float("lat", -90, 90), node.float("lon", -180, 180))
        node.done()
        cities[city.id] = city

    routes: list[tuple[str, str]] = []
    seen: dict[frozenset[str], int] = {}
    for i, pair in enumerate(root.get("routes", list)):
        path = f"routes[{i}]"
        if not (isinstance(pair, list) and len(pair) == 2 and all(is_json(c, str) for c in pair)):
            raise root.fail(path, N_("expected a pair of city ids, got {value}", value=repr(pair)))
        for j, city in enumerate(pair):
            known(city, cities, N_("city"), root.file, f"{path}[{j}]")
        key = frozenset(pair)
        if len(key) == 1:
            raise root.fail(path, N_("route from {city} to itself", city=repr(pair[0])))
        if key in seen:
            raise root.fail(path, N_("duplicate route {first}-{second} (also routes[{other}])", first=pair[0],
                                        second=pair[1], other=seen[key]))
        seen[key] = i
        routes.append(tuple(pair))
    root.done()
    return frozen_map(regions), frozen_map(cities), tuple(routes)


def _read_tracks(root: Node, regions) -> Mapping[str, Track]:
    tracks = {}
    for node in unique(root.objs("tracks"), "region", N_("track region")).values():
        spaces: list[TrackSpace] = []
        for i, s in enumerate(node.objs("spaces", count=TRACK_SPACES)):
            level = s.choice("level", LEVELS, N_("level"))
            if s.int("level_value") != LEVELS[level]:
                raise s.fail("level_value", N_("the {level} level has value {value}", level=level,
                                                   value=LEVELS[level]))
            if spaces and LEVELS[level] < spaces[-1].level_value:
                raise s.fail("level", N_("levels must not go down along a track"))
            spaces.append(TrackSpace(level, LEVELS[level], _step_cost(s, i), s.reward("income")))
            s.done()
        track = Track(node.choice("region", regions, N_("region")), tuple(spaces), node.reward("final_reward"),
                      node.int("final_capacity", lo=1))
        node.done()
        tracks[track.region] = track
    for region in regions:
        if region not in tracks:
            raise root.fail("tracks", N_("no track for region {region}", region=repr(region)))
    root.done()
    return frozen_map({r: tracks[r] for r in regions})


def _read_tabs(root: Node) -> Mapping[str, ProjectTab]:
    tabs = {}
    for node in unique(root.objs("tabs"), "type", N_("tab type")).values():
        sides_node, sides = node.obj("sides"), {}
        for side in TAB_SIDES:
            spaces: list[TabSpace] = []
            for i, s in enumerate(sides_node.objs(side)):
                kind = s.choice("kind", TAB_KINDS, N_("space kind"))
                previous = spaces[-1].kind if spaces else None
                if kind == "blank" and i > 0 or kind == "project" and previous == "vp":
                    raise s.fail("kind", N_("order must be: optional blank, project spaces, then vp spaces"))
                vp = s.int("vp", lo=1) if kind == "vp" else s.int("vp", lo=0, hi=0)
                space = TabSpace(kind, _step_cost(s, i), s.reward("income"), vp)
                if kind != "project" and space.income != Reward():
                    raise s.fail("income", N_("a {kind} space has no income", kind=kind))
                if kind == "vp" and previous == "vp" and space.vp <= spaces[-1].vp:
                    raise s.fail("vp", N_("vp spaces must show increasing VP"))
                spaces.append(space)
                s.done()
            for kind in ("project", "vp"):
                if kind not in [s.kind for s in spaces]:
                    raise sides_node.fail(side, N_("side {side} has no {kind} space", side=side, kind=kind))
            sides[side] = tuple(spaces)
        sides_node.done()
        tab = ProjectTab(node.choice("type", PROJECT_TYPES, N_("project type")), node.str("name"),
                         node.int("goods_cost", lo=1), frozen_map(sides))
        node.done()
        tabs[tab.type] = tab
    for t in PROJECT_TYPES:
        if t not in tabs:
            raise root.fail("tabs", N_("no tab for project type {type}", type=repr(t)))
    root.done()
    return frozen_map({t: tabs[t] for t in PROJECT_TYPES})


def _read_departments(root: Node) -> Mapping[str, Department]:
    nodes = root.objs("departments")
    unique(nodes, "code", N_("department code"))
    unique([n for n in nodes if n.data.get("number") != 0], "number", N_("tile number"))
    departments = {}
    for node in unique(nodes, "id", N_("department id")).values():
        starting = node.bool("starting")
        workstations = node.get("workstations", list)
        for i, price in enumerate(workstations):
            if not (is_json(price, int) and price >= 0 or price is None and starting):
                raise node.fail(f"workstations[{i}]", N_("expected a price >= 0 or null, got {value}",
                        value=repr(price))
                                if starting else N_("expected a price >= 0, got {value}", value=repr(price)))
        params = node.obj("params")
        for key, value in params.data.items():
            if not all(is_json(v, (str, int, float, bool)) for v in (value if isinstance(value, list) else [value])):
                raise params.fail(key, N_("expected a number, string, boolean or list of them, got {value}",
                                                   value=repr(value)))
        dept = Department(
            node.str("id"), node.str("code"), node.int("number", lo=0 if starting else 1, hi=0 if starting else None),
            node.str("name"), node.choice("type", ACTION_TYPES, N_("department type")), tuple(workstations),
            node.choice("mission", MISSIONS, N_("mission")), node.bool("ongoing"), node.bool("end_game"), starting,
            node.bool("expansion"), node.int("build_extra_goods", lo=0), freeze(params.data))
        if dept.ongoing and dept.mission != "never":
            raise node.fail("mission", N_("an ongoing department never sends on a mission"))
        if dept.starting and dept.expansion:
            raise node.fail("expansion", N_("a starting department is not an expansion tile"))
        node.done()
        departments[dept.id] = dept
    root.done()
    return frozen_map(departments)


def _read_company(root: Node, departments) -> CompanyLayout:
    names = [f"{c}{r}" for r in range(COMPANY_ROWS, 0, -1) for c in COMPANY_COLUMNS]   # reading order
    starts = {d.id for d in departments.values() if d.starting}
    cells = {}
    for node in unique(root.objs("cells"), "name", N_("cell")).values():
        name = node.choice("name", names, N_("cell name"))
        start = node.choice("start", ["lobby", *sorted(starts)], N_("starting content"), nullable=True)
        cell = Cell(name, COMPANY_COLUMNS.index(name[0]) + 1, int(name[1:]),
                    node.int("vp", lo=0, hi=0 if start else None), start)
        node.done()
        cells[name] = cell
    for name in names:
        if name not in cells:
            raise root.fail("cells", N_("missing cell {name}", name=repr(name)))
    for start in ["lobby", *sorted(starts)]:
        count = sum(c.start == start for c in cells.values())
        if count != 1:
            raise root.fail("cells", N_("{start} must be on exactly one cell, found {count}", start=repr(start),
                                            count=count))
    root.done()

    def around(cell, steps):
        out = []
        for dc, dr in steps:
            col, row = cell.col + dc, cell.row + dr
            if 1 <= col <= len(COMPANY_COLUMNS) and 1 <= row <= COMPANY_ROWS:
                out.append(f"{COMPANY_COLUMNS[col - 1]}{row}")
        return tuple(out)

    ordered = {n: cells[n] for n in names}
    return CompanyLayout(
        frozen_map(ordered),
        frozen_map({n: around(c, ((-1, 0), (1, 0), (0, -1), (0, 1))) for n, c in ordered.items()}),
        frozen_map({n: around(c, ((-1, -1), (1, -1), (-1, 1), (1, 1))) for n, c in ordered.items()}))


def _read_timeline(root: Node, regions, rounds: int) -> Timeline:
    rows = root.choices("rows", ACTION_TYPES, N_("action type"), nonempty=True)
    if set(rows) != set(ACTION_TYPES):
        raise root.fail("rows", N_("must list each of {types} once", types=", ".join(ACTION_TYPES)))
    tiles_in_play = root.int("tiles_in_play", lo=1)
    orientation = root.choice("orientation", ORIENTATIONS, N_("orientation"))
    if orientation == "row" and tiles_in_play != len(rows):
        raise root.fail("tiles_in_play", N_("in the row orientation there is one tile per row"))
    face_length = len(rows) if orientation == "column" else tiles_in_play
    spaces_per_row = tiles_in_play if orientation == "column" else face_length
    if len(rows) * (spaces_per_row + 1) != rounds:
        raise root.fail("tiles_in_play", N_("{rows} rows of {spaces} + 1 spaces must make {rounds} rounds "
                                            "(rules.json)", rows=len(rows), spaces=spaces_per_row, rounds=rounds))

    def space(node):
        result = TimelineSpace(node.choice("income", regions, N_("region"), nullable=True), node.bool("donation"))
        node.done()
        return result

    tiles = []
    for node in unique(root.objs("tiles"), "number", N_("tile number")).values():
        faces = []
        for side in ("front", "back"):
            face = tuple(space(n) for n in node.objs(side, count=face_length))
            incomes = [s.income for s in face if s.income]
            if any(bool(s.income) == s.donation for s in face):
                raise node.fail(side, N_("each space is either an income region or a donation, not both or "
                                      "neither"))
            if sum(s.donation for s in face) != 1 or len(set(incomes)) != len(incomes):
                raise node.fail(side, N_("a face holds exactly one donation and different regions"))
            faces.append(face)
        tiles.append(TimelineTile(node.int("number", lo=1), (faces[0], faces[1])))
        node.done()
    if len(tiles) < tiles_in_play:
        raise root.fail("tiles", N_("only {n} tiles for {in_play} in play", n=len(tiles), in_play=tiles_in_play))

    end_node, end_spaces = root.obj("end_spaces"), {}
    for row in rows:
        node = end_node.obj(row)
        end_spaces[row] = space(node)
        if not (end_spaces[row].income and end_spaces[row].donation):
            raise node.fail(None, N_("an end space gives both income (a region) and a donation"))
    end_node.done()
    root.done()
    return Timeline(rows, tuple(tiles), frozen_map(end_spaces), tiles_in_play, orientation)


def _read_donations(root: Node, regions) -> Mapping[str, Donation]:
    vocabulary = {"departments": (ACTION_TYPES, False), "projects": (PROJECT_TYPES, True),
                  "discs_in_regions": (tuple(regions), True)}
    donations: dict[str, Donation] = {}
    positions: dict[tuple[int, int], str] = {}
    themes: dict[int, str] = {}
    for node in unique(root.objs("donations"), "id", N_("donation id")).values():
        f = node.obj("formula")
        kind = f.choice("kind", FORMULA_KINDS, N_("formula kind"))
        if kind not in vocabulary and f.get("filter", list):
            raise f.fail("filter", N_("a {kind} formula takes no filter", kind=repr(kind)))
        allowed, nonempty = vocabulary.get(kind, ((), False))
        what = {"departments": N_("department type"), "projects": N_("project type")}.get(kind, N_("region"))
        formula = DonationFormula(kind, f.int("vp", lo=1), f.choices("filter", allowed, what, nonempty=nonempty),
                                  f.reward("payment"))
        if (formula.payment == Reward()) == (kind == "payments"):
            raise f.fail("payment", N_("needed by a 'payments' formula and only there"))
        f.done()
        donation = Donation(node.str("id"), node.str("name"), node.choice("theme", THEMES, N_("theme")),
                            node.int("column", lo=1, hi=DONATION_COLUMNS), node.int("row", lo=1, hi=DONATION_ROWS),
                            formula)
        node.done()
        position = (donation.column, donation.row)
        if position in positions:
            raise node.fail("row", N_("column {column} row {row} is already {donation}", column=position[0],
                                          row=position[1], donation=repr(positions[position])))
        if themes.setdefault(donation.column, donation.theme) != donation.theme:
            raise node.fail("theme", N_("column {column} is {theme}", column=donation.column,
                                            theme=repr(themes[donation.column])))
        positions[position] = donation.id
        donations[donation.id] = donation
    if len(positions) != DONATION_COLUMNS * DONATION_ROWS:
        raise root.fail("donations", N_("the chart needs {n} donations, got {count}",
                                        n=DONATION_COLUMNS * DONATION_ROWS, count=len(positions)))
    root.done()
    return frozen_map(donations)


def _read_solo(root: Node, cities, regions, donations, constants: Constants) -> Mapping[str, SoloCard]:
    cards: dict[str, SoloCard] = {}
    for node in unique(root.objs("cards"), "id", N_("card id")).values():
        card = SoloCard(node.str("id"), node.int("number", lo=1), node.bool("advanced"),
                        node.choice("donation", donations, N_("donation")), node.choice("action", ACTION_TYPES,
                                N_("action")),
                        node.int("hr_shift", lo=0), node.choices("mg_types", ACTION_TYPES, N_("department type"),
                                                                 distinct=False, nonempty=True),
                        node.choices("co_cities", cities, N_("city"), nonempty=True),
                        node.choice("rd_region", regions, N_("region")), node.int("rd_steps", lo=1,
                                hi=TRACK_SPACES - 1))
        expected = f"{'A' if card.advanced else 'N'}{card.number:02d}"
        if card.id != expected:
            raise node.fail("id", N_("card number {number} (advanced) must have id {id}", number=card.number,
                                     id=repr(expected)) if card.advanced else
                            N_("card number {number} (normal) must have id {id}", number=card.number,
                                    id=repr(expected)))
        twin = cards.get(f"{'N' if card.advanced else 'A'}{card.number:02d}")
        if twin is not None and twin.action != card.action:   # a card's back shows its action
            raise node.fail("action", N_("{action}, but {twin} has {other}: a card and its advanced twin show "
                                         "the same action on their backs", action=card.action, twin=twin.id,
                                         other=twin.action))
        node.done()
        cards[card.id] = card
    for advanced, index in ((False, 0), (True, 1)):
        need = max(deck[index] for deck in constants.solo_decks.values())
        have = sum(c.advanced == advanced for c in cards.values())
        if have < need:
            raise root.fail("cards", N_("{have} advanced cards, solo_decks needs {need}", have=have, need=need)
                            if advanced else N_("{have} normal cards, solo_decks needs {need}", have=have, need=need))
    root.done()
    return frozen_map(cards)


def _read_scoring(root: Node, cities) -> Mapping[tuple[int, int], int]:
    points = sorted(c.connection_points for c in cities.values() if c.connection_points)
    needed = range(sum(points[:2]), sum(points) + 1)      # from the two weakest majors to all of them
    table = {}
    for node in unique(root.objs("connection_table"), "points", N_("points row")).values():
        p = node.int("points", lo=needed.start, hi=needed.stop - 1)
        for level, value in LEVELS.items():
            table[(p, value)] = node.int(level, lo=0)
        node.done()
    for p in needed:
        if (p, 1) not in table:
            raise root.fail("connection_table", N_("missing the row for {points} connection points", points=p))
    root.done()
    return frozen_map(dict(sorted(table.items())))


def load_components(folder: Path | str | None = None) -> Components:
    """Read and check the component data of a folder.

    Args:
        folder: A folder of the data's JSON files (``rules.json``, ``map.json``, ...); None: the package's own.

    Returns:
        The components, for ``new_game(..., components=...)``.

    Raises:
        DataError: A file missing or broken; the message names the file and the field.
    """
    if folder is not None and not isinstance(folder, (str, Path)):
        raise DataError("load_components", "folder", N_("expected a folder's path, got {value}",
                value=f"{folder!r:.80}"))
    folder = DATA_DIR if folder is None else Path(folder)
    constants = _read_constants(read_file(folder, "rules.json"))
    regions, cities, routes = _read_map(read_file(folder, "map.json"))
    departments = _read_departments(read_file(folder, "departments.json"))
    base_tiles = [d for d in departments.values() if not d.starting and not d.expansion]
    pool = len(base_tiles) * constants.department_copies
    for players, removed in constants.removed_departments.items():
        if removed > pool:
            raise DataError("rules.json", f"removed_departments.{players}", N_("only {n} base tiles in the pool",
                    n=pool))
    donations = _read_donations(read_file(folder, "donations.json"), regions)
    return Components(
        regions=regions, cities=cities, routes=routes,
        tracks=_read_tracks(read_file(folder, "tracks.json"), regions),
        tabs=_read_tabs(read_file(folder, "tabs.json")),
        company=_read_company(read_file(folder, "company.json"), departments),
        departments=departments,
        timeline=_read_timeline(read_file(folder, "timeline.json"), regions, constants.rounds),
        donations=donations,
        solo_cards=_read_solo(read_file(folder, "solo.json"), cities, regions, donations, constants),
        connection_table=_read_scoring(read_file(folder, "scoring.json"), cities),
        constants=constants)


@functools.lru_cache(maxsize=None)
def components() -> Components:
    """The package's own component data, loaded and validated once."""
    return load_components()
