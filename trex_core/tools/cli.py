"""The command line, ``python -m trex_core`` (or ``trex``):

* ``selfplay`` plays a seeded match between bots and writes its record (docs/RECORD.md);
* ``replay FILE`` checks a record move by move and prints its score sheet;
* ``bench`` measures random full deals per second, through the public API and through the
  bots' fast path (``trex_core.randomplay``);
* ``arena ...`` runs the bots' duplicate arena (``trex_core.tools.arena``).

Every command returns its exit status: 0 on success, 1 on a failure (a bad record, a bot's
illegal move), 2 on a usage error.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import random
import sys
import time
from collections.abc import Sequence
from typing import Protocol, cast

from ..errors import IllegalMoveError, InvalidMoveError
from ..match import DEAL_OVER, OVER, SEAT_NAMES, Match
from ..moves import Move
from ..observation import Observation, observe
from ..records.record import RecordError, dumps, load, loads, parse_option
from ..rules import PRESETS, Rules
from . import render


class Bot(Protocol):
    """What a player is to the command line: a move from its own seat's view and generator."""

    def choose(self, observation: Observation, rng: random.Random) -> Move: ...


class RandomBot:
    """The built-in player: a uniformly random legal move (until ``trex_core.bots`` exists)."""

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        return rng.choice(observation.legal)


def get_bot(name: str) -> Bot:
    """The bot called ``name``: ``trex_core.bots.get_bot(name)`` when the bots package is
    there, else the built-in random player (the only name it knows is ``random``).  Raises
    ValueError for a name no one knows."""
    if importlib.util.find_spec("trex_core.bots") is not None:
        factory = getattr(importlib.import_module("trex_core.bots"), "get_bot", None)
        if factory is not None:
            try:
                return cast(Bot, factory(name))
            except (LookupError, ValueError) as e:
                raise ValueError(str(e).strip("'\"")) from None
    if name == "random":
        return RandomBot()
    raise ValueError(f"unknown bot {name!r}: the built-in player is 'random'")


def bot_names(text: str) -> list[str]:
    """Bot names separated by commas; a bot's own options may follow a colon and hold
    commas too (``hard:samples=24,choice=random``): a piece with ``=`` and no colon belongs to
    the name before it.

    >>> bot_names("hard:samples=24,choice=random,random,medium,easy")
    ['hard:samples=24,choice=random', 'random', 'medium', 'easy']
    """
    names: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if names and "=" in piece and ":" not in piece:
            names[-1] += "," + piece
        else:
            names.append(piece)
    return names


def _seed(text: str) -> int | str:
    """A seed as written: a whole number is an int, anything else a word."""
    try:
        return int(text) if str(int(text)) == text else text
    except ValueError:
        return text


# -- selfplay -----------------------------------------------------------------------------


