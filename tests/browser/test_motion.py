"""The feel of the table: cards move and the table can make short sounds.

Motion (web/tableview.js): a played card slides from its player's place to the trick
(§3), a finished trick flies to its taker (§3.3), a Trex card slides to its place in the
layout (§6); nothing moves under ``prefers-reduced-motion: reduce``; the game's state
never waits for an animation. A sampler installed before the page loads reads
``document.getAnimations()`` at every animation frame, so an animation cannot slip
between two reads.

Sound (trexui/view/sound.py decides, tableview.js ``TrexSound`` synthesizes): a switch in
Settings, remembered; no AudioContext is ever created while it is off, nor before a user
gesture. The cues themselves are checked natively over random matches.
"""
import random
import sys
from pathlib import Path

from trex_core import Match, Rules, observe

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from trexui.view import board as view
from trexui.view import overlays, sound  # noqa: E402

# Every frame: how many animations run, and which moving elements they belong to
# (a card in the trick, in the Trex layout, or a copy flying to a trick's taker).
SAMPLER = """
(() => {
  window.__motion = {max: 0, kinds: {}, flips: []};
  const look = () => {
    const anims = document.getAnimations();
    const m = window.__motion;
    m.max = Math.max(m.max, anims.length);
    for (const a of anims) {
      const el = a.effect && a.effect.target;
      if (!el || !el.closest) continue;
      const kind = el.closest('.fx') ? 'gather' : el.closest('.trick') ? 'trick'
                 : el.closest('.layout') ? 'layout' : 'other';
      m.kinds[kind] = (m.kinds[kind] || 0) + 1;
      const flip = el.getAttribute('data-flip');
      if (flip && !m.flips.includes(flip)) m.flips.push(flip);
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();
"""

# Counts the AudioContexts the page creates.
AUDIO = """
(() => {
  window.__audio = 0;
  const Real = window.AudioContext;
  if (!Real) return;
  window.AudioContext = class extends Real { constructor(...a) { super(...a); window.__audio++; } };
})();
"""


def motion(t) -> dict:
    return t.page.evaluate("window.__motion")


def trick_done(t, tricks: int, timeout: int = 30_000) -> None:
    """Wait until the game has more than ``tricks`` tricks taken (or left the deal's
    play) and waits for the player again: a real state, not a delay."""
    t.page.wait_for_function(
        """n => { const s = JSON.parse(window.trexTest.state());
                  return (s.tricks > n || s.phase !== 'play')
                         && document.body.hasAttribute('data-waiting'); }""",
        arg=tricks, timeout=timeout)


def play_a_card(t) -> str:
    """Click the first card you may play (you are to play); its flip id."""
    st = t.wait_idle()
    assert st["waiting"] == "play", st
    card = t.page.locator(".hand .card.playable").first
    flip = card.get_attribute("data-flip")
    card.click()
    return flip


def test_section3_reduced_motion_moves_nothing(new_table):
    t = new_table()
    t.page.emulate_media(reduced_motion="reduce")
    t.page.add_init_script(SAMPLER)
    t.goto("?speed=fast&seed=5")
    while t.wait_idle()["waiting"] != "play":
        t.step()
    tricks = t.state()["tricks"]
    play_a_card(t)
    # the trick is finished by the bots and the next decision waits for you (or the deal ends)
    trick_done(t, tricks)
    if t.state()["waiting"] == "play":  # the trick just taken leaves the table at the next card
        tricks = t.state()["tricks"]
        play_a_card(t)
        trick_done(t, tricks)
    m = motion(t)
    assert m["max"] == 0, m
    assert t.page.evaluate("document.getAnimations().length") == 0
    assert t.page.evaluate("document.querySelector('.fx').childElementCount") == 0


