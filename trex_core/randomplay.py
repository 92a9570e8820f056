"""Uniformly random legal play on the fast path: the engine's fuzzer deals and the CLI's bench.

Dealing (:func:`random_hands`), one deal played with random legal moves
(:func:`random_deal`) and the bench (:func:`bench_random_deals`, timed by ``python -m
trex_core bench``).  The legal cards are :mod:`trex_core.fast`'s (``TrickRules.must``, read
inline as :func:`~trex_core.fast.trick_legal` does, and ``LAYOUT_OPENS``); ``tests/test_fast.py``
checks every card played here against ``Match``.

Kept apart from :mod:`trex_core.fast`, which the bots import: the page compiles each module
it imports, and on a slow phone one task per module must stay short (docs/WEB.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .fast import BIT, JACKS_MASK, LAYOUT_OPENS, PR, TrickRules
from .rules import Contract, Rules


def _random_trick_deal(hands: list[int], king: int, tr: TrickRules, rand: Callable[[], float]) -> int:
    """Uniformly random legal play of a whole trick deal; returns the number of cards played.
    The rules are :mod:`trex_core.tricks`'s, read inline for speed, with no call per card (see
    :func:`~trex_core.fast.trick_legal`): the legal cards from the same ``tr.must`` table
    (§3.2/§3.3 options included), the trick winner as the highest card of the suit led
    (§3.1), early end when ``tr.penalty`` is all taken (§3.4, ``tricks.ended_early``).
    Scores are computed as in ``play_tricks`` (no doubling); kept flat for the bench."""
    nxt = tr.nxt
    value = tr.value
    trick_cost = tr.trick_cost
    pen = tr.penalty if tr.early_end else -1  # -1: never all taken, the deal plays 13 tricks
    must = tr.must
    lead_first, lead_then = must[-1]
    pr = PR
    bit = BIT
    c = 0
    scores = [0, 0, 0, 0]
    played = 0
    leader = king
    n = 0
    for _ in range(13):
        # lead
        hand = hands[leader]
        legal = hand & lead_first or hand & lead_then or hand  # trick_legal(hand, -1, tr)
        i = int(rand() * legal.bit_count())
        for base in (0, 13, 26, 39):  # the i-th legal card
            rs = pr[legal >> base & 8191]
            if i < len(rs):
                c = base + rs[i]
                break
            i -= len(rs)
        tmask = bit[c]
        hands[leader] = hand ^ tmask
        led = c // 13
        base = 13 * led
        first, then = must[led]
        top = c
        winner = leader
        cost = value[c]
        seat = nxt[leader]
        for _ in (1, 2, 3):
            hand = hands[seat]
            legal = hand & first or hand & then or hand  # trick_legal(hand, led, tr)
            p = legal >> base & 8191
            if p:  # following suit (§3.1): all the legal cards are in the suit led
                rs = pr[p]
                c = base + rs[int(rand() * len(rs))]
                if c > top:
                    top = c
                    winner = seat
            else:
                i = int(rand() * legal.bit_count())
                for b in (0, 13, 26, 39):
                    rs = pr[legal >> b & 8191]
                    if i < len(rs):
                        c = b + rs[i]
                        break
                    i -= len(rs)
            b = bit[c]
            hands[seat] = hand ^ b
            cost += value[c]
            tmask |= b
            seat = nxt[seat]
        scores[winner] -= cost + trick_cost
        played |= tmask
        n += 4
        leader = winner
        if pen & played == pen:
            break
    return n


def _random_trex_deal(hands: list[int], king: int, nxt: Sequence[int], rand: Callable[[], float]) -> int:
    """Uniformly random legal play of a layout; returns the number of turns (passes count)."""
    opens = LAYOUT_OPENS
    playable = JACKS_MASK
    seat = king
    outs = 0
    n = 0
    while outs < 3:
        hand = hands[seat]
        legal = hand & playable
        n += 1
        if legal:
            k = legal.bit_count()
            if k > 1:
                i = int(rand() * k)
                while i:
                    legal &= legal - 1
                    i -= 1
            c = (legal & -legal).bit_length() - 1
            hand ^= 1 << c
            hands[seat] = hand
            playable = playable ^ 1 << c | opens[c]
            if not hand:
                outs += 1
        elif not playable & (hands[0] | hands[1] | hands[2] | hands[3]):
            raise AssertionError("§6.4: the layout is locked")
        seat = nxt[seat]
        while not hands[seat]:
            seat = nxt[seat]
    return n


# -- dealing and the bench -----------------------------------------------------------------


def random_hands(rng: random.Random) -> list[int]:
    deck = list(range(52))
    rng.shuffle(deck)
    hands = []
    for i in range(0, 52, 13):
        m = 0
        for c in deck[i:i + 13]:
            m |= 1 << c
        hands.append(m)
    return hands


def random_deal(contract: Contract, rules: Rules, hands: list[int], king: int, rng: random.Random) -> int:
    """Play one deal with uniformly random legal moves (no doubling); returns moves played."""
    if contract is Contract.TREX:
        return _random_trex_deal(hands, king, tuple(rules.next_seat(s) for s in range(4)), rng.random)
    return _random_trick_deal(hands, king, TrickRules.of(contract, rules), rng.random)


def bench_random_deals(n_deals: int, seed: int, processes: int | None = None) -> int:
    """Deal and play ``n_deals`` random full deals on the fast path (the five contracts in
    turn, default rules, no doubling); return the number of moves played (cards and Trex
    passes).  The CLI's ``bench`` times it.

    The deals are always split into two halves with their own seeds, so the result depends
    only on ``n_deals`` and ``seed``; with ``processes`` > 1 (default: 2 when there are
    10,000 deals or more and the platform can fork) the halves run on two cores."""
    halves = [(n_deals - n_deals // 2, f"{seed}:0"), (n_deals // 2, f"{seed}:1")]
    if processes is None:
        processes = 2 if n_deals >= 10_000 else 1
    if processes > 1:
        try:
            from multiprocessing import get_context

            with get_context("fork").Pool(2) as pool:
                return sum(pool.starmap(_bench_chunk, halves))
        except (ImportError, OSError, ValueError):
            pass  # no processes here (e.g. Pyodide): run the halves in turn
    return sum(_bench_chunk(n, s) for n, s in halves)


def _bench_chunk(n_deals: int, seed: str) -> int:
    rng = random.Random(f"bench:{seed}")
    rules = Rules()
    contracts = rules.contracts
    nxt = tuple(rules.next_seat(s) for s in range(4))
    trs = [TrickRules.of(c, rules) for c in contracts]
    rand = rng.random
    deck = list(range(52))
    shuffle = rng.shuffle
    bit = BIT.__getitem__
    moves = 0
    for i in range(n_deals):
        shuffle(deck)
        hands = [sum(map(bit, deck[0:13])), sum(map(bit, deck[13:26])),
                 sum(map(bit, deck[26:39])), sum(map(bit, deck[39:52]))]
        contract = contracts[i % 5]
        king = i & 3
        if contract is Contract.TREX:
            moves += _random_trex_deal(hands, king, nxt, rand)
        else:
            moves += _random_trick_deal(hands, king, trs[i % 5], rand)
    return moves


__all__ = ["bench_random_deals", "random_deal", "random_hands"]
