"""What a page's long tasks are made of, from a Chromium trace (``bench/link_play.py --trace``,
``bench/page_load.py --trace``).

    python bench/trace_tasks.py TRACE.json [--over 50] [--top 8]

The page's main thread (``CrRendererMain`` of the traced tab's process): each task over
``--over`` ms, and the time of all of them split by what ran: script (Python in wasm and
the page's JS; V8's compile), style, layout, paint and the rest of the frame, garbage
collection, HTML parsing (the morph's new HTML), and what is left of the task (the
scheduler's own). Each trace event counts its self time (its time less its children's).
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


def main_thread(events: list[dict]) -> tuple[int, int]:
    """(pid, tid) of the traced tab's main thread: the CrRendererMain with the most work."""
    names = {(e["pid"], e["tid"]) for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"
             and e.get("args", {}).get("name") == "CrRendererMain"}
    work: dict[tuple[int, int], float] = defaultdict(float)
    for e in events:
        if e.get("ph") == "X" and (e["pid"], e["tid"]) in names and e.get("name") in TASKS:
            work[(e["pid"], e["tid"])] += e.get("dur", 0)
    return max(work, key=lambda k: work[k])


def analyse(path: Path, over_ms: float) -> dict:
    data = json.loads(path.read_text())
    events = data["traceEvents"] if isinstance(data, dict) else data
    pid, tid = main_thread(events)
    spans = sorted((e for e in events if e.get("pid") == pid and e.get("tid") == tid and e.get("ph") == "X"
                    and "dur" in e), key=lambda e: (e["ts"], -e["dur"]))
    tasks = [e for e in spans if e["name"] in TASKS and e["dur"] >= over_ms * 1000]
    out: dict = {"tasks": len(tasks), "longest_ms": round(max((e["dur"] for e in tasks), default=0) / 1000),
                 "total_ms": round(sum(e["dur"] for e in tasks) / 1000), "by_group_ms": {}, "by_event_ms": {},
                 "each": []}
    groups: dict[str, float] = defaultdict(float)
    names: dict[str, float] = defaultdict(float)
    for task in tasks:
        t0, t1 = task["ts"], task["ts"] + task["dur"]
        inside = [e for e in spans if t0 <= e["ts"] and e["ts"] + e["dur"] <= t1]
        # self times: each event less the events directly inside it (a stack walk over sorted spans)
        own: dict[int, float] = {id(e): float(e["dur"]) for e in inside}
        stack: list[dict] = []
        for e in inside:
            while stack and stack[-1]["ts"] + stack[-1]["dur"] <= e["ts"]:
                stack.pop()
            if stack:
                own[id(stack[-1])] -= e["dur"]
            stack.append(e)
        mine: dict[str, float] = defaultdict(float)
        for e in inside:
            group = "task" if e["name"] in TASKS else KIND.get(e["name"], "other")
            mine[group] += own[id(e)]
            names[e["name"]] += own[id(e)]
        for g, v in mine.items():
            groups[g] += v
        out["each"].append({"ms": round(task["dur"] / 1000), **{g: round(v / 1000) for g, v in
                                                                 sorted(mine.items(), key=lambda kv: -kv[1])}})
    out["by_group_ms"] = {g: round(v / 1000) for g, v in sorted(groups.items(), key=lambda kv: -kv[1])}
    out["by_event_ms"] = {n: round(v / 1000) for n, v in sorted(names.items(), key=lambda kv: -kv[1])[:20]}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("trace", type=Path)
    ap.add_argument("--over", type=float, default=50.0, help="tasks over this many ms")
    ap.add_argument("--top", type=int, default=8, help="list the longest tasks, each split")
    args = ap.parse_args()
    out = analyse(args.trace, args.over)
    out["each"] = sorted(out["each"], key=lambda t: -t["ms"])[:args.top]
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
