/* The broadcast pages (templates/public/broadcast/): an OBS browser source redrawn in place.
 *
 * [data-broadcast="table"|"chips"][data-url] holds the page's parts ([data-part=...]); the page
 * carries its first state in <script type="application/json" id="broadcast-data">, the
 * translated texts in #broadcast-words ({placeholders} filled here) and, for a table, every
 * card's screen-reader name in #broadcast-cards (the server's card_label). Every POLL_MS the
 * script fetches data-url revalidating ("no-cache": the browser sends the ETag it holds and the
 * server answers 304 while nothing changed, which the browser hands back here as the stored
 * 200); the parts are redrawn only when the answer's text changed, all at once, so nothing
 * flickers and the page never reloads.
 */
(function () {
  "use strict";

  var POLL_MS = 2000;
  var SYMBOLS = { s: "♠", h: "♥", d: "♦", c: "♣" };
  var SUIT_KEYS = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };
  var root = document.querySelector("[data-broadcast]");
  if (!root) { return; }
  var words = readJSON("broadcast-words") || {};
  var cardNames = readJSON("broadcast-cards") || {};
  var lastText = null;
  var fetching = false;

  function readJSON(id) {
    var element = document.getElementById(id);
    return element ? JSON.parse(element.textContent) : null;
  }

  function fill(template, values) {
    return String(template || "").replace(/\{(\w+)\}/g, function (match, name) {
      return name in values ? String(values[name]) : match;
    });
  }

  function group(digits) {
    return digits.replace(/\B(?=(\d{3})+(?!\d))/g, words.thousands || ",");
  }

  function number(value) {
    var text = String(Math.abs(value));
    return (value < 0 ? "−" : "") + group(text);
  }

  function money(text) {
    var parts = String(text).split(".");
    return group(parts[0]) + (parts.length > 1 ? (words.decimal || ".") + parts[1] : "");
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined && text !== null) { node.textContent = text; }
    return node;
  }

  function part(name) { return root.querySelector('[data-part="' + name + '"]'); }

  /* "Qh", "10h", "q♥" -> "Qh"; "JK" -> "JK"; else null (as card-picker.js reads typed cards). */
  function canonical(token) {
    var text = token.replace(/\uFE0F/g, "");
    if (text.toUpperCase() === "JK") { return "JK"; }
    var suit = { s: "s", h: "h", d: "d", c: "c", "♠": "s", "♥": "h", "♦": "d", "♣": "c" }[text.slice(-1).toLowerCase()];
    var rank = text.slice(0, -1).toUpperCase();
    if (rank === "10") { rank = "T"; }
    return suit && rank.length === 1 ? rank + suit : null;
  }

  /* A card as every page shows it: rank and suit symbol, the suit's class for the deck's
     colours, and its name for a screen reader. */
  function card(token) {
    var text = canonical(token);
    var node = element("span", "card");
    node.setAttribute("role", "img");
    if (text === "JK") {
      node.className += " joker";
      node.textContent = "JK";
    } else if (text) {
      node.className += " suit-" + SUIT_KEYS[text[1]] + (text[1] === "h" || text[1] === "d" ? " red" : "");
      node.textContent = (text[0] === "T" ? "10" : text[0]) + SYMBOLS[text[1]];
    } else {
      node.textContent = token;
    }
    node.setAttribute("aria-label", cardNames[text] || token);
    return node;
  }

  function cards(text) {
    var row = element("div", "cards");
    String(text || "").split(/\s+/).filter(Boolean).forEach(function (token) { row.appendChild(card(token)); });
    return row;
  }

  /* Each board's player. The exchanges name them in payment order, pair by pair (P1–P2,
     P1–P3, ... P2–P3: the score_hand contract), which names boards whose player has left the
     table since; a seat's current player is the fallback. */
  function boardNames(data) {
    var hand = data.last_hand;
    var names = [];
    var bySeat = {};
    data.players.forEach(function (player) { bySeat[player.seat] = player.name; });
    var count = hand.boards.length;
    var index = 0;
    if (hand.exchanges.length === count * (count - 1) / 2) {
      for (var a = 0; a < count; a += 1) {
        for (var b = a + 1; b < count; b += 1) {
          var exchange = hand.exchanges[index];
          index += 1;
          names[a] = names[a] || exchange.a;
          names[b] = names[b] || exchange.b;
        }
      }
    }
    return hand.boards.map(function (board, position) {
      return names[position] || bySeat[board.seat] || fill(words.seat, { number: board.seat });
    });
  }

  function playerPanel(name, player, board, data) {
    var panel = element("section", "broadcast-board");
    var head = element("header", "broadcast-board-head");
    head.appendChild(element("span", "broadcast-name", name));
    var seat = player ? player.seat : board.seat;
    var facts = element("span", "broadcast-facts", fill(words.seat, { number: seat }));
    head.appendChild(facts);
    if (data.button === seat) { head.appendChild(element("span", "broadcast-button", words.button)); }
    panel.appendChild(head);
    if (player) { panel.appendChild(element("p", "broadcast-stack", fill(words.chips, { chips: number(player.stack) }))); }
    if (board) {
      ["top", "middle", "bottom"].forEach(function (row) {
        var line = element("div", "broadcast-row");
        line.appendChild(cards(board[row]));
        if (!board.fouled && board.royalties[row]) { line.appendChild(element("span", "broadcast-royalty", "+" + board.royalties[row])); }
        panel.appendChild(line);
      });
      var badges = element("p", "broadcast-badges");
      if (board.fouled) { badges.appendChild(element("span", "badge danger", words.fouled)); }
      if (!board.fouled) { badges.appendChild(element("span", "badge", fill(words.royalties, { total: board.royalties.total }))); }
      if (board.fantasyland_cards_next) {
        badges.appendChild(element("span", "badge fantasy", fill(words.fantasyland_next, { cards: board.fantasyland_cards_next })));
      }
      panel.appendChild(badges);
    } else if (player && player.fantasyland_cards) {
      panel.appendChild(element("p", "broadcast-badges")).appendChild(
        element("span", "badge fantasy", fill(words.fantasyland_now, { cards: player.fantasyland_cards })));
    }
    if (player) { panel.dataset.seat = String(player.seat); }
    return panel;
  }

  function drawTable(data) {
    var hand = data.last_hand;
    part("hand").textContent = hand ? fill(words.hand, { number: hand.number }) : words.no_hand;
    var level = data.level ? fill(words.level, { number: data.level }) + " · " : "";
    part("level").textContent = level + fill(words.cpp, { chips: number(data.chips_per_point) });
    part("hand-for-hand").hidden = !data.hand_for_hand;
    var bySeat = {};
    data.players.forEach(function (player) { bySeat[player.seat] = player; });
    var panels = [];
    var shown = {};
    if (hand) {
      var names = boardNames(data);
      hand.boards.forEach(function (board, position) {
        var player = bySeat[board.seat] && bySeat[board.seat].name === names[position] ? bySeat[board.seat] : null;
        if (player) { shown[player.seat] = true; }
        panels.push(playerPanel(names[position], player, board, data));
      });
    }
    data.players.forEach(function (player) {
      if (!shown[player.seat]) { panels.push(playerPanel(player.name, player, null, data)); }
    });
    part("boards").replaceChildren.apply(part("boards"), panels);
    var paid = (hand ? hand.exchanges : []).filter(function (exchange) {
      return !exchange.skipped && exchange.chips_paid !== 0;
    }).map(function (exchange) {
      var payer = exchange.chips_paid > 0 ? exchange.b : exchange.a;
      var payee = exchange.chips_paid > 0 ? exchange.a : exchange.b;
      return element("li", "", fill(words.pays, { payer: payer, payee: payee, chips: number(Math.abs(exchange.chips_paid)) }));
    });
    part("exchanges").replaceChildren.apply(part("exchanges"), paid);
  }

  function drawChips(data) {
    var leaders = data.leaders.map(function (leader, index) {
      var item = element("li");
      item.appendChild(element("span", "lower-third-place", String(index + 1)));
      item.appendChild(element("span", "lower-third-name", leader.name));
      item.appendChild(element("span", "lower-third-stack", number(leader.stack)));
      return item;
    });
    part("leaders").replaceChildren.apply(part("leaders"), leaders);
    part("players-left").textContent = number(data.players_left);
    part("average").textContent = number(data.average_stack);
    part("pool").textContent = money(data.pool);
    part("jump-box").hidden = !data.next_pay_jump;
    part("jump").textContent = data.next_pay_jump
      ? fill(words.next_pay_jump, { place: data.next_pay_jump.place, prize: money(data.next_pay_jump.prize) })
      : "";
  }

  function draw(text) {
    var data = JSON.parse(text);
    var normal = JSON.stringify(data); // the page's JSON and the feed's are spaced differently
    if (normal === lastText) { return; } // nothing changed: leave the page as it is
    lastText = normal;
    if (root.dataset.broadcast === "table") { drawTable(data); } else { drawChips(data); }
    root.dataset.drawn = String(Number(root.dataset.drawn || 0) + 1);
  }

  function poll() {
    if (fetching) { return; }
    fetching = true;
    fetch(root.dataset.url, { headers: { "Accept": "application/json" }, cache: "no-cache" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (text) { if (text) { draw(text); } })
      .catch(function () { /* keep showing the last state; the next poll catches up */ })
      .then(function () { fetching = false; });
  }

  var first = document.getElementById("broadcast-data");
  if (first) { draw(first.textContent); }
  window.setInterval(poll, POLL_MS);
}());
