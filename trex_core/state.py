"""The state of a match: plain data, no rules.

:class:`State` is everything that changes during a match.  It knows no rule: the legal
moves are computed from it by :mod:`trex_core.legality`, scores by :mod:`trex_core.scoring`,
and only :class:`~trex_core.match.Match` changes it.  Readers (observations, records,
explanations, bots) get it through ``Match.state`` and must treat it as read-only.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Hand
from .moves import Move
from .rules import Contract
from .scoring import Entry

CHOOSE = "choose"
"""The king names a contract (§2.2)."""
ANNOUNCE = "announce"
"""Every seat answers the doubling / redeal question (§4.2, §5.1)."""
PLAY = "play"
"""Cards are played: tricks (§3) or the layout (§6)."""
DEAL_OVER = "deal-over"
"""A deal has ended and is shown whole; the move ``next`` deals the next one."""
OVER = "over"
"""The match (or the single deal) is over."""

PHASES = (CHOOSE, ANNOUNCE, PLAY, DEAL_OVER, OVER)

Trick = tuple[int, tuple[int, ...], int]
"""A finished trick: ``(leader, cards in play order, winner)``."""


@dataclass(frozen=True)
class Attempt:
    """One dealing of a deal's cards and the moves made with them.  Every attempt but the
    last of a deal ended in a redeal (§5)."""

    hands: tuple[Hand, Hand, Hand, Hand]
    moves: tuple[Move, ...]
    contract: Contract | None
    redeal_by: int | None = None


@dataclass(frozen=True)
class DealResult:
    """A finished deal, whole."""

    number: int
    """0-based deal number in the match."""
    kingdom: int
    king: int
    contract: Contract
    scores: tuple[int, int, int, int]
    attempts: tuple[Attempt, ...]
    doubled: tuple[tuple[int, int], ...] = ()
    """``(card, doubler)`` pairs (§4)."""
    tricks: tuple[Trick, ...] = ()
    """``(leader, cards in play order, winner)`` for trick contracts."""
    out_order: tuple[int, ...] = ()
    """Trex: seats from first out to last."""
    ledger: tuple[Entry, ...] = ()
    """Why each seat scored what it did (:mod:`trex_core.scoring`); ``scores`` is its sum."""
    taken: tuple[Hand, Hand, Hand, Hand] = (0, 0, 0, 0)
    """The cards each seat took in tricks."""


class State:
    """The mutable state of a match.  Lists are the ones that change within a deal; the
    histories of earlier deals are tuples."""

    __slots__ = (
        "deal_no", "attempt", "king", "used", "kh_barred", "hands", "dealt", "contract",
        "phase", "to_move", "answers", "doubled_by", "trick", "leader", "tricks", "taken",
        "lo", "hi", "passes", "layout_plays", "out", "moves", "attempts", "results", "totals",
    )

    def __init__(self) -> None:
        self.deal_no = 0
        """0-based number of the current deal (of the finished one in ``deal-over``)."""
        self.attempt = 0
        """How many redeals (§5) this deal has had."""
        self.king = 0
        self.used: tuple[Contract, ...] = ()
        """Contracts the king has played in this kingdom."""
        self.kh_barred = False
        """§5.2: after a redeal the king may not name King of Hearts."""
        self.hands: list[Hand] = [0, 0, 0, 0]
        self.dealt: tuple[Hand, Hand, Hand, Hand] = (0, 0, 0, 0)
        self.contract: Contract | None = None
        self.phase = CHOOSE
        self.to_move: int | None = 0
        self.answers: list[Move | None] = [None, None, None, None]
        """§4.2: the doubling answers given so far, hidden until all four are in."""
        self.doubled_by: dict[int, int] = {}
        """Revealed doubles: card → doubler."""
        self.trick: list[int] = []
        """The unfinished trick's cards in play order from ``leader``."""
        self.leader = 0
        self.tricks: list[Trick] = []
        self.taken: list[Hand] = [0, 0, 0, 0]
        self.lo = [-1, -1, -1, -1]
        """Trex rows by suit: the lowest rank laid, -1 while the row is unopened (§6.1)."""
        self.hi = [-1, -1, -1, -1]
        self.passes: list[tuple[int, int]] = []
        """Trex passes as ``(turn, seat)`` (§6.5)."""
        self.layout_plays: list[tuple[int, int]] = []
        """Every Trex turn: ``(seat, card)``, the card -1 for a pass."""
        self.out: list[int] = []
        """Trex: seats in the order they went out (§6.3)."""
        self.moves: list[Move] = []
        """The moves of the current dealing (attempt) of the current deal."""
        self.attempts: tuple[Attempt, ...] = ()
        """The current deal's earlier dealings , each ended by a redeal."""
        self.results: tuple[DealResult, ...] = ()
        self.totals = [0, 0, 0, 0]

    @property
    def turns(self) -> int:
        """Trex turns taken so far (passes count, §8.2)."""
        return len(self.layout_plays)

    def copy(self) -> State:
        # Written out field by field: a snapshot is taken at the start of every dealing.
        # The lists and the dict change in place during a deal, so they are copied.
        s = State.__new__(State)
        s.deal_no = self.deal_no
        s.attempt = self.attempt
        s.king = self.king
        s.used = self.used
        s.kh_barred = self.kh_barred
        s.hands = self.hands.copy()
        s.dealt = self.dealt
        s.contract = self.contract
        s.phase = self.phase
        s.to_move = self.to_move
        s.answers = self.answers.copy()
        s.doubled_by = self.doubled_by.copy()
        s.trick = self.trick.copy()
        s.leader = self.leader
        s.tricks = self.tricks.copy()
        s.taken = self.taken.copy()
        s.lo = self.lo.copy()
        s.hi = self.hi.copy()
        s.passes = self.passes.copy()
        s.layout_plays = self.layout_plays.copy()
        s.out = self.out.copy()
        s.moves = self.moves.copy()
        s.attempts = self.attempts
        s.results = self.results
        s.totals = self.totals.copy()
        return s
