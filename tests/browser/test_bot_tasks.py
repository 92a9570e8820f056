"""The hard bot thinks in slices, so the page never freezes while it searches.

A whole match of four hard bots in Chromium with the CPU slowed four times (a phone), the
browser's long-task observer (web/loader.js's) watching: the match finishes, and no task of
the main thread holds more than 50 ms of a bot's work, but for the throttled clock's noise
(NOISY_SHARE, below). The page times each of a bot's tasks itself under ``?autoplay=1``
(``window.trexTest.perf().bot_tasks``: start, ms, what), and the browser's long tasks say
which of the page's tasks ran long: a long task's bot work is the bot tasks inside it (a
render may share the task; that part is the view's, measured by the view's own tests).
"""
import json

BOT_TASK_MS = 50.0  # the bound for one main-thread task of a bot, at 4x throttling
THROTTLE = 4
# The throttled clock is noisy on a busy 2-core machine: a task of 2.5 ms of work measured
# 14 ms at the median and up to 38 ms at 4x here (a JavaScript loop, nothing of ours), so a
# 12 ms slice now and then measures 50-90 ms. A bot task that long one time in 200 is that
# noise; more often, or a task past NOISE_MS, is the bot's own (with the slices of 25 ms
# this page used before, 6% of the tasks were over 50 ms at 4x; a 40 ms decision in one
# task, as before the bots thought in slices, is every decision).
NOISY_SHARE = 1 / 200
NOISE_MS = 150.0


def test_a_whole_match_of_hard_bots_at_phone_speed_has_no_long_bot_task(new_table):
    t = new_table(viewport={"width": 360, "height": 740})
    # instant pace: each bot plays once its search is ripe, so the match is a few minutes of
    # nothing but bot slices and renders (a slower pace adds idle time between the same slices)
    t.goto("?autoplay=1&speed=instant&seed=i11-tasks&level=hard")
    page = t.page
    page.wait_for_function("() => JSON.parse(window.trexTest.perf()).bots_imported", timeout=120_000)
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
    since = page.evaluate("performance.now()")
    page.wait_for_function("() => JSON.parse(window.trexTest.state()).is_over",
                           timeout=20 * 60_000, polling=2_000)
    assert t.state()["is_over"]  # the whole match: four kingdoms of five contracts

    perf = json.loads(page.evaluate("window.trexTest.perf()"))
    tasks = [(start, ms, what) for start, ms, what in perf["bot_tasks"] if start >= since]
    steps = sorted(ms for _, ms, what in tasks if what == "step")
    # the search ran, in slices, all match long: a decision that searches ("start", not
    # "ready": answered at once) reaches its minimum of samples only by slices, so each has
    # at least one "step" before its "move" however fast the machine (a decision left
    # unfinished when the table moved on has no "move" and is not counted)
    searched = unsliced = ready = 0
    sliced = None
    for _, _, what in tasks:
        if what == "start":
            sliced = False
        elif what == "ready":
            sliced = None
        elif what == "step":
            sliced = True
        elif sliced is None:
            ready += 1
        else:
            searched += 1
            unsliced += not sliced
    assert searched > 200, f"only {searched} decisions searched"  # a match: 20 deals
    assert unsliced == 0, f"{unsliced} of {searched} searching decisions had no slice"
    # the page's own long-task observer (web/loader.js, from before the page's scripts run);
    # a long task's bot work is the bot tasks inside it (a render may share the task)
    long_tasks = [(e["start"], e["duration"]) for e in page.evaluate("window.__trexLongTasks")
                  if e["start"] >= since]
    held = [sum(ms for s, ms, _ in tasks if s >= start - 1 and s + ms <= start + duration + 1)
            for start, duration in long_tasks]
    over = sorted(ms for _, ms, _ in tasks if ms > BOT_TASK_MS)
    print(f"\nbot tasks at {THROTTLE}x: {len(tasks)} ({searched} decisions searched, "
          f"{ready} answered at once, {len(steps)} slices, median "
          f"{steps[len(steps) // 2]:.1f} ms); over {BOT_TASK_MS:.0f} ms: {[round(x) for x in over]}; "
          f"long tasks {len(long_tasks)}, the most bot work in one {max(held, default=0):.0f} ms")
    assert len(over) <= NOISY_SHARE * len(tasks), f"{len(over)} of {len(tasks)} bot tasks too long"
    assert max(held, default=0.0) <= NOISE_MS and max(ms for _, ms, _ in tasks) <= NOISE_MS
    assert sum(1 for h in held if h > BOT_TASK_MS) <= NOISY_SHARE * len(tasks)
