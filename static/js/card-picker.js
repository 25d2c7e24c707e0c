/* Board entry: tap cards into rows, or type them. No framework, no build step.
 *
 * Markup (templates/components/_board_entry.html and _card_picker.html), all inside one
 * element marked data-card-entry (the form):
 *   input[data-row-input][data-row-size=3|5]   a row's card text, e.g. "Qs Qh 2c"
 *   [data-row-select], [data-row-cards], [data-row-count]   siblings in the row's [data-row]
 *   [data-card-picker] button[data-card="Qs"|"JK"]          the deck
 * A tapped card is appended to the selected row (the last one focused or chosen; the next row
 * with room if that one is full), which moves
 * on to the next row with room when full. Tapping a placed card takes it back. Cards used in any
 * visible row are crossed out in the deck. Every change fires a bubbling "input" event, so an
 * htmx form with hx-trigger="input" previews it. Rows inside [hidden] are ignored.
 */
(function () {
  "use strict";

  var SUITS = { s: "s", h: "h", d: "d", c: "c", "♠": "s", "♥": "h", "♦": "d", "♣": "c",
                "♤": "s", "♡": "h", "♢": "d", "♧": "c" };
  var SYMBOLS = { s: "♠", h: "♥", d: "♦", c: "♣" };
  var SUIT_KEYS = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" }; // the four-colour deck's classes
  var RANKS = "23456789TJQKA";
  var selected = new WeakMap(); // scope -> selected row input

  /* "10h", "q♥", "Qh" -> "Qh"; "jk" -> "JK"; anything else -> null. Mirrors vpt.ofc.parse_card. */
  function parseCard(token) {
    var text = token.replace(/\uFE0F/g, "");
    if (text.toUpperCase() === "JK") { return "JK"; }
    var suit = SUITS[text.slice(-1).toLowerCase()];
    var rank = text.slice(0, -1).toUpperCase();
    if (rank === "10") { rank = "T"; }
    if (!suit || rank.length !== 1 || RANKS.indexOf(rank) < 0) { return null; }
    return rank + suit;
  }

  function tokens(value) {
    return value.replace(/,/g, " ").split(/\s+/).filter(Boolean);
  }

  function scopeOf(element) {
    return element.closest("[data-card-entry]") || document;
  }

  function visibleInputs(scope) {
    return Array.prototype.filter.call(scope.querySelectorAll("[data-row-input]"), function (input) {
      return !input.closest("[hidden]") && !input.disabled;
    });
  }

  function isFull(input) {
    return tokens(input.value).length >= Number(input.dataset.rowSize || 5);
  }

  function selectedInput(scope) {
    var inputs = visibleInputs(scope);
    var input = selected.get(scope);
    if (!input || inputs.indexOf(input) < 0) {
      input = inputs.filter(function (candidate) { return !isFull(candidate); })[0] || inputs[0] || null;
      if (input) { selected.set(scope, input); }
    }
    return input;
  }

  function select(input) {
    selected.set(scopeOf(input), input);
    refresh(scopeOf(input));
  }

  function changed(input) {
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  /* The first row after `input` (going round) that has room, or null. */
  function nextWithRoom(scope, input) {
    var inputs = visibleInputs(scope);
    var start = inputs.indexOf(input);
    for (var step = 1; step < inputs.length; step += 1) {
      var candidate = inputs[(start + step) % inputs.length];
      if (!isFull(candidate)) { return candidate; }
    }
    return null;
  }

  function placeCard(scope, card, stayInDeck) {
    var input = selectedInput(scope);
    if (!input) { return; }
    if (isFull(input)) {
      // A row typed full (or chosen full): the card goes to the next row with room.
      input = nextWithRoom(scope, input) || input;
      selected.set(scope, input);
    }
    input.value = (input.value.trim() + " " + card).trim();
    var next = isFull(input) ? nextWithRoom(scope, input) : null;
    if (next) { selected.set(scope, next); }
    changed(input);
    if (next) { bringForward(next, stayInDeck); }
  }

  /* The row just completed hands over to the next: focus its row button (not its text box: a
     phone would open its keyboard) and scroll it into view above the deck's dock, whose height
     vpt.css reads from --dock-height for the rows' scroll margin. */
  function bringForward(input, stayInDeck) {
    var row = input.closest("[data-row]");
    if (!row) { return; }
    var chooser = row.querySelector("[data-row-select]");
    var target = chooser && !chooser.hidden && !stayInDeck ? chooser : null;
    if (target) { target.focus({ preventScroll: true }); }
    row.scrollIntoView({ block: "nearest" });
  }

  function cardName(scope, canonical) {
    var picker = scope.querySelector("[data-card-picker]");
    var button = picker && canonical && picker.querySelector('[data-card="' + canonical + '"]');
    return (button && button.getAttribute("aria-label")) || null;
  }

  function removeCard(input, index) {
    var list = tokens(input.value);
    list.splice(index, 1);
    input.value = list.join(" ");
    selected.set(scopeOf(input), input);
    changed(input);
  }

  /* A placed card: the deck's own name for it ("queen of hearts", "reina de corazones", from
     the server's card_label), after the "take back" words. */
  function cardElement(token, canonical, index, removeLabel, duplicate, name) {
    var button = document.createElement("button");
    button.type = "button";
    button.dataset.remove = String(index);
    var text = token;
    if (canonical === "JK") {
      text = "JK";
      button.className = "card joker";
    } else if (canonical) {
      text = (canonical[0] === "T" ? "10" : canonical[0]) + SYMBOLS[canonical[1]];
      button.className = "card suit-" + SUIT_KEYS[canonical[1]] + (canonical[1] === "h" || canonical[1] === "d" ? " red" : "");
    } else {
      button.className = "card bad";
    }
    if (duplicate) { button.className += " duplicate"; }
    button.textContent = text;
    button.setAttribute("aria-label", removeLabel + " " + (name || token));
    return button;
  }

  function refresh(scope) {
    var inputs = visibleInputs(scope);
    var current = selectedInput(scope);
    var picker = scope.querySelector("[data-card-picker]");
    var removeLabel = (picker && picker.dataset.labelRemove) || "Remove";
    var used = Object.create(null);
    var jokers = 0;
    inputs.forEach(function (input) {
      tokens(input.value).forEach(function (token) {
        var card = parseCard(token);
        if (card === "JK") { jokers += 1; } else if (card) { used[card] = (used[card] || 0) + 1; }
      });
    });
    scope.querySelectorAll("[data-row-input]").forEach(function (input) {
      var row = input.closest("[data-row]");
      if (!row) { return; }
      var list = tokens(input.value);
      var holder = row.querySelector("[data-row-cards]");
      if (holder) {
        holder.replaceChildren.apply(holder, list.map(function (token, index) {
          var card = parseCard(token);
          return cardElement(token, card, index, removeLabel, card && card !== "JK" && used[card] > 1,
                             cardName(scope, card));
        }));
      }
      var count = row.querySelector("[data-row-count]");
      if (count) { count.textContent = list.length + "/" + (input.dataset.rowSize || 5); }
      var chooser = row.querySelector("[data-row-select]");
      var isSelected = input === current;
      row.classList.toggle("selected", isSelected);
      if (chooser) { chooser.setAttribute("aria-pressed", String(isSelected)); }
    });
    if (!picker) { return; }
    // Every row full: the deck folds away (vpt.css), leaving the summary above the Record button.
    var complete = inputs.length > 0 && inputs.every(isFull);
    picker.classList.toggle("is-complete", complete);
    var jokersSeen = 0;
    picker.querySelectorAll("[data-card]").forEach(function (button) {
      var card = button.dataset.card;
      var isUsed = card === "JK" ? (jokersSeen += 1) <= jokers : Boolean(used[card]);
      button.disabled = isUsed;
      button.classList.toggle("used", isUsed);
    });
    syncJokers(picker);
  }

  function syncJokers(picker) {
    var selector = picker.dataset.jokersSource;
    var box = picker.querySelector("[data-picker-jokers]");
    if (!selector || !box) { return; }
    var source = document.querySelector(selector);
    if (source) { box.hidden = source.value !== picker.dataset.jokersWhen; }
  }

  /* Mark the inputs the preview's problems name (data-error-field="p1-middle"). */
  /* Mark each field a problem names (a row, the chips per point, a stack): aria-invalid, and
     aria-describedby pointing at the problem's sentence, so a screen reader reads it there. */
  function markErrors() {
    var named = Object.create(null);
    document.querySelectorAll("[data-error-field]").forEach(function (item) {
      named[item.dataset.errorField] = item.id;
    });
    document.querySelectorAll("[data-card-entry] input[name], [data-card-entry] select[name]").forEach(function (input) {
      if (input.name in named) {
        input.setAttribute("aria-invalid", "true");
        if (named[input.name]) { input.setAttribute("aria-describedby", named[input.name]); }
      } else if (input.hasAttribute("aria-invalid")) {
        input.removeAttribute("aria-invalid");
        input.removeAttribute("aria-describedby");
      }
    });
  }

  function refreshAll() {
    document.querySelectorAll("[data-card-picker]").forEach(function (picker) {
      picker.hidden = false; // the picker needs this script: it stays hidden without it
      refresh(scopeOf(picker));
    });
    document.querySelectorAll("[data-row-select]").forEach(function (chooser) { chooser.hidden = false; });
    document.querySelectorAll("[data-board-entry]").forEach(function (entry) { entry.classList.add("js"); });
    markErrors();
  }

  document.addEventListener("click", function (event) {
    var target = event.target;
    var card = target.closest("[data-card-picker] [data-card]");
    if (card) {
      if (!card.disabled) {
        // A click with no pointer (detail 0) is Enter or Space on the focused card: the
        // keyboard stays in the deck instead of following the rows.
        var byKeyboard = event.detail === 0 && document.activeElement === card;
        placeCard(scopeOf(card), card.dataset.card, byKeyboard);
        if (byKeyboard) { keepFocusInDeck(card); }
      }
      return;
    }
    var placed = target.closest("[data-row-cards] [data-remove]");
    if (placed) {
      var input = placed.closest("[data-row]").querySelector("[data-row-input]");
      removeCard(input, Number(placed.dataset.remove));
      return;
    }
    var chooser = target.closest("[data-row-select]");
    if (chooser) {
      select(chooser.closest("[data-row]").querySelector("[data-row-input]"));
      // Chosen with Enter or Space: on into the deck, where that row's cards are picked (Tab
      // would cross the typed rows on the way, and focusing one chooses it instead).
      if (event.detail === 0) { focusDeck(scopeOf(chooser)); }
    }
  });

  /* The deck by keyboard alone: Tab reaches each card, Enter or Space places it (a button's
     own keys), and the arrow keys move through the deck, left/right along a suit and up/down to
     the same rank of the suit above or below, skipping spent cards; Home/End go to a suit's
     first and last card. */
  function usable(button) { return !button.disabled && !button.closest("[hidden]"); }

  function moveInDeck(button, key) {
    var picker = button.closest("[data-card-picker]");
    var suits = Array.prototype.filter.call(picker.querySelectorAll(".picker-suit"), function (suit) {
      return !suit.hidden;
    });
    var suit = button.closest(".picker-suit");
    var row = suits.indexOf(suit);
    var cards = Array.prototype.slice.call(suit.querySelectorAll("[data-card]"));
    var column = cards.indexOf(button);
    var candidates = [];
    var step;
    if (key === "ArrowRight" || key === "ArrowLeft") {
      step = key === "ArrowRight" ? 1 : -1;
      for (var i = column + step; i >= 0 && i < cards.length; i += step) { candidates.push(cards[i]); }
    } else if (key === "Home" || key === "End") {
      candidates = key === "Home" ? cards : cards.slice().reverse();
    } else {
      step = key === "ArrowDown" ? 1 : -1;
      for (var r = row + step; r >= 0 && r < suits.length; r += step) {
        var other = Array.prototype.slice.call(suits[r].querySelectorAll("[data-card]"));
        var here = Math.min(column, other.length - 1);
        // The same column first, then its neighbours outwards (a spent card is skipped).
        for (var d = 0; d < other.length; d += 1) {
          if (other[here + d]) { candidates.push(other[here + d]); }
          if (d && other[here - d]) { candidates.push(other[here - d]); }
        }
      }
    }
    var target = candidates.filter(usable)[0];
    if (target) { target.focus(); }
    return Boolean(target);
  }

  var lastCard = new WeakMap(); // picker -> the card the keyboard was last on

  function focusDeck(scope) {
    var picker = scope.querySelector("[data-card-picker]");
    if (!picker || picker.hidden) { return; }
    var last = lastCard.get(picker);
    var target = last && usable(last) ? last : null;
    if (!target) {
      target = Array.prototype.filter.call(picker.querySelectorAll("[data-card]"), usable)[0] || null;
    }
    if (target) { target.focus(); }
  }

  document.addEventListener("focusin", function (event) {
    var card = event.target.closest && event.target.closest("[data-card-picker] [data-card]");
    if (card) { lastCard.set(card.closest("[data-card-picker]"), card); }
  });

  document.addEventListener("keydown", function (event) {
    var keys = ["ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown", "Home", "End"];
    if (keys.indexOf(event.key) < 0 || event.altKey || event.ctrlKey || event.metaKey) { return; }
    var button = event.target.closest && event.target.closest("[data-card-picker] [data-card]");
    if (!button) { return; }
    moveInDeck(button, event.key);
    event.preventDefault(); // the arrows move in the deck, not the page
  });

  function focusAfterNextPreview(submit) {
    var form = submit.form;
    var sent = false;
    function fromForm(event) { return event.detail.requestConfig && event.detail.requestConfig.elt === form; }
    function onRequest(event) { if (fromForm(event)) { sent = true; } }
    function onSettle(event) {
      if (!sent || !fromForm(event) || form.classList.contains("htmx-request")) { return; }
      document.removeEventListener("htmx:beforeRequest", onRequest);
      document.removeEventListener("htmx:afterSettle", onSettle);
      submit.focus();
    }
    document.addEventListener("htmx:beforeRequest", onRequest);
    document.addEventListener("htmx:afterSettle", onSettle);
  }

  /* A card placed by keyboard leaves the focus on a spent (disabled) button, which a browser
     drops to the page's start: keep it in the deck, on the next card still free. */
  function keepFocusInDeck(button) {
    var picker = button.closest("[data-card-picker]");
    if (picker.classList.contains("is-complete")) {
      // Every row full (the deck may fold away): on to the form's first button, Record.
      // Once this key event is over (its keyup goes to the card, not to Record), and once the
      // live preview of that last card has come back, so that the Enter which records answers
      // what the page shows (its foul question). Not on the settling of an earlier request (a
      // slow server's preview of the card before, the floor call's poll): only a preview of
      // this form sent from now on, once none of the form's is still on its way. (A preview
      // sent with Record focused carries it; the page records nothing from a preview.)
      var submit = scopeOf(button).querySelector("button[type=submit]");
      if (submit) { focusAfterNextPreview(submit); }
      return;
    }
    if (!button.disabled) { return; }
    if (!moveInDeck(button, "ArrowRight") && !moveInDeck(button, "ArrowLeft")) {
      if (!moveInDeck(button, "ArrowDown")) { moveInDeck(button, "ArrowUp"); }
    }
  }

  document.addEventListener("focusin", function (event) {
    if (event.target.matches("[data-row-input]")) { select(event.target); }
  });

  document.addEventListener("input", function (event) {
    if (event.target.matches("[data-row-input]")) { refresh(scopeOf(event.target)); }
  });

  document.addEventListener("change", function (event) {
    refresh(scopeOf(event.target));
  });

  document.addEventListener("htmx:afterSettle", refreshAll);

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", refreshAll);
  } else {
    refreshAll();
  }

  window.VPTCardPicker = { refresh: refreshAll, parseCard: parseCard };
}());
