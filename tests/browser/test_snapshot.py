"""A returning visit starts Pyodide from a memory snapshot made in this browser
(web/pystart.mjs, web/snapshot.mjs; docs/WEB.md "The start": the memory snapshot).

* With the service worker, a first visit makes the snapshot once its table is playable and
  idle (``body[data-snapshot=made]``); the next visit starts from it
  (``body[data-start=snapshot]``), resumes the match, and its seeded bots play the cards the
  same bots choose in CPython (the generator seeded the page's way: test_determinism.py).
* A damaged snapshot (not the bytes stored: its SHA-256; its kept parts placed out of its
  memory), one that is not a snapshot (its magic number) or is refused by Pyodide (another
  Pyodide's build id), another build's and a missing one: each visit starts the old way
  (``body[data-start=plain]``, ``body[data-snapshot]`` says why), the bad entry is deleted,
  and the match is kept. These pages block the worker, so they make none; the bad entries
  are written by the test into the page's cache (``FORGE``).
* Settings says what is kept and its size, and clears it.
"""
from __future__ import annotations

import json
import random

import pytest

from conftest import DESKTOP, Guard, Table, tables
from trex_core import Match, observe, write_record
from trex_core.bots import get_bot

SEED = 4242
MAKE_TIMEOUT_MS = 180_000  # a second Pyodide in a worker, on a busy machine

# Writes an entry into the page's snapshot cache: the bytes ``kind`` says, under the
# current build's name (``entry``) or another build's.
FORGE = """async ([kind]) => {
  const snap = window.trexSnapshot;
  const cache = await caches.open(snap.cache);
  const raw = new Uint8Array(1 << 20);
  const head = new DataView(raw.buffer);
  head.setUint32(0, 1886286592, true);  // a snapshot's magic number
  head.setUint32(4, 64, true);          // where its memory starts
  head.setUint32(8, 2, true);           // its header's JSON: "{}"
  for (let i = 16; i < 48; i++) raw[i] = 0xab;  // a build id no Pyodide has
  raw.set(new TextEncoder().encode("{}"), 48);
  let url = snap.entry;
  if (kind === "not-a-snapshot") head.setUint32(0, 0x12345678, true);
  if (kind === "other-build") url = snap.entry.replace(/snapshot-[0-9a-f]+$/, "snapshot-0123456789abcdef");
  const sha = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", raw)),
                         b => b.toString(16).padStart(2, "0")).join("");
  if (kind === "damaged") raw.fill(0x55, 1000, 2000);  // bytes changed after they were stored
  if (kind !== "missing") {
    const headers = {"x-trex-bytes": String(raw.length), "x-trex-sha256": sha};
    if (kind === "damaged-runs") {  // the kept bytes' places in the memory: past its end
      Object.assign(headers, {"x-trex-memory": String(raw.length), "x-trex-runs": `[[64, ${raw.length}]]`});
    }
    await cache.put(url, new Response(raw, {headers}));
  }
  return (await cache.keys()).map(r => r.url);
}"""
KEPT = "async () => (await (await caches.open(trexSnapshot.cache)).keys()).map(r => r.url)"


def _worker_table(browser, url, viewport=DESKTOP):
    """A page whose service worker may install (test_offline.py's): the snapshot is made only
    on a page the worker serves."""
    context = browser.new_context(viewport=viewport, service_workers="allow")
    guard = Guard(context)
    page = guard.watch(context.new_page())
    page.set_default_timeout(30_000)
    return Table(context, page, guard, url)


@pytest.fixture
def sw_table(browser, site_url):
    yield from tables(lambda viewport=DESKTOP: _worker_table(browser, site_url, viewport))


def body(t: Table, name: str) -> str | None:
    return t.page.evaluate(f"document.body.dataset.{name} ?? null")


def moves(t: Table) -> list[str]:
    return json.loads(t.page.evaluate("window.trexTest.record()"))["moves"]


