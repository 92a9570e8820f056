"""Exact play of the last cards of a sampled deal: max^n over the fast path's positions.

A sampled deal has every hand known, so its last few tricks (or the last cards of the
layout) can be played *exactly* instead of by the medium policy: every seat, in turn, plays
the card that is best for its own final score — for its team's in partnership (§8.1), the
usual max^n, which in partnership is team-aware (each seat maximises its team's sum).  The
hard bot's search (:mod:`.search`) ends every sample with it, so it sees plans the medium
policy would not play: ducking to keep an exit card, unblocking, leaving a queen with the
player who must take the last trick.

Ties (moves with equal value for the mover) are broken the same way everywhere: the lowest
card wins.  ``brute_tricks`` / ``brute_trex`` are the plain recursive definitions (every
legal card, no memo, no equivalence); the tests check the solvers against them on random end
positions, all four seats' scores exact.

Two reductions make the solvers cheap enough to run at the end of every sample:

* a memo of the value from each position at a trick boundary (trick contracts) or at every
  turn (Trex) — the scores from here on do not depend on the scores so far;
* equivalent cards (trick contracts): in one hand, the same suit, every card between them
  already played or in the same hand, the same penalty and doubling — they win and lose the
  same tricks, so only the lowest of a run is tried (which is also the tie-break's choice).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..fast import (
    TrexState,
    TrickRules,
    TrickState,
    score_trick,
    trex_playable,
    trick_legal,
)
from ..tricks import DOUBLE_VALUES, TREX_PLACES, ended_early, trick_winner

Scores = tuple[int, int, int, int]
FULL_SUIT = 8191


def _util(v: Sequence[int], seat: int, partnership: bool) -> int:
    return v[seat] + v[(seat + 2) % 4] if partnership else v[seat]


# -- trick contracts (§3, §9) -----------------------------------------------------------


def _trick_moves(hand: int, legal: int, gone: int, tr: TrickRules, doubled: dict[int, int]) -> list[int]:
    """One card of each run of equivalent legal cards (the lowest): cards of one suit with
    every card between them ``gone`` (played before this trick) or in ``hand``, with the same
    penalty and the same doubler."""
    out: list[int] = []
    value = tr.value
    prev = -2
    x = legal
    while x:
        low = x & -x
        c = low.bit_length() - 1
        x ^= low
        if (
            prev >= 0
            and prev // 13 == c // 13
            and value[prev] == value[c]
            and doubled.get(prev) == doubled.get(c)
        ):
            between = ((1 << c) - 1) & ~((1 << (prev + 1)) - 1)
            if between & ~(gone | hand) == 0:
                prev = c
                continue  # same run as the last card kept
        out.append(c)
        prev = c
    return out


class TrickSolver:
    """Max^n for a trick-contract position with every hand known.

    ``value(st)`` is the final scores (the scores so far included) when every seat plays
    its best from ``st``; ``card_values(st)`` is that for each legal card of the seat to
    move.  One solver serves one deal's rules; its memo is keyed on the hands and the
    leader at trick boundaries, so it may be reused across positions of one sampled deal
    but is cleared by ``reset()`` (the search makes one per sample)."""

    def __init__(self, tr: TrickRules) -> None:
        self.tr = tr
        self.memo: dict[tuple[int, int, int, int, int], Scores] = {}
        self.nodes = 0

    def reset(self) -> None:
        self.memo.clear()

    def value(self, st: TrickState) -> list[int]:
        delta = self._from(list(st.hands), st.leader, list(st.trick), st.played, st.doubled)
        return [st.scores[i] + delta[i] for i in range(4)]

    def card_values(self, st: TrickState) -> dict[int, list[int]]:
        """The final scores after each legal card of the seat to move (all of them, the
        equivalent ones sharing their run's value), then best play by everyone."""
        tr = self.tr
        hands = list(st.hands)
        trick = list(st.trick)
        seat = st.to_move(tr)
        hand = hands[seat]
        led = trick[0] // 13 if trick else -1
        legal = trick_legal(hand, led, tr)
        gone = st.played & ~_mask(trick)
        out: dict[int, list[int]] = {}
        for c in _trick_moves(hand, legal, gone, tr, st.doubled):
            hands[seat] = hand ^ (1 << c)
            trick.append(c)
            d = self._after_card(hands, st.leader, trick, st.played | 1 << c, st.doubled)
            trick.pop()
            out[c] = [st.scores[i] + d[i] for i in range(4)]
        hands[seat] = hand
        # the equivalent cards share their representative's value
        x = legal
        last: list[int] | None = None
        while x:
            low = x & -x
            c = low.bit_length() - 1
            x ^= low
            if c in out:
                last = out[c]
            elif last is not None:
                out[c] = last
        return out

    # the recursion: hands are mutated and restored; ``trick`` is the unfinished trick

    def _from(
        self, hands: list[int], leader: int, trick: list[int], played: int, doubled: dict[int, int]
    ) -> Scores:
        tr = self.tr
        if not trick:
            if hands[0] | hands[1] | hands[2] | hands[3] == 0:
                return (0, 0, 0, 0)
            if ended_early(played, tr.penalty, tr.early_end):
                return (0, 0, 0, 0)  # §3.4: nothing left to take
            lead_hand = hands[leader]
            if not lead_hand & (lead_hand - 1):
                return self._last_trick(hands, leader, doubled)
            key = (hands[0], hands[1], hands[2], hands[3], leader)
            got = self.memo.get(key)
            if got is not None:
                return got
        self.nodes += 1
        seat = leader
        nxt = tr.nxt
        for _ in range(len(trick)):
            seat = nxt[seat]
        hand = hands[seat]
        led = trick[0] // 13 if trick else -1
        legal = trick_legal(hand, led, tr)
        gone = played & ~_mask(trick)
        part = tr.partnership
        best: Scores | None = None
        best_u = 0
        # Every score change from here on is a penalty except a double's bonus (§4.3, §4.4),
        # so the mover can gain at most the bonuses of the doubled cards still in play that
        # could go to him: a card reaching that is best (the later cards cannot beat it,
        # and ties keep the lowest card anyway).
        ceiling = self._ceiling(seat, doubled, played) if doubled else 0
        for c in _trick_moves(hand, legal, gone, tr, doubled):
            hands[seat] = hand ^ (1 << c)
            trick.append(c)
            v = self._after_card(hands, leader, trick, played | 1 << c, doubled)
            trick.pop()
            u = _util(v, seat, part)
            if best is None or u > best_u:
                best = v
                best_u = u
                if u == ceiling:
                    break
        hands[seat] = hand
        assert best is not None
        if not trick:
            self.memo[(hands[0], hands[1], hands[2], hands[3], leader)] = best
        return best

    def _last_trick(self, hands: list[int], leader: int, doubled: dict[int, int]) -> Scores:
        """The 13th trick: one card in each hand, so no choice is left (§3.1)."""
        tr = self.tr
        nxt = tr.nxt
        trick = []
        seat = leader
        for _ in range(4):
            trick.append(hands[seat].bit_length() - 1)
            seat = nxt[seat]
        now = [0, 0, 0, 0]
        score_trick(now, trick, leader, trick_winner(trick, leader, nxt), tr, doubled)
        return (now[0], now[1], now[2], now[3])

    def _ceiling(self, seat: int, doubled: dict[int, int], played: int) -> int:
        tr = self.tr
        top = 0
        for c, d in doubled.items():
            if played >> c & 1:
                continue
            if tr.jawaker or d == seat or (tr.partnership and d == (seat + 2) % 4):
                top += DOUBLE_VALUES[c]
        return top

    def _after_card(
        self, hands: list[int], leader: int, trick: list[int], played: int, doubled: dict[int, int]
    ) -> Scores:
        """The value once the card at the end of ``trick`` is on it."""
        if len(trick) < 4:
            return self._from(hands, leader, trick, played, doubled)
        tr = self.tr
        winner = trick_winner(trick, leader, tr.nxt)
        now = [0, 0, 0, 0]
        score_trick(now, trick, leader, winner, tr, doubled)
        rest = self._from(hands, winner, [], played, doubled)
        return (now[0] + rest[0], now[1] + rest[1], now[2] + rest[2], now[3] + rest[3])


def _mask(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def brute_tricks(st: TrickState, tr: TrickRules) -> list[int]:
    """The definition the solver must meet: every legal card tried at every turn, no memo,
    no equivalence, the mover keeping the first card (lowest) of best value for itself."""
    seat = st.to_move(tr)
    hand = st.hands[seat]
    if not (st.hands[0] | st.hands[1] | st.hands[2] | st.hands[3]) or st.tricks_done == 13:
        return list(st.scores)
    if not st.trick and ended_early(st.played, tr.penalty, tr.early_end):
        return list(st.scores)
    led = st.trick[0] // 13 if st.trick else -1
    legal = trick_legal(hand, led, tr)
    best: list[int] | None = None
    best_u = 0
    for c in range(52):
        if not legal >> c & 1:
            continue
        nxt = trick_after(st, tr, c)
        v = brute_tricks(nxt, tr)
        u = _util(v, seat, tr.partnership)
        if best is None or u > best_u:
            best = v
            best_u = u
    assert best is not None
    return best


def trick_after(st: TrickState, tr: TrickRules, c: int) -> TrickState:
    """A copy of ``st`` with card ``c`` played by the seat to move (the trick scored if it
    is the fourth card)."""
    out = st.copy()
    seat = out.to_move(tr)
    out.hands[seat] &= ~(1 << c)
    out.played |= 1 << c
    out.trick.append(c)
    if len(out.trick) == 4:
        winner = trick_winner(out.trick, out.leader, tr.nxt)
        score_trick(out.scores, out.trick, out.leader, winner, tr, out.doubled)
        out.tricks_done += 1
        out.leader = winner
        out.trick = []
    return out


# -- Trex (§6) --------------------------------------------------------------------------


class TrexSolver:
    """Max^n for a layout position with every hand known (§6.2: a seat with a legal card
    must play one, else passes; §6.3: the deal ends when three are out).  ``value(st)`` is
    the final place scores; ``card_values(st)`` the same after each legal card of the seat
    to move.  The memo is keyed on the hands, the laid cards and the seat to move."""

    def __init__(self, nxt: Sequence[int], partnership: bool) -> None:
        self.nxt = tuple(nxt)
        self.partnership = partnership
        self.memo: dict[tuple[int, int, int, int, int, int], Scores] = {}
        self.nodes = 0

    def reset(self) -> None:
        self.memo.clear()

    def value(self, st: TrexState) -> list[int]:
        hands = list(st.hands)
        done = _places_so_far(st.out)
        if len(st.out) >= 3:
            return _trex_final(st.out, hands)
        d = self._from(hands, st.laid, st.to_move, len(st.out))
        return [done[i] + d[i] for i in range(4)]

    def card_values(self, st: TrexState) -> dict[int, list[int]]:
        hands = list(st.hands)
        seat = st.to_move
        hand = hands[seat]
        legal = hand & trex_playable(st.laid)
        out: dict[int, list[int]] = {}
        x = legal
        while x:
            low = x & -x
            c = low.bit_length() - 1
            x ^= low
            order = list(st.out)
            hands[seat] = hand ^ low
            if not hands[seat]:
                order.append(seat)
            if len(order) >= 3:
                out[c] = _trex_final(order, hands)
            else:
                done = _places_so_far(order)
                d = self._from(hands, st.laid | low, self._next(hands, seat), len(order))
                out[c] = [done[i] + d[i] for i in range(4)]
            hands[seat] = hand
        return out

    def _next(self, hands: list[int], seat: int) -> int:
        s = self.nxt[seat]
        while not hands[s]:
            s = self.nxt[s]
        return s

    def _from(self, hands: list[int], laid: int, seat: int, n_out: int) -> Scores:
        """Points still to be given (places n_out+1 ...) from this position; 3 or more out
        never reach here."""
        key = (hands[0], hands[1], hands[2], hands[3], laid, seat)
        got = self.memo.get(key)
        if got is not None:
            return got
        self.nodes += 1
        hand = hands[seat]
        legal = hand & trex_playable(laid)
        if not legal:
            best: Scores = self._from(hands, laid, self._next(hands, seat), n_out)  # §6.2 pass
        else:
            part = self.partnership
            cand: Scores | None = None
            best_u = 0
            # the best the mover (and his partner, §8.1) can still get: the next places
            mates = 1 + (part and hands[(seat + 2) % 4] != 0)
            ceiling = sum(TREX_PLACES[n_out:n_out + mates])
            x = legal
            while x:
                low = x & -x
                x ^= low
                left = hand ^ low
                hands[seat] = left
                if left:
                    v = self._from(hands, laid | low, self._next(hands, seat), n_out)
                else:
                    place = [0, 0, 0, 0]
                    place[seat] = TREX_PLACES[n_out]
                    if n_out + 1 == 3:  # §6.3: the fourth takes last place
                        last = next(i for i in range(4) if hands[i])
                        place[last] = TREX_PLACES[3]
                        rest: Scores = (0, 0, 0, 0)
                    else:
                        rest = self._from(hands, laid | low, self._next(hands, seat), n_out + 1)
                    v = (place[0] + rest[0], place[1] + rest[1], place[2] + rest[2], place[3] + rest[3])
                u = _util(v, seat, part)
                if cand is None or u > best_u:
                    cand = v
                    best_u = u
                    if u == ceiling:
                        break
            hands[seat] = hand
            assert cand is not None
            best = cand
        self.memo[key] = best
        return best


def _places_so_far(out: Sequence[int]) -> list[int]:
    done = [0, 0, 0, 0]
    for place, s in enumerate(out):
        done[s] = TREX_PLACES[place]
    return done


def _trex_final(out: Sequence[int], hands: Sequence[int]) -> list[int]:
    done = _places_so_far(out[:3])
    if len(out) >= 3:
        last = next((i for i in range(4) if i not in out[:3]), None)
        if last is not None:
            done[last] = TREX_PLACES[3]
    return done


def brute_trex(st: TrexState, nxt: Sequence[int], partnership: bool) -> list[int]:
    """The definition for the layout: every legal card at every turn, the lowest of the
    mover's best kept, a pass when there is none."""
    if len(st.out) >= 3:
        return _trex_final(st.out, st.hands)
    seat = st.to_move
    legal = st.hands[seat] & trex_playable(st.laid)
    if not legal:
        nx = st.copy()
        s = nxt[seat]
        while not nx.hands[s]:
            s = nxt[s]
        nx.to_move = s
        return brute_trex(nx, nxt, partnership)
    best: list[int] | None = None
    best_u = 0
    for c in range(52):
        if not legal >> c & 1:
            continue
        nx = st.copy()
        nx.hands[seat] &= ~(1 << c)
        nx.laid |= 1 << c
        if not nx.hands[seat]:
            nx.out.append(seat)
        if len(nx.out) < 3:
            s = nxt[seat]
            while not nx.hands[s]:
                s = nxt[s]
            nx.to_move = s
        v = brute_trex(nx, nxt, partnership)
        u = _util(v, seat, partnership)
        if best is None or u > best_u:
            best = v
            best_u = u
    assert best is not None
    return best


__all__ = ["TrexSolver", "TrickSolver", "brute_trex", "brute_tricks", "trick_after"]
