/* The dealer's table page: sit-out switch, typing switch, a draft kept on the device, and a
 * Record that survives bad Wi-Fi.
 *
 * Board entry itself (tapping, typing, greying used cards) is static/js/card-picker.js; the
 * preview is htmx. Without this script the page still works: every part is shown, the "sat out"
 * box tells the server which part to use and Record is a plain form POST.
 *
 * Draft: what is entered is written to localStorage as it is typed, under
 * "vpt:draft:<table id>:<hand number>", and put back on a reload. It goes once the server has
 * the hand: the result page (and any later hand's page) of the same table clears it.
 * Record: the hand goes with a key made on this device (hidden "key" field, kept in the draft),
 * through the Table API (POST data-api-url, JSON, the session with its CSRF token; README,
 * "Table API"): every field of each seat as the page names it (handBody), which the server maps
 * to a board as it maps the plain form's (vpt/rounds/hand_input.py). If the network fails, the
 * page says so, keeps the hand, and sends it again with the same key (the server answers a
 * repeated key with the first result) until it gets through. 201/200: the result page
 * (data-result-url, its hand number put in); 400: the API's message, naming the seat, row and
 * card, shown above the form; anything else the server explains (already recorded, signed out,
 * ...) is left to the plain form POST, whose page says it.
 * A complete board that fouls asks once more on the Record button before it goes (foulConfirmed).
 * A board photo goes on its own once the hand is recorded (data-photo-url, multipart, with
 * retries), made smaller here first when it is large; a photo the server refuses is said on the
 * result page.
 */
