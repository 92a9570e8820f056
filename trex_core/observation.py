"""What one seat may know (OpenSpiel's observer): its own hand and everything public.

Public: every card played and who played it, the contract and the king, revealed doubles
(§4.2, after all four answers), a redeal claimant's shown hand (§5.1), Trex passes (§6.5),
the 2s laid face up in partnership Trex (§8.2), who has answered the doubling question (not
how), scores and why.  Nothing else: never another seat's unplayed cards, never a hidden
answer.

An observation crosses boundaries as plain JSON-safe data: ``Observation.from_dict(
obs.to_dict()) == obs``, so a bot can decide in a worker from the dict alone.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from . import legality, scoring
from .cards import TWOS_MASK, Hand, card_text, cards_of, mask_of, parse_card
from .match import Match
from .moves import NO_DOUBLE, Move, parse_move
from .rules import Contract, Rules
from .scoring import Entry
from .state import ANNOUNCE, DEAL_OVER, OVER, PLAY


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
    """The current deal's scores so far (the finished deal's in ``deal-over``)."""
    ledger: tuple[Entry, ...]
    """Why: the entries that sum to ``deal_scores`` (:mod:`trex_core.scoring`)."""
    face_up: tuple[Hand, Hand, Hand, Hand]
    """§3.6: the taken cards that lie face up in front of each seat (K♥, queens)."""
    totals: tuple[int, int, int, int]
    history: tuple[tuple[int, int, Contract, tuple[int, int, int, int]], ...]
    """Finished deals: ``(kingdom, king, contract, scores)``."""
    is_over: bool

    @property
    def forced_answer(self) -> bool:
        """§4.2: this seat must answer the doubling question but has nothing to decide; its
        one answer (``nodouble``) can be given for it."""
        return self.phase == ANNOUNCE and self.legal == (NO_DOUBLE,)

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

    def turned(self, seat: int) -> Observation:
        """The same observation with the seats renumbered so that ``seat`` is seat 0 (each
        seat ``s`` becomes ``(s - seat) % 4``): the table as seen from ``seat``'s chair, as a
        page draws it with its player at the bottom whichever seat that is (a guest's, each
        person's in pass-and-play). Nothing else changes: the rules are the same from every
        seat, only the cyclic order of play matters (§1.3), and partners stay across (§8)."""
        if not 0 <= seat < 4:
            raise ValueError("a seat is 0..3")

        def t(s: int) -> int:
            return (s - seat) % 4

        def four(xs: tuple[Any, Any, Any, Any]) -> tuple[Any, Any, Any, Any]:
            return (xs[seat], xs[(seat + 1) % 4], xs[(seat + 2) % 4], xs[(seat + 3) % 4])

        return replace(
            self,
            seat=t(self.seat),
            to_move=None if self.to_move is None else t(self.to_move),
            king=t(self.king),
            answered=four(self.answered),
            doubled=tuple((c, t(s)) for c, s in self.doubled),
            redeals=tuple((t(s), h) for s, h in self.redeals),
            leader=t(self.leader),
            trick=tuple((t(s), c) for s, c in self.trick),
            tricks=tuple((t(ld), cs, t(w)) for ld, cs, w in self.tricks),
            passes=tuple((turn, t(s)) for turn, s in self.passes),
            layout_plays=tuple((t(s), c) for s, c in self.layout_plays),
            out_order=tuple(t(s) for s in self.out_order),
            shown_twos=four(self.shown_twos),
            hand_sizes=four(self.hand_sizes),
            deal_scores=four(self.deal_scores),
            ledger=tuple(e._replace(seat=t(e.seat)) for e in self.ledger),
            face_up=four(self.face_up),
            totals=four(self.totals),
            history=tuple((k, t(king), c, four(sc)) for k, king, c, sc in self.history),
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-safe data with cards as §12 texts, for a page, a worker or a file.
        ``forced_answer`` is included for readers' convenience (it is derived)."""
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
            "ledger": [entry_dict(e) for e in self.ledger],
            "face_up": [cl(h) for h in self.face_up],
            "totals": list(self.totals),
            "history": [[k, kg, c.value, list(sc)] for k, kg, c, sc in self.history],
            "is_over": self.is_over,
            "forced_answer": self.forced_answer,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Observation:
        """The observation whose ``to_dict`` gave ``data`` (after a trip through JSON too).
        Data that is not one raises ValueError, KeyError or TypeError."""
        def mask(cards: list[str]) -> Hand:
            return mask_of(parse_card(c) for c in cards)

        def four(values: list[Any]) -> tuple[Any, Any, Any, Any]:
            if len(values) != 4:
                raise ValueError(f"expected 4 values, not {len(values)}")
            return (values[0], values[1], values[2], values[3])

        contract = data["contract"]
        answer = data["my_answer"]
        to_move = data["to_move"]
        return cls(
            seat=int(data["seat"]),
            rules=Rules.from_dict(data["rules"]),
            phase=str(data["phase"]),
            to_move=int(to_move) if to_move is not None else None,
            king=int(data["king"]),
            kingdom=int(data["kingdom"]),
            deal_number=int(data["deal_number"]),
            deal_count=int(data["deal_count"]),
            contract=Contract(contract) if contract is not None else None,
            used_contracts=tuple(Contract(c) for c in data["used_contracts"]),
            hand=mask(data["hand"]),
            legal=tuple(parse_move(m) for m in data["legal"]),
            answered=four([bool(a) for a in data["answered"]]),
            my_answer=parse_move(answer) if answer is not None else None,
            doubled=tuple((parse_card(c), int(s)) for c, s in data["doubled"]),
            redeals=tuple((int(s), mask(h)) for s, h in data["redeals"]),
            leader=int(data["leader"]),
            trick=tuple((int(s), parse_card(c)) for s, c in data["trick"]),
            tricks=tuple(
                (int(ld), tuple(parse_card(c) for c in cs), int(w)) for ld, cs, w in data["tricks"]
            ),
            layout=tuple((int(r[0]), int(r[1])) if r is not None else None for r in data["layout"]),
            passes=tuple((int(t), int(s)) for t, s in data["passes"]),
            layout_plays=tuple(
                (int(s), -1 if c == "pass" else parse_card(c)) for s, c in data["layout_plays"]
            ),
            out_order=tuple(int(s) for s in data["out_order"]),
            shown_twos=four([mask(h) for h in data["shown_twos"]]),
            hand_sizes=four([int(n) for n in data["hand_sizes"]]),
            deal_scores=four([int(n) for n in data["deal_scores"]]),
            ledger=tuple(entry_from_dict(e) for e in data["ledger"]),
            face_up=four([mask(h) for h in data["face_up"]]),
            totals=four([int(n) for n in data["totals"]]),
            history=tuple(
                (int(k), int(kg), Contract(c), four([int(n) for n in sc])) for k, kg, c, sc in data["history"]
            ),
            is_over=bool(data["is_over"]),
        )


def entry_dict(e: Entry) -> dict[str, Any]:
    """A ledger entry as plain data: the card as its §12 text (a Trex place as a number)."""
    card: int | str | None = e.card
    if e.reason != scoring.PLACE:
        card = card_text(e.card) if e.card >= 0 else None
    return {"seat": e.seat, "points": e.points, "reason": e.reason, "card": card}


def entry_from_dict(d: dict[str, Any]) -> Entry:
    card = d["card"]
    c = -1 if card is None else card if isinstance(card, int) else parse_card(card)
    return Entry(int(d["seat"]), int(d["points"]), str(d["reason"]), c)


def observe(m: Match, seat: int) -> Observation:
    """What ``seat`` may know of ``m``: its own hand and everything public."""
    if not 0 <= seat < 4:
        raise ValueError("a seat is 0..3")
    s = m.state
    rules = m.rules
    order = rules.seat_order(s.leader)
    shown = (0, 0, 0, 0)
    if s.contract is Contract.TREX and s.phase == PLAY and rules.partnership and s.turns >= 4:  # §8.2
        h = s.hands
        shown = (h[0] & TWOS_MASK, h[1] & TWOS_MASK, h[2] & TWOS_MASK, h[3] & TWOS_MASK)
    answering = s.phase == ANNOUNCE
    ledger = m.ledger()
    keep = scoring.face_up(s.contract) if s.phase in (PLAY, DEAL_OVER, OVER) else 0
    face_up = [0, 0, 0, 0]
    for _, cards, winner in s.tricks:
        for c in cards:
            if keep >> c & 1:
                face_up[winner] |= 1 << c
    answers = s.answers
    hands = s.hands
    totals = s.totals
    return Observation(
        seat=seat,
        rules=rules,
        phase=s.phase,
        to_move=s.to_move,
        king=s.king,
        kingdom=m.kingdom,
        deal_number=m.deal_number,
        deal_count=m.deal_count,
        contract=s.contract,
        used_contracts=s.used,
        hand=hands[seat],
        legal=tuple(legality.legal_moves(s, rules)) if s.to_move == seat and s.phase != OVER else (),
        answered=(
            (answers[0] is not None, answers[1] is not None, answers[2] is not None, answers[3] is not None)
            if answering else (False, False, False, False)
        ),
        my_answer=answers[seat] if answering or s.phase == PLAY else None,
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
        hand_sizes=(hands[0].bit_count(), hands[1].bit_count(), hands[2].bit_count(), hands[3].bit_count()),
        deal_scores=scoring.scores_of(ledger),
        ledger=ledger,
        face_up=(face_up[0], face_up[1], face_up[2], face_up[3]),
        totals=(totals[0], totals[1], totals[2], totals[3]),
        history=tuple((r.kingdom, r.king, r.contract, r.scores) for r in s.results),
        is_over=s.phase == OVER,
    )
