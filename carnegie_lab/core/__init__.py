"""The lowest layer: errors, the component data (``components``, read and checked by ``loader`` from
``carnegie_lab/data``), the typed game state, actions and their notation, and records (JSON v1)."""