(function () {
  "use strict";

  var PREFIX = "vpt:draft:";
  var DELAYS = [2, 4, 8, 15, 30]; // seconds between tries; the last one repeats
  var TIMEOUT = 30000;

  function store() {
    try {
      var storage = window.localStorage;
      storage.setItem("vpt:probe", "1");
      storage.removeItem("vpt:probe");
      return storage;
    } catch (error) {
      return null; // private mode or storage off: the page works, without a draft
    }
  }

  function draftName(tableId, hand) { return PREFIX + tableId + ":" + hand; }

  /* Drafts of this table up to `hand` are done with: the server holds those hands. */
  function clearDrafts(tableId, hand) {
    var storage = store();
    if (!storage || !tableId) { return; }
    var start = PREFIX + tableId + ":";
    for (var index = storage.length - 1; index >= 0; index -= 1) {
      var name = storage.key(index);
      if (name && name.indexOf(start) === 0 && Number(name.slice(start.length)) <= Number(hand)) {
        storage.removeItem(name);
      }
    }
  }

  function readDraft(form) {
    var storage = store();
    if (!storage) { return null; }
    try {
      return JSON.parse(storage.getItem(draftName(form.dataset.tableId, form.dataset.hand)) || "null");
    } catch (error) {
      return null;
    }
  }

  function fieldsOf(form) {
    return form.querySelectorAll("[data-row-input], [data-sat-out], [data-confirm-foul]");
  }

  function saveDraft(form, pending) {
    var storage = store();
    if (!storage) { return; }
    var draft = readDraft(form) || {};
    var values = {};
    fieldsOf(form).forEach(function (field) {
      values[field.name] = field.type === "checkbox" ? field.checked : field.value;
    });
    draft.values = values;
    draft.key = keyField(form).value || draft.key || "";
    if (pending !== undefined) { draft.pending = pending; }
    draft.saved = new Date().toISOString();
    try {
      storage.setItem(draftName(form.dataset.tableId, form.dataset.hand), JSON.stringify(draft));
    } catch (error) {
      // Storage full: nothing to do but keep going.
    }
  }

  function keyField(form) { return form.querySelector("[data-hand-key]"); }

  /* crypto.randomUUID needs a secure context; a venue server on plain http has only getRandomValues. */
  function newKey() {
    if (window.crypto && typeof window.crypto.randomUUID === "function") { return window.crypto.randomUUID(); }
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    var hex = Array.prototype.map.call(bytes, function (byte) { return (byte + 0x100).toString(16).slice(1); }).join("");
    return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join("-");
  }

  function ensureKey(form) {
    var field = keyField(form);
    if (!field.value) { field.value = newKey(); }
    return field.value;
  }


  function restore(form) {
    var draft = readDraft(form);
    if (!draft || !draft.values) { return null; }
    var empty = Array.prototype.every.call(form.querySelectorAll("[data-row-input]"), function (input) {
      return !input.value.trim();
    });
    if (!empty) { return draft; } // the server sent back what was posted: that wins
    fieldsOf(form).forEach(function (field) {
      if (!(field.name in draft.values)) { return; }
      if (field.type === "checkbox") { field.checked = Boolean(draft.values[field.name]); }
      else { field.value = draft.values[field.name] || ""; }
    });
    if (draft.key) { keyField(form).value = draft.key; }
    form.querySelectorAll("[data-sat-out], [data-confirm-foul]").forEach(function (box) {
      if (box.checked) { box.closest("details").open = true; }
    });
    showStatus(form, form.dataset.textRestored, true);
    // The preview catches up (htmx listens for "change" on the form).
    form.dispatchEvent(new Event("change", { bubbles: true }));
    return draft;
  }

  function showStatus(form, text, calm) {
    var status = form.querySelector("[data-send-status]");
    if (!status) { return; }
    status.textContent = text || "";
    status.hidden = !text;
    status.classList.toggle("is-sending", Boolean(calm));
    syncDock();
  }

  function recordButton(form) { return form.querySelector("[data-record]"); }

  /* Not recorded for a reason the server explains (a problem in a board, already recorded,
     signed out): let the browser post the form itself and show the server's page. */
  function postNatively(form) {
    form.dataset.native = "1";
    var button = recordButton(form);
    if (button) { button.disabled = false; }
    if (typeof form.requestSubmit === "function" && button) { form.requestSubmit(button); }
    else { form.submit(); }
  }


  /* A camera photo of several MB is made smaller here (at most PHOTO_SIDE pixels a side, as the
     server keeps it): quicker on bad Wi-Fi, and under a proxy's body limit. Anything that fails
     sends the file as it is; the server checks it either way. */
  var PHOTO_SIDE = 2560;
  var PHOTO_SHRINK_OVER = 1500000;

  function smallerPhoto(file) {
    if (!file || !file.size || file.size <= PHOTO_SHRINK_OVER || !window.createImageBitmap || !/^image\//.test(file.type)) {
      return Promise.resolve(null);
    }
    return window.createImageBitmap(file, { imageOrientation: "from-image" }).then(function (bitmap) {
      var scale = Math.min(1, PHOTO_SIDE / Math.max(bitmap.width, bitmap.height));
      var canvas = document.createElement("canvas");
      canvas.width = Math.round(bitmap.width * scale);
      canvas.height = Math.round(bitmap.height * scale);
      canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      return new Promise(function (resolve) { canvas.toBlob(resolve, "image/jpeg", 0.85); });
    }).catch(function () { return null; });
  }

  /* The photo's own upload: the file, or the smaller copy made here once. */
  function photoData(form) {
    var data = new FormData();
    var file = form.querySelector("[data-photo]").files[0];
    var made = form._photo && form._photo.file === file
      ? Promise.resolve(form._photo)
      : smallerPhoto(file).then(function (blob) {
        form._photo = { file: file, blob: blob && blob.size < file.size ? blob : null };
        return form._photo;
      });
    return made.then(function (photo) {
      if (photo.blob) { data.set("photo", photo.blob, "board.jpg"); } else { data.set("photo", file); }
      return data;
    });
  }

  function hasPhoto(form) {
    var input = form.querySelector("[data-photo]");
    return Boolean(input && input.files && input.files.length);
  }

  function send(form, attempt) {
    window.clearTimeout(form._retryTimer);
    form._retryTimer = null;
    form._sending = true;
    clearProblem(form);
    if (form._recorded) { postPhoto(form, form._recorded, attempt); return; }
    postHand(form, attempt);
  }

  /* The fields of one seat, by their "s<seat>-" names. */
  function seatField(form, seat, name) { return form.querySelector('[name="s' + seat + "-" + name + '"]'); }

  /* The API's body: each seat's fields as they are, named as on the page without the seat's
     "s<seat>-" prefix (a box ticked or not); the server decides what they mean. */
  function handBody(form) {
    var boards = [];
    form.querySelectorAll("[data-seat]").forEach(function (fieldset) {
      var seat = Number(fieldset.dataset.seat);
      var prefix = "s" + seat + "-";
      var board = { seat: seat };
      fieldset.querySelectorAll('[name^="' + prefix + '"]').forEach(function (field) {
        board[field.name.slice(prefix.length)] = field.type === "checkbox" ? field.checked : field.value;
      });
      boards.push(board);
    });
    var number = form.querySelector("[name=hand_number]");
    var body = {
      hand_number: Number(number ? number.value : form.dataset.hand),
      key: keyField(form).value,
      boards: boards
    };
    // An event where every player confirms the boards: the seats whose box is ticked.
    var confirmations = form.querySelectorAll("input[name=confirmed]");
    if (confirmations.length) {
      body.confirmed_seats = [];
      confirmations.forEach(function (box) { if (box.checked) { body.confirmed_seats.push(Number(box.value)); } });
    }
    return body;
  }

  function csrfToken(form) {
    var field = form.querySelector("[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  }

  /* The result page of hand `number`: the server's URL for hand 0 with the number put in. */
  function resultUrl(form, number) {
    return form.dataset.resultUrl.replace(/\/\d+\/?$/, "/" + Number(number) + "/");
  }

  /* A 400: the API's message (it names the seat, the row and the card) above the form, the row
     marked; the boards stay as they are for the dealer to fix. */
  function showProblem(form, answer) {
    var message = answer.error;
    var alert = document.createElement("div");
    alert.className = "alert danger";
    alert.setAttribute("role", "alert");
    alert.setAttribute("data-error", "");
    alert.setAttribute("data-api-error", answer && answer.code ? answer.code : "");
    alert.textContent = message;
    form.parentNode.insertBefore(alert, form);
    showStatus(form, message, false);
    var field = answer.seat ? seatField(form, answer.seat, answer.row || "top") : null;
    if (field && answer.row) {
      field.setAttribute("aria-invalid", "true");
      field.setAttribute("data-api-invalid", "");
    }
  }

  function clearProblem(form) {
    document.querySelectorAll("[data-api-error]").forEach(function (alert) { alert.remove(); });
    form.querySelectorAll("[data-api-invalid]").forEach(function (field) {
      field.removeAttribute("aria-invalid");
      field.removeAttribute("data-api-invalid");
    });
  }

  function retryLater(form, attempt) {
    form._sending = false;
    var delay = DELAYS[Math.min(attempt, DELAYS.length - 1)];
    showStatus(form, form.dataset.textSaved + " " + form.dataset.textRetry, false);
    form._retryTimer = window.setTimeout(function () { send(form, attempt + 1); }, delay * 1000);
  }

  function postHand(form, attempt) {
    showStatus(form, attempt ? form.dataset.textSaved + " " + form.dataset.textSending : form.dataset.textSending, !attempt);
    var controller = typeof AbortController === "function" ? new AbortController() : null;
    var timer = window.setTimeout(function () { if (controller) { controller.abort(); } }, TIMEOUT);
    window.fetch(form.dataset.apiUrl, {
      method: "POST",
      body: JSON.stringify(handBody(form)),
      credentials: "same-origin",
      signal: controller ? controller.signal : undefined,
      headers: { "Content-Type": "application/json", "Accept": "application/json", "X-CSRFToken": csrfToken(form) }
    }).then(function (response) {
      if (response.status >= 500 || response.status === 408 || response.status === 429) {
        throw new Error("server busy: " + response.status);
      }
      if (response.status === 200 || response.status === 201) {
        // Recorded (201), or recorded before with this key and the answer lost (200).
        return response.json().then(function (result) {
          window.clearTimeout(timer);
          clearDrafts(form.dataset.tableId, form.dataset.hand);
          if (hasPhoto(form)) {
            form._recorded = result.hand_number;
            postPhoto(form, result.hand_number, 0);
            return;
          }
          form._sending = false;
          window.location.assign(resultUrl(form, result.hand_number));
        });
      }
      window.clearTimeout(timer);
      form._sending = false;
      saveDraft(form, false);
      if (response.status === 400) {
        return response.json().catch(function () { return null; }).then(function (answer) {
          if (answer && answer.error) { showProblem(form, answer); } else { postNatively(form); }
        });
      }
      // 409 (already recorded, the table moved on), 401/403 (signed out, not this table), ...:
      // the form's own POST gets the server's page, which says what happened and what is next.
      postNatively(form);
      return null;
    }).catch(function () {
      window.clearTimeout(timer);
      retryLater(form, attempt);
    });
  }

  /* The recorded hand's photo, on its own; whatever the server answers (kept, or refused with
     a message for the result page), the result page is next. */
  function postPhoto(form, number, attempt) {
    showStatus(form, form.dataset.textSending, !attempt);
    photoData(form).then(function (data) {
      var controller = typeof AbortController === "function" ? new AbortController() : null;
      var timer = window.setTimeout(function () { if (controller) { controller.abort(); } }, TIMEOUT);
      var url = form.dataset.photoUrl.replace(/\/\d+\/photo\/?$/, "/" + Number(number) + "/photo/");
      return window.fetch(url, {
        method: "POST",
        body: data,
        credentials: "same-origin",
        signal: controller ? controller.signal : undefined,
        headers: { "X-CSRFToken": csrfToken(form), "Accept": "application/json" }
      }).then(function (response) {
        window.clearTimeout(timer);
        if (response.status >= 500 || response.status === 408 || response.status === 429) {
          throw new Error("server busy: " + response.status);
        }
        form._sending = false;
        window.location.assign(resultUrl(form, number));
      });
    }).catch(function () {
      retryLater(form, attempt);
    });
  }

  function retryNow() {
    var form = tableForm(document.querySelector("[data-dealer-form]"));
    if (form && form._retryTimer && !form._sending) { send(form, 1); }
  }

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

  /* The rows' scroll margin keeps a row that comes into view clear of the dock. */
  function syncDock() {
    var dock = document.querySelector("[data-entry-dock]");
    if (dock) {
      document.documentElement.style.setProperty("--dock-height", Math.ceil(dock.getBoundingClientRect().height) + "px");
    }
  }

  document.addEventListener("change", function (event) {
    if (event.target.matches("[data-sat-out]")) {
      syncSeat(event.target.closest("[data-seat]"));
      if (window.VPTCardPicker) { window.VPTCardPicker.refresh(); }
    }
  });

  /* The table page's form (the correction page shares the rest of this script, not drafts). */
  function tableForm(element) {
    var form = element && element.closest ? element.closest("[data-dealer-form]") : null;
    return form && form.dataset.tableId ? form : null;
  }

  function remember(event) {
    var form = tableForm(event.target);
    if (form && event.target.matches("[data-row-input], [data-sat-out], [data-confirm-foul]")) { saveDraft(form); }
  }
  document.addEventListener("input", remember);
  document.addEventListener("change", remember);

  document.addEventListener("click", function (event) {
    var toggle = event.target.closest("[data-type-toggle]");
    if (!toggle) { return; }
    var form = document.querySelector("[data-dealer-form]");
    if (!form) { return; }
    var on = !form.classList.contains("typing");
    form.classList.toggle("typing", on);
    toggle.setAttribute("aria-pressed", String(on));
    syncDock();
  });

  /* A complete board that fouls costs its player every row: the first tap on Record asks the
     preview's question ("Record with Ana's foul?") on the button itself, the second records. A
     new preview with another question (or none) puts the button back. */
  function foulQuestion() {
    var preview = document.querySelector("#hand-preview[data-foul-confirm]");
    return preview ? preview.dataset.foulConfirm : "";
  }

  function resetRecord(button) {
    if (!button || !button.dataset.asked) { return; }
    button.textContent = button.dataset.label;
    button.classList.remove("danger");
    delete button.dataset.asked;
  }

  function foulConfirmed(form) {
    var button = recordButton(form);
    var question = foulQuestion();
    if (!button || !question || button.dataset.asked === question) { return true; }
    button.dataset.label = button.dataset.label || button.textContent;
    button.dataset.asked = question;
    button.textContent = question;
    button.classList.add("danger");
    return false;
  }

  document.addEventListener("htmx:afterSettle", function () {
    var form = tableForm(document.querySelector("[data-dealer-form]"));
    var button = form ? recordButton(form) : null;
    if (button && button.dataset.asked && button.dataset.asked !== foulQuestion()) { resetRecord(button); }
  });

  /* A fouled board: the row that breaks the order is marked where its cards were entered too
     (the preview's own rows fold away on a phone), from the preview's data-foul-field. */
  document.addEventListener("htmx:afterSettle", function () {
    var form = tableForm(document.querySelector("[data-dealer-form]"));
    if (!form) { return; }
    form.querySelectorAll(".board-row[data-breaks-order]").forEach(function (row) {
      row.classList.remove("breaks-order");
      row.removeAttribute("data-breaks-order");
    });
    document.querySelectorAll("#hand-preview [data-foul-field]").forEach(function (reason) {
      var input = form.querySelector("[name='" + reason.dataset.foulField + "']");
      var row = input ? input.closest(".board-row") : null;
      if (row) {
        row.classList.add("breaks-order");
        row.setAttribute("data-breaks-order", "");
      }
    });
  });

  /* Every board full: the settlement (who pays whom) comes into view right above the dock, once
     each time the boards become complete, so the dealer reads the result before Record. */
  document.addEventListener("htmx:afterSettle", function () {
    var form = tableForm(document.querySelector("[data-dealer-form]"));
    var picker = form ? form.querySelector("[data-card-picker]") : null;
    if (!picker) { return; }
    if (!picker.classList.contains("is-complete")) { form._settlementShown = false; return; }
    var settlement = document.querySelector("#hand-preview[data-state='scored'] .settlement");
    if (settlement && !form._settlementShown) {
      form._settlementShown = true;
      syncDock();
      settlement.scrollIntoView({ block: "end" });
    }
  });

  /* Record: one send per tap, by fetch with the device's key; "Check" stays a plain POST. */
  document.addEventListener("submit", function (event) {
    var form = tableForm(event.target);
    if (!form || form.dataset.native === "1") { return; }
    var submitter = event.submitter;
    if (submitter && submitter.value !== "record") { return; }
    event.preventDefault();
    if (form._sending || form._retryTimer) { return; }
    if (!foulConfirmed(form)) { return; }
    ensureKey(form);
    saveDraft(form, true);
    send(form, 0);
  });

  window.addEventListener("online", retryNow);

  function start() {
    syncAll();
    var result = document.querySelector("[data-hand-result][data-table-id]");
    if (result) { clearDrafts(result.dataset.tableId, result.dataset.handResult); }
    var any = document.querySelector("[data-dealer-form]");
    var form = tableForm(any);
    if (!form) {
      if (any) { focusFirst(any); } // the correction page: no drafts, no device key
      return;
    }
    clearDrafts(form.dataset.tableId, Number(form.dataset.hand) - 1);
    var toggle = document.querySelector("[data-type-toggle]");
    if (toggle) { toggle.hidden = false; }
    var draft = document.querySelector("[data-conflict]") ? null : restore(form);
    if (!draft || !draft.key) { keyField(form).value = newKey(); } // this device names the submission
    syncAll();
    syncDock();
    if (window.ResizeObserver) {
      var dock = form.querySelector("[data-entry-dock]");
      if (dock) { new window.ResizeObserver(syncDock).observe(dock); }
    }
    // The row to fill comes into view above the dock (a long header may push it under).
    var row = form.querySelector(".board-row.selected");
    if (row) { row.scrollIntoView({ block: "nearest" }); }
    if (draft && draft.pending && draft.key) {
      // Record was pressed and no answer came before the page went away: send it again.
      send(form, 1);
      return;
    }
    if (!document.querySelector("[data-conflict]")) { focusFirst(form); }
  }

  /* A keyboard and mouse: the first row's text box takes the focus (not on a touch screen). */
  function focusFirst(form) {
    var first = form.querySelector("[data-row-input]:not([disabled])");
    if (first && !first.closest("[hidden]") && first.offsetParent !== null && window.matchMedia("(pointer: fine)").matches) {
      first.focus();
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
}());
