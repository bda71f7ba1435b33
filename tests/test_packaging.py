"""The package as pip installs it: its wheel's files and metadata, the extras, the Binder pins.

- Every third-party import in carnegie_lab/ is declared in the extra of the part that makes it
  (``EXTRA_OF``), read from the wheel's own metadata; the wheel holds the notebooks and the template.
- The wheel with no extra, in a fresh venv outside the checkout, plays games from Python and the
  command line, and each optional part says which extra it needs (about 20 s). The same wheel with
  ``[app]`` serving the app is tools/check_install.py (``make install-check``, run by .ci/run).
- binder/requirements.txt (``make binder-lock``) satisfies pyproject.toml; Binder's server settings
  are the app's.
"""
from __future__ import annotations

import ast
import importlib.metadata
import importlib.util
import json
import subprocess
import sys
import zipfile
from email.parser import Parser
from pathlib import Path

import fresh_env  # tools/fresh_env.py (tests/conftest.py makes it importable)
import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from carnegie_lab.cli import app as cli_app
from carnegie_lab.core.errors import CarnegieError, MissingExtraError, needs_extra, require_extra

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "carnegie_lab"

#: The extra each part of the package needs (None: the core dependencies only). The longest prefix of
#: where an import is (module, then function) wins, so a lazy import of an optional part in a core
#: module names its own extra.
EXTRA_OF: dict[str, str | None] = {
    "carnegie_lab": None,
    "carnegie_lab.views": "views",
    "carnegie_lab.app": "app",                                 # the dashboard
    "carnegie_lab.ui": "app",                                  # what the app and the tutorials' widgets share
    "carnegie_lab.tutor": "app",                               # the tutorials' widgets (their positions: core)
    "carnegie_lab.editor_ui": "app",                           # the position editor's widget
    "carnegie_lab.server": "app",                              # the app's Voila server
    "carnegie_lab.store.values.default_path": "app",                  # platformdirs: the app's default store
    "carnegie_lab.cli.app._password_hash": "app",              # jupyter_server: carnegie-lab app --password
    "carnegie_lab.jobs.import_dask": "dask",                   # simulate(scheduler=...), review(...)
}


# --------------------------------------------------------------------------- the wheel


@pytest.fixture(scope="session")
def metadata(wheel):
    with zipfile.ZipFile(wheel) as z:
        [name] = [n for n in z.namelist() if n.endswith(".dist-info/METADATA")]
        return Parser().parsestr(z.read(name).decode())


def requirements(metadata) -> dict[str | None, list[Requirement]]:
    """The wheel's requirements by extra (None: the core dependencies)."""
    extras = metadata.get_all("Provides-Extra") or []
    found: dict[str | None, list[Requirement]] = {None: [], **{extra: [] for extra in extras}}
    for line in metadata.get_all("Requires-Dist") or []:
        req = Requirement(line)
        where = [e for e in extras if req.marker is not None and req.marker.evaluate({"extra": e})]
        found[where[0] if where else None].append(req)
    return found


def closure(reqs: dict[str | None, list[Requirement]], extra: str | None) -> list[Requirement]:
    """What installing the package with ``extra`` asks for: the core's, the extra's and those of the
    extras it names (``carnegie-lab[views]``), without those self-references."""
    out, todo, seen = [], [None, extra], set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for req in reqs[name]:
            if canonicalize_name(req.name) == "carnegie-lab":
                todo.extend(req.extras)
            else:
                out.append(req)
    return out


def notebooks(folder: Path = ROOT / "notebooks") -> set[str]:
    """The notebooks in a folder and its subfolders (the translations'), as paths in it."""
    return {p.relative_to(folder).as_posix() for p in folder.glob("**/*.ipynb")}


def test_the_wheel_holds_the_notebooks_and_the_template_and_no_developer_tools(wheel):
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
    shipped = {n.removeprefix("carnegie_lab/share/notebooks/") for n in names
               if n.startswith("carnegie_lab/share/notebooks/")}
    assert shipped == notebooks() and "app.ipynb" in shipped and "pt_BR/00-contents.ipynb" in shipped
    with zipfile.ZipFile(wheel) as z:   # copies of the repository's notebooks, byte for byte
        assert z.read("carnegie_lab/share/notebooks/app.ipynb") == (ROOT / "notebooks" / "app.ipynb").read_bytes()
    data = {name for name in fresh_env.project_files()   # every data file: JSON, the template, ...
            if name.startswith("carnegie_lab/") and not name.endswith(".py") and name != "carnegie_lab/share/notebooks"}
    assert {"carnegie_lab/bots/evaluation/weights.json", "carnegie_lab/share/voila/templates/carnegie/conf.json",
            "carnegie_lab/locale/pt_BR/LC_MESSAGES/carnegie_lab.mo"} <= data
    assert data <= names, f"not in the wheel (pyproject.toml's package-data): {sorted(data - names)}"
    assert not [n for n in names if n.startswith("carnegie_lab/share/") and n.endswith(".py")]
    assert not [n for n in names if "make_shapes" in n or n.startswith(("tools/", "research/", "tests/", "notebooks/"))]


