"""The bots: every move legal under every preset and option, deterministic given the
generator, no peeking at hidden cards, and the decisions each level promises."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers import deal
from trex_core import Match, Rules, observe
from trex_core.bots import LEVELS, get_bot
from trex_core.bots.heuristics import trex_card, trick_card
from trex_core.bots.knowledge import Knowledge, knowledge, sample_hands
from trex_core.bots.likelihood import TrickModel, settled, weighed
from trex_core.cards import FULL_DECK, cards_of
from trex_core.errors import IllegalMoveError
from trex_core.fast import TrexState, TrickRules, TrickState, step_trick, trex_playable, trick_legal
from trex_core.match import Dealer
from trex_core.moves import CARD_MOVES, NO_DOUBLE, REDEAL_MOVE
from trex_core.observation import Observation
from trex_core.rules import Contract

RULESETS = {
    "levant": Rules(),
    "western": Rules.preset("western"),
    "jawaker": Rules.preset("jawaker"),
    "pagat": Rules.preset("pagat"),
    "levant+partnership": Rules(partnership=True),
    "jawaker+complex": Rules.preset("jawaker", complex=True),
    "pagat+partnership+complex": Rules.preset("pagat", partnership=True, complex=True),
    "options": Rules(forced_discard=True, swap_values=True, early_end=False, redeal_any_contract=True,
                     kingdom_order="right-then-across"),
    "no-doubling": Rules(doubling=False, redeal=False),
}


def play_match(m: Match, bots: list, rng: random.Random) -> int:
    """Play to the end; every move must be one of the legal moves.  Returns moves made."""
    n = 0
    while not m.is_over:
        seat = m.to_move
        obs = observe(m, seat)
        mv = bots[seat].choose(obs, rng)
        assert mv in obs.legal, (seat, str(mv), [str(x) for x in obs.legal])
        m.play(mv, seat=seat)
        n += 1
    return n


@pytest.mark.parametrize("name", list(RULESETS))
def test_every_bot_move_is_legal_in_whole_matches(name: str) -> None:
    """Thousands of deals in all: 9 rule sets x 20 matches of random/easy/medium mixes."""
    rules = RULESETS[name]
    rng = random.Random(f"legal:{name}")
    for i in range(20):
        levels = [LEVELS[(i + s) % 3] for s in range(4)]
        bots = [get_bot(lv) for lv in levels]
        m = Match(rules, Dealer(f"legal:{name}:{i}"))
        play_match(m, bots, rng)
        assert sum(m.totals) == 0  # §7: a match sums to 0


@pytest.mark.parametrize("name", ["levant", "jawaker+complex", "pagat+partnership+complex", "options"])
def test_hard_bot_moves_are_legal(name: str) -> None:
    rules = RULESETS[name]
    rng = random.Random(f"hard-legal:{name}")
    bots = [get_bot("hard", samples=3), get_bot("medium"), get_bot("hard", samples=2), get_bot("random")]
    if name == "levant":  # the arena's recursive search too, once: it is slow
        bots[3] = get_bot("hard-r", samples=2, own=1)
    for i in range(2):
        m = Match(rules, Dealer(f"hard-legal:{name}:{i}"))
        play_match(m, bots, rng)


def test_time_budget_mode_answers_legally() -> None:
    bot = get_bot("hard", budget=0.01)
    m = Match.new(seed=11)
    rng = random.Random(1)
    for _ in range(40):
        mv = bot.choose(observe(m, m.to_move), rng)
        m.play(mv)


@pytest.mark.parametrize("level", LEVELS)
def test_same_observation_and_generator_state_give_the_same_move(level: str) -> None:
    bot = get_bot(level, samples=6) if level == "hard" else get_bot(level)
    rng = random.Random(2)
    m = Match.new(seed=5)
    for step in range(120):
        obs = observe(m, m.to_move)
        a = bot.choose(obs, random.Random(step))
        b = get_bot(level, samples=6).choose(obs, random.Random(step)) if level == "hard" else bot.choose(
            obs, random.Random(step))
        assert a == b
        m.play(rng.choice(obs.legal) if step % 3 else a)


# -- no peeking -----------------------------------------------------------------------


def _redealt_twin(m: Match, seat: int, rng: random.Random) -> Match | None:
    """The same deal with everything ``seat`` cannot see dealt again consistently with what
    it knows (its hand, cards played, voids, passes, doubles), then the same moves replayed.
    None if the re-deal made a replayed move illegal (a Trex pass is only partly inferred)."""
    obs = observe(m, seat)
    kn = knowledge(obs)
    now = sample_hands(kn, rng)
    dealt = list(m.dealt_hands)
    new = []
    for s in range(4):
        played_by_s = dealt[s] & ~m.hands[s]
        new.append(now[s] | played_by_s)
    king = obs.king
    rules = m.rules
    twin = Match.deal(new, king, None, rules)
    try:
        for mv in m.moves:
            twin.play(mv)
    except IllegalMoveError:
        return None
    assert observe(twin, seat).hand == obs.hand
    return twin


@pytest.mark.parametrize("level", ["easy", "medium", "medium-1", "hard", "hard-r"])
@pytest.mark.parametrize("rules_name", ["levant", "pagat+partnership+complex"])
def test_no_peeking_redealt_hidden_cards_do_not_change_the_decision(level: str, rules_name: str) -> None:
    """A bot decides from its seat's observation only: re-deal everything that seat cannot
    see, consistently with its knowledge, and its decision is the same.  ``hard-r``'s own
    later turns in its playouts read only what that seat would know then."""
    rules = RULESETS[rules_name]
    rng = random.Random(f"peek:{level}:{rules_name}")
    options = {"hard": {"samples": 4}, "hard-r": {"samples": 3, "own": 3}}.get(level, {})
    bot = get_bot(level, **options)
    checked = 0
    for i in range(30):
        contract = rules.contracts[i % len(rules.contracts)]
        hands = Match.new(seed=f"peek:{i}", rules=rules).dealt_hands
        m = Match.deal(list(hands), king=i % 4, contract=None, rules=rules)
        m.play(next(mv for mv in m.legal_moves() if mv.contract is contract))
        while m.phase == "announce":
            m.play(rng.choice([mv for mv in m.legal_moves() if mv != REDEAL_MOVE]))
        for _ in range(rng.randrange(52)):  # late positions too: the search's exact endgame
            if m.is_over:
                break
            m.play(rng.choice(m.legal_moves()))
        if m.is_over:
            continue
        seat = m.to_move
        twin = _redealt_twin(m, seat, rng)
        if twin is None:
            continue
        # nothing hidden leaks into the observation: the twin's is the same
        assert observe(twin, seat) == observe(m, seat)
        a = bot.choose(observe(m, seat), random.Random(i))
        b = bot.choose(observe(twin, seat), random.Random(i))
        assert a == b
        checked += 1
    assert checked >= 15


# -- what each decision promises --------------------------------------------------------


def test_redeal_is_claimed_with_a_bare_king_of_hearts() -> None:
    """§5.1: a bare K♥ is nearly always taken by its holder, so every level above random
    claims the redeal."""
    m = deal({1: ["KH", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "2C", "3C", "4C", "5C"]},
             "king-of-hearts", king=0)
    m.play("nodouble")
    obs = observe(m, 1)
    assert REDEAL_MOVE in obs.legal
    for level in ("easy", "medium", "hard"):
        assert get_bot(level, samples=4).choose(obs, random.Random(0)) == REDEAL_MOVE if level == "hard" \
            else get_bot(level).choose(obs, random.Random(0)) == REDEAL_MOVE


def test_medium_doubles_the_king_of_hearts_under_plain_self_capture() -> None:
    """§4.4 plain: taking one's own doubled K♥ costs no more than undoubled, so double."""
    m = deal({0: ["KH", "2H", "3H", "4H", "5H"]}, "king-of-hearts", king=0)
    mv = get_bot("medium").choose(observe(m, 0), random.Random(0))
    assert str(mv) == "double:KH"


