"""Which moves the rules allow, and why a move is refused: pure functions of a
:class:`~trex_core.state.State` and the :class:`~trex_core.rules.Rules`.

This is the one place that decides legality.  ``Match`` asks it before every move, the
observation lists its moves, ``explain`` and every ``IllegalMoveError`` take their reason
from :func:`refusal`, which explains a refusal by the same masks that decided it.  The rules
of a trick (§3.1–§3.3) are :mod:`trex_core.tricks`'s, which the bots' fast path reads too.
(The layout's §6.1 is here on rows and in the fast path on bits, ``fast.trex_playable``;
``tests/test_fast.py`` compares them at every position.)
"""

from __future__ import annotations

from .cards import (
    ACE_OF_HEARTS,
    HEARTS,
    JACK,
    KING_OF_HEARTS,
    QUEENS_MASK,
    SUIT_MASK,
    SUITS,
    Hand,
    card_text,
    cards_of,
)
from .errors import IllegalMoveError
from .moves import (
    CARD,
    CARD_MOVES,
    CONTRACT,
    CONTRACT_MOVES,
    DOUBLE,
    NEXT,
    NEXT_MOVE,
    NO_DOUBLE,
    PASS,
    PASS_MOVE,
    REDEAL,
    REDEAL_MOVE,
    Move,
    double_move,
)
from .rules import Contract, Rules
from .state import ANNOUNCE, CHOOSE, DEAL_OVER, OVER, PLAY, State
from .tricks import LEAD, forced_discards, legal_in_trick, trick_obligation

# -- the pieces ----------------------------------------------------------------------------


def open_contracts(s: State, rules: Rules) -> list[Contract]:
    """§2.2: the contracts the king has not yet played in this kingdom; §5.2: not King of
    Hearts right after a redeal (unless the option allows any)."""
    return [
        c for c in rules.contracts
        if c not in s.used and not (s.kh_barred and c is Contract.KING_OF_HEARTS)
    ]


def doublable(contract: Contract | None, rules: Rules) -> Hand:
    """§4.1: K♥ in King of Hearts, the queens in Queens, both in Complex (§9.2)."""
    if not rules.doubling:
        return 0
    if contract is Contract.KING_OF_HEARTS:
        return 1 << KING_OF_HEARTS
    if contract is Contract.QUEENS:
        return QUEENS_MASK
    if contract is Contract.COMPLEX:
        return QUEENS_MASK | 1 << KING_OF_HEARTS
    return 0


def redeal_possible(s: State, rules: Rules) -> bool:
    """§5.1, §5.3: a King of Hearts deal that is not the king's last unused contract."""
    return (
        s.contract is Contract.KING_OF_HEARTS
        and rules.redeal
        and not rules.partnership
        and any(c not in s.used and c is not Contract.KING_OF_HEARTS for c in rules.contracts)
    )


REDEAL_HEARTS = (1 << KING_OF_HEARTS, 1 << KING_OF_HEARTS | 1 << ACE_OF_HEARTS)
"""§5.1: the heart holdings that allow a redeal: K♥ alone, or K♥ and A♥."""


def may_claim_redeal(s: State, rules: Rules, seat: int) -> bool:
    return s.hands[seat] & SUIT_MASK[HEARTS] in REDEAL_HEARTS and redeal_possible(s, rules)


def has_announcement(s: State, rules: Rules) -> bool:
    """§4.2, §5: whether the named contract opens a round of answers before play."""
    return bool(doublable(s.contract, rules)) or redeal_possible(s, rules)


def layout_playable(lo: list[int], hi: list[int]) -> Hand:
    """§6.1: the jacks of unopened rows and the next card up and down each open row."""
    m = 0
    for suit in range(4):
        base = 13 * suit
        low = lo[suit]
        if low < 0:
            m |= 1 << (base + JACK)
            continue
        if low > 0:
            m |= 1 << (base + low - 1)
        if hi[suit] < 12:
            m |= 1 << (base + hi[suit] + 1)
    return m


