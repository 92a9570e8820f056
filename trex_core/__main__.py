"""``python -m trex_core``: the command line (see :mod:`trex_core.cli`)."""

from .cli import main

__all__ = ["main"]

if __name__ == "__main__":
    raise SystemExit(main())
