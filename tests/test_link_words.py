"""The friend's dialog (web/trexui/friends/linkview.py) says what happens when the channel to the
host drops: with no relay the friend asks for a new invitation; with the site's relay
(relay.py) their page takes the seat back by itself. In every language."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from trexui.friends import linkview  # noqa: E402
from trexui.i18n import strings  # noqa: E402
from trexui.i18n.strings import t  # noqa: E402


@pytest.mark.parametrize("lang", strings.LANGUAGES)
@pytest.mark.parametrize("relay", [False, True])
def test_a_lost_channel_says_how_the_friend_sits_again(lang: str, relay: bool) -> None:
    with strings.language(lang):
        html = linkview.guest_dialog({"join": {"lost": True, "relay": relay}}, "trex-")
        said = t("link.join.lost.relay" if relay else "link.join.lost")
        other = t("link.join.lost" if relay else "link.join.lost.relay")
    assert f'<p role="alert">{said}</p>' in html.replace("&#x27;", "'")
    assert other not in html and said != other


@pytest.mark.parametrize("relay", [False, True])
def test_a_lost_channel_says_what_the_hosts_page_says_of_the_seat(relay: bool) -> None:
    """After a host's reload the table waits for the friend ("waiting for them to join"); after
    a drop a bot plays once the countdown ends: the friend's page cannot tell which, so it
    says both, as the host's page says them, and never that a bot plays now."""
    with strings.language("en"):
        said = t("link.join.lost.relay" if relay else "link.join.lost")
    assert "for now" not in said
    assert "the table waits for you" in said and "a bot plays it after a short countdown" in said


@pytest.mark.parametrize("lang", strings.LANGUAGES)
def test_a_friend_let_go_by_a_new_game_is_not_told_their_seat_is_kept(lang: str) -> None:
    """The referee's bye (a new game with no seat for this friend): the dialog says the seat
    is gone, in the friend's language, and not the lost channel's "your seat is kept"."""
    with strings.language(lang):
        html = linkview.guest_dialog({"join": {"ended": True}}, "trex-")
        said, lost = t("link.join.ended"), t("link.join.lost")
    assert f'<p role="alert">{said}</p>' in html.replace("&#x27;", "'")
    assert lost not in html
