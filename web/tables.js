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

  // A table's place shows that it is coming until its Python is there.
  function waiting() {
    var els = document.querySelectorAll("[data-trex]");
    for (var i = 0; i < els.length; i++) {
      els[i].classList.add("trex-table", "trex-loading");
      els[i].setAttribute("aria-busy", "true");
    }
  }

  function start() {
    document.documentElement.classList.add("trex-host");  // the page keeps its own look (style.css)
    waiting();
    add(document.head, "link", { rel: "stylesheet", href: base + "style.css" });
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
      py.textContent = "from trexui.app import start_all\nawait start_all()\n";
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

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