def legal_cards(s: State, rules: Rules) -> Hand:
    """The cards the seat to move may play now (phase ``play``)."""
    hand = s.hands[s.to_move]  # type: ignore[index]  # to_move is a seat in phase play
    contract = s.contract
    if contract is Contract.TREX:
        return hand & layout_playable(s.lo, s.hi)
    led = s.trick[0] // 13 if s.trick else LEAD
    return legal_in_trick(hand, trick_obligation(led, contract, rules))  # type: ignore[arg-type]  # named in play


# -- the legal moves -------------------------------------------------------------------------

_SUIT_MOVES: tuple[dict[int, tuple[Move, ...]], ...] = ({}, {}, {}, {})
"""Per suit, the card moves of each 13-bit pattern, filled as patterns occur (a legal set
is most often a part of one suit): listing legal cards is the public API's hottest line."""


def card_moves(mask: Hand, contract: Contract | None) -> list[Move]:
    """The moves that play the cards of ``mask``, in card order; §6.2: a pass in Trex when
    there are none."""
    if not mask and contract is Contract.TREX:
        return [PASS_MOVE]
    out: list[Move] = []
    for suit in (0, 1, 2, 3):
        p = mask >> (13 * suit) & 8191
        if p:
            table = _SUIT_MOVES[suit]
            moves = table.get(p)
            if moves is None:
                moves = table[p] = tuple(CARD_MOVES[c + 13 * suit] for c in cards_of(p))
            out += moves
    return out


def legal_moves(s: State, rules: Rules) -> list[Move]:
    """Every legal move of the seat to move, in a fixed order."""
    phase = s.phase
    if phase == PLAY:
        return card_moves(legal_cards(s, rules), s.contract)
    if phase == CHOOSE:
        return [CONTRACT_MOVES[c] for c in open_contracts(s, rules)]
    if phase == ANNOUNCE:
        seat = s.to_move
        assert seat is not None
        moves = [NO_DOUBLE]
        d = s.hands[seat] & doublable(s.contract, rules)
        sub = d
        subsets = []
        while sub:  # every non-empty subset of the doublable cards held
            subsets.append(double_move(sub))
            sub = (sub - 1) & d
        moves.extend(reversed(subsets))
        if may_claim_redeal(s, rules, seat):
            moves.append(REDEAL_MOVE)
        return moves
    if phase == DEAL_OVER:
        return [NEXT_MOVE]
    return []


def is_legal(s: State, rules: Rules, move: Move) -> bool:
    phase = s.phase
    kind = move.kind
    if phase == PLAY:
        if kind == CARD:
            c = move.card
            return 0 <= c < 52 and bool(legal_cards(s, rules) >> c & 1)
        return kind == PASS and s.contract is Contract.TREX and not legal_cards(s, rules)
    if phase == DEAL_OVER:
        return kind == NEXT
    if phase == CHOOSE:
        return kind == CONTRACT and move.contract in open_contracts(s, rules)
    if phase == ANNOUNCE:
        if kind == REDEAL:
            return may_claim_redeal(s, rules, s.to_move)  # type: ignore[arg-type]  # a seat answers
        if kind == DOUBLE:
            held = s.hands[s.to_move] & doublable(s.contract, rules)  # type: ignore[index]  # likewise
            return move.cards & ~held == 0
    return False


# -- why a move is refused ---------------------------------------------------------------------


def _texts(mask: Hand) -> list[str]:
    """Cards as on screen, suit by suit (♠ ♥ ♦ ♣) from high to low, like a sorted hand."""
    return [card_text(c) for suit in range(4) for c in reversed(cards_of(mask & SUIT_MASK[suit]))]


