"""Friends at one table over a link (web/trexui/friends/link.py, guest.py): the
host's page is the table and its referee, each guest's page holds one seat over a WebRTC
data channel, seated by an invitation link and a reply link and nothing else.

Each page is its own browser context (its own storage, as four devices), on 127.0.0.1, with
every request outside it failing the test. Chromium hides a page's own address behind an
mDNS name (``.local``), which this machine cannot resolve; phones on one Wi-Fi resolve
them, and here the flag that shows the plain address stands in for that network."""
from __future__ import annotations

import json
import re
import time
from urllib.parse import parse_qs, urlsplit

import pytest
from test_a11y import axe
from test_seat_names import COVERED as SEAT_NAMES_COVERED

from conftest import BOOT_TIMEOUT_MS, CHROMIUM, CHROMIUM_ARGS, NO_TOUR, STORAGE_ON_LOAD, Guard, Table
from trex_core import Match, Rules
from trex_core.cards import parse_card

DECIDING = "() => ['choose', 'announce', 'play'].includes(document.body.dataset.waiting)"
MOVED = "n => JSON.parse(window.trexTest.state()).moves !== n || document.body.dataset.waiting === 'summary'"
DECIDING_OR_HANDOFF = "() => /^(choose|announce|play|handoff)$/.test(document.body.dataset.waiting)"
ANSWER = "[data-prompt=announce] [data-move=nodouble], [data-prompt=announce] button"
LINK_ARGS = CHROMIUM_ARGS + ["--disable-features=WebRtcHideLocalIpsWithMdns"]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}


@pytest.fixture(scope="module")
def link_browser(browser):
    """A Chromium of its own (its flags differ), from the session's Playwright: one sync
    Playwright per process."""
    b = browser.browser_type.launch(executable_path=CHROMIUM, args=LINK_ARGS, headless=True)
    yield b
    b.close()


# A site's relay (relay.py's interface), as a page of a site that runs one would provide it.
# Here the "server" is the test's route on the site's own origin, which keeps every text; each
# page polls it for the texts sent since it began listening.
RELAY_SCRIPT = """(() => {
  const url = %s, listeners = [];
  let after = -1;
  async function poll() {
    try {
      const got = await (await fetch(url + "?after=" + after)).json();
      after = got.next;
      for (const text of got.texts) for (const hear of listeners) hear(text);
    } catch (e) { /* the page is leaving */ }
    setTimeout(poll, 150);
  }
  window.trexRelay = {
    send(text) { fetch(url, {method: "POST", body: text}).catch(() => {}); },
    listen(hear) { listeners.push(hear); if (listeners.length === 1) poll(); },
  };
})();"""


class Relay:
    """The relay's store: every text any page sent, in order."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.texts: list[str] = []

    def attach(self, context) -> None:
        context.add_init_script(RELAY_SCRIPT % json.dumps(self.url))
        context.route(re.compile(re.escape(self.url) + r"(\?.*)?$"), self._route)

    def _route(self, route) -> None:
        request = route.request
        if request.method == "POST":
            self.texts.append(request.post_data or "")
            route.fulfill(status=204)
            return
        after = int(parse_qs(urlsplit(request.url).query)["after"][0])
        start = len(self.texts) if after < 0 else after
        route.fulfill(status=200, content_type="application/json",
                      body=json.dumps({"texts": self.texts[start:], "next": len(self.texts)}))


@pytest.fixture
def device(link_browser, site_url):
    """A factory of pages, each in its own context (a device of its own); ``relay``: the
    site's relay its page finds."""
    made: list[Table] = []

    def make(viewport=DESKTOP, locale: str = "en", relay: Relay | None = None, **options) -> Table:
        context = link_browser.new_context(viewport=viewport, locale=locale, service_workers="block",
                                           **options)
        context.add_init_script(NO_TOUR)
        context.add_init_script(STORAGE_ON_LOAD)
        guard = Guard(context)
        if relay is not None:  # (after the guard: its route is asked first)
            relay.attach(context)
        page = guard.watch(context.new_page())
        page.set_default_timeout(30_000)
        t = Table(context, page, guard, site_url)
        made.append(t)
        return t

    yield make
    for t in made:
        t.guard.check()
        t.context.close()


