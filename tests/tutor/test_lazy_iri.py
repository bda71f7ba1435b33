"""jsonschema's "iri" format checker imported at its first use (carnegie_lab/ui/lazy_iri.py), in a fresh process:
the tutorials' stepper and the app's server import jsonschema without building rfc3987_syntax's grammars, and a
check of an "iri" format answers as it did."""
from __future__ import annotations

import json
import subprocess
import sys

PROBE = """
import json, sys
{prepare}
import jsonschema
imported = "rfc3987_syntax" in sys.modules and hasattr(sys.modules["rfc3987_syntax"], "__path__")
checker = jsonschema.Draft202012Validator.FORMAT_CHECKER
answers = [checker.conforms(text, "iri") for text in ("https://example.org/a", "not an iri", "http://[bad")]
print(json.dumps({{"grammars_at_import": imported, "answers": answers, "lark_after": "lark" in sys.modules}}))
"""


def probe(prepare: str) -> dict:
    out = subprocess.run([sys.executable, "-c", PROBE.format(prepare=prepare)], capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout)


def test_jsonschema_imports_without_the_grammars_and_checks_iris_as_before():
    plain = probe("")
    deferred = probe("from carnegie_lab.ui.lazy_iri import defer_iri_grammars; defer_iri_grammars()")
    assert plain["grammars_at_import"] and not deferred["grammars_at_import"]
    assert deferred["answers"] == plain["answers"] == [True, False, False]
    assert deferred["lark_after"]                   # the first check imported the real module


def test_the_stepper_and_the_server_defer_them():
    for module in ("carnegie_lab.tutor.stepper", "carnegie_lab.server"):
        found = probe(f"import {module}")
        assert not found["grammars_at_import"], module