def test_section3_a_played_card_slides_to_the_trick_and_the_trick_to_its_taker(new_table):
    t = new_table()
    t.page.add_init_script(SAMPLER)
    t.goto("?speed=fast&seed=5")
    while t.wait_idle()["waiting"] != "play":
        t.step()
    flip = play_a_card(t)
    # the card you played is animated on its way into the trick
    t.page.wait_for_function("f => window.__motion.flips.includes(f)", arg=flip, timeout=10_000)
    assert t.page.locator(f'.trick [data-flip="{flip}"]').count() == 1
    # the bots' cards come from their seats, and the finished trick flies to its taker
    t.page.wait_for_function("() => (window.__motion.kinds.gather || 0) > 0", timeout=30_000)
    m = motion(t)
    assert m["kinds"].get("trick", 0) > 0, m
    # the copies in the animation layer are gone once they have landed, and never take a click
    t.page.wait_for_function("() => document.querySelector('.fx').childElementCount === 0", timeout=10_000)
    assert t.page.evaluate("getComputedStyle(document.querySelector('.fx')).pointerEvents") == "none"
    # animations never hold the game up: the deal plays to its end
    st = t.play_deal()
    assert st["waiting"] in ("summary", "result"), st


def test_section6_a_trex_card_slides_into_the_layout(new_table):
    """Trex (§6): each card laid slides to its place in the layout."""
    from conftest import find_seed

    def trex_first(seed, m):  # you are king and can name Trex at once
        return m.to_move == 0 and "trex" in [str(x) for x in m.legal_moves()]
    t = new_table()
    t.page.add_init_script(SAMPLER)
    t.goto(f"?speed=fast&seed={find_seed(trex_first)}")
    st = t.wait_idle()
    assert st["waiting"] == "choose", st
    st = t.act('.contract-btn[data-move="trex"]')
    if st["waiting"] == "play":  # the king lays first (§6)
        t.step()
    t.page.wait_for_function("() => (window.__motion.kinds.layout || 0) > 0", timeout=30_000)


def test_section6_a_change_beside_the_layout_does_not_restyle_it(new_table):
    """No task over 100 ms on a phone: the Trex layout (§6) is its own size
    container, whose size changes only with the width. When the middle of the felt was the
    container, every layout of the felt (the status line changing, a card leaving the hand)
    recomputed the styles of all its cards in a second and third style pass: 9-15 ms a
    move on a desktop, four times that on a phone. Counted by Chromium (CDP Performance
    metrics), not timed: five changes of the status line cost one style pass each."""
    from conftest import find_seed

    def trex_first(seed, m):
        return m.to_move == 0 and "trex" in [str(x) for x in m.legal_moves()]
    t = new_table(viewport={"width": 360, "height": 740})
    t.goto(f"?speed=instant&seed={find_seed(trex_first)}")
    assert t.wait_idle()["waiting"] == "choose"
    st = t.act('.contract-btn[data-move="trex"]')
    for _ in range(6):  # some cards in the layout
        if st["waiting"] != "play":
            break
        t.step()
        st = t.wait_idle()
    assert t.page.locator(".layout .card.cell").count() > 0
    cdp = t.page.context.new_cdp_session(t.page)
    cdp.send("Performance.enable")

    def recalcs() -> float:
        return next(m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]
                    if m["name"] == "RecalcStyleCount")
    before = recalcs()
    t.page.evaluate("""() => { const s = document.querySelector('.you .status');
        for (let i = 0; i < 5; i++) { s.textContent = 'x' + i + ' '.repeat(i * 40) + 'y';
                                      document.body.offsetHeight; } }""")
    assert recalcs() - before <= 6


SPLIT = """() => {
    // Each MutationObserver callback gets the changes of one task (its microtask checkpoint):
    // for each, whether the live region and whether the table's own elements changed.
    window.__tasks = [];
    const live = document.querySelector('[data-region=announce]');
    new MutationObserver(records => {
        let announce = false, table = false;
        for (const r of records) {
            if (live.contains(r.target)) announce = true;
            else if (r.target.closest && r.target.closest('.felt, .topbar, .side')) table = true;
        }
        window.__tasks.push([announce, table]);
    }).observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
}"""


def test_a_bots_move_reaches_the_page_in_the_task_after_its_own(new_table):
    """No task over 100 ms on a phone: a bot's move is played, saved, announced
    and rendered to HTML in one task, and the page's elements change in the next one, so the
    Python and the DOM work of a move are never one long task. Observed, not timed: the
    table's elements never change in the task that announces a bot's play."""
    t = new_table(viewport={"width": 360, "height": 740})
    t.goto("?speed=fast&seed=3&autoplay=1")
    t.page.evaluate(SPLIT)
    t.page.wait_for_function("() => window.__tasks.filter(([a]) => a).length >= 12", timeout=60_000)
    tasks = t.page.evaluate("window.__tasks")
    announced = [table for announce, table in tasks if announce]
    assert len(announced) >= 12 and not any(announced), tasks
    assert any(table for _, table in tasks)  # the table did change, in tasks of their own