def host_with_friends(device, seats: dict[int, str], seed: int | None, lang: str = "en",
                      relay: Relay | None = None) -> Table:
    """The host's page, with a new game whose seats ``seats`` are chosen in Settings
    (``seed``: the first game's, before it; None: none in the address, which a reload keeps)."""
    host = device(locale=lang, relay=relay)
    host.goto(f"?speed=fast&lang={lang}" + (f"&seed={seed}" if seed is not None else ""))
    host.wait_idle()
    host.click("[data-action=settings]")
    for seat, kind in seats.items():
        host.page.select_option(f".settings [name=seat{seat}]", kind)
    host.click("[data-action=apply-rules]")  # (no question: the host has not played yet)
    host.page.wait_for_selector("[data-overlay=link]")
    return host


def invitation(host: Table, seat: int) -> str:
    """The invitation to ``seat``, which the dialog numbers as the table is drawn: from the
    chair of whoever holds the device (with pass-and-play, perhaps not South's)."""
    drawn = (seat - host.state()["viewer"]) % 4
    box = host.page.locator(f"[data-overlay=link] textarea[data-code=invite-{drawn}]")
    box.wait_for(timeout=20_000)
    return box.input_value()


def join(device, host: Table, seat: int, lang: str, viewport=DESKTOP, opened: bool = False,
         **options) -> Table:
    """A friend opens the invitation; the reply comes back and the host pastes it into the
    invitations (``opened``: opens the reply link in a tab of its own browser instead)."""
    guest = device(viewport, locale=lang, **options)
    guest.page.goto(invitation(host, seat))
    guest.wait_ready()
    reply = guest.page.locator("[data-overlay=join] textarea[data-code=reply]")
    reply.wait_for(timeout=20_000)
    if opened:
        tab = host.guard.watch(host.context.new_page())
        tab.goto(reply.input_value())
        tab.wait_for_selector("body[data-state=ready]", timeout=BOOT_TIMEOUT_MS, state="attached")
        assert "is with your table" in tab.locator(".link-replied").inner_text()
        tab.close()
    else:
        box = host.page.locator("textarea.link-reply")
        if box.input_value():  # a reply the host refused, left to be fixed: replaced, as a person would
            box.fill("")
        box.fill(reply.input_value())
        host.click("[data-action=link-accept]")
        # a reply taken is emptied, so the next friend's paste does not follow it (the box is
        # gone if the friend is already seated and no other is awaited: nothing can follow it)
        host.page.wait_for_function("() => { const box = document.querySelector('textarea.link-reply');"
                                    " return !box || box.value === ''; }")
    guest.page.wait_for_selector("[data-overlay=join]", state="detached", timeout=20_000)
    drawn = (seat - host.state()["viewer"]) % 4  # (see invitation)
    host.page.wait_for_selector(f"[data-overlay=link] [data-seat='{drawn}'][data-status=seated]")
    return guest


def received(guest: Table) -> list[dict]:
    return [json.loads(text) for text in guest.page.evaluate("window.trexGuest()").split("\n") if text]


def act(page) -> bool:
    """The page's player makes its one simple legal decision, if it waits for one."""
    w = page.evaluate("document.body.dataset.waiting || ''")
    if w == "choose":
        page.locator(".contract-btn").first.click()
    elif w == "announce":
        page.locator(ANSWER).first.click()
    elif w == "play":
        pas = page.locator(".pass-btn")
        (pas if pas.count() else page.locator(".hand .card.playable")).first.click()
    else:
        return False
    return True


def play_the_deal(host: Table, guests: dict[int, Table]) -> dict:
    """Every page plays its own seat until the host shows the deal's summary."""
    while True:
        st = host.state()
        if st["overlay"] == "summary":
            return st
        seat, moves = st["to_move"], st["moves"]
        if st["deciding"] and (seat == 0 or seat in guests):  # (a forced answer is given for them, §4.2)
            page = host.page if seat == 0 else guests[seat].page
            try:
                page.wait_for_function(DECIDING, timeout=30_000)
            except Exception:
                raise AssertionError(f"seat {seat} never waited: host {st}, its page "
                                     f"{page.evaluate('document.body.dataset.waiting || null')}") from None
            act(page)
        host.page.wait_for_function(MOVED, arg=moves, timeout=60_000)


