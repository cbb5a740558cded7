// Spellcrafter's pages: the table's screen (a TV) and a seat's phone, drawn from the
// view that referee/web/spell.py computes. Every word comes from the server; this file
// holds symbols only.
"use strict";
(() => {
  const el = Referee.el;
  const SPECIAL = {"double-double": "⧉", "toil": "+1", "trouble": "?"};
  const ARROW = {left: "←", right: "→"};

  // A Spellcrafter card from the server's description: letters and value, or a special
  // card's symbol and name; coloured by suit.
  function card(c, extra) {
    const classes = ["card", "spell", `suit-${c.suit}`, c.special ? "special" : "letter", c.letters === "QU" ? "qu" : "", extra || ""];
    if (c.special) {
      return el("div", {class: classes.join(" ").trim(), dataset: {card: c.card}, role: "img", "aria-label": c.card},
        el("span", {class: "mark", text: SPECIAL[c.special] || "★"}),
        el("span", {class: "name", text: c.name}));
    }
    return el("div", {class: classes.join(" ").trim(), dataset: {card: c.card}, role: "img", "aria-label": c.card},
      el("span", {class: "value", text: c.value}),
      el("span", {class: "letters", text: c.letters === "QU" ? "Qu" : c.letters}),
      el("span", {class: "suit-dot"}));
  }

  // One letter of a scored word: the letter shown, its value after Toil, its suit.
  function tile(letter) {
    const shown = letter.letter === "QU" ? "Qu" : letter.letter;
    return el("span", {class: `tile suit-${letter.suit || "none"} kind-${letter.kind}${letter.toil ? " toil" : ""}${shown.length > 1 ? " qu" : ""}`,
      title: letter.note || letter.card, dataset: {card: letter.card}},
      el("span", {class: "letters", text: shown}),
      el("span", {class: "value", text: letter.value}));
  }

  function head(view, compact) {
    return el("section", {class: `sc-head${compact ? " compact" : ""}`},
      el("div", {class: "sc-round"},
        el("span", {class: "big", text: view.heading}), " ",
        el("span", {class: "of", text: view.of_rounds})),
      el("div", {class: "sc-pass", dataset: {passing: view.passing}},
        el("span", {class: "arrow", text: ARROW[view.passing] || ""}), " ", view.pass_text),
      view.jumper && el("div", {class: "sc-jumper"},
        card(view.jumper, "jumper"), el("span", {class: "label", text: view.labels.jumper})));
  }

  function notes(view) {
    return el("ul", {class: "sc-notes"},
      view.notes.map(n => el("li", {class: `note-${n.kind}`, text: n.text})));
  }

  function word(entry) {
    const w = entry.word;
    const row = el("div", {class: "sc-word"},
      el("div", {class: "tiles"}, w.letters.map(tile)),
      el("div", {class: "detail", text: `${w.detail} = ${w.points}`}));
    const noted = w.letters.filter(l => l.note);
    if (noted.length) {
      row.append(el("ul", {class: "letter-notes"},
        noted.map(l => el("li", {text: `${l.position}. ${l.letter}: ${l.note}`}))));
    }
    if (w.instant_win && !entry.fallen) row.append(el("div", {class: "instant"}, "★"));
    return row;
  }

  function entryRow(entry, labels) {
    const row = el("div", {class: `sc-entry status-${entry.status}${entry.fallen ? " fallen" : ""}`,
      dataset: {seat: entry.seat}},
      el("div", {class: "who"}, el("span", {class: "name", text: entry.name})),
      el("div", {class: "what"},
        entry.status === "word" ? word(entry) : el("span", {class: "text", text: entry.text})),
      el("div", {class: "points", text: entry.status === "waiting" ? "" : entry.points}));
    const what = row.querySelector(".what");
    if (entry.challenge) what.append(el("div", {class: `challenge ${entry.challenge.valid ? "valid" : "invalid"}`,
      text: entry.challenge.text}));
    if (entry.fallen) what.append(el("div", {class: "fallen-note", text: labels.fallen}));
    if (entry.penalty) what.append(el("div", {class: "penalty", text: entry.penalty}));
    return row;
  }

  function words(view) {
    return el("section", {class: "sc-words"},
      el("h2", {text: view.latest.title}),
      view.latest.entries.map(e => entryRow(e, view.labels)));
  }

  function standings(view) {
    return el("section", {class: "sc-standings"},
      el("h2", {text: view.labels.standings}),
      el("table", {},
        el("thead", {}, el("tr", {}, el("th", {}), view.columns.map(c => el("th", {text: c})),
          el("th", {text: view.labels.total}))),
        el("tbody", {}, view.standings.map(s => el("tr", {class: s.leader ? "leader" : "", dataset: {seat: s.seat}},
          el("th", {text: s.name}), s.rounds.map(p => el("td", {text: p})),
          el("td", {class: "total", text: s.total}))))));
  }

  function table(data, root) {
    const view = data.view;
    root.append(head(view, false), notes(view),
      el("div", {class: "sc-main"}, words(view), standings(view)));
  }

  let confirming = false;
  function passButton(view) {
    const body = view.actions.pass;
    if (!body) return null;
    const button = el("button", {type: "button", class: "sc-pass-button", id: "pass",
      text: confirming ? view.labels.pass_confirm : view.labels.pass});
    if (confirming) button.classList.add("confirm");
    button.addEventListener("click", async () => {
      if (!confirming) {
        confirming = true;
        button.textContent = view.labels.pass_confirm;
        button.classList.add("confirm");
        return;
      }
      confirming = false;
      await Referee.act("pass", body);
    });
    return button;
  }

  function seat(data, root) {
    const view = data.view;
    if (!view.actions.pass) confirming = false;
    root.append(head(view, true));
    if (view.turn) root.append(el("p", {class: "sc-turn", text: view.turn}));
    root.append(notes(view));
    if (view.hand.length) {
      root.append(el("section", {class: "sc-hand"},
        el("h2", {text: view.hand_title}),
        el("div", {class: "hand spell-hand", id: "hand"}, view.hand.map(c => card(c)))));
    }
    if (view.hand_note) root.append(el("p", {class: "sc-hand-note", text: view.hand_note}));
    if (view.own) {
      root.append(el("section", {class: "sc-own"}, el("h2", {text: view.own.title}),
        entryRow(view.own, view.labels)));
    }
    const button = passButton(view);
    if (button) root.append(button);
    root.append(el("p", {class: "sc-total", text: view.total_text}));
  }

  Referee.games.spellcrafter = {table, seat};
})();
