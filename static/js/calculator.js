/* Score calculator: show as many player boards as the "Players" select says.
 * Without JavaScript the server renders that many after "Score"; the hidden boards are ignored. */
(function () {
  "use strict";

  function showPlayers(select) {
    var count = Number(select.value);
    document.querySelectorAll("[data-player-slot]").forEach(function (slot) {
      slot.hidden = Number(slot.dataset.playerSlot) > count;
    });
  }

  document.addEventListener("change", function (event) {
    if (event.target.matches("[data-player-count]")) {
      showPlayers(event.target);
      if (window.VPTCardPicker) { window.VPTCardPicker.refresh(); }
    }
  }, true); // capture: hide the boards before the picker and htmx react to the change
}());