def test_the_core_needs_only_networkx_and_each_extra_its_part(metadata):
    reqs = requirements(metadata)
    names = lambda extra: {canonicalize_name(r.name) for r in closure(reqs, extra)}  # noqa: E731
    assert names(None) == {"networkx"}
    assert names("views") == {"networkx", "plotly"}
    assert {"voila", "ipywidgets", "anywidget", "ipykernel", "plotly"} <= names("app")
    assert "jupyterlab" not in names("app")
    assert names("notebooks") == names("app") | {"jupyterlab"}
    assert names("i18n") == {"networkx", "babel"}                    # the catalogs' tools, not read at runtime
    assert names("app") | names("notebooks") | names("dask") | names("i18n") <= names("test")   # every part


def _imports(path: Path):
    """(where, top-level module) of each import in the file, outside ``if TYPE_CHECKING:`` blocks;
    where is the module's dotted name and the names of the functions and classes around the import."""
    module = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")

    def walk(node, where):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for orelse in child.orelse:
                    yield from walk(orelse, where)
                continue
            if isinstance(child, ast.Import):
                yield from ((where, alias.name.split(".")[0]) for alias in child.names)
            elif isinstance(child, ast.ImportFrom) and child.level == 0 and child.module:
                yield where, child.module.split(".")[0]
            inner = f"{where}.{child.name}" if isinstance(child, (ast.FunctionDef, ast.ClassDef)) else where
            yield from walk(child, inner)

    yield from walk(ast.parse(path.read_text(encoding="utf-8")), module)


def _third_party_imports() -> list[tuple[str, str]]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if "share" in path.relative_to(PACKAGE).parts:
            continue
        found += [(where, top) for where, top in _imports(path)
                  if top not in sys.stdlib_module_names and top not in ("__future__", "carnegie_lab")]
    return found


def _extra_of(where: str) -> str:
    return max((key for key in EXTRA_OF if where == key or where.startswith(key + ".")), key=len)


def test_every_third_party_import_is_declared_in_the_extra_of_its_part(metadata):
    reqs = requirements(metadata)
    distributions = importlib.metadata.packages_distributions()
    found = _third_party_imports()
    assert {top for _, top in found} >= {"networkx", "plotly", "ipywidgets", "anywidget", "dask", "platformdirs"}
    undeclared = []
    for where, top in found:
        key = _extra_of(where)
        declared = {canonicalize_name(r.name) for r in closure(reqs, EXTRA_OF[key])}
        providers = {canonicalize_name(d) for d in distributions.get(top, [])}
        if not providers & declared:
            undeclared.append(f"{where} imports {top} ({', '.join(sorted(providers)) or 'not installed'}), "
                              f"not declared in {EXTRA_OF[key] or 'the dependencies'} (part {key})")
    assert not undeclared, "\n".join(undeclared)
    used = {_extra_of(where) for where, _ in found}
    assert set(EXTRA_OF) <= used | {"carnegie_lab"}, f"stale entries: {set(EXTRA_OF) - used}"


# --------------------------------------------------------------------------- missing extras


def test_a_missing_module_becomes_an_error_naming_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "plotly", None)        # `import plotly` fails as if not installed
    with pytest.raises(MissingExtraError, match=r'pip install "carnegie-lab\[views\]"') as info:
        with needs_extra("views"):
            import plotly  # noqa: F401
    assert info.value.module == "plotly" and info.value.extra == "views"
    assert isinstance(info.value, ImportError) and isinstance(info.value, CarnegieError)
    with pytest.raises(MissingExtraError, match=r"carnegie-lab\[app\]"):   # the outer part's extra
        with needs_extra("app"), needs_extra("views"):
            import plotly  # noqa: F401,F811
    with pytest.raises(MissingExtraError, match=r"carnegie-lab\[dask\]"):
        require_extra("dask", "json", "surely_not_a_module_here")


def test_a_missing_module_of_the_package_itself_is_a_bug_not_an_extra():
    with pytest.raises(ModuleNotFoundError) as info:
        with needs_extra("views"):
            import carnegie_lab.no_such_module  # noqa: F401
    assert not isinstance(info.value, MissingExtraError)


