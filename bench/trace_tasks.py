"""What a page's long tasks are made of, from a Chromium trace (``bench/link_play.py --trace``,
``bench/page_load.py --trace``).

    python bench/trace_tasks.py TRACE.json [--over 50] [--top 8] [--cpu [--scale 4]]

The page's main thread (``CrRendererMain`` of the traced tab's process): each task over
``--over`` ms, and the time of all of them split by what ran: script (Python in wasm and
the page's JS; V8's compile), style, layout, paint and the rest of the frame, garbage
collection, HTML parsing (the morph's new HTML), and what is left of the task (the
scheduler's own). Each trace event counts its self time (its time less its children's).

``--cpu``: tasks are measured by the main thread's CPU time (``tdur``), not the wall
clock, which on a machine shared with other jobs swings 2-10x with their load.
``--scale 4`` with a page run unslowed (``link_play.py --rate 1``): the CPU time four times
over, what the work takes on a phone 4x slower. (CDP's slow-down spins the thread, so the
thread time of a slowed page is the slowed time too, but under load it swung as much as the
wall clock: a loop of work took 51 ms of thread time unslowed every time.)
"""
from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path

GROUPS = {
    "script": ("FunctionCall", "EvaluateScript", "V8.Execute", "v8.callFunction", "v8.run", "TimerFire",
               "FireAnimationFrame", "EventDispatch", "RunMicrotasks", "v8.compile", "V8.CompileCode",
               "v8.compileModule", "V8.ScriptCompiler", "CompileCode", "v8.produceCache", "CompileScript",
               "HandlePostMessage", "FireIdleCallback", "V8.RunMicrotasks", "V8.HandleInterrupts"),
    "style": ("UpdateLayoutTree", "RecalculateStyles", "ScheduleStyleRecalculation", "ParseAuthorStyleSheet",
              "InvalidateLayout"),
    "layout": ("Layout", "UpdateLayout", "LayoutShift"),
    "paint": ("Paint", "PrePaint", "Layerize", "UpdateLayer", "UpdateLayerTree", "CompositeLayers",
              "Commit", "PaintImage", "Rasterize", "IntersectionObserverController::computeIntersections",
              "ScrollLayer", "PaintSetup", "Decode Image", "BeginMainThreadFrame", "UpdateLayoutTree::Invalidate"),
    "gc": ("MinorGC", "MajorGC", "V8.GCScavenger", "V8.GCFinalizeMC", "V8.GCCompactor", "BlinkGC.AtomicPhase",
           "V8.GC_MC_BACKGROUND_MARKING", "GCEvent", "V8.GCIncrementalMarking", "BlinkGC.CompleteSweep",
           "V8.GCFinalizeMCReduceMemory", "V8.GCIncrementalMarkingFinalize", "CppGC.AtomicMark",
           "CppGC.AtomicSweep", "V8.GC_SCAVENGER", "V8.GC_MARK_COMPACTOR", "ThreadState::performIdleLazySweep",
           "BlinkGC.LazySweepInIdle", "V8.GCIncrementalMarkingStart", "V8.GCHeapExternalWeakness"),
    "parse": ("ParseHTML", "HTMLDocumentParser::processParsedChunkFromBackgroundParser", "ParseFragment"),
}
KIND = {name: group for group, names in GROUPS.items() for name in names}
TASKS = ("ThreadControllerImpl::RunTask", "RunTask")
HOST_MARK = "trex:host"


def main_thread(events: list[dict]) -> tuple[int, int]:
    """(pid, tid) of the traced tab's main thread: the one that set the User Timing mark
    ``trex:host``, else the CrRendererMain with the most work. (Chromium traces the whole
    browser: with friends' pages in it, the busiest thread need not be the host's, and their
    renders' measures bear the same names.)"""
    marked = [(e["pid"], e["tid"]) for e in events if e.get("name") == HOST_MARK]
    if marked:  # (a trace of several pages, bench/link_play.py: the host's page marked itself)
        return marked[0]
    names = {(e["pid"], e["tid"]) for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"
             and e.get("args", {}).get("name") == "CrRendererMain"}
    work: dict[tuple[int, int], float] = defaultdict(float)
    for e in events:
        if e.get("ph") == "X" and (e["pid"], e["tid"]) in names and e.get("name") in TASKS:
            work[(e["pid"], e["tid"])] += e.get("dur", 0)
    return max(work, key=lambda k: work[k])


