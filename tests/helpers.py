"""Building fixed deals for rule tests."""

from __future__ import annotations

from collections.abc import Iterable

from hypothesis import strategies as st

from trex_core import Match, Rules, parse_card
from trex_core.cards import mask_of


def hands_with(fixed: dict[int, Iterable[str]]) -> list[int]:
    """Four hands in which each seat holds the cards named for it; the rest of the deck is
    handed out in card order to fill every hand to 13."""
    hands = [[parse_card(t) for t in fixed.get(s, ())] for s in range(4)]
    used = {c for h in hands for c in h}
    rest = [c for c in range(52) if c not in used]
    for h in hands:
        while len(h) < 13:
            h.append(rest.pop(0))
    assert not rest
    return [mask_of(h) for h in hands]


def deal(
    fixed: dict[int, Iterable[str]],
    contract: str | None,
    king: int = 0,
    rules: Rules | None = None,
    **options: object,
) -> Match:
    r = (rules or Rules()).replace(**options) if options else (rules or Rules())
    return Match.deal(hands_with(fixed), king=king, contract=contract, rules=r)


def play_all(m: Match, moves: str) -> None:
    for t in moves.split():
        m.play(t)


def play_trick(m: Match, cards: dict[int, str]) -> None:
    """Play one trick given as the card of each seat, in whatever order the rules seat them."""
    for _ in range(4):
        m.play(cards[m.to_move])  # type: ignore[index]


def answer_all(m: Match, answers: dict[int, str] | None = None) -> None:
    """Answer the doubling question for every seat (default 'nodouble')."""
    answers = answers or {}
    while m.phase == "announce":
        m.play(answers.get(m.to_move, "nodouble"))  # type: ignore[arg-type]


def play_out(m: Match, choose: object = None) -> None:
    """Play the rest of the deal with each seat's lowest legal move (deterministic)."""
    while not m.is_over:
        moves = m.legal_moves()
        m.play(moves[0])


rules_strategy = st.builds(
    Rules,
    direction=st.sampled_from(["counterclockwise", "clockwise"]),
    first_king=st.sampled_from(["seven-of-hearts", "random-dealer"]),
    kingdom_order=st.sampled_from(["next", "right-then-across"]),
    no_heart_lead=st.booleans(),
    forced_discard=st.booleans(),
    early_end=st.booleans(),
    swap_values=st.booleans(),
    doubling=st.booleans(),
    self_capture=st.sampled_from(["plain", "jawaker"]),
    redeal=st.booleans(),
    redeal_any_contract=st.booleans(),
    partnership=st.booleans(),
    complex=st.booleans(),
)
"""Any rules: every option at every value (§10)."""
