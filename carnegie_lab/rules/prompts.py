"""What is being decided now, as data (:class:`Decision`) and in words."""
from __future__ import annotations

from dataclasses import dataclass

from ..core.i18n import translator
from ..core.state import DecisionKind, State
from .loop import decision_kind
from .timeline import TYPE_NAMES, event_words, income_region

K = DecisionKind


@dataclass(frozen=True, slots=True)
class DecisionContext:
    """The numbers a decision is about (each field is set where it applies, else None)."""
    moves: int | None = None                  # setup and turn: employee moves left
    study: int | None = None                  # turn: study points left
    turn_type: str | None = None              # turn: the department type in use
    hr_moves: int | None = None               # turn: what Human Resources grants
    income: str | None = None                 # event: the Take Income region
    donation: bool | None = None              # event: a donation may be made
    count: int | None = None                  # arrival, relocate: employees still to place or move
    cell: str | None = None                   # property: the department just built


@dataclass(frozen=True)
class Decision:
    """What is being decided now: its kind, the deciding seat (None once the game is over), what
    it is in words (without the player's name) and its numbers."""
    kind: DecisionKind
    player: int | None
    text: str
    context: DecisionContext
    name: str | None = None                   # the deciding player's name
    others: str = ""                          # the text for the others: "to place their starting …"

    @property
    def prompt(self) -> str:
        """The text with the deciding player's name in front."""
        return _named(self.name, self.text) if self.name else self.text

    @property
    def waiting(self) -> str:
        """What the others read while this player decides: "Bo to place their starting Housing project"."""
        return f"{self.name} {self.others}" if self.name else self.text


@dataclass(frozen=True, slots=True)
class Prompt:
    """A seat's decision as a description: its kind, the round and the flow's numbers as they were (those
    that apply to its kind, :data:`FIELDS`, make its :attr:`context`), put in words only when read
    (:meth:`texts`, in one language). What the game's moves keep of the decision each action answered."""
    kind: DecisionKind
    round: int
    moves: int
    study: int
    turn_type: str | None
    hr_moves: int
    income: str | None
    donation: bool
    count: int | None                         # an interrupt's employees still to place or move
    cell: str | None                          # an interrupt's department just built
    region: str | None                        # an event's income region, by name

    @property
    def context(self) -> DecisionContext:
        return DecisionContext(**{name: getattr(self, name) for name in FIELDS.get(self.kind, ())})

    def texts(self, lang: str | None = None) -> tuple[str, str]:
        """The decision in words for the decider ("place your starting Housing project: …") and in the
        third person for the players who wait ("to place their starting Housing project")."""
        return _texts(self, lang)

    def text(self, lang: str | None = None) -> str:
        """The decision in words for the decider."""
        return _texts(self, lang)[0]


def prompt_of(state: State, kind: DecisionKind) -> Prompt:
    """The decision of this kind being taken now (or the end of the game), as a description."""
    f = state.flow
    top = f.stack[-1] if f.stack else None            # an interrupt's numbers: its count or its cell
    return Prompt(kind, f.round, f.moves, f.study, f.turn_type, f.hr_moves, f.income, f.donation,
                  getattr(top, "count", None), getattr(top, "cell", None), income_region(state))


def prompt_words(lang: str | None, prompt: Prompt, name: str | None) -> str:
    """The decision with the deciding player's name in front (:attr:`Decision.prompt`), in a language."""
    text = prompt.text(lang)
    return _named(name, text) if name else text


def _named(name: str, text: str) -> str:
    return f"{name}: {text}"


#: the context's fields that apply, by kind of decision (or of interrupt)
FIELDS = {K.TURN: ("moves", "study", "turn_type", "hr_moves"), K.SETUP: ("moves",),
          K.EVENT: ("income", "donation", "study"), K.ARRIVAL: ("count",), K.RELOCATE: ("count",),
          K.PROPERTY: ("cell",)}


