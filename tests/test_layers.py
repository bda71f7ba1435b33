"""The package's layers, checked on its source: no import circle between its modules, and nothing above the
engine reads a game's state or the rules' grammar (they use ``Game`` queries). The layers themselves, in
order, are import-linter's contracts (pyproject.toml, ``make check``)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "carnegie_lab"
#: Above the engine: these read a game only through its public queries.
ABOVE_THE_ENGINE = ("views", "session", "app", "tutor", "ui", "editor_ui", "widgets", "cli", "server.py")
#: What they must not reach into: the live state, and the rules' tables behind ``Game.department/patterns``.
FORBIDDEN = {"state", "grammar", "by_code"}


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if "share" in parts:
            continue
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _import_time(body: list[ast.stmt]):
    """The import statements a module runs when it is imported: its top level, its classes' bodies and its
    ``if``/``try`` blocks, not its functions (a lazy import runs when called) nor ``if TYPE_CHECKING``."""
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, ast.If):
            if not _is_type_checking(node):
                yield from _import_time(node.body)
            yield from _import_time(node.orelse)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody, *[h.body for h in node.handlers]):
                yield from _import_time(block)
        elif isinstance(node, ast.ClassDef):
            yield from _import_time(node.body)


def _anywhere(body: list[ast.stmt]):
    """Every import statement of a module, lazy ones in functions included (not ``if TYPE_CHECKING``)."""
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, ast.If) and _is_type_checking(node):
            yield from _anywhere(node.orelse)
        else:
            yield from _anywhere([n for n in ast.iter_child_nodes(node) if isinstance(n, ast.stmt)])


def _every_import(body: list[ast.stmt]):
    """Every import statement of a module: lazy ones and those ``if TYPE_CHECKING`` (type hints) too."""
    return (node for node in ast.walk(ast.Module(body=body, type_ignores=[]))
            if isinstance(node, (ast.Import, ast.ImportFrom)))


def _imported(name: str, path: Path, modules: dict[str, Path], lazy: bool, hints: bool = False) -> set[str]:
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = set()
    statements = _every_import if hints else _anywhere if lazy else _import_time
    for node in statements(ast.parse(path.read_text()).body):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        else:
            base = node.module or ""
            if node.level:
                parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
        for target in targets:
            while target and target not in modules:          # an attribute of a module: that module
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def import_graph(lazy: bool = False, hints: bool = False) -> dict[str, set[str]]:
    """Module -> the package's modules it imports when imported; with ``lazy``, also those its functions
    import when called; with ``hints``, also those it imports for type hints only."""
    modules = _modules()
    return {name: _imported(name, path, modules, lazy, hints) for name, path in modules.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_package_has_no_import_circle():
    graph = import_graph()
    assert "carnegie_lab.engine" in graph["carnegie_lab"] and "carnegie_lab.core.loader" in graph["carnegie_lab"]
    assert circles(graph) == []


#: Circles closed only by a lazy import inside a function (the module-level graph above has none): the loop
#: naming the decision in a refusal, from the prompts that read the loop. Nothing else may close one, even lazily.
LAZY_CIRCLES = [["carnegie_lab.rules.loop", "carnegie_lab.rules.prompts"]]


def test_lazy_imports_close_only_the_known_circles():
    assert sorted(circles(import_graph(lazy=True))) == LAZY_CIRCLES


#: What the core's modules may import, type hints included: the core, and the rules for the type of the Ruleset
#: that a state holds. Not the engine nor anything above it (analysis, bots, views, session, app...).
BELOW_THE_ENGINE = ("carnegie_lab.core", "carnegie_lab.rules")


def test_the_core_imports_nothing_of_the_engine_or_above_even_for_type_hints():
    graph = import_graph(hints=True)
    assert "carnegie_lab.rules.ruleset" in graph["carnegie_lab.core.state"]       # a type-only import is seen
    upward = sorted(f"{name} -> {target}" for name, targets in graph.items() if name.startswith("carnegie_lab.core")
                    for target in targets if not target.startswith(BELOW_THE_ENGINE))
    assert upward == []


def test_a_circle_is_found():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def _reaches(path: Path, root: Path = PACKAGE.parent) -> list[str]:
    """Where a module's code reads ``<something>.state`` / ``.grammar`` / ``.by_code`` (its own ``self.``
    attributes are its own business)."""
    return sorted(f"{path.relative_to(root)}:{node.lineno}: .{node.attr}"
                  for node in ast.walk(ast.parse(path.read_text()))
                  if isinstance(node, ast.Attribute) and node.attr in FORBIDDEN
                  and not (isinstance(node.value, ast.Name) and node.value.id == "self"))


@pytest.mark.parametrize("part", ABOVE_THE_ENGINE)
def test_nothing_above_the_engine_reads_the_state(part):
    root = PACKAGE / part
    paths = [root] if root.is_file() else sorted(root.rglob("*.py"))
    assert paths and [hit for path in paths for hit in _reaches(path)] == []


def test_a_read_of_the_state_is_found(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("def f(game, self):\n    return game.state.players, game.rules.by_code, self.state\n")
    assert _reaches(module, tmp_path) == ["m.py:2: .by_code", "m.py:2: .state"]


def _within(graph: dict[str, set[str]], package: str) -> dict[str, set[str]]:
    """The part of an import graph among one package's modules (the package itself included)."""
    def inside(name: str) -> bool:
        return name == package or name.startswith(package + ".")
    return {name: {t for t in targets if inside(t)} for name, targets in graph.items() if inside(name)}


