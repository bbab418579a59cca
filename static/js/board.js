// Draws the session screen's board (whose deal, the totals, the hands, the hands waiting on
// this phone) from the session's JSON (scoring/display/session_state.py), never from the
// server's HTML. The page is drawn by the server first; this redraws it after a live
// refresh or a saved hand, and when the phone knows more than the page it was given (a page
// opened with no network comes from the service worker's copy, older than the state kept).
//
// Hands waiting on the phone move the deal on: with three waiting, the screen shows the
// fourth hand's dealer and number, and the totals say as of when they are, with the hands
// not in them listed underneath. The markup follows the templates (session_detail.html,
// partials/session_totals.html, partials/session_hands.html, partials/hand_notes.html), so
// the same styles apply; a browser test compares the two drawings.
(function () {
  "use strict";

  // -- What the screen shows (pure: Node's unit tests load this part) ------------------------
  function fill(format, values) {
    return format.replace(/%\((\w+)\)s/g, (match, name) => String(values[name]));
  }

  // Whose deal it is after `waiting` hands more: the deal goes round `order` (the next
  // dealer first); null once the session has ended, or past its last hand.
  function turnAfter(state, waiting) {
    const deal = state.deal;
    if (!state.active || !deal || !deal.order.length) return null;
    if (deal.left !== null && waiting >= deal.left) return null;
    const names = Object.fromEntries(state.tiles.map((seat) => [seat.position, seat.name]));
    const dealer = deal.order[waiting % deal.order.length];
    const first = deal.order[(waiting + 1) % deal.order.length];
    return {
      hand: fill(deal.hand, { number: state.hands_dealt + 1 + waiting }),
      dealer,
      dealer_line: deal.dealer_line.map((piece) => ({ ...piece, text: fill(piece.text, { name: names[dealer] }) })),
      first_line: fill(deal.first_line, { name: names[first] }),
    };
  }

  // `waiting` is how many of this phone's hands the server does not have yet.
  function boardView(state, waiting) {
    return { turn: turnAfter(state, waiting), nextNumber: state.hands_dealt + 1 + waiting, waiting };
  }

  // "14:05" as the page's language writes the time; "" for a time it cannot read.
  function clockOf(iso, locale) {
    const when = new Date(iso);
    if (Number.isNaN(when.getTime())) return "";
    const language = typeof document === "object" ? document.documentElement.lang : "";
    return when.toLocaleTimeString(locale || language || [], { hour: "2-digit", minute: "2-digit" });
  }

  // The shown hands waiting for the answer of the player at `seat`, newest first, each with
  // that player's own cell (the table's cells are in the tiles' order).
  function asksOf(state, seat) {
    const column = state.tiles.findIndex((seatTile) => seatTile.position === seat);
    if (column < 0) return [];
    return state.rows.slice().reverse()
      .filter((row) => row.answer_url && (row.waiting || []).includes(seat))
      .map((row) => ({
        number: row.number,
        shown: row.shown_number,
        version: row.version,
        // As the server says it (`own_line`): the points, and what the player paid.
        points: row.cells[column].penalty
          ? `${row.cells[column].shown} · ${row.cells[column].penalty}`
          : row.cells[column].shown,
        url: row.answer_url,
      }));
  }

  // Node's unit tests (tests/js/) load this file to test the pure part above; a page's
  // classic script has no `module`, so in a browser this does nothing.
  if (typeof module === "object" && module.exports) {
    module.exports = { asksOf, boardView, clockOf, fill };
    return;
  }

  // The words this file adds come from Django's JavaScript catalogue (/jsi18n/); the board's
  // own words come with the state, in the page's language. Each file that shows words keeps
  // these lines, so none depends on another file.
  const gettext = window.gettext || ((text) => text);
  const ngettext = window.ngettext || ((one, many, count) => (count === 1 ? one : many));
  const interpolate = window.interpolate
    || ((format, values) => format.replace(/%\((\w+)\)s/g, (match, name) => String(values[name])));

  // One element: `attributes` set as given (`class`, `hidden`...), then its children (text
  // or elements). Every text goes in as text, never as HTML.
  function el(tag, attributes, ...children) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value === false || value === null || value === undefined) continue;
      element.setAttribute(name, value === true ? "" : String(value));
    }
    element.append(...children.filter((child) => child !== null && child !== undefined && child !== ""));
    return element;
  }

  function piecesOf(pieces, strongClass) {
    return pieces.map((piece) => (piece.strong
      ? el("strong", strongClass ? { class: strongClass } : {}, piece.text)
      : piece.text));
  }

  // -- Whose deal -----------------------------------------------------------------------------
  function drawTurn(screen, turn) {
    const section = screen.querySelector(".turn:not(.turn--done)");
    if (!section) return;
    section.hidden = !turn;
    if (!turn) return;
    section.querySelector(".turn-hand").textContent = turn.hand;
    section.querySelector(".turn-dealer").replaceChildren(...piecesOf(turn.dealer_line, "turn-name"));
    section.querySelector(".turn-first").textContent = turn.first_line;
  }

  // -- The totals -----------------------------------------------------------------------------
  function tile(seat, words, dealer) {
    const points = el("span", { class: "total-points" }, seat.shown);
    if (seat.unit) points.append(" ", el("span", { class: "total-unit" }, seat.unit));
    const classes = ["total"];
    if (seat.leader) classes.push("total--leader");
    if (dealer) classes.push("total--dealer");
    if (seat.away) classes.push("total--away");
    return el(
      "li",
      { class: classes.join(" ") },
      el("span", { class: "total-name" }, seat.name),
      points,
      seat.net ? el("span", { class: "total-net" }, seat.net) : null,
      seat.state ? el("span", { class: "total-state" }, seat.state) : null,
      seat.note ? el("span", { class: "total-note" }, seat.note) : null,
      seat.leader ? el("span", { class: "tag tag--leader" }, words.leads) : null,
      dealer ? el("span", { class: "tag" }, words.deals) : null,
    );
  }

  function drawTotals(screen, state, view) {
    const list = screen.querySelector(".totals-list");
    if (!list) return;
    // With hands waiting, the tag follows the deal as the screen shows it.
    const dealer = view.turn ? view.turn.dealer : null;
    list.replaceChildren(...state.tiles.map((seat) => tile(
      seat,
      state.words,
      view.waiting && view.turn ? seat.position === dealer : seat.dealer && Boolean(view.turn),
    )));
  }

  // -- The hands ------------------------------------------------------------------------------
  function headCell(seat) {
    if (seat.short === seat.name) return el("th", { scope: "col", class: "num seat-head" }, seat.name);
    return el(
      "th",
      { scope: "col", class: "num seat-head" },
      el("span", { "aria-hidden": "true" }, seat.short),
      el("span", { class: "visually-hidden" }, seat.name),
    );
  }

  function cell(data, words) {
    const classes = ["num", "cell"];
    if (data.won) classes.push("cell--won");
    if (data.paid) classes.push("cell--paid");
    const td = el("td", { class: classes.join(" ") }, el("span", { class: "cell-points" }, data.shown));
    if (data.won) td.append(el("span", { class: "visually-hidden" }, ` ${words.won}`));
    if (data.penalty) {
      td.append(el("span", { class: "cell-paid" }, el("span", { class: "visually-hidden" }, `${words.paid} `), data.penalty));
    }
    if (data.pack) td.append(el("span", { class: "cell-pack" }, data.pack));
    for (const mark of data.marks) td.append(el("span", { class: "cell-mark", "aria-hidden": "true" }, mark));
    if (data.dealt) {
      td.append(
        el("span", { class: "cell-dealt", "aria-hidden": "true" }, words.dealt_mark),
        el("span", { class: "visually-hidden" }, ` ${words.dealt}`),
      );
    }
    return td;
  }

  function rowHead(row, words) {
    const number = String(row.shown_number);
    const th = el("th", { scope: "row", class: "hand-number" });
    th.append(row.history_url
      ? el("a", { href: row.history_url, "aria-label": fill(words.history_of, { number }) }, number)
      : number);
    if (row.void) th.append(el("span", { class: "tag tag--void" }, words.void));
    if (row.edited) th.append(el("span", { class: "tag tag--edited" }, words.edited));
    if (row.check) {
      th.append(el("span", { class: `tag tag--${row.check}` }, words[`check_${row.check}`]));
    }
    if (row.edit_url) {
      th.append(el(
        "details",
        { class: "row-actions" },
        el("summary", { "aria-label": fill(words.change, { number }) }, "⋯"),
        el(
          "div",
          { class: "row-menu" },
          el("a", { href: row.edit_url }, words.edit),
          row.void_url ? el("a", { href: row.void_url }, words.void_action) : null,
          row.history_url ? el("a", { href: row.history_url }, words.history) : null,
        ),
      ));
    }
    return th;
  }

  function handsTable(state) {
    const words = state.words;
    const rows = state.rows.slice().reverse();
    return el(
      "div",
      { class: "hands-scroll" },
      el(
        "table",
        { class: `hands-table hands-table--${state.crowd}` },
        el("thead", {}, el("tr", {}, el("th", { scope: "col", class: "hand-number" }, words.number), ...state.tiles.map(headCell))),
        el("tbody", {}, ...rows.map((row) => el(
          "tr",
          { class: row.void ? "row--void" : "" },
          rowHead(row, words),
          ...row.cells.map((data) => cell(data, words)),
        ))),
        el("tfoot", {}, el(
          "tr",
          {},
          el("th", { scope: "row", class: "hand-number" }, words.total),
          ...state.tiles.map((seat) => el("td", { class: "num" }, seat.shown)),
        )),
      ),
    );
  }

  function handNotes(state) {
    const words = state.words;
    const notes = state.rows.slice().reverse().flatMap((row) => row.notes);
    const key = el("p", { class: "hands-key muted" });
    for (const seat of state.tiles) {
      if (seat.short !== seat.name) {
        key.append(el("span", { class: "hands-key__item" }, fill(words.key_short, seat)), " ");
      }
    }
    key.append(el("span", { class: "hands-key__item" }, words.key_dealt));
    // Where each hand stands with the players asked to confirm it (partials/hand_notes.html).
    const checks = state.rows.slice().reverse().map((row) => row.check_note).filter(Boolean);
    return [
      el("ul", { class: "hand-notes", "aria-label": words.notes }, ...notes.map((note) => el("li", {}, ...piecesOf(note)))),
      el("ul", { class: "hand-checks", "aria-label": words.answers_heading }, ...checks.map((note) => el("li", {}, ...piecesOf(note)))),
      key,
    ];
  }

  function drawHands(screen, state) {
    const section = screen.querySelector(".hands");
    if (!section) return;
    const title = section.querySelector("#hands-title");
    const earlier = state.earlier
      ? el("p", { class: "hands-earlier" }, el("a", { class: "button button-secondary", href: state.earlier.url }, state.earlier.text))
      : null;
    const body = state.rows.length
      ? [handsTable(state), earlier, ...handNotes(state)].filter(Boolean)
      : [el("p", { class: "muted" }, state.words.no_hands)];
    section.replaceChildren(title, ...body);
  }

  // -- A player's own answers ------------------------------------------------------------------
  // The markup of templates/scoring/partials/hand_asks.html: each hand waiting for this
  // phone's player, with a plain form that confirms it or disputes it with a reason.
  function answerForm(ask, words, token) {
    const hidden = (name, value) => el("input", { type: "hidden", name, value: String(value) });
    return el(
      "form",
      { method: "post", action: ask.url, class: "answer-form", "data-number": String(ask.number) },
      hidden("csrfmiddlewaretoken", token),
      hidden("client_key", window.rummyQueue.rules.newKey()),
      hidden("version", ask.version),
      el("button", { type: "submit", name: "verdict", value: "confirmed", class: "button answer-confirm" }, words.confirm),
      el(
        "details",
        { class: "answer-dispute" },
        el("summary", { class: "button button-secondary" }, words.dispute),
        el(
          "label",
          { class: "field" },
          el("span", { class: "field-label" }, words.dispute_reason),
          el("input", { type: "text", name: "reason", maxlength: "200", autocomplete: "off" }),
        ),
        el("button", { type: "submit", name: "verdict", value: "disputed", class: "button button-danger" }, words.send_dispute),
      ),
    );
  }

  function drawAnswers(screen, state) {
    const section = screen.querySelector("[data-answers]");
    if (!section) return;
    // A form being typed in stays as it is: the next redraw after it is sent shows the rest.
    if (section.contains(document.activeElement) && document.activeElement.tagName === "INPUT") return;
    // A guest's phone answers at its own address (a pattern with the hand's number as 0).
    const own = section.dataset.answerUrl;
    const asks = asksOf(state, Number(section.dataset.seat))
      .map((ask) => (own ? { ...ask, url: own.replace("/0/", `/${ask.number}/`) } : ask));
    const words = state.words;
    section.querySelector(".answer-list").replaceChildren(...asks.map((ask) => el(
      "li",
      { class: "answer" },
      el("p", { class: "answer-hand" }, fill(words.answer_hand, { number: ask.shown, points: ask.points })),
      answerForm(ask, words, section.dataset.csrf),
    )));
    section.hidden = !asks.length;
    // answers.js keeps the hands whose answers wait on this phone out of the list.
    document.dispatchEvent(new CustomEvent("rummy:drawn"));
  }

  // -- What the totals leave out ----------------------------------------------------------------
  // Above the list of hands waiting on this phone: the totals are the server's, as of then.
  function drawAsOf(screen, state, view) {
    const note = screen.querySelector("[data-as-of]");
    if (!note) return;
    const time = clockOf(state.as_of);
    note.textContent = view.waiting && time
      // Translators: above the hands waiting on the phone, e.g. "The totals are as of 14:05: these 3 hands are not in them yet."
      ? interpolate(ngettext(
        "The totals are as of %(time)s: this hand is not in them yet.",
        "The totals are as of %(time)s: these %(count)s hands are not in them yet.",
        view.waiting,
      ), { time, count: view.waiting }, true)
      : "";
  }

  function drawRecordTitle(view) {
    const title = document.getElementById("record-title");
    if (!title) return;
    title.dataset.handNumber = String(view.nextNumber);
    title.textContent = interpolate(gettext("Record hand %(number)s"), { number: view.nextNumber }, true);
  }

  // The whole board from `state`, with `waiting` of this phone's hands not in it yet. With
  // `parts: false` only what the waiting hands change (whose deal, the numbers) is redrawn:
  // the server's page is already the state's own drawing.
  function draw(state, { waiting = 0, parts = true } = {}) {
    const screen = document.querySelector(".table-screen");
    if (!screen || !state) return;
    const view = boardView(state, waiting);
    if (parts || waiting) {
      drawTurn(screen, view.turn);
      drawTotals(screen, state, view);
    }
    if (parts) {
      drawHands(screen, state);
      drawAnswers(screen, state);
      const undo = screen.querySelector("[data-undo]");
      if (undo) undo.hidden = !state.hands_dealt;
    }
    drawAsOf(screen, state, view);
    if (state.active) drawRecordTitle(view);
    screen.dataset.revision = String(state.revision);
  }

  window.rummyBoard = { draw, clockOf };
})();
