// referee serve: Smitten's pages (the view is referee/web/smitten.py's). The table's
// screen draws both grids, the hands' counts and the public cards; a phone draws its
// hand, and a tapped card lights up the cells the rules allow it (the "actions" the
// server sent: the rules' legal moves), then a tapped cell sends the move. No words
// here: every text comes from the server.
"use strict";
(() => {
  const {el} = Referee;
  let chosen = null;   // the card tapped on the phone: {card, hand}
  let asking = null;   // a tapped cell that asks a question (card 5): {cell, bodies}
  let box = null;      // the phone's drawing, redrawn in place when a card is tapped

  // A Smitten card: its number, coloured by number (each grid takes one of each).
  function face(number, props) {
    const extra = (props && props.class) || "";
    return el(props && props.onclick ? "button" : "div", {type: props && props.onclick ? "button" : undefined, ...props,
      class: `card smitten n${number} ${extra}`.trim(), dataset: {card: String(number)}, "aria-label": String(number)},
      el("span", {class: "number", text: String(number)}));
  }

  function back(props) {
    const extra = (props && props.class) || "";
    return el(props && props.onclick ? "button" : "div", {type: props && props.onclick ? "button" : undefined, ...props,
      class: `card smitten back ${extra}`.trim()});
  }

  // One grid: 3×3 cells, card n in cell n; ``target(n)`` gives a cell's tap handler, if any.
  function grid(view, side, target) {
    const held = new Set(view.grids[side]);
    const pending = view.pending && view.pending.grid === side ? view.pending.card : null;
    const final = view.final && view.final[1] === side ? view.final[0] : null;
    const cells = [];
    for (let n = 1; n <= 9; n++) {
      const tap = target && target(n);
      if (held.has(n)) cells.push(el("div", {class: "cell"}, face(n, {class: n === pending ? "pending" : ""})));
      else if (n === final) cells.push(el("div", {class: "cell"}, face(n, {class: "final", title: view.words.finishing})));
      else cells.push(el(tap ? "button" : "div", {type: tap ? "button" : undefined,
        class: tap ? "cell empty target" : "cell empty", onclick: tap, dataset: {cell: `${n}${side}`},
        "aria-label": `${n}${side}`}, el("span", {class: "ghost", text: String(n)})));
    }
    return el("section", {class: "grid-box", dataset: {grid: side}},
      el("h2", {text: view.words[side]}), el("div", {class: "grid"}, cells));
  }

  // The public cards beside the grids: each hand's count (and what it shows), the deck.
  function hands(view, skip) {
    return view.hands.filter(hand => hand.seat !== skip).map(hand => el("div", {class: "hand-info", dataset: {seat: String(hand.seat)}},
      el("span", {class: "who", text: `${hand.who}: ${hand.count}`}),
      el("div", {class: "hand"}, hand.face_up.map(n => face(n, {class: "small"})),
        Array.from({length: hand.face_down}, () => back({class: "small", title: view.words.face_down})))));
  }

  function extras(view) {
    const parts = [el("p", {class: "deck", text: view.deck_words})];
    if (view.top_card) parts.push(el("div", {class: "public"}, el("span", {text: view.words.top_card}), face(view.top_card, {class: "small top"})));
    if (view.set_aside) parts.push(el("div", {class: "public"}, el("span", {text: view.words.set_aside}), face(view.set_aside, {class: "small"})));
    return parts;
  }

  function table(data, root) {
    const view = data.view;
    if (view.waiting) root.append(el("p", {class: "waiting", text: view.waiting}));
    root.append(
      el("div", {class: "grids"}, grid(view, "L"), grid(view, "R")),
      el("div", {class: "info"}, el("p", {class: "setup", text: view.setup}), hands(view, null), extras(view)));
  }

  // --- the phone -------------------------------------------------------------------

  const same = (body, pick) => body.card === pick.card && (body.hand || null) === (pick.hand || null);

  // The requests of one kind the tapped card may send.
  function bodies(view, kind, pick) {
    return pick ? (view.actions[kind] || []).filter(body => same(body, pick)) : [];
  }

  function targets(view) {
    const found = {};
    for (const kind of ["play", "place"])
      for (const body of bodies(view, kind, chosen)) (found[body.cell] = found[body.cell] || []).push([kind, body]);
    return found;
  }

  // Tap a card to choose it (again: to let it go); ``place`` tells two equal cards apart.
  function tap(card, hand, place) {
    chosen = chosen && chosen.card === card && chosen.hand === hand && chosen.place === place ? null : {card, hand, place};
    asking = null;
    draw();
  }

  async function send(kind, body) {
    if (await Referee.act(kind, body)) { chosen = null; asking = null; }
  }

  function tappable(view, card, hand) {
    const pick = {card, hand};
    return ["play", "place", "reveal", "swap"].some(kind => bodies(view, kind, pick).length);
  }

  // A hand on the phone: its face-up cards (tap one to choose it) and face-down backs.
  function handRow(view, hand, letter) {
    let cards = hand.face_up;
    if (view.physical) {  // the table's own cards: the numbers the rules would take
      cards = [...new Set(["play", "place", "reveal"].flatMap(kind => (view.actions[kind] || []).map(b => b.card)))].sort();
    }
    const flip = (view.actions.flip || []).some(body => body.hand === letter);
    return el("div", {class: "hand mine", dataset: {hand: letter || ""}},
      cards.map((n, index) => {
        const can = tappable(view, n, letter);
        const picked = chosen && chosen.card === n && chosen.hand === letter && chosen.place === index;
        return face(n, {class: `${can ? "playable" : "idle"} ${picked ? "chosen" : ""}`,
          onclick: can ? () => tap(n, letter, index) : undefined, disabled: !can});
      }),
      Array.from({length: hand.face_down}, () => back({title: view.words.flip,
        class: flip ? "playable" : "idle", onclick: flip ? () => send("flip", {hand: letter}) : undefined})));
  }

  function draw() {
    const data = Referee.data;
    if (!box || !data || !data.view) return;
    const view = data.view;
    if (chosen && !tappable(view, chosen.card, chosen.hand)) { chosen = null; asking = null; }
    const cells = targets(view);
    const solo = view.mode === "solo";
    const parts = [];
    if (view.turn) parts.push(el("p", {class: "turn", text: view.turn}));
    if (view.waiting) parts.push(el("p", {class: "waiting", text: view.waiting}));
    parts.push(el("div", {class: "grids"}, ["L", "R"].map(side => grid(view, side, n => {
      const found = cells[`${n}${side}`];
      if (!found) return null;
      return () => {
        if (found.length === 1) send(found[0][0], found[0][1]);
        else { asking = {cell: `${n}${side}`, bodies: found}; draw(); }
      };
    }))));
    if (asking) {
      parts.push(el("div", {class: "ask"}, el("p", {text: view.words.choose}),
        asking.bodies.map(([kind, body]) => el("button", {type: "button", class: "choice", dataset: {choose: body.choose},
          text: view.words[body.choose] || body.choose, onclick: () => send(kind, body)})),
        el("button", {type: "button", class: "choice cancel", text: view.words.cancel, onclick: () => { asking = null; draw(); }})));
    }
    const mine = solo ? view.hands : view.hands.filter(hand => hand.seat === view.you);
    for (const hand of mine) {
      const letter = solo ? "AB"[hand.seat] : null;
      parts.push(el("section", {class: "my-hand"}, el("h2", {text: solo ? `${hand.who}: ${hand.count}` : view.words.your_hand}),
        handRow(view, hand, letter)));
    }
    if (view.top_card && tappable(view, view.top_card, solo ? "AB"[view.pending.follower] : null)) {
      const letter = solo ? "AB"[view.pending.follower] : null;
      parts.push(el("section", {class: "my-hand"}, el("h2", {text: view.words.top_card}),
        el("div", {class: "hand mine"}, face(view.top_card, {class: `playable top ${chosen && chosen.place === "top" ? "chosen" : ""}`,
          onclick: () => tap(view.top_card, letter, "top")}))));
    }
    if (chosen) {
      const buttons = [];
      for (const body of bodies(view, "reveal", chosen))
        buttons.push(el("button", {type: "button", class: "choice", id: "reveal", text: view.words.reveal, onclick: () => send("reveal", body)}));
      for (const body of bodies(view, "swap", chosen))
        buttons.push(el("button", {type: "button", class: "choice", id: "swap", text: view.words.swap, onclick: () => send("swap", body)}));
      if (Object.keys(cells).length) parts.push(el("p", {class: "prompt", text: view.words.tap_cell}));
      if (buttons.length) parts.push(el("div", {class: "ask"}, buttons));
    } else if (Object.keys(view.actions).length) {
      parts.push(el("p", {class: "prompt", text: view.words.tap_card}));
    }
    if (!solo) parts.push(el("div", {class: "info"}, hands(view, view.you), extras(view)));
    else parts.push(el("div", {class: "info"}, extras(view)));
    box.replaceChildren(...parts);
  }

  function seat(data, root) {
    box = el("div", {class: "smitten-seat"});
    root.append(box);
    draw();
  }

  // The ending as a sentence, with the finishing touch (the envelope's outcome is its short form).
  document.addEventListener("referee:drawn", event => {
    const view = event.detail.view, shown = document.querySelector("#root > .outcome");
    if (view && view.ending && shown) shown.textContent = view.ending;
  });

  Referee.games.smitten = {table, seat};
})();
