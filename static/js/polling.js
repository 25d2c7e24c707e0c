// Live pages poll (hx-trigger="every 5s"); a hidden page, such as a phone in a pocket, asks
// nothing until it is shown again. htmx's own way, the trigger filter
// [document.visibilityState === 'visible'], needs eval, which the Content Security Policy
// refuses, so base.html turns htmx's eval off, the pages poll with a plain "every 5s" and this
// does the filter's job.
document.addEventListener("htmx:beforeRequest", function (event) {
  if (document.visibilityState === "hidden") {
    event.preventDefault();
  }
});
