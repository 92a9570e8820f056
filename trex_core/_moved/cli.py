"""``trex_core.cli``, the old path of ``trex_core.tools.cli``: importing it gives
that module itself."""
import sys

if __name__ == "__main__":  # python -m trex_core.cli
    import runpy

    runpy.run_module("trex_core.tools.cli", run_name="__main__", alter_sys=True)
else:
    from trex_core.tools import cli

    sys.modules[__name__] = cli
