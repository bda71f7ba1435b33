"""tools/fresh_env.py's ``free_port``: the port a server is about to listen on, different for two servers of one
process and for two test sessions at once (two checkouts' first xdist workers), in the worker's block."""
from __future__ import annotations

import os
import socket

import fresh_env


def test_two_servers_about_to_start_and_two_sessions_at_once_get_different_ports(monkeypatch):
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw0")
    ports = []
    for pid in (4321, 5678):                     # two sessions (processes) at once, neither server started yet
        monkeypatch.setattr(fresh_env, "_given", None)
        monkeypatch.setattr(os, "getpid", lambda pid=pid: pid)
        ports += [fresh_env.free_port(), fresh_env.free_port()]     # two servers of each, about to start
    assert len(set(ports)) == 4 and all(port in range(20_000, 21_000) for port in ports)
    for port in ports:                           # and nothing listens on them
        with socket.socket() as s:
            s.bind(("127.0.0.1", port))
