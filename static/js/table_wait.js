/* A dealer's page at a table that deals no hand now (hand-for-hand, keep tables in step, a
 * break): asks the Table API every INTERVAL_MS and reloads the page once the table can deal, or
 * when the tables it waits for change, so the next hand appears one poll after the last table
 * records. A hidden page (a phone in a pocket) asks nothing until it is shown again. */
(function () {
  "use strict";
  var INTERVAL_MS = 5000;
  var marker = document.querySelector("[data-table-wait]");
  if (!marker) {
    return;
  }
  var url = marker.getAttribute("data-url");
  var shown = marker.getAttribute("data-waiting") || "";
  var busy = false;

  function check() {
    if (busy || document.visibilityState === "hidden") {
      return;
    }
    busy = true;
    fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin", cache: "no-store" })
      .then(function (response) {
        return response.ok ? response.json() : null;
      })
      .then(function (data) {
        busy = false;
        if (!data) {
          return;
        }
        var waiting = (data.waiting_for || []).join(",");
        if (data.can_deal || waiting !== shown) {
          window.location.reload();
        }
      })
      .catch(function () {
        busy = false;
      });
  }

  window.setInterval(check, INTERVAL_MS);
})();
