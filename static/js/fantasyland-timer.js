/* The Fantasyland allowance on the dealer's page: counts on, each second, from the seconds the
 * server said the Fantasyland player had had when the page was rendered (the device's own clock
 * is never compared with the server's), and says so once past the allowance. */
(function () {
  "use strict";
  var box = document.querySelector("[data-fantasyland-timer]");
  if (!box) {
    return;
  }
  var start = Date.now() - Number(box.getAttribute("data-elapsed")) * 1000;
  var allowance = Number(box.getAttribute("data-allowance"));
  var shown = box.querySelector("[data-fantasyland-elapsed]");
  var over = box.querySelector("[data-fantasyland-over]");

  function render() {
    var seconds = Math.max(0, Math.floor((Date.now() - start) / 1000));
    shown.textContent = seconds + " s";
    if (seconds > allowance && !box.classList.contains("danger")) {
      box.classList.add("danger");
      over.textContent = box.getAttribute("data-text-over");
    }
  }

  window.setInterval(render, 1000);
})();
