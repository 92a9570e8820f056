// Trex loader: runs before PyScript, so the page shows progress from its first
// paint and says so when a load is slow or fails. It holds no game
// logic. It also records long main-thread tasks for bench/page_load.py.
// It picks the page's language as the UI's Python does (trexui/i18n/strings.py choose):
// ?lang=, else the language chosen in Settings, else the browser's languages, else English; the
// words come from the catalogues (web/locale), inlined into index.html by build.py.
"use strict";
(function () {
  var t0 = performance.now();

  var i18n = { langs: ["en"], strings: {} };
  try {
    i18n = JSON.parse(document.getElementById("trex-i18n").textContent);
  } catch (e) { /* an unbuilt index.html: its English words stay */ }
  function supported(code) {
    if (!code) return null;
    code = String(code).trim().replace("_", "-").toLowerCase();
    if (i18n.langs.indexOf(code) >= 0) return code;
    var base = code.split("-")[0];
    return i18n.langs.indexOf(base) >= 0 ? base : null;
  }
  var lang = supported(new URLSearchParams(location.search).get("lang"));
  if (!lang) {
    // the language the player chose in Settings (trexui/table/store.py chosen_language): stored
    // as "language"; an older "lang" counts unless it is "en", which the first settings
    // stored in every save, chosen or not
    try {
      var saved = JSON.parse(localStorage.getItem("trex.settings") || "{}") || {};
      var chosen = typeof saved.language === "string" ? saved.language : saved.lang !== "en" ? saved.lang : null;
      lang = supported(chosen);
    } catch (e) { /* no storage, or unreadable settings */ }
  }
  if (!lang) {
    (navigator.languages || [navigator.language]).some(function (l) { return (lang = supported(l)); });
  }
  lang = lang || "en";
  var words = i18n.strings[lang] || {};
  function tr(key, english) { return words[key] || english; }
  document.documentElement.lang = lang;
  document.documentElement.dir = tr("lang.dir", "ltr");
  if (words["app.title"]) document.title = words["app.title"];
  var longTasks = (window.__trexLongTasks = []);
  try {
    new PerformanceObserver(function (list) {
      list.getEntries().forEach(function (e) {
        longTasks.push({ start: Math.round(e.startTime), duration: Math.round(e.duration) });
      });
    }).observe({ type: "longtask", buffered: true });
  } catch (e) { /* longtask unsupported: the benchmark reports that */ }

  // Steps PyScript reports through `py:progress`, with the share of the bar each
  // one completes (the Pyodide wasm download dominates).
  var steps = {
    "Loading Pyodide": [8, tr("loading.runtime", "Downloading the Python runtime (about 6 MB compressed)\u2026")],
    "Loaded Pyodide": [70, tr("loading.python", "Starting Python\u2026")],
    "Loading files": [75, tr("loading.start", "Loading the game\u2026")],
    "Loaded files": [85, tr("loading.start", "Loading the game\u2026")],
    "Loaded interpreter": [90, tr("loading.table", "Setting the table\u2026")]
  };
  var done = false;
  var bytesDriven = false;
  var readyFns = [];

  // -- Progress by bytes ---------------------------------------------------
  // build.py inlines the big downloads' sizes (#trex-sizes). fetch() is wrapped only to
  // watch: the page gets the very Response the network gave (a clone is read and counted,
  // so the wasm keeps its URL and its compiled-code cache); a file that is not fetched
  // (pyodide.asm.mjs is imported) counts when its resource timing entry appears. The bar
  // goes from 5 % to 85 % with the bytes, and says which file it waits for.
  function trackDownloads() {
    var sizes = {};
    try { sizes = JSON.parse($("trex-sizes").textContent); } catch (e) { return; }
    var base = new URL(".", location.href).href, total = 0, got = {}, names = Object.keys(sizes);
    if (!names.length || !window.fetch || !window.ReadableStream) return;
    names.forEach(function (n) { total += sizes[n].bytes; got[n] = 0; });
    bytesDriven = true;
    function which(url) {
      var u = String(url).split("?")[0].split("#")[0];
      return u.indexOf(base) === 0 && sizes[u.slice(base.length)] ? u.slice(base.length) : null;
    }
    var lastWhat = null;
    function update(name) {
      if (done) return;
      var sum = 0;
      names.forEach(function (n) { sum += got[n]; });
      var text = null;
      if (name && got[name] < sizes[name].bytes) lastWhat = name;
      if (lastWhat && got[lastWhat] >= sizes[lastWhat].bytes) {
        lastWhat = names.filter(function (n) { return got[n] > 0 && got[n] < sizes[n].bytes; })[0] || null;
      }
      if (lastWhat) {
        var what = tr("loading.what_" + sizes[lastWhat].what, lastWhat.split("/").pop());
        text = tr("loading.bytes", "{what}: {done} of {total} MB")
          .replace("{what}", what)
          .replace("{done}", (got[lastWhat] / 1e6).toFixed(1))
          .replace("{total}", (sizes[lastWhat].bytes / 1e6).toFixed(1));
      } else if (sum >= total) {
        text = tr("loading.python", "Starting Python\u2026");
      }
      show(5 + Math.floor(80 * Math.min(sum, total) / total), text);
      document.body && (document.body.dataset.loadBytes = String(sum));
    }
    var realFetch = window.fetch;
    window.fetch = function (input) {
      var p = realFetch.apply(this, arguments);
      var name = null;
      try {  // a string, a URL or a Request
        name = which(new URL(input && input.url ? input.url : String(input), location.href).href);
      } catch (e) { /* not a URL: not one of ours */ }
      if (!name || done) return p;
      return p.then(function (resp) {
        if (!resp.ok || !resp.body) return resp;
        try {
          var reader = resp.clone().body.getReader();
          got[name] = 0;
          (function pump() {
            reader.read().then(function (r) {
              if (r.done) { got[name] = sizes[name].bytes; update(name); return; }
              got[name] += r.value.byteLength;
              update(name);
              pump();
            }, function () { /* the page's own read reports any failure */ });
          })();
        } catch (e) { /* a body that cannot be cloned: its timing entry counts it */ }
        return resp;
      });
    };
    try {
      new PerformanceObserver(function (list) {
        list.getEntries().forEach(function (e) {
          var name = which(e.name);
          if (name) { got[name] = sizes[name].bytes; update(null); }
        });
      }).observe({ type: "resource", buffered: true });
    } catch (e) { /* no resource timing: the fetches still count */ }
  }

  // -- Offline play: the service worker (web/sw.js, docs/WEB.md) -------------
  // Registered once the table is up (so its downloads never compete with the page's own),
  // not with ?sw=0 (a documented opt-out), and not inside another origin's page (below). It
  // says when the site is ready for offline play and, when a new build has installed,
  // offers a reload (not in an embedded table: its host page decides; a reload resumes the
  // match from the save).
  var framed = false;
  try { framed = window.top !== window.self; } catch (e) { framed = true; }
  // an embedded table (embed.html: in a lesson's frame, or a shared link opened alone) shows
  // none of the site's notices: its host page decides
  function embedded() { return framed || !!(document.body && document.body.hasAttribute("data-embed")); }
  function offline() {
    var sw = null, thirdParty = false;
    try {
      sw = navigator.serviceWorker || null;
      // embed.html framed by a page of another origin: no registration. With storage
      // partitioning (today's browsers) a worker registered there would live in the host
      // site's partition: it would download and keep a second copy of the whole site
      // (15 MB) for that host's visitors, who did not ask for it, and never make the site
      // itself offline; without partitioning the browser refuses it or shares it with the
      // site. A frame of another origin throws on reading top's location.
      thirdParty = window.top.location.origin !== location.origin;
    } catch (e) { thirdParty = true; }  // (an opaque origin throws on serviceWorker: no worker)
    if (!sw) return;
    var hadController = !!sw.controller, reloading = false;
    function mark(state) { document.documentElement.dataset.sw = state; }
    sw.addEventListener("controllerchange", function () {
      // the new build took over: a page that asked for it reloads into it; one still
      // loading reloads too (its next files would come from the worker's build: the first
      // worker claims the open pages, sw.js "activate"), opted out or not
      if (reloading || !done) location.reload();
    });
    if (new URLSearchParams(location.search).get("sw") === "0" || thirdParty) {
      mark("off");
      return;
    }
    if (hadController && !embedded()) {
      var note = $("load-offline");
      if (note) note.hidden = false;
    }
    // a page the worker serves stages nothing; copies an earlier visit left (closed while it
    // loaded) are not needed any more
    if (hadController && window.caches) {
      caches.delete("trex-staged " + new URL(new URL(".", location.href).href).pathname).catch(function () {});
    }
    var staging = hadController ? null : stage();
    sw.addEventListener("message", function (e) {
      var d = e.data || {};
      if (d.type !== "trex-sw-status") return;
      document.documentElement.dataset.swBuild = d.build;
      // ready: every file of the build cached, and this page served by the worker (the
      // first visit too, once claimed: then its own fetches and a reload work offline)
      if (d.cached === d.files && sw.controller) {
        var first = document.documentElement.dataset.sw !== "offline-ready" && !hadController;
        mark("offline-ready");
        if (first) passingNote();
      }
    });
    function ask(worker) { if (worker) worker.postMessage({ type: "status" }); }
    // the first visit: claimed by the worker it installed, the page is served by it now
    sw.addEventListener("controllerchange", function () { ask(sw.controller); });
    function waiting(reg) {
      if (!reg.waiting || !sw.controller) return;
      document.documentElement.dataset.swWaiting = "1";  // a new build waits (data-sw stays the worker's state)
      var box = $("sw-update");
      if (!box || embedded()) return;
      box.hidden = false;
      $("sw-later").onclick = function () { box.hidden = true; };
      $("sw-reload").onclick = function () {
        reloading = true;
        if (reg.waiting) reg.waiting.postMessage({ type: "skip-waiting" });
      };
    }
    function register() {
      // "./sw.js": the pages that load loader.js (index, embed, author) are at the site's
      // root, so this is the root's worker, scope the root, under any sub-path
      sw.register("./sw.js", { scope: "./" }).then(function (reg) {
        // nothing installs (this build's worker is there already): the staged copies are not needed
        if (staging && !reg.installing) staging.drop();
        mark(reg.active ? "active" : "installing");
        waiting(reg);
        ask(reg.active);
        reg.addEventListener("updatefound", function () {
          var w = reg.installing;
          if (!w) return;
          w.addEventListener("statechange", function () {
            if (w.state === "installed") waiting(reg);
            if (w.state === "activated") ask(w);
          });
        });
      }).catch(function () {
        mark("unavailable");  // blocked (a test context), or not allowed here: play on
        if (staging) staging.drop();
      });
    }
    window.trexLoader.whenReady(function () {
      // once the staged copies are written (the worker installs from them)
      if (staging) staging.written().then(register); else register();
    });
  }

  // -- "Ready to play offline": a passing note that covers nothing --------
  // It is placed over a free part of the felt: no seat, card, status line, bar or sheet under
  // it, tried from the felt's foot upwards, at its middle, then its ends; placed again at each
  // render of the table (body[data-seq]) while it shows; with no free place (a dialog is open,
  // the layout fills the felt) it waits for one, and gives up after a while. Only geometry:
  // the page's classes say what is the felt and what is on it.
  // the boxes that hold the table's things but show nothing themselves (a trick's empty
  // slots too: a card played into one is a render, and the note moves)
  var BARE = "html, body, #app, .table-view, .main, .felt, [data-part=centre], [data-part=you], .you-line, " +
    ".fx, .overlay-slot, .trick-wrap, .trick, .slot";
  function takenRects(note) {
    var rects = [];
    document.querySelectorAll("#app *").forEach(function (el) {
      if (el.matches(BARE) || note.contains(el)) return;
      var r = el.getBoundingClientRect();
      if (r.width && r.height) rects.push(r);
    });
    return rects;
  }
  function freePlace(note) {
    var felt = document.querySelector("#app .felt");
    if (!felt) return null;
    var f = felt.getBoundingClientRect(), w = note.offsetWidth, h = note.offsetHeight, gap = 6;
    var vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
    var taken = takenRects(note);
    var xs = [f.left + (f.width - w) / 2, f.right - w - gap, f.left + gap];
    for (var y = Math.min(f.bottom, vh) - h - gap; y >= Math.max(f.top, 0) + gap; y -= 4) {
      for (var i = 0; i < xs.length; i++) {
        var x = xs[i];
        if (x < 0 || x + w > vw) continue;
        var clear = taken.every(function (r) {
          return r.right <= x || r.left >= x + w || r.bottom <= y || r.top >= y + h;
        });
        if (clear) return { x: x, y: y };
      }
    }
    return null;
  }
  var noteTimer = null;
  function offlineNote() {
    var n = $("sw-offline");
    if (!n || embedded()) return false;
    n.style.visibility = "hidden";  // measured where it would be, unseen
    n.hidden = false;
    var spot = freePlace(n);
    if (spot) {
      n.style.inset = "auto";
      n.style.left = spot.x + "px";
      n.style.top = spot.y + "px";
      n.style.visibility = "";
    } else {
      n.hidden = true;
    }
    n.dataset.placed = spot ? "free" : "none";
    return !!spot;
  }
  function passingNote() {
    // shown for a few seconds in a free place; again at each render; sought for 20 s at most
    var shownFor = 0, start = performance.now();
    var watch = new MutationObserver(function () { place(); });
    function place() {
      var shown = offlineNote();
      if (shown && !shownFor) shownFor = performance.now();
      if ((shownFor && performance.now() - shownFor > 6000) || performance.now() - start > 20000) end();
    }
    function end() {
      watch.disconnect();
      clearInterval(noteTimer);
      var n = $("sw-offline");
      if (n) n.hidden = true;
    }
    if (embedded()) return;
    watch.observe(document.body, { attributes: true, attributeFilter: ["data-seq"] });
    clearInterval(noteTimer);
    noteTimer = setInterval(place, 1000);
    place();
  }
  // The notices follow the table's language when it is switched in Settings (the UI's
  // Python sets <html lang>): their words are the catalogues', inlined for this page.
  new MutationObserver(function () {
    var now = supported(document.documentElement.lang);
    if (!now || !i18n.strings[now]) return;
    words = i18n.strings[now];
    window.trexLoader.words = words;
    ["sw-update", "sw-offline"].forEach(function (id) {
      var box = $(id);
      if (!box) return;
      var els = [box].concat(Array.prototype.slice.call(box.querySelectorAll("[data-i18n]")));
      els.forEach(function (el) {
        var text = el.hasAttribute("data-i18n") && words[el.getAttribute("data-i18n")];
        if (text) setWords(el, text);
      });
    });
  }).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });

  // -- What the page downloads, kept for the worker's install ------------
  // On a visit no worker serves, the big runtime files the page fetches before its table is
  // up (#trex-sizes: the wasm, the stdlib, the game's zips) are also written, as they
  // arrive, into the cache "trex-staged <scope>": the worker this visit installs takes them
  // from there (checking each against its build's SHA-256) instead of downloading them a
  // second time, as it would when the browser's HTTP cache did not keep them (Chromium's
  // in-memory cache, a private window's, keeps no entry over 1/8 of its size: not the
  // 9.6 MB wasm). The worker deletes the staged copies once installed (or failed); the page
  // deletes them when no worker installs. The page still gets the network's own response.
  function stage() {
    if (!window.caches || !window.fetch) return null;
    var names = ["pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip"];
    try { names = Object.keys(JSON.parse($("trex-sizes").textContent)); } catch (e) { /* the defaults */ }
    var base = new URL(".", location.href).href, name = "trex-staged " + new URL(base).pathname;
    var writes = [], realFetch = window.fetch;
    window.fetch = function (input) {
      var p = realFetch.apply(this, arguments);
      var url = null;
      try { url = new URL(input && input.url ? input.url : String(input), location.href).href.split(/[?#]/)[0]; }
      catch (e) { /* not a URL: not one of ours */ }
      if (done || !url || url.indexOf(base) !== 0 || names.indexOf(url.slice(base.length)) < 0) return p;
      writes.push(p.then(function (resp) {
        if (!resp.ok || resp.type !== "basic" || !resp.body) return null;
        var copy = resp.clone();
        return caches.open(name).then(function (c) { return c.put(url, copy); });
      }).catch(function () { /* not staged: the worker downloads it */ }));
      return p;
    };
    return {
      written: function () { return Promise.all(writes).catch(function () {}); },
      drop: function () { return Promise.all(writes).then(function () { return caches.delete(name); }); }
    };
  }

  function $(id) { return document.getElementById(id); }
  function setWords(el, text) {
    var kept = Array.prototype.filter.call(el.childNodes, function (n) {
      return n.nodeType === 1 && n.tagName !== "CODE";
    });
    while (el.firstChild) el.removeChild(el.firstChild);
    kept.forEach(function (n) { el.appendChild(n); el.appendChild(document.createTextNode(" ")); });
    text.split("`").forEach(function (piece, i) {
      if (!piece) return;
      if (i % 2) { var code = document.createElement("code"); code.textContent = piece; el.appendChild(code); }
      else el.appendChild(document.createTextNode(piece));
    });
  }
  function show(pct, text) {
    var bar = $("load-bar"), label = $("load-text");
    if (bar && pct > Number(bar.value)) bar.value = pct;
    if (label && text) label.textContent = text;
  }

  window.trexLoader = {
    lang: lang,
    // Called by an inline script right after the loading card: its words in the page's language.
    // (Also author.html's words: `backquoted` text is typed as it is and shows as code; an
    // element's own controls, such as a label's checkbox, stay; data-i18n-label and
    // data-i18n-title translate those attributes.)
    localize: function () {
      var els = document.querySelectorAll("[data-i18n]");
      for (var i = 0; i < els.length; i++) {
        var text = words[els[i].getAttribute("data-i18n")];
        if (text) setWords(els[i], text);
      }
      ["label", "title"].forEach(function (attr) {
        document.querySelectorAll("[data-i18n-" + attr + "]").forEach(function (el) {
          var text = words[el.getAttribute("data-i18n-" + attr)];
          if (text) el.setAttribute(attr === "label" ? "aria-label" : "title", text.replace(/`/g, ""));
        });
      });
    },
    words: words,
    // "Ready to play offline" placed where it covers nothing now (true), or not shown (false);
    // the worker's readiness shows it this way for a few seconds (tests call it directly)
    offlineNote: function () { return offlineNote(); },
    // fn runs once the page is ready: the table is on screen, or (a page with no table) loaded
    whenReady: function (fn) {
      function now() { if (done || !$("app")) fn(); else readyFns.push(fn); }
      if (document.readyState === "complete") now(); else addEventListener("load", now);
    },
    // Called by the UI's Python once the table is on screen.
    ready: function () {
      done = true;
      readyFns.splice(0).forEach(function (fn) { setTimeout(fn, 0); });
      var ms = Math.round(performance.now());
      document.body.dataset.readyMs = String(ms);
      var box = $("loading");
      if (box) box.hidden = true;
    },
    fail: function (message) {
      if (done) return;
      done = true;
      document.body.dataset.state = "load-failed";
      var box = $("load-error"), msg = $("load-error-text"), spin = $("load-progress-box");
      if (msg) msg.textContent = message || "";
      if (box) box.hidden = false;
      if (spin) spin.hidden = true;
      var btn = $("load-retry");
      if (btn) btn.onclick = function () { location.reload(); };
    },
    elapsed: function () { return performance.now() - t0; }
  };

  addEventListener("py:progress", function (e) {
    var s = steps[e.detail];
    if (s && !(bytesDriven && s[0] < 85)) show(s[0], s[1]);
  });
  trackDownloads();
  offline();
  // A form in the page never submits (Enter in a settings field): it has nowhere to go, and
  // the CSP's form-action 'none' (docs/WEB.md) would refuse it. (Not an inline onsubmit:
  // the CSP refuses inline handlers.)
  document.addEventListener("submit", function (e) { e.preventDefault(); }, true);
  // Resource failures while loading (404, offline): capture phase sees <script>/<link> errors.
  addEventListener("error", function (e) {
    if (done) return;
    var t = e.target;
    if (t && t !== window && (t.src || t.href)) {
      window.trexLoader.fail(tr("loading.file_failed", "A file of the game could not be loaded: {url}")
        .replace("{url}", t.src || t.href));
    } else if (e.message) {
      window.trexLoader.fail(String(e.message));
    }
  }, true);
  addEventListener("unhandledrejection", function (e) {
    if (done) return;
    var r = e.reason;
    window.trexLoader.fail(String((r && r.message) || r || tr("loading.unknown_error", "unknown error")));
  });
  // PyScript reports Python errors in the page as .py-error; treat one during loading as a failure.
  document.addEventListener("DOMContentLoaded", function () {
    show(5, null);
    new MutationObserver(function (_, obs) {
      var err = document.querySelector(".py-error");
      if (err && !done) { window.trexLoader.fail(err.textContent.slice(0, 600)); }
      if (done) obs.disconnect();
    }).observe(document.body, { childList: true, subtree: true });
  });
  // The game's own files PyScript fetches once Pyodide is up (#trex-preload: the engine's
  // and the UI's byte code) are preloaded, so they download while Pyodide starts; but only once
  // the page's first table is on screen (early.js: shown, or not used): asked for with the
  // head, they shared a 4G line with style.css and the opening and held the first move back
  // by about 0.2 s (docs/WEB.md "The fourth step"). (crossorigin: PyScript's fetch() is
  // CORS-mode, so the preload must be too to be reused.)
  document.addEventListener("DOMContentLoaded", function () {
    var names = [];
    try { names = JSON.parse($("trex-preload").textContent); } catch (e) { return; }  // embed.html: none
    var early = window.trexEarly && window.trexEarly.settled;
    var shown = early ? Promise.race([early, new Promise(function (r) { setTimeout(r, 3000); })]) : Promise.resolve();
    shown.then(function () {
      names.forEach(function (href) {
        var link = document.createElement("link");
        link.rel = "preload";
        link.as = "fetch";
        link.crossOrigin = "anonymous";
        link.href = href;
        document.head.appendChild(link);
      });
    });
  });
  // A running clock next to the step, so a slow download visibly moves.
  var clock = setInterval(function () {
    if (done) { clearInterval(clock); return; }
    var c = $("load-clock");
    if (c) c.textContent = tr("loading.seconds", "{n} s").replace("{n}", Math.floor((performance.now() - t0) / 1000));
  }, 500);
  // Slow network: say so, keep waiting. Very slow: offer a retry but keep waiting.
  setTimeout(function () { if (!done) { var s = $("load-slow"); if (s) s.hidden = false; } }, 12000);
  setTimeout(function () {
    if (!done) {
      var s = $("load-slow");
      if (s) s.textContent = tr("loading.very_slow", "This is taking much longer than usual. " +
        "The connection may be slow or down; reloading may help.");
    }
  }, 45000);
})();
