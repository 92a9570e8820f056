#!/usr/bin/env python3
"""Page-load benchmark: the Trex table against a bare PyScript page.

    python bench/page_load.py [--rounds 5] [--no-build] [--bot-seconds 20] [--levels medium,hard]
                              [--parts load,bots,phone,offline,motion,search] [--phone-rounds 3] [--throttle 4]
                              [--site DIR]

Measures, in one run on this machine with Debian's Chromium:

1. navigation -> playable, cold and warm, for the game (``index.html``) and for
   the bare page (``bare.html``: the same PyScript + Pyodide, Python printing one
   line), side by side, interleaved round by round. "Playable" is the moment the
   page's Python has rendered the table (``performance.now()`` at that moment,
   written to ``body[data-ready-ms]``; the bare page writes it after its print).
   Cold = a fresh browser context (empty HTTP cache and storage); warm = the
   same context navigating again (cache filled; the game resumes its save).
   Target: game <= 1.3 x bare, cold and warm (medians).
2. The app's own files (wheel, HTML, CSS, Python, images, loader, config) from
   site/build.json. Target <= 300 KB.
3. Long main-thread tasks (PerformanceObserver 'longtask') while four bots play
   (``?autoplay=1``) at each level, after the page is ready, and the bots' own
   decision times. Target: no task over 100 ms. Also the cost of one re-render
   (``App.render`` with the style and layout work it causes, timed by the page
   under ``?autoplay=1``): median and p95.
4. A mid-range phone: a 360x740 viewport with the CPU slowed 4x (CDP
   ``Emulation.setCPUThrottlingRate``): navigation -> playable for the game and
   the bare page under the same throttling (target <= 1.3x), then medium bots
   playing: long tasks (target: none over 100 ms) and the re-render cost.
5. ``--parts motion`` (the feel of motion): the same phone, four bots at the "fast"
   pace with the cards moving (tableview.js), the page loaded unthrottled and then
   slowed: main-thread tasks while an animation runs (target: none over 100 ms), and the
   longest gap between two animation frames then (a dropped frame shows as a gap).
6. Offline (part ``offline``): a second visit started with the network off, from the
   service worker's cache, against a warm start without the worker, interleaved in one
   run (target <= 1.0x); and the precache's size (sw.js's list, and the browser's storage
   use for the origin). The other parts block the worker, as before it existed.
7. ``--parts search``: how much a hard bot searches in the page. Four hard
   bots at the ``normal`` and ``fast`` paces, on the desktop (1x) and the phone (4x,
   throttled once the bots are imported): the sampled deals behind each decision that
   searched (``perf().bot_samples``), and the bots' tasks (``perf().bot_tasks``): how many,
   the longest, how many over 50 ms.

Results are printed and written to bench/results/page_load.json (git-ignored; --out).
"""
from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]
PAGES = {"bare": "bare.html", "game": "index.html?speed=normal"}
PHONE = {"width": 360, "height": 740}


def throttle(page, rate: float):
    """Slow the page's CPU ``rate`` times (CDP), for every navigation of this page."""
    if rate > 1:
        cdp = page.context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        page._trex_cdp = cdp  # keep the session (and so the throttling) alive
    return page


def stats(ms: list[float]) -> dict:
    """Median and p95 of a list of durations (ms); zeros when empty."""
    xs = sorted(ms) or [0.0]
    return {"n": len(ms), "median": statistics.median(xs), "p95": xs[int(0.95 * (len(xs) - 1))],
            "max": xs[-1]}


def ready_ms(page, url: str, timeout_ms: int = 120_000) -> float:
    page.goto(url)
    page.wait_for_selector("body[data-ready-ms]", state="attached", timeout=timeout_ms)
    return float(page.evaluate("document.body.dataset.readyMs"))


