/* The tournament clock on a big screen, and on the director's controls: counts down in the
 * browser, resyncs from the server.
 *
 * The page renders the clock state (so it reads right with no script, and after a refresh);
 * its JSON twin sits in <script type="application/json" id="clock-data">. This script ticks the
 * seconds locally from that state and fetches data-url (the same JSON) every RESYNC_MS, when the
 * tab becomes visible again, and whenever the local countdown reaches zero (a level or a break
 * ends: only the server knows what comes next, e.g. a break held for Fantasyland tables).
 * Every text comes translated from the server; this file only formats times.
 * The fetch revalidates ("no-cache"): the browser sends the ETag it holds and the server answers
 * 304 while the payload is unchanged (a paused clock, or within the same second), which the
 * browser hands back here as the same 200.
 */
(function () {
  "use strict";

  var RESYNC_MS = 10000; // a page may ask for less: data-resync on [data-clock] (the broadcast clock's 2 s)
  var root = null;
  var state = null;
  var receivedAt = 0;
  var fetching = false;
  var lastSync = 0;

  /* The clock and its state as the page holds them now: the director's controls page swaps its
     whole clock (with a fresh clock-data) after each action, and counting goes on from there. */
  function load() {
    var source = document.getElementById("clock-data");
    root = document.querySelector("[data-clock]");
    if (!root || !source) { root = null; return false; }
    state = JSON.parse(source.textContent);
    receivedAt = performance.now();
    return true;
  }

  function part(name) { return root.querySelector("[data-" + name + "]"); }

  function format(seconds) {
    seconds = Math.max(0, Math.ceil(seconds));
    var h = Math.floor(seconds / 3600);
    var m = Math.floor((seconds % 3600) / 60);
    var s = seconds % 60;
    var mm = (h && m < 10 ? "0" : "") + m;
    return (h ? h + ":" : "") + mm + ":" + (s < 10 ? "0" : "") + s;
  }

  function elapsed() {
    return state.running ? (performance.now() - receivedAt) / 1000 : 0;
  }

  function setText(name, text) {
    var element = part(name);
    if (element && element.textContent !== text) { element.textContent = text; }
  }

  function render() {
    if (!root) { return; }
    var gone = elapsed();
    var time = part("time");
    if (state.finished) {
      setText("time", state.time_text);  // "Finished": nothing counts any more
    } else if (state.seconds_left === null) {
      setText("time", state.hands_left === null ? "–" : String(state.hands_left));
    } else {
      var left = state.seconds_left - gone;
      setText("time", format(left));
      if (state.running && left <= 0 && state.has_next) { sync(); }
    }
    if (time) { time.classList.toggle("paused", !state.running); }
    setText("level", state.level_text);
    setText("cpp", state.cpp_text);
    setText("hands", state.hands_text || "");
    setText("next", state.next_text || "");
    setText("message", state.message || "");
    setText("state", state.state_text || "");
    var handForHand = part("hand-for-hand");
    if (handForHand && "hand_for_hand" in state) { handForHand.hidden = !state.hand_for_hand; }
    if (state.seconds_to_break === null) {
      setText("break", state.break_text || "");
    } else {
      setText("break", (state.break_template || "").replace("{time}", format(state.seconds_to_break - gone)));
    }
  }

  function sync() {
    var url = root && root.getAttribute("data-url");
    var now = performance.now();
    if (fetching || !url || now - lastSync < Math.min(2000, RESYNC_MS / 2)) { return; }
    fetching = true;
    lastSync = now;
    fetch(url, { headers: { "Accept": "application/json" }, cache: "no-cache" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (data) {
        if (data) { state = data; receivedAt = performance.now(); render(); }
      })
      .catch(function () { /* keep counting on the last state; the next resync will catch up */ })
      .then(function () { fetching = false; });
  }

  if (!load()) { return; }
  RESYNC_MS = Number(root.getAttribute("data-resync")) || RESYNC_MS;
  render();
  // afterSwap, not afterSettle: the fresh state counts from the swap itself, not a timer later.
  document.addEventListener("htmx:afterSwap", function () { if (load()) { render(); } });
  setInterval(render, 250);
  setInterval(function () {
    if (document.visibilityState === "visible") { sync(); }
  }, RESYNC_MS);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { sync(); }
  });
  window.addEventListener("pageshow", function () { sync(); });
})();
