// referee serve: the host's page (/host, opened with the host's secret link; see
// referee/web/host.py). Take back the last entry and put it back, give a seat a new
// link (its QR code here, and on the TV when asked), reveal a fair game, start the
// rematch, see who is connected. Every word comes from the server (/api/host), in the
// page's language; this script holds none.
"use strict";
(() => {
  const {el, notice, post} = Referee;
  let shown = "";      // the last answer drawn (without its clock): drawn again only when it changed
  let link = null;     // the new link shown here: {seat, name, qr, url}

  async function load() {
    try {
      const response = await fetch("/api/host", {credentials: "same-origin"});
      const answer = await response.json();
      if (response.status === 401) { refusedHere(answer); return; }
      draw(answer);
      connected(true);
    } catch (error) { connected(false); }
  }

  function connected(ok) {
    const status = document.getElementById("status");
    status.className = ok ? "ok" : "lost";
    document.getElementById("lost").hidden = ok;
  }

  function refusedHere(answer) {
    document.documentElement.lang = answer.lang;
    languages(answer.lang, answer.labels || {});
    document.getElementById("root").replaceChildren();
    notice(answer.error, "info");
  }

  function languages(lang, labels) {
    const nav = document.getElementById("languages");
    nav.hidden = false;
    nav.setAttribute("aria-label", labels.language_hint || "");
    for (const button of nav.querySelectorAll("button")) {
      const chosen = button.dataset.lang === lang;
      button.className = chosen ? "chosen" : "";
      button.setAttribute("aria-pressed", String(chosen));
      button.title = chosen ? "" : labels.language || "";
      button.id = chosen ? "" : "language";
      button.onclick = async () => {
        if (chosen) return;
        if (await post("/api/lang", {lang: button.dataset.lang})) { shown = ""; load(); }
      };
    }
  }

  // A host's action: its answer drawn, or its refusal said (one line, the page's language).
  async function doing(path, button, body) {
    if (button) button.disabled = true;
    const answer = await post(path, body);
    if (button) button.disabled = false;
    if (answer) { shown = ""; draw(answer); }
    return answer;
  }

  function draw(answer) {
    if (answer.link) {
      const seat = answer.link.seat;
      link = {...answer.link, name: answer.players[seat], qr: `${answer.link.qr}?v=${Date.now()}`};
    }
    const key = JSON.stringify({...answer, now: null, link: null}) + JSON.stringify(link);
    if (key === shown) return;
    shown = key;
    const host = answer.host, labels = host.labels;
    document.documentElement.lang = answer.lang;
    document.getElementById("file").textContent = answer.file;
    document.getElementById("lost-text").textContent = (answer.labels || {}).reconnecting || "";
    languages(answer.lang, labels);
    Referee.announcement(answer);
    const root = document.getElementById("root");
    const parts = [];
    if (answer.error) notice(answer.error);
    if (answer.outcome) parts.push(el("p", {class: "outcome", text: answer.outcome}));
    if (answer.situation) parts.push(el("p", {class: "situation-line status", id: "situation", text: answer.situation}));
    parts.push(el("section", {class: "host-undo", "aria-label": labels.undo},
      el("button", {type: "button", id: "host-undo", class: "host-button", disabled: !host.undo, text: labels.undo,
        onclick: event => doing("/api/host/undo", event.currentTarget)}),
      el("button", {type: "button", id: "host-redo", class: "host-button", disabled: !host.redo, text: labels.redo,
        onclick: event => doing("/api/host/redo", event.currentTarget)})));
    if (link) parts.push(linkPanel(link, host));
    const seats = host.seats.map(seat => el("li", {class: `host-seat ${seat.connected ? "on" : "off"}`, dataset: {seat: seat.seat}},
      el("span", {class: "dot", "aria-hidden": "true"}),
      el("span", {class: "name", text: seat.name}), " ",
      el("span", {class: "presence", text: seat.connected ? labels.connected : labels.away}),
      el("button", {type: "button", class: "host-button small", id: `new-link-${seat.seat}`, "aria-label": `${labels.new_link}: ${seat.name}`,
        text: labels.new_link, onclick: event => doing(`/api/host/link/${seat.seat}`, event.currentTarget)})));
    seats.push(el("li", {class: `host-seat ${host.table_connected ? "on" : "off"}`},
      el("span", {class: "dot", "aria-hidden": "true"}), el("span", {class: "name", text: labels.table}), " ",
      el("span", {class: "presence", text: host.table_connected ? labels.connected : labels.away})));
    parts.push(el("section", {class: "host-seats"}, el("h2", {text: labels.seats}), el("ul", {}, seats)));
    const more = [];
    if (host.reveal) more.push(el("button", {type: "button", id: "host-reveal", class: "host-button", text: labels.reveal,
      onclick: event => doing("/api/host/reveal", event.currentTarget)}));
    if (host.rematch) more.push(el("button", {type: "button", id: "host-rematch", class: "host-button", dataset: {action: "rematch"},
      text: labels.rematch, onclick: event => doing("/api/host/rematch", event.currentTarget, {file: answer.file})}));
    if (more.length) parts.push(el("section", {class: "host-more"}, more));
    root.replaceChildren(...parts);
  }

  function linkPanel(shownLink, host) {
    const labels = host.labels, onTv = host.showing === shownLink.seat;
    return el("section", {id: "host-link", class: "host-link", "aria-label": shownLink.name},
      el("h2", {text: `${labels.new_link}: ${shownLink.name}`}),
      el("img", {src: shownLink.qr, alt: labels.scan, width: 240, height: 240}),
      el("p", {class: "scan", text: labels.scan}),
      el("div", {class: "host-link-actions"},
        el("button", {type: "button", id: "host-show", class: "host-button", text: onTv ? labels.hide_tv : labels.show_tv,
          onclick: event => doing(onTv ? "/api/host/hide" : `/api/host/show/${shownLink.seat}`, event.currentTarget)}),
        el("button", {type: "button", id: "host-close", class: "host-button", text: labels.close,
          onclick: async event => { link = null; shown = ""; if (onTv) await doing("/api/host/hide", event.currentTarget); else load(); }})));
  }

  document.addEventListener("DOMContentLoaded", () => { load(); setInterval(load, 2000); });
})();
