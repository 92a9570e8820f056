"""A duplicate arena for the bots: ``python -m trex_core.tools.arena`` (also ``python -m trex_core arena``).

Design (docs/BOTS.md has the measured tables):

* **Duplicate deals** (default).  A *duplicate kingdom* is one seeded deal for each contract
  of the rules (five, or Trex and Complex under §9), each with a seeded king.  Every deal is
  played four times with ``Match.deal`` — announcements included — the test bot sitting in
  seat 0, 1, 2, 3 in turn and three copies of the baseline in the other seats.  The test
  bot's advantage in a deal is its score minus the contract's fair share
  (``scoring.FAIR_SHARE``; in partnership the team's mean score per seat); a kingdom's
  advantage is the sum over its contracts, averaged over the four seatings.  Card luck
  cancels; the 95% interval is 1.96 standard errors over kingdoms.  A redeal (§5) replaces
  King of Hearts by the contract the king then names; that deal is scored against the fair
  share of the contract actually played.
* **King's choice** (``--compare-choice A B``).  Whole matches from seeded deals, every seat
  the same bot, once with every king choosing by policy A and once by policy B; each
  kingdom's king total (five deals, fair shares sum to 0) is compared between the two runs.
* **Doubling** (``--compare-doubling A B``).  King of Hearts and Queens deals (Complex under
  §9): for each seat holding a doublable card, that seat uses policy A and the others B,
  against the same deal with every seat on B; the holder's score difference is averaged per
  deal.

Evaluation seeds (``--seed``, default ``eval``) are strings disjoint from the tuning seeds
(``tune``…) used while writing the heuristics and fitting the king's-choice model.
Decision times are the test bot's (every decision with more than one legal move).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any

from ..match import Dealer, Match
from ..observation import observe
from ..rules import Contract, Rules
from ..scoring import FAIR_SHARE

SHORT = {
    Contract.KING_OF_HEARTS: "KH",
    Contract.QUEENS: "Queens",
    Contract.DIAMONDS: "Diamonds",
    Contract.COLLECTIONS: "Collect.",
    Contract.TREX: "Trex",
    Contract.COMPLEX: "Complex",
}


@dataclass
class KingdomResult:
    by_contract: dict[str, float] = field(default_factory=dict)
    total: float = 0.0
    times: list[float] = field(default_factory=list)
    extra: dict[str, float] = field(default_factory=dict)


def _rules(args: Any) -> Rules:
    return Rules.preset(args["preset"], partnership=args["partnership"], complex=args["complex"])


def _bot(spec: str) -> Any:
    from ..bots import get_bot

    return get_bot(spec)


def play_deal(
    match: Match, bots: Sequence[Any], rngs: Sequence[random.Random], timed: int | None, times: list[float]
) -> None:
    """Play a match or deal to its end; time the decisions of seat ``timed``."""
    while not match.is_over:
        seat = match.to_move
        assert seat is not None
        obs = observe(match, seat)
        if getattr(bots[seat], "sees_all", False):
            bots[seat].reveal(match.hands)  # the all-seeing measuring bot (arena only)
        if seat == timed and len(obs.legal) > 1:
            t0 = time.perf_counter()
            mv = bots[seat].choose(obs, rngs[seat])
            times.append(time.perf_counter() - t0)
        else:
            mv = bots[seat].choose(obs, rngs[seat])
        match.play(mv)


def _deal_hands(seed: str, k: int, contract: Contract) -> tuple[tuple[int, int, int, int], int]:
    d = Dealer(f"arena:{seed}:{k}:{contract.value}")
    hands = d.hands(0, 0)
    king = random.Random(f"arena-king:{seed}:{k}:{contract.value}").randrange(4)
    return hands, king


def duplicate_deal(
    test: Any, base: Any, seed: str, k: int, contract: Contract, rules: Rules,
    times: list[float] | None = None,
) -> float:
    """Deal ``k`` of ``seed`` in ``contract``, played four times with ``test`` in each seat in
    turn against three copies of ``base``: the test bot's mean advantage over the contract's
    fair share (its team's mean in partnership).  The same seed, deal and contract give the
    same cards, king and bots' generators, so two test bots run on them are paired.
    ``times`` collects the test bot's decision times."""
    hands, king = _deal_hands(seed, k, contract)
    cv = contract.value
    adv = 0.0
    for r in range(4):
        bots = [base, base, base, base]
        bots[r] = test
        rngs = [random.Random(f"bot:{seed}:{k}:{cv}:{r}:{s}") for s in range(4)]
        m = Match.deal(hands, king, contract, rules, seed=f"arena-redeal:{seed}:{k}:{cv}")
        play_deal(m, bots, rngs, r if times is not None else None, times if times is not None else [])
        result = m.results[-1]
        score: float = result.scores[r]
        if rules.partnership:
            score = (score + result.scores[(r + 2) % 4]) / 2
        adv += score - FAIR_SHARE[result.contract]
    return adv / 4


def _run_duplicate(args: dict[str, Any], k: int) -> KingdomResult:
    rules = _rules(args)
    test = _bot(args["test"])
    base = _bot(args["baseline"])
    res = KingdomResult()
    contracts = args["contracts"] or [c.value for c in rules.contracts]
    for cv in contracts:
        contract = Contract(cv)
        adv = duplicate_deal(test, base, args["seed"], k, contract, rules, res.times)
        res.by_contract[SHORT[contract]] = adv
        res.total += adv
    return res


def _run_choice(args: dict[str, Any], k: int) -> KingdomResult:
    """One match (four kingdoms) under each choice policy; per kingdom the king's total."""
    rules = _rules(args)
    res = KingdomResult()
    totals = []
    for pol in (args["a"], args["b"]):
        sep = "," if ":" in args["test"] else ":"
        bot = _bot(f"{args['test']}{sep}choice={pol}")
        rngs = [random.Random(f"bot:{args['seed']}:{k}:{s}") for s in range(4)]
        m = Match(rules, Dealer(f"arena-match:{args['seed']}:{k}"))
        play_deal(m, [bot] * 4, rngs, None, res.times)
        per = []
        for kd in range(4):
            deals = [r for r in m.results if r.kingdom == kd]
            king = deals[0].king
            per.append(sum(r.scores[king] for r in deals))
        totals.append(per)
    for kd in range(4):
        res.extra[f"k{kd}"] = totals[0][kd] - totals[1][kd]
        res.extra[f"a{kd}"] = totals[0][kd]
        res.extra[f"b{kd}"] = totals[1][kd]
    return res


def _run_doubling(args: dict[str, Any], k: int) -> KingdomResult:
    rules = _rules(args)
    from ..cards import KING_OF_HEARTS, QUEENS_MASK

    spec = args["test"]
    sep = "," if ":" in spec else ":"
    bot_a = _bot(f"{spec}{sep}doubling={args['a']}")
    bot_b = _bot(f"{spec}{sep}doubling={args['b']}")
    res = KingdomResult()
    contracts = [Contract.COMPLEX] if rules.complex else [Contract.KING_OF_HEARTS, Contract.QUEENS]
    for contract in contracts:
        hands, king = _deal_hands(args["seed"], k, contract)
        doublable = QUEENS_MASK if contract is Contract.QUEENS else 1 << KING_OF_HEARTS
        if contract is Contract.COMPLEX:
            doublable |= QUEENS_MASK
        holders = [s for s in range(4) if hands[s] & doublable]

        def run(
            a_seat: int | None, hands: Any = hands, king: int = king, contract: Contract = contract
        ) -> Match:
            bots = [bot_b] * 4
            if a_seat is not None:
                bots[a_seat] = bot_a
            rngs = [random.Random(f"bot:{args['seed']}:{k}:{contract.value}:{s}") for s in range(4)]
            redeal_seed = f"arena-redeal:{args['seed']}:{k}:{contract.value}"
            m = Match.deal(hands, king, contract, rules, seed=redeal_seed)
            play_deal(m, bots, rngs, a_seat, res.times)
            return m

        base = run(None).results[-1]
        diffs = []
        doubled = 0
        for h in holders:
            r = run(h).results[-1]
            if r.contract is not contract or base.contract is not contract:
                continue  # a redeal: nothing was doubled
            diffs.append(r.scores[h] - base.scores[h])
            doubled += any(d == h for _, d in r.doubled)
        if diffs:
            res.by_contract[SHORT[contract]] = sum(diffs) / len(diffs)
            res.extra[f"doubled:{SHORT[contract]}"] = doubled / len(diffs)
    return res


def _work(job: tuple[str, dict[str, Any], int]) -> KingdomResult:
    mode, args, k = job
    if mode == "choice":
        return _run_choice(args, k)
    if mode == "doubling":
        return _run_doubling(args, k)
    return _run_duplicate(args, k)


def time_summary(times: Sequence[float]) -> str:
    """Decision times in seconds as the reports print them: median, p95 and max in ms."""
    ts = sorted(times)
    p95 = ts[min(len(ts) - 1, int(0.95 * len(ts)))]
    median = statistics.median(ts)
    return f"median {1000 * median:.2f} ms, p95 {1000 * p95:.2f} ms, max {1000 * ts[-1]:.1f} ms"


def mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval."""
    n = len(xs)
    if n == 0:
        return 0.0, math.nan
    m = sum(xs) / n
    if n < 2:
        return m, math.nan
    return m, 1.96 * statistics.stdev(xs) / math.sqrt(n)


def run(
    mode: str, args: dict[str, Any], n: int, jobs: int, progress: int = 0
) -> list[KingdomResult]:
    """Play ``n`` kingdoms (matches for the choice comparison, deals for doubling); with
    ``progress`` > 0 print the running result to stderr every ``progress`` kingdoms, so a
    long run stopped early still says what it measured."""
    work = [(mode, args, k) for k in range(args["start"], args["start"] + n)]
    results: list[KingdomResult] = []

    def note(r: KingdomResult) -> None:
        results.append(r)
        if progress and len(results) % progress == 0:
            parts = []
            names = list(dict.fromkeys(c for x in results for c in x.by_contract))
            for c in names:
                m, h = mean_ci([x.by_contract[c] for x in results if c in x.by_contract])
                parts.append(f"{c} {m:+.1f}±{h:.1f}")
            m, h = mean_ci([x.total for x in results])
            line = f"[{len(results)}/{n}] kingdom {m:+.1f}±{h:.1f} | " + ", ".join(parts)
            print(line, file=sys.stderr, flush=True)

    if jobs <= 1:
        for w in work:
            note(_work(w))
        return results
    with get_context("fork" if sys.platform != "win32" else "spawn").Pool(jobs) as pool:
        for r in pool.imap(_work, work, chunksize=1):
            note(r)
    return results


def _fmt(m: float, h: float) -> str:
    return f"{m:+8.1f} ± {h:5.1f}"


def report(mode: str, args: dict[str, Any], results: list[KingdomResult], seconds: float) -> str:
    lines = []
    rules = _rules(args)
    opts = ", ".join(f"{k}={v}" for k, v in rules.changes().items()) or "default"
    n = len(results)
    if mode == "duplicate":
        lines.append(
            f"duplicate arena: test {args['test']} vs 3 x {args['baseline']}; {n} duplicate kingdoms "
            f"(seed {args['seed']!r}, from {args['start']}); rules: {args['preset']} ({opts})"
        )
        names: list[str] = []
        for r in results:
            for c in r.by_contract:
                if c not in names:
                    names.append(c)
        lines.append("advantage over the fair share (points per deal / per kingdom, 95% CI):")
        for c in names:
            m, h = mean_ci([r.by_contract[c] for r in results if c in r.by_contract])
            lines.append(f"  {c:<10}{_fmt(m, h)}")
        m, h = mean_ci([r.total for r in results])
        lines.append(f"  {'kingdom':<10}{_fmt(m, h)}")
    elif mode == "choice":
        lines.append(
            f"king's choice: {args['test']} with choice={args['a']} vs choice={args['b']}, same play; "
            f"{4 * n} kingdoms from {n} matches (seed {args['seed']!r}); rules: {args['preset']} ({opts})"
        )
        a = [r.extra[f"a{kd}"] for r in results for kd in range(4)]
        b = [r.extra[f"b{kd}"] for r in results for kd in range(4)]
        d = [r.extra[f"k{kd}"] for r in results for kd in range(4)]
        lines.append(f"  king's kingdom total, {args['a']:<8}{_fmt(*mean_ci(a))}")
        lines.append(f"  king's kingdom total, {args['b']:<8}{_fmt(*mean_ci(b))}")
        lines.append(f"  difference {args['a']} - {args['b']:<8}{_fmt(*mean_ci(d))}")
    else:
        lines.append(
            f"doubling: {args['test']} holder with doubling={args['a']} vs doubling={args['b']} "
            f"(others {args['b']}); {n} deals per contract (seed {args['seed']!r}); "
            f"rules: {args['preset']} ({opts})"
        )
        names = []
        for r in results:
            for c in r.by_contract:
                if c not in names:
                    names.append(c)
        for c in names:
            xs = [r.by_contract[c] for r in results if c in r.by_contract]
            rate = [r.extra[f"doubled:{c}"] for r in results if f"doubled:{c}" in r.extra]
            m, h = mean_ci(xs)
            lines.append(
                f"  {c:<10} holder's gain {_fmt(m, h)}  ({len(xs)} deals, doubled in "
                f"{100 * sum(rate) / max(1, len(rate)):.0f}%)"
            )
    times = [t for r in results for t in r.times]
    if times:
        lines.append(f"decision time ({len(times)} decisions with a choice): {time_summary(times)}")
    lines.append(f"wall time {seconds:.0f} s")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m trex_core.tools.arena",
        description="Seeded duplicate arena for the Trex bots (see docs/BOTS.md).",
    )
    p.add_argument("--test", default="medium", help="the bot measured, e.g. hard:samples=24")
    p.add_argument("--baseline", default="random", help="the three opponents")
    p.add_argument(
        "--kingdoms", "-n", type=int, default=100, help="duplicate kingdoms (matches with --compare-choice)"
    )
    p.add_argument("--seed", default="eval", help="evaluation seed (keep apart from tuning seeds)")
    p.add_argument("--start", type=int, default=0, help="first kingdom index")
    p.add_argument("--jobs", "-j", type=int, default=2, help="worker processes")
    p.add_argument("--preset", default="levant")
    p.add_argument("--partnership", action="store_true")
    p.add_argument("--complex", action="store_true")
    p.add_argument("--progress", type=int, default=0, help="print the running result every N kingdoms")
    p.add_argument("--contracts", default="", help="comma-separated contract names (default: all)")
    p.add_argument(
        "--out", default="", help="also write one JSON line per kingdom (bench/paired.py pairs two runs)"
    )
    p.add_argument(
        "--compare-choice", nargs=2, metavar=("A", "B"), help="king's-choice policies: model random"
    )
    p.add_argument(
        "--compare-doubling", nargs=2, metavar=("A", "B"),
        help="doubling policies: heuristic search always never",
    )
    try:
        a = p.parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0)
    args: dict[str, Any] = {
        "test": a.test, "baseline": a.baseline, "seed": a.seed, "start": a.start, "preset": a.preset,
        "partnership": a.partnership, "complex": a.complex,
        "contracts": [c.strip() for c in a.contracts.split(",") if c.strip()],
    }
    mode = "duplicate"
    if a.compare_choice:
        mode = "choice"
        args["a"], args["b"] = a.compare_choice
    elif a.compare_doubling:
        mode = "doubling"
        args["a"], args["b"] = a.compare_doubling
    try:
        rules = _rules(args)
        for c in args["contracts"]:
            if Contract(c) not in rules.contracts:
                raise ValueError(f"{c} is not played under these rules")
        _bot(args["test"])
        _bot(args["baseline"])
    except ValueError as e:
        print(f"arena: {e}", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    results = run(mode, args, a.kingdoms, a.jobs, a.progress)
    print(report(mode, args, results, time.perf_counter() - t0))
    if a.out:
        write_kingdoms(a.out, args, results)
    return 0


def write_kingdoms(path: str, args: dict[str, Any], results: list[KingdomResult]) -> None:
    """One JSON line per kingdom (``k``, the seed, the test bot, ``by`` contract, ``total``,
    the test bot's decision ``times`` in seconds): two runs on the same seed can then be
    compared kingdom by kingdom (``bench/paired.py``), which is less noisy than their two
    intervals when they share their deals."""
    with open(path, "w", encoding="utf-8") as f:
        for k, r in enumerate(results, start=args["start"]):
            row = {"k": k, "seed": args["seed"], "test": args["test"], "by": r.by_contract,
                   "total": r.total, "times": r.times}
            f.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    raise SystemExit(main())
