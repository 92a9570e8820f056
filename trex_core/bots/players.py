"""The random, easy and medium levels, and the base every bot shares.

A bot answers ``choose(obs, rng) -> Move`` for every phase: the contract as king (§2.2),
the doubling / redeal answer (§4, §5), a card or a Trex pass.  It reads the observation and
nothing else, and draws any randomness from ``rng`` only, so the same observation and the
same generator state give the same move.
"""

from __future__ import annotations

import random

from ..match import ANNOUNCE, CHOOSE
from ..moves import CARD_MOVES, PASS_MOVE, Move
from ..observation import Observation
from ..rules import Contract
from . import choice, doubling
from .heuristics import MEDIUM, MEDIUM_1, Style, trex_card, trick_card
from .knowledge import own_hands, trex_state, trick_state


class Bot:
    """The shared dispatch: one method per kind of decision."""

    name = "bot"
    style: Style = MEDIUM
    """The constants of the heuristic card play (:class:`.heuristics.Style`)."""

    def __init__(self, choice_policy: str = "model", doubling_policy: str = "heuristic") -> None:
        if choice_policy not in ("model", "random"):
            raise ValueError(f"unknown king's-choice policy {choice_policy!r}: model or random")
        if doubling_policy not in ("heuristic", "never", "always", "search"):
            raise ValueError(f"unknown doubling policy {doubling_policy!r}")
        self.choice_policy = choice_policy
        self.doubling_policy = doubling_policy

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def choose(self, obs: Observation, rng: random.Random) -> Move:
        legal = obs.legal
        if not legal:
            raise ValueError("it is not this seat's turn")
        if obs.phase == CHOOSE:
            return self.choose_contract(obs, rng)
        if obs.phase == ANNOUNCE:
            return self.announce(obs, rng)
        if len(legal) == 1:
            return legal[0]
        if obs.contract is Contract.TREX:
            return self.trex_move(obs, rng)
        return self.trick_move(obs, rng)

    # -- the decisions, overridden by the levels ----------------------------------------

    def choose_contract(self, obs: Observation, rng: random.Random) -> Move:
        if self.choice_policy == "random":
            return choice.random_contract(obs, rng)
        return choice.choose_contract(obs)

    def announce(self, obs: Observation, rng: random.Random) -> Move:
        if self.doubling_policy == "never":
            return doubling.never(obs)
        if self.doubling_policy == "always":
            return doubling.announce(obs, doubles=doubling.doublable(obs))
        return doubling.announce(obs)

    def trick_move(self, obs: Observation, rng: random.Random) -> Move:
        st = trick_state(obs, own_hands(obs))
        from ..fast import TrickRules

        assert obs.contract is not None  # a card is asked for only once a contract is named
        tr = TrickRules.of(obs.contract, obs.rules)
        legal = 0
        for m in obs.legal:
            legal |= 1 << m.card
        return CARD_MOVES[trick_card(obs.seat, st, tr, legal, self.style)]

    def trex_move(self, obs: Observation, rng: random.Random) -> Move:
        legal = 0
        for m in obs.legal:
            if m.kind == "card":
                legal |= 1 << m.card
        if not legal:
            return PASS_MOVE
        st = trex_state(obs, own_hands(obs))
        return CARD_MOVES[trex_card(obs.seat, st, legal, self.style)]


class RandomBot(Bot):
    """A uniformly random legal move: the floor, and a fuzzer for the engine."""

    name = "random"

    def choose(self, obs: Observation, rng: random.Random) -> Move:
        if not obs.legal:
            raise ValueError("it is not this seat's turn")
        return obs.legal[rng.randrange(len(obs.legal))]


class MediumBot(Bot):
    """A heuristic player per contract (:mod:`.heuristics`), the king's choice by the hand
    model (:mod:`.choice`), doubling by the card's chance to escape (:mod:`.doubling`)."""

    name = "medium"


class Medium1Bot(MediumBot):
    """The medium level as it played until it was frozen: the arena's yardstick
    (``medium-1``), never offered to a player.  It plays exactly as that medium did, on the
    recorded matches of ``tests/test_medium1.py``; every hard figure is measured against it."""

    name = "medium-1"
    style = MEDIUM_1


class EasyBot(Bot):
    """A sensible beginner: the medium player who errs — a random legal card about one time
    in four, a blurred sense of which contract suits the hand, and no doubling."""

    name = "easy"
    error_rate = 0.25

    def choose_contract(self, obs: Observation, rng: random.Random) -> Move:
        if self.choice_policy == "random":
            return choice.random_contract(obs, rng)
        return choice.choose_contract(obs, rng, noise=25.0)

    def announce(self, obs: Observation, rng: random.Random) -> Move:
        if self.doubling_policy == "heuristic":
            return doubling.never(obs)
        return super().announce(obs, rng)

    def trick_move(self, obs: Observation, rng: random.Random) -> Move:
        if rng.random() < self.error_rate:
            return obs.legal[rng.randrange(len(obs.legal))]
        return super().trick_move(obs, rng)

    def trex_move(self, obs: Observation, rng: random.Random) -> Move:
        if rng.random() < self.error_rate:
            return obs.legal[rng.randrange(len(obs.legal))]
        return super().trex_move(obs, rng)


__all__ = ["Bot", "EasyBot", "Medium1Bot", "MediumBot", "RandomBot"]
