"""The Save / load tab (a game's record downloaded, one loaded as a new game) and the Friends tab (the seat
links, each with a Copy button)."""
from __future__ import annotations

import base64
import html
from typing import Callable

import ipywidgets as W

from ..core.i18n import translator
from ..session import LOCAL, SEAT, WATCH, Controller
from ..session.screen import shown
from ..views.style import shortened
from .panels import chip


class RecordPanel:
    """Download the game record (a data: link) and load one (FileUpload)."""

    def __init__(self, on_load: Callable[[bytes, str], None], lang: str | None = None):
        self.on_load, self.lang = on_load, lang
        _ = translator(lang).gettext
        self.link = W.HTML()
        self.link.add_class("cl-save")
        # ipywidgets writes the number of files held after the description ("Load a game (0)"):
        # the label is the stylesheet's (.cl-load::after), the count is not shown
        self.upload = W.FileUpload(accept=".json,application/json", multiple=False, description="",
                                   tooltip=_("load a game record (.json)"), icon="upload",
                                   layout=W.Layout(width="auto"))
        self.upload.add_class("cl-load")
        self.upload.observe(self._uploaded, names="value")
        self.message = W.HTML()
        self.message.add_class("cl-load-message")
        self.box = W.VBox([
            W.HTML("<div class='cl-group-title'>" + _("Save") + "</div><div class='cl-note'>" + _(
                "The record holds the options, the seed and every action: loading it replays the game exactly.")
                + "</div>"),
            self.link,
            W.HTML("<div class='cl-group-title'>" + _("Load") + "</div><div class='cl-note'>" + _(
                "A record saved here (or by <code>game.to_record()</code>). A broken file is reported and the "
                "current game is kept.") + "</div>"),
            self.upload, self.message])
        self.box.add_class("cl-records")

    def update(self, controller: Controller) -> None:
        data = base64.b64encode(controller.save_json().encode("utf-8")).decode("ascii")
        n, tr = len(controller.game.actions), translator(self.lang)
        about = tr.ngettext("({n} action, {headline})", "({n} actions, {headline})", n).format(
            n=n, headline=html.escape(shown(controller.headline(), self.lang)))
        self.link.value = (f"<a class='cl-download' download='carnegie-game.json' "
                           f"href='data:application/json;base64,{data}'><i class='fa fa-download'></i> "
                           + tr.gettext("Download the game record") + f"</a> <span class='cl-note'>{about}</span>")

    def _uploaded(self, change) -> None:
        files = change["new"]
        if not files:
            return
        f = files[0]
        content = bytes(f["content"]) if not isinstance(f, bytes) else f
        name = f.get("name", "file") if isinstance(f, dict) else "file"
        try:
            self.on_load(content, name)
        finally:
            self.upload.value = ()


