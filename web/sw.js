// Trex service worker: the whole site, runtime included, for offline play
// (docs/WEB.md "Offline and installable").
//
// build.py writes this file into the site with BUILD (this build's version: a hash of every
// file's hash) and FILES (each file's path relative to this worker, with the first 16 hex
// digits of its SHA-256). So:
// * install takes every file from the nearest copy and keeps it only if its bytes have the
//   hash this build lists: first what the page of this very visit staged as it loaded (the big
//   runtime files, loader.js: a browser's HTTP cache may not keep a 9.6 MB wasm, and then the
//   worker would download it a second time), then the HTTP cache as the server's headers allow
//   (a revalidation costs a 304), and only if those bytes are not this build's, the network
//   past every cache ("reload"). So the cache holds exactly this build, never a file of
//   another (a server mid-deploy fails the install, and the browser tries again later), and a
//   first visit downloads each file once (tests/browser/test_offline.py counts the bytes);
// * the cache is named after this build and scope, so a new build is a new cache;
// * a new worker waits (it does not skip waiting by itself): the page shows "a new version
//   is ready" and sends "skip-waiting" when the player reloads; on activate the old caches
//   of this scope are deleted. Until then the old worker keeps serving the old cache, so a
//   page is always served from one build.
// * the first worker of a scope claims the open pages (see "activate"); a later one never does.
"use strict";
var BUILD = "__TREX_BUILD__";
var FILES = /*__TREX_FILES__*/ {};
var SCOPE = new URL("./", self.location.href);
var PREFIX = "trex " + SCOPE.pathname + " ";
var CACHE = PREFIX + BUILD;

function hex(buffer) {
  return Array.prototype.map.call(new Uint8Array(buffer), function (b) {
    return (b < 16 ? "0" : "") + b.toString(16);
  }).join("");
}

// What the page staged while it loaded (loader.js "stage"): read, checked, then deleted.
var STAGED = "trex-staged " + SCOPE.pathname;

// [url, a Response of this build's bytes] when `r` holds the bytes FILES lists; else null
function checked(path, r) {
  if (!r || !r.ok) return Promise.resolve(null);
  return r.arrayBuffer().then(function (body) {
    return crypto.subtle.digest("SHA-256", body).then(function (d) {
      if (hex(d).slice(0, FILES[path].length) !== FILES[path]) return null;
      var headers = new Headers();
      ["content-type"].forEach(function (h) { if (r.headers.get(h)) headers.set(h, r.headers.get(h)); });
      headers.set("x-trex-build", BUILD);
      return [new URL(path, SCOPE).href, new Response(body, { status: 200, headers: headers })];
    });
  });
}

function fetchChecked(staged, path) {
  var url = new URL(path, SCOPE).href;
  function net(mode) {
    // low priority: the page is playable by now, its own requests go first
    return fetch(url, { cache: mode, credentials: "same-origin", priority: "low" })
      .then(function (r) { return checked(path, r); });
  }
  return (staged ? staged.match(url, { ignoreSearch: true }) : Promise.resolve(null))
    .then(function (r) { return checked(path, r); })
    .catch(function () { return null; })
    .then(function (hit) { return hit || net("default"); })
    .then(function (hit) { return hit || net("reload"); })
    .then(function (hit) {
      if (!hit) throw new Error(path + ": not the bytes of build " + BUILD);
      return hit;
    });
}

self.addEventListener("install", function (event) {
  event.waitUntil(caches.delete(CACHE).then(function () {
    return caches.has(STAGED).then(function (has) { return has ? caches.open(STAGED) : null; });
  }).then(function (staged) {
    // everything first, then one write each: a failed file leaves no half cache behind
    return Promise.all(Object.keys(FILES).map(function (path) { return fetchChecked(staged, path); }));
  }).then(function (entries) {
    return caches.open(CACHE).then(function (cache) {
      return Promise.all(entries.map(function (e) { return cache.put(e[0], e[1]); }));
    });
  }).then(function () {
    return caches.delete(STAGED);
  }, function (err) {
    return Promise.all([caches.delete(CACHE), caches.delete(STAGED)]).then(function () { throw err; });
  }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    var older = names.filter(function (n) { return n.indexOf(PREFIX) === 0 && n !== CACHE; });
    // (and any copies a page staged after the install had taken and deleted them)
    return Promise.all(older.concat([STAGED]).map(function (n) { return caches.delete(n); })).then(function () {
      // The first worker of this scope (no older trex cache) takes the open pages at once,
      // so the visit that installed it is served by it: its "Ready to play offline" holds
      // for the page itself, and it hears of the next build. This mixes no builds: no page
      // was served by an older worker; the open ones came from the network, a page whose
      // table is up has fetched what it needs (pages register only then), and one still
      // loading reloads when claimed (loader.js, tables.js). An update never claims: an
      // uncontrolled page may be of the older build and must not get this one's files.
      if (!older.length) return self.clients.claim();
    });
  }));
});

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type === "skip-waiting") self.skipWaiting();
  if (data.type === "status" && event.source) {
    // how complete this worker's cache is: the page's "ready for offline play"
    caches.open(CACHE).then(function (cache) { return cache.keys(); }).then(function (keys) {
      event.source.postMessage({ type: "trex-sw-status", build: BUILD, cached: keys.length,
        files: Object.keys(FILES).length });
    });
  }
});

self.addEventListener("fetch", function (event) {
  var req = event.request;
  if (req.method !== "GET") return;
  var url = new URL(req.url);
  if (url.origin !== SCOPE.origin || url.pathname.indexOf(SCOPE.pathname) !== 0) return;
  var path = decodeURIComponent(url.pathname.slice(SCOPE.pathname.length)) || "index.html";
  if (!Object.prototype.hasOwnProperty.call(FILES, path)) return;  // not the site's: network
  event.respondWith(caches.open(CACHE).then(function (cache) {
    return cache.match(new URL(path, SCOPE).href);
  }).then(function (hit) {
    return hit || fetch(req);
  }));
});
