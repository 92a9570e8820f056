// The authoring helper (author.html): a form for an embedded table's parameters
// (docs/EMBED.md), a live preview and the snippets to paste. It checks nothing itself:
// the preview is the real table, which shows any mistake with the parameter's name.
"use strict";
(function () {
  var SUITS = "SHDC", RANKS = "AKQJT98765432", SYMBOL = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
  var SEATS = ["S", "E", "N", "W"];
  var owner = {};  // card → seat (0..3) for the cards picked on the deck
  var $ = function (id) { return document.getElementById(id); };
  var form = $("form"), deck = $("deck"), frame = $("preview");
  var base = new URL(".", location.href).href;
  var words = (window.trexLoader && window.trexLoader.words) || {};
  // The page's words (web/locale, inlined by build.py; loader.js picked the language).
  function tr(key, english, values) {
    var text = (words[key] || english).replace(/`/g, "");
    Object.keys(values || {}).forEach(function (k) { text = text.split("{" + k + "}").join(values[k]); });
    return text;
  }
  var NAMES = [0, 1, 2, 3].map(function (s) { return tr("compass." + s, ["South", "East", "North", "West"][s]); });

  // -- the deck: a click gives a card to the chosen seat (or takes it back) --------
  SUITS.split("").forEach(function (s) {
    RANKS.split("").forEach(function (r) {
      var b = document.createElement("button");
      b.type = "button";
      b.dataset.card = r + s;
      b.className = s === "H" || s === "D" ? "red" : "";
      b.innerHTML = "";
      b.append(document.createTextNode((r === "T" ? "10" : r) + SYMBOL[s]));
      var who = document.createElement("small");
      b.append(who);
      deck.append(b);
    });
  });
  function handsText() {
    var hands = [0, 1, 2, 3].map(function (seat) {
      return SUITS.split("").map(function (s) {
        return RANKS.split("").filter(function (r) { return owner[r + s] === seat; }).join("");
      }).join(".");
    });
    return hands.join("/");
  }
  function showDeck() {
    var n = [0, 0, 0, 0];
    deck.querySelectorAll("button").forEach(function (b) {
      var seat = owner[b.dataset.card];
      if (seat === undefined) { b.removeAttribute("data-seat"); b.lastChild.textContent = ""; }
      else { b.dataset.seat = seat; b.lastChild.textContent = SEATS[seat]; n[seat]++; }
      b.setAttribute("aria-label", b.dataset.card + (seat === undefined ? "" : ", " + NAMES[seat]));
    });
    $("counts").textContent = tr("author.counts", "Cards: {south} {s}, {east} {e}, {north} {n}, {west} {w} (13 each; " +
      "with three hands full the fourth is the rest of the deck).",
      { south: NAMES[0], east: NAMES[1], north: NAMES[2], west: NAMES[3], s: n[0], e: n[1], n: n[2], w: n[3] });
  }
  deck.addEventListener("click", function (e) {
    var b = e.target.closest("button");
    if (!b) return;
    var seat = Number($("picking").value);
    if (seat < 0 || owner[b.dataset.card] === seat) delete owner[b.dataset.card];
    else owner[b.dataset.card] = seat;
    showDeck();
    $("hands").value = handsText();
    $("seed").value = "";
    update();
  });
  // A seed deals the hands instead: the cards picked and typed go, so that the Hands box and
  // the deck never show hands that are not the preview's.
  $("seed").addEventListener("input", function () {
    if (!$("seed").value.trim()) return;
    owner = {};
    $("hands").value = "";
    showDeck();
  });
  // Hands typed by suit fill the deck too (and replace a seed).
  $("hands").addEventListener("input", function () { if ($("hands").value.trim()) $("seed").value = ""; });
  $("hands").addEventListener("change", function () {
    owner = {};
    $("hands").value.split("/").forEach(function (hand, seat) {
      hand.split(".").forEach(function (ranks, i) {
        ranks.toUpperCase().replace(/10/g, "T").split("").forEach(function (r) {
          if (SUITS[i] && RANKS.indexOf(r) >= 0) owner[r + SUITS[i]] = seat;
        });
      });
    });
    showDeck();
  });

  // -- the parameters ---------------------------------------------------------------
  function params() {
    var p = new URLSearchParams();
    var v = function (id) { return $(id).value.trim(); };
    p.set("mode", v("mode"));
    if (v("seed")) p.set("seed", v("seed"));
    else if (v("hands")) p.set("hands", v("hands"));
    if (v("rules")) p.set("rules", v("rules"));
    p.set("king", v("king"));
    if (v("contract")) p.set("contract", v("contract"));
    if (v("answers")) p.set("answers", v("answers"));
    var moves = v("moves").split(/[\s,\/]+/).filter(Boolean).join(",");
    if (moves) p.set("moves", moves);
    ["seat", "show", "level", "lang", "felt"].forEach(function (id) { if (v(id)) p.set(id, v(id)); });
    if (v("mode") === "replay") {
      v("captions").split("\n").forEach(function (line) {
        var m = /^\s*(\d+)\s*:\s*(.+)$/.exec(line);
        if (m) p.set("caption." + m[1], m[2].trim());
      });
    }
    if (v("mode") === "exercise") {
      answers(v("answer")).forEach(function (a) { p.append("answer", a); });
      if (v("right")) p.set("right", v("right"));
      if (v("wrong")) p.set("wrong", v("wrong"));
    }
    return p;
  }
  // "QS, KS, double:QS,QH" → QS | KS | double:QS,QH (a double's own cards stay with it)
  function answers(text) {
    var out = [];
    text.split(",").map(function (s) { return s.trim(); }).filter(Boolean).forEach(function (piece) {
      var last = out[out.length - 1];
      if (last && /^double:/i.test(last) && /^(10|[2-9TJQKA])[SHDC]$/i.test(piece) && !/^double:/i.test(piece)
          && !/^(10|[2-9TJQKA])[SHDC]$/i.test(last)) {
        out[out.length - 1] = last + "," + piece;
      } else {
        out.push(piece);
      }
    });
    return out;
  }
  function escapeAttr(s) { return s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;"); }

  var timer = 0;
  function update() {
    clearTimeout(timer);
    timer = setTimeout(function () {
      var query = params().toString();
      var src = base + "embed.html?" + query;
      if (frame.getAttribute("src") !== src) frame.setAttribute("src", src);
      $("frame-snippet").value = '<iframe src="' + escapeAttr(src) + '" ' + frameSize() +
        ' title="Trex table" loading="lazy"></iframe>';
      shown = query;
      painted = null;
      divSnippet();
      document.body.dataset.snippet = src;
    }, 250);
  }

  // -- the element snippet, painted ---------------------------------------------------
  // The element carries its table's first rendering (docs/EMBED.md, "Tables that paint at
  // once"), so the lesson shows the diagram before its runtime, or with scripts off. This
  // page runs no Python: it asks the preview frame, which does, for the painted element of
  // the same parameters (the "prepaint" command) and shows the answer as text. Until the
  // answer comes, or when the parameters are wrong, the snippet is the empty element.
  var shown = "", painted = null;
  var ATTRS = 'style="height:30rem"';
  function divSnippet() {
    var script = '<script src="' + escapeAttr(base) + 'tables.js" defer></script>';
    if (painted !== null) {
      $("div-snippet").value = '<link rel="stylesheet" href="' + escapeAttr(base) + 'style.css">\n' +
        painted + "\n" + script;
      document.body.dataset.painted = shown;
    } else {
      $("div-snippet").value = '<div data-trex="' + escapeAttr(shown) + '" ' + ATTRS + '></div>\n' + script;
      delete document.body.dataset.painted;
    }
  }
  function askPainted() {
    frame.contentWindow.postMessage({ type: "prepaint", params: shown, attrs: ATTRS,
                                      lang: document.documentElement.lang || "en" }, location.origin);
  }
  form.addEventListener("input", update);
  form.addEventListener("change", update);

  // Moves played in the preview (play mode) are added to the moves, if asked.
  window.addEventListener("message", function (e) {
    if (e.source !== frame.contentWindow || e.origin !== location.origin) return;
    var d = e.data || {};
    if (d.source === "trex" && d.type === "ready") askPainted();
    if (d.source === "trex" && d.type === "prepaint" && d.params === shown) {
      painted = typeof d.html === "string" ? d.html : null;
      divSnippet();
    }
    if (d.source === "trex" && d.type === "move" && $("record").checked && /^([2-9TJQKA][SHDC]|pass)$/i.test(d.move)) {
      var box = $("moves");
      box.value = (box.value.trim() ? box.value.trim() + "," : "") + d.move;
    }
  });

  // The preview's size is the snippet's: pixels as the iframe's width and height, a size in
  // other units (the wide preview: 100% × 34rem) in its style.
  var size = ["400", "500"];
  function frameSize() {
    var css = function (v) { return /%|rem/.test(v) ? v : v + "px"; };
    if (/^\d+$/.test(size[0]) && /^\d+$/.test(size[1])) {
      return 'width="' + size[0] + '" height="' + size[1] + '" style="border:0"';
    }
    return 'style="border:0;width:' + css(size[0]) + ';height:' + css(size[1]) + '"';
  }
  function choose(b) {
    size = b.dataset.size.split("x");
    frame.style.width = /%|rem/.test(size[0]) ? size[0] : size[0] + "px";
    frame.style.height = /%|rem/.test(size[1]) ? size[1] : size[1] + "px";
    document.querySelectorAll("[data-size]").forEach(function (o) { o.setAttribute("aria-pressed", String(o === b)); });
  }
  document.querySelectorAll("[data-size]").forEach(function (b) {
    b.addEventListener("click", function () { choose(b); update(); });
  });
  choose(document.querySelector('[data-size="400x500"]'));  // the snippet's size from the start
  function copier(id) {
    return function () {
      var box = $(id);
      box.select();
      var done = function (ok) {
        $("copied").textContent = ok ? tr("author.copied", "Copied.") : tr("author.select", "Selected: copy it with your keyboard.");
      };
      if (navigator.clipboard) navigator.clipboard.writeText(box.value).then(function () { done(true); }, function () { done(false); });
      else done(false);
    };
  }
  $("copy-frame").addEventListener("click", copier("frame-snippet"));
  $("copy-div").addEventListener("click", copier("div-snippet"));

  // A start that shows something: the lesson's doubled King of Hearts.
  $("hands").value = "AT42.T42.843.872/Q8.AJ6.QJT765.AQ/KJ7.873.AK92.K54/9653.KQ95..JT963";
  $("contract").value = "king-of-hearts";
  $("answers").value = "-/-/-/KH";
  $("hands").dispatchEvent(new Event("change"));
  update();
})();
