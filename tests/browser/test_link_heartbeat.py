"""The link's heartbeat (web/trexui/friends/rtc.py): a page that stops answering while its
data channel stays open (a phone switched off or out of range; here a page whose scripts
CDP's ``Debugger.pause`` holds, so its timers and messages wait) is noticed by the other
side within SILENT_SECONDS and a beat: a silent friend's countdown starts on the host's
table, a silent host is said on the friend's. While a friend decides, another friend's
table says whose turn it is and shows them thinking, by seat name, in its own language."""
from __future__ import annotations

import time

from test_link_play import (
    DECIDING,
    MOVED,
    act,
    device,
    host_with_friends,
    join,
    link_browser,
    until_guest_plays_mid_trick,
)

BOUND_S = 7.0  # SILENT_SECONDS (4) + a beat (1) + the table's render, on a loaded 2-core machine
__all__ = ["device", "link_browser"]  # (the fixtures, used by name)


def freeze(page) -> None:
    """The page stops: no script, no timer runs; its connection stays open. (CDP's
    ``Page.setWebLifecycleState`` "frozen" leaves a visible page's timers running.)"""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Debugger.enable")
    cdp.send("Debugger.pause")
    page.trex_cdp = cdp


def thaw(page) -> None:
    page.trex_cdp.send("Debugger.resume")


def test_a_silent_friend_is_dropped_within_seconds_and_a_watching_friend_is_told_by_name(device):
    host = host_with_friends(device, {1: "link", 2: "link"}, seed=33)
    guests = {2: join(device, host, 2, "en"), 1: join(device, host, 1, "ar")}
    host.click("[data-overlay=link] [data-action=close]")
    st = until_guest_plays_mid_trick_of(host, guests, 2)
    watcher = guests[1].page
    guests[2].page.wait_for_function("() => document.body.dataset.waiting === 'play'")
    # East's table, in Arabic: North's turn, and North thinking, by its compass name
    watcher.wait_for_selector(".status:has-text('دور الشمال')")
    north = watcher.locator("[data-part^=seat-]:has(.seat-name:text-is('الشمال'))")
    assert north.locator(".badge.thinking").inner_text() == "يفكّر…"
    freeze(guests[2].page)
    t0 = time.monotonic()
    host.page.wait_for_selector(".status.dropped:has-text('North lost the connection')", timeout=30_000)
    noticed = time.monotonic() - t0
    print(f"\na silent friend noticed in {noticed:.1f} s")
    assert noticed < BOUND_S, noticed
    watcher.wait_for_selector(".topbar .notice:has-text('الشمال')", timeout=10_000)
    assert host.state()["moves"] == st["moves"]  # the countdown first, then the bot
    # the friend's page wakes: its channel was closed, and it says so
    thaw(guests[2].page)
    guests[2].page.wait_for_selector("[data-overlay=join] [role=alert]", timeout=10_000)


def test_a_friend_notices_a_silent_host_within_seconds(device):
    host = host_with_friends(device, {2: "link"}, seed=33)
    guest = join(device, host, 2, "nl")
    host.click("[data-overlay=link] [data-action=close]")
    until_guest_plays_mid_trick(host, guest, 2)
    freeze(host.page)
    t0 = time.monotonic()
    guest.page.wait_for_selector("[data-overlay=join] [role=alert]", timeout=30_000)
    noticed = time.monotonic() - t0
    print(f"\na silent host noticed in {noticed:.1f} s")
    assert noticed < BOUND_S, noticed
    assert guest.page.evaluate("document.documentElement.lang") == "nl"
    thaw(host.page)
    # the host's table marks the friend dropped in turn (its channel was closed by the friend)
    host.page.wait_for_selector(".status.dropped, .topbar .notice", timeout=15_000)


def until_guest_plays_mid_trick_of(host, guests, seat: int) -> dict:
    """Play on (the host's and every friend's seat by clicks) until ``seat`` is to play into
    a trick already led."""
    while True:
        st = host.state()
        if st["to_move"] == seat and st["phase"] == "play" and st["trick"]:
            return st
        if st["overlay"] == "summary":
            host.click("[data-action=next-deal]")
        elif st["deciding"] and (st["to_move"] == 0 or st["to_move"] in guests):
            page = host.page if st["to_move"] == 0 else guests[st["to_move"]].page
            page.wait_for_function(DECIDING)
            act(page)
        host.page.wait_for_function(MOVED, arg=st["moves"], timeout=60_000)