def test_king_names_trex_with_four_jacks_and_not_by_raw_expectation() -> None:
    """The king names the contract where this hand is furthest above its average: four
    jacks and their neighbours make Trex; a hand of low cards makes a trick contract."""
    jacks = ["JS", "JH", "JD", "JC", "TS", "QS", "TH", "QH", "TD", "QD", "TC", "QC", "9S"]
    m = deal({0: jacks}, None, king=0)
    assert get_bot("medium").choose(observe(m, 0), random.Random(0)).contract is Contract.TREX
    low = ["2S", "3S", "4S", "2H", "3H", "4H", "5H", "2D", "3D", "4D", "2C", "3C", "4C"]
    m = deal({0: low}, None, king=0)
    assert get_bot("medium").choose(observe(m, 0), random.Random(0)).contract is not Contract.TREX


def test_get_bot_rejects_unknown_names_and_options() -> None:
    with pytest.raises(ValueError):
        get_bot("grandmaster")
    with pytest.raises(ValueError):
        get_bot("medium:samples=3")
    with pytest.raises(ValueError):
        get_bot("medium:choice=psychic")
    assert get_bot("hard:samples=5").samples == 5  # type: ignore[attr-defined]


# -- thinking in slices, the all-seeing measuring bot ---------------------------------------


