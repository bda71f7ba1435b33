"""The research tools' shared parts (their scripts beside them: ``python research/oracle.py``...): the paired
games the strength benchmark logs (``games``) and the result logs (``gamelog``). Not part of the package:
importable in the development install (``make install``: the editable install puts the checkout on sys.path),
by the research scripts, the benchmarks and the tests alike."""
