// Trex: a table to play before Python starts (docs/WEB.md "The start").
//
// build.py renders, with the page's own Python view, the first decisions of a few seeded
// matches in every language (web/trexui/start/opening.py): each is a small graph of the table as
// it looks (the view's parts) and what a tap on it leads to. On a first visit this script
// fetches one, picked at random, paints it in the page's first frame, and follows the
// player's taps along the graph. It knows no rule: a tap the graph has an edge for shows
// the next table; any other tap is kept (marked, and no other tap taken) for Python, which
// replays the whole path through its own controls when it takes the table over
// (`trexEarly.take()`, app.py), on the same DOM. Nothing is fetched from another origin.
//
// A tap's name is the one opening.py gives its edges: "move:<move>" for a click on a
// [data-action=move] control (or a key press on it), "raise:<card>" for a touch tap on a
// card of the hand (which only raises it; as trexui/table/controls.py taps_to_raise decides), or
// the control's data-action.
//
// On a later visit it paints the table as the page kept it when it was last hidden
// (trexui/table/early.py keep_view, "trex.view"), if it was kept with the save that is stored now
// (the save's first characters, its stamp among them, are the same): no other tab has
// saved since. Every tap on it is kept for Python, as above.
//
// Not used (the page starts as before, with the loading card): an address that chooses the
// game (?seed=, ?level=, ?autoplay=1), ?early=0, storage that cannot be read; for an
// opening, settings in this browser (the player's rules are Python's) or no opening
// arriving (offline before the worker has the site); for a kept table, none kept with the
// save, or in another language.
"use strict";
(function () {
  // settled: the table is on screen (after its first frame) or there is none to wait for
  // (loader.js preloads the runtime's files then, not before)
  var early = window.trexEarly = { state: "off", take: function () { return null; }, settled: Promise.resolve() };
  var params = new URLSearchParams(location.search);
  if (["seed", "level", "autoplay"].some(function (p) { return params.has(p); }) || params.get("early") === "0") return;
  // a friend's invitation or reply (trexui/friends/invite.py): the page holds another table than its own game
  if (/^#(join|reply)=/.test(location.hash)) return;
  var lang = document.documentElement.lang;  // loader.js has chosen it (it runs first)
  var list, save, settings, kept = null;
  try {
    list = JSON.parse(document.getElementById("trex-openings").textContent);
    save = localStorage.getItem("trex.match");
    settings = localStorage.getItem("trex.settings");
    if (save !== null) {
      kept = JSON.parse(localStorage.getItem("trex.view") || "null");
      if (!kept || typeof kept.head !== "string" || !kept.head || save.indexOf(kept.head) !== 0 || kept.lang !== lang) return;
    } else if (settings !== null) {
      return;
    }
  } catch (e) { return; }  // an unbuilt page, storage that cannot be read, a damaged kept table
  var ready;
  if (kept) {
    ready = Promise.resolve({ kept: true, lang: lang, whole: kept.whole, look: kept.look });
  } else {
    if (list.langs.indexOf(lang) < 0 || !list.count || !window.fetch) return;
    var pick = Math.floor(Math.random() * list.count);
    if (/^\d+$/.test(params.get("opening") || "") && +params.get("opening") < list.count) pick = +params.get("opening");  // tests
    ready = fetch(list.dir + lang + "-" + pick + ".json", { credentials: "same-origin" })
      .then(function (r) { if (!r.ok) throw new Error("HTTP " + r.status); return r.json(); });
  }
  var tour = !(params.get("tour") === "0" || window.trexNoTour === true);
  early.state = "loading";
  var settle;
  early.settled = new Promise(function (resolve) { settle = resolve; });
  // The loading card waits for the table (start.css): the first frame is then the table, or
  // the bare frame, not a card laid out and painted only to be shrunk a moment later (on a
  // phone's CPU, 60-90 ms of the first second). It shows if the table has not come in time.
  var root = document.documentElement;
  root.setAttribute("data-opening", "coming");  // (body[data-early] is the table's own state)
  function cardBack() { root.removeAttribute("data-opening"); }
  setTimeout(cardBack, 1500);

  var data = null, node = null, path = [], waiting = false, region = null, view = null;
  // The table's view is there once the parser has passed #app, which index.html puts before
  // the body's script that waits for the stylesheets: an opening that arrives before them is
  // in the page for its first frame (no loading card painted first, docs/WEB.md "The start").
  // At the latest the page is parsed ("interactive"): before the deferred scripts run
  // (tableview.js; PyScript's module, which DOMContentLoaded waits for).
  var parsed = new Promise(function (resolve) {
    function there() {
      if (!document.querySelector("#app .fx") && document.readyState === "loading") return false;
      resolve();
      return true;
    }
    if (there()) return;
    var watch = new MutationObserver(function () { if (there()) watch.disconnect(); });
    watch.observe(document, { childList: true, subtree: true });
    document.addEventListener("readystatechange", function () { there(); watch.disconnect(); }, { once: true });
  });
  Promise.all([ready, parsed]).then(function (got) {
    if (early.state !== "loading") return;  // Python came first
    data = got[0];
    var app = document.getElementById("app");
    region = app && app.querySelector(".table-view");
    if (!region || data.lang !== lang) { early.state = "off"; cardBack(); return; }
    // The first paint into the empty view: the DOM morphdom would build from the same HTML,
    // without waiting for it (tableview.js morphs the taps' changes, once it has run).
    if (data.kept) {
      if (data.look) app.classList.add(data.look);
      region.innerHTML = data.whole;
    } else {
      var start = tour ? "tour" : "table";
      node = data.start[start];
      data.started = start;
      region.innerHTML = data.whole[start];
    }
    app.hidden = false;
    app.addEventListener("click", onClick);
    app.addEventListener("keydown", onArrow);
    early.state = "shown";
    document.body.dataset.state = "early";  // start.css: the loading card becomes a strip
    cardBack();
    // (at the next frame: focusing asks for the layout, which waits for the stylesheets)
    requestAnimationFrame(function () {
      var active = document.activeElement;  // (not when a tap has moved it on already)
      var first = early.state === "shown" && !(active && app.contains(active)) && firstInDialog();
      if (first) first.focus({ preventScroll: true });
    });
  }).catch(function (err) {
    early.state = "off";  // the start goes on as before, with the loading card
    cardBack();
    if (window.console) console.warn("Trex: no early table:", err && err.message);
  }).then(function () {
    // after the frame that shows the table (or at once: none is shown)
    if (early.state === "shown") requestAnimationFrame(function () { setTimeout(settle, 0); });
    else settle();
  });

  // the parts of `to` that differ from those on the page (the table view morphs them)
  function go(to) {
    var was = data.nodes[node].parts, now = data.nodes[to].parts, changed = [];
    now.forEach(function (p, i) {
      if (!was[i] || was[i][1] !== p[1]) changed.push([p[0], data.html[p[1]]]);
    });
    node = to;
    var active = document.activeElement, key = active && active.getAttribute("data-key");
    if (changed.length) tableView().patch(changed, 0);
    // the focus stays on its control, else goes to the dialog's first or the first move
    if (!document.activeElement || document.activeElement === document.body || !region.contains(document.activeElement)) {
      var again = key && region.querySelector('[data-key="' + key + '"]');
      var next = again || firstInDialog() || region.querySelector("[data-action=move]:not([disabled])");
      if (next) next.focus({ preventScroll: true });
    }
  }

  // a dialog's first control, as trexui/page/focus.py first_control picks it: the one marked, else
  // the main choice, else the first button
  function firstInDialog() {
    var box = region.querySelector(".overlay .dialog");
    return box && (box.querySelector("[data-autofocus]") || box.querySelector("button.primary") ||
                   box.querySelector("button, [href], input, select, textarea"));
  }

  function tableView() {
    if (!view) view = new window.TrexTableView(region, document.querySelector("#app .fx"));
    return view;
  }

  function tapsToRaise(e) {  // as trexui/table/controls.py taps_to_raise: a touch or pen tap
    if (e.detail === 0) return false;
    if (e.pointerType) return e.pointerType === "touch" || e.pointerType === "pen";
    return window.matchMedia("(pointer: coarse)").matches;
  }

  function onClick(e) {
    var el = e.target.closest && e.target.closest("[data-action]");
    if (early.state !== "shown" || !el || !region.contains(el) || el.disabled) return;
    if (waiting) return;  // a tap is waiting for Python: the table is as it was left
    var action = el.getAttribute("data-action"), tap = action;
    if (action === "move") {
      tap = (el.classList.contains("in-hand") && tapsToRaise(e) ? "raise:" : "move:") + el.getAttribute("data-move");
    }
    // (an edge needs tableview.js, deferred: a tap before it has run is kept for Python)
    var to = data.kept || !window.TrexTableView ? undefined : data.nodes[node].edges[tap];
    if (to !== undefined) {
      path.push([tap, data.nodes[to].moves]);
      go(to);
      return;
    }
    path.push([tap, null]);  // Python makes this move when it takes over
    waiting = true;
    el.classList.add("early-kept");
    el.setAttribute("aria-busy", "true");
    document.body.dataset.early = "kept";
    var said = document.getElementById("load-kept");
    if (said) said.hidden = false;
  }

  // Arrows move the focus along its group (the hand and its Pass button, a prompt's
  // choices: data-nav), wrapping at the ends, left and right in the reading direction; Home
  // and End to the ends: as trexui/page/focus.py arrow does once Python is up. Only the focus
  // moves: a move is made by Enter or a tap, as ever.
  var KEYS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: 0, End: 0 };
  function onArrow(e) {
    var nav = e.target.getAttribute && e.target.getAttribute("data-nav");
    if (early.state !== "shown" || !nav || !(e.key in KEYS) || e.altKey || e.ctrlKey || e.metaKey) return;
    var group = Array.prototype.filter.call(region.querySelectorAll('[data-nav="' + nav + '"]'),
      function (el) { return !el.disabled; });
    var i = group.indexOf(e.target);
    if (i < 0) return;
    var step = KEYS[e.key];
    if (document.documentElement.dir === "rtl" && (e.key === "ArrowLeft" || e.key === "ArrowRight")) step = -step;
    var j = e.key === "Home" ? 0 : e.key === "End" ? group.length - 1 : (i + step + group.length) % group.length;
    group[j].focus();
    e.preventDefault();
  }

  // Python takes the table over (app.py): the path of taps, and no more taps here.
  early.take = function () {
    var was = early.state;
    early.state = "taken";
    delete document.body.dataset.early;  // Python plays the kept tap now
    cardBack();
    var app = document.getElementById("app");
    if (app) { app.removeEventListener("click", onClick); app.removeEventListener("keydown", onArrow); }
    if (was !== "shown") return null;
    if (data.kept) return JSON.stringify({ saved: kept.head, lang: lang, path: path });
    return JSON.stringify({ seed: data.seed, lang: data.lang, level: data.level, rules: data.rules,
                            moves: data.nodes[data.start[data.started]].moves, path: path });
  };
})();