def game_phases(page) -> dict:
    """The game's own start-up after the runtime: marks set by main.py and app.py."""
    marks = dict(page.evaluate("performance.getEntriesByType('mark').map(e => [e.name, e.startTime])"))
    ready = float(page.evaluate("document.body.dataset.readyMs"))
    if "trex:python" not in marks:
        return {}
    return {"python_start_ms": marks["trex:python"],
            "imports_ms": marks["trex:imported"] - marks["trex:python"],
            "restore_and_render_ms": ready - marks["trex:imported"],
            "app_python_ms": ready - marks["trex:python"]}


def guard(context, outside: list[str]) -> None:
    def route(r):
        if r.request.url.startswith("http://127.0.0.1:"):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()
    context.route("**/*", route)


def load_times(browser, base: str, rounds: int, viewport: dict | None = None, rate: float = 1) -> dict:
    times: dict[str, dict[str, list[float]]] = {n: {"cold": [], "warm": []} for n in PAGES}
    phases: dict[str, list[dict]] = {"cold": [], "warm": []}
    outside: list[str] = []
    for r in range(rounds):
        order = list(PAGES) if r % 2 == 0 else list(reversed(PAGES))
        for name in order:
            ctx = browser.new_context(viewport=viewport or {"width": 1280, "height": 800},
                              service_workers="block")  # the "offline" part measures the worker
            guard(ctx, outside)
            page = throttle(ctx.new_page(), rate)
            url = base + PAGES[name]
            cold = ready_ms(page, url)
            if name == "game":
                phases["cold"].append(game_phases(page))
            warm = ready_ms(page, url)
            if name == "game":
                phases["warm"].append(game_phases(page))
            ctx.close()
            times[name]["cold"].append(cold)
            times[name]["warm"].append(warm)
            print(f"  round {r + 1} {name:5s} cold {cold:7.0f} ms  warm {warm:7.0f} ms", flush=True)
    out = {"samples": times, "outside_requests": outside, "game_phases": phases}
    for kind in ("cold", "warm"):
        bare = statistics.median(times["bare"][kind])
        game = statistics.median(times["game"][kind])
        out[kind] = {"bare_ms": bare, "game_ms": game, "ratio": game / bare}
        ph = [p for p in phases[kind] if p]
        if ph:
            out[kind]["game_python"] = {k: statistics.median(p[k] for p in ph) for k in ph[0]}
    return out


def long_tasks(browser, base: str, level: str, seconds: float, viewport: dict | None = None,
               rate: float = 1, trace: Path | None = None) -> dict:
    ctx = browser.new_context(viewport=viewport or {"width": 1280, "height": 800},
                              service_workers="block")  # the "offline" part measures the worker
    outside: list[str] = []
    guard(ctx, outside)
    page = throttle(ctx.new_page(), rate)
    ready = ready_ms(page, base + f"index.html?autoplay=1&speed=fast&seed=1&level={level}")
    if trace:  # (bench/trace_tasks.py reads it)
        browser.start_tracing(page=page, path=str(trace), categories=[
            "devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing", "v8.execute"])
    time.sleep(seconds)  # a duration to observe, not a readiness wait
    if trace:
        browser.stop_tracing()
    tasks = page.evaluate("window.__trexLongTasks")
    perf = json.loads(page.evaluate("window.trexTest.perf()"))
    state = json.loads(page.evaluate("window.trexTest.state()"))
    ctx.close()
    during = [t for t in tasks if t["start"] > ready]
    bot = perf["bot_ms"] or [0.0]
    return {
        "level": level,
        "seconds": seconds,
        "viewport": viewport or {"width": 1280, "height": 800},
        "cpu_throttling": rate,
        "first_render_ms": (perf.get("render_ms") or [0.0])[0],
        "render_ms": stats(perf.get("render_ms", [])[1:]),  # re-renders: the first is start-up's
        "long_tasks": [t for t in during],
        "moves_played": state["moves"],
        "long_tasks_during_play": len(during),
        "max_task_ms": max((t["duration"] for t in during), default=0),
        "tasks_over_100ms": sum(1 for t in during if t["duration"] > 100),
        "long_tasks_while_loading": len([t for t in tasks if t["start"] <= ready]),
        "bot_decisions": len(perf["bot_ms"]),
        "bot_ms_median": statistics.median(bot),
        "bot_ms_p95": sorted(bot)[int(0.95 * (len(bot) - 1))],
        "bot_ms_max": max(bot),
        "outside_requests": outside,
    }


