"""Timings the tests measure, printed at the end of the run even when pytest-xdist runs the tests in workers.

A worker hands its timings to the controller in ``config.workeroutput`` (xdist's channel for a worker's
results) when its session ends; the controller adds them to its own before the terminal summary.
"""
from __future__ import annotations


def send(config, key: str, timings: dict[str, float]) -> None:
    """In an xdist worker: pass ``timings`` on to the controller under ``key``."""
    output = getattr(config, "workeroutput", None)
    if output is not None:
        output[key] = dict(timings)


def receive(node, key: str, timings: dict[str, float]) -> None:
    """In the controller: add what a finished worker sent under ``key``."""
    timings.update(getattr(node, "workeroutput", {}).get(key, {}))
