/* The big screen with ?rotate=1: the side panel shows the payouts and the chip leaders in turn,
 * ROTATE_MS each. Only shows and hides what the server sent; the panel's poll (htmx) replaces
 * it, and the part on show is kept across the swap: on htmx:afterSwap, in the same task as the
 * swap, so the room never sees the payouts flash back (afterSettle comes a timer later). */
(function () {
  "use strict";

  var ROTATE_MS = 15000;
  var showing = 0;

  function show() {
    var parts = document.querySelectorAll("[data-screen-part]");
    for (var i = 0; i < parts.length; i++) { parts[i].hidden = i !== showing % parts.length; }
  }

  if (!document.body.hasAttribute("data-rotate")) { return; }
  show();
  document.addEventListener("htmx:afterSwap", show);
  setInterval(function () { showing += 1; show(); }, ROTATE_MS);
})();
