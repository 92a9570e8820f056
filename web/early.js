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
// An edge is a node of the same file (a number) or a branch, the file it names (a string:
// the table after the bots have answered a card, and what follows): fetched when the tap is
// made (or before, when a node says which it may need: "fetch"), body[data-early=fetching]
// meanwhile, and the taps made meanwhile are kept in order and followed once it has come.
// A tap made before tableview.js (deferred) has run waits for it the same way.
// A node reached by a move says what the bots did in the live region ("say", as Python's
// announcer words it). A part's HTML may come as pieces: text and [entry, start, end]
// slices of another entry of the same file (opening.py html_of).
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
  var list, save, settings, kept = null, base = "";  // base: the opening's file, but ".json"
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
    base = list.dir + lang + "-" + pick;
    ready = getJson(base + ".json");
  }
  function getJson(url) {
    return fetch(url, { credentials: "same-origin" })
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
  var opened = null, branches = {}, coming = null, queued = [];  // (the branches: follow)
  // tableview.js (deferred) has run by DOMContentLoaded: a tap made before waits for it
  var viewed = new Promise(function (resolve) {
    document.addEventListener("DOMContentLoaded", function () { viewed.done = true; resolve(); }, { once: true });
  });
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
    data = opened = got[0];
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

  // entry i of a file's HTML as text (pieces joined once)
  function html(d, i) {
    var entry = d.html[i];
    if (typeof entry === "string") return entry;
    var text = entry.map(function (p) { return typeof p === "string" ? p : html(d, p[0]).slice(p[1], p[2]); }).join("");
    d.html[i] = text;
    return text;
  }

  // the parts of node `to` of file `d` that differ from those on the page (the table view
  // morphs them); what the bots did since, said in the live region
  function go(to, d) {
    d = d || data;
    var was = data.nodes[node], now = d.nodes[to], changed = [];
    now.parts.forEach(function (p, i) {
      var text = html(d, p[1]);
      if (!was.parts[i] || html(data, was.parts[i][1]) !== text) changed.push([p[0], text]);
    });
    var moved = now.moves.length !== was.moves.length;
    data = d;
    node = to;
    early.steps = (early.steps || 0) + 1;  // (the benchmark's mark of a new table: bench/first_visit.py)
    if (now.fetch) branch(now.fetch).catch(function () {});  // (a raised card: likely played next)
    var live = moved && now.say && document.querySelector("#app [data-region=announce]");
    if (live) now.say.forEach(function (text) {
      var said = document.createElement("p");
      said.textContent = text;
      live.appendChild(said);
    });
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

  // a branch file by its name, fetched once
  function branch(name) {
    if (!branches[name]) branches[name] = getJson(base + "/" + name + ".json");
    return branches[name];
  }

  function onClick(e) {
    var el = e.target.closest && e.target.closest("[data-action]");
    if (early.state !== "shown" || !el || !region.contains(el) || el.disabled) return;
    if (waiting) return;  // a tap is waiting for Python: the table is as it was left
    var action = el.getAttribute("data-action"), tap = action;
    if (action === "move") {
      tap = (el.classList.contains("in-hand") && tapsToRaise(e) ? "raise:" : "move:") + el.getAttribute("data-move");
    }
    if (coming) { queued.push([tap, el]); return; }  // a branch is on its way: this tap follows it
    follow(tap, el);
  }

  // the tap along its edge, or kept for Python
  function follow(tap, el) {
    var to = data.kept ? undefined : data.nodes[node].edges[tap];
    if (to === undefined) { keep(tap, el); return; }
    if (!window.TrexTableView) {  // (tableview.js, deferred, has not run yet: the tap waits for it)
      if (viewed.done) keep(tap, el);
      else hold(tap, el, viewed, function () { follow(tap, el); });
      return;
    }
    if (typeof to === "number") {
      path.push([tap, data.nodes[to].moves]);
      go(to);
      return;
    }
    hold(tap, el, branch(to), function (b) {  // the bots' answer is in a file of its own
      path.push([tap, b.nodes[b.start].moves]);
      go(b.start, b);
    });
  }

  // the tap waits for `promise` (the card marked, body[data-early=fetching]), then `then`;
  // the taps made meanwhile follow, in order, on the new table (but on a control it no
  // longer has). Should it fail (offline, a damaged file), the tap is kept for Python.
  function hold(tap, el, promise, then) {
    var got = coming = { tap: tap, el: el };
    mark(el, true);
    document.body.dataset.early = "fetching";
    promise.then(function (value) {
      if (coming !== got || early.state !== "shown") return;  // (Python has taken the tap over)
      coming = null;
      mark(el, false);
      delete document.body.dataset.early;
      then(value);
      var taps = queued;
      queued = [];
      taps.forEach(function (next, i) {
        if (coming) { queued = queued.concat(taps.slice(i)); return; }  // (another file on its way)
        if (!waiting && region.contains(next[1]) && !next[1].disabled) follow(next[0], next[1]);
      });
    }).catch(function (err) {
      if (coming !== got || early.state !== "shown") return;
      coming = null;
      queued = [];
      if (window.console) console.warn("Trex: no early answer:", err && err.message);
      keep(tap, el);
    });
  }

  function mark(el, on) {
    if (!el) return;
    el.classList.toggle("early-kept", on);
    if (on) el.setAttribute("aria-busy", "true");
    else el.removeAttribute("aria-busy");
  }

  function keep(tap, el) {
    path.push([tap, null]);  // Python makes this move when it takes over
    waiting = true;
    mark(el, true);
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
    if (coming) path.push([coming.tap, null]);  // its branch has not come: Python makes the move
    coming = null;
    if (opened.kept) return JSON.stringify({ saved: kept.head, lang: lang, path: path });
    return JSON.stringify({ seed: opened.seed, lang: opened.lang, level: opened.level, rules: opened.rules,
                            moves: opened.nodes[opened.start[opened.started]].moves, path: path });
  };
})();