def search_per_decision(browser, base: str, speed: str, seconds: float, viewport: dict,
                        rate: float) -> dict:
    """The hard bot's samples per decision in the page at ``speed``, and its
    tasks, the CPU slowed ``rate`` times once the bots are imported."""
    ctx = browser.new_context(viewport=viewport, service_workers="block")
    outside: list[str] = []
    guard(ctx, outside)
    page = ctx.new_page()
    ready_ms(page, base + f"index.html?autoplay=1&speed={speed}&seed=2&level=hard")
    page.wait_for_function("() => JSON.parse(window.trexTest.perf()).bots_imported", timeout=120_000)
    throttle(page, rate)
    before = json.loads(page.evaluate("window.trexTest.perf()"))
    time.sleep(seconds)  # a duration to observe, not a readiness wait
    perf = json.loads(page.evaluate("window.trexTest.perf()"))
    ctx.close()
    samples = sorted(n for n in perf["bot_samples"][len(before["bot_samples"]):] if n)
    tasks = sorted(ms for _, ms, _ in perf["bot_tasks"][len(before["bot_tasks"]):])

    def at(q: float) -> float:
        return samples[int(q * (len(samples) - 1))] if samples else 0
    return {"speed": speed, "seconds": seconds, "viewport": viewport, "cpu_throttling": rate,
            "decisions": len(samples), "samples_median": at(0.5), "samples_p10": at(0.1),
            "samples_p90": at(0.9), "bot_tasks": len(tasks), "bot_task_max_ms": max(tasks, default=0.0),
            "bot_tasks_over_50ms": sum(1 for ms in tasks if ms > 50), "outside_requests": outside}


# Page-side recorder for --parts motion: long tasks, and every animation frame with the
# number of animations running in it (document.getAnimations()).
MOTION_RECORDER = """
(() => {
  const rec = window.__trexMotion = {tasks: [], frames: [], gathers: 0};
  new PerformanceObserver(l => l.getEntries().forEach(e =>
    rec.tasks.push({start: e.startTime, duration: e.duration}))).observe({type: 'longtask'});
  const seen = new WeakSet();
  const frame = t => {
    const anims = document.getAnimations();
    for (const a of anims) {
      const el = a.effect && a.effect.target;
      if (el && !seen.has(a) && el.closest && el.closest('.fx')) { seen.add(a); rec.gathers++; }
    }
    rec.frames.push([t, anims.length]);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
"""


