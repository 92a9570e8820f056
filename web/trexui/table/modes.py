"""How a table is used: the page's game, or one of an embedded table's four modes.

One object per table says everything that differs between them, so the rest of the table
asks its mode instead of checking which one it is (docs/EMBED.md describes the modes):

* :class:`Game` — the page's game (index.html): a match against bots, saved, with aids;
* :class:`View` — a diagram of one position; :class:`Replay` — its given moves stepped
  through, with captions; :class:`Play` — the reader plays the deal on against bots;
  :class:`Exercise` — the reader must find a move the author accepts.

An embedded table's mode also answers the host page's commands (``restart``, ``step``,
``show-answer``) and tells it what happened (``emit``, app.py).

A new embed mode is a subclass here, its name in embed.MODES, and its bar in bar.py.
"""
from __future__ import annotations

from html import escape
from typing import Any

from trex_core import IllegalMoveError, InvalidMoveError, Match, card_text, cards_of, parse_move

from ..embed import bar
from ..embed.params import Embed
from ..i18n.strings import t
from ..view import dialogs, faces
from .game import Game, ModeHost, Parts


class Embedded(Game):
    """An embedded table showing one deal (embed.py's parameters)."""

    last_summary = False
    shortcuts = frozenset({"last-trick", "pass"})  # no score sheet or help panel of its own

    def __init__(self, embed: Embed, *, frame: bool) -> None:
        self.name = embed.mode
        self.embed = embed
        self.frame = frame  # the frame's one table: its felt is the page's <main>
        self.step = embed.start

    def load(self, host: ModeHost, step: int) -> None:
        """Its deal with ``step`` of the given moves played (a replay's step; the start in
        the other modes). The bots of the play mode then go on."""
        e = self.embed
        assert e is not None
        self.step = max(0, min(step, len(e.moves)))
        self.judged = None
        self.answer_shown = False
        host.take(e.match(self.step), 0)

    def restart(self, host: ModeHost) -> None:
        assert self.embed is not None
        host.forget_opener()
        self.load(host, self.embed.start)
        host.render()
        host.emit("restart")
        host.kick()

    def action(self, host: ModeHost, action: str) -> None:
        if action == "restart":
            self.restart(host)

    def command(self, host: ModeHost, kind: str, data: Any) -> str | None:
        if kind == "restart":
            self.restart(host)
            return None
        if kind == "prepaint" and host.painter is not None:  # author.html's snippet, painted
            params, html, problem = host.painter(data)
            host.emit("prepaint", params=params, html=html, problem=problem)
            return None
        return "unknown-command"

    def waiting(self) -> str | None:
        return self.name if self.still else None  # a diagram waits for its reader's steps

    def seat_names(self) -> tuple[str, str, str, str] | None:
        """An embedded table names the real seats (compass points); the reader who plays is "You"."""
        e = self.embed
        assert e is not None
        you = not self.diagram
        names = [t("seat.0") if s == 0 and you else t(f"compass.{e.seat_of(s)}") for s in range(4)]
        return (names[0], names[1], names[2], names[3])

    def state(self, m: Match, ui: dict[str, Any]) -> dict[str, Any]:
        e = self.embed
        assert e is not None
        return {
            "readonly": self.readonly,
            "still": self.still,
            "open_hands": {s: [card_text(c) for c in cards_of(m.state.hands[s])]
                           for s in (1, 2, 3) if e.shown(s)},
            "felt_tag": "main" if self.frame else "section",
            "embed": {"mode": e.mode, "step": self.step, "steps": len(e.moves),
                      "judged": self.judged, "shown": self.answer_shown},
            "summary_buttons": (f'<button type="button" class="primary" data-action="restart" data-autofocus>'
                                f'{escape(t("embed.play_again"))}</button>'),
        }

    @property
    def readonly(self) -> bool:
        return self.diagram

    def parts(self, obs: Any, ui: dict[str, Any]) -> Parts:
        return bar.parts(obs, ui, dialogs.html)


class View(Embedded):
    """A diagram: the position as it lies."""

    still = True
    diagram = True
    actions: tuple[str, ...] = ("restart",)

    def awaits_reader(self) -> bool | None:
        return False

    def move(self, host: ModeHost, text: str) -> bool:
        return True  # a diagram: the steps move it, not the cards


