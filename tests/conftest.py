"""Settings shared by every test.

Hypothesis profiles: ``ci`` (derandomized, so a CI run is reproducible) and ``dev`` (the default).
Choose one with the environment variable HYPOTHESIS_PROFILE; ``make test`` uses ``ci``.
"""
import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, max_examples=25, deadline=None, print_blob=True)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
