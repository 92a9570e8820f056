"""``trex_core.render``, the old path of ``trex_core.tools.render``: importing it gives
that module itself."""
import sys

if __name__ == "__main__":  # python -m trex_core.render
    import runpy

    runpy.run_module("trex_core.tools.render", run_name="__main__", alter_sys=True)
else:
    from trex_core.tools import render

    sys.modules[__name__] = render
