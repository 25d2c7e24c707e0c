/* The four-colour deck (spades black, hearts red, diamonds blue, clubs green) or the usual two
 * colours: each device's choice, kept in its browser (localStorage "vpt.deck": "four" or
 * "two"). A page with no choice stored takes its own default, <html data-deck-default="four">
 * (the big screen, the broadcast pages), else two colours. Every suit keeps its symbol, so no
 * meaning rests on colour alone (vpt.css colours .card.suit-<suit> under html[data-deck=four]).
 *
 * Loaded in <head> without defer, so the deck is set before the first paint (no flicker);
 * a button[data-deck-toggle] (base.html's header, beside the languages) switches it, saying its state in aria-pressed.
 */
(function () {
  "use strict";

  var KEY = "vpt.deck";
  var root = document.documentElement;

  function stored() {
    try { return window.localStorage.getItem(KEY); } catch (error) { return null; } // storage refused
  }

  function apply(deck) {
    root.setAttribute("data-deck", deck === "four" ? "four" : "two");
    document.querySelectorAll("[data-deck-toggle]").forEach(function (button) {
      button.hidden = false; // needs this script: hidden without it
      button.setAttribute("aria-pressed", String(root.getAttribute("data-deck") === "four"));
    });
  }

  function choose(deck) {
    try { window.localStorage.setItem(KEY, deck); } catch (error) { /* kept for this page only */ }
    apply(deck);
  }

  apply(stored() || root.getAttribute("data-deck-default") || "two");

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-deck-toggle]");
    if (button) { choose(root.getAttribute("data-deck") === "four" ? "two" : "four"); }
  });

  document.addEventListener("DOMContentLoaded", function () { apply(root.getAttribute("data-deck")); });

  window.VPTDeck = { choose: choose };
}());
