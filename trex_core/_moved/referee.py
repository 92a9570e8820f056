"""``trex_core.referee``, the old path of ``trex_core.tools.referee``: importing it gives
that module itself."""
import sys

if __name__ == "__main__":  # python -m trex_core.referee
    import runpy

    runpy.run_module("trex_core.tools.referee", run_name="__main__", alter_sys=True)
else:
    from trex_core.tools import referee

    sys.modules[__name__] = referee
