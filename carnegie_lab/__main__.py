"""``python -m carnegie_lab`` runs the ``carnegie-lab`` command."""
import sys

from carnegie_lab.cli import main

if __name__ == "__main__":
    sys.exit(main())