def test_no_module_of_the_app_takes_part_in_an_import_circle_within_it():
    graph = _within(import_graph(lazy=True, hints=True), "carnegie_lab.app")
    assert "carnegie_lab.app.board" in graph["carnegie_lab.app.dashboard"]        # the app's own imports are seen
    assert circles(graph) == []


# -- the scripts around the package import, they never patch sys.path -------------------------------------------

ROOT = PACKAGE.parent
#: the scripts' folders: they import the package, ``research`` (the research tools' shared part) and their
#: neighbours (a script's own folder is on sys.path), nothing else
SCRIPTS = ("research", "benchmarks", "tools")


def _patches_path(path: Path, root: Path = ROOT) -> list[str]:
    """Where a module changes ``sys.path`` (insert, append, extend, assignment...)."""
    return sorted(f"{path.relative_to(root)}:{node.lineno}" for node in ast.walk(ast.parse(path.read_text()))
                  if isinstance(node, ast.Attribute) and node.attr == "path" and isinstance(node.value, ast.Name)
                  and node.value.id == "sys")


@pytest.mark.parametrize("folder", SCRIPTS)
def test_no_script_patches_sys_path(folder):
    paths = sorted((ROOT / folder).rglob("*.py"))
    assert paths and [hit for path in paths for hit in _patches_path(path)] == []


def test_a_patch_of_sys_path_is_found(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("import sys\nsys.path.insert(0, 'x')\nprint(sys.argv)\n")
    assert _patches_path(module, tmp_path) == ["m.py:2"]


#: What the app may import of the session: the controller (the package's face: the Controller, its seats and
#: setup, its errors) and the screen (what a page shows, and the words and shapes it is drawn with).
APP_SEES_OF_THE_SESSION = {"carnegie_lab.session", "carnegie_lab.session.controller", "carnegie_lab.session.screen"}


def test_the_app_imports_the_session_only_through_the_screen_and_the_controller():
    graph = import_graph(lazy=True, hints=True)
    assert "carnegie_lab.session.screen" in graph["carnegie_lab.app.turn"]         # the rule's imports are seen
    reached = sorted(f"{name} -> {target}" for name, targets in graph.items() if name.startswith("carnegie_lab.app")
                     for target in targets if target.startswith("carnegie_lab.session")
                     and target not in APP_SEES_OF_THE_SESSION)
    assert reached == []


#: The most lines a module of the app may have (a part of the page and its one job).
APP_MODULE_LINES = 300


def test_no_module_of_the_app_is_longer_than_its_limit():
    lengths = {path.name: len(path.read_text().splitlines()) for path in sorted((PACKAGE / "app").glob("*.py"))}
    assert "dashboard.py" in lengths and lengths["dashboard.py"] < 250
    assert {name: n for name, n in lengths.items() if n > APP_MODULE_LINES} == {}