def first_hands(host: Table) -> list[int]:
    """Each seat's hand as dealt in the match's first deal, by the same seed in CPython."""
    st = host.state()
    m = Match.new(seed=st["seed"], rules=Rules.from_dict(st["rules"]))
    return [m.state.hands[s] for s in range(4)]


def test_a_host_and_three_friends_play_a_deal_in_three_languages(device):
    t0 = time.monotonic()
    host = host_with_friends(device, {1: "link", 2: "link", 3: "link"}, seed=21)
    invitation(host, 3)
    # each invitation also as a QR code, shown on demand, and kept open across the renders
    host.page.wait_for_function("() => document.querySelectorAll('details.link-qr svg.qr path').length === 3")
    host.page.locator("details.link-qr summary").last.click()
    assert host.page.locator("details.link-qr svg.qr").last.is_visible()
    axe(host, "the invitations", "en")
    guests = {1: join(device, host, 1, "ar", PHONE, has_touch=True, is_mobile=True)}
    # who is away is shown on every table: North and West have not joined yet
    away = "() => document.querySelectorAll('[data-part^=seat-] .badge.away').length === 2"
    guests[1].page.wait_for_function(away)
    assert host.page.locator(".badge.away").count() == 2
    assert host.page.locator("details.link-qr[open]").count() == 1  # (its seat's friend has not joined)
    # a reply that is not one (here: the invitation pasted back) is refused and named, and
    # stays in the box to be fixed
    box = host.page.locator("textarea.link-reply")
    box.fill(invitation(host, 2))
    host.click("[data-action=link-accept]")
    host.page.wait_for_selector("[data-overlay=link] .link-reply ~ .error[role=alert]")
    assert box.input_value() == invitation(host, 2)
    guests[2] = join(device, host, 2, "nl")
    guests[3] = join(device, host, 3, "en", opened=True)
    seated = time.monotonic() - t0
    guests[1].page.wait_for_function("() => !document.querySelector('.badge.away')")
    assert [(s["seat"], s["status"]) for s in host.state()["link"]["seats"]] == [(1, "seated"), (2, "seated"),
                                                                                (3, "seated")]
    host.click("[data-overlay=link] [data-action=close]")
    hands = first_hands(host)
    # each guest's page in its own language, its own seat at the bottom, named by compass
    assert guests[1].page.evaluate("document.documentElement.lang + document.documentElement.dir") == "arrtl"
    assert guests[2].page.evaluate("document.documentElement.lang") == "nl"
    assert "West" in guests[3].page.locator("section.you").inner_text()
    assert "الشرق" in guests[1].page.locator("section.you").inner_text()
    axe(guests[1], "a friend's table", "ar")
    st = play_the_deal(host, guests)
    assert st["tricks"] >= 1 and st["history"], st  # (K♥ may end the deal early, §3)
    # the guests saw the finished deal as the host did (their own totals, turned)
    for seat, g in guests.items():
        g.page.wait_for_selector("[data-overlay=summary]")
        states = [m for m in received(g) if m["type"] == "state"]
        assert states, seat
        seqs = [m["seq"] for m in states]
        assert seqs == sorted(seqs), seqs
        for m in states:  # nothing of another seat's hand: its own cards only
            obs = m["obs"]
            assert obs["seat"] == seat
            held = 0
            for c in obs["hand"]:
                held |= 1 << parse_card(c)
            assert held & ~hands[seat] == 0, (seat, obs["hand"])
        assert states[-1]["obs"]["totals"] == st["totals"], seat
    per_move = host.state()["link_bytes"]
    print(f"\nseated three friends in {seated:.1f} s; {len(per_move)} messages, "
          f"mean {sum(per_move) / len(per_move):.0f} bytes")


