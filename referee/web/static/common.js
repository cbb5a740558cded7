// referee serve: what every page shares. A game's script (static/GAME.js) registers
//   Referee.games[GAME] = {table(data, root), seat(data, root)}
// and draws the envelope's "view" (referee/web/contract.py) into root. Every page shows
// the envelope's "situation" (what the game waits for: the TV's headline, a phone's
// status line), and a phone draws each of its "decisions" (SPEC §6.7) from its data
// (decide() below): a game's script draws only its view and, at most, a kind of choice
// of its own (Referee.take(kind) hands it that decision). A game without a script of
// its own (a new game) is played from its decisions alone. Pages hold no words of
// their own: every text comes from the server, in the page's language.
"use strict";
const Referee = (() => {
  const page = document.body.dataset.page;   // "table", "seat", "join" or "season"
  const game = document.body.dataset.game;
  const games = {};
  let data = null;
  let fileError = false;  // the notice shows the file's error (cleared when it reads again)
  let fresh = false;   // the next answer is taken whatever its version (a restarted server counts anew)
  let labels = {};     // the page's words from its last answer: still there when the server is not

  // el("div", {class: "x", text: "…", onclick: f}, child, …): an element.
  function el(tag, props, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key === "text") node.textContent = value;
      else if (key === "class") node.className = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (key === "dataset") Object.assign(node.dataset, value);
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  const SUITS = {S: ["♠", "black"], H: ["♥", "red"], D: ["♦", "red"], C: ["♣", "black"]};
  const FRENCH = /^(10|[2-9TJQKA])[SHDC]$/;   // a card of the French deck, as the JSON writes it
  // A card of the French deck from its token ("10S", "AH"); props as el's.
  function card(token, props) {
    const suit = token.slice(-1), rank = token.slice(0, -1);
    const [symbol, colour] = SUITS[suit] || ["?", "black"];
    const shown = {T: "10"}[rank] || rank;
    return el("button", {type: "button", ...props,
      class: `card french ${colour} ${(props && props.class) || ""}`.trim(),
      dataset: {...((props && props.dataset) || {}), card: token}, "aria-label": (props && props["aria-label"]) || token},
      el("span", {class: "rank", text: shown}), el("span", {class: "suit", text: symbol}));
  }

  // --- decisions (SPEC §6.7) ------------------------------------------------------------
  // data.decisions: what this seat may decide now, each {kind, prompt, together} and
  // either choices (events to POST as they are to /api/seat/KIND) with their labels (the
  // voice's words for each), or a form {event, field, constraints}: the event to send
  // with its field filled in. Nothing here knows a game: a decision is drawn from the
  // shape of its choices (French cards to tap, a row of numbers, suits, buttons) or of
  // its form; a game's script may draw a kind itself, where it draws its view.
  let taken = new Set();   // the kinds a game's script drew itself on this drawing

  function decisionOf(kind) { return ((data && data.decisions) || []).find(d => d.kind === kind) || null; }

  // A game's script draws this kind itself (in its hand, its grids…): the decision, or null.
  function take(kind) {
    const decision = decisionOf(kind);
    if (decision) taken.add(kind);
    return decision;
  }

  // A choice posted as it was listed; the buttons of ``box`` are off while it goes.
  async function choose(decision, choice, box) {
    const buttons = box ? [...box.querySelectorAll("button:not(:disabled), input")] : [];
    for (const button of buttons) button.disabled = true;
    const done = await act(decision.kind, choice);
    if (!done) for (const button of buttons) button.disabled = false;
    return done;
  }

  // A form's event with its field filled in.
  function filled(decision, value) { return {...decision.form.event, [decision.form.field]: value}; }

  function shape(decision) {
    if (decision.form) return "form";
    const choices = decision.choices;
    if (choices.every(c => typeof c.card === "string" && FRENCH.test(c.card))) return "cards";
    if (choices.every(c => typeof c.suit === "string" && c.suit in SUITS)) return "suits";
    if (choices.length > 1 && decision.labels.every(label => /^\d+$/.test(label))) return "numbers";
    return "buttons";
  }

  // The controls of one decision: its choices, or its form.
  function controls(decision) {
    const box = el("div", {class: `choices ${shape(decision)}`, role: "group", "aria-label": decision.prompt});
    const tap = (choice, index) => () => choose(decision, choice, box);
    const kind = shape(decision);
    if (kind === "form") return formOf(decision);
    decision.choices.forEach((choice, index) => {
      const label = decision.labels[index];
      const id = `${decision.kind}-${index}`;
      if (kind === "cards") {
        box.append(card(choice.card, {class: "playable", "aria-label": label, title: label, onclick: tap(choice, index),
          dataset: {choice: id}}));
      } else if (kind === "suits") {   // the symbol and the suit's name: never its colour alone
        box.append(el("button", {type: "button", class: `choice suit ${SUITS[choice.suit][1]}`, dataset: {suit: choice.suit, choice: id},
          onclick: tap(choice, index)}, el("span", {class: "symbol", "aria-hidden": "true", text: SUITS[choice.suit][0]}),
          el("span", {class: "name", text: label.replace(SUITS[choice.suit][0], "").trim()})));
      } else {
        box.append(el("button", {type: "button", class: kind === "numbers" ? "choice number" : "choice",
          dataset: {choice: id, value: label}, text: label, onclick: tap(choice, index)}));
      }
    });
    return box;
  }

  // A form: one field, typed by its constraints (a number between min and max, else text
  // of at most max_length); a game's script may draw its own (Referee.take).
  function formOf(decision) {
    const {field, constraints} = decision.form, limits = constraints || {};
    const numeric = "min" in limits || "max" in limits;
    const id = `decision-${decision.kind}-${field}`;
    const input = el("input", {id, name: field, type: numeric ? "number" : "text", inputmode: numeric ? "numeric" : undefined,
      min: "min" in limits ? String(limits.min) : undefined, max: "max" in limits ? String(limits.max) : undefined,
      maxlength: "max_length" in limits ? String(limits.max_length) : undefined, autocomplete: "off", required: true});
    const form = el("form", {class: "choices form", id: `decision-${decision.kind}`, onsubmit: async event => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      const value = numeric ? Number(text) : input.value;
      if (numeric && !Number.isInteger(value)) { notice(decision.prompt); return; }
      await choose(decision, filled(decision, value), form);
    }}, el("label", {for: id, class: "prompt", text: decision.prompt}), input,
      el("button", {type: "submit", class: "choice send", id: `decision-${decision.kind}-send`, text: (data.labels || {}).send || "OK"}));
    return form;
  }

  // One decision with its prompt (a form's prompt is its field's label).
  function decide(decision) {
    const drawn = controls(decision);
    return el("section", {class: `decision kind-${decision.kind}`, dataset: {kind: decision.kind}},
      decision.form ? null : el("p", {class: "prompt", id: `prompt-${decision.kind}`, text: decision.prompt}), drawn);
  }

  // The decisions no game's script drew, where the script left "#decisions" or else
  // right after the situation line.
  function decisions(next, root) {
    const left = (next.decisions || []).filter(d => !taken.has(d.kind));
    if (!left.length) return;
    let box = root.querySelector("#decisions");
    if (!box) {
      box = el("div", {id: "decisions"});
      const line = root.querySelector("#situation");
      if (line) line.after(box); else root.prepend(box);
    }
    box.classList.add("decisions");
    box.replaceChildren(...left.map(decide));
  }

  function situation(next) {
    return el("p", {class: `situation-line ${page === "table" ? "headline" : "status"}`, id: "situation", role: "status", text: next.situation});
  }

  function notice(text, kind) {
    const box = document.getElementById("notice");
    box.textContent = text || "";
    box.className = kind || "error";
    box.hidden = !text;
  }

  // A seat's action: POST /api/seat/KIND with body; the new view, or the rules' reason.
  // A server that cannot be reached, or an answer that is not the server's own, is said
  // in the page's language (never the browser's "TypeError: Failed to fetch").
  async function act(kind, body) {
    let response;
    try {
      response = await fetch(`/api/seat/${encodeURIComponent(kind)}`, {
        method: "POST", body: JSON.stringify(body || {}), credentials: "same-origin",
        // the entries this page was drawn from: a tap on a page the game has moved past is refused
        headers: {"Content-Type": "application/json",
                  ...(data && data.entries !== null ? {"X-Referee-Seen": String(data.entries)} : {})}});
    } catch (error) { unreachable(); return false; }
    const answer = await answerOf(response);
    if (!response.ok || !answer) { notice((answer && answer.error) || failed(response.status)); return false; }
    notice("");
    show(answer);
    return true;
  }

  // --- the connection: lost, looked for, back ---------------------------------------------
  // A request that found no server (a stopped server, a phone off the network) says so in
  // the page's language and shows the banner; the page then asks every two seconds until
  // the server answers, and draws that answer: the notice clears itself. The event
  // stream reconnects by itself (its first answer after it is drawn whatever its version).
  let away = null;   // the timer asking whether the server is back, while it is away

  async function answerOf(response) {
    try { return await response.json(); } catch (error) { return null; }   // not the server's JSON (a proxy's page)
  }

  function failed(status) { return (labels.server_error || "HTTP {status}").replace("{status}", String(status)); }

  // (A game's script calls it too, for a request of its own that found no server: the
  // words, for where it shows them.)
  function unreachable() {
    connected(false);
    const words = labels.unreachable || labels.reconnecting || "";
    notice(words);
    if (away === null) away = setInterval(lookAgain, 2000);
    return words;
  }

  async function lookAgain() {
    if (page === "join") { if (await join()) found(); return; }   // join() draws its own notice
    let response;
    try { response = await fetch(page === "table" ? "/api/table" : "/api/seat", {credentials: "same-origin"}); }
    catch (error) { return; }   // still away
    if (response.status === 401 && page !== "table") { back(); join(); return; }   // its link was replaced meanwhile
    const answer = await answerOf(response);
    if (!response.ok || !answer) return;
    back();
    fresh = true;   // a restarted server counts its versions anew
    show(answer);
  }

  // The server answers again: the banner and the notice of a request that found none go.
  function back() {
    if (away === null) return;
    found();
    notice("");
  }

  function found() {
    clearInterval(away);
    away = null;
    connected(true);
  }

  async function chooseLanguage(lang) {
    if (data && data.lang === lang) return;
    let response;
    try {
      response = await fetch("/api/lang", {method: "POST", headers: {"Content-Type": "application/json"},
        body: JSON.stringify({lang}), credentials: "same-origin"});
    } catch (error) { unreachable(); return; }
    if (!response.ok) return;
    // Drawn again in the new language without reloading the page: a new event stream
    // (it sends the cookie just set) whose first answer replaces the page's words.
    if (page === "join") { join(); return; }
    if (source) source.close();
    listen();
  }

  // The page's own parts around the game's drawing: the language switch (a seat's
  // phone), the table's public QR code, the connection's state. Words from the server.
  function frame(next) {
    if (next.labels) labels = next.labels;   // kept for when the server cannot be reached
    const languages = document.getElementById("languages");
    if (page !== "table") {
      languages.hidden = false;
      languages.setAttribute("aria-label", labels.language_hint || "");
      for (const button of languages.querySelectorAll("button")) {
        const chosen = button.dataset.lang === next.lang;
        button.className = chosen ? "chosen" : "";
        button.setAttribute("aria-pressed", String(chosen));
        button.title = chosen ? "" : labels.language || "";
        button.id = chosen ? "" : "language";   // #language: the switch to the other language
        button.onclick = () => chooseLanguage(button.dataset.lang);
      }
    }
    if (page === "table") {
      document.getElementById("qr-text").textContent = labels.scan_table || "";
      document.getElementById("qr").hidden = false;
    }
    document.getElementById("lost-text").textContent = labels.reconnecting || "";
  }

  // A fair game (envelope "fair", the same on every page): the commitment's fingerprint
  // to compare with the one noted down, each seat's word of entropy or "—", whose word
  // is due, and the secret once revealed. A seat's phone whose word is due gives it
  // here: its decision "entropy", a form. Words from the server's labels.
  function fairPanel(next) {
    const fair = next.fair, labels = next.labels || {};
    const words = fair.entropy.map(given => el("li", {class: given.word === null ? "missing" : "given"},
      el("span", {class: "seat", text: given.seat}), " ",
      el("span", {class: "word", text: given.word === null ? "—" : given.word})));
    const panel = el("section", {id: "fair", class: "fair"},
      el("h2", {text: labels.fair}),
      el("p", {class: "fingerprint"}, el("span", {class: "label", text: labels.fingerprint}), " ",
        el("code", {text: fair.fingerprint, title: fair.commitment})),
      el("p", {class: "label", text: labels.entropy}), el("ul", {class: "entropy"}, words));
    if (fair.waiting_for !== null) {
      panel.append(el("p", {class: "due", text: `${labels.entropy_due} ${fair.waiting_for}`}));
    }
    const entropy = page === "seat" ? take("entropy") : null;   // this seat's word is due: a form
    if (entropy) panel.append(decide(entropy));
    if (fair.revealed) {
      panel.append(el("p", {class: "secret"}, el("span", {class: "label", text: labels.secret}), " ",
        el("code", {text: fair.secret})));
    }
    return panel;
  }

  // --- the host's parts (referee/web/host.py) ---------------------------------------------
  // "announcement": an undo or a redo made anywhere ({text, version}), said in a live
  // region outside the drawing (so a redraw does not say it again) until the next entry;
  // "show_link": a seat's new link the host shows on the TV; "take_back": this seat may
  // take back its own last entry; "rematch": the match is over, a rematch may start.
  let announced = null;   // the version of the announcement shown
  function announcement(next) {
    let region = document.getElementById("announcement");
    if (!region) {
      region = el("div", {id: "announcement", role: "status", "aria-live": "polite", "aria-atomic": "true", hidden: true});
      document.getElementById("notice").after(region);
    }
    const found = next.announcement;
    if (!found) { region.hidden = true; region.textContent = ""; announced = null; return; }
    if (announced === found.version && region.textContent === found.text) return;
    announced = found.version;
    region.textContent = found.text;
    region.hidden = false;
  }

  async function post(path, body) {
    try {
      const response = await fetch(path, {method: "POST", body: JSON.stringify(body || {}), credentials: "same-origin",
        headers: {"Content-Type": "application/json"}});
      const answer = await response.json();
      if (!response.ok) { notice(answer.error || String(response.status)); return null; }
      notice("");
      return answer;
    } catch (error) { unreachable(); return null; }   // the server is away: said in the page's language
  }

  // POST /api/rematch: the same table again (a game's end-of-match screen may call it).
  async function rematch() {
    const answer = await post("/api/rematch", {file: data && data.file});   // the file this page shows
    if (answer) show(answer);
    return !!answer;
  }

  async function takeBack() { const answer = await post("/api/take-back"); if (answer) show(answer); return !!answer; }

  function hostParts(next, root) {
    announcement(next);
    const labels = next.host_labels || {};
    if (page === "table" && next.show_link) {
      const link = next.show_link;
      root.append(el("aside", {id: "show-link", class: "show-link", "aria-label": link.text},
        el("img", {src: link.qr, alt: "", width: 280, height: 280}), el("p", {text: link.text})));
    }
    if (page !== "seat") return;
    const actions = el("div", {class: "host-actions"});
    if (next.take_back) {
      actions.append(el("button", {type: "button", id: "take-back", class: "choice take-back", text: labels.take_back,
        onclick: event => { event.currentTarget.disabled = true; takeBack(); }}));
    }
    if (next.rematch && !root.querySelector("[data-action=rematch]")) {
      actions.append(el("button", {type: "button", id: "rematch", class: "choice rematch", dataset: {action: "rematch"},
        text: labels.rematch, onclick: event => { event.currentTarget.disabled = true; rematch(); }}));
    }
    if (actions.childElementCount) root.append(actions);
  }

  // The end of a match, for every game (the envelope's "final", referee/web/final.py): the
  // winner large (the envelope's "outcome", the voice's words; a cooperative game's
  // result), the final standings, the season's line if there is one, and a "Rematch"
  // button (POST /api/rematch) when the envelope's "rematch" says one may start now.
  // A game's script may leave "#celebration" where it wants it; else it opens the page.
  function celebrate(next) {
    const final = next.final || {}, labels = final.labels || {};
    const box = el("section", {class: `celebration${final.cooperative ? (final.won ? " won" : " lost") : ""}`, id: "celebration",
      "aria-labelledby": "winner"}, el("p", {class: "outcome winner", id: "winner", text: next.outcome}));
    const standings = final.standings || [];
    if (standings.length) {
      box.append(el("h2", {class: "final-title", id: "final-title", text: labels.standings}),
        el("ol", {class: "final-standings", id: "final-standings", "aria-labelledby": "final-title"}, standings.map(row =>
          el("li", {class: row.winner ? "winner" : "", dataset: {place: String(row.place)}},
            el("span", {class: "place", text: `${row.place}.`}), " ", el("span", {class: "name", text: row.name}),
            row.score === null ? null : el("span", {class: "score", text: row.score})))));
    }
    if (final.season) box.append(el("p", {class: "season-line", id: "season-line", text: final.season}));
    if (next.rematch === true && page === "seat") {   // a seat starts it (the TV has no one to tap)
      box.append(el("button", {type: "button", class: "choice rematch", id: "rematch", dataset: {action: "rematch"},
        text: labels.rematch, onclick: event => { event.currentTarget.disabled = true; rematch(); }}));
    }
    return box;
  }

  // --- the turn's cue (a phone) ----------------------------------------------------------
  // When a phone gets something new to decide (its decisions go from none to some, or a
  // kind it did not have), it buzzes (the Vibration API, where the browser has it) and
  // says so: a banner with words (not a colour alone) and an outline round the page while
  // it has decisions, and the words with the first new decision's prompt in a live region
  // that a screen reader reads out. The first drawing only shows the banner: a page just
  // opened was asked for.
  let kindsBefore = null;   // the kinds of the decisions last drawn (null: none drawn yet)

  function cueBox() {
    let box = document.getElementById("turn-cue");
    if (!box) {
      box = el("div", {id: "turn-cue", class: "turn-cue", hidden: true},
        el("span", {class: "turn-cue-mark", "aria-hidden": "true", text: "●"}), el("span", {id: "turn-cue-text"}));
      const said = el("div", {id: "turn-said", class: "visually-hidden", role: "status", "aria-live": "assertive", "aria-atomic": "true"});
      document.getElementById("root").before(box, said);
    }
    return box;
  }

  function buzz() {
    try {
      if (typeof navigator.vibrate === "function") navigator.vibrate([180, 90, 180]);
    } catch (error) { /* a browser that refuses (no user gesture yet): the banner says it */ }
  }

  function cue(next) {
    if (page !== "seat") return;
    const decisions = next.error ? [] : (next.decisions || []);
    const kinds = decisions.map(d => d.kind);
    const before = kindsBefore;
    kindsBefore = kinds;
    const box = cueBox(), words = (next.labels || {}).your_turn || "";
    box.hidden = !kinds.length;
    document.body.classList.toggle("your-turn", kinds.length > 0);
    document.getElementById("turn-cue-text").textContent = words;
    const added = decisions.filter(d => before !== null && !before.includes(d.kind));
    if (!added.length) return;
    buzz();
    const said = document.getElementById("turn-said");
    said.textContent = "";
    said.textContent = [words, added[0].prompt].filter(Boolean).join(": ");
    box.classList.remove("fresh");
    void box.offsetWidth;   // the banner's flash starts again
    box.classList.add("fresh");
  }

  function show(next) {
    if (data && next.version < data.version && !fresh) return;
    fresh = false;
    data = next;
    document.documentElement.lang = next.lang;
    document.getElementById("file").textContent = next.name ? `${next.name} · ${next.file}` : next.file;
    frame(next);
    const root = document.getElementById("root");
    root.replaceChildren();
    if (next.error) { notice(next.error); fileError = true; return; }
    if (fileError) { notice(""); fileError = false; }  // the file can be read again
    const drawer = games[game];
    taken = new Set();
    if (next.situation) root.append(situation(next));
    if (drawer && next.view) drawer[page === "table" ? "table" : "seat"](next, root);
    if (next.outcome && next.final) {
      const slot = root.querySelector("#celebration");
      if (slot) slot.replaceWith(celebrate(next)); else root.prepend(celebrate(next));
    } else if (next.outcome) root.prepend(el("p", {class: "outcome", text: next.outcome}));
    if (next.fair && page !== "join") root.append(fairPanel(next));
    if (page === "seat") decisions(next, root);
    hostParts(next, root);
    cue(next);
    document.dispatchEvent(new CustomEvent("referee:drawn", {detail: next}));
  }

  // The connection's state: a banner while the event stream is down (the browser
  // reconnects by itself; a stream the server refused is opened again here).
  function connected(ok) {
    const status = document.getElementById("status");
    status.className = ok ? "ok" : "lost";
    status.title = (ok ? labels.connected : labels.reconnecting) || "";
    document.getElementById("lost").hidden = ok;
    document.body.classList.toggle("offline", !ok);
  }

  // No seat (no link opened yet, or its link was replaced): say how to join, in the
  // phone's language (the 401 answer carries the words).
  // True when the server answered.
  async function join() {
    let response;
    try { response = await fetch("/api/seat", {credentials: "same-origin"}); }
    catch (error) { unreachable(); return false; }
    const answer = await answerOf(response);
    if (!answer || !answer.labels) { notice(failed(response.status)); return true; }
    document.documentElement.lang = answer.lang;
    frame(answer);
    document.getElementById("root").replaceChildren();
    notice(answer.labels.join, "info");
    return true;
  }

  let source = null;   // the open event stream
  function listen() {
    const opened = new EventSource(page === "table" ? "/events/table" : "/events/seat");
    source = opened;
    opened.onopen = () => { fresh = true; };
    opened.onmessage = event => { if (opened === source) { back(); connected(true); show(JSON.parse(event.data)); } };
    opened.onerror = () => {
      if (opened !== source) return;   // a stream closed here (a new language)
      connected(false);
      if (opened.readyState !== EventSource.CLOSED) return;   // the browser tries again itself
      setTimeout(async () => {
        if (page !== "table") {
          try {
            const response = await fetch("/api/seat", {credentials: "same-origin"});
            if (response.status === 401) {   // this seat's link was replaced: join again
              connected(true);
              join();
              return;
            }
          } catch (error) { /* still down: try again */ }
        }
        listen();
      }, 1500);
    };
  }

  function start() {
    if (page === "season" || page === "host") return;   // these pages ask for their own answers (static/season.js, host.js)
    if (page === "join") { join(); return; }
    listen();
  }

  // The page drawn again from the answer it holds (a game's page changed something of
  // its own, e.g. a word being built).
  function redraw() { if (data) show(data); }

  document.addEventListener("DOMContentLoaded", start);
  return {games, el, card, act, notice, redraw, take, choose, filled, decide, controls, celebrate, SUITS, rematch, post, announcement, unreachable,
          get data() { return data; }, page, game};
})();