def analyse(path: Path, over_ms: float, cpu: bool = False, scale: float = 1.0) -> dict:
    data = json.loads(path.read_text())
    events = data["traceEvents"] if isinstance(data, dict) else data
    pid, tid = main_thread(events)
    spans = sorted((e for e in events if e.get("pid") == pid and e.get("tid") == tid and e.get("ph") == "X"
                    and "dur" in e), key=lambda e: (e["ts"], -e["dur"]))

    def took(e: dict) -> float:  # µs: wall, or the thread's CPU time
        return float(e.get("tdur", e["dur"]) if cpu else e["dur"]) * scale

    tasks = [e for e in spans if e["name"] in TASKS and took(e) >= over_ms * 1000]
    out: dict = {"measure": ("thread CPU" if cpu else "wall") + (f" x {scale:g}" if scale != 1 else ""), "tasks": len(tasks),
                 "over_100ms": sum(1 for e in tasks if took(e) > 100_000),
                 "longest_ms": round(max((took(e) for e in tasks), default=0) / 1000),
                 "total_ms": round(sum(took(e) for e in tasks) / 1000), "by_group_ms": {}, "by_event_ms": {},
                 "each": []}
    groups: dict[str, float] = defaultdict(float)
    names: dict[str, float] = defaultdict(float)
    for task in tasks:
        t0, t1 = task["ts"], task["ts"] + task["dur"]
        inside = [e for e in spans if t0 <= e["ts"] and e["ts"] + e["dur"] <= t1]
        # self times: each event less the events directly inside it (a stack walk over sorted spans)
        own: dict[int, float] = {id(e): took(e) for e in inside}
        stack: list[dict] = []
        for e in inside:
            while stack and stack[-1]["ts"] + stack[-1]["dur"] <= e["ts"]:
                stack.pop()
            if stack:
                own[id(stack[-1])] -= took(e)
            stack.append(e)
        mine: dict[str, float] = defaultdict(float)
        for e in inside:
            group = "task" if e["name"] in TASKS else KIND.get(e["name"], "other")
            mine[group] += own[id(e)]
            names[e["name"]] += own[id(e)]
        for g, v in mine.items():
            groups[g] += v
        out["each"].append({"ms": round(took(task) / 1000), **{g: round(v / 1000) for g, v in
                                                                 sorted(mine.items(), key=lambda kv: -kv[1])}})
    out["by_group_ms"] = {g: round(v / 1000) for g, v in sorted(groups.items(), key=lambda kv: -kv[1])}
    out["by_event_ms"] = {n: round(v / 1000) for n, v in sorted(names.items(), key=lambda kv: -kv[1])[:20]}
    return out


def renders(path: Path, scale: float = 1.0) -> dict:
    """The page's renders (render.py's ``trex:render <n>`` measures, one per stretch of a
    render's work): each stretch's wall time, and its share of the thread's CPU (the stretch
    times its task's CPU over its task's wall time); a render is the sum of its stretches."""
    data = json.loads(path.read_text())
    events = data["traceEvents"] if isinstance(data, dict) else data
    pid, tid = main_thread(events)
    tasks = sorted(((e["ts"], e["ts"] + e["dur"], float(e.get("tdur", e["dur"])) / max(1, e["dur"]))
                    for e in events if e.get("pid") == pid and e.get("tid") == tid and e.get("ph") == "X"
                    and e.get("name") in TASKS and "dur" in e), key=lambda t: t[0])
    opened: dict[tuple[str, str], float] = {}
    wall: dict[str, float] = defaultdict(float)
    cpu: dict[str, float] = defaultdict(float)
    for e in sorted((e for e in events if str(e.get("name", "")).startswith("trex:render ") and e.get("pid") == pid
                     and e.get("ph") in ("b", "e")), key=lambda e: e["ts"]):
        key = (e["name"], str(e.get("id", e.get("id2", ""))))
        if e["ph"] == "b":
            opened[key] = e["ts"]
            continue
        t0 = opened.pop(key, None)
        if t0 is None:
            continue
        t1 = e["ts"]
        ratio = next((r for a, b, r in tasks if a <= t0 and t1 <= b + 1), 1.0)
        wall[e["name"]] += (t1 - t0) / 1000
        cpu[e["name"]] += (t1 - t0) / 1000 * ratio * scale

    def spread(xs: list[float]) -> dict:
        xs = sorted(xs) or [0.0]
        return {"median": round(xs[len(xs) // 2], 1), "p95": round(xs[int(0.95 * (len(xs) - 1))], 1),
                "max": round(xs[-1], 1)}

    return {"n": len(wall), "wall_ms": spread(list(wall.values())), "cpu_ms": spread(list(cpu.values()))}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("trace", type=Path)
    ap.add_argument("--over", type=float, default=50.0, help="tasks over this many ms")
    ap.add_argument("--top", type=int, default=8, help="list the longest tasks, each split")
    ap.add_argument("--cpu", action="store_true", help="measure by the thread's CPU time (see above)")
    ap.add_argument("--scale", type=float, default=1.0,
                    help="times the thread's CPU time: a page run unslowed (--rate 1) scaled 4x")
    args = ap.parse_args()
    out = analyse(args.trace, args.over, args.cpu, args.scale)
    out["each"] = sorted(out["each"], key=lambda t: -t["ms"])[:args.top]
    out["renders"] = renders(args.trace, args.scale if args.cpu else 1.0)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
