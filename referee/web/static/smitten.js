// referee serve: Smitten's pages (the view is referee/web/smitten.py's). The table's
// screen draws both grids, the hands' counts and the public cards; a phone draws its
// hand, and a tapped card lights up the cells the rules allow it (the choices of the
// seat's decisions: the rules' legal moves, each a ready event), then a tapped cell
// posts that choice as it is. This is Smitten's own way to draw a choice (a card, then
// a cell); the page reads no card or cell: it matches the choices' cells ("5L") with
// the cells it draws. No words here: every text comes from the server.
"use strict";
(() => {
  const {el} = Referee;
  let chosen = null;   // the card tapped on the phone: {card, hand}
  let asking = null;   // a tapped cell that asks a question (card 5): {cell, moves}
  let box = null;      // the phone's drawing, redrawn in place when a card is tapped
  let names = {};      // each card's accessible name (its number and instruction), from the view's words

  // A Smitten card: its number, coloured by number (each grid takes one of each); its
  // name says its instruction. A card that is no control is an image of a card (role img).
  function face(number, props) {
    const extra = (props && props.class) || "";
    const control = props && props.onclick;
    return el(control ? "button" : "div", {type: control ? "button" : undefined, role: control ? undefined : "img", ...props,
      class: `card smitten n${number} ${extra}`.trim(), dataset: {card: String(number)}, "aria-label": names[number] || String(number)},
      el("span", {class: "number", "aria-hidden": "true", text: String(number)}));
  }

  // The end of the game: the result, large, and why (the voice's words).
  function result(view) {
    if (!view.result) return null;
    return el("section", {class: `smitten-result ${view.result.won ? "won" : "lost"}`, id: "result"},
      el("h2", {class: "result-title", text: view.result.title}), el("p", {class: "why", text: view.result.why}));
  }

  // A face-down card, named by its title ("face down") or its move; an image unless tapped.
  function back(props) {
    const extra = (props && props.class) || "";
    const control = props && props.onclick;
    return el(control ? "button" : "div", {type: control ? "button" : undefined, role: control ? undefined : "img",
      "aria-label": props && props.title, ...props, class: `card smitten back ${extra}`.trim()});
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
      else cells.push(el(tap ? "button" : "div", {type: tap ? "button" : undefined, role: tap ? undefined : "img",
        class: tap ? "cell empty target" : "cell empty", onclick: tap, dataset: {cell: `${n}${side}`},
        "aria-label": `${view.words[side]}, ${view.words.cells[n]}`}, el("span", {class: "ghost", "aria-hidden": "true", text: String(n)})));
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
    names = view.words.cards || {};
    root.append(result(view) || "",
      el("div", {class: "grids"}, grid(view, "L"), grid(view, "R")),
      el("div", {class: "info"}, el("p", {class: "setup", text: view.setup}), hands(view, null), extras(view)));
  }

  // --- the phone -------------------------------------------------------------------

  const KINDS = ["play", "place", "reveal", "flip", "swap"];
  // The moves the rules list for this seat now: every choice of its decisions, with its
  // decision (to post it) and its label. Smitten draws them all itself (Referee.take).
  function moves(data) {
    return KINDS.map(kind => Referee.take(kind)).filter(Boolean)
      .flatMap(decision => decision.choices.map((choice, index) => ({decision, choice, label: decision.labels[index]})));
  }
  // A move of the card numbered n (played or placed into one of its two cells, revealed, swapped).
  const cellsOf = n => [`${n}L`, `${n}R`];
  const ofCard = (move, n) => ["play", "place"].includes(move.decision.kind) ? cellsOf(n).includes(move.choice.card) : move.choice.card === n;
  const same = (move, pick) => pick && move.decision.kind !== "flip" && ofCard(move, pick.card) && (move.choice.hand || null) === (pick.hand || null);

  // The moves of some kinds the tapped card may make.
  function chosenMoves(all, kinds, pick) { return all.filter(move => kinds.includes(move.decision.kind) && same(move, pick)); }

  function targets(all) {
    const found = {};
    for (const move of chosenMoves(all, ["play", "place"], chosen)) (found[move.choice.card] = found[move.choice.card] || []).push(move);
    return found;
  }

  // Tap a card to choose it (again: to let it go); ``place`` tells two equal cards apart.
  function tap(card, hand, place) {
    chosen = chosen && chosen.card === card && chosen.hand === hand && chosen.place === place ? null : {card, hand, place};
    asking = null;
    draw();
  }

  async function send(move) {
    if (await Referee.choose(move.decision, move.choice, box)) { chosen = null; asking = null; }
  }

  function tappable(all, card, hand) {
    return chosenMoves(all, ["play", "place", "reveal", "swap"], {card, hand}).length > 0;
  }

  // A hand on the phone: its face-up cards (tap one to choose it) and face-down backs.
  function handRow(view, all, hand, letter) {
    let cards = hand.face_up;
    if (view.physical) {  // the table's own cards: the numbers the rules would take
      cards = [...new Set(all.filter(m => m.decision.kind !== "flip").flatMap(m => [1, 2, 3, 4, 5, 6, 7, 8, 9].filter(n => ofCard(m, n))))].sort();
    }
    const flip = all.find(move => move.decision.kind === "flip" && (move.choice.hand || null) === letter);
    return el("div", {class: "hand mine", dataset: {hand: letter || ""}},
      cards.map((n, index) => {
        const can = tappable(all, n, letter);
        const picked = chosen && chosen.card === n && chosen.hand === letter && chosen.place === index;
        return face(n, {class: `${can ? "playable" : "idle"} ${picked ? "chosen" : ""}`,
          onclick: can ? () => tap(n, letter, index) : undefined, disabled: !can});
      }),
      Array.from({length: hand.face_down}, () => back({title: view.words.flip, "aria-label": flip ? flip.label : view.words.face_down,
        class: flip ? "playable" : "idle", onclick: flip ? () => send(flip) : undefined})));
  }

  function draw() {
    const data = Referee.data;
    if (!box || !data || !data.view) return;
    const view = data.view, all = moves(data);
    if (chosen && !tappable(all, chosen.card, chosen.hand)) { chosen = null; asking = null; }
    const cells = targets(all);
    const solo = view.mode === "solo";
    names = view.words.cards || {};
    const parts = [result(view)].filter(Boolean);
    if (view.result) parts.push(el("div", {id: "celebration"}));   // the end's season line and rematch, below the result
    const first = (data.decisions || [])[0];
    if (first) parts.push(el("p", {class: "turn", id: "prompt", text: first.prompt}));
    parts.push(el("div", {class: "grids"}, ["L", "R"].map(side => grid(view, side, n => {
      const found = cells[`${n}${side}`];
      if (!found) return null;
      return () => {
        if (found.length === 1) send(found[0]);
        else { asking = {cell: `${n}${side}`, moves: found}; draw(); }
      };
    }))));
    if (asking) {
      parts.push(el("div", {class: "ask"}, el("p", {text: view.words.choose}),
        asking.moves.map(move => el("button", {type: "button", class: "choice", dataset: {choose: move.choice.choose},
          text: view.words[move.choice.choose] || move.label, "aria-label": move.label, onclick: () => send(move)})),
        el("button", {type: "button", class: "choice cancel", text: view.words.cancel, onclick: () => { asking = null; draw(); }})));
    }
    const mine = solo ? view.hands : view.hands.filter(hand => hand.seat === view.you);
    for (const hand of mine) {
      if (view.result && !hand.cards) continue;   // over, and nothing left in it
      const letter = solo ? "AB"[hand.seat] : null;
      parts.push(el("section", {class: "my-hand"}, el("h2", {text: solo ? `${hand.who}: ${hand.count}` : view.words.your_hand}),
        handRow(view, all, hand, letter)));
    }
    if (view.top_card && tappable(all, view.top_card, solo ? "AB"[view.pending.follower] : null)) {
      const letter = solo ? "AB"[view.pending.follower] : null;
      parts.push(el("section", {class: "my-hand"}, el("h2", {text: view.words.top_card}),
        el("div", {class: "hand mine"}, face(view.top_card, {class: `playable top ${chosen && chosen.place === "top" ? "chosen" : ""}`,
          onclick: () => tap(view.top_card, letter, "top")}))));
    }
    if (chosen) {
      const buttons = [];
      for (const move of chosenMoves(all, ["reveal"], chosen))
        buttons.push(el("button", {type: "button", class: "choice", id: "reveal", text: view.words.reveal, "aria-label": move.label, onclick: () => send(move)}));
      for (const move of chosenMoves(all, ["swap"], chosen))
        buttons.push(el("button", {type: "button", class: "choice", id: "swap", text: view.words.swap, "aria-label": move.label, onclick: () => send(move)}));
      if (Object.keys(cells).length) parts.push(el("p", {class: "prompt", text: view.words.tap_cell}));
      if (buttons.length) parts.push(el("div", {class: "ask"}, buttons));
    } else if (all.length) {
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

  // The ending: Smitten's own result and why (drawn above) say what the envelope's short
  // outcome says; without them, the ending as a sentence, with the finishing touch.
  document.addEventListener("referee:drawn", event => {
    const view = event.detail.view, shown = document.querySelector("#root .outcome");   // also in common.js celebrate()
    if (!view || !shown) return;
    if (view.result && document.getElementById("result")) {
      shown.hidden = true;   // the result says it, larger
      const party = shown.closest("#celebration");   // nothing else in it (no season, no rematch here): not shown
      if (party && [...party.children].every(part => part.hidden)) party.hidden = true;
    }
    else if (view.ending) shown.textContent = view.ending;
  });

  Referee.games.smitten = {table, seat};
})();
