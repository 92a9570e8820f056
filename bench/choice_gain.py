"""Does the king's-choice model need a refit for the hard bot?  (docs/BOTS.md)

The king's choice only decides which of his hands goes with which contract: every king plays
each contract of his kingdom once.  If a hard king gained over a medium one the same points
in a contract whatever his hand, his kingdom total under any way of choosing would be the
medium king's plus the same constant, and the best way of choosing would not change.  So
the question is whether hard's gain depends on the hand, and the model's own features are
where to look.

For each hand (seeds ``tune-choice:20000`` on: the tuning family, never the arena's, and
past the 20,000 the shipped model was fitted on, so that it too is scored out of sample),
the hand is dealt to the king in seat 0 in each of the five contracts and played twice: the
king a hard bot, then a medium one, the other three medium, the same seeded bots otherwise,
without the §5 redeal (a redeal would replace the hand; ``fit_choice`` plays without it
too).  The gain is the difference of the king's scores.  Per contract the benchmark prints the mean gain with
its 95% interval and how much of the gain's spread a ridge fit on the hand's features
(``choice.hand_features``, the same as the model's, fitted on one half of the hands)
explains on the other half (held-out R²), and the same for the medium model's expected score
alone.  Then it scores ways of choosing on those hands: five held-out hands make a kingdom,
the king names the open contract of greatest ``expected − FAIR_SHARE`` (as
``choice.choose_contract``) by the shipped model, the shipped model plus hard's mean gain over
medium in each contract, plus a linear recalibration on hard's scores, a model refitted on hard's scores, or in
random order, and each kingdom's total is what the hard king really made with each hand in
the contract it went to.  With ``--out`` the rows are also kept in a JSON-lines file: a run
skips the hands already there for the same ``--test`` and reports on all of them.

    python bench/choice_gain.py --hands 4000 --test hard:samples=20 -j 2 --out choice_gain.jsonl
    python bench/choice_gain.py --hands 4000 --test medium -j 2    # does today's medium need a refit?

"Medium" above is ``medium-1``, the medium the shipped model was fitted with (frozen, issue
29 §1); ``--test medium`` asks whether the medium a player meets needs the model refitted.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from trex_core import Match  # noqa: E402
from trex_core.bots import get_bot  # noqa: E402
from trex_core.bots.choice import expected_score, hand_features  # noqa: E402
from trex_core.bots.fit_choice import fit  # noqa: E402
from trex_core.randomplay import random_hands  # noqa: E402
from trex_core.rules import Contract, Rules  # noqa: E402
from trex_core.scoring import FAIR_SHARE  # noqa: E402
from trex_core.tools.arena import play_deal  # noqa: E402

CONTRACTS = (Contract.KING_OF_HEARTS, Contract.QUEENS, Contract.DIAMONDS, Contract.COLLECTIONS, Contract.TREX)
TEST = "hard:samples=20"
YARDSTICK = "medium-1"  # the medium the model was fitted with, frozen
FIRST_HAND = 20_000  # choice_model.py was fitted on tune-choice:0 … 19999
RULES = Rules().replace(redeal=False)


def hand_row(i: int) -> dict:
    """The king's score with hard and with medium play, per contract, for tuning hand ``i``."""
    test, medium = get_bot(TEST), get_bot(YARDSTICK)
    hands = random_hands(random.Random(f"tune-choice:{FIRST_HAND + i}"))
    row: dict = {"i": i, "test": TEST}
    for contract in CONTRACTS:
        scores = []
        for king in (test, medium):
            rngs = [random.Random(f"choice-gain:{i}:{contract.value}:{s}") for s in range(4)]
            m = Match.deal(tuple(hands), 0, contract, RULES)
            play_deal(m, [king, medium, medium, medium], rngs, None, [])
            result = m.results[-1]
            assert result.contract is contract
            scores.append(result.scores[0])
        row[contract.value] = scores
    return row


def _init(test: str) -> None:
    global TEST
    TEST = test


def held_out_r2(xs: list[list[float]], ys: list[float], lam: float) -> float:
    """Fit on the first half, R² on the second."""
    half = len(ys) // 2
    w = fit([(x, [y]) for x, y in zip(xs[:half], ys[:half], strict=True)], lam)[0]
    rest = ys[half:]
    mean = sum(rest) / len(rest)
    pred = [sum(a * b for a, b in zip(w, x, strict=True)) for x in xs[half:]]
    sse = sum((y - p) ** 2 for y, p in zip(rest, pred, strict=True))
    sst = sum((y - mean) ** 2 for y in rest)
    return 1 - sse / sst if sst else 0.0