def test_sound_switch_is_remembered_and_off_makes_no_audio_context(new_table):
    t = new_table()
    t.page.add_init_script(AUDIO)
    t.goto("?speed=fast&seed=5")
    assert t.page.evaluate("window.__audio") == 0  # nothing before a gesture
    t.act("[data-action=settings]")
    box = ".settings [name=sound]"
    assert t.page.is_checked(box)  # on by default, as in card-game apps
    t.page.uncheck(box)
    t.page.wait_for_function("() => JSON.parse(localStorage.getItem('trex.settings')).sound === false")
    t.act("[data-overlay=settings] [data-action=close]")
    t.reload()  # a new page: the switch is off from the start
    while t.wait_idle()["waiting"] != "play":
        t.step()
    tricks = t.state()["tricks"]
    play_a_card(t)  # gestures on the table, and cards, tricks, your turn: all silent
    trick_done(t, tricks)
    t.act("[data-action=settings]")
    assert not t.page.is_checked(box)
    assert t.page.evaluate("window.__audio") == 0
    assert t.page.evaluate("document.querySelector('#app').trexSound.played") == 0
    t.page.check(box)  # switched on again: a gesture on the table, so it may start
    t.page.wait_for_function("() => JSON.parse(localStorage.getItem('trex.settings')).sound === true")
    assert t.page.evaluate("window.__audio") == 1


def test_sound_on_starts_only_after_a_gesture(new_table):
    t = new_table()
    t.page.add_init_script(AUDIO)
    t.goto("?speed=fast&seed=5")
    st = t.wait_idle()
    assert t.page.evaluate("window.__audio") == 0  # the bots may have played: no gesture yet
    while st["waiting"] != "play":
        t.step()
        st = t.wait_idle()
    play_a_card(t)
    t.page.wait_for_function("() => document.querySelector('#app').trexSound.played > 0", timeout=30_000)
    assert t.page.evaluate("window.__audio") == 1  # one context for the table, made once


def test_sound_cues_follow_the_game_natively():
    """Over random matches: one "card" per card played or laid (§3, §6; not a pass), a
    "trick" per trick taken (§3.3), a "deal" per deal over, and "turn" whenever the game
    starts to wait for you."""
    rng = random.Random(3)
    for preset, opts in (("levant", {}), ("jawaker", {"complex": True})):
        m = Match.new(seed=3, rules=Rules.preset(preset, **opts))
        cues = sound.Cues()
        cues.update(observe(m, 0))
        got: dict[str, int] = {}
        cards = tricks = deals = 0
        while not m.is_over:
            move = str(rng.choice(m.legal_moves()))
            before = observe(m, 0)
            m.play(move)
            obs = observe(m, 0)
            new = cues.update(obs)
            assert len(new) == len(set(new)) and set(new) <= set(sound.CUES)
            for c in new:
                got[c] = got.get(c, 0) + 1
            if len(move) == 2:
                cards += 1
            if len(obs.tricks) > len(before.tricks):
                tricks += 1
            if view.finished(obs) and not view.finished(before):
                deals += 1
            if "turn" in new:
                assert obs.to_move == 0
        assert got["card"] == cards, (got, cards)
        assert got.get("trick", 0) == tricks > 0, (got, tricks)
        assert got.get("deal", 0) == deals > 0, (got, deals)
        assert got.get("turn", 0) > 0, got


def test_sound_setting_round_trip_natively():
    """On by default; remembered off; a stored value that is not a boolean is ignored;
    the switch is in the Settings form, in every language."""
    from trexui.i18n import strings
    from trexui.table import store
    s = store.load_settings(None)
    assert s["sound"] is True
    s["sound"] = False
    assert store.load_settings(store.dump_settings(s))["sound"] is False
    assert store.load_settings('{"sound": "no"}')["sound"] is True
    for lang in ("en", "ar", "nl"):
        strings.set_language(lang)
        html = overlays.settings_overlay(dict(s, sound=True), ["medium"], [[0, 2], [1, 3]])
        assert 'name="sound" id="set-sound" data-change="play" checked' in html
        assert strings.t("opt.sound") in html and strings.t("opt.sound") != "opt.sound"
    strings.set_language("en")