def animated_tricks(browser, base: str, seconds: float, viewport: dict, rate: float) -> dict:
    """Main-thread tasks while cards move: bots play at the fast pace (cards slide for
    240 ms) at ``viewport`` with the CPU slowed ``rate`` times after the page is up."""
    ctx = browser.new_context(viewport=viewport)
    outside: list[str] = []
    guard(ctx, outside)
    page = ctx.new_page()
    page.add_init_script(MOTION_RECORDER)
    ready_ms(page, base + "index.html?autoplay=1&speed=fast&seed=1&level=medium")
    page.wait_for_function("() => window.trexTest && JSON.parse(window.trexTest.state()).moves > 2",
                           timeout=120_000)  # the bots' modules are imported: play is on
    throttle(page, rate)
    t0 = page.evaluate("performance.now()")
    time.sleep(seconds)  # a duration to observe, not a readiness wait
    rec = page.evaluate("window.__trexMotion")
    ctx.close()
    frames = [(t, n) for t, n in rec["frames"] if t > t0]
    # intervals with an animation running: from a frame that has one to the next frame
    spans = [(a[0], b[0]) for a, b in zip(frames, frames[1:], strict=False) if a[1] > 0]

    def moving(task: dict) -> bool:
        s, e = task["start"], task["start"] + task["duration"]
        return any(s < b and e > a for a, b in spans)
    tasks = [t for t in rec["tasks"] if t["start"] > t0]
    during = [t for t in tasks if moving(t)]
    gaps = [b - a for a, b in spans]
    return {
        "seconds": seconds, "viewport": viewport, "cpu_throttling": rate,
        "animated_ms": sum(gaps), "tricks_gathered": rec["gathers"] // 4,
        "long_tasks": len(tasks), "long_tasks_while_moving": len(during),
        "max_task_while_moving_ms": max((t["duration"] for t in during), default=0),
        "tasks_over_100ms_while_moving": sum(1 for t in during if t["duration"] > 100),
        "max_task_ms": max((t["duration"] for t in tasks), default=0),
        "tasks_over_100ms": sum(1 for t in tasks if t["duration"] > 100),
        "longest_frame_gap_while_moving_ms": max(gaps, default=0),
        "frame_gap_while_moving": stats(gaps),
        "outside_requests": outside,
    }
def offline_start(browser, base: str, rounds: int) -> dict:
    """A second visit started offline from the service worker's cache against
    a warm start without the worker (HTTP cache filled, network on), interleaved round by
    round in one run; and how much the precache takes in the browser's storage."""
    times: dict[str, list[float]] = {"offline_sw": [], "warm_no_sw": []}
    outside: list[str] = []
    usage: list[int] = []
    url = base + PAGES["game"]
    for r in range(rounds):
        for kind in (("offline_sw", "warm_no_sw") if r % 2 == 0 else ("warm_no_sw", "offline_sw")):
            ctx = browser.new_context(viewport={"width": 1280, "height": 800},
                                      service_workers="allow" if kind == "offline_sw" else "block")
            guard(ctx, outside)
            page = ctx.new_page()
            ready_ms(page, url)
            if kind == "offline_sw":
                page.wait_for_selector("html[data-sw=offline-ready]", state="attached", timeout=120_000)
                ready_ms(page, url)  # a visit the worker serves: its compiled-code caches warm too
                usage.append(int(page.evaluate("navigator.storage.estimate().then(e => e.usage)")))
                ctx.set_offline(True)
            else:
                ready_ms(page, url)  # warm like the worker's context: the same number of visits
            ms = ready_ms(page, url)
            ctx.close()
            times[kind].append(ms)
            print(f"  round {r + 1} {kind:10s} {ms:7.0f} ms", flush=True)
    sw, warm = statistics.median(times["offline_sw"]), statistics.median(times["warm_no_sw"])
    return {"samples": times, "offline_sw_ms": sw, "warm_no_sw_ms": warm, "ratio": sw / warm,
            "storage_usage_bytes": statistics.median(usage) if usage else None,
            "outside_requests": outside}