class Replay(View):
    """The given moves stepped through, with captions."""

    actions = ("step-first", "step-back", "step-forward", "step-last", "restart")

    def action(self, host: ModeHost, action: str) -> None:
        e = self.embed
        assert e is not None
        if action.startswith("step-"):
            self.go_to(host, {"step-first": 0, "step-back": self.step - 1, "step-forward": self.step + 1,
                              "step-last": len(e.moves)}[action])
        else:
            super().action(host, action)

    def go_to(self, host: ModeHost, n: int) -> None:
        """The deal with its first ``n`` given moves (clamped to the moves there are)."""
        e = self.embed
        assert e is not None
        n = max(0, min(n, len(e.moves)))
        if n == self.step:
            return
        if n == self.step + 1:  # one step on: played like a move, so it is announced and animated
            host.play_move(str(e.moves[self.step]))
            self.step = n
        else:
            self.load(host, n)
        host.render()
        if self.step in e.captions:
            host.speak([e.captions[self.step]])
        host.emit("step", step=self.step, of=len(e.moves),
                  move=str(e.moves[self.step - 1]) if self.step else None)

    def command(self, host: ModeHost, kind: str, data: Any) -> str | None:
        if kind != "step":
            return super().command(host, kind, data)
        n = getattr(data, "n", None)
        if not isinstance(n, int | float) or isinstance(n, bool):
            return "bad-step"
        self.go_to(host, int(n))
        return None

    def arrow_steps(self, key: str, rtl: bool) -> str | None:
        """Arrows step back and on (in the reading direction), Home / End to the ends."""
        if key not in ("ArrowLeft", "ArrowRight", "Home", "End"):
            return None
        forward = (key == "ArrowRight") != rtl
        return {"Home": "step-first", "End": "step-last"}.get(key) or ("step-forward" if forward else "step-back")

    def state(self, m: Match, ui: dict[str, Any]) -> dict[str, Any]:
        out = super().state(m, ui)
        e = self.embed
        assert e is not None
        if self.step in e.captions:
            out["note"] = ("caption", e.captions[self.step])
        return out


class Play(Embedded):
    """The reader plays the deal on against bots."""

    actions = ("restart",)
    last_summary = True


class Exercise(Embedded):
    """The reader must find a move the author accepts: a legal move is judged before it is
    played; a right one is played, a wrong one is not; an illegal one gets its refusal, as
    at the main table, and counts as no answer."""

    still = True
    actions = ("restart", "try-again", "show-answer")

    @property
    def readonly(self) -> bool:
        return bool(self.judged) or self.answer_shown

    def awaits_reader(self) -> bool | None:
        return not self.judged and not self.answer_shown

    def move(self, host: ModeHost, text: str) -> bool:
        e = self.embed
        assert e is not None
        if self.judged or self.answer_shown:
            return True  # answered: Try again (or Restart) first
        try:
            text = str(parse_move(text))
        except InvalidMoveError:
            host.ui["message"] = t("status.invalid")
            host.render()
            return True
        legal = {str(x) for x in host.match.legal_moves()}
        if text not in legal:
            try:
                host.match.play(text)  # refused: the engine says why, and nothing changes
            except IllegalMoveError as exc:
                host.ui["message"] = faces.refusal_text(exc.code, exc.params)
            host.render()
            return True
        self.judged = e.accepts(text)
        host.emit("answer", right=self.judged, move=text, seat=e.seat)
        if self.judged:
            host.apply(text)  # renders
        else:
            host.ui["tried"] = text
            host.render()
        return True

    def action(self, host: ModeHost, action: str) -> None:
        e = self.embed
        assert e is not None
        if action == "try-again":
            if self.judged is True:  # the right answer was played: back to the question
                self.load(host, e.start)
            self.judged = None
            host.ui.pop("tried", None)
            host.ui["message"] = None
            host.render()
        elif action == "show-answer":
            self.show_answer(host)
        else:
            super().action(host, action)

    def show_answer(self, host: ModeHost) -> None:
        e = self.embed
        assert e is not None
        if self.judged is True:
            self.load(host, e.start)
        self.judged = None
        self.answer_shown = True
        host.apply(str(e.answers[0]))  # the board shows it played
        host.emit("answer-shown", moves=[str(a) for a in e.answers])

    def command(self, host: ModeHost, kind: str, data: Any) -> str | None:
        if kind == "show-answer":
            self.show_answer(host)
            return None
        return super().command(host, kind, data)

    def state(self, m: Match, ui: dict[str, Any]) -> dict[str, Any]:
        out = super().state(m, ui)
        e = self.embed
        assert e is not None
        if self.answer_shown:
            out["note"] = ("answer", t("embed.answer", moves=bar.answer_text(e.answers)))
        elif self.judged is True:
            out["note"] = ("right", e.right or t("embed.right"))
        elif self.judged is False:
            out["note"] = ("wrong", e.wrong or t("embed.wrong"))
        elif not ui.get("message"):
            out["note"] = ("question", t("embed.question"))
        return out


MODES: dict[str, type[Embedded]] = {"view": View, "replay": Replay, "play": Play, "exercise": Exercise}


def of(embed: Embed, *, frame: bool) -> Embedded:
    """The mode object of an embedded table's parameters."""
    return MODES[embed.mode](embed, frame=frame)
