"""An accessibility audit of a page with axe-core (``axe-playwright-python`` bundles axe.min.js: nothing is
fetched), shared by the app's audit (tests/app/test_accessibility_browser.py) and the tutorials' pages in Voilà
(tests/notebooks/test_voila_tutorials.py)."""
from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe

#: The impacts the audit refuses (axe's "moderate" and "minor" are reported by the failure message only).
REFUSED = ("critical", "serious")

AXE = Axe()


def violations(page) -> list[str]:
    """axe-core's critical and serious violations on the page as shown now: one line per element (none of axe's
    rules is excluded)."""
    found = AXE.run(page).response["violations"]
    return [f"{v['id']} ({v['impact']}): {node['target']} {node['html'][:160]!r}: "
            + "; ".join(c["message"] for c in node["any"] + node["all"] + node["none"])
            for v in found if v["impact"] in REFUSED for node in v["nodes"]]
