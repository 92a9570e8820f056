"""The match as a state machine (§2): choose a contract, announce, play, deal over; twenty
deals.

``Match`` applies moves to a :class:`~trex_core.state.State`.  What is legal comes from
:mod:`trex_core.legality` and what a deal scores from :mod:`trex_core.scoring`; this module
holds only the flow of the game.  It knows nothing of observations, records, positions'
texts or explanations: those modules read a match through its public API.

Dealing is done by a :class:`Dealer`, so a match from a seed, a single deal from given hands
and a replayed record share every rule.  ``undo`` never reverses game logic: the match keeps
a snapshot at the start of each dealing and replays the moves since (python-chess keeps a
small snapshot per move; a deal is short enough that one per dealing is cheaper).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import legality, scoring
from .cards import FULL_DECK, SEVEN_OF_HEARTS, Hand, card_symbol, cards_of, mask_of, parse_hand
from .errors import IllegalMoveError, InvalidMoveError
from .moves import CARD, CONTRACT, CONTRACT_MOVES, DOUBLE, NO_DOUBLE, PASS, REDEAL, Move, parse_move
from .rules import RANDOM_DEALER, SEAT_NAMES, Contract, Rules
from .tricks import early_end, ended_early, trex_order, trick_winner

if TYPE_CHECKING:
    from .records.position import Position

from .state import (
    ANNOUNCE,
    CHOOSE,
    DEAL_OVER,
    OVER,
    PLAY,
    Attempt,
    DealResult,
    State,
)

__all__ = [
    "ANNOUNCE", "CHOOSE", "DEAL_OVER", "OVER", "PLAY", "SEAT_NAMES", "Attempt", "DealResult",
    "Dealer", "FixedDealer", "Match", "check_hands",
]


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


def contract_named(contract: Contract | str, rules: Rules) -> Contract:
    """A contract from its value or name, checked against ``rules``; ValueError if unknown."""
    if isinstance(contract, str):
        names = {c.value: c for c in Contract}
        if contract not in names:
            raise ValueError(f"unknown contract {contract!r}; contracts are {', '.join(names)}")
        contract = names[contract]
    if contract not in rules.contracts:
        raise ValueError(f"{contract.title} is not played under these rules")
    return contract


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
        self._s = State()
        self._history: list[Move] = []
        self._marks: list[tuple[int, State]] = []
        """``(number of moves made, state then)`` at the start of each dealing, for undo."""
        self._next = tuple(self.rules.next_seat(seat) for seat in range(4))
        self._legal = -1
        """The legal cards of the seat to move in phase play, once asked for; -1 before."""
        self._penalty: dict[Contract, Hand] = {
            c: scoring.penalty_cards(c, self.rules) for c in self.rules.contracts if c is not Contract.TREX
        }
        self._early_end = {c: early_end(c, self.rules) for c in self._penalty}
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
        self._begin_dealing()

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
        masks = [parse_hand(h) if isinstance(h, str) else h for h in hands]
        check_hands(masks)
        if not 0 <= king < 4:
            raise ValueError("the king is a seat 0..3")
        m = cls(rules, FixedDealer(seed, {(0, 0): masks}), single_deal=True, first_king=king)
        if contract is not None:
            m.play(CONTRACT_MOVES[contract_named(contract, m.rules)])
            m._history.clear()  # the deal starts with its contract named: nothing to undo
            m._marks = [(0, m._s.copy())]
        return m

    @classmethod
    def from_position(cls, position: Position | str) -> Match:
        """The single deal a position describes (docs/POSITION.md), with its contract, answers
        and moves played through the rules.  A text that is no position raises
        ``PositionError``; an illegal answer or move raises ``PositionError`` at its line
        and column, saying why (the ``IllegalMoveError`` is its ``__cause__``)."""
        from .records.position import Position  # loaded on first use: the page's start-up does not need it

        p = Position.parse(position) if isinstance(position, str) else position
        if p.hands is not None:
            m = cls(p.rules, FixedDealer(0, {(0, 0): p.hands}), single_deal=True, first_king=p.king)
        else:
            assert p.seed is not None
            m = cls(p.rules, Dealer(p.seed), single_deal=True, first_king=p.king)

        def play(move: Move, loc: tuple[int, int]) -> None:
            try:
                m.play(move)
            except IllegalMoveError as e:
                raise p.error(loc, str(e)) from e

        if p.contract is not None:
            play(CONTRACT_MOVES[p.contract], p.where("contract"))
        answers = p.answers_in_turn()
        for seat, answer in answers:
            play(answer, p.answer_column(seat))
        if p.moves and not answers:
            while m.phase == ANNOUNCE:  # answers left out before the moves: nobody doubled
                m.play(NO_DOUBLE)
        for i, move in enumerate(p.moves):
            play(move, p.move_column(i))
        return m

    def position(self) -> Position:
        """The current deal as a position (docs/POSITION.md): its dealt hands, king, rules,
        contract, answers and moves.  Only before a redeal: a redeal's new dealing is a new
        position (§5.2), given by the hands it dealt."""
        from .records.position import Position  # loaded on first use, as in from_position

        s = self._s
        moves = list(s.moves)
        contract = None
        if moves and moves[0].kind == CONTRACT:
            contract = moves.pop(0).contract
        elif s.contract is not None:  # §2.2: named for the king (forced)
            contract = s.contract
        answers: list[Move | None] = [None, None, None, None]
        for seat in self.rules.seat_order(s.king):
            if moves and moves[0].kind in (DOUBLE, REDEAL):
                answers[seat] = moves.pop(0)
        return Position(
            s.dealt, None, s.king, contract, self.rules,
            (answers[0], answers[1], answers[2], answers[3]), tuple(moves),
        )

    # -- reading the state -------------------------------------------------------------

    @property
    def state(self) -> State:
        """The whole state, for the modules that read a match (observations, records,
        explanations).  Read it; never change it."""
        return self._s

    @property
    def phase(self) -> str:
        return self._s.phase

    @property
    def to_move(self) -> int | None:
        """The seat to move (in ``deal-over``, the next deal's king); None when over."""
        return self._s.to_move

    @property
    def king(self) -> int:
        return self._s.king

    @property
    def contract(self) -> Contract | None:
        return self._s.contract

    @property
    def deal_number(self) -> int:
        """0-based number of the current deal (of the finished one in ``deal-over``)."""
        return self._s.deal_no

    @property
    def deal_count(self) -> int:
        return 1 if self.single_deal else 4 * self.rules.deals_per_kingdom

    @property
    def kingdom(self) -> int:
        return self._s.deal_no // self.rules.deals_per_kingdom

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
        return tuple(self._s.moves)

    @property
    def history(self) -> tuple[Move, ...]:
        """Every move made since the start (since the contract, for a deal given one): with
        the seed and the rules, all it takes to rebuild this match."""
        return tuple(self._history)

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

    def ledger(self) -> tuple[scoring.Entry, ...]:
        """The current deal's ledger so far (the finished deal's in ``deal-over``)."""
        s = self._s
        if s.phase in (DEAL_OVER, OVER) and s.results:
            return s.results[-1].ledger
        if s.phase != PLAY or s.contract is None:
            return ()
        if s.contract is Contract.TREX:
            return tuple(scoring.trex_ledger(s.out))
        return tuple(scoring.trick_ledger(s.contract, self.rules, s.tricks, s.doubled_by))

    # -- legal moves -------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        s = self._s
        if s.phase == PLAY:
            legal = self._legal
            if legal < 0:
                legal = self._legal = legality.legal_cards(s, self.rules)
            return legality.card_moves(legal, s.contract)
        return legality.legal_moves(s, self.rules)

    def is_legal(self, move: Move) -> bool:
        s = self._s
        if s.phase == PLAY and move.kind == CARD:
            return 0 <= move.card < 52 and bool(self._legal_cards() >> move.card & 1)
        return legality.is_legal(s, self.rules, move)

    def _legal_cards(self) -> Hand:
        """legality.legal_cards, asked once per position (``legal_moves`` then ``play``)."""
        if self._legal < 0:
            self._legal = legality.legal_cards(self._s, self.rules)
        return self._legal

    # -- playing -----------------------------------------------------------------------

    def play(self, move: Move | str, seat: int | None = None) -> Move:
        """Make a move given as a :class:`Move` or its text.  ``seat``, if given, must be
        the seat to move.  Raises ``InvalidMoveError`` for a text that is no move and
        ``IllegalMoveError`` (with a code saying which rule) for a move the rules forbid
        now; either way the match is unchanged.  Returns the move made."""
        if move.__class__ is not Move:
            if isinstance(move, str):
                move = parse_move(move)
            elif not isinstance(move, Move):
                raise InvalidMoveError(f"a move is a Move or its text such as 'QS', not {move!r}")
        s = self._s
        if seat is not None and seat != s.to_move:
            if seat not in range(4):
                raise IllegalMoveError("no-such-seat", {"seat": seat})
            if s.to_move is not None:
                raise IllegalMoveError("not-your-turn", {"seat": seat, "to_move": s.to_move})
        if s.phase == PLAY and move.kind == CARD:  # the common case, written out for speed
            c = move.card
            legal = self._legal
            if legal < 0:
                legal = legality.legal_cards(s, self.rules)
            if 0 <= c < 52 and legal >> c & 1:
                self._history.append(move)
                self._legal = -1
                s.moves.append(move)
                if s.contract is Contract.TREX:
                    self._apply_trex(move)
                else:
                    self._apply_trick_card(c)
                return move
        elif legality.is_legal(s, self.rules, move):
            self._history.append(move)
            self._legal = -1
            self._apply(move)
            return move
        if not (0 <= move.card < 52 if move.kind == CARD else 0 <= move.cards < 1 << 52):
            raise InvalidMoveError(f"{move!r} names no card of the deck")
        error = legality.refusal(s, self.rules, move)
        assert error is not None
        raise error

    def undo(self, n: int = 1) -> None:
        """Take back the last ``n`` moves."""
        if n < 0:
            raise IllegalMoveError("undo-negative", {"n": n})
        made = len(self._history)
        if n > made:
            raise IllegalMoveError("undo-too-many", {"n": n, "made": made})
        if not n:
            return
        target = made - n
        while self._marks[-1][0] > target:
            self._marks.pop()
        start, snapshot = self._marks[-1]
        self._s = snapshot.copy()
        self._legal = -1
        replay = self._history[start:target]
        del self._history[start:]
        for move in replay:  # legal when first made: replayed without checks
            self._history.append(move)
            self._apply(move)

    @property
    def undo_depth(self) -> int:
        return len(self._history)

    # -- applying moves ----------------------------------------------------------------

    def _apply(self, move: Move) -> None:
        s = self._s
        phase = s.phase
        if phase == PLAY:
            s.moves.append(move)
            if s.contract is Contract.TREX:
                self._apply_trex(move)
            else:
                self._apply_trick_card(move.card)
        elif phase == CHOOSE:
            s.moves.append(move)
            assert move.contract is not None
            self._apply_contract(move.contract)
        elif phase == ANNOUNCE:
            s.moves.append(move)
            self._apply_answer(move)
        else:  # DEAL_OVER: ``next``
            self._next_deal()

    def _begin_dealing(self) -> None:
        """A new dealing of the current deal: the king names a contract (§2.2).  Undo's
        snapshot is taken here, once the dealing is ready for its first move."""
        s = self._s
        s.phase = CHOOSE
        s.to_move = s.king
        s.contract = None
        open_ = legality.open_contracts(s, self.rules)
        if len(open_) == 1:  # §2.2: the last contract is forced; no move to make
            self._apply_contract(open_[0])
        self._marks.append((len(self._history), s.copy()))

    def _apply_contract(self, contract: Contract) -> None:
        s = self._s
        s.contract = contract
        s.answers = [None, None, None, None]
        s.doubled_by = {}
        if legality.has_announcement(s, self.rules):
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
        s.attempts += (Attempt(s.dealt, tuple(s.moves), s.contract, claimant),)
        s.attempt += 1
        s.dealt = self.dealer.hands(s.deal_no, s.attempt)
        check_hands(s.dealt)
        s.hands = list(s.dealt)
        s.moves = []
        s.kh_barred = not self.rules.redeal_any_contract
        self._begin_dealing()

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
        trick = s.trick
        trick.append(c)
        nxt = self._next
        if len(trick) < 4:
            s.to_move = nxt[seat]
            return
        winner = trick_winner(trick, s.leader, nxt)  # §3.1: the winner leads next
        cards = tuple(trick)
        s.tricks.append((s.leader, cards, winner))
        s.taken[winner] |= 1 << cards[0] | 1 << cards[1] | 1 << cards[2] | 1 << cards[3]
        s.trick = []
        s.leader = winner
        s.to_move = winner
        contract = s.contract
        assert contract is not None
        taken = s.taken[0] | s.taken[1] | s.taken[2] | s.taken[3]
        if len(s.tricks) == 13 or ended_early(taken, self._penalty[contract], self._early_end[contract]):
            self._end_deal(scoring.trick_ledger(contract, self.rules, s.tricks, s.doubled_by))

    def _apply_trex(self, move: Move) -> None:
        s = self._s
        seat = s.to_move
        assert seat is not None
        if move.kind == PASS:
            # §6.4: while cards remain someone can play, so the layout never locks
            playable = legality.layout_playable(s.lo, s.hi)
            assert any(h & playable for h in s.hands), "the layout is locked"
            s.passes.append((len(s.layout_plays), seat))  # §6.5: a pass is public
            s.layout_plays.append((seat, -1))
        else:
            c = move.card
            s.layout_plays.append((seat, c))
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
                    s.out = trex_order(s.out, s.hands)
                    self._end_deal(scoring.trex_ledger(s.out))
                    return
        # §6.3: players with no cards are skipped.
        nxt = self._next[seat]
        while not s.hands[nxt]:
            nxt = self._next[nxt]
        s.to_move = nxt

    def _end_deal(self, ledger: list[scoring.Entry]) -> None:
        """The deal is over: its result is kept and the table stays as it is (phase
        ``deal-over``) until ``next``, or the match is over."""
        s = self._s
        contract = s.contract
        assert contract is not None
        scores = scoring.scores_of(ledger)
        s.attempts += (Attempt(s.dealt, tuple(s.moves), contract),)
        s.results += (
            DealResult(
                number=s.deal_no,
                kingdom=s.deal_no // self.rules.deals_per_kingdom,
                king=s.king,
                contract=contract,
                scores=scores,
                attempts=s.attempts,
                doubled=tuple(sorted(s.doubled_by.items())),
                tricks=tuple(s.tricks),
                out_order=tuple(s.out),
                ledger=tuple(ledger),
                taken=(s.taken[0], s.taken[1], s.taken[2], s.taken[3]),
            ),
        )
        for i in range(4):
            s.totals[i] += scores[i]
        if s.deal_no + 1 >= self.deal_count:
            s.phase = OVER
            s.to_move = None
            return
        s.phase = DEAL_OVER
        s.to_move = self._king_of(s.deal_no + 1)

    def _king_of(self, deal_no: int) -> int:
        return self.kings[deal_no // self.rules.deals_per_kingdom]

    def _next_deal(self) -> None:
        s = self._s
        assert s.contract is not None
        s.used = s.used + (s.contract,)
        s.deal_no += 1
        if s.deal_no % self.rules.deals_per_kingdom == 0:
            s.used = ()
        s.king = self._king_of(s.deal_no)
        s.attempt = 0
        s.attempts = ()
        s.dealt = self.dealer.hands(s.deal_no, 0)
        check_hands(s.dealt)
        s.hands = list(s.dealt)
        s.moves = []
        s.kh_barred = False
        s.answers = [None, None, None, None]
        s.doubled_by = {}
        s.trick = []
        s.tricks = []
        s.taken = [0, 0, 0, 0]
        s.lo = [-1, -1, -1, -1]
        s.hi = [-1, -1, -1, -1]
        s.passes = []
        s.layout_plays = []
        s.out = []
        self._begin_dealing()
