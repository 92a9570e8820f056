"""The match as a state machine (§2): choose a contract, announce, play; twenty deals.

``Match`` is the one authority on the rules.  Each phase has its legal moves and its way of
applying one; ``play`` checks a move against them and ``undo`` restores a snapshot taken
before it (undo never reverses game logic).  Dealing is done by a :class:`Dealer`, so a
match from a seed, a single deal from given hands and a replayed record share every rule.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import scoring
from .cards import (
    ACE_OF_HEARTS,
    DIAMONDS,
    FULL_DECK,
    HEARTS,
    JACK,
    KING_OF_HEARTS,
    QUEENS_MASK,
    SEVEN_OF_HEARTS,
    SUIT_MASK,
    Hand,
    card_symbol,
    cards_of,
    mask_of,
)
from .errors import IllegalMoveError, InvalidMoveError
from .moves import (
    CARD,
    CARD_MOVES,
    CONTRACT_MOVES,
    DOUBLE,
    NO_DOUBLE,
    PASS,
    PASS_MOVE,
    REDEAL,
    REDEAL_MOVE,
    Move,
    double_move,
    parse_move,
)
from .rules import RANDOM_DEALER, Contract, Rules

if TYPE_CHECKING:
    from .observation import Observation

CHOOSE = "choose"
ANNOUNCE = "announce"
PLAY = "play"
OVER = "over"

SEAT_NAMES = ("South", "East", "North", "West")


# -- dealing ---------------------------------------------------------------------------


def shuffled_hands(rng: random.Random) -> tuple[Hand, Hand, Hand, Hand]:
    deck = list(range(52))
    rng.shuffle(deck)
    return (
        mask_of(deck[0:13]),
        mask_of(deck[13:26]),
        mask_of(deck[26:39]),
        mask_of(deck[39:52]),
    )


class Dealer:
    """Deals from a seed: deal ``n``, attempt ``a`` (a redeal, §5) always gets the same
    hands, with no generator state to save or undo.  String seeds are hashed with SHA-512
    by ``random.Random``, identically in CPython and Pyodide."""

    def __init__(self, seed: int | str) -> None:
        self.seed = seed

    def hands(self, deal: int, attempt: int) -> tuple[Hand, Hand, Hand, Hand]:
        return shuffled_hands(random.Random(f"trex:{self.seed}:{deal}:{attempt}"))

    def first_dealer(self) -> int:
        """§2.3 option: the first dealer, chosen at random."""
        return random.Random(f"trex:{self.seed}:first-dealer").randrange(4)


class FixedDealer(Dealer):
    """Deals given hands first (a chosen deal or a record), then falls back to the seed."""

    def __init__(
        self,
        seed: int | str,
        hands: dict[tuple[int, int], Sequence[Hand]],
        first_dealer: int | None = None,
    ) -> None:
        super().__init__(seed)
        self.fixed = {k: tuple(v) for k, v in hands.items()}
        self._first = first_dealer

    def hands(self, deal: int, attempt: int) -> tuple[Hand, Hand, Hand, Hand]:
        h = self.fixed.get((deal, attempt))
        if h is None:
            return super().hands(deal, attempt)
        return (h[0], h[1], h[2], h[3])

    def first_dealer(self) -> int:
        return super().first_dealer() if self._first is None else self._first


def check_hands(hands: Sequence[Hand]) -> None:
    """§1.2: four hands of 13 cards that together are the deck."""
    if len(hands) != 4:
        raise ValueError(f"a deal has 4 hands, not {len(hands)}")
    seen = 0
    for seat, h in enumerate(hands):
        if h.bit_count() != 13:
            raise ValueError(f"{SEAT_NAMES[seat]} holds {h.bit_count()} cards, not 13")
        if seen & h:
            dup = ", ".join(card_symbol(c) for c in cards_of(seen & h))
            raise ValueError(f"{dup} dealt twice")
        seen |= h
    if seen != FULL_DECK:
        raise ValueError("the hands are not one whole deck")


# -- what a deal leaves behind -----------------------------------------------------------


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
    number: int
    """0-based deal number in the match."""
    kingdom: int
    king: int
    contract: Contract
    scores: tuple[int, int, int, int]
    attempts: tuple[Attempt, ...]
    doubled: tuple[tuple[int, int], ...] = ()
    """``(card, doubler)`` pairs (§4)."""
    tricks: tuple[tuple[int, tuple[int, ...], int], ...] = ()
    """``(leader, cards in play order, winner)`` for trick contracts."""
    out_order: tuple[int, ...] = ()
    """Trex: seats from first out to last."""


# -- the state ----------------------------------------------------------------------------


class _State:
    """Everything that changes during a match; copied whole before each move for undo."""

    __slots__ = (
        "deal_no", "attempt", "king", "used", "kh_barred", "hands", "dealt", "contract",
        "phase", "to_move", "answers", "doubled_by", "trick", "leader", "tricks", "taken",
        "tricks_won", "lo", "hi", "passes", "layout_plays", "turns", "out", "moves", "attempts", "results",
        "totals",
    )

    def __init__(self) -> None:
        self.deal_no = 0
        self.attempt = 0
        self.king = 0
        self.used: tuple[Contract, ...] = ()
        self.kh_barred = False  # after a redeal (§5.2)
        self.hands: list[Hand] = [0, 0, 0, 0]
        self.dealt: tuple[Hand, Hand, Hand, Hand] = (0, 0, 0, 0)
        self.contract: Contract | None = None
        self.phase = CHOOSE
        self.to_move: int | None = 0
        self.answers: list[Move | None] = [None, None, None, None]
        self.doubled_by: dict[int, int] = {}
        self.trick: list[int] = []
        self.leader = 0
        self.tricks: tuple[tuple[int, tuple[int, ...], int], ...] = ()
        self.taken: list[Hand] = [0, 0, 0, 0]
        self.tricks_won = [0, 0, 0, 0]
        self.lo = [-1, -1, -1, -1]  # Trex rows: lowest and highest rank laid, -1 unopened
        self.hi = [-1, -1, -1, -1]
        self.passes: tuple[tuple[int, int], ...] = ()  # (turn, seat)
        self.layout_plays: tuple[tuple[int, int], ...] = ()  # Trex turns: (seat, card or -1 = pass)
        self.turns = 0
        self.out: list[int] = []
        self.moves: tuple[Move, ...] = ()
        self.attempts: tuple[Attempt, ...] = ()
        self.results: tuple[DealResult, ...] = ()
        self.totals = [0, 0, 0, 0]

    def copy(self) -> _State:
        # Written out field by field: this runs before every move, so it is the hottest
        # line of the public API.  Histories are tuples (a move replaces them, never edits
        # them), so the snapshot shares them; the few lists are copied.
        s = _State.__new__(_State)
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
        s.tricks = self.tricks
        s.taken = self.taken.copy()
        s.tricks_won = self.tricks_won.copy()
        s.lo = self.lo.copy()
        s.hi = self.hi.copy()
        s.passes = self.passes
        s.layout_plays = self.layout_plays
        s.turns = self.turns
        s.out = self.out.copy()
        s.moves = self.moves
        s.attempts = self.attempts
        s.results = self.results
        s.totals = self.totals.copy()
        return s


# -- the match ----------------------------------------------------------------------------


class Match:
    """A match of Trex, or a single deal of one.

    >>> m = Match.new(seed=7)
    >>> m.phase, m.king == m.to_move
    ('choose', True)
    """

    def __init__(
        self,
        rules: Rules | None = None,
        dealer: Dealer | None = None,
        *,
        single_deal: bool = False,
        first_king: int | None = None,
    ) -> None:
        self.rules = rules or Rules()
        self.dealer = dealer or Dealer(0)
        self.single_deal = single_deal
        self._stack: list[_State] = []
        self._s = _State()
        s = self._s
        s.dealt = self.dealer.hands(0, 0)
        check_hands(s.dealt)
        s.hands = list(s.dealt)
        seven = next(i for i in range(4) if s.hands[i] >> SEVEN_OF_HEARTS & 1)
        by_seven = self.rules.first_king != RANDOM_DEALER and not single_deal
        if first_king is None:
            # §2.3: the holder of 7♥ in the first deal, or a first dealer chosen at random
            first_king = seven if by_seven else self.dealer.first_dealer()
        elif first_king not in range(4):
            raise ValueError(f"the first king is a seat 0 to 3, not {first_king!r}")
        elif by_seven and first_king != seven:
            raise ValueError(
                f"the first king is the holder of 7♥ (§2.3): {SEAT_NAMES[seven]} ({seven}), "
                f"not {SEAT_NAMES[first_king]} ({first_king})"
            )
        self.first_king = first_king
        self.kings = self.rules.kings(first_king)
        s.king = first_king
        self._begin_choice()

    # -- construction ----------------------------------------------------------------

    @classmethod
    def new(cls, seed: int | str = 0, rules: Rules | None = None, **options: object) -> Match:
        """A match dealt from ``seed``, under ``rules`` with any options changed."""
        r = rules or Rules()
        if options:
            r = r.replace(**options)
        return cls(r, Dealer(seed))

    @classmethod
    def deal(
        cls,
        hands: Sequence[Hand | str],
        king: int,
        contract: Contract | str | None = None,
        rules: Rules | None = None,
        seed: int | str = 0,
    ) -> Match:
        """A single deal from given hands (masks or §12 texts) with ``king`` to name the
        contract, or ``contract`` already named.  A redeal (§5) deals from ``seed``."""
        from .cards import parse_hand

        masks = [parse_hand(h) if isinstance(h, str) else h for h in hands]
        check_hands(masks)
        if not 0 <= king < 4:
            raise ValueError("the king is a seat 0..3")
        m = cls(rules, FixedDealer(seed, {(0, 0): masks}), single_deal=True, first_king=king)
        if contract is not None:
            if isinstance(contract, str):
                names = {c.value: c for c in Contract}
                if contract not in names:
                    raise ValueError(f"unknown contract {contract!r}; contracts are {', '.join(names)}")
                contract = names[contract]
            if contract not in m.rules.contracts:
                raise ValueError(f"{contract.title} is not played under these rules")
            m.play(CONTRACT_MOVES[contract])
            m._stack.clear()
        return m

    # -- reading the state -------------------------------------------------------------

    @property
    def phase(self) -> str:
        return self._s.phase

    @property
    def to_move(self) -> int | None:
        return self._s.to_move

    @property
    def king(self) -> int:
        return self._s.king

    @property
    def contract(self) -> Contract | None:
        return self._s.contract

    @property
    def deal_number(self) -> int:
        """0-based number of the current deal (the last one when the match is over)."""
        return min(self._s.deal_no, self.deal_count - 1)

    @property
    def deal_count(self) -> int:
        return 1 if self.single_deal else 4 * self.rules.deals_per_kingdom

    @property
    def kingdom(self) -> int:
        return self.deal_number // self.rules.deals_per_kingdom

    @property
    def is_over(self) -> bool:
        return self._s.phase == OVER

    @property
    def hands(self) -> tuple[Hand, ...]:
        """Every seat's cards now (for tests and referees; a bot gets an observation)."""
        return tuple(self._s.hands)

    @property
    def dealt_hands(self) -> tuple[Hand, Hand, Hand, Hand]:
        return self._s.dealt

    @property
    def used_contracts(self) -> tuple[Contract, ...]:
        """Contracts the current king has played in this kingdom."""
        return self._s.used

    @property
    def results(self) -> tuple[DealResult, ...]:
        return self._s.results

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(self._s.totals)

    def team_totals(self) -> tuple[int, int]:
        """§8.1: seats 0+2 and 1+3."""
        t = self._s.totals
        return (t[0] + t[2], t[1] + t[3])

    def places(self) -> list[int]:
        """1-based place of each seat by total (§2.5), of each seat's team in partnership."""
        if self.rules.partnership:
            a, b = self.team_totals()
            p = scoring.places([a, b])
            return [p[0], p[1], p[0], p[1]]
        return scoring.places(self._s.totals)

    def winners(self) -> list[int]:
        """The seats in first place (more than one on equal totals)."""
        return [i for i, p in enumerate(self.places()) if p == 1]

    @property
    def attempts(self) -> tuple[Attempt, ...]:
        """The current deal's earlier dealings, each ended by a redeal (§5)."""
        return self._s.attempts

    @property
    def moves(self) -> tuple[Move, ...]:
        """Moves made in the current attempt of the current deal."""
        return self._s.moves

    @property
    def trick(self) -> tuple[int, ...]:
        return tuple(self._s.trick)

    @property
    def leader(self) -> int:
        return self._s.leader

    @property
    def layout(self) -> tuple[tuple[int, int] | None, ...]:
        """Trex rows by suit: ``(lowest rank, highest rank)`` laid, or None (§6.1)."""
        s = self._s
        return tuple(None if s.lo[i] < 0 else (s.lo[i], s.hi[i]) for i in range(4))

    def to_record(self) -> str:
        """The game record of this match so far (docs/RECORD.md)."""
        from .record import write

        return write(self)

    @classmethod
    def from_record(cls, text: str) -> Match:
        """Replay a game record, checking every move; raises ``record.RecordError``."""
        from .record import read

        return read(text)

    def observation(self, seat: int) -> Observation:
        from .observation import observe

        return observe(self, seat)

    # -- legal moves -------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        s = self._s
        if s.phase == PLAY:
            mask = self._legal_cards(s.to_move)  # type: ignore[arg-type]
            if s.contract is Contract.TREX and not mask:
                return [PASS_MOVE]
            return [CARD_MOVES[c] for c in cards_of(mask)]
        if s.phase == CHOOSE:
            return [CONTRACT_MOVES[c] for c in self._open_contracts()]
        if s.phase == ANNOUNCE:
            seat = s.to_move
            assert seat is not None
            moves = [NO_DOUBLE]
            d = s.hands[seat] & self._doublable()
            sub = d
            subsets = []
            while sub:  # every non-empty subset of the doublable cards held
                subsets.append(double_move(sub))
                sub = (sub - 1) & d
            moves.extend(reversed(subsets))
            if self._may_claim_redeal(seat):
                moves.append(REDEAL_MOVE)
            return moves
        return []

    def _open_contracts(self) -> list[Contract]:
        s = self._s
        return [
            c for c in self.rules.contracts
            if c not in s.used and not (s.kh_barred and c is Contract.KING_OF_HEARTS)
        ]

    def _doublable(self) -> Hand:
        if not self.rules.doubling:
            return 0
        c = self._s.contract
        if c is Contract.KING_OF_HEARTS:
            return 1 << KING_OF_HEARTS
        if c is Contract.QUEENS:
            return QUEENS_MASK
        if c is Contract.COMPLEX:
            return QUEENS_MASK | 1 << KING_OF_HEARTS
        return 0

    def _redeal_possible(self) -> bool:
        """§5.1, §5.3: a King of Hearts deal that is not the king's last unused contract."""
        s = self._s
        return (
            s.contract is Contract.KING_OF_HEARTS
            and self.rules.redeal
            and not self.rules.partnership
            and any(c not in s.used and c is not Contract.KING_OF_HEARTS for c in self.rules.contracts)
        )

    def _may_claim_redeal(self, seat: int) -> bool:
        hearts = self._s.hands[seat] & SUIT_MASK[HEARTS]
        return self._redeal_possible() and hearts in (
            1 << KING_OF_HEARTS,
            1 << KING_OF_HEARTS | 1 << ACE_OF_HEARTS,
        )

    def _legal_cards(self, seat: int) -> Hand:
        s = self._s
        hand = s.hands[seat]
        if s.contract is Contract.TREX:
            return hand & self._layout_playable()
        if not s.trick:
            if s.contract is Contract.KING_OF_HEARTS and self.rules.no_heart_lead:
                rest = hand & ~SUIT_MASK[HEARTS]
                if rest:
                    return rest  # §3.2
            return hand
        follow = hand & SUIT_MASK[s.trick[0] // 13]
        if follow:
            return follow
        if self.rules.forced_discard:  # §3.3
            must = hand & self._forced_discards()
            if must:
                return must
        return hand

    def _forced_discards(self) -> Hand:
        c = self._s.contract
        if c is Contract.KING_OF_HEARTS:
            return 1 << KING_OF_HEARTS
        if c is Contract.QUEENS:
            return QUEENS_MASK
        if c is Contract.DIAMONDS:
            return SUIT_MASK[DIAMONDS]
        return 0

    def _layout_playable(self) -> Hand:
        """§6.1: the jacks of unopened rows and the next card up and down each open row."""
        s = self._s
        m = 0
        for suit in range(4):
            base = 13 * suit
            if s.lo[suit] < 0:
                m |= 1 << (base + JACK)
                continue
            if s.lo[suit] > 0:
                m |= 1 << (base + s.lo[suit] - 1)
            if s.hi[suit] < 12:
                m |= 1 << (base + s.hi[suit] + 1)
        return m

    # -- playing -----------------------------------------------------------------------

    def play(self, move: Move | str, seat: int | None = None) -> Move:
        """Make a move given as a :class:`Move` or its text.  ``seat``, if given, must be
        the seat to move.  Raises ``InvalidMoveError`` for a text that is no move and
        ``IllegalMoveError`` (saying why) for a move the rules forbid now; either way the
        match is unchanged.  Returns the move made."""
        if isinstance(move, str):
            move = parse_move(move)
        elif not isinstance(move, Move):
            raise InvalidMoveError(f"a move is a Move or its text such as 'QS', not {move!r}")
        if not (0 <= move.card < 52 if move.kind == CARD else 0 <= move.cards < 1 << 52):
            raise InvalidMoveError(f"{move!r} names no card of the deck")
        if seat is not None and seat not in range(4):
            raise IllegalMoveError(f"There is no seat {seat!r}: the seats are 0 to 3.")
        s = self._s
        if s.phase == OVER:
            raise IllegalMoveError("The match is over.")
        if seat is not None and seat != s.to_move:
            raise IllegalMoveError(f"It is {SEAT_NAMES[s.to_move]}'s turn, not {SEAT_NAMES[seat]}'s.")  # type: ignore[index]
        if not self._is_legal(move):
            raise IllegalMoveError(self._why_illegal(move))
        self._stack.append(s.copy())
        self._apply(move)
        return move

    def _is_legal(self, move: Move) -> bool:
        s = self._s
        if s.phase == PLAY:
            if move.kind == CARD:
                return bool(self._legal_cards(s.to_move) >> move.card & 1)  # type: ignore[arg-type]
            return (
                move.kind == PASS
                and s.contract is Contract.TREX
                and not self._legal_cards(s.to_move)  # type: ignore[arg-type]
            )
        return move in self.legal_moves()

    def undo(self, n: int = 1) -> None:
        """Take back the last ``n`` moves."""
        if n < 0:
            raise IllegalMoveError(f"Cannot undo a negative number of moves ({n}).")
        if n > len(self._stack):
            raise IllegalMoveError(f"Cannot undo {n} move(s): only {len(self._stack)} made.")
        for _ in range(n):
            self._s = self._stack.pop()

    @property
    def undo_depth(self) -> int:
        return len(self._stack)

    def _apply(self, move: Move) -> None:
        s = self._s
        s.moves += (move,)
        if s.phase == PLAY:
            if s.contract is Contract.TREX:
                self._apply_trex(move)
            else:
                self._apply_trick_card(move.card)
        elif s.phase == CHOOSE:
            self._apply_contract(move.contract)  # type: ignore[arg-type]
        else:
            self._apply_answer(move)

    def _begin_choice(self) -> None:
        s = self._s
        s.phase = CHOOSE
        s.to_move = s.king
        s.contract = None
        open_ = self._open_contracts()
        if len(open_) == 1:  # §2.2: the last contract is forced; no move to make
            self._apply_contract(open_[0])

    def _apply_contract(self, contract: Contract) -> None:
        s = self._s
        s.contract = contract
        s.answers = [None, None, None, None]
        s.doubled_by = {}
        if self._doublable() or self._redeal_possible():
            s.phase = ANNOUNCE  # §4.2: every seat answers in turn, from the king
            s.to_move = s.king
        else:
            self._begin_play()

    def _apply_answer(self, move: Move) -> None:
        s = self._s
        seat = s.to_move
        assert seat is not None
        s.answers[seat] = move
        nxt = self.rules.next_seat(seat)
        if nxt != s.king:
            s.to_move = nxt
            return
        # All four have answered: the answers are revealed together (§4.2).
        for i, a in enumerate(s.answers):
            if a is not None and a.kind == REDEAL:
                self._redeal(i)
                return
        for i, a in enumerate(s.answers):
            if a is not None and a.kind == DOUBLE:
                for c in cards_of(a.cards):
                    s.doubled_by[c] = i
        self._begin_play()

    def _redeal(self, claimant: int) -> None:
        """§5.2: the same king deals again; the deal number stays."""
        s = self._s
        s.attempts += (Attempt(s.dealt, s.moves, s.contract, claimant),)
        s.attempt += 1
        s.dealt = self.dealer.hands(s.deal_no, s.attempt)
        check_hands(s.dealt)
        s.hands = list(s.dealt)
        s.moves = ()
        s.kh_barred = not self.rules.redeal_any_contract
        self._begin_choice()

    def _begin_play(self) -> None:
        s = self._s
        s.phase = PLAY
        s.to_move = s.king  # §3.1, §6.2: the king leads / moves first
        s.leader = s.king

    def _apply_trick_card(self, c: int) -> None:
        s = self._s
        seat = s.to_move
        assert seat is not None
        s.hands[seat] &= ~(1 << c)
        s.trick.append(c)
        if len(s.trick) < 4:
            s.to_move = self.rules.next_seat(seat)
            return
        # §3.1: the highest card of the suit led wins; the winner leads next.
        led = s.trick[0] // 13
        best = 0
        for i in range(1, 4):
            t = s.trick[i]
            if t // 13 == led and t > s.trick[best]:
                best = i
        order = self.rules.seat_order(s.leader)
        winner = order[best]
        cards = tuple(s.trick)
        s.tricks += ((s.leader, cards, winner),)
        s.taken[winner] |= mask_of(cards)
        s.tricks_won[winner] += 1
        s.trick = []
        s.leader = winner
        s.to_move = winner
        if len(s.tricks) == 13 or (self.rules.early_end and self._no_penalty_left()):
            self._end_deal(scoring.trick_deal_scores(s.contract, self.rules, s.tricks, s.doubled_by))  # type: ignore[arg-type]

    def _no_penalty_left(self) -> bool:
        """§3.4: K♥ taken, all queens taken, all diamonds taken."""
        s = self._s
        taken = s.taken[0] | s.taken[1] | s.taken[2] | s.taken[3]
        c = s.contract
        if c is Contract.KING_OF_HEARTS:
            return bool(taken >> KING_OF_HEARTS & 1)
        if c is Contract.QUEENS:
            return taken & QUEENS_MASK == QUEENS_MASK
        if c is Contract.DIAMONDS:
            return taken & SUIT_MASK[DIAMONDS] == SUIT_MASK[DIAMONDS]
        return False  # Collections and Complex play all 13 tricks

    def _apply_trex(self, move: Move) -> None:
        s = self._s
        seat = s.to_move
        assert seat is not None
        s.turns += 1
        if move.kind == PASS:
            # §6.4: while cards remain someone can play, so the layout never locks
            assert any(h & self._layout_playable() for h in s.hands), "the layout is locked"
            s.passes += ((s.turns - 1, seat),)  # §6.5: a pass is public
            s.layout_plays += ((seat, -1),)
        else:
            c = move.card
            s.layout_plays += ((seat, c),)
            suit, rank = divmod(c, 13)
            s.hands[seat] &= ~(1 << c)
            if s.lo[suit] < 0:
                s.lo[suit] = s.hi[suit] = rank
            elif rank < s.lo[suit]:
                s.lo[suit] = rank
            else:
                s.hi[suit] = rank
            if not s.hands[seat]:
                s.out.append(seat)
                if len(s.out) == 3:  # §6.3: the fourth takes last place
                    last = next(i for i in range(4) if s.hands[i])
                    s.out.append(last)
                    self._end_deal(scoring.trex_deal_scores(s.out))
                    return
        # §6.3: players with no cards are skipped.
        nxt = self.rules.next_seat(seat)
        while not s.hands[nxt]:
            nxt = self.rules.next_seat(nxt)
        s.to_move = nxt

    def _end_deal(self, scores: list[int]) -> None:
        s = self._s
        contract = s.contract
        assert contract is not None
        per_kingdom = self.rules.deals_per_kingdom
        s.attempts += (Attempt(s.dealt, s.moves, contract),)
        s.results += (
            DealResult(
                number=s.deal_no,
                kingdom=s.deal_no // per_kingdom,
                king=s.king,
                contract=contract,
                scores=(scores[0], scores[1], scores[2], scores[3]),
                attempts=s.attempts,
                doubled=tuple(sorted(s.doubled_by.items())),
                tricks=s.tricks,
                out_order=tuple(s.out),
            ),
        )
        for i in range(4):
            s.totals[i] += scores[i]
        s.deal_no += 1
        if s.deal_no >= self.deal_count:
            s.phase = OVER
            s.to_move = None
            return
        s.used = s.used + (contract,)
        if s.deal_no % per_kingdom == 0:
            s.used = ()
            s.king = self.kings[s.deal_no // per_kingdom]
        self._next_deal()

    def _next_deal(self) -> None:
        s = self._s
        s.attempt = 0
        s.attempts = ()
        s.dealt = self.dealer.hands(s.deal_no, 0)
        check_hands(s.dealt)
        s.hands = list(s.dealt)
        s.moves = ()
        s.kh_barred = False
        s.answers = [None, None, None, None]
        s.doubled_by = {}
        s.trick = []
        s.tricks = ()
        s.taken = [0, 0, 0, 0]
        s.tricks_won = [0, 0, 0, 0]
        s.lo = [-1, -1, -1, -1]
        s.hi = [-1, -1, -1, -1]
        s.passes = ()
        s.layout_plays = ()
        s.turns = 0
        s.out = []
        self._begin_choice()

    # -- why a move is illegal ---------------------------------------------------------

    def _why_illegal(self, move: Move) -> str:
        from .explain import why_illegal

        return why_illegal(self, move)
