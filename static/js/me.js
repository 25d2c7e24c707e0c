// A player's own page: a move banner vibrates the phone once per move, where the browser
// allows it (Chrome on Android after a first tap on the page; iPhones never). The Content
// Security Policy allows no inline script, hence this file.
(function () {
  function buzz() {
    var banner = document.querySelector("[data-move-banner]");
    if (!banner || typeof navigator.vibrate !== "function") {
      return;
    }
    var key = "vpt-move-buzzed-" + banner.getAttribute("data-move");
    try {
      if (window.sessionStorage.getItem(key)) {
        return;
      }
      window.sessionStorage.setItem(key, "1");
    } catch (error) {
      // Private browsing may refuse storage: buzzing again is harmless.
    }
    navigator.vibrate([300, 100, 300]);
  }
  document.addEventListener("DOMContentLoaded", buzz);
  // afterSwap, not afterSettle: the new banner is in the page at once, with no timer to wait for.
  document.addEventListener("htmx:afterSwap", buzz);
})();

// The page replaces itself every poll: while the player is writing what is wrong with a hand
// (a "Something's wrong" or "Call the floor" box open), the polls wait, so nothing typed is lost.
document.addEventListener("htmx:beforeRequest", function (event) {
  var live = document.getElementById("me-live");
  if (!live || event.detail.elt !== live) {
    return;
  }
  if (live.querySelector("details[data-flag-form][open], details[data-call-form][open]")) {
    event.preventDefault();
  }
});