def test_a_thought_stepped_in_slices_gives_the_move_of_choose() -> None:
    """samples= mode draws the same samples however the work is sliced (the page steps a
    Thought between frames): the move is choose()'s, candidates dropped on the way included."""
    bot = get_bot("hard", samples=12, drop_after=4)
    m = Match.new(seed="slices")
    rng = random.Random(3)
    checked = 0
    while not m.is_over and checked < 40:
        obs = observe(m, m.to_move)
        if len(obs.legal) > 1:
            thought = bot.think(obs, random.Random(checked))  # type: ignore[attr-defined]
            steps = 0
            while not thought.step(0.0):  # the shortest slices: one playout each
                steps += 1
            assert thought.move() == bot.choose(obs, random.Random(checked))
            checked += 1
        m.play(rng.choice(obs.legal))
    assert checked == 40


def test_a_slice_does_not_start_a_playout_that_would_not_fit(monkeypatch: pytest.MonkeyPatch) -> None:
    """A slice stops before a playout the recent ones say would overrun it, so
    the page's task is the slice, not the slice plus a playout. On a clock that each playout
    moves on 5 ms (a sample's first, which draws the deal, 8 ms): 12 ms slices do one or
    two playouts and never pass 12 ms once the playouts are known; a slice always does one."""
    from trex_core.bots import thinking

    now = [0.0]
    monkeypatch.setattr(thinking.time, "perf_counter", lambda: now[0])

    def sample(scored: list[int]) -> Iterator[int]:
        for j in range(3):
            now[0] += 0.008 if j == 0 else 0.005
            yield j

    thought = thinking.Thought(sample, thinking.Tally(3, 0), lambda t: NO_DOUBLE, rounds=20)
    spans = []
    while not thought.done:
        t0 = now[0]
        thought.step(0.012)
        spans.append(now[0] - t0)
    assert thought.samples == 20 and len(spans) > 20
    assert max(spans[2:]) <= 0.012 + 1e-9  # once the first and the later playouts are known
    assert min(spans) >= 0.005 - 1e-9  # and every slice does work
    assert thought.step(0.0)


def test_a_candidate_clearly_short_of_the_best_is_scored_no_more() -> None:
    """A card search stops scoring a candidate whose mean gain two standard errors up is
    still below what the guarded best makes sure of; the reference (the medium card) and
    the close ones stay, and a dropped one is never chosen."""
    from trex_core.bots import thinking

    asked: list[list[int]] = []

    def sample(scored: list[int]) -> Iterator[int]:
        noise = (-2, -1, 0, 1, 2)[len(asked) % 5]  # a spread around the exact gains
        asked.append(list(scored))
        gain = {0: 0, 1: -8, 2: 3, 3: 4}  # 1 clearly worse than the reference 0; 3 the best
        for j in scored:
            yield gain[j] + noise if j else 0

    thought = thinking.Thought(sample, thinking.Tally(4, 0), lambda t: CARD_MOVES[t.guarded_best(1.0)],
                               rounds=40, drop=2.0, drop_after=10)
    thought.finish()
    assert asked[:10] == [[0, 1, 2, 3]] * 10  # every candidate until drop_after samples
    assert asked[10] == [0, 2, 3]  # 1 is clearly below the reference at once
    assert asked[-1] == [0, 3] and all(0 in a for a in asked)  # 2, a point short of 3, later
    counts = thought.tally.counts if thought.tally is not None else []
    assert counts[0] == counts[3] == 40 and counts[1] == 10 and 10 < counts[2] < 40
    assert thought.move() == CARD_MOVES[3]
    assert set(thought.values()) == set()  # no candidates named: the values need them
    tally = thinking.Tally(2, 0)
    for _ in range(20):
        tally.add([0, -1])  # the one candidate always a point worse: no spread at all
    tally.drop_losers(2.0, 1.0)
    assert tally.alive == [0] and tally.guarded_best(0.0) == 0

    without = thinking.Thought(sample, thinking.Tally(4, 0), lambda t: NO_DOUBLE, rounds=20)
    asked.clear()
    without.finish()  # drop=0 (the doubling search's): every candidate on every sample
    assert asked == [[0, 1, 2, 3]] * 20


