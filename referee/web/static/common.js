// referee serve: what every page shares. A game's script (static/GAME.js) registers
//   Referee.games[GAME] = {table(data, root), seat(data, root)}
// and draws the envelope's "view" (referee/web/contract.py) into root. Pages hold no
// words of their own: every text comes from the server, in the page's language.
"use strict";
const Referee = (() => {
  const page = document.body.dataset.page;   // "table", "seat" or "join"
  const game = document.body.dataset.game;
  const games = {};
  let data = null;

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
        method: "POST", headers: {"Content-Type": "application/json"},
        body: JSON.stringify(body || {}), credentials: "same-origin"});
      answer = await response.json();
      if (!response.ok) { notice(answer.error || String(response.status)); return false; }
    } catch (error) { notice(String(error)); return false; }
    notice("");
    show(answer);
    return true;
  }

  async function chooseLanguage(lang) {
    await fetch("/api/lang", {method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({lang}), credentials: "same-origin"});
    location.reload();
  }

  function show(next) {
    if (data && next.version < data.version) return;
    data = next;
    document.documentElement.lang = next.lang;
    document.getElementById("file").textContent = next.name ? `${next.name} · ${next.file}` : next.file;
    const root = document.getElementById("root");
    root.replaceChildren();
    if (next.error) { notice(next.error); return; }
    const drawer = games[game];
    if (drawer && next.view) drawer[page === "table" ? "table" : "seat"](next, root);
    if (next.outcome) root.prepend(el("p", {class: "outcome", text: next.outcome}));
    if (page === "seat") {
      const other = next.lang === "nl" ? "en" : "nl";
      root.append(el("p", {class: "language"},
        el("button", {type: "button", class: "link", id: "language", text: next.labels.language,
          onclick: () => chooseLanguage(other)})));
    }
    document.dispatchEvent(new CustomEvent("referee:drawn", {detail: next}));
  }

  function start() {
    if (page === "join") {
      fetch("/api/table").then(r => r.json()).then(d => notice(d.labels.join, "info"));
      return;
    }
    const source = new EventSource(page === "table" ? "/events/table" : "/events/seat");
    const status = document.getElementById("status");
    source.onmessage = event => { status.className = "ok"; status.textContent = ""; show(JSON.parse(event.data)); };
    source.onerror = () => {
      status.className = "lost";
      status.textContent = data ? data.labels.reconnecting : "…";
    };
  }

  document.addEventListener("DOMContentLoaded", start);
  return {games, el, card, act, notice, get data() { return data; }, page, game};
})();
