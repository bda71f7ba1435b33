"""The app's page: its address and a clock, for a dashboard whose games are kept in a store.

- ``?game=ID`` (and ``&seat=TOKEN`` in a friend's seat link) says which stored game a page shows, and
  ``&lang=pt_BR`` its language (:func:`parse_query`, :func:`parse_lang`; the kernel reads it from Voilà
  with :func:`carnegie_lab.app.entry.page_query`).
- :class:`PageBridge`, a tiny anywidget (no file, no CDN: its JavaScript is the ``_esm`` string
  below), keeps the page's address in step with the game shown (``history.replaceState``, only
  on a Voilà page: a JupyterLab URL is left alone), with it the language of the page's ``<html>`` (a screen
  reader's voice), and its title (``title``: whose turn it is, for a tab in the background), reports the
  page's own address (for the seat links) and sends the kernel a tick every ``interval`` ms. The ticks arrive
  as widget messages, on the kernel's main thread between clicks, so the dashboard polls the store without a
  thread.
"""
from __future__ import annotations

from typing import Any, Callable
from urllib.parse import parse_qs

import anywidget
import traitlets

from ..core.i18n import N_, languages

#: How often a page asks its kernel to look for other browsers' moves (ms).
POLL_MS = 500

#: Where the page keeps its browser's owner key (the site's ``localStorage``).
OWNER_ITEM = "carnegie-lab-owner"

_ESM = f'const OWNER_ITEM = "{OWNER_ITEM}";' + """
export default {
  render({ model, el }) {
    el.classList.add("cl-page-bridge-view");
    const voila = window.location.pathname.includes("/voila/render/");
    const show = () => {
      if (!voila) return;                     // a JupyterLab page keeps its own address
      const q = model.get("query");
      const want = q ? "?" + q : "";
      if (window.location.search !== want) {
        window.history.replaceState(window.history.state, "",
                                    window.location.pathname + want + window.location.hash);
      }
      // the page's language for screen readers (their voice) and the browser: lang=pt_BR is pt-BR
      document.documentElement.lang = (new URLSearchParams(q).get("lang") || "en").replace("_", "-");
    };
    model.on("change:query", show);
    show();
    const title = () => { if (voila && model.get("title")) document.title = model.get("title"); };
    model.on("change:title", title);
    title();
    // the browser's owner key (docs/security.md): kept in this site's storage; the kernel offers
    // one of its own for a browser that has none yet
    try {
      const kept = window.localStorage.getItem(OWNER_ITEM);
      if (kept && kept !== model.get("owner")) model.set("owner", kept);
      else if (!kept) window.localStorage.setItem(OWNER_ITEM, model.get("owner"));
    } catch (error) { /* no storage (private mode): the page's own key, for this page only */ }
    model.set("page", window.location.origin + window.location.pathname);
    model.save_changes();
    let timer = null;
    const stop = () => { if (timer !== null) clearInterval(timer); timer = null; };
    const tick = () => {
      try { model.send({ event: "tick" }); }
      catch (error) { stop(); }               // the kernel's connection is gone: the page is closing
    };
    const restart = () => {
      stop();
      const ms = model.get("interval");
      if (ms > 0) timer = setInterval(tick, ms);
    };
    model.on("change:interval", restart);
    window.addEventListener("pagehide", stop);
    window.addEventListener("beforeunload", stop);
    restart();
    return stop;
  }
};
"""


class PageBridge(anywidget.AnyWidget):
    """The page's address (``query``: what follows the ``?``; "" for none) and title (``title``; ""
    leaves it as it is), its own URL without the query as the page reports it (``page``), ticks
    every ``interval`` ms (0: none), and the browser's owner key (``owner``: the kernel offers one,
    the page answers with the key its browser keeps, if any)."""

    _esm = _ESM
    owner = traitlets.Unicode("").tag(sync=True)
    query = traitlets.Unicode("").tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    page = traitlets.Unicode("").tag(sync=True)
    interval = traitlets.Int(0).tag(sync=True)

    def __init__(self, on_tick: Callable[[], None] | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.add_class("cl-page-bridge")
        self.on_tick = on_tick
        self.on_msg(self._message)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "tick" and self.on_tick is not None:
            self.on_tick()

    def link(self, query: str) -> str:
        """The address of this page with another query string (relative until the page said its own)."""
        return f"{self.page}?{query}" if self.page else f"?{query}"


class LinkError(ValueError):
    """A page address that names no game the right way (shown to the player, never raised past
    the dashboard)."""


def _params(query: str | None) -> dict[str, list[str]]:
    """The fields of a page's query string (checked for its size and shape)."""
    if not query:
        return {}
    if len(query) > 2000:
        raise LinkError(N_("the page address is too long to be a link of this app"))
    try:
        return parse_qs(query, keep_blank_values=True, strict_parsing=False, max_num_fields=20)
    except ValueError as e:
        raise LinkError(N_("the page address is not a link of this app ({problem})", problem=str(e))) from None


def parse_query(query: str | None) -> tuple[str | None, str | None]:
    """``(game id, seat token)`` from a page's query string; either may be None. Only the shape
    is checked here (one value each, plain text of a sane length); the store checks the id itself
    and a token that is not a seat's is simply not one. The page's language: :func:`parse_lang`."""
    params = _params(query)
    games, seats = params.get("game", []), params.get("seat", [])
    if len(games) > 1 or len(seats) > 1:
        raise LinkError(N_("the page address names more than one game or seat"))
    game = games[0] if games else None
    seat = seats[0] if seats else None
    if seat is not None and game is None:
        raise LinkError(N_("a seat link needs its game: ?game=ID&seat=KEY"))
    return game, seat


def parse_lang(query: str | None) -> str | None:
    """The language a page's query string asks for (``lang=pt_BR``; ``pt-BR`` is the same), None if it
    names none; it must be one of :func:`~carnegie_lab.core.i18n.languages`."""
    langs = _params(query).get("lang", [])
    if len(langs) > 1:
        raise LinkError(N_("the page address names more than one language"))
    if not langs:
        return None
    lang = langs[0].replace("-", "_")
    if lang not in languages():
        raise LinkError(N_("the page address asks for the language {lang}: the languages are {langs}",
                           lang=repr(langs[0]), langs=", ".join(languages())))
    return lang


def with_lang(query: str, lang: str | None) -> str:
    """A page's query string with its language (``lang=``) added, if any."""
    return "&".join(part for part in (query, f"lang={lang}" if lang else "") if part)


def in_kernel() -> bool:
    """True in a Jupyter kernel (Voilà, JupyterLab): widgets have a page that draws them."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None

__all__ = ["LinkError", "OWNER_ITEM", "POLL_MS", "PageBridge", "in_kernel", "parse_lang", "parse_query", "with_lang"]