def _selfplay(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    options: dict[str, bool | str] = {}
    for item in args.option:
        name, eq, value = item.partition("=")
        if not eq:
            parser.error(f"--option takes name=value (e.g. swap_values=true), not {item!r}")
        try:
            key, parsed = parse_option(name, value)
        except ValueError as e:
            parser.error(str(e))
        options[key] = parsed
    if args.partnership:
        options["partnership"] = True
    if args.complex:
        options["complex"] = True
    try:
        rules = Rules.preset(args.preset, **options)
    except ValueError as e:
        parser.error(str(e))
    names = bot_names(args.bots)
    if len(names) == 1:
        names *= 4
    if len(names) != 4 or not all(names):
        parser.error(f"--bots takes one name or four names separated by commas, not {args.bots!r}")
    try:
        bots = [get_bot(n) for n in names]
    except ValueError as e:
        parser.error(str(e))
    if args.moves is not None and args.moves < 0:
        parser.error("--moves takes a number of moves, 0 or more")
    seed = _seed(args.seed)
    match = Match.new(seed, rules)
    rngs = [random.Random(f"selfplay:{seed}:{seat}") for seat in range(4)]
    made = 0
    while not match.is_over and (args.moves is None or made < args.moves):
        seat = match.to_move
        assert seat is not None
        move = bots[seat].choose(observe(match, seat), rngs[seat])
        try:
            match.play(move, seat)
        except (IllegalMoveError, InvalidMoveError) as e:
            print(f"trex selfplay: the {names[seat]} bot in seat {seat} ({SEAT_NAMES[seat]}) "
                  f"chose {move}, which is not allowed: {e}", file=sys.stderr)
            return 1
        made += 1
    tags = {"Event": "selfplay", **dict(zip(SEAT_NAMES, names, strict=True))}
    text = dumps(match, tags)
    if args.out is None or args.out == "-":
        sys.stdout.write(text)
    else:
        try:
            with open(args.out, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
        except OSError as e:
            print(f"trex selfplay: cannot write {args.out}: {e.strerror or e}", file=sys.stderr)
            return 1
        state = "over" if match.is_over else f"stopped in deal {match.deal_number + 1}"
        print(f"wrote {args.out}: {len(match.results)} deals played, match {state}, "
              f"totals {' '.join(str(t) for t in match.totals)}")
    return 0


# -- replay -------------------------------------------------------------------------------


def _replay(args: argparse.Namespace) -> int:
    name = "<stdin>" if args.file == "-" else args.file
    try:
        match = loads(sys.stdin.read()) if args.file == "-" else load(args.file)
    except RecordError as e:
        print(f"trex replay: {name}, line {e.line}: {e.problem}", file=sys.stderr)
        return 1
    except OSError as e:
        print(f"trex replay: cannot read {name}: {e.strerror or e}", file=sys.stderr)
        return 1
    sys.stdout.write(score_sheet(match, title=name))
    return 0


def score_sheet(match: Match, title: str = "") -> str:
    """The score sheet of a match: every deal's scores by kingdom and contract with running
    totals, each kingdom's sums per seat (together 0, §7), and the result (§2.5)."""
    rules = match.rules
    preset = rules.preset_name or "custom"
    extras = [x for x in ("partnership", "complex") if getattr(rules, x)]
    changes = {k: v for k, v in rules.changes().items() if k not in ("partnership", "complex")}
    lines = []
    if title:
        lines.append(title)
    head = f"Rules: {preset}" + (f" + {', '.join(extras)}" if extras else "")
    if preset == "custom":
        head += " (" + ", ".join(f"{k}={v}" for k, v in changes.items()) + ")"
    lines.append(head + f"; seed {match.dealer.seed}; first king {SEAT_NAMES[match.first_king]}")
    seats = " ".join(f"{n:>6}" for n in SEAT_NAMES)
    lines.append(f"{'deal':>4} {'kingdom':>7}  {'king':<6} {'contract':<15}{seats} | running totals")
    running = [0, 0, 0, 0]
    kingdom_sum = [0, 0, 0, 0]
    for r in match.results:
        for i in range(4):
            running[i] += r.scores[i]
            kingdom_sum[i] += r.scores[i]
        scores = " ".join(f"{s:>6}" for s in r.scores)
        totals = " ".join(f"{t:>6}" for t in running)
        redeal = "*" if len(r.attempts) > 1 else " "
        lines.append(f"{r.number + 1:>4} {r.kingdom + 1:>7}  {SEAT_NAMES[r.king]:<6} "
                     f"{r.contract.title + redeal:<15}{scores} |{totals}")
        last_of_kingdom = (r.number + 1) % rules.deals_per_kingdom == 0
        if last_of_kingdom and not match.single_deal:
            sums = " ".join(f"{s:>6}" for s in kingdom_sum)
            label = f"kingdom {r.kingdom + 1} sums"
            lines.append(f"{'':>4} {'':>7}  {'':<6} {label:<15}{sums} |")
            kingdom_sum = [0, 0, 0, 0]
    if any(len(r.attempts) > 1 for r in match.results):
        lines.append("* after a redeal (§5)")
    if match.results:
        lines.append(f"{'':>4} {'by contract':<31}{seats}")
        for contract in rules.contracts:
            rows = [r.scores for r in match.results if r.contract is contract]
            if rows:
                sums = " ".join(f"{sum(sc[i] for sc in rows):>6}" for i in range(4))
                lines.append(f"{'':>4} {f'{contract.title} ×{len(rows)}':<31}{sums}")
    lines.append("Totals: " + ", ".join(f"{SEAT_NAMES[i]} {t}" for i, t in enumerate(match.totals)))
    if rules.partnership:
        a, b = match.team_totals()
        lines.append(f"Teams: South+North {a}, East+West {b}")
    if not match.is_over:
        now = f"{match.contract.title}, {match.phase}" if match.contract else match.phase
        lines.append(f"Unfinished: deal {match.deal_number + 1} of {match.deal_count} "
                     f"is being played ({now}).")
    else:
        winners = match.winners()
        if rules.partnership:
            team = "South+North" if 0 in winners else "East+West"
            lines.append("Result: the teams tie" if len(winners) == 4 else f"Result: {team} win")
        elif len(winners) == 1:
            lines.append(f"Result: {SEAT_NAMES[winners[0]]} wins")
        else:
            lines.append("Result: " + " and ".join(SEAT_NAMES[w] for w in winners) + " share first place")
    return "\n".join(lines) + "\n"


# -- bench --------------------------------------------------------------------------------


_DEAL_ENDS = (DEAL_OVER, OVER)


def bench_public(n_deals: int, seconds: float, seed: int = 0) -> tuple[int, float]:
    """Random full deals through the public API (``legal_moves`` and ``play`` with a seeded
    random choice), until ``n_deals`` are done or ``seconds`` have passed.  Returns the deals
    finished and the time taken."""
    rng = random.Random(seed)
    done = 0
    match_no = 0
    start = time.perf_counter()
    while done < n_deals and time.perf_counter() - start < seconds:
        m = Match.new(seed=f"bench:{seed}:{match_no}")
        match_no += 1
        while done < n_deals:
            while m.phase not in _DEAL_ENDS:
                m.play(rng.choice(m.legal_moves()))
            done += 1
            if m.is_over:
                break
            m.play("next")
    return done, time.perf_counter() - start


def _bench(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.deals <= 0 or args.seconds <= 0:
        parser.error("--deals and --seconds must be positive")
    done, elapsed = bench_public(args.deals, args.seconds, args.seed)
    print(f"public API (legal_moves + play): {done} deals in {elapsed:.2f} s = {done / elapsed:,.0f} deals/s")
    from ..randomplay import bench_random_deals  # the fast path: imported for this command only

    n = args.fast_deals if args.fast_deals is not None else 10 * args.deals
    start = time.perf_counter()
    returned = bench_random_deals(n, args.seed)
    elapsed = time.perf_counter() - start
    print(f"fast path (trex_core.randomplay.bench_random_deals): {n} deals in {elapsed:.2f} s = "
          f"{n / elapsed:,.0f} deals/s ({returned:,} moves)")
    return 0


# -- arena --------------------------------------------------------------------------------


def _arena(argv: list[str]) -> int:
    if importlib.util.find_spec("trex_core.tools.arena") is None:
        print("trex arena: the duplicate arena (trex_core.tools.arena) is not installed yet", file=sys.stderr)
        return 1
    arena_main = getattr(importlib.import_module("trex_core.tools.arena"), "main", None)
    if arena_main is None:
        print("trex arena: trex_core.tools.arena has no main(argv)", file=sys.stderr)
        return 1
    return int(arena_main(argv) or 0)


# -- the parser -----------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="trex",
        description="Trex, the card game of four kingdoms and five contracts: self-play, "
                    "record checking, speed.",
        epilog="examples:\n"
               "  python -m trex_core selfplay --seed 7 --out game.trex\n"
               "  python -m trex_core selfplay --preset pagat --partnership --bots medium\n"
               "  python -m trex_core replay game.trex\n"
               "  python -m trex_core bench --seconds 5\n"
               "  python -m trex_core arena --help\n"
               "  python -m trex_core render 'mode=view&seed=8&king=0&contract=trex'",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    sp = sub.add_parser("selfplay", help="play a seeded match between bots and write its record",
                        description="Play a seeded match between bots and write its record "
                                    "(docs/RECORD.md) to stdout or a file.")
    sp.add_argument("--seed", default="0", help="the deal seed, a number or a word (default 0)")
    sp.add_argument("--preset", default="levant", choices=list(PRESETS),
                    help="the rules preset of RULES.md §10 (default levant)")
    sp.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="change a rule option, e.g. --option swap_values=true (repeatable); "
                         "names: " + ", ".join(Rules().to_dict()))
    sp.add_argument("--partnership", action="store_true", help="partnership play (§8)")
    sp.add_argument("--complex", action="store_true", help="Trex and Complex kingdoms (§9)")
    sp.add_argument("--bots", default="random", metavar="NAMES",
                    help="one bot name for all seats, or four separated by commas in seat order "
                         "South,East,North,West (default random)")
    sp.add_argument("--moves", type=int, default=None, metavar="N",
                    help="stop after N moves and write the unfinished record")
    sp.add_argument("--out", default=None, metavar="FILE", help="write the record here (default stdout)")

    sp.set_defaults(subparser=sp)

    rp = sub.add_parser("replay", help="check a record and print its score sheet",
                        description="Check a record move by move and print its score sheet.")
    rp.add_argument("file", metavar="FILE", help="the record ('-' reads stdin)")

    bp = sub.add_parser("bench", help="random full deals per second",
                        description="Random full deals per second through the public API, and "
                                    "through the fast internal path.")
    bp.add_argument("--deals", type=int, default=5000, metavar="N",
                    help="deals to play through the public API (default 5000)")
    bp.add_argument("--seconds", type=float, default=10.0, metavar="S",
                    help="stop the public-API run after S seconds (default 10)")
    bp.add_argument("--fast-deals", type=int, default=None, metavar="N",
                    help="deals for the fast path (default 10 × --deals)")
    bp.add_argument("--seed", type=int, default=0, help="the random seed (default 0)")

    bp.set_defaults(subparser=bp)

    sub.add_parser("arena", help="the bots' duplicate arena (arguments go to trex_core.tools.arena)",
                   add_help=False)
    render.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    try:
        if args_list and args_list[0] == "arena":
            return _arena(args_list[1:])
        args = parser.parse_args(args_list)
        if args.command is None:
            parser.print_help(sys.stderr)
            return 2
        if args.command == "selfplay":
            return _selfplay(args, args.subparser)
        if args.command == "replay":
            return _replay(args)
        if args.command == "render":
            return render.run(args)
        return _bench(args, args.subparser)
    except SystemExit as e:  # argparse's usage errors and --help (ours or the arena's)
        return e.code if isinstance(e.code, int) else 1 if e.code else 0

