// Trex tables in a page: every element with a `data-trex` attribute becomes a table, and
// one Python runtime (one PyScript interpreter) drives them all (docs/EMBED.md, "Many
// tables, one runtime"). The attribute holds the same parameters as embed.html's address:
//
//   <div data-trex="mode=replay&hands=…&king=0&contract=king-of-hearts&moves=…"></div>
//   <script src="./tables.js" defer></script>
//
// The page must come from the same origin as the site (the runtime's files are fetched
// from here). Each table fires `trex` events on its element (ready, move, step,
// deal-over, answer, error) and takes commands as a `trex-command` event.
"use strict";
(function () {
  var me = document.currentScript;
  var base = new URL(".", (me && me.src) || location.href).href;

  function add(parent, tag, attrs) {
    var el = document.createElement(tag);
    for (var name in attrs) el.setAttribute(name, attrs[name]);
    parent.appendChild(el);
    return el;
  }

  // A table's place shows that it is coming until its Python is there. A table painted in
  // the page (its diagram inside the element: `python -m trex_core render`, author.html's
  // snippet, docs/EMBED.md) shows its diagram meanwhile; Python then takes over the same
  // elements (trexui/table/render.py adopts them, and an equal first render changes no node).
  function waiting() {
    var els = document.querySelectorAll("[data-trex]");
    for (var i = 0; i < els.length; i++) {
      els[i].classList.add("trex-table");
      if (!els[i].querySelector(":scope > .table-view")) els[i].classList.add("trex-loading");
      els[i].setAttribute("aria-busy", "true");
    }
  }

  // The tables' style sheet, unless the page links it already (a page of painted tables
  // does, in its <head>, so they are drawn with the page's first paint).
  function styled() {
    var want = base + "style.css", links = document.querySelectorAll('link[rel="stylesheet"]');
    for (var i = 0; i < links.length; i++) if (links[i].href === want) return true;
    return false;
  }

  function start() {
    document.documentElement.classList.add("trex-host");  // the page keeps its own look (style.css)
    waiting();
    if (!styled()) add(document.head, "link", { rel: "stylesheet", href: base + "style.css" });
    var morph = add(document.head, "script", { src: base + "morphdom.min.js" });
    morph.async = false;
    var view = add(document.head, "script", { src: base + "tableview.js" });
    view.async = false;
    // The site's PyScript config, its file names made absolute (they carry content hashes).
    fetch(base + "pyscript.json").then(function (r) {
      if (!r.ok) throw new Error("pyscript.json: HTTP " + r.status);
      return r.json();
    }).then(function (config) {
      var files = {};
      Object.keys(config.files || {}).forEach(function (src) { files[new URL(src, base).href] = config.files[src]; });
      var py = document.createElement("script");
      py.type = "py";
      py.setAttribute("config", JSON.stringify({ interpreter: new URL(config.interpreter, base).href, files: files }));
      py.textContent = "from trexui.table.app import start_all\nawait start_all()\n";
      document.body.appendChild(py);
      add(document.head, "script", { type: "module", src: base + "pyscript/core.js" });
    }).catch(function (err) {
      var els = document.querySelectorAll("[data-trex]");
      for (var i = 0; i < els.length; i++) {
        els[i].textContent = "Trex: " + err.message;
        els[i].removeAttribute("aria-busy");
      }
    });
  }

  // -- Offline play: the site's service worker (web/sw.js, docs/WEB.md) ---------
  // A page of tables registers it as the main table does (loader.js), so a lesson read
  // first works offline too: once its tables are up (the Python sets
  // html[data-trex-tables=ready]; the worker's 15 MB never compete with their start), not
  // with ?sw=0, and not inside a page of another origin (loader.js says why). The worker is
  // the site's: its URL and scope are this script's folder, the site's root under any
  // sub-path, not the page's. <html data-trex-sw> says how it went: off, unavailable,
  // installing, active, offline-ready (every file of the build cached; the page is served
  // from the cache, so a reload works offline).
  function offline() {
    var sw = null, thirdParty = false;
    try {
      sw = navigator.serviceWorker || null;
      thirdParty = window.top.location.origin !== location.origin;
    } catch (e) { thirdParty = true; }
    if (!sw) return;
    var root = document.documentElement;
    function up() { return root.getAttribute("data-trex-tables") === "ready"; }
    function mark(state) { root.setAttribute("data-trex-sw", state); }
    // claimed while the tables still load (the first worker claims the open pages, sw.js
    // "activate"): reload, so the page is one build, all of it from the worker's cache
    sw.addEventListener("controllerchange", function () { if (!up()) location.reload(); });
    if (new URLSearchParams(location.search).get("sw") === "0" || thirdParty ||
        new URL(base).origin !== location.origin) {  // a worker must be of the page's origin
      mark("off");
      return;
    }
    sw.addEventListener("message", function (e) {
      var d = e.data || {};
      if (d.type === "trex-sw-status" && d.cached === d.files) mark("offline-ready");
    });
    function ask() { if (sw.controller) sw.controller.postMessage({ type: "status" }); }
    sw.addEventListener("controllerchange", ask);
    function register() {
      sw.register(base + "sw.js", { scope: base }).then(function (reg) {
        mark(reg.active ? "active" : "installing");
        ask();
      }).catch(function () {
        mark("unavailable");  // blocked (a test context), or not allowed here: the tables play on
      });
    }
    if (up()) register();
    else {
      new MutationObserver(function (_, obs) {
        if (up()) { obs.disconnect(); register(); }
      }).observe(root, { attributes: true, attributeFilter: ["data-trex-tables"] });
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
  offline();
})();