def test_a_second_visit_starts_from_the_snapshot_and_its_bots_play_as_in_cpython(sw_table) -> None:
    t = sw_table()
    t.goto(f"?seed={SEED}&level=medium&speed=instant&tour=0")
    assert (body(t, "start"), body(t, "snapshot")) == ("plain", "none")
    t.wait_idle()
    t.step()  # the player's own move: the match is theirs to keep
    t.wait_idle()
    t.page.wait_for_selector("body[data-snapshot=made], body[data-snapshot=failed]", state="attached",
                             timeout=MAKE_TIMEOUT_MS)
    assert body(t, "snapshot") == "made", t.page.evaluate("trexSnapshot.error()")
    size = t.page.evaluate("trexSnapshot.bytes()")
    assert 1_000_000 < size < 40_000_000, size
    assert t.page.evaluate(KEPT) == [t.page.evaluate("trexSnapshot.entry")]
    before = moves(t)

    t.goto("?level=medium&speed=instant&tour=0")  # the next visit: the match resumes from its save
    assert body(t, "start") == "snapshot"
    assert moves(t)[:len(before)] == before
    st = t.play_deal()
    assert st["seed"] == SEED and st["phase"] == "deal-over", st
    page = json.loads(t.page.evaluate("window.trexTest.record()"))
    assert len(page["moves"]) > len(before) + 8
    native = Match.new(seed=SEED)  # the page's default rules, as test_determinism.py
    bot = get_bot("medium")
    for i, text in enumerate(page["moves"]):
        seat = native.to_move
        assert seat is not None
        if seat != 0 and text != "next":  # a bot's move: the one CPython's bot chooses (§3, §4)
            obs = observe(native, seat)
            assert str(bot.choose(obs, random.Random(f"{SEED}:{i}"))) == text, (i, text)
        native.play(text)
    assert write_record(native) == page["record"]

    # Settings says what is kept and its size, and clears it; the next visit starts the old way
    t.act("[data-action=next-deal]")
    t.act("[data-action=settings]")
    quick = t.page.locator(".settings fieldset.quick")
    assert f"{size / 1_000_000:.1f} MB" in quick.inner_text()
    t.page.locator("[data-action=quick-clear]").click()
    t.page.wait_for_function("() => !document.querySelector('[data-action=quick-clear]')")
    assert "No quick start" in quick.inner_text()
    t.page.wait_for_function(f"async () => ({KEPT})().then(k => k.length === 0)")
    t.goto("?level=medium&speed=instant&tour=0")
    assert (body(t, "start"), body(t, "snapshot")) == ("plain", "none")
    t.goto("?level=medium&speed=instant&tour=0&snapshot=0")  # a bench's "today": reads none, makes none
    assert (body(t, "start"), body(t, "snapshot")) == ("plain", "off")


@pytest.mark.parametrize("kind, why", [("damaged", "damaged"), ("damaged-runs", "damaged"),
                                       ("not-a-snapshot", "refused"), ("other-pyodide", "refused"),
                                       ("other-build", "other-build"), ("missing", "none")])
def test_a_bad_or_missing_snapshot_starts_the_old_way_with_the_match_kept(new_table, kind, why) -> None:
    t = new_table()
    t.goto(f"?seed={SEED}&speed=instant&tour=0")
    t.wait_idle()
    t.step()
    t.wait_idle()
    before = moves(t)
    kept = t.page.evaluate(FORGE, [kind])
    assert len(kept) == (0 if kind == "missing" else 1), kept
    t.goto("?speed=instant&tour=0")
    assert (body(t, "start"), body(t, "snapshot")) == ("plain", why)
    assert t.page.evaluate(KEPT) == []  # thrown away
    assert moves(t) == before  # the match is kept
    t.wait_idle()
    assert t.step()  # and plays on
    t.wait_idle()
    assert len(moves(t)) > len(before)
