"""What one seat may know (OpenSpiel's observer): its own hand and everything public.

Public: every card played and who played it, the contract and the king, revealed doubles
(§4.2, after all four answers), a redeal claimant's shown hand (§5.1), Trex passes (§6.5),
the 2s laid face up in partnership Trex (§8.2), who has answered the doubling question (not
how), scores.  Nothing else: never another seat's unplayed cards, never a hidden answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import TWOS_MASK, Hand, card_text, cards_of
from .moves import Move
from .rules import Contract, Rules

if TYPE_CHECKING:
    from .match import Match


@dataclass(frozen=True)
class Observation:
    seat: int
    rules: Rules
    phase: str
    to_move: int | None
    king: int
    kingdom: int
    deal_number: int
    deal_count: int
    contract: Contract | None
    used_contracts: tuple[Contract, ...]
    """Contracts this king has already played in this kingdom."""
    hand: Hand
    legal: tuple[Move, ...]
    """This seat's legal moves when it is to move, else empty."""
    answered: tuple[bool, bool, bool, bool]
    """§4.2: who has answered the doubling question so far (not what)."""
    my_answer: Move | None
    doubled: tuple[tuple[int, int], ...]
    """Revealed doubles ``(card, doubler)``, public once all four have answered."""
    redeals: tuple[tuple[int, Hand], ...]
    """Redeals claimed in this deal: ``(claimant, the hand he showed)`` (§5.1)."""
    leader: int
    trick: tuple[tuple[int, int], ...]
    """The trick so far: ``(seat, card)`` in play order."""
    tricks: tuple[tuple[int, tuple[int, ...], int], ...]
    """Completed tricks of this deal: ``(leader, cards in play order, winner)``."""
    layout: tuple[tuple[int, int] | None, ...]
    """Trex rows by suit: ``(lowest rank, highest rank)`` or None (§6.1)."""
    passes: tuple[tuple[int, int], ...]
    """Trex passes as ``(turn, seat)`` (§6.5)."""
    layout_plays: tuple[tuple[int, int], ...]
    """Every Trex turn in order: ``(seat, card)``, the card -1 for a pass."""
    out_order: tuple[int, ...]
    shown_twos: tuple[Hand, Hand, Hand, Hand]
    """§8.2: each seat's 2s, laid face up after the first four Trex turns in partnership."""
    hand_sizes: tuple[int, int, int, int]
    deal_scores: tuple[int, int, int, int]
    """The current deal's scores so far (for trick contracts: penalties taken so far)."""
    totals: tuple[int, int, int, int]
    history: tuple[tuple[int, int, Contract, tuple[int, int, int, int]], ...]
    """Finished deals: ``(kingdom, king, contract, scores)``."""
    is_over: bool

    @property
    def played(self) -> Hand:
        """Every card played in this deal so far (public)."""
        m = 0
        for _, cards, _ in self.tricks:
            for c in cards:
                m |= 1 << c
        for _, c in self.trick:
            m |= 1 << c
        for row, lohi in enumerate(self.layout):
            if lohi is not None:
                lo, hi = lohi
                m |= ((1 << (hi - lo + 1)) - 1) << (13 * row + lo)
        return m

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data with cards as §12 texts, for a page or a file."""
        def cl(mask: Hand) -> list[str]:
            return [card_text(c) for c in cards_of(mask)]

        return {
            "seat": self.seat,
            "rules": self.rules.to_dict(),
            "phase": self.phase,
            "to_move": self.to_move,
            "king": self.king,
            "kingdom": self.kingdom,
            "deal_number": self.deal_number,
            "deal_count": self.deal_count,
            "contract": self.contract.value if self.contract else None,
            "contracts": [c.value for c in self.rules.contracts],
            "used_contracts": [c.value for c in self.used_contracts],
            "hand": cl(self.hand),
            "legal": [str(m) for m in self.legal],
            "answered": list(self.answered),
            "my_answer": str(self.my_answer) if self.my_answer else None,
            "doubled": [[card_text(c), s] for c, s in self.doubled],
            "redeals": [[s, cl(h)] for s, h in self.redeals],
            "leader": self.leader,
            "trick": [[s, card_text(c)] for s, c in self.trick],
            "tricks": [[ld, [card_text(c) for c in cs], w] for ld, cs, w in self.tricks],
            "layout": [list(r) if r else None for r in self.layout],
            "passes": [list(p) for p in self.passes],
            "layout_plays": [[s, card_text(c) if c >= 0 else "pass"] for s, c in self.layout_plays],
            "out_order": list(self.out_order),
            "shown_twos": [cl(h) for h in self.shown_twos],
            "hand_sizes": list(self.hand_sizes),
            "deal_scores": list(self.deal_scores),
            "totals": list(self.totals),
            "history": [[k, kg, c.value, list(sc)] for k, kg, c, sc in self.history],
            "is_over": self.is_over,
        }


def observe(m: Match, seat: int) -> Observation:
    from . import scoring
    from .match import ANNOUNCE, OVER, PLAY

    s = m._s
    if not 0 <= seat < 4:
        raise ValueError("a seat is 0..3")
    order = m.rules.seat_order(s.leader)
    trex = s.contract is Contract.TREX and s.phase == PLAY
    shown = (0, 0, 0, 0)
    if trex and m.rules.partnership and s.turns >= 4:  # §8.2
        shown = tuple(h & TWOS_MASK for h in s.hands)  # type: ignore[assignment]
    answering = s.phase == ANNOUNCE
    deal_scores = (0, 0, 0, 0)
    if s.phase == PLAY and s.contract is not None:
        if trex:
            partial = scoring.trex_deal_scores(s.out) if s.out else [0, 0, 0, 0]
            deal_scores = tuple(partial)  # type: ignore[assignment]
        else:
            deal_scores = tuple(scoring.trick_deal_scores(s.contract, m.rules, s.tricks, s.doubled_by))  # type: ignore[assignment]
    return Observation(
        seat=seat,
        rules=m.rules,
        phase=s.phase,
        to_move=s.to_move,
        king=s.king,
        kingdom=m.kingdom,
        deal_number=m.deal_number,
        deal_count=m.deal_count,
        contract=s.contract,
        used_contracts=s.used,
        hand=s.hands[seat],
        legal=tuple(m.legal_moves()) if s.to_move == seat and s.phase != OVER else (),
        answered=tuple(a is not None for a in s.answers) if answering else (False,) * 4,  # type: ignore[arg-type]
        my_answer=s.answers[seat] if answering or s.phase == PLAY else None,
        doubled=tuple(sorted(s.doubled_by.items())),
        redeals=tuple((a.redeal_by, a.hands[a.redeal_by]) for a in s.attempts if a.redeal_by is not None),
        leader=s.leader,
        trick=tuple((order[i], c) for i, c in enumerate(s.trick)),
        tricks=tuple(s.tricks),
        layout=m.layout,
        passes=tuple(s.passes),
        layout_plays=tuple(s.layout_plays),
        out_order=tuple(s.out),
        shown_twos=shown,
        hand_sizes=tuple(h.bit_count() for h in s.hands),  # type: ignore[arg-type]
        deal_scores=deal_scores,
        totals=tuple(s.totals),  # type: ignore[arg-type]
        history=tuple((r.kingdom, r.king, r.contract, r.scores) for r in s.results),
        is_over=s.phase == OVER,
    )
