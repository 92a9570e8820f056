"""``python -m trex_core render`` (trex_core/tools/render.py) and the page's pre-paint it calls
(web/trexui/start/paint.py), without a browser: the element it prints, the page it paints,
the built site's UI zip giving the same HTML as the checkout, and every mistake named.
That this HTML is what the live table renders is checked in the browser
(tests/browser/test_lesson_paint.py)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import build
from trex_core import cli
from trex_core import render as render_command

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))
from trexui.start import paint as embedpaint  # noqa: E402

HANDS = "AT42.T42.843.872/Q8.AJ6.QJT765.AQ/KJ7.873.AK92.K54/9653.KQ95..JT963"
KH = f"hands={HANDS}&king=0&contract=king-of-hearts&answers=-/-/-/KH&moves=2H,6H,3H,5H,5D,2D,KH,4D"
TREX = "mode=play&seed=8&king=0&contract=trex"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = cli.main(["render", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_command_prints_the_element_painted_with_its_table(capsys):
    code, out, _ = run(capsys, "mode=replay&" + KH, "--attrs", 'class="diagram" style="height:30rem"')
    assert code == 0
    assert out.startswith('<div data-trex="mode=replay&amp;hands=')
    assert 'class="diagram trex-table" data-felt="green" lang="en" dir="ltr" style="height:30rem">' in out
    assert '<div class="table-view">' in out and 'data-region="announce"' in out
    assert "Step 0 of 8" in out and "King: South" in out
    assert out.rstrip("\n").endswith("</div>")


def test_parameters_may_be_separate_arguments_and_the_inner_html_is_the_views(capsys):
    code, out, _ = run(capsys, "mode=play", "seed=8", "king=0", "contract=trex", "--inner")
    assert code == 0
    assert out == embedpaint.inner(TREX) + "\n"
    assert out.startswith('<div class="table-view">')


def test_the_table_speaks_its_lang_else_the_pages(capsys):
    _, out, _ = run(capsys, TREX, "--lang", "ar")
    assert 'lang="ar" dir="rtl"' in out and "التركس" in out
    _, out, _ = run(capsys, TREX + "&lang=nl", "--lang", "ar")
    assert 'lang="nl" dir="ltr"' in out


@pytest.mark.parametrize(("params", "words"), [
    ("mode=view&seed=8&king=9", "“king”"),
    ("mode=warp&seed=8&king=0", "“mode”"),
    (f"mode=view&hands={HANDS}&king=0&contract=king-of-hearts&moves=3C", "“moves”"),
])
def test_a_wrong_parameter_is_named_and_nothing_is_printed(capsys, params, words):
    code, out, err = run(capsys, params)
    assert code == 1 and out == ""
    assert err.startswith("render: The parameter ") and words in err


def test_it_says_when_it_has_no_parameters_or_no_view_code(capsys, tmp_path):
    assert run(capsys)[0] == 2
    code, _, err = run(capsys, TREX, "--ui", str(tmp_path))
    assert code == 2 and "trexui" in err


def test_a_built_sites_ui_zip_renders_the_same_as_the_checkout(capsys, tmp_path):
    build.zip_ui_sources(tmp_path)  # the site's trexui-src-<hash>.zip, catalogues compiled
    code, out, _ = run(capsys, "mode=replay&" + KH, "--lang", "ar", "--ui", str(tmp_path))
    assert code == 0
    assert out == embedpaint.element("mode=replay&" + KH, "ar") + "\n"


def test_a_page_gets_each_empty_table_painted_and_the_ids_numbered_in_order(capsys, tmp_path):
    page = tmp_path / "lesson.html"
    page.write_text('<!doctype html><html lang="nl"><body>\n'
                    f'<div class="x" data-trex="{TREX.replace("&", "&amp;")}"></div>\n'
                    '<div data-trex="mode=view&amp;seed=1&amp;king=0">already there</div>\n'
                    '<div data-trex="mode=exercise&amp;hands=K96.KJ95.9.AJ975/Q742.842.J875.KQ/'
                    'J8.QT.KQT642.T82/AT53.A763.A3.643&amp;king=2&amp;contract=king-of-hearts&amp;answers=?/?/-/-&amp;'
                    'answer=double:KH"></div>\n<p>the end</p></body></html>', encoding="utf-8")
    code, out, _ = run(capsys, "--page", str(page))
    assert code == 0
    assert out.count('<div class="table-view">') == 2
    assert "already there" in out and "<p>the end</p>" in out
    assert 'class="x trex-table" data-felt="green" lang="nl" dir="ltr"' in out
    assert 'id="trex3-prompt-title"' in out, "the third data-trex element of the page: trex3-"
    assert "Koning: Jij" in out, "in the page's language"


def test_the_engine_package_holds_only_the_finder():
    """The wheel the page loads stays free of the page's code: importing the command does
    not import trexui (it is looked up when the command runs)."""
    code = ("import sys, trex_core.tools.render, trex_core.tools.cli; "
            "print(any(m == 'trexui' or m.startswith('trexui.') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
    assert render_command.CHECKOUT_UI == ROOT / "web"


def test_the_build_paints_the_worked_lessons_tables(tmp_path):
    (tmp_path / "tutorial.html").write_text((ROOT / "web" / "tutorial.html").read_text(encoding="utf-8"),
                                            encoding="utf-8")
    build.paint_lessons(tmp_path)
    html = (tmp_path / "tutorial.html").read_text(encoding="utf-8")
    assert html.count('<div class="table-view">') == 3
    assert 'id="trex2-prompt-title"' in html, "the lesson's second table: the doubling question"
