/* A request that a newer one supersedes is aborted on purpose: hx-sync="this:replace" on the
 * dealer page, the calculator, the correction form and the search boxes drops the older request
 * as the user types. htmx still reports every abort with console.error ("htmx:afterRequest",
 * "htmx:sendAbort"), so each fast edit looked like a failure in the console.
 *
 * Here, while htmx handles an abort (its xhr.onabort, wrapped when the request is sent), its
 * error lines go to console.debug instead. Every other error is logged as before, including a
 * request that fails or times out. Loaded on every page by base.html. */
(function () {
  "use strict";
  var logError = console.error;
  var aborting = 0;

  console.error = function () {
    if (aborting > 0) {
      console.debug.apply(console, ["(superseded request, aborted on purpose)"].concat([].slice.call(arguments)));
      return;
    }
    return logError.apply(console, arguments);
  };

  document.addEventListener("htmx:beforeSend", function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (!xhr || typeof xhr.onabort !== "function") { return; }
    var onabort = xhr.onabort;
    xhr.onabort = function () {
      aborting += 1;
      try {
        return onabort.apply(this, arguments);
      } finally {
        aborting -= 1;
      }
    };
  });
}());
