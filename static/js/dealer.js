/* The dealer's table page: sit-out switch, one submit per tap, keyboard focus.
 *
 * Board entry itself (tapping, typing, greying used cards) is static/js/card-picker.js; the
 * preview is htmx. Without this script the page still works: every part is shown and the
 * "sat out" box tells the server which part to use.
 */
(function () {
  "use strict";

  function syncSeat(fieldset) {
    var box = fieldset.querySelector("[data-sat-out]");
    if (!box) { return; }
    var rows = fieldset.querySelector("[data-rows-part]");
    var dealt = fieldset.querySelector("[data-dealt-part]");
    if (rows) { rows.hidden = box.checked; }
    if (dealt) { dealt.hidden = !box.checked; }
  }

  function syncAll() {
    document.querySelectorAll("[data-dealer-form] [data-seat]").forEach(syncSeat);
    if (window.VPTCardPicker) { window.VPTCardPicker.refresh(); }
  }

  document.addEventListener("change", function (event) {
    if (event.target.matches("[data-sat-out]")) {
      syncSeat(event.target.closest("[data-seat]"));
      if (window.VPTCardPicker) { window.VPTCardPicker.refresh(); }
    }
  });

  /* A double tap must not send the hand twice (the server refuses a second one anyway). */
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches("[data-dealer-form]")) { return; }
    var submitter = event.submitter;
    if (submitter && submitter.value !== "record") { return; }
    if (form.dataset.sending === "1") { event.preventDefault(); return; }
    form.dataset.sending = "1";
    var button = form.querySelector("[data-record]");
    if (button) { window.setTimeout(function () { button.disabled = true; }, 0); }
  });

  function start() {
    syncAll();
    var form = document.querySelector("[data-dealer-form]");
    if (form && !document.querySelector("[data-conflict]")) {
      var first = form.querySelector("[data-row-input]:not([disabled])");
      if (first && !first.closest("[hidden]") && window.matchMedia("(pointer: fine)").matches) { first.focus(); }
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
}());
