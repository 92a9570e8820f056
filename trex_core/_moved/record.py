"""``trex_core.record``, the old path of ``trex_core.records.record``: importing it gives
that module itself."""
import sys

if __name__ == "__main__":  # python -m trex_core.record
    import runpy

    runpy.run_module("trex_core.records.record", run_name="__main__", alter_sys=True)
else:
    from trex_core.records import record

    sys.modules[__name__] = record
