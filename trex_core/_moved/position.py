"""``trex_core.position``, the old path of ``trex_core.records.position``: importing it gives
that module itself."""
import sys

if __name__ == "__main__":  # python -m trex_core.position
    import runpy

    runpy.run_module("trex_core.records.position", run_name="__main__", alter_sys=True)
else:
    from trex_core.records import position

    sys.modules[__name__] = position
