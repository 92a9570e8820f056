"""Rule options, presets (§10), contracts and the order of seats (§1.3, §2.4).

Everything a table can vary lives in one frozen :class:`Rules` value; the engine reads it and
nothing else.  ``Rules.preset("pagat", partnership=True)`` names a preset and changes options.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass
from typing import Any

SEAT_NAMES = ("South", "East", "North", "West")
"""Seats 0–3 as the English API and records name them (§1)."""


class Contract(enum.Enum):
    """The five contracts (§3, §6) and Complex (§9).  ``value`` is the canonical move text."""

    KING_OF_HEARTS = "king-of-hearts"
    QUEENS = "queens"
    DIAMONDS = "diamonds"
    COLLECTIONS = "collections"
    TREX = "trex"
    COMPLEX = "complex"

    @property
    def is_trick_contract(self) -> bool:
        return self is not Contract.TREX

    @property
    def title(self) -> str:
        return _TITLES[self]


_TITLES = {
    Contract.KING_OF_HEARTS: "King of Hearts",
    Contract.QUEENS: "Queens",
    Contract.DIAMONDS: "Diamonds",
    Contract.COLLECTIONS: "Collections",
    Contract.TREX: "Trex",
    Contract.COMPLEX: "Complex",
}

STANDARD_CONTRACTS = (
    Contract.KING_OF_HEARTS,
    Contract.QUEENS,
    Contract.DIAMONDS,
    Contract.COLLECTIONS,
    Contract.TREX,
)
COMPLEX_CONTRACTS = (Contract.TREX, Contract.COMPLEX)

COUNTERCLOCKWISE = "counterclockwise"
CLOCKWISE = "clockwise"
SEVEN_OF_HEARTS = "seven-of-hearts"
RANDOM_DEALER = "random-dealer"
NEXT_SEAT = "next"
RIGHT_THEN_ACROSS = "right-then-across"
PLAIN = "plain"
JAWAKER = "jawaker"

CHOICES: dict[str, tuple[str, ...]] = {
    "direction": (COUNTERCLOCKWISE, CLOCKWISE),
    "first_king": (SEVEN_OF_HEARTS, RANDOM_DEALER),
    "kingdom_order": (NEXT_SEAT, RIGHT_THEN_ACROSS),
    "self_capture": (PLAIN, JAWAKER),
}
"""The options that are a choice of words, in field order, and the words each allows (the
first is the default's); every other option of :class:`Rules` is a switch (``SWITCHES``)."""


@dataclass(frozen=True)
class Rules:
    """The rule options of a table.  Defaults are the ``levant`` preset (§10)."""

    direction: str = COUNTERCLOCKWISE
    """§1.3: counterclockwise (next seat = your right) or clockwise (Dutch text)."""
    first_king: str = SEVEN_OF_HEARTS
    """§2.3: the holder of 7♥ in the first deal, or a first dealer chosen at random."""
    kingdom_order: str = NEXT_SEAT
    """§2.4: ``next`` seat each kingdom, or ``right-then-across``: A, B, D, C where A B C D
    are the seats in playing order (so under clockwise play B is A's left neighbour)."""
    no_heart_lead: bool = False
    """§3.2: in King of Hearts no heart may be led while the leader holds a non-heart."""
    forced_discard: bool = False
    """§3.3: a void player must discard K♥ / a queen / a diamond if he holds one."""
    early_end: bool = True
    """§3.4: a trick contract stops when no penalty is left to take."""
    swap_values: bool = False
    """§3.5: −15 per diamond and −10 per trick instead of −10 and −15, in Diamonds and
    Collections; Complex keeps its own −10 and −15 (§9.2)."""
    doubling: bool = True
    """§4.1: K♥ and queens may be doubled."""
    self_capture: str = PLAIN
    """§4.4: ``plain`` (doubler taking his own card loses the normal value) or ``jawaker``."""
    redeal: bool = True
    """§5: the King of Hearts redeal."""
    redeal_any_contract: bool = False
    """§5.2: after a redeal the king may name any unused contract (even King of Hearts)."""
    partnership: bool = False
    """§8: seats 0+2 against 1+3."""
    complex: bool = False
    """§9: each kingdom is Trex and Complex."""

    def __post_init__(self) -> None:
        for name, allowed in CHOICES.items():
            if getattr(self, name) not in allowed:
                raise ValueError(f"rule {name} must be one of {', '.join(allowed)}")

    # -- seats ---------------------------------------------------------------------------
    # Seats are numbered 0..3 counter-clockwise around the table (0 south, 1 east, 2 north,
    # 3 west), so the player on your right is seat + 1.  This is the one place that knows
    # which way play goes (§1.3).

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % 4 if self.direction == COUNTERCLOCKWISE else (seat + 3) % 4

    def seat_order(self, first: int) -> tuple[int, int, int, int]:
        """The four seats in playing order starting with ``first``."""
        a = first
        b = self.next_seat(a)
        c = self.next_seat(b)
        d = self.next_seat(c)
        return (a, b, c, d)

    def kings(self, first_king: int) -> tuple[int, int, int, int]:
        """The kings of the four kingdoms (§2.4)."""
        a, b, c, d = self.seat_order(first_king)
        return (a, b, d, c) if self.kingdom_order == RIGHT_THEN_ACROSS else (a, b, c, d)

    @staticmethod
    def partner(seat: int) -> int:
        return (seat + 2) % 4

    # -- contracts -----------------------------------------------------------------------

    @property
    def contracts(self) -> tuple[Contract, ...]:
        return COMPLEX_CONTRACTS if self.complex else STANDARD_CONTRACTS

    @property
    def deals_per_kingdom(self) -> int:
        return len(self.contracts)

    @property
    def diamond_value(self) -> int:
        return 15 if self.swap_values else 10

    @property
    def trick_value(self) -> int:
        return 10 if self.swap_values else 15

    # -- presets and plain data ----------------------------------------------------------

    @classmethod
    def preset(cls, name: str = "levant", **options: Any) -> Rules:
        """A preset of §10, with any options changed: ``Rules.preset("pagat", complex=True)``."""
        try:
            base = PRESETS[name]
        except KeyError:
            raise ValueError(f"unknown preset {name!r}; presets are {', '.join(PRESETS)}") from None
        return base.replace(**options)

    def replace(self, **options: Any) -> Rules:
        names = {f.name for f in dataclasses.fields(self)}
        for k in options:
            if k not in names:
                raise ValueError(f"unknown rule option {k!r}; options are {', '.join(sorted(names))}")
        return dataclasses.replace(self, **options)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        return cls().replace(**data)

    def changes(self) -> dict[str, Any]:
        """The options that differ from the defaults."""
        default = Rules()
        return {k: v for k, v in self.to_dict().items() if getattr(default, k) != v}

    @property
    def preset_name(self) -> str | None:
        """The preset these rules are, ignoring partnership and Complex, or None."""
        plain = self.replace(partnership=False, complex=False)
        for name, rules in PRESETS.items():
            if rules == plain:
                return name
        return None

    def nearest_preset(self) -> tuple[str, tuple[str, ...]]:
        """The preset these rules are, else the nearest one (the fewest options differ), and
        the names of the options that differ from it, in field order: how records and
        positions write rules as text."""
        name = self.preset_name
        if name is None:
            name = min(PRESETS, key=lambda p: len(self._differences(PRESETS[p])))
        return name, self._differences(PRESETS[name])

    def _differences(self, other: Rules) -> tuple[str, ...]:
        return tuple(f for f in OPTION_NAMES if getattr(self, f) != getattr(other, f))


OPTION_NAMES = tuple(f.name for f in dataclasses.fields(Rules))
"""The rule options, as the fields of :class:`Rules` are named."""

SWITCHES = tuple(name for name in OPTION_NAMES if name not in CHOICES)
"""The options that are on or off (``bool``), in field order."""

PRESETS: dict[str, Rules] = {
    "levant": Rules(),
    "western": Rules(direction=CLOCKWISE, first_king=RANDOM_DEALER),
    "jawaker": Rules(self_capture=JAWAKER),
    "pagat": Rules(self_capture=JAWAKER, no_heart_lead=True),
}
"""§10.  Partnership and Complex combine with any preset."""
