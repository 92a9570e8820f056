"""``trex_core.arena``, the old path of ``trex_core.tools.arena``: importing it gives
that module itself."""
import sys

if __name__ == "__main__":  # python -m trex_core.arena
    import runpy

    runpy.run_module("trex_core.tools.arena", run_name="__main__", alter_sys=True)
else:
    from trex_core.tools import arena

    sys.modules[__name__] = arena
