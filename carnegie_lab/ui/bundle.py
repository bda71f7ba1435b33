"""plotly's widget bundle fetched by URL in a Voilà page, instead of inline in every FigureWidget.

``go.FigureWidget`` is an anywidget whose ``_esm`` is plotly's whole widget bundle (~5 MB of JavaScript): every
FigureWidget sends it over the kernel's websocket and the page compiles it again, all within the 2 s anywidget's
front end gives a widget's model to start (on a busy machine it does not, and the figure is never drawn).

The app's server serves the bundle of the plotly it runs at :data:`ROUTE` under its base URL (carnegie_lab.server,
standalone and as a jupyter server extension on Binder) and says so to its kernels in :data:`SERVED_ENV`. A Voilà
page's kernel of such a server makes its FigureWidgets with :func:`loader` as ``_esm`` instead: a few lines that
import the bundle by URL (anywidget takes only http(s) addresses as URLs, and the kernel does not know the page's
host, so the loader resolves the path against the page's). The browser fetches the bundle once (HTTP-cached,
revalidated), compiles it once per page, and the app's Voilà template preloads it in the page's head
(``<link rel="modulepreload">``, carnegie_lab/share/voila/templates/carnegie/index.html.j2, which names the same
route) before any widget's clock starts. Elsewhere (JupyterLab, a Voilà of another server) FigureWidgets keep
plotly's inline bundle.
"""
from __future__ import annotations

import functools
import importlib.util
import json
import os
from pathlib import Path
from typing import Any, Mapping, MutableMapping

#: Where the server serves plotly's widget bundle, under its base URL (the Voilà template links the same path).
ROUTE = "carnegie/plotly/widgetbundle.js"
#: Set by a server that serves :data:`ROUTE`, for its kernels: the bundle's path on it (base URL included).
SERVED_ENV = "CARNEGIE_PLOTLY_BUNDLE"
#: Set by Voilà in its kernels (a page's and a preheated one).
VOILA_ENV = "VOILA_BASE_URL"


def bundle_file() -> Path:
    """plotly's widget bundle, the ``_esm`` of its FigureWidget (found without importing plotly)."""
    spec = importlib.util.find_spec("plotly")
    assert spec is not None and spec.origin is not None, "plotly is installed with the app's extra"
    return Path(spec.origin).parent / "package_data" / "widgetbundle.js"


def served_at(base_url: str) -> str:
    """The bundle's path on a server whose base URL is ``base_url``."""
    return "/" + "/".join(part for part in (*base_url.split("/"), ROUTE) if part)


def announce(base_url: str, env: MutableMapping[str, str] = os.environ) -> None:
    """Tell the kernels a server starts from now on (they inherit ``env``) that it serves the bundle, under
    ``base_url``: the server's base URL, as its pages see it."""
    env[SERVED_ENV] = served_at(base_url)


def loader(env: Mapping[str, str] = os.environ) -> str | None:
    """The ``_esm`` that imports the bundle from the page's server, for a Voilà kernel of a server that serves
    it; None elsewhere (plotly's inline bundle)."""
    path = env.get(SERVED_ENV)
    if not path or VOILA_ENV not in env:
        return None
    return (f"const bundle = await import(new URL({json.dumps(path)}, document.baseURI).href);\n"
            "export default bundle.default;\n")


@functools.cache
def _linked_class(esm: str) -> type:
    import plotly.graph_objects as go

    # anywidget sends a class's own _esm (a string here) instead of plotly's
    return type("LinkedFigureWidget", (go.FigureWidget,), {"_esm": esm, "__module__": __name__})


def figure_widget(figure: dict[str, Any]) -> Any:
    """A plotly FigureWidget of ``figure`` (a ``to_plotly_json()`` dict) whose bundle comes by URL where the
    server serves it (:func:`loader`), inline otherwise."""
    esm = loader()
    if esm is None:
        import plotly.graph_objects as go
        return go.FigureWidget(figure)
    return _linked_class(esm)(figure)


__all__ = ["ROUTE", "SERVED_ENV", "announce", "bundle_file", "figure_widget", "loader", "served_at"]