def play_until(host: Table, guest: Table, seat: int, done, acting=lambda st: None) -> dict:
    """Play on (the host's own seat and the friend's by clicks, the bots by themselves, a
    summary's Next) until ``done(state)``; ``acting(state)`` is told before each of the
    host's or the friend's decisions."""
    while True:
        st = host.state()
        if done(st):
            return st
        if st["overlay"] == "summary":
            host.click("[data-action=next-deal]")
        elif st["to_move"] in (0, seat) and st["deciding"]:  # (a forced answer is given for them, §4.2)
            page = host.page if st["to_move"] == 0 else guest.page
            page.wait_for_function(DECIDING)
            acting(st)
            act(page)
        host.page.wait_for_function(MOVED, arg=st["moves"], timeout=60_000)


def until_guest_plays_mid_trick(host: Table, guest: Table, seat: int) -> dict:
    """Play on until the guest is to play a card into a trick already led."""
    st = play_until(host, guest, seat,
                    lambda st: st["to_move"] == seat and st["phase"] == "play" and st["trick"])
    guest.page.wait_for_function("() => document.body.dataset.waiting === 'play'")
    return st


def test_bad_messages_are_refused_a_dropped_friend_is_played_by_a_bot_and_comes_back(device):
    host = host_with_friends(device, {2: "link"}, seed=33)
    guest = join(device, host, 2, "en")
    host.click("[data-overlay=link] [data-action=close]")
    st = until_guest_plays_mid_trick(host, guest, 2)
    moves = st["moves"]
    seq = max(m["seq"] for m in received(guest) if m["type"] == "state")
    card = guest.page.locator(".hand .card.playable").first.get_attribute("data-move")
    garbage = ["not json", "[1, 2]", '{"type": "move"}', "{" * 5000,
               json.dumps({"type": "move", "seat": 1, "seq": seq, "move": card}),  # another seat's
               json.dumps({"type": "move", "seat": 2, "seq": seq - 1, "move": card}),  # out of date
               json.dumps({"type": "move", "seat": 2, "seq": seq, "move": "ZZ"}),  # no move
               json.dumps({"type": "hello", "protocol": "trex-table/1", "version": "0.0.1", "seat": 2})]
    before = len(received(guest))
    for text in garbage:
        assert guest.page.evaluate("t => window.trexGuestSend(t)", text)
    guest.page.wait_for_function("n => window.trexGuest().split('\\n').length >= n",
                                 arg=before + len(garbage))
    codes = [m["code"] for m in received(guest)[-len(garbage):]]
    assert codes == ["malformed", "malformed", "malformed", "malformed", "other-seat", "stale", "malformed",
                     "version"], codes
    assert host.state()["moves"] == moves  # nothing changed the match
    # the same move twice: played once, the second is out of date
    for _ in range(2):
        guest.page.evaluate("t => window.trexGuestSend(t)",
                            json.dumps({"type": "move", "seat": 2, "seq": seq, "move": card}))
    host.page.wait_for_function("n => JSON.parse(window.trexTest.state()).moves > n", arg=moves)
    guest.page.wait_for_function("() => window.trexGuest().includes('\"stale\"')")
    assert json.loads(host.page.evaluate("window.trexTest.record()"))["moves"][moves] == card
    # the friend's page closes: a countdown on the host's table, then a bot plays the seat
    st = until_guest_plays_mid_trick(host, guest, 2)
    guest.page.close()
    host.page.wait_for_selector(".topbar .notice:has-text('lost the connection')", timeout=30_000)
    assert host.page.locator("[data-part=seat-2] .badge.away").count() == 1
    host.page.wait_for_function("n => JSON.parse(window.trexTest.state()).moves > n", arg=st["moves"],
                                timeout=60_000)
    assert [(s["seat"], s["status"]) for s in host.state()["link"]["seats"]] == [(2, "bot")]
    # they take the seat back with the new invitation (from the toolbar, once the table waits
    # for South: the bot's card may have ended the deal, §3.4, and its summary comes first)
    host.page.wait_for_function(
        "() => /^(choose|announce|play|summary)$/.test(document.body.dataset.waiting)"
    )
    if host.state()["overlay"] == "summary":
        host.click("[data-action=next-deal]")
    host.click("[data-action=link]")
    back = join(device, host, 2, "ar")
    back.page.wait_for_selector("section.you .hand .card")
    assert "الشمال" in back.page.locator("section.you").inner_text()


