"""The old paths of the modules that moved into rooms (``trex_core.record`` ->
``trex_core.records.record``, ``trex_core.arena`` -> ``trex_core.tools.arena``, ...): the
package's ``__path__`` ends with this folder, so ``import trex_core.record`` finds the module
here, which puts the moved module itself in its place.  Nothing imports them but users' code.
"""
