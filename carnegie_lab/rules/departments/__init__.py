"""One module per family of departments (by type); each registers its departments' rules.

Adding a department: an entry in ``data/departments.json`` and a ``DepartmentRules`` in the module of
its type (see docs/architecture.md).
"""
from . import construction, human_resources, management, research  # noqa: F401  (they register)
