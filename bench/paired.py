"""Two arena runs on the same deals, compared kingdom by kingdom.

``python -m trex_core.tools.arena ... --out A.jsonl`` writes one line per kingdom; run it for two
bots (or two settings) on the same ``--seed`` and kingdoms, then::

    python bench/paired.py A.jsonl B.jsonl

prints each run's advantage per contract and the paired difference B - A on the kingdoms
both have (95% interval, 1.96 standard errors of the differences), and the decision times.
Runs split over ``--start`` ranges or over ``--contracts`` may be passed as several files
joined by commas (``A0.jsonl,A150.jsonl``; ``dc.jsonl,kq.jsonl``: a kingdom's contracts from
each file are joined). A run of some contracts pairs with the same contracts of a fuller
run; the kingdom is then the sum of those contracts, and the decision times, which the
files keep per kingdom and not per contract, are left out. The pairing is what makes small
differences visible: the two runs share their deals, so the luck of the cards cancels
(docs/BOTS.md, stops 22-23).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from trex_core.tools.arena import mean_ci, time_summary  # noqa: E402


def load(paths: str) -> dict[int, dict[str, Any]]:
    rows: dict[int, dict[str, Any]] = {}
    for path in paths.split(","):
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    row = json.loads(line)
                    k = int(row["k"])
                    if k in rows:  # the same kingdom's other contracts, from another file
                        rows[k] = join(rows[k], row, k)
                    else:
                        rows[k] = row
    return rows


def join(first: dict[str, Any], other: dict[str, Any], k: int) -> dict[str, Any]:
    both = set(first["by"]) & set(other["by"])
    if both:
        raise SystemExit(f"kingdom {k} has {', '.join(sorted(both))} in two of the files")
    return {**first, "by": {**first["by"], **other["by"]}, "total": first["total"] + other["total"],
            "times": first.get("times", []) + other.get("times", [])}


def line(label: str, n: int, values: dict[str, list[float]]) -> str:
    return f"{label} ({n} kingdoms): " + ", ".join(
        "{} {:+.2f} ± {:.2f}".format(name, *mean_ci(xs)) for name, xs in values.items())


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("a", help="the reference run's --out file(s), comma-separated")
    p.add_argument("b", nargs="?", help="the other run's; without it, A alone is summarised")
    o = p.parse_args(argv)
    a = load(o.a)
    b = load(o.b) if o.b else None
    ks = sorted(a if b is None else set(a) & set(b))
    if not ks:
        print("no kingdom in common")
        return 1
    runs = [("A", a)] + ([("B", b)] if b is not None else [])
    # The contracts every kingdom of both runs has: a run of some contracts (--contracts)
    # pairs with the same contracts of a full run; its "kingdom" is then their sum.
    names = [c for c in dict.fromkeys(c for k in ks for c in a[k]["by"])
             if all(c in rows[k]["by"] for _, rows in runs for k in ks)]
    if not names:
        print("no contract in common")
        return 1
    some = any(set(rows[k]["by"]) != set(names) for _, rows in runs for k in ks)
    if some:
        print(f"on the contracts every kingdom {'of both runs' if b is not None else 'of the run'} "
              f"has: {', '.join(names)} (kingdom: their sum; decision times left out, "
              "the files keep them per kingdom)")

    def get(rows: dict[int, dict[str, Any]], k: int, c: str) -> float:
        if c == "kingdom":
            return sum(float(rows[k]["by"][n]) for n in names)
        return float(rows[k]["by"][c])

    for label, rows in runs:
        print(line(f"{label} {rows[ks[0]].get('test', '')}", len(ks),
                   {c: [get(rows, k, c) for k in ks] for c in names + ["kingdom"]}))
    if b is not None:
        print(line("B - A, paired", len(ks),
                   {c: [get(b, k, c) - get(a, k, c) for k in ks] for c in names + ["kingdom"]}))
    for label, rows in runs:
        times = [t for k in ks for t in rows[k].get("times", [])]
        if times and not some:
            print(f"{label} decision time ({len(times)} decisions): {time_summary(times)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
