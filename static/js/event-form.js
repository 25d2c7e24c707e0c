/* New event form: the slug follows the name as the director types, until they edit the slug
 * themselves; seats per table offers only what the chosen rule set allows.
 * Without JavaScript the server does both: an empty slug is made from the name, and seats
 * outside the rule set's range are refused with the rule set's name. */
(function () {
  "use strict";

  function slugify(text) {
    return text
      .normalize("NFKD").replace(/[\u0300-\u036f]/g, "")  // accents off, as Django's slugify
      .toLowerCase()
      .replace(/[^a-z0-9\s_-]/g, "")
      .trim()
      .replace(/[\s_-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 100);
  }

  function ranges(select) {
    var found = {};
    (select.dataset.variantSeats || "").split(" ").forEach(function (item) {
      var parts = item.split(":");
      if (parts.length !== 2) { return; }
      var bounds = parts[1].split("-");
      found[parts[0]] = [Number(bounds[0]), Number(bounds[1])];
    });
    return found;
  }

  function limitSeats(form) {
    var variant = form.querySelector("[data-variant]");
    var seats = form.querySelector("[data-variant-seats]");
    if (!variant || !seats) { return; }
    var range = ranges(seats)[variant.value];
    if (!range) { return; }
    Array.prototype.forEach.call(seats.options, function (option) {
      var n = Number(option.value);
      option.disabled = n < range[0] || n > range[1];
      option.hidden = option.disabled;
    });
    var chosen = Number(seats.value);
    if (chosen < range[0] || chosen > range[1]) { seats.value = String(range[1]); }
  }

  function setUp(form) {
    var name = form.querySelector("[data-slug-from]");
    var slug = form.querySelector("[data-slug]");
    if (name && slug) {
      // A slug typed by the director (or kept from a refused submit) stays as it is.
      var typed = slug.value !== "" && slug.value !== slugify(name.value);
      slug.addEventListener("input", function () { typed = slug.value !== ""; });
      name.addEventListener("input", function () {
        if (!typed) { slug.value = slugify(name.value); }
      });
    }
    var variant = form.querySelector("[data-variant]");
    if (variant) {
      variant.addEventListener("change", function () { limitSeats(form); });
      limitSeats(form);
    }
  }

  document.querySelectorAll("form[data-event-form]").forEach(setUp);
}());