CORE_SCRIPT = """
import importlib.util, json
import carnegie_lab as cl
from carnegie_lab.bots import GreedyBot, RandomBot, simulate
missing = ["plotly", "ipywidgets", "anywidget", "voila", "jupyterlab", "IPython", "dask", "platformdirs"]
assert not [name for name in missing if importlib.util.find_spec(name)], missing
game = cl.new_game(["Ada", "Bo"], seed=3)
bots = [GreedyBot(seed=1), RandomBot(seed=2)]
while not game.is_over:
    game.apply(bots[game.current_player].choose(game))
assert game.winners() and simulate(players=2, games=2, seed=1, jobs=1).results
json.dump(game.to_record(), open("game.json", "w"))
for use, extra in ((lambda: cl.views.map_figure, "views"), (lambda: __import__("carnegie_lab.widgets"), "app")):
    try:
        use()
    except cl.MissingExtraError as error:
        assert f'pip install "carnegie-lab[{extra}]"' in str(error), error
    else:
        raise AssertionError(extra)
print("played", game.winners())
"""


@pytest.mark.slow      # a fresh venv: packaging, checked in CI (and make install-check's wheel with [app])
def test_the_wheel_with_no_extra_plays_in_a_fresh_venv(core_venv, tmp_path):
    """``pip install <wheel>``: only networkx comes with it; games play from Python and the command line
    (run from an empty folder, a HOME of its own), and the optional parts name their extras."""
    bin_dir = core_venv
    listed = json.loads(fresh_env.run([str(bin_dir / "python"), "-m", "pip", "list", "--format=json"],
                                      env=fresh_env.clean_env(bin_dir)).stdout)
    assert {canonicalize_name(p["name"]) for p in listed} <= {"carnegie-lab", "networkx", "pip", "setuptools"}
    work, env = tmp_path / "work", fresh_env.clean_env(bin_dir, home=tmp_path / "home")
    work.mkdir()

    def cli_run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([str(bin_dir / "carnegie-lab"), *args], cwd=work, env=env, capture_output=True,
                              text=True, timeout=300)

    done = subprocess.run([str(bin_dir / "python"), "-c", CORE_SCRIPT], cwd=work, env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0 and "played" in done.stdout, done.stderr
    replay = cli_run("replay", "game.json")
    assert replay.returncode == 0 and "\nwinner" in replay.stdout, replay.stderr
    simulated = cli_run("simulate", "--players", "2", "--games", "2", "--quiet")
    assert simulated.returncode == 0 and "by bot:" in simulated.stdout, simulated.stderr
    for args, extra in ((["app"], "app"), (["simulate", "--games", "1", "--html", "out.html"], "views")):
        refused = cli_run(*args)
        assert refused.returncode == 2 and f'pip install "carnegie-lab[{extra}]"' in refused.stderr, refused
        assert "Traceback" not in refused.stderr
    copied = cli_run("tutorials", "my-tutorials")
    assert copied.returncode == 0, copied.stderr
    assert notebooks(work / "my-tutorials") == notebooks()


# --------------------------------------------------------------------------- Binder


def test_binder_pins_satisfy_pyproject(metadata):
    """Every requirement of the notebooks extra (Binder's environment) is pinned in
    binder/requirements.txt to a version it accepts: the pins cannot drift from pyproject.toml."""
    text = (ROOT / "binder" / "requirements.txt").read_text()
    assert "autogenerated by uv" in text and "#    make binder-lock" in text   # its header says how
    pins = {}
    for line in text.splitlines():
        if line and not line.startswith((" ", "#")):
            name, version = line.split("==")
            pins[canonicalize_name(name)] = version.strip()
    wanted = closure(requirements(metadata), "notebooks")
    assert wanted
    for req in wanted:
        name = canonicalize_name(req.name)
        assert name in pins and req.specifier.contains(pins[name], prereleases=True), (str(req), pins.get(name))
    assert "carnegie-lab" not in pins          # postBuild installs the package itself


def test_binder_server_settings_are_the_apps():
    """Binder's jupyter server culls idle kernels as `carnegie-lab app` does, and its Voilà pages have the
    app's template and JupyterLab extensions."""
    config = json.loads((ROOT / "binder" / "jupyter_server_config.json").read_text())
    assert config["MappingKernelManager"] == {"cull_idle_timeout": cli_app.CULL_IDLE_TIMEOUT,
                                              "cull_interval": cli_app.CULL_INTERVAL}
    assert config["VoilaConfiguration"] == {"template": cli_app.TEMPLATE,
                                            "extension_allowlist": list(cli_app.LAB_EXTENSIONS)}
    post_build = (ROOT / "binder" / "postBuild").read_text()
    assert "binder/jupyter_server_config.json" in post_build and "carnegie_lab/share/voila/templates" in post_build
