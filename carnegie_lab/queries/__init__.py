"""``Game``'s read-only queries, the one home of what views, widgets and notebooks ask of a game, by subject:
the play (:mod:`.play`), a seat (:mod:`.seat`), the board (:mod:`.board`) and the solo table (:mod:`.solo`).
Each answers from the live state and returns plain values, never a mutable part of the state."""
from .board import BoardQueries
from .play import PlayQueries
from .seat import SeatQueries
from .solo import AndrewView, SoloQueries

__all__ = ["AndrewView", "Queries"]


class Queries(PlayQueries, SeatQueries, BoardQueries, SoloQueries):
    """Every read-only query of a game; ``Game`` inherits them."""
