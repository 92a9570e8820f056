// Trex table view: applies each new rendering of the table (an HTML string made by
// trexui/view/board.py, a pure function of the observation) to the page by morphing the
// existing elements with morphdom (./morphdom.min.js, npm morphdom, served locally).
// Elements that did not change stay the same DOM nodes, so focus, a live region next
// to the view and CSS transitions survive a render; lists are matched by their
// `data-key` (never by id: a page may hold several tables).
//
// Cards that move are animated FLIP-style: after a morph, a card that is
// a new element (it changed places) slides from where it was (a card played from your
// hand to the trick, §3) or from its seat's panel when it was not on show
// (`data-from=<seat>`: another player's card, or a Trex card going to its place in the
// layout, §6). Elements the morph kept are not animated (the hand closing up is plain
// layout). A finished trick (`.trick[data-taker]`) that leaves the table flies to its
// taker's seat (§3.3). 150-300 ms; nothing moves when `prefers-reduced-motion: reduce`
// is set or the pace is instant (ms = 0).
//
// No layout is ever read in a render's task (no main-thread task over 100 ms on
// a phone): where each card was ("First") is the box measured in the animation frame
// after the previous render, where the browser lays the page out anyway; the new boxes
// ("Last") are read in the next frame, which also measures for the render after. A
// window resized in between (its resize event) drops one animation rather than play a
// wrong one; not even the window's size is read in a render's task (it lays the page out). The
// game's state never waits for an animation.
//
// A changed `tabindex` is not set in the render's task either: Chromium brings style and
// layout up to date on the spot when an element's tabindex changes, and in the middle of a
// morph that laid out the whole table (the hand's single Tab stop moves to the first
// playable card at every turn: 20-50 ms a render at 4x CPU throttling). The new Tab stops
// are set in the frame after the render, once the page is laid out (a few microseconds
// there), or at once when a key is pressed on the table or the next render comes first.
//
// One instance per table element (like chessground's `Chessground(element)`): no
// page-wide state; `new TrexTableView(region, fx)` then `view.patch(html, ms)` with the
// whole rendering, or `view.patch([[part, html], ...], ms)` with only the parts
// (`[data-part]` elements) that changed; a part with `data-shell` updates its element's
// attributes and leaves its children (themselves parts) alone.
"use strict";
(function () {
  function nodeKey(node) {
    return node.nodeType === 1 ? node.getAttribute("data-key") || undefined : undefined;
  }

  // one query, read at each render (a new matchMedia each time is work for nothing)
  var REDUCE = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  function reducedMotion() { return !!(REDUCE && REDUCE.matches); }

  // Boxes in page coordinates: a page scrolled between two frames (a page of many
  // tables) moves both ends of a card's path alike.
  function boxes(root, selector, attr) {
    var out = {}, sx = window.scrollX, sy = window.scrollY;
    root.querySelectorAll(selector).forEach(function (el) {
      var r = el.getBoundingClientRect();
      out[el.getAttribute(attr)] = { left: r.left + sx, top: r.top + sy, width: r.width, height: r.height };
    });
    return out;
  }

  function centre(r) { return { x: r.left + r.width / 2, y: r.top + r.height / 2 }; }

  function TrexTableView(region, fx) {
    this.region = region;  // the element whose children are the rendering
    this.fx = fx;          // an aria-hidden layer outside it, for cards flying away
    this.frame = 0;
    this.boxes = null;     // the card faces' and seats' boxes after the last frame's layout
    this.pending = null;   // what the next frame animates: {kept, leaving, ms}
    this.measure = false;  // whether the next frame measures boxes (motion is on)
    this.stops = new Map();  // element -> the tabindex it gets after the render (see the top)
    this.resized = false;  // the window changed size since the boxes were measured
    var self = this;
    // (reading window.innerWidth in a render's task lays the page out there and then: a
    // window resized is heard instead)
    window.addEventListener("resize", function () { self.resized = true; });
    // An element whose rendering is unchanged keeps its node and its children untouched;
    // a changed one keeps its tabindex until setStops.
    function changed(fromEl, toEl) {
      // a <details> stays as its reader left it, open or shut (the rendering does not know)
      if (fromEl.tagName === "DETAILS") toEl.open = fromEl.open;
      if (fromEl.isEqualNode(toEl)) return false;
      var was = fromEl.getAttribute("tabindex"), now = toEl.getAttribute("tabindex");
      if (was !== now && was !== null && now !== null) {
        self.stops.set(fromEl, now);
        toEl.setAttribute("tabindex", was);
      }
      return true;
    }
    // A part marked data-shell brings its own attributes only: its children are parts.
    function children(fromEl, toEl) { return !toEl.hasAttribute("data-shell"); }
    this.options = { getNodeKey: nodeKey, onBeforeElUpdated: changed, onBeforeElChildrenUpdated: children };
    this.whole = { childrenOnly: true, getNodeKey: nodeKey, onBeforeElUpdated: changed };
    // a key pressed before the frame finds the new Tab stops
    region.addEventListener("keydown", function () { self.setStops(); }, true);
  }

  // The Tab stops the last render moved (see the top).
  TrexTableView.prototype.setStops = function () {
    if (!this.stops.size) return;
    this.stops.forEach(function (value, el) { el.setAttribute("tabindex", value); });
    this.stops.clear();
  };

  TrexTableView.prototype.patch = function (html, ms) {
    var region = this.region;
    this.setStops();  // a render before the frame: the last one's stops first (it may undo them)
    var motion = !reducedMotion();
    var first = this.boxes;
    if (first && this.resized) first = null;
    var animate = ms > 0 && motion && first !== null && region.firstElementChild !== null;
    var kept = null, leaving = null;
    if (animate) {  // only DOM reads that need no layout
      kept = new Set(region.querySelectorAll("[data-flip]"));
      var held = region.querySelector(".trick[data-taker]");
      if (held) {
        leaving = {
          id: held.getAttribute("data-trick"), taker: held.getAttribute("data-taker"),
          cards: Array.prototype.map.call(held.querySelectorAll(".card[data-flip]"), function (c) {
            return { clone: c.cloneNode(true), box: first.flips[c.getAttribute("data-flip")] };
          }).filter(function (c) { return !!c.box; })
        };
      }
    }
    if (typeof html === "string") {
      var next = region.cloneNode(false);
      next.innerHTML = html;
      morphdom(region, next, this.whole);
    } else {
      for (var i = 0; i < html.length; i++) {
        var part = region.querySelector('[data-part="' + html[i][0] + '"]');
        if (part) morphdom(part, html[i][1], this.options);
      }
    }
    if (!motion || (ms <= 0 && !this.boxes)) {
      this.boxes = null;
      this.measure = false;
      if (this.stops.size) this.nextFrame();
      return;
    }
    this.measure = true;
    if (animate) {
      var gone = leaving && !region.querySelector('.trick[data-taker][data-trick="' + leaving.id + '"]');
      // a newer render before the frame: the cards it moves again start from the first boxes
      if (this.pending) kept = this.pending.kept;
      this.pending = { first: first, kept: kept, leaving: gone ? leaving : (this.pending && this.pending.leaving), ms: ms };
    }
    this.nextFrame();
  };

  TrexTableView.prototype.nextFrame = function () {
    if (!this.frame) {
      var self = this;
      this.frame = requestAnimationFrame(function () { self.frame = 0; self.onFrame(); });
    }
  };

  // The frame after a render: measure the new boxes (the page is laid out here anyway),
  // keep them as the next render's "First", then start this render's animations.
  TrexTableView.prototype.onFrame = function () {
    var region = this.region;
    if (!this.measure) { this.setStops(); return; }  // nothing moves
    this.resized = false;
    var last = {
      flips: boxes(region, "[data-flip]", "data-flip"),
      seats: boxes(region, ".seat[data-seat]", "data-seat")
    };
    this.boxes = last;
    this.setStops();  // the page is laid out: this costs next to nothing now
    var p = this.pending;
    this.pending = null;
    if (!p || reducedMotion()) return;
    this.slide(p.first, last, p.kept, p.ms);
    if (p.leaving) this.gather(p.leaving, last, p.ms);
  };

  // Cards in a new place slide there from where they were (FLIP).
  TrexTableView.prototype.slide = function (first, last, kept, ms) {
    this.region.querySelectorAll("[data-flip]").forEach(function (el) {
      if (kept.has(el)) return;
      var id = el.getAttribute("data-flip");
      var from = first.flips[id], to = last.flips[id];
      if (!from) {
        var seat = el.getAttribute("data-from");
        from = seat !== null ? first.seats[seat] : null;
      }
      if (!from || !to) return;
      var a = centre(from), b = centre(to);
      var dx = a.x - b.x, dy = a.y - b.y;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
      // (moving faces are trick and layout cards, which have no transform of their own)
      el.animate([{ transform: "translate(" + dx + "px, " + dy + "px)" }, { transform: "none" }],
                 { duration: ms, easing: "cubic-bezier(.2,.7,.3,1)" });
    });
  };

  // A finished trick that left the table goes to its taker: copies of its cards fly
  // from their places to the taker's seat and fade.
  TrexTableView.prototype.gather = function (leaving, last, ms) {
    var box = last.seats[leaving.taker];
    if (!box) return;
    var to = centre(box);
    var fx = this.fx;
    // read before the first card is added: a read after it would lay the page out again
    var sx = window.scrollX, sy = window.scrollY;
    leaving.cards.forEach(function (c) {
      var el = c.clone;
      el.removeAttribute("data-flip");
      el.style.position = "fixed";
      el.style.left = (c.box.left - sx) + "px";  // the layer is fixed: viewport coordinates
      el.style.top = (c.box.top - sy) + "px";
      el.style.margin = "0";
      fx.appendChild(el);
      var from = centre(c.box);
      var run = el.animate([{ transform: "none", opacity: 1 },
                            { transform: "translate(" + (to.x - from.x) + "px, " + (to.y - from.y) + "px) scale(0.4)",
                              opacity: 0 }],
                           { duration: ms, easing: "ease-in", fill: "forwards" });
      run.onfinish = run.oncancel = function () { el.remove(); };
    });
  };

  window.TrexTableView = TrexTableView;

  // ------------------------------------------------------------------ sound
  // Short sounds made in the page with the Web Audio API (no files): "card" (a card
  // played or laid), "trick" (a trick taken), "turn" (your turn), "deal" (a deal over);
  // which ones, trexui/view/sound.py decides. One per table element, like the view. The
  // AudioContext is created only when the switch is on and the page has had a user
  // gesture (the autoplay policy): never before, never when the switch is off.
  function TrexSound(root) {
    this.root = root;
    this.enabled = false;
    this.ctx = null;       // the AudioContext, once made
    this.gestured = false;  // a pointer or key on this table has been seen
    this.played = 0;       // cues played (tests)
    this.last = {};        // cue -> when it last sounded (no pile-up at the instant pace)
    var self = this;
    var unlock = function () { self.gestured = true; if (self.enabled) self.context(); };
    root.addEventListener("pointerdown", unlock, true);
    root.addEventListener("keydown", unlock, true);
    root.trexSound = this;  // tests read it from the table's element
  }

  TrexSound.prototype.setEnabled = function (on) {
    this.enabled = !!on;
    if (this.enabled) this.context();
    else if (this.ctx && this.ctx.state === "running") this.ctx.suspend();
  };

  TrexSound.prototype.context = function () {
    // a gesture on this table itself, seen by our own listeners (navigator.userActivation
    // may count gestures elsewhere on the page, or a browser's own activation)
    if (!this.enabled || !this.gestured) return null;
    var AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    if (!this.ctx) {
      try { this.ctx = new AC(); } catch (e) { return null; }
    }
    if (this.ctx.state === "suspended") this.ctx.resume().catch(function () {});
    return this.ctx;
  };

  // A tone: frequency f (Hz), from t0 for d seconds, gain g, oscillator type.
  function tone(ctx, out, f, t0, d, g, type) {
    var o = ctx.createOscillator(), v = ctx.createGain();
    o.type = type || "sine";
    o.frequency.setValueAtTime(f, t0);
    v.gain.setValueAtTime(0.0001, t0);
    v.gain.exponentialRampToValueAtTime(g, t0 + 0.01);
    v.gain.exponentialRampToValueAtTime(0.0001, t0 + d);
    o.connect(v).connect(out);
    o.start(t0);
    o.stop(t0 + d + 0.02);
  }

  // A burst of filtered noise (a card on the cloth): centre frequency f, d seconds.
  function swish(ctx, out, f, t0, d, g) {
    var n = Math.max(1, Math.floor(ctx.sampleRate * d));
    var buf = ctx.createBuffer(1, n, ctx.sampleRate), data = buf.getChannelData(0);
    for (var i = 0; i < n; i++) data[i] = (Math.random() * 2 - 1) * Math.pow(1 - i / n, 2);
    var src = ctx.createBufferSource(), bp = ctx.createBiquadFilter(), v = ctx.createGain();
    src.buffer = buf;
    bp.type = "bandpass";
    bp.frequency.setValueAtTime(f, t0);
    bp.Q.value = 0.9;
    v.gain.setValueAtTime(g, t0);
    src.connect(bp).connect(v).connect(out);
    src.start(t0);
  }

  var CUES = {
    card: function (ctx, out, t) { swish(ctx, out, 2600, t, 0.07, 0.9); },
    trick: function (ctx, out, t) { swish(ctx, out, 1200, t, 0.12, 0.7); swish(ctx, out, 900, t + 0.07, 0.14, 0.6); },
    turn: function (ctx, out, t) { tone(ctx, out, 660, t, 0.16, 0.25); tone(ctx, out, 880, t + 0.11, 0.22, 0.22); },
    deal: function (ctx, out, t) {
      [523.25, 659.25, 783.99].forEach(function (f, i) { tone(ctx, out, f, t + i * 0.11, 0.3, 0.2, "triangle"); });
    }
  };

  // Plays the cues of one rendering, one after the other.
  TrexSound.prototype.play = function (cues) {
    if (!this.enabled || !cues || !cues.length) return;
    var ctx = this.context();
    if (!ctx || ctx.state === "closed") return;
    var now = performance.now(), t = ctx.currentTime + 0.01, out = ctx.destination;
    for (var i = 0; i < cues.length; i++) {
      var name = cues[i], make = CUES[name];
      if (!make || now - (this.last[name] || -1e9) < 80) continue;
      this.last[name] = now;
      try { make(ctx, out, t); } catch (e) { return; }
      this.played++;
      t += 0.09;
    }
  };

  window.TrexSound = TrexSound;
})();