def test_the_hosts_reload_resumes_the_match_and_a_friend_sits_again_by_a_new_invitation(device):
    host = host_with_friends(device, {2: "link"}, seed=None, lang="ar")
    guest = join(device, host, 2, "nl")
    host.click("[data-overlay=link] [data-action=close]")
    st = until_guest_plays_mid_trick(host, guest, 2)
    before = json.loads(host.page.evaluate("window.trexTest.record()"))
    host.page.reload()
    host.wait_ready()
    # the link's code comes after the table is ready (friends.py); the dialog opens then
    host.page.wait_for_function("() => JSON.parse(window.trexTest.state()).overlay === 'link'")
    after = host.state()
    # the match from its save, the seats with it, a new invitation for the friend
    assert json.loads(host.page.evaluate("window.trexTest.record()")) == before
    assert after["seats"] == ["you", "bot", "link", "bot"] and after["overlay"] == "link"
    assert [(s["seat"], s["status"]) for s in after["link"]["seats"]] == [(2, "inviting")]
    # the friend's page knows it lost the table, and says so in its own language
    guest.page.wait_for_selector("[data-overlay=join] [role=alert]")
    assert guest.page.evaluate("document.documentElement.lang") == "nl"
    # it was the friend's turn, but behind the dialog the table no longer says so
    status = guest.page.locator(".status")
    assert "yours" not in (status.get_attribute("class") or "")
    assert status.inner_text().startswith("Niet verbonden met de tafel")
    # the new invitation, opened in the tab that held the old one (only the fragment changes):
    # the page starts again from it, and its reply seats the friend
    with guest.page.expect_event("load", timeout=BOOT_TIMEOUT_MS):
        guest.page.evaluate("u => { location.href = u; }", invitation(host, 2))
    guest.wait_ready()
    reply = guest.page.locator("[data-overlay=join] textarea[data-code=reply]")
    reply.wait_for(timeout=20_000)
    host.page.locator("textarea.link-reply").fill(reply.input_value())
    host.click("[data-action=link-accept]")
    guest.page.wait_for_selector("[data-overlay=join]", state="detached", timeout=20_000)
    back = guest
    host.click("[data-overlay=link] [data-action=close]")
    back.page.wait_for_function(DECIDING)
    assert back.page.locator("section.you .hand .card").count() == 13 - st["tricks"]
    act(back.page)
    host.page.wait_for_function("n => JSON.parse(window.trexTest.state()).moves > n", arg=st["moves"])


def test_a_sites_relay_seats_a_friend_with_no_reply_sent_back_and_again_after_a_reload(device, site_url):
    """relay.py: with a site's relay, the friend's reply reaches the host by it (no link sent
    back), and when the host's page reloads the friend's page answers the table's new
    invitation for its seat by itself (the table keeps its id in its save)."""
    relay = Relay(site_url + "__relay")
    host = host_with_friends(device, {2: "link"}, seed=None, lang="en", relay=relay)
    guest = device(locale="ar", relay=relay)
    guest.page.goto(invitation(host, 2))
    guest.wait_ready()
    # nobody pastes anything: the reply went by the relay (the friend's page makes it, then the
    # channel opens: with two pages starting on a busy machine that may take a while)
    host.page.wait_for_selector("[data-overlay=link] [data-seat='2'][data-status=seated]",
                                timeout=BOOT_TIMEOUT_MS)
    assert any(t.startswith("reply=") for t in relay.texts)
    guest.page.wait_for_selector("[data-overlay=join]", state="detached", timeout=20_000)
    host.click("[data-overlay=link] [data-action=close]")
    st = until_guest_plays_mid_trick(host, guest, 2)
    replies = sum(t.startswith("reply=") for t in relay.texts)
    host.page.reload()
    host.wait_ready()
    # the friend's page lost the table (and said it would sit again by itself: too briefly
    # to catch here, test_link_words); the new invitation names the same table, and the
    # friend's page answers it at once
    host.page.wait_for_selector("[data-overlay=link] [data-seat='2'][data-status=seated]",
                                timeout=BOOT_TIMEOUT_MS)
    assert sum(t.startswith("reply=") for t in relay.texts) == replies + 1
    guest.page.wait_for_selector("[data-overlay=join]", state="detached", timeout=20_000)
    host.click("[data-overlay=link] [data-action=close]")
    guest.page.wait_for_function(DECIDING)
    assert guest.page.locator("section.you .hand .card").count() == 13 - st["tricks"]
    act(guest.page)
    host.page.wait_for_function("n => JSON.parse(window.trexTest.state()).moves > n", arg=st["moves"])


