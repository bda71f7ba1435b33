"""The tutorials: the widgets the notebooks show (``stepper.py``: :class:`~.stepper.Stepper` plays a
``script.py`` of :class:`~.script.Step` and rings what each step changed; ``exercise.py``:
:class:`~.exercise.Exercise`; ``tutorial_html.py`` and ``changes.py``: their HTML and words; the app extra),
and what the notebooks share with their tests with the core install alone: their positions
(:mod:`.positions`, :mod:`.endgame`) and the check of the numbers their texts state (:class:`Numbers`, with
:func:`gain` and :func:`loss`), on the engine's public API only."""
from .numbers import Numbers, failure, gain, loss

__all__ = ["Numbers", "failure", "gain", "loss"]
