"""A language per table: two ``data-trex`` tables of one page, one in Arabic
and one in Dutch on an English page (docs/EMBED.md offers ``lang=`` per table), each keep
their own words through every re-render, stepped in turn. Before each table carried its
own language, one global language served them all, and the Arabic table rendered
"Contract: Vrouwen … Stap 4 van 4" after its first step."""
import os
import sys
from pathlib import Path

import build
from conftest import BOOT_TIMEOUT_MS

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from trexui.i18n import strings  # noqa: E402

HANDS = "AT42.T42.843.872/Q8.AJ6.QJT765.AQ/KJ7.873.AK92.K54/9653.KQ95..JT963"
REPLAY = (f"mode=replay&hands={HANDS}&king=0&contract=king-of-hearts&answers=-/-/-/KH"
          "&moves=2H,6H,3H,5H,5D,2D,KH,4D")
PAGE = """<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8"><title>Two tables</title>
<style>.t {{ height: 30rem; margin: 1rem 0; }}</style></head>
<body><main><h1>A lesson in two languages</h1>
<div class="t" id="ar" data-trex="{ar}"></div>
<div class="t" id="nl" data-trex="{nl}"></div>
</main><script src="./tables.js" defer></script></body></html>"""


def strip(text: str) -> str:
    """Text without the Unicode isolates an Arabic page puts around numbers (strings.iso)."""
    return " ".join(text.replace("\u2068", "").replace("\u2069", "").split())


def words(lang: str) -> dict[str, str]:
    path = Path(strings.SOURCE) / lang / "LC_MESSAGES" / "trex.po"
    entries = strings.parse(path.read_text(encoding="utf-8"), str(path))
    return {e.msgid: e.msgstr[0] for e in entries if e.msgid}


def test_two_tables_in_two_languages_keep_their_own_through_every_render(new_table, site_url):
    root = Path(os.environ.get("TREX_SITE") or build.DEFAULT_OUT)
    page = root / "two-languages.html"
    page.write_text(PAGE.format(ar=(REPLAY + "&lang=ar").replace("&", "&amp;"),
                                nl=(REPLAY + "&lang=nl").replace("&", "&amp;")), encoding="utf-8")
    try:
        t = new_table()
        t.page.goto(site_url + "two-languages.html")
        t.page.wait_for_selector("html[data-trex-tables=ready]", timeout=BOOT_TIMEOUT_MS, state="attached")
        ar, nl = words("ar"), words("nl")
        steps = len(REPLAY.split("moves=")[1].split(","))

        def check(n: int) -> None:
            for lang, cat in (("ar", ar), ("nl", nl)):
                el = t.page.locator(f"#{lang}")
                assert el.get_attribute("lang") == lang
                assert el.get_attribute("dir") == ("rtl" if lang == "ar" else "ltr")
                contract = el.locator('[data-k="contract"]').inner_text().strip()
                want = cat["bar.contract"].format(name=cat["contract.king-of-hearts"])
                assert strip(contract) == strip(want), (lang, n, contract)
                count = el.locator(".step-count").inner_text().strip()
                want = cat["embed.step"].format(n=n, of=steps)
                assert strip(count) == strip(want), (lang, n, count)
                forward = el.locator('[data-action="step-forward"]').get_attribute("aria-label")
                assert forward == cat["embed.forward"], (lang, n, forward)

        check(0)
        for n in range(1, 5):  # step each table in turn: each render happens with the other's between
            for lang in ("ar", "nl"):
                el = t.page.locator(f"#{lang}")
                seq = el.get_attribute("data-seq")
                el.locator('[data-action="step-forward"]').click()
                t.page.wait_for_selector(f'#{lang}:not([data-seq="{seq}"])', state="attached")
            check(n)
        assert t.page.evaluate("document.documentElement.lang") == "en", "the page keeps its own language"
        t.screenshot("two-languages", full_page=True)
    finally:
        page.unlink()