def until_host_plays_after_friend(host: Table, guest: Table, seat: int) -> dict:
    """Play on until the host is to play a card, having played one in this deal and the
    friend one since."""
    seen = {"deal": None, "mine": False, "theirs": False}

    def acting(st: dict) -> None:
        if st["deal_number"] != seen["deal"]:
            seen.update(deal=st["deal_number"], mine=False, theirs=False)
        if st["phase"] == "play" and st["to_move"] == 0:
            seen.update(mine=True, theirs=False)
        elif st["phase"] == "play":
            seen.update(theirs=seen["mine"])

    def done(st: dict) -> bool:
        return (st["to_move"] == 0 and st["phase"] == "play" and st["deciding"]
                and seen["deal"] == st["deal_number"] and seen["mine"] and seen["theirs"])

    return play_until(host, guest, seat, done, acting)


def test_a_friends_move_is_theirs_and_a_new_game_without_their_seat_sends_them_nothing(device):
    host = host_with_friends(device, {1: "link"}, seed=47)
    guest = join(device, host, 1, "en")
    host.click("[data-overlay=link] [data-action=close]")
    st = until_host_plays_after_friend(host, guest, 1)
    # the host's Undo would take back the friend's card: refused, the match unchanged
    host.click("[data-action=undo]")
    after = host.state()
    assert after["moves"] == st["moves"]
    other = "Another person has played since your last move: Undo takes back only your own."
    assert after["message"] == other
    # a new game where East is a bot: the friend is let go before anything of it is sent
    host.click("[data-action=settings]")
    host.page.select_option(".settings [name=seat1]", "bot")
    host.click("[data-action=apply-rules]")
    sent = len(received(guest))
    host.click("[data-action=rules-now]")
    guest.page.wait_for_selector("[data-overlay=join] [role=alert]")
    # told that their seat is gone (the referee's bye), not that the connection was lost,
    # which keeps a seat for them
    assert "started a new game without a seat for you" in guest.page.locator(
        "[data-overlay=join] [role=alert]").inner_text()
    assert received(guest)[-1]["type"] == "bye"
    assert host.state()["link"] is None and host.state()["seats"] == ["you", "bot", "bot", "bot"]
    assert [m["type"] for m in received(guest)[sent:] if m["type"] == "state"] == []