def test_the_page_thinker_answers_legally_in_short_steps() -> None:
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
    from trexui.players import bots as page_bots

    assert "seer" not in page_bots.levels()  # the all-seeing bot is never offered
    m = Match.new(seed="thinker")
    for n in range(60):
        seat = m.to_move
        th = page_bots.Thinker(m, seat, "hard", random.Random(n), think_ms=60.0)
        text = None
        for _ in range(1000):
            text = th.step(10.0)
            if text is not None:
                break
        assert text is not None and th.done  # (how long a step takes: bench/bot_speed.py)
        m.play(text)
        assert th.move() == text


def test_the_page_imports_the_bots_a_module_at_a_time_compiling_first(tmp_path: Path) -> None:
    """web/trexui/players/bots.py imports trex_core.bots in steps the page runs between its own
    tasks (no long task on a phone): each module's byte code is written in one
    step and the module imported in the next. In a fresh interpreter, with the byte code
    cache in ``tmp_path``. The fast path's random play, which the bots never use, stays
    out of that import (trex_core.randomplay)."""
    web = Path(__file__).resolve().parent.parent / "web"
    script = (
        f"import sys; sys.path.insert(0, {str(web)!r})\n"
        "from trexui.players import bots\n"
        "assert 'trex_core.bots' not in sys.modules\n"
        "seen = []\n"
        "for _ in bots.preload_steps():\n"
        "    seen.append(sorted(m for m in bots.STEPS if m in sys.modules))\n"
        "print(len(seen), len(bots.STEPS))\n"
        "assert all(m in sys.modules for m in bots.STEPS)\n"
        "assert bots.levels() and 'trex_core.bots' in sys.modules\n"
        "# the step that compiles a module comes before the step that imports it\n"
        "assert [len(s) for s in seen] == sorted(len(s) for s in seen)\n"
        "# random play (the fuzzer, the bench) is not the bots': the page does not compile it\n"
        "assert 'trex_core.randomplay' not in sys.modules\n"
    )
    env = {**os.environ, "PYTHONPYCACHEPREFIX": str(tmp_path), "PYTHONDONTWRITEBYTECODE": ""}
    env.pop("PYTHONDONTWRITEBYTECODE")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env,
                         cwd=Path(__file__).resolve().parent.parent, check=True).stdout.split()
    steps, modules = int(out[0]), int(out[1])
    assert steps == 2 * modules  # a compile step and an import step for each module
    assert len(list(tmp_path.rglob("*.pyc"))) >= modules


