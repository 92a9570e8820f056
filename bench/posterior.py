"""How close the hard bot's sampled deals come to the true deal (docs/BOTS.md).

Medium bots play seeded deals of one contract; at each decision of seat 0 with a choice,
between 44 and 8 cards left in the hands, each way of drawing deals below draws the same
number of deals from seat 0's observation only, and the benchmark counts how many of the
hidden cards each deal places in the hand that truly holds them.  Prints, per way: that
fraction, the mean misses of the player model (`likelihood`) per deal (0 on the true deal:
the players are medium bots) and the milliseconds a deal costs.

    python bench/posterior.py --contract collections --deals 20
    python bench/posterior.py --contract trex --ways "prior;draws=4,weight=0.7;draws=16,weight=0.1"

A way is ``prior`` (rule-consistent deals, :func:`knowledge.sample_hands`) or ``draws=N,
weight=W[,chain=S]``: of N draws one kept with weight ``W ** misses`` (``likelihood.weighed``),
then S swaps (``likelihood.settled``) at the same weight.  This is a benchmark, not a test.
"""
from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from trex_core import Match, observe
from trex_core.bots import get_bot
from trex_core.bots.knowledge import Knowledge, knowledge, sample_hands
from trex_core.bots.likelihood import TrexModel, TrickModel, settled, weighed
from trex_core.fast import TrickRules
from trex_core.match import Dealer
from trex_core.rules import Contract, Rules

Model = TrexModel | TrickModel
DEFAULT_WAYS = ("prior;draws=4,weight=0.3;draws=16,weight=0.1;draws=4,weight=0.1,chain=20;"
                "draws=4,weight=0.03,chain=20;draws=4,weight=0.03,chain=60")


def source(way: str, kn: Knowledge, model: Model, rng: random.Random) -> Callable[[], list[int]]:
    """The deal source a way names."""
    if way == "prior":
        return lambda: sample_hands(kn, rng)
    opts = {k: float(v) for k, _, v in (item.partition("=") for item in way.split(","))}
    deals = weighed(lambda: sample_hands(kn, rng), model.misses, rng, int(opts["draws"]), opts["weight"])
    if opts.get("chain"):
        if not isinstance(model, TrickModel):
            raise SystemExit("chain= is for the trick contracts (the layout's model counts deals whole)")
        deals = settled(deals, model.seat_misses, kn, rng, int(opts["chain"]), opts["weight"])
    return deals


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--contract", default="collections")
    p.add_argument("--deals", type=int, default=20, help="seeded deals played by medium bots")
    p.add_argument("--per", type=int, default=20, help="deals drawn per decision and way")
    p.add_argument("--ways", default=DEFAULT_WAYS, help="ways of drawing deals, ';'-separated")
    p.add_argument("--seed", default="posterior")
    a = p.parse_args()
    contract = Contract(a.contract)
    rules = Rules.preset("levant")
    ways = a.ways.split(";")
    right = dict.fromkeys(ways, 0)
    hidden = dict.fromkeys(ways, 0)
    misses = dict.fromkeys(ways, 0)
    seconds = dict.fromkeys(ways, 0.0)
    medium = get_bot("medium")
    decisions = 0
    for k in range(a.deals):
        hands = Dealer(f"{a.seed}:{k}:{contract.value}").hands(0, 0)
        m = Match.deal(hands, k % 4, contract, rules, seed=f"{a.seed}:{k}")
        rng = random.Random(f"{a.seed}:{k}")
        while not m.is_over:
            seat = m.to_move
            assert seat is not None
            obs = observe(m, seat)
            if (obs.seat == 0 and obs.phase == "play" and len(obs.legal) > 1
                    and 8 <= sum(obs.hand_sizes) <= 44):
                decisions += 1
                kn = knowledge(obs)
                for way in ways:  # each way with its own model: its kept answers cost time too
                    model: Model = (TrexModel(obs) if contract is Contract.TREX
                                    else TrickModel(obs, TrickRules.of(contract, rules)))
                    deals = source(way, kn, model, random.Random(f"{a.seed}:{k}:{decisions}:{way}"))
                    t0 = time.perf_counter()
                    drawn = [deals() for _ in range(a.per)]
                    seconds[way] += time.perf_counter() - t0
                    for h in drawn:
                        right[way] += sum((h[s] & m.hands[s] & kn.unknown).bit_count() for s in range(4))
                        hidden[way] += kn.unknown.bit_count()
                        misses[way] += model.misses(h)
            m.play(medium.choose(obs, rng))
    n = decisions * a.per
    print(f"{contract.value}: {a.deals} deals, {decisions} decisions, {a.per} deals drawn each")
    print(f"{'way':40s} {'right':>6s} {'misses':>7s} {'ms/deal':>8s}")
    for way in ways:
        print(f"{way:40s} {right[way] / hidden[way]:6.3f} {misses[way] / n:7.2f} {1000 * seconds[way] / n:8.3f}")


if __name__ == "__main__":
    main()