def sizes(site: Path) -> dict:
    files = json.loads((site / "build.json").read_text())["app_files"]
    gz = {n: len(gzip.compress((site / n).read_bytes(), 9)) for n in files}
    runtime = sum(p.stat().st_size for d in ("pyodide", "pyscript") for p in (site / d).iterdir()
                  if p.suffix not in build.COMPRESSED)  # not the .br/.gz copies
    return {"files": files, "total": sum(files.values()), "total_gzip": sum(gz.values()),
            "budget": 300 * 1024, "runtime_bytes": runtime}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--site", type=Path, help="measure this built site as it is (e.g. an older commit's"
                    " build, for before/after runs interleaved)")
    ap.add_argument("--bot-seconds", type=float, default=20.0)
    ap.add_argument("--levels", default="medium,hard")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--parts", default="load,bots,phone,offline",
                    help="which measurements (comma-separated: load, bots, phone, offline, motion, search)")
    ap.add_argument("--phone-rounds", type=int, default=3, help="the phone's loads (0: none, only its play)")
    ap.add_argument("--throttle", type=float, default=4.0, help="CPU slow-down of the phone runs")
    ap.add_argument("--trace", type=Path, help="the phone's play as a Chromium trace (bench/trace_tasks.py)")
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "page_load.json")
    args = ap.parse_args()
    parts = set(args.parts.split(","))

    site = args.site or (build.DEFAULT_OUT if args.no_build else build.build())
    srv, base = build.serve_in_thread(site, base="/bench/sub/")
    from playwright.sync_api import sync_playwright
    result: dict = {"when": time.strftime("%Y-%m-%d %H:%M:%S %Z"), "sizes": sizes(site)}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
        print(f"Chromium {browser.version}")
        if "load" in parts:
            print(f"{args.rounds} rounds, cold and warm, interleaved")
            result["load"] = load_times(browser, base, args.rounds)
        if "offline" in parts:
            print(f"offline: {args.rounds} rounds, a second visit offline from the service worker "
                  "vs a warm start without it, interleaved")
            result["offline"] = offline_start(browser, base, args.rounds)
        result["bots"] = []
        if "bots" in parts:
            for level in filter(None, args.levels.split(",")):
                print(f"  bots at level {level}: observing {args.bot_seconds:.0f} s of play", flush=True)
                result["bots"].append(long_tasks(browser, base, level, args.bot_seconds))
        if "phone" in parts:
            print(f"phone: {PHONE['width']}x{PHONE['height']}, CPU throttled {args.throttle:g}x; "
                  f"{args.phone_rounds} rounds, cold and warm, interleaved")
            if args.phone_rounds:  # (0: only the bots' play on the phone)
                result["phone_load"] = load_times(browser, base, args.phone_rounds, PHONE, args.throttle)
            print(f"  phone: medium bots, observing {args.bot_seconds:.0f} s of play", flush=True)
            result["phone_bots"] = long_tasks(browser, base, "medium", args.bot_seconds, PHONE, args.throttle,
                                              args.trace)
        if "motion" in parts:
            print(f"motion: {PHONE['width']}x{PHONE['height']}, CPU throttled {args.throttle:g}x, cards moving; "
                  f"observing {args.bot_seconds:.0f} s of play", flush=True)
            result["motion"] = animated_tricks(browser, base, args.bot_seconds, PHONE, args.throttle)
        if "search" in parts:
            result["search"] = []
            for speed in ("normal", "fast"):
                for viewport, rate in (({"width": 1280, "height": 800}, 1.0), (PHONE, args.throttle)):
                    print(f"search: hard bots at the {speed} pace, CPU {rate:g}x, {args.bot_seconds:.0f} s",
                          flush=True)
                    result["search"].append(search_per_decision(browser, base, speed, args.bot_seconds,
                                                                viewport, rate))
        result["chromium"] = browser.version
        browser.close()
    srv.shutdown()

    s = result["sizes"]
    for key, what in (("load", "desktop"), ("phone_load", f"phone, CPU {args.throttle:g}x slower")):
        if key not in result:
            continue
        print(f"\nnavigation -> playable, {what} (median ms)      bare     game   ratio  (target <= 1.30)")
        for kind in ("cold", "warm"):
            r = result[key][kind]
            print(f"  {kind:5s}                              {r['bare_ms']:7.0f}  {r['game_ms']:7.0f}   {r['ratio']:.2f}")
        print("the game's own Python at start-up (median ms): imports, then restore + first render")
        for kind in ("cold", "warm"):
            g = result[key][kind].get("game_python")
            if g:
                print(f"  {kind:5s}  imports {g['imports_ms']:5.0f}   restore+render {g['restore_and_render_ms']:4.0f}"
                      f"   total {g['app_python_ms']:5.0f}  (Python started at {g['python_start_ms']:.0f})")
    print(f"\napp's own files: {s['total']:,} bytes ({s['total'] / 1024:.1f} KB; gzip {s['total_gzip'] / 1024:.1f} KB)"
          f"  budget 300 KB  {'OK' if s['total'] <= s['budget'] else 'OVER'}")
    for name, n in s["files"].items():
        print(f"  {n:9,d}  {name}")
    print(f"  (runtime copied from npm, not counted: {s['runtime_bytes'] / 1e6:.1f} MB)")
    if "offline" in result:
        o = result["offline"]
        precache = json.loads((site / "build.json").read_text()).get("offline", {})
        print(f"\nsecond visit offline (service worker) {o['offline_sw_ms']:.0f} ms vs warm start without it "
              f"{o['warm_no_sw_ms']:.0f} ms (medians): {o['ratio']:.2f}x (target <= 1.0)")
        print(f"precache: {precache.get('files')} files, {precache.get('bytes', 0):,} bytes listed by sw.js; "
              f"the browser's storage use for the origin: {(o['storage_usage_bytes'] or 0):,} bytes")
    print("\nmain thread while bots play (long tasks after ready; one re-render with its layout)")
    for b in result["bots"] + ([result["phone_bots"]] if "phone_bots" in result else []):
        where = f"phone {b['cpu_throttling']:g}x" if b["cpu_throttling"] > 1 else "desktop"
        r = b["render_ms"]
        print(f"  {b['level']:7s} {where:10s} {b['moves_played']:4d} moves in {b['seconds']:.0f}s: "
              f"{b['long_tasks_during_play']} long tasks, max {b['max_task_ms']} ms, "
              f"{b['tasks_over_100ms']} over 100 ms; bot decision median {b['bot_ms_median']:.1f} ms, "
              f"p95 {b['bot_ms_p95']:.1f}, max {b['bot_ms_max']:.1f}; "
              f"render median {r['median']:.1f} ms, p95 {r['p95']:.1f} (n={r['n']})")
    if "motion" in result:
        mo = result["motion"]
        print(f"\nwhile cards move (phone {mo['cpu_throttling']:g}x, {mo['seconds']:.0f} s, "
              f"{mo['tricks_gathered']} tricks gathered, {mo['animated_ms'] / 1000:.1f} s animated): "
              f"{mo['long_tasks_while_moving']} long tasks, {mo['tasks_over_100ms_while_moving']} over 100 ms "
              f"(target 0), max {mo['max_task_while_moving_ms']:.0f} ms; longest frame gap "
              f"{mo['longest_frame_gap_while_moving_ms']:.0f} ms, median {mo['frame_gap_while_moving']['median']:.0f}")
        print(f"  all of play then: {mo['long_tasks']} long tasks, {mo['tasks_over_100ms']} over 100 ms, "
              f"max {mo['max_task_ms']:.0f} ms")
    for r in result.get("search", []):
        where = f"phone {r['cpu_throttling']:g}x" if r["cpu_throttling"] > 1 else "desktop"
        print(f"hard bot, {r['speed']:6s} pace, {where:9s}: {r['decisions']} decisions, samples median "
              f"{r['samples_median']} (p10 {r['samples_p10']}, p90 {r['samples_p90']}); {r['bot_tasks']} bot tasks, "
              f"longest {r['bot_task_max_ms']:.0f} ms, {r['bot_tasks_over_50ms']} over 50 ms")
    outside = [u for k in ("load", "phone_load", "offline") if k in result for u in result[k]["outside_requests"]]
    outside += [u for r in result.get("search", []) for u in r["outside_requests"]]
    outside += [u for b in result["bots"] for u in b["outside_requests"]]
    outside += result["phone_bots"]["outside_requests"] if "phone_bots" in result else []
    outside += result["motion"]["outside_requests"] if "motion" in result else []
    print(f"\nrequests outside 127.0.0.1: {len(outside)}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2))
    print(f"written: {args.out}")


if __name__ == "__main__":
    main()
