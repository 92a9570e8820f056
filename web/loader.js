// Trex loader: runs before PyScript, so the page shows progress from its first
// paint and says so when a load is slow or fails (issue 4 §3). It holds no game
// logic. It also records long main-thread tasks for bench/page_load.py.
// It picks the page's language as the UI's Python does (trexui/strings.py choose):
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
    // the language the player chose in Settings (trexui/store.py chosen_language): stored
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
    // Called by the UI's Python once the table is on screen.
    ready: function () {
      done = true;
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
    if (s) show(s[0], s[1]);
  });
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
  // A running clock next to the step, so a slow download visibly moves. (Byte-level
  // progress would need fetch() wrapped in a new Response, which loses the URL that
  // Chromium keys its compiled-wasm cache on: warm loads would recompile 9 MB of wasm.)
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
