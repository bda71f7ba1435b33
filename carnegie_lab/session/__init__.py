"""A game session for any front end, with no widget import (the core install is enough): seats and roles,
bots, undo, restart, the store and seat links (``controller``), what a browser may do (``access``), the legal
choices grouped for a player with their words and board targets (``controls``, ``labels``, ``targets``), and
the moves for display and replay (``history``, ``replay``)."""
