"""Where the test suite's time goes: its workers, its units of work and its slowest tests.

    PYTEST_TIMELINE=/tmp/tl make test          # tests/conftest.py writes /tmp/tl.gw0, /tmp/tl.gw1, ...
    python tests/suite_timeline.py /tmp/tl [--top 20]

A script, not a test. From the timeline each test wrote (its worker, wall-clock start and end, the CPU time of
its own process: not the browser's, the server's or a kernel's; with ``PYTEST_TIMELINE_CGROUP`` also theirs), it
prints:

- the run's span, and for each worker how long it was busy and how long it waited at the end for the others
  (a long wait: a long unit of work came last);
- the units of work (a test file, or a case that ``tests/conftest.py``'s ``SPREAD`` makes a unit of its own),
  longest first, with the worker each ran on and when it started;
- the slowest tests (wall clock: setup, call and teardown together);
- with ``PYTEST_TIMELINE_CGROUP=/sys/fs/cgroup/cpuacct`` (root, cgroup v1), the units and tests that took the most
  CPU time, their browsers', servers' and kernels' included.

With ``--write tests/durations.json`` it keeps each unit's seconds there: ``make test`` starts the longest units
first (tests/conftest.py). Write it again from a run at idle when units change much.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path


def read(prefix: Path) -> list[dict]:
    lines = []
    for path in sorted(prefix.parent.glob(prefix.name + ".*")):
        lines += [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    if not lines:
        sys.exit(f"no timeline files {prefix}.*: run the suite with PYTEST_TIMELINE={prefix}")
    return lines


def units(tests: list[dict]) -> dict[str, list[dict]]:
    """The tests by unit of work, as ``make test`` schedules them (tests/conftest.py's ``unit_of``)."""
    from conftest import unit_of  # noqa: PLC0415 -- the tests' own rule, read where it is kept

    grouped: dict[str, list[dict]] = defaultdict(list)
    for t in tests:
        grouped[unit_of(t["test"])].append(t)
    return grouped


def seconds(tests: list[dict]) -> float:
    return sum(t["end"] - t["start"] for t in tests)


def tree_cpu(tests: list[dict]) -> float:
    return sum(t.get("tree_cpu", 0.0) for t in tests)


def report(tests: list[dict], top: int) -> None:
    begin, end = min(t["start"] for t in tests), max(t["end"] for t in tests)
    print(f"{len(tests)} tests, span {end - begin:.0f} s (first start to last end)\n")
    print("worker  busy s  tests  idle at the end s")
    for worker in sorted({t["worker"] for t in tests}):
        mine = [t for t in tests if t["worker"] == worker]
        busy = sum(t["end"] - t["start"] for t in mine)
        print(f"{worker:6}  {busy:6.0f}  {len(mine):5}  {end - max(t['end'] for t in mine):6.0f}")
    grouped = units(tests)
    print(f"\nunits of work, longest first ({len(grouped)} in all; started: seconds after the first test)")
    for name, mine in sorted(grouped.items(), key=lambda item: -seconds(item[1]))[:top]:
        started = min(t["start"] for t in mine) - begin
        print(f"{seconds(mine):7.1f} s  {mine[0]['worker']:4}  started {started:5.0f}  {name}")
    print(f"\nslowest {top} tests (wall s, own process CPU s)")
    for t in sorted(tests, key=lambda t: t["start"] - t["end"])[:top]:
        print(f"{t['end'] - t['start']:7.1f}  {t['cpu']:6.1f}  {t['test']}")
    if any(t.get("tree_cpu") for t in tests):
        print(f"\nCPU of the workers and every process they started (PYTEST_TIMELINE_CGROUP): "
              f"{tree_cpu(tests):.0f} s in all; the units that took most")
        for name, mine in sorted(grouped.items(), key=lambda item: -tree_cpu(item[1]))[:top]:
            print(f"{tree_cpu(mine):7.1f} s  {name}")
        print(f"\nthe {top} tests that took most (CPU s, wall s)")
        for t in sorted(tests, key=lambda t: -t["tree_cpu"])[:top]:
            print(f"{t['tree_cpu']:7.1f}  {t['end'] - t['start']:6.1f}  {t['test']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("prefix", type=Path, help="the PYTEST_TIMELINE file the suite ran with")
    parser.add_argument("--top", type=int, default=20, help="how many units and tests to list")
    parser.add_argument("--write", type=Path, metavar="JSON", help="keep each unit's seconds in this file")
    args = parser.parse_args()
    tests = read(args.prefix)
    report(tests, args.top)
    if args.write:
        rows = sorted(units(tests).items(), key=lambda item: -seconds(item[1]))
        args.write.write_text(json.dumps({name: round(seconds(mine), 1) for name, mine in rows}, indent=0) + "\n")
        print(f"\nwrote {len(rows)} units' seconds to {args.write}")


if __name__ == "__main__":
    main()
