// Trex service worker: the whole site, runtime included, for offline play (issue 10 §1;
// docs/WEB.md "Offline and installable").
//
// build.py writes this file into the site with BUILD (this build's version: a hash of every
// file's hash) and FILES (each file's path relative to this worker, with the first 16 hex
// digits of its SHA-256). So:
// * install fetches every file past the HTTP cache and keeps it only if its bytes have the
//   hash this build lists: the cache holds exactly this build, never a file of another
//   (a server mid-deploy fails the install, and the browser tries again later);
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

function fetchChecked(path) {
  var url = new URL(path, SCOPE).href;
  // "no-cache": revalidate with the server (a 304 reuses the HTTP cache's copy)
  return fetch(url, { cache: "no-cache", credentials: "same-origin" }).then(function (r) {
    if (!r.ok) throw new Error(path + ": HTTP " + r.status);
    return r.arrayBuffer().then(function (body) {
      return crypto.subtle.digest("SHA-256", body).then(function (d) {
        if (hex(d).slice(0, FILES[path].length) !== FILES[path]) {
          throw new Error(path + ": not the bytes of build " + BUILD);
        }
        var headers = new Headers();
        ["content-type"].forEach(function (h) { if (r.headers.get(h)) headers.set(h, r.headers.get(h)); });
        headers.set("x-trex-build", BUILD);
        return [url, new Response(body, { status: 200, headers: headers })];
      });
    });
  });
}

self.addEventListener("install", function (event) {
  event.waitUntil(caches.delete(CACHE).then(function () {
    // everything first, then one write each: a failed file leaves no half cache behind
    return Promise.all(Object.keys(FILES).map(fetchChecked));
  }).then(function (entries) {
    return caches.open(CACHE).then(function (cache) {
      return Promise.all(entries.map(function (e) { return cache.put(e[0], e[1]); }));
    });
  }).catch(function (err) {
    return caches.delete(CACHE).then(function () { throw err; });
  }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    var older = names.filter(function (n) { return n.indexOf(PREFIX) === 0 && n !== CACHE; });
    return Promise.all(older.map(function (n) { return caches.delete(n); })).then(function () {
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
