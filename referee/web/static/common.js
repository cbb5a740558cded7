// referee serve: what every page shares. A game's script (static/GAME.js) registers
//   Referee.games[GAME] = {table(data, root), seat(data, root)}
// and draws the envelope's "view" (referee/web/contract.py) into root. Pages hold no
// words of their own: every text comes from the server, in the page's language.
"use strict";
const Referee = (() => {
  const page = document.body.dataset.page;   // "table", "seat", "join" or "season"
  const game = document.body.dataset.game;
  const games = {};
  let data = null;
  let fileError = false;  // the notice shows the file's error (cleared when it reads again)
  let fresh = false;   // the next answer is taken whatever its version (a restarted server counts anew)

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
  // A card of the French deck from its token ("10S", "AH"); props as el's.
  function card(token, props) {
    const suit = token.slice(-1), rank = token.slice(0, -1);
    const [symbol, colour] = SUITS[suit] || ["?", "black"];
    const shown = {T: "10"}[rank] || rank;
    return el("button", {type: "button", ...props,
      class: `card french ${colour} ${(props && props.class) || ""}`.trim(),
      dataset: {card: token}, "aria-label": token},
      el("span", {class: "rank", text: shown}), el("span", {class: "suit", text: symbol}));
  }

  function notice(text, kind) {
    const box = document.getElementById("notice");
    box.textContent = text || "";
    box.className = kind || "error";
    box.hidden = !text;
  }

  // A seat's action: POST /api/seat/KIND with body; the new view, or the rules' reason.
  async function act(kind, body) {
    let answer;
    try {
      const response = await fetch(`/api/seat/${encodeURIComponent(kind)}`, {
        method: "POST", body: JSON.stringify(body || {}), credentials: "same-origin",
        // the entries this page was drawn from: a tap on a page the game has moved past is refused
        headers: {"Content-Type": "application/json",
                  ...(data && data.entries !== null ? {"X-Referee-Seen": String(data.entries)} : {})}});
      answer = await response.json();
      if (!response.ok) { notice(answer.error || String(response.status)); return false; }
    } catch (error) { notice(String(error)); return false; }
    notice("");
    show(answer);
    return true;
  }

  async function chooseLanguage(lang) {
    if (data && data.lang === lang) return;
    const response = await fetch("/api/lang", {method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({lang}), credentials: "same-origin"});
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
    const labels = next.labels || {};
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
  // here (POST /api/seat/entropy). Words from the server's labels.
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
    if (page === "seat" && fair.waiting_for !== null && fair.waiting_for === next.name) {
      const input = el("input", {type: "text", id: "entropy-word", maxlength: "64", autocomplete: "off",
        "aria-label": labels.your_word, placeholder: labels.your_word});
      const form = el("form", {id: "entropy-form", onsubmit: event => {
        event.preventDefault();
        if (input.value.trim()) act("entropy", {word: input.value});
      }}, el("label", {for: "entropy-word", text: labels.your_word}), input,
        el("button", {type: "submit", id: "entropy-give", text: labels.give_word}));
      panel.append(form);
    }
    if (fair.revealed) {
      panel.append(el("p", {class: "secret"}, el("span", {class: "label", text: labels.secret}), " ",
        el("code", {text: fair.secret})));
    }
    return panel;
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
    if (drawer && next.view) drawer[page === "table" ? "table" : "seat"](next, root);
    if (next.outcome) root.prepend(el("p", {class: "outcome", text: next.outcome}));
    if (next.fair && page !== "join") root.append(fairPanel(next));
    document.dispatchEvent(new CustomEvent("referee:drawn", {detail: next}));
  }

  // The connection's state: a banner while the event stream is down (the browser
  // reconnects by itself; a stream the server refused is opened again here).
  function connected(ok) {
    const status = document.getElementById("status");
    status.className = ok ? "ok" : "lost";
    status.title = ok ? (data && data.labels.connected) || "" : (data && data.labels.reconnecting) || "";
    document.getElementById("lost").hidden = ok;
    document.body.classList.toggle("offline", !ok);
  }

  // No seat (no link opened yet, or its link was replaced): say how to join, in the
  // phone's language (the 401 answer carries the words).
  async function join() {
    try {
      const answer = await (await fetch("/api/seat", {credentials: "same-origin"})).json();
      document.documentElement.lang = answer.lang;
      frame(answer);
      document.getElementById("root").replaceChildren();
      notice(answer.labels.join, "info");
    } catch (error) { notice(String(error)); }
  }

  let source = null;   // the open event stream
  function listen() {
    const opened = new EventSource(page === "table" ? "/events/table" : "/events/seat");
    source = opened;
    opened.onopen = () => { fresh = true; };
    opened.onmessage = event => { if (opened === source) { connected(true); show(JSON.parse(event.data)); } };
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
    if (page === "season") return;   // the season's page asks for its own answer (static/season.js)
    if (page === "join") { join(); return; }
    listen();
  }

  // The page drawn again from the answer it holds (a game's page changed something of
  // its own, e.g. a word being built).
  function redraw() { if (data) show(data); }

  document.addEventListener("DOMContentLoaded", start);
  return {games, el, card, act, notice, redraw, get data() { return data; }, page, game};
})();