def report(rows: list[dict]) -> None:
    rows = sorted({r["i"]: r for r in rows if r["test"] == TEST}.values(), key=lambda r: r["i"])
    if len(rows) < 10:
        print(f"{len(rows)} hands: too few to report (at least 10)")
        return
    hands = [random_hands(random.Random(f"tune-choice:{FIRST_HAND + r['i']}"))[0] for r in rows]
    feats = [hand_features(h) for h in hands]
    print(f"{len(rows)} hands, king hard = {TEST} vs {YARDSTICK}, the other three {YARDSTICK}")
    for contract in CONTRACTS:
        gains = [float(r[contract.value][0] - r[contract.value][1]) for r in rows]
        mean = statistics.fmean(gains)
        ci = 1.96 * statistics.stdev(gains) / math.sqrt(len(gains))
        expected = [[1.0, expected_score(h, contract, f)] for h, f in zip(hands, feats, strict=True)]
        print(
            f"{contract.value:15} gain {mean:+6.2f} ± {ci:4.2f} (sd {statistics.stdev(gains):5.1f})"
            f"  held-out R² features {held_out_r2(feats, gains, 50.0):+.3f}"
            f"  medium model's score {held_out_r2(expected, gains, 0.0):+.3f}"
        )
    totals = choice_totals(rows, hands, feats)
    shipped = totals["medium model (shipped)"]
    print(f"the king's kingdom total, hard play, choosing by ({len(shipped)} kingdoms of 5 held-out hands):")
    for name, xs in totals.items():
        diffs = [x - y for x, y in zip(xs, shipped, strict=True)]
        sd = statistics.stdev(diffs) if any(diffs) else 0.0
        print(f"  {name:24} {statistics.fmean(xs):+7.1f}   vs shipped {statistics.fmean(diffs):+6.2f} "
              f"± {1.96 * sd / math.sqrt(len(diffs)):.2f}")
    medium = choice_totals(rows, hands, feats, medium_play=True)
    diffs = [x - y for x, y in zip(medium["medium model (shipped)"], medium["random order"], strict=True)]
    print(f"the same kingdoms with the medium king's scores: the shipped model "
          f"{statistics.fmean(medium['medium model (shipped)']):+.1f}, random order "
          f"{statistics.fmean(medium['random order']):+.1f}, the model's worth {statistics.fmean(diffs):+.2f} "
          f"± {1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)):.2f}")


def _calibrated(xs: list[float], ys: list[float]) -> tuple[float, float]:
    """Least squares ``y ≈ a + b·x``."""
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx if sxx else 0.0
    return my - b * mx, b


def choice_totals(
    rows: list[dict], hands: list[int], feats: list[list[float]], medium_play: bool = False
) -> dict[str, list[float]]:
    """The king's kingdom total (hard play, the scores measured; the medium king's with
    ``medium_play``) when he chooses greedily by each model, fitted on one half of the hands
    and choosing on the other (both ways round).  Five consecutive hands make a kingdom; each
    hand was played in every contract, so any way of choosing is scored on what that hand
    really made there."""
    play, other = (1, 0) if medium_play else (0, 1)
    n = len(rows) // 10 * 10
    halves = (range(0, n // 2), range(n // 2, n))
    out: dict[str, list[float]] = {"medium model (shipped)": [], "+ hard's gain": [], "+ calibration": [],
                                   "refit on hard play": [], "random order": []}
    base = {c: [expected_score(hands[i], c, feats[i]) for i in range(n)] for c in CONTRACTS}
    hard = {c: [float(rows[i][c.value][play]) for i in range(n)] for c in CONTRACTS}
    medium = {c: [float(rows[i][c.value][other]) for i in range(n)] for c in CONTRACTS}
    for fit_on, test_on in (halves, halves[::-1]):
        models: dict[str, dict[Contract, list[float]]] = {"medium model (shipped)": base}
        offs, cal, refit = {}, {}, {}
        for c in CONTRACTS:
            xs = [base[c][i] for i in fit_on]
            ys = [hard[c][i] for i in fit_on]
            gain = statistics.fmean(hard[c][i] - medium[c][i] for i in fit_on)
            offs[c] = [v + gain for v in base[c]]
            a, b = _calibrated(xs, ys)
            cal[c] = [a + b * v for v in base[c]]
            w = fit([(feats[i], [hard[c][i]]) for i in fit_on], 50.0)[0]
            refit[c] = [sum(p * q for p, q in zip(w, feats[i], strict=True)) for i in range(n)]
        models.update({"+ hard's gain": offs, "+ calibration": cal, "refit on hard play": refit})
        rng = random.Random("choice-gain-order")
        tests = list(test_on)
        for k in range(0, len(tests) - 4, 5):
            kingdom = tests[k:k + 5]
            for name, model in models.items():
                open_ = list(CONTRACTS)
                total = 0.0
                for i in kingdom:
                    best = max(open_, key=lambda c: model[c][i] - FAIR_SHARE[c])
                    open_.remove(best)
                    total += hard[best][i] - FAIR_SHARE[best]
                out[name].append(total)
            order = list(CONTRACTS)
            rng.shuffle(order)
            out["random order"].append(sum(hard[c][i] - FAIR_SHARE[c] for c, i in zip(order, kingdom, strict=True)))
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--hands", type=int, default=400)
    p.add_argument("--start", type=int, default=0)
    p.add_argument("--test", default=TEST, help="the king's bot measured against medium")
    p.add_argument("-j", type=int, default=1, help="processes")
    p.add_argument("--out", help="keep each hand's row in this JSON-lines file (a rerun skips them) "
                   "and report on all of it")
    a = p.parse_args(argv)
    _init(a.test)
    rows: list[dict] = []
    if a.out and Path(a.out).exists():
        with open(a.out) as f:
            rows = [json.loads(line) for line in f]
    done = {r["i"] for r in rows if r["test"] == a.test}
    todo = [i for i in range(a.start, a.start + a.hands) if i not in done]
    with get_context("fork").Pool(a.j, initializer=_init, initargs=(a.test,)) as pool:
        for row in pool.imap_unordered(hand_row, todo, chunksize=4):
            rows.append(row)
            if a.out:
                with open(a.out, "a") as out:  # each row as it arrives: a stopped run resumes
                    out.write(json.dumps(row) + "\n")
    report(rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