def refusal(s: State, rules: Rules, move: Move) -> IllegalMoveError | None:
    """None if ``move`` is legal for the seat to move, else the error that says which rule
    forbids it.  The decision is :func:`is_legal`'s; the reason is read off the same masks."""
    if is_legal(s, rules, move):
        return None
    phase = s.phase
    if phase == OVER:
        return IllegalMoveError("match-over")
    if phase == DEAL_OVER:
        return IllegalMoveError("deal-over")
    if move.kind == NEXT:
        return IllegalMoveError("no-deal-over")
    seat = s.to_move
    assert seat is not None
    if phase == CHOOSE:
        return _contract_refusal(s, rules, move)
    if phase == ANNOUNCE:
        return _answer_refusal(s, rules, move, seat)
    hand = s.hands[seat]
    contract = s.contract
    assert contract is not None
    if move.kind == CARD and not hand >> move.card & 1:
        return IllegalMoveError("not-held", {"cards": _texts(1 << move.card)})
    if contract is Contract.TREX:
        return _layout_refusal(s, rules, move)
    if move.kind != CARD:
        return IllegalMoveError("play-card", {"contract": contract.value})
    if not s.trick:
        return IllegalMoveError("heart-lead")  # only §3.2 forbids a lead
    led = s.trick[0] // 13
    follow = hand & SUIT_MASK[led]
    if follow:
        return IllegalMoveError("follow-suit", {"suit": SUITS[led], "cards": _texts(follow)})
    return IllegalMoveError("forced-discard", {
        "suit": SUITS[led], "contract": contract.value, "cards": _texts(hand & forced_discards(contract)),
    })


def _contract_refusal(s: State, rules: Rules, move: Move) -> IllegalMoveError:
    if move.kind != CONTRACT or move.contract is None:
        return IllegalMoveError("name-contract", {"king": s.king})
    contract = move.contract
    if contract not in rules.contracts:
        return IllegalMoveError("contract-not-played", {"contract": contract.value})
    if contract in s.used:
        return IllegalMoveError("contract-used", {"contract": contract.value})
    return IllegalMoveError("contract-after-redeal")


def _answer_refusal(s: State, rules: Rules, move: Move, seat: int) -> IllegalMoveError:
    if move.kind == REDEAL:
        if redeal_possible(s, rules):
            return IllegalMoveError("redeal-hand")
        if rules.partnership:
            return IllegalMoveError("redeal-partnership")
        if s.contract is not Contract.KING_OF_HEARTS:
            return IllegalMoveError("redeal-contract")
        if not rules.redeal:
            return IllegalMoveError("redeal-off")
        return IllegalMoveError("redeal-last-contract")
    if move.kind == DOUBLE:
        d = doublable(s.contract, rules)
        contract = s.contract.value if s.contract else None
        if not rules.doubling:
            return IllegalMoveError("doubling-off")
        if not d:
            return IllegalMoveError("nothing-doublable", {"contract": contract})
        if move.cards & ~d:
            return IllegalMoveError("not-doublable", {"contract": contract, "cards": _texts(d)})
        return IllegalMoveError("not-held", {"cards": _texts(move.cards & ~s.hands[seat])})
    return IllegalMoveError("answer-redeal" if not rules.doubling else "answer-double", {"seat": seat})


def _layout_refusal(s: State, rules: Rules, move: Move) -> IllegalMoveError:
    playable = legal_cards(s, rules)
    if move.kind == PASS:
        return IllegalMoveError("must-play", {"cards": _texts(playable)})
    if move.kind != CARD:
        return IllegalMoveError("layout-card")
    suit = move.card // 13
    if s.lo[suit] < 0:
        return IllegalMoveError("row-closed", {"suit": SUITS[suit]})
    ends = layout_playable(s.lo, s.hi) & SUIT_MASK[suit]
    return IllegalMoveError("row-ends", {
        "suit": SUITS[suit], "low": s.lo[suit], "high": s.hi[suit],
        "cards": [card_text(c) for c in cards_of(ends)],
    })
