"""``python -m trex_core``: the command line (see :mod:`trex_core.tools.cli`)."""

from .tools.cli import main

__all__ = ["main"]

if __name__ == "__main__":
    raise SystemExit(main())
