"""Tried and not shipped (docs/BOTS.md, "What was tried"): a small policy that
imitates hard's card play, for the bot's own later turns in hard's trick playouts (the other
seats stay modelled by ``medium-1``).  A measuring instrument only: it overrides the search's
playout finish (``HardBot._finish_tricks``), which no shipped code does.

    python bench/tried/own_policy.py log --contract diamonds --kingdoms 120 --out d.json   # hard's decisions
    python bench/tried/own_policy.py fit d.json --out d-w.json                             # a linear policy
    python bench/tried/own_policy.py arena --contract diamonds --weights d-w.json -n 300 --seed eval-s39

``log`` plays duplicate deals of one contract, the test seat ``hard`` against 3 × ``medium-1``
(as the arena does), and records each of hard's card decisions that had two or more distinct
candidates: the features of every legal card (:func:`features`, read from the seat's own
hand and the public position only, so the same function serves an observation and a
playout) and the card hard chose.  ``fit`` fits a conditional logit (softmax over the legal
cards) and reports how often it agrees with hard on held-out decisions, beside medium's
agreement.  ``arena`` plays hard with its own later turns in the playouts by the fitted
policy against hard as shipped, paired on the same deals (the arena's duplicate scheme, same
seeds): the difference is what the policy is worth inside the search.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from trex_core.bots import get_bot  # noqa: E402
from trex_core.bots.heuristics import trick_card  # noqa: E402
from trex_core.bots.knowledge import own_hands, trick_state  # noqa: E402
from trex_core.bots.search import HardBot  # noqa: E402
from trex_core.cards import FULL_DECK  # noqa: E402
from trex_core.fast import TrickRules, TrickState, play_tricks  # noqa: E402
from trex_core.rules import Contract, Rules  # noqa: E402
from trex_core.tools.arena import duplicate_deal  # noqa: E402
from trex_core.tricks import winning_index  # noqa: E402

FULL_SUIT = 8191
NAMES = (
    "medium", "lead", "follow", "discard",
    "rank.lead", "rank.follow", "rank.discard",
    "pen.lead", "pen.follow", "pen.discard",
    "wins.follow", "wins.last", "wins.pentrick",
    "higher.lead", "lower.lead", "higher.discard", "lower.discard",
    "mine.lead", "mine.discard", "single.discard",
    "suitpen.lead", "suitpen.discard", "late.rank.lead", "late.rank.discard",
)
N = len(NAMES)


def features(seat: int, st: TrickState, tr: TrickRules, legal: int) -> tuple[list[int], list[list[float]]]:
    """The legal cards and a feature vector for each, from the seat's hand and the public
    position only (no other hand is read)."""
    hand = st.hands[seat]
    trick = st.trick
    others = FULL_DECK & ~(st.played | hand)
    value = tr.value
    medium = trick_card(seat, st, tr, legal)
    late = st.tricks_done / 12.0
    cards = [c for c in range(52) if legal >> c & 1]
    rows: list[list[float]] = []
    if trick:
        led = trick[0] // 13
        top = trick[winning_index(trick)]
        phase = 1 if (legal >> (13 * led) & FULL_SUIT) else 2
        n_after = 3 - len(trick)
        pen_trick = sum(value[c] for c in trick) > 0
    else:
        phase = 0
        top = -1
        n_after = 3
        pen_trick = False
    for c in cards:
        base = 13 * (c // 13)
        r = c - base
        oth = others >> base & FULL_SUIT
        higher = (oth >> (r + 1)).bit_count() / 13.0
        lower = (oth & ((1 << r) - 1)).bit_count() / 13.0
        mine = (hand >> base & FULL_SUIT).bit_count()
        pen = min(value[c], 13) / 13.0
        suitpen = 1.0 if (tr.penalty >> base & oth) else 0.0
        f = [0.0] * N
        f[0] = 1.0 if c == medium else 0.0
        f[1 + phase] = 1.0
        f[4 + phase] = r / 12.0
        f[7 + phase] = pen
        if phase == 1:
            wins = c > top
            f[10] = 1.0 if wins else 0.0
            f[11] = 1.0 if wins and n_after == 0 else 0.0
            f[12] = 1.0 if wins and pen_trick else 0.0
        elif phase == 0:
            f[13] = higher
            f[14] = lower
            f[17] = mine / 13.0
            f[20] = suitpen
            f[22] = late * r / 12.0
        else:
            f[15] = higher
            f[16] = lower
            f[18] = mine / 13.0
            f[19] = 1.0 if mine == 1 else 0.0
            f[21] = suitpen
            f[23] = late * r / 12.0
        rows.append(f)
    return cards, rows


def policy_of(weights: Sequence[float]) -> Callable[[int, TrickState, TrickRules, int], int]:
    w = list(weights)

    def policy(seat: int, st: TrickState, tr: TrickRules, legal: int) -> int:
        cards, rows = features(seat, st, tr, legal)
        best = cards[0]
        best_s = -1e18
        for c, f in zip(cards, rows, strict=True):
            s = 0.0
            for a, b in zip(w, f, strict=True):
                if b:
                    s += a * b
            if s > best_s:
                best_s = s
                best = c
        return best

    return policy


class OwnPolicyHard(HardBot):
    """Hard whose own later turns in its trick playouts are played by ``own`` (the other
    seats by medium-1, as shipped)."""

    def __init__(self, own: Callable[[int, TrickState, TrickRules, int], int], **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.own = own
        self.me = -1

    def trick_thought(self, obs, rng):  # type: ignore[no-untyped-def]
        self.me = obs.seat
        return super().trick_thought(obs, rng)

    def _finish_tricks(self, st, tr, solver):  # type: ignore[no-untyped-def]
        me = self.me
        own = self.own

        def mixed(seat: int, s: TrickState, t: TrickRules, legal: int) -> int:
            return own(seat, s, t, legal) if seat == me else trick_card(seat, s, t, legal)

        stop = 13 - self.endgame
        if st.tricks_done < stop:
            play_tricks(st, tr, mixed, until=stop)
            if st.tricks_done < stop:
                return st.scores
        return solver.value(st)


class Logger:
    def __init__(self, bot: object) -> None:
        self.bot = bot
        self.x: list[list[list[float]]] = []
        self.y: list[int] = []

    def choose(self, obs, rng):  # type: ignore[no-untyped-def]
        mv = self.bot.choose(obs, rng)  # type: ignore[attr-defined]
        if obs.contract is not None and obs.contract.is_trick_contract and mv.kind == "card":
            legal = 0
            for m in obs.legal:
                legal |= 1 << m.card
            if legal & (legal - 1):
                tr = TrickRules.of(obs.contract, obs.rules)
                st = trick_state(obs, own_hands(obs))
                cards, rows = features(obs.seat, st, tr, legal)
                self.x.append(rows)
                self.y.append(cards.index(mv.card))
        return mv


def cmd_log(a: argparse.Namespace) -> None:
    contract = Contract(a.contract)
    rules = Rules.preset("levant")
    log = Logger(get_bot(f"hard:samples={a.samples}"))
    base = get_bot("medium-1")
    t0 = time.time()
    for k in range(a.start, a.start + a.kingdoms):
        duplicate_deal(log, base, a.seed, k, contract, rules)
        if k % 10 == 0:
            print(f"{k}: {len(log.y)} decisions, {time.time() - t0:.0f} s", file=sys.stderr)
    Path(a.out).write_text(json.dumps({"x": log.x, "y": log.y}))


def cmd_fit(a: argparse.Namespace) -> None:
    import numpy as np

    data: dict = {"x": [], "y": []}
    for path in a.data:
        d = json.loads(Path(path).read_text())
        data["x"] += d["x"]
        data["y"] += d["y"]
    n = len(data["y"])
    order = list(range(n))
    random.Random(a.seed).shuffle(order)
    held = set(order[: n // 5])
    # pad to a fixed number of cards per decision
    m = max(len(r) for r in data["x"])
    X = np.zeros((n, m, N))
    mask = np.full((n, m), -1e9)
    for i, rows in enumerate(data["x"]):
        X[i, : len(rows)] = rows
        mask[i, : len(rows)] = 0.0
    y = np.array(data["y"])
    tr_idx = np.array([i for i in range(n) if i not in held])
    te_idx = np.array(sorted(held))
    w = np.zeros(N)
    w[0] = 1.0
    lam = a.l2
    lr = 0.5
    for it in range(a.iters):
        Xt, mt, yt = X[tr_idx], mask[tr_idx], y[tr_idx]
        z = Xt @ w + mt
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        onehot = np.zeros_like(p)
        onehot[np.arange(len(yt)), yt] = 1.0
        grad = np.einsum("nm,nmf->f", p - onehot, Xt) / len(yt) + lam * w
        w -= lr * grad
        if it % 500 == 0:
            nll = -np.log(p[np.arange(len(yt)), yt] + 1e-12).mean()
            print(f"iter {it}: nll {nll:.4f}", file=sys.stderr)

    def agree(ws: np.ndarray, idx: np.ndarray) -> float:
        z = X[idx] @ ws + mask[idx]
        return float((z.argmax(axis=1) == y[idx]).mean())

    med = np.zeros(N)
    med[0] = 1.0
    print(f"{n} decisions; held out {len(te_idx)}")
    print(f"agreement with hard, held out: medium {agree(med, te_idx):.3f}, fitted {agree(w, te_idx):.3f}")
    print(f"                      training: medium {agree(med, tr_idx):.3f}, fitted {agree(w, tr_idx):.3f}")
    for name, v in zip(NAMES, w, strict=True):
        print(f"  {name:18s} {v:+.3f}")
    Path(a.out).write_text(json.dumps([float(v) for v in w]))


def cmd_arena(a: argparse.Namespace) -> None:
    contract = Contract(a.contract)
    rules = Rules.preset("levant")
    w = json.loads(Path(a.weights).read_text())
    test = OwnPolicyHard(policy_of(w), samples=a.samples)
    shipped = get_bot(f"hard:samples={a.samples}")
    base = get_bot("medium-1")
    diffs: list[float] = []
    sums = [0.0, 0.0]
    for k in range(a.start, a.start + a.n):
        adv = [duplicate_deal(bot, base, a.seed, k, contract, rules) for bot in (shipped, test)]
        sums[0] += adv[0]
        sums[1] += adv[1]
        diffs.append(adv[1] - adv[0])
        print(json.dumps({"k": k, "shipped": adv[0], "own": adv[1]}), flush=True)
    n = len(diffs)
    sd = statistics.stdev(diffs) if n > 1 else 0.0
    print(f"# {n} deals: shipped {sums[0] / n:+.2f}, own policy {sums[1] / n:+.2f}, "
          f"paired difference {sum(diffs) / n:+.2f} ± {1.96 * sd / n ** 0.5:.2f}", file=sys.stderr)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    lg = sub.add_parser("log")
    lg.add_argument("--contract", default="diamonds")
    lg.add_argument("--kingdoms", type=int, default=100)
    lg.add_argument("--start", type=int, default=0)
    lg.add_argument("--samples", type=int, default=60)
    lg.add_argument("--seed", default="own-train")
    lg.add_argument("--out", required=True)
    ft = sub.add_parser("fit")
    ft.add_argument("data", nargs="+")
    ft.add_argument("--out", required=True)
    ft.add_argument("--iters", type=int, default=3000)
    ft.add_argument("--l2", type=float, default=1e-3)
    ft.add_argument("--seed", default="own-fit")
    ar = sub.add_parser("arena")
    ar.add_argument("--contract", default="diamonds")
    ar.add_argument("--weights", required=True)
    ar.add_argument("-n", type=int, default=100)
    ar.add_argument("--start", type=int, default=0)
    ar.add_argument("--samples", type=int, default=60)
    ar.add_argument("--seed", default="eval-s39")
    a = p.parse_args()
    {"log": cmd_log, "fit": cmd_fit, "arena": cmd_arena}[a.cmd](a)


if __name__ == "__main__":
    main()
