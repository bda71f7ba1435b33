"""What the tutorial notebooks share with the tests: their positions (:mod:`.positions`) and the check of the
numbers their texts state (:class:`Numbers`, with :func:`gain` and :func:`loss`). Only the engine's public API
is used here."""
from .numbers import Numbers, failure, gain, loss

__all__ = ["Numbers", "failure", "gain", "loss"]