class FriendsPanel:
    """Seat links: one private link per human seat (``?game=ID&seat=TOKEN``) and a spectator link
    (``?game=ID``), as text to copy and send; Make seat links (and new ones for the others)."""

    def __init__(self, on_make: Callable[[], None], lang: str | None = None):
        self.on_make, self.lang = on_make, lang
        _ = translator(lang).gettext
        self.intro = W.HTML()
        self.intro.add_class("cl-friends-intro")
        self.make = W.Button(description=_("Make seat links"), icon="link", button_style="primary",
                             layout=W.Layout(width="auto"))
        self.make.add_class("cl-make-links")
        self.make.on_click(lambda _b: self.on_make())
        self.links = W.HTML()
        self.links.add_class("cl-links")
        self.message = W.HTML()
        self.message.add_class("cl-links-message")
        self.box = W.VBox([W.HTML("<div class='cl-group-title'>" + _("Play with friends") + "</div>"), self.intro,
                           self.links, W.HBox([self.make]), self.message])
        self.box.add_class("cl-friends")

    def update(self, ctl: Controller, link: Callable[[str], str]) -> None:
        """Show what this browser can do: ``link(query)`` is the page's address with that query."""
        make, _ = True, translator(self.lang).gettext
        links = ""
        humans = ctl.humans
        if ctl.store is None:
            intro = _("Games are not kept here (no game store), so they cannot be shared. "
                      "<code>carnegie-lab app</code> keeps them.")
            make = False
        elif ctl.role == WATCH and not ctl.owner:
            intro = _("You are watching this game: this browser cannot play. Each player plays from the "
                      "private link to their seat.")
            make = False
        elif len(humans) < 2:
            intro = _("Seat links are for games with two or more human seats: start one in the New game "
                      "tab (set Seat 2 to Human), then come back here.")
            make = False
        elif ctl.role == LOCAL:
            first = ctl.seats[humans[0]].name
            intro = _("Each friend plays from their own browser, with a private link to their seat; "
                      "this browser then plays <b>{player}</b>. A spectator link lets anyone "
                      "watch. Links work for whoever can reach this server (see the README: Play with "
                      "friends).").format(player=html.escape(first))
            self.make.description = _("Make seat links")
            self.make.tooltip = _("one private link per human seat, and a spectator link")
        elif ctl.role == WATCH:
            intro = _("This browser started the game but opened it without its seat link: new links for every "
                      "seat give it <b>{player}</b> again.").format(player=html.escape(ctl.seats[humans[0]].name))
            self.make.description = _("New links for every seat")
            self.make.tooltip = _("every seat's current link stops working")
        else:
            assert ctl.role == SEAT and ctl.my_seat is not None
            intro = _("This browser plays <b>{player}</b>. Send each link to its player (privately: whoever has a "
                      "seat link plays that seat).").format(player=html.escape(ctl.seats[ctl.my_seat].name))
            if ctl.owner:
                self.make.description = _("New links for the other seats")
                self.make.tooltip = _("the other seats' current links stop working")
            else:
                self.make.description = _("A new link for your seat")
                self.make.tooltip = _("your current link stops working (if it was seen by someone else)")
        if ctl.kept and ctl.role != LOCAL:
            gid = ctl.game_id
            rows = []
            for seat in humans:
                whole = ctl.seats[seat].name
                name = f"<span title='{html.escape(whole)}'>{html.escape(shortened(whole))}</span>"
                token = ctl.token if seat == ctl.my_seat else ctl.issued.get(seat)
                if ctl.role == WATCH:
                    continue
                if token is None:
                    rows.append(f"<div class='cl-link-row'>{chip(seat)}<b>{name}</b> <span class='cl-note'>"
                                + _("(link made earlier; make new links if it was lost)") + "</span></div>")
                    continue
                mine = " <span class='cl-note'>" + _("(this browser)") + "</span>" if seat == ctl.my_seat else ""
                rows.append(f"<div class='cl-link-row'>{chip(seat)}<b>{name}</b>{mine}<br>"
                            + _link_box(link(f'game={gid}&seat={token}'), f'cl-link-seat-{seat}', whole, self.lang)
                            + "</div>")
            spectators = _("Spectators")
            rows.append(f"<div class='cl-link-row'><b>{spectators}</b> <span class='cl-note'>"
                        + _("(watch only)") + "</span><br>"
                        f"{_link_box(link(f'game={gid}'), 'cl-link-watch', spectators, self.lang)}</div>")
            links = f"<div class='cl-links-list'>{''.join(rows)}</div>"
        self.intro.value = f"<div class='cl-note'>{intro}</div>"
        self.links.value = links
        self.make.layout.display = "" if make else "none"


#: The Copy button's click, in the page: the link on the clipboard (the clipboard API where the page is a secure
#: context, else the selected text copied), then "Copied" (``{copied}``, in the page's language) on the button.
COPY_JS = ("const i=this.parentNode.querySelector('input.cl-link'),b=this,ok=()=>{b.textContent='{copied}'};i.select();"
           "if(navigator.clipboard&&window.isSecureContext){navigator.clipboard.writeText(i.value).then(ok,"
           "()=>{if(document.execCommand('copy'))ok();});}else if(document.execCommand('copy')){ok();}")


def _link_box(url: str, cls: str, whose: str, lang: str | None = None) -> str:
    """A link as text to copy (a read-only input, named for screen readers by ``whose`` link it is) and its Copy
    button."""
    _ = translator(lang).gettext
    u = html.escape(url, quote=True)
    js = COPY_JS.replace("{copied}", _("Copied").replace("'", "’"))
    hover, copy_hover = (html.escape(_("the link: Copy puts it on the clipboard"), quote=True),
                         html.escape(_("copy this link"), quote=True))
    name = html.escape(_("{whose}: the link").format(whose=whose), quote=True)
    return (f"<span class='cl-link-box'><input class='cl-link {cls}' type='text' readonly value=\"{u}\" "
            f"title='{hover}' aria-label='{name}'><button type='button' class='cl-copy {cls}-copy' "
            f"title='{copy_hover}' "
            f"onclick=\"{html.escape(js)}\">" + html.escape(_("Copy")) + "</button></span>")


__all__ = ["COPY_JS", "FriendsPanel", "RecordPanel"]