def test_the_page_compiles_a_bot_module_only_without_byte_code_for_its_python(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The site ships the bots' byte code compiled by the page's Python (build.py): the page
    then writes none. Byte code of another Python (another magic number) is written anew,
    so a site built with another Pyodide still imports in short steps."""
    import importlib.util

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parent.parent / "web"))
    from trexui.players import bots as page_bots

    (tmp_path / "shipped_mod.py").write_text("X = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    cached = Path(importlib.util.cache_from_source(str(tmp_path / "shipped_mod.py")))
    cached.parent.mkdir(parents=True, exist_ok=True)
    cached.write_bytes(b"\0\0\r\n" + bytes(12) + b"not this python's")
    monkeypatch.setattr(page_bots, "compiled", [])
    assert page_bots._compile("shipped_mod") is True
    assert cached.read_bytes()[:4] == importlib.util.MAGIC_NUMBER
    assert page_bots._compile("shipped_mod") is False  # this Python's byte code is there now
    assert page_bots.compiled == ["shipped_mod"]


def test_the_seer_plays_only_where_it_is_shown_the_hands() -> None:
    """The all-seeing level is an arena instrument: not a level players meet, and it refuses
    to decide without the true hands."""
    from trex_core.bots import ARENA_LEVELS

    assert "seer" in ARENA_LEVELS and "seer" not in LEVELS
    seer = get_bot("seer")
    m = Match.new(seed="seer")
    obs = observe(m, m.to_move)
    m.play(seer.choose(obs, random.Random(0)))  # the contract needs no hands
    while m.phase == "announce" or len(observe(m, m.to_move).legal) < 2:
        m.play(get_bot("medium").choose(observe(m, m.to_move), random.Random(0)))
    with pytest.raises(ValueError):
        seer.choose(observe(m, m.to_move), random.Random(0))
    seer.reveal(m.hands)  # type: ignore[attr-defined]
    assert seer.choose(observe(m, m.to_move), random.Random(0)) in observe(m, m.to_move).legal


def _plain_trick_misses(obs: Observation, hands: list[int], tr: TrickRules) -> int:
    """The player model's count as first written: the whole deal replayed on the hands."""
    plays: list[tuple[int, int]] = []
    for leader, cards, _ in obs.tricks:
        plays.extend(zip(obs.rules.seat_order(leader), cards, strict=False))
    plays.extend(obs.trick)
    if not plays:
        return 0
    start = list(hands)
    for s, c in plays:
        start[s] |= 1 << c
    first = obs.tricks[0][0] if obs.tricks else obs.trick[0][0]
    st = TrickState(hands=start, leader=first, doubled=dict(obs.doubled))
    misses = 0
    for s, c in plays:
        if s != obs.seat:
            led = st.trick[0] // 13 if st.trick else -1
            legal = trick_legal(st.hands[s], led, tr)
            if legal & (legal - 1) and trick_card(s, st, tr, legal) != c:
                misses += 1
        step_trick(st, tr, c)
    return misses


def _plain_trex_misses(obs: Observation, hands: list[int]) -> int:
    """The layout model's count as first written: every turn asks the medium policy."""
    plays = [(s, c) for s, c in obs.layout_plays if c >= 0]
    held = list(hands)
    for s, c in plays:
        held[s] |= 1 << c
    st = TrexState(hands=held, to_move=0)
    misses = 0
    for s, c in plays:
        if s != obs.seat:
            legal = held[s] & trex_playable(st.laid)
            if legal & (legal - 1) and trex_card(s, st, legal) != c:
                misses += 1
        held[s] ^= 1 << c
        st.laid |= 1 << c
    return misses


def test_the_layout_models_kept_answers_count_as_the_whole_replay() -> None:
    """``TrexModel`` keeps the medium card per turn and the player's cards of the suits he
    could lay in; on many sampled deals of one observation its count is the plain replay's
    (§6, partnership and Complex's Trex included)."""
    from trex_core.bots.likelihood import TrexModel

    medium = get_bot("medium")
    compared = 0
    for rules in (Rules(), Rules(partnership=True), Rules(complex=True)):
        m = Match(rules, Dealer(f"layout-kept:{rules.changes()}"))
        rng = random.Random(5)
        while not m.is_over and m.deal_number < 10:
            obs = observe(m, m.to_move)
            if obs.phase == "play" and obs.contract is Contract.TREX and len(obs.legal) > 1:
                model = TrexModel(obs)
                kn = knowledge(obs)
                for _ in range(6):
                    guess = sample_hands(kn, rng)
                    assert model.misses(guess) == _plain_trex_misses(obs, guess)
                    compared += 1
            m.play(medium.choose(obs, rng) if rng.random() < 0.7 else rng.choice(obs.legal))
    assert compared > 300


def _trick_decisions(name: str, rules_list: tuple[Rules, ...], deals: int, medium_share: float,
                     ) -> Iterator[tuple[Observation, TrickRules]]:
    """Decisions with a choice in the trick contracts of two seeded matches per rules, played
    by the medium bot ``medium_share`` of the time and at random otherwise."""
    medium = get_bot("medium")
    for rules in rules_list:
        for g in range(2):
            m = Match(rules, Dealer(f"{name}:{rules.changes()}:{g}"))
            rng = random.Random(g)
            while not m.is_over and m.deal_number < deals:
                obs = observe(m, m.to_move)
                if obs.phase == "play" and obs.contract not in (None, Contract.TREX) and len(obs.legal) > 1:
                    yield obs, TrickRules.of(obs.contract, obs.rules)
                m.play(medium.choose(obs, rng) if rng.random() < medium_share else rng.choice(obs.legal))


def test_the_player_models_kept_answers_count_as_the_whole_replay() -> None:
    """``TrickModel`` replays the public play once and keeps the medium card per turn and
    holding; on many sampled deals of one observation (the way the search asks it) its count
    is the plain replay's, deal by deal (doubles, partnership and Complex included)."""
    rng = random.Random(5)
    compared = 0
    rules_list = (
        Rules(), Rules(partnership=True), Rules(complex=True), Rules.preset("jawaker"),
        Rules(no_heart_lead=True, forced_discard=True),  # legal cards that are not the hand
    )
    for obs, tr in _trick_decisions("model-kept", rules_list, 6, 0.7):
        model = TrickModel(obs, tr)
        kn = knowledge(obs)
        for _ in range(6):
            guess = sample_hands(kn, rng)
            assert model.misses(guess) == _plain_trick_misses(obs, guess, tr)
            compared += 1
    assert compared > 1000


def test_the_player_model_explains_medium_play_on_the_true_hands() -> None:
    """The sampler's model of the players (bots/likelihood.py) is the medium policy as the
    yardstick ``medium-1`` plays it: on the true hands of deals the ``medium-1`` bots play,
    no choice is a miss (§6 layout and §3 tricks, partnership included); on sampled hands
    some are, which is what the weighing uses."""
    from trex_core.bots.likelihood import trex_misses, trick_misses
    from trex_core.fast import TrickRules

    medium = get_bot("medium-1")
    sampled = 0
    for rules in (Rules(), Rules(partnership=True)):
        for g in range(2):
            m = Match(rules, Dealer(f"model:{g}"))
            rng = random.Random(g)
            while not m.is_over and m.deal_number < 5:
                obs = observe(m, m.to_move)
                if obs.phase == "play" and obs.contract is not None:
                    guess = sample_hands(knowledge(obs), rng)
                    if obs.contract is Contract.TREX:
                        assert trex_misses(obs, list(m.hands)) == 0
                        sampled += trex_misses(obs, guess)
                    else:
                        tr = TrickRules.of(obs.contract, obs.rules)
                        assert trick_misses(obs, list(m.hands), tr) == 0
                        sampled += trick_misses(obs, guess, tr)
                m.play(medium.choose(obs, rng))
    assert sampled > 100


def _chain(kn: Knowledge, model: TrickModel, steps: int, seed: int = 7) -> list[list[int]]:
    """Four deals of ``settled`` after ``steps`` swaps each, from a seeded generator."""
    r = random.Random(seed)
    draw = weighed(lambda: sample_hands(kn, r), model.misses, r, 2, 0.3)
    deals = settled(draw, model.seat_misses, kn, r, steps, 0.05)
    return [deals() for _ in range(4)]


def test_settled_deals_keep_what_the_seat_knows_and_explain_the_plays_better() -> None:
    """§3 tricks: the chain of card swaps (``likelihood.settled``) keeps every deal
    consistent with the seat's knowledge — its own hand, each player's hand size, the known
    cards (revealed doubles, §4.2) in place, no card where the rules rule it out (voids,
    §3.1), no more cards where the behavioural inference rules them out than at the start
    — and on positions of medium play its deals explain the plays better (fewer misses)
    than the deals it starts from; the same seed gives the same deals."""
    start_misses = chain_misses = checked = 0
    start_excluded = chain_excluded = 0  # cards where the behavioural inference says no
    for obs, tr in _trick_decisions("settled", (Rules(), Rules(partnership=True)), 5, 1.0):
        kn = knowledge(obs)
        model = TrickModel(obs, tr)
        starts, settled_deals = _chain(kn, model, 0), _chain(kn, model, 40)
        assert settled_deals == _chain(kn, model, 40)
        for hands in settled_deals:
            assert hands[obs.seat] == obs.hand
            assert (hands[0] | hands[1] | hands[2] | hands[3]) == FULL_DECK & ~obs.played
            for s in range(4):
                assert hands[s].bit_count() == obs.hand_sizes[s]
                assert hands[s] & kn.known[s] == kn.known[s]
                if s != obs.seat:
                    assert not hands[s] & kn.strict[s]
            checked += 1
        others = [s for s in range(4) if s != obs.seat]
        start_excluded += sum((h[s] & kn.exclude[s]).bit_count() for h in starts for s in others)
        chain_excluded += sum((h[s] & kn.exclude[s]).bit_count() for h in settled_deals for s in others)
        start_misses += sum(model.misses(h) for h in starts)
        chain_misses += sum(model.misses(h) for h in settled_deals)
    assert checked > 200
    assert chain_misses < 0.7 * start_misses
    assert chain_excluded <= start_excluded


def test_what_a_seat_knows_in_a_playout_holds_no_hidden_card() -> None:
    """``state_knowledge`` (the recursive search's own later turns): two
    playout positions that differ only in where the other seats' unplayed cards lie (the
    same sizes, voids, doubled cards) give the same knowledge, and its deals keep the voids
    (§3.1) and a doubled card with its doubler (§4)."""
    from trex_core.bots.knowledge import state_knowledge

    rng = random.Random("state-knowledge")
    tr = TrickRules.of(Contract.QUEENS, Rules())
    compared = 0
    for g in range(40):
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[13 * k:13 * k + 13]) for k in range(4)]
        queens = [c for c in range(52) if tr.value[c]]
        doubled = {q: next(s for s in range(4) if hands[s] >> q & 1) for q in queens[:2]}
        st = TrickState(hands=hands, leader=g % 4, doubled=doubled)
        for _ in range(rng.randrange(4, 30)):
            seat = st.to_move(tr)
            led = st.trick[0] // 13 if st.trick else -1
            if step_trick(st, tr, rng.choice(cards_of(trick_legal(st.hands[seat], led, tr)))):
                break
        else:
            me = st.to_move(tr)
            kn = state_knowledge(st, me)
            for _ in range(5):
                deal = sample_hands(kn, rng)
                assert deal[me] == st.hands[me]
                assert [h.bit_count() for h in deal] == [h.bit_count() for h in st.hands]
                for s in range(4):
                    assert all(not deal[s] >> c & 1 for c in range(52) if st.voids[s] >> (c // 13) & 1)
                for q, d in doubled.items():
                    if not st.played >> q & 1:
                        assert deal[d] >> q & 1
                twin = st.copy()
                twin.hands = deal
                assert state_knowledge(twin, me) == kn
                compared += 1
    assert compared >= 50


def test_what_a_seat_knows_of_a_layout_in_a_playout_holds_no_hidden_card() -> None:
    """``layout_knowledge`` (Trex): the same for a layout position: what each
    pass showed (§6.5) is kept in every deal drawn, and where the hidden cards lie changes
    nothing of it."""
    from trex_core.bots.knowledge import layout_knowledge
    from trex_core.fast import step_trex

    rng = random.Random("layout-knowledge")
    nxt = (1, 2, 3, 0)
    compared = passes = 0
    for g in range(60):
        deck = list(range(52))
        rng.shuffle(deck)
        st = TrexState(hands=[sum(1 << c for c in deck[13 * k:13 * k + 13]) for k in range(4)], to_move=g % 4)
        for _ in range(rng.randrange(6, 40)):
            legal = st.hands[st.to_move] & trex_playable(st.laid)
            c = rng.choice(cards_of(legal)) if legal else -1
            passes += c < 0
            if step_trex(st, nxt, c):
                break
        else:
            me = st.to_move
            kn = layout_knowledge(st, me)
            for _ in range(4):
                deal = sample_hands(kn, rng)
                assert deal[me] == st.hands[me]
                assert [h.bit_count() for h in deal] == [h.bit_count() for h in st.hands]
                assert not any(deal[s] & st.passed[s] for s in range(4) if s != me)
                twin = st.copy()
                twin.hands = deal
                assert layout_knowledge(twin, me) == kn
                compared += 1
    assert compared >= 100 and passes >= 20
