"""What the table says to a screen reader, from seat 0's previous and new observation.

``events(prev, obs)`` lists, once each and in order, what happened between two
observations (``trex_core.Observation``): a new deal and its king, a redeal claimed,
the contract named, each double, each card played by another seat, each Trex card laid
or pass, each trick taken with what it cost (from the deal scores), a seat going out
in Trex, the deal's scores when it ends, and "your turn" when the game starts to wait
for you. Your own moves are not repeated back to you (the button you pressed says them).

``Announcer`` turns events into messages for the table's one polite live region. At a
fast pace it coalesces rather than drops: plays (cards, lays, passes) and doubles wait
and go out together with the next event that closes them — the trick taken, your turn,
the deal's end — or after a round of four, as one message. So a screen reader hears
about one message per trick, and still hears every card.

Pure functions of observations: no DOM, importable and tested under ordinary CPython.
Every word comes from strings.py, in the current language.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from trex_core import Observation, card_text

from ..i18n.strings import t
from .faces import card_name, contract_name, finished, is_trex, score_text, seat_name, status_text, texts

# Events a fast pace holds back and joins; any other event closes the group.
GROUPED = ("play", "double")
ROUND = 4  # a group goes out after this many events even if nothing closes it


@dataclass(frozen=True)
class Event:
    kind: str  # deal, redeal, contract, double, play, trick, out, deal-over, turn
    text: str


def names(cards: list[str]) -> str:
    """'queen of spades and queen of hearts'."""
    spoken = [card_name(c) for c in cards]
    if len(spoken) <= 1:
        return "".join(spoken)
    return t("list.sep").join(spoken[:-1]) + t("list.and") + spoken[-1]


def same_deal(prev: Observation, obs: Observation) -> bool:
    return (prev.deal_number == obs.deal_number and prev.kingdom == obs.kingdom
            and len(prev.redeals) == len(obs.redeals))


def waits_for_you(obs: Observation) -> bool:
    """The game waits for seat 0 to decide (a forced doubling answer is no decision)."""
    return obs.to_move == 0 and not obs.forced_answer and not finished(obs)


def deal_event(obs: Observation) -> Event:
    per = len(obs.rules.contracts)
    return Event("deal", t("say.deal", k=obs.kingdom + 1, n=obs.deal_number % per + 1, of=per,
                           name=seat_name(obs.king)))


def trick_events(prev: Observation, obs: Observation) -> list[Event]:
    """Cards played by the other seats, and the tricks taken, since ``prev``."""
    out: list[Event] = []
    order = obs.rules.seat_order
    done_before = len(prev.tricks)
    shown = len(prev.trick)  # cards of the trick in progress already announced
    for i, (leader, cards, winner) in enumerate(obs.tricks[done_before:]):
        plays = list(zip(order(leader), cards, strict=True))
        out += [Event("play", t("say.played", name=seat_name(s), card=card_name(card_text(c))))
                for s, c in plays[shown if i == 0 else 0:] if s != 0]
        out.append(Event("trick", took_text(prev, obs, winner, len(obs.tricks) - done_before == 1)))
    if len(obs.tricks) > done_before:
        shown = 0
    out += [Event("play", t("say.played", name=seat_name(s), card=card_name(card_text(c))))
            for s, c in obs.trick[shown:] if s != 0]
    return out


def took_text(prev: Observation, obs: Observation, winner: int, one: bool) -> str:
    """'West took the trick: −25.' with what it cost each seat (a doubler's gain too),
    read from the deal scores when exactly one trick was completed since ``prev``."""
    you = ".you" if winner == 0 else ""
    delta = [b - a for a, b in zip(prev.deal_scores, obs.deal_scores, strict=True)] if one else [0] * 4
    if not delta[winner]:
        text = t("say.took" + you, name=seat_name(winner))
    else:
        text = t("say.took_cost" + you, name=seat_name(winner), score=score_text(delta[winner]))
    others = [t("say.also", name=seat_name(s), score=score_text(d))
              for s, d in enumerate(delta) if d and s != winner]
    return " ".join([text, *others])


def trex_events(prev: Observation, obs: Observation) -> list[Event]:
    """Cards laid and passes by the other seats, and seats going out (§6)."""
    out: list[Event] = []
    for seat, card in obs.layout_plays[len(prev.layout_plays):]:
        if seat == 0:
            continue
        text = (t("say.passed", name=seat_name(seat)) if card < 0  # a pass
                else t("say.laid", name=seat_name(seat), card=card_name(card_text(card))))
        out.append(Event("play", text))
    for place, seat in enumerate(obs.out_order[len(prev.out_order):], start=len(prev.out_order) + 1):
        out.append(Event("out", t("say.out.you", n=place) if seat == 0 else t("say.out", name=seat_name(seat), n=place)))
    return out


def events(prev: Observation | None, obs: Observation) -> list[Event]:
    """What happened between ``prev`` (None: the page just opened) and ``obs``."""
    out: list[Event] = []
    if prev is None or not same_deal(prev, obs):
        if prev is not None and len(obs.redeals) > len(prev.redeals):
            for seat, cards in obs.redeals[len(prev.redeals):]:
                if seat != 0:
                    out.append(Event("redeal", t("say.redeal", name=seat_name(seat), cards=names(texts(cards)))))
        out.append(deal_event(obs))
        if waits_for_you(obs):
            out.append(Event("turn", status_text(obs)))
        return out
    if prev.contract is None and obs.contract and obs.king != 0:
        out.append(Event("contract", t("say.chose", name=seat_name(obs.king),
                                       contract=contract_name(obs.contract))))
    before = {c for c, _ in prev.doubled}
    new: dict[int, list[str]] = {}
    for card, seat in obs.doubled:
        if card not in before and seat != 0:
            new.setdefault(seat, []).append(card_text(card))
    out += [Event("double", t("say.doubled", name=seat_name(s), cards=names(cs))) for s, cs in new.items()]
    if is_trex(obs):
        out += trex_events(prev, obs)
    elif obs.contract:
        out += trick_events(prev, obs)
    if finished(obs) and not finished(prev):
        scores = t("list.sep").join(t("say.score", name=seat_name(s), score=score_text(v))
                                    for s, v in enumerate(obs.deal_scores))
        out.append(Event("deal-over", t("say.deal_over", scores=scores)))
    if waits_for_you(obs) and (not waits_for_you(prev) or prev.phase != obs.phase):
        out.append(Event("turn", status_text(obs)))
    return out


@dataclass
class Announcer:
    """Messages for the live region, observation by observation; ``coalesce`` (a fast
    pace) joins plays and doubles with the event that closes them."""
    prev: Observation | None = None
    pending: list[Event] = field(default_factory=list)

    def update(self, obs: Observation, coalesce: bool) -> list[str]:
        new = events(self.prev, obs)
        self.prev = obs
        out: list[str] = []
        for event in new:
            if not coalesce:
                out += self.flush()
                out.append(event.text)
            elif event.kind in GROUPED:
                if self.pending and self.pending[-1].kind != event.kind:
                    out += self.flush()
                self.pending.append(event)
                if len(self.pending) >= ROUND:
                    out += self.flush()
            else:
                self.pending.append(event)
                out += self.flush()
        return out

    def flush(self) -> list[str]:
        """What is held back, as one message (none if nothing is)."""
        if not self.pending:
            return []
        text = " ".join(e.text for e in self.pending)
        self.pending = []
        return [text]

    def reset(self) -> None:
        """A new match: nothing carries over."""
        self.prev = None
        self.pending = []

    def forget(self, obs: Observation) -> None:
        """No news up to ``obs`` (cards taken back, the table turned to another chair)."""
        self.prev = obs
        self.pending = []