def _turn_text(c: DecisionContext, lang: str | None, others: bool = False) -> str:
    """A department turn: what there is to use, and what is left of it (only what is left); ``others``:
    in the third person, for the players who wait."""
    tr = translator(lang)
    _ = tr.gettext
    name = _(TYPE_NAMES.get(c.turn_type or "", c.turn_type or ""))
    left = [x for x in (tr.ngettext("{n} employee move", "{n} employee moves", c.moves).format(n=c.moves)
                        if c.moves else "",
                        tr.ngettext("{n} study point", "{n} study points", c.study).format(n=c.study)
                        if c.study else "") if x]
    if not left:
        text = _("to use their {name} departments one at a time, then end their turn") if others else \
            _("use your {name} departments one at a time, then end your turn")
        return text.format(name=name)
    text = _("to use their {name} departments one at a time ({left} left), then end their turn") if others else \
        _("use your {name} departments one at a time ({left} left), then end your turn")
    return text.format(name=name, left=_(" and ").join(left))


def _texts(prompt: Prompt, lang: str | None) -> tuple[str, str]:
    """The decision in words for the decider and for the players who wait (:meth:`Prompt.texts`)."""
    kind, c = prompt.kind, prompt.context
    tr = translator(lang)
    _ = tr.gettext
    if kind == K.OVER:
        return _("The game is over"), _("The game is over")
    if kind == K.HOUSE:
        return (_("place your starting Housing project: choose a medium or major city with a free Housing site"),
                _("to place their starting Housing project"))
    if kind == K.RESERVE:
        return (_("choose a Department tile for your private reserve: it will be the first department you build"),
                _("to choose a Department tile for their private reserve"))
    if kind == K.SETUP:
        moves = tr.ngettext("{n} move", "{n} moves", c.moves or 0).format(n=c.moves or 0)
        return (_("setup: move your employees to other departments, one step at a time ({moves} left), "
                  "then finish").format(moves=moves),
                _("to move their employees in the setup ({moves} left)").format(moves=moves))
    if kind == K.CHOOSE:
        return (_("round {round}: choose a timeline row; its department type is what everybody uses this round, "
                  "and its next space is the round's event").format(round=prompt.round),
                _("to choose round {round}'s timeline row").format(round=prompt.round))
    if kind == K.EVENT:
        event = event_words(lang, prompt.region, bool(c.donation))
        return (_("{event}: take part, or skip it").format(event=event),
                _("to take part in the event ({event}), or skip it").format(event=event))
    if kind == K.TURN:
        return _turn_text(c, lang), _turn_text(c, lang, others=True)
    if kind == K.ARRIVAL:
        arriving = tr.ngettext("{n} new employee", "{n} new employees", c.count or 0).format(n=c.count or 0)
        return ((_("1 new employee arriving: choose its lobby") if c.count == 1 else
                 _("{n} new employees arriving: choose a lobby for each, one at a time").format(n=c.count or 0)),
                _("to choose the lobby of {employees}").format(employees=arriving))
    if kind == K.PROPERTY:
        return (_("Property Management: move one of your employees into the new department, or move nobody"),
                _("to move one of their employees into the new department (Property Management)"))
    if kind == K.RELOCATE:
        employees = tr.ngettext("{n} employee", "{n} employees", c.count or 0).format(n=c.count or 0)
        return (_("HR Administration: move up to {employees} to any department, then finish").format(
                    employees=employees),
                _("to move up to {employees} to any department (HR Administration)").format(employees=employees))
    return (_("activate lying employees: stand each one up on a free workstation (paying its price), then finish"),
            _("to stand up their lying employees on free workstations"))


def decision(state: State, lang: str | None = None) -> Decision:
    """The decision being taken, its texts in a language (``lang``: None for English)."""
    kind = decision_kind(state)
    if kind == K.OVER:
        return Decision(kind, None, prompt_of(state, kind).text(lang), DecisionContext())
    pi = state.flow.player
    assert pi is not None
    prompt = prompt_of(state, kind)
    text, others = prompt.texts(lang)
    return Decision(kind, pi, text, prompt.context, state.players[pi].name, others)
