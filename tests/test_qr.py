"""The QR codes of invitations and replies (web/trexui/friends/qr.py), checked
module for module against an independent encoder (segno, a test dependency only) for every
mask and for versions from small to those an invitation needs (python-qrcode, a test
dependency only)."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
import qrcode

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from trexui.friends import qr  # noqa: E402

LINK = "https://example.org/games/trex/#join=" + "eNqVkk2P2jAQhv-KleuuwXY-PVIOEKIKaUuR2G17" * 16


def reference(text: str, mask: int) -> tuple[list[list[bool]], int]:
    from qrcode.constants import ERROR_CORRECT_L
    code = qrcode.QRCode(error_correction=ERROR_CORRECT_L, border=0, mask_pattern=mask)
    code.add_data(qrcode.util.QRData(text.encode("utf-8"), mode=qrcode.util.MODE_8BIT_BYTE))
    code.make(fit=True)
    return code.get_matrix(), code.version


TEXTS = ["T", "trex", "https://example.org/trex/#reply=abc", "تركس " * 30, LINK[:300], LINK, LINK * 2]


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("mask", range(8))
def test_every_mask_draws_the_symbol_the_reference_encoder_draws(text, mask):
    ours = qr.matrix(text, mask)
    theirs, version = reference(text, mask)
    assert len(ours) == version * 4 + 17
    assert ours == theirs


@pytest.mark.parametrize("text", ["trex", LINK[:300], LINK])
def test_the_mask_chosen_is_the_one_of_least_penalty(text):
    chosen = qr.matrix(text)
    scores = [qr.penalty(qr.matrix(text, k)) for k in range(8)]
    assert qr.penalty(chosen) == min(scores)


def test_an_invitation_fits_and_too_long_a_text_is_refused():
    assert len(qr.matrix(LINK)) <= 4 * 20 + 17
    with pytest.raises(ValueError):
        qr.matrix("x" * 3000)


def test_the_svg_names_itself_and_draws_only_dark_runs():
    image = qr.svg(qr.drawing(qr.matrix("trex")), "QR code")
    assert image.startswith('<svg class="qr"') and 'aria-label="QR code"' in image
    assert image.count("z") == sum(
        sum(1 for x, v in enumerate(row) if v and (x == 0 or not row[x - 1])) for row in qr.matrix("trex"))


def test_a_text_too_long_for_a_qr_code_has_none_and_the_capacity_is_exact() -> None:
    """A link longer than a QR code holds is sent as text only (drawn() gives None); the
    longest it holds is drawn."""
    assert stepped(qr.drawn("x" * (qr.CAPACITY + 1))) is None
    with pytest.raises(ValueError):
        next(qr.masked("x" * (qr.CAPACITY + 1)))
    assert stepped(qr.drawn("x" * qr.CAPACITY)) is not None


def stepped(coroutine: Any) -> Any:
    """A coroutine that only yields to its loop (asyncio.sleep(0)) run to its end, step by
    step: no event loop (the browser tests' Playwright holds this thread's)."""
    try:
        while True:
            coroutine.send(None)
    except StopIteration as stop:
        return stop.value
