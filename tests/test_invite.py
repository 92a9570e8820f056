"""Invitations and replies (web/trexui/friends/invite.py): a WebRTC description and
a seat in a link's fragment, read back exactly; a damaged or foreign code says what is wrong."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from trexui.friends import invite  # noqa: E402
from trexui.friends.invite import Code, InviteError  # noqa: E402

SDP = ("v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\n"
       "m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n"
       "a=candidate:1 1 udp 2113937151 192.168.1.20 54321 typ host generation 0\r\n"
       "a=ice-ufrag:abcd\r\na=ice-pwd:0123456789abcdefghijkl\r\n"
       "a=fingerprint:sha-256 " + "AB:" * 31 + "CD\r\n"
       "a=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\n")


def code(kind: str = invite.JOIN, seat: int = 2) -> Code:
    return Code(kind, seat, "0a1b2c3d4e", SDP, "0.2.0")


@pytest.mark.parametrize("kind", [invite.JOIN, invite.REPLY])
def test_a_code_reads_back_from_its_link_its_fragment_or_alone(kind):
    c = code(kind)
    link = c.link("https://example.org/trex/?lang=ar#old")
    assert link.startswith(f"https://example.org/trex/?lang=ar#{kind}=")
    for text in (link, link.split("#", 1)[1], c.text(), f"  {link}\n"):
        assert invite.read(text, kind) == c
    assert invite.fragment("#" + link.split("#", 1)[1]) == (kind, link.split("#", 1)[1])


def test_a_code_is_shorter_than_the_description_it_carries():
    assert len(code().text()) < len(SDP)


@pytest.mark.parametrize("text", ["", "#join=", "join=abc", "join=" + "A" * 9000, "not a code at all",
                                  "join=" + code().text()[:-12], "join=" + code().text()[::-1]])
def test_a_damaged_code_says_so(text):
    with pytest.raises(InviteError) as e:
        invite.read(text, invite.JOIN)
    assert e.value.code == "damaged"


def test_an_invitation_is_not_a_reply_nor_the_other_way_round():
    for made, asked in ((invite.JOIN, invite.REPLY), (invite.REPLY, invite.JOIN)):
        for text in (code(made).link("https://x/"), code(made).text()):
            with pytest.raises(InviteError) as e:
                invite.read(text, asked)
            assert e.value.code == "kind"


def test_a_code_of_another_protocol_is_named(monkeypatch):
    monkeypatch.setattr(invite, "PROTOCOL", "trex-table/0")
    text = code().text()
    monkeypatch.undo()
    with pytest.raises(InviteError) as e:
        invite.read(text, invite.JOIN)
    assert e.value.code == "protocol" and e.value.params == {"theirs": "trex-table/0"}


@pytest.mark.parametrize("seat", [0, 4, -1])
def test_a_code_seats_only_a_friend_at_east_north_or_west(seat):
    with pytest.raises(InviteError):
        invite.read(code(seat=seat).text(), invite.JOIN)


def test_the_page_fragment_names_an_invitation_a_reply_or_nothing():
    assert invite.fragment("") is None
    assert invite.fragment("#trex-test-storage=x") is None
    assert invite.fragment("#join=abc") == ("join", "join=abc")
    assert invite.fragment("#reply=abc") == ("reply", "reply=abc")


def test_a_new_invitation_opened_in_the_tab_of_the_old_one_starts_the_page_again():
    """Opening a link in the tab that holds another changes only the fragment (``hashchange``,
    no load): a new invitation, a reply, or a link opened over the game starts the page again;
    the same fragment, or the game's own, does not."""
    old, new = "#join=AAAA", "#join=BBBB"
    assert invite.starts_again(old, new)
    assert invite.starts_again("", new)  # opened over the page's own game
    assert invite.starts_again(old, "#reply=CCCC")
    assert not invite.starts_again(old, old)
    assert not invite.starts_again(old, "")  # (leaving the link reloads the page by itself)
    assert not invite.starts_again("", "#rules")