def test_a_person_on_the_hosts_device_and_a_friend_by_link_play_a_deal_together(device):
    """Pass-and-play and a link seat in one game: East shares the host's phone (the hand-off
    shows no hand), North plays from their own page; nobody sees a card not theirs."""
    # the seats set, the address's game is chosen (Settings' new match has a random seed,
    # and the number of hand-offs in a deal depends on its cards)
    host = host_with_friends(device, {1: "person", 2: "link"}, seed=None)
    host.goto("?speed=fast&lang=en&seed=52")
    host.page.wait_for_function("() => JSON.parse(window.trexTest.state()).overlay === 'confirm-seed'")
    host.click("[data-overlay=confirm-seed] [data-action=seed-game]")
    host.page.wait_for_selector("[data-overlay=link]")
    assert host.state()["seed"] == 52
    guest = join(device, host, 2, "nl")
    host.click("[data-overlay=link] [data-action=close]")
    hands = None
    handoffs = 0
    while True:
        st = host.state()
        if hands is None:
            hands = first_hands(host)
        if st["overlay"] == "summary":
            break
        if st["handing"]:  # the hand-off: whose turn it is, and no hand in the page
            handoffs += 1
            assert host.page.locator(".hand .card").count() == 0
            host.click("[data-action=take-device]")
            host.page.wait_for_function("() => document.body.dataset.waiting !== 'handoff'")
            continue
        seat, moves = st["to_move"], st["moves"]
        if st["deciding"] and seat == 2:
            guest.page.wait_for_function(DECIDING)
            act(guest.page)
        elif st["deciding"] and seat in (0, 1):
            # (read before the hand-off, the state may not say it is coming: the page does)
            host.page.wait_for_function(DECIDING_OR_HANDOFF)
            if not act(host.page):
                continue
        host.page.wait_for_function(MOVED, arg=moves, timeout=60_000)
    assert handoffs >= 2 and st["seats"] == ["you", "person", "link", "bot"]
    for m in received(guest):  # the friend's messages: North's own cards only
        if m["type"] == "state":
            held = 0
            for c in m["obs"]["hand"]:
                held |= 1 << parse_card(c)
            assert held & ~hands[2] == 0, m["obs"]["hand"]
    guest.page.wait_for_selector("[data-overlay=summary]")
    # the page opened again at an address that names another game, so the page asks first;
    # keeping the match, the friend's new invitation comes next, the hand-off when its dialog
    # closes (a question or a hand-off had hidden it, and the friend could not sit again)
    host.goto("?speed=fast&lang=en&seed=53")
    host.page.wait_for_function("() => JSON.parse(window.trexTest.state()).overlay === 'confirm-seed'")
    host.click("[data-overlay=confirm-seed] [data-action=close]")
    host.page.wait_for_function("() => JSON.parse(window.trexTest.state()).overlay === 'link'")
    assert host.state()["handing"] and host.page.locator(".hand .card").count() == 0
    host.click("[data-overlay=link] [data-action=close]")
    host.page.wait_for_function("() => JSON.parse(window.trexTest.state()).overlay === 'handoff'")


def test_a_dropped_friends_countdown_and_whose_turn_it_is_show_on_every_friends_table(device):
    """While others play, a friend's status line says whose turn it is by seat name in the
    friend's language; when a friend's page goes, every table (the host's and each other
    friend's) shows that friend's countdown, in its status line too, until a bot plays."""
    host = host_with_friends(device, {1: "link", 2: "link"}, seed=33)
    guests = {2: join(device, host, 2, "en"), 1: join(device, host, 1, "nl")}
    host.click("[data-overlay=link] [data-action=close]")
    while True:  # play on until North (seat 2) is to play into a trick already led
        st = host.state()
        if st["to_move"] == 2 and st["phase"] == "play" and st["trick"]:
            break
        if st["overlay"] == "summary":
            host.click("[data-action=next-deal]")
        elif st["to_move"] in (0, 1, 2) and st["deciding"]:
            page = host.page if st["to_move"] == 0 else guests[st["to_move"]].page
            page.wait_for_function(DECIDING)
            act(page)
        host.page.wait_for_function(MOVED, arg=st["moves"], timeout=60_000)
    watcher = guests[1].page
    # East holds their phone sideways: the countdown in the bar's counters once reached down
    # over the side seat below them (test_seat_names)
    watcher.set_viewport_size({"width": 740, "height": 360})
    guests[2].page.wait_for_function("() => document.body.dataset.waiting === 'play'")
    # East's table, in Dutch: North is to play, by its compass name
    watcher.wait_for_selector(".status:has-text('Noord is aan de beurt')")
    guests[2].page.close()
    note = "Noord is de verbinding kwijt: over"
    watcher.wait_for_selector(f".topbar .notice:has-text('{note}')", timeout=30_000)
    watcher.wait_for_selector(f".status.dropped:has-text('{note}')")
    host.page.wait_for_selector(".status.dropped:has-text('North lost the connection')")
    watcher.wait_for_function("() => document.fonts.status === 'loaded'")
    assert watcher.evaluate(SEAT_NAMES_COVERED) == []
    # it counts down on the friend's table, then the bot plays and the line goes
    watcher.wait_for_function("""() => {
        const m = /over (\\d+) s/.exec(document.querySelector('.status.dropped')?.textContent || '');
        return m && Number(m[1]) <= 17; }""", timeout=30_000)
    host.page.wait_for_function("n => JSON.parse(window.trexTest.state()).moves > n", arg=st["moves"],
                                timeout=60_000)
    watcher.wait_for_selector(".status.dropped", state="detached", timeout=30_000)
    assert watcher.locator(".topbar .notice").count() == 0
