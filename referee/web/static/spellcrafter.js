// Spellcrafter's pages: the table's screen (a TV) and a seat's phone, drawn from the
// view that referee/web/spell.py computes and the seat's decisions (SPEC §6.7). Every
// word comes from the server; this file holds symbols only. It draws its own kinds of
// choice: the pick (a card to keep, two players also one to discard), the word (the
// form's drawer: the word builder fills the form's "cards"), a pass and a challenge
// (two taps each); each posts the listed choice, or the form, as it is.
"use strict";
(() => {
  const el = Referee.el;
  const SPECIAL = {"double-double": "⧉", "toil": "+1", "trouble": "?"};
  const ARROW = {left: "←", right: "→"};
  // Each suit has a shape as well as its colour (a colour-blind player tells the flush).
  const SUIT = {familiars: "▲", sigils: "✶", cauldrons: "♨", moons: "☾", none: ""};
  const suitMark = suit => el("span", {class: "suit-mark", "aria-hidden": "true", text: SUIT[suit] || ""});

  // A Spellcrafter card from the server's description: letters and value, or a special
  // card's symbol and name; its suit by colour and shape; named for a screen reader by
  // the server ("B, 3 points, moons"). With onclick: a button to tap.
  function card(c, extra, onclick) {
    const classes = ["card", "spell", `suit-${c.suit}`, c.special ? "special" : "letter", c.letters === "QU" ? "qu" : "", extra || ""];
    const label = c.label || c.card;
    const props = onclick
      ? {type: "button", class: `${classes.join(" ").trim()} tap`, dataset: {card: c.card}, "aria-label": label, onclick}
      : {class: classes.join(" ").trim(), dataset: {card: c.card}, role: "img", "aria-label": label};
    if (c.special) {
      return el(onclick ? "button" : "div", props,
        el("span", {class: "mark", text: SPECIAL[c.special] || "★"}),
        el("span", {class: "name", text: c.name}), suitMark(c.suit));
    }
    return el(onclick ? "button" : "div", props,
      el("span", {class: "value", text: c.value}),
      el("span", {class: "letters", text: c.letters === "QU" ? "Qu" : c.letters}),
      suitMark(c.suit));
  }

  // One letter of a scored word: the letter shown, its value after Toil, its suit.
  function tile(letter) {
    const shown = letter.letter === "QU" ? "Qu" : letter.letter;
    return el("span", {class: `tile suit-${letter.suit || "none"} kind-${letter.kind}${letter.toil ? " toil" : ""}${shown.length > 1 ? " qu" : ""}`,
      title: letter.note || letter.card, dataset: {card: letter.card}},
      el("span", {class: "letters", text: shown}),
      el("span", {class: "value", text: letter.value}), suitMark(letter.suit || "none"));
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

  function wordRow(entry) {
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
      el("div", {class: "who"}, entry.status === "entered" ? el("span", {class: "entered-mark", "aria-hidden": "true", text: "✓ "}) : null,
        el("span", {class: "name", text: entry.name})),
      el("div", {class: "what"},
        entry.status === "word" ? wordRow(entry) : el("span", {class: "text", text: entry.text})),
      el("div", {class: "points", text: entry.status === "waiting" || entry.status === "entered" ? "" : entry.points}));  // face down: no score
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
        el("thead", {}, el("tr", {}, el("td", {}), view.columns.map(c => el("th", {text: c})),
          el("th", {text: view.labels.total}))),
        el("tbody", {}, view.standings.map(s => el("tr", {class: s.leader ? "leader" : "", dataset: {seat: s.seat}},
          el("th", {text: s.name}), s.rounds.map(p => el("td", {text: p})),
          el("td", {class: "total", text: s.total}))))));
  }

  // The crafting clock: counted down here to its deadline, a moment of the server's clock,
  // the same in every answer (a tap never restarts it); "time is up" at zero. This
  // device's error is measured once per answer received, never on a redraw: an answer's
  // "now" was true when it was made, so now minus the arrival is at most the error, and
  // the largest of the last few is the closest.
  let clockOffset = 0, shownClock = null, measured = null, offsets = [];
  function measure(data) {
    if (!data.now || data === measured) return;
    measured = data;
    offsets = [...offsets.slice(-7), Date.parse(data.now) - Date.now()];
    clockOffset = Math.max(...offsets);
  }
  document.addEventListener("referee:drawn", event => measure(event.detail));
  function clockText(c) {
    const end = c.deadline ? Date.parse(c.deadline) : Date.parse(c.start) + c.seconds * 1000;
    const left = Math.min(c.seconds * 1000, end - (Date.now() + clockOffset));
    if (left <= 0) return c.time_up;
    const seconds = Math.ceil(left / 1000);
    return `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
  }
  function tick() {
    const node = document.getElementById("clock-time");
    if (!node || !shownClock) return;
    const text = clockText(shownClock);
    if (node.textContent !== text) node.textContent = text;
    node.parentElement.classList.toggle("up", text === shownClock.time_up);
  }
  setInterval(tick, 200);
  function clockPanel(data) {
    const c = data.view.clock;
    shownClock = c;
    measure(data);
    if (!c) return null;
    const text = clockText(c);
    return el("section", {class: `sc-clock${text === c.time_up ? " up" : ""}`, id: "clock"},
      el("span", {class: "label", text: c.title}), " ",
      el("span", {class: "time", id: "clock-time", text}));
  }

  // The draft as everyone may see it: the pick being made, who has picked (never what).
  function draftPanel(view) {
    const d = view.draft;
    if (!d) return null;
    return el("section", {class: "sc-draft", id: "draft"},
      el("h2", {}, el("span", {class: "pick", text: d.heading})),
      el("ul", {class: "seats"}, d.seats.map(s => el("li", {class: `state-${s.state}`, dataset: {seat: s.seat}},
        el("span", {class: "mark", text: s.state === "picking" ? "…" : "✓"}),
        el("span", {class: "name", text: s.name}), " ",
        el("span", {class: "state", text: s.text}), " ",
        el("span", {class: "count", text: s.count_text}),
        s.selected && s.selected.length ? el("div", {class: "face-up"}, s.selected.map(c => card(c, "small"))) : null))));
  }

  // The words of the round being drafted are all still to come: the TV shows the draft
  // instead (between rounds, the words of the round before and the next round's draft).
  function drafting(view) {
    return view.draft && view.latest.number === view.round;
  }

  // The round's story (view.story: from its last word until the next round's first
  // entry, and once the game is over): its words with their breakdowns and challenges,
  // instead of the next round's draft, which has not begun.
  function table(data, root) {
    const view = data.view;
    root.append(head(view, false), clockPanel(data) || "", notes(view),
      el("div", {class: `sc-main${view.story ? " story" : ""}`},
        el("div", {class: "sc-left"}, view.story ? null : draftPanel(view), drafting(view) && !view.story ? null : words(view)),
        standings(view)));
  }

  // Two taps for what cannot be taken back from a phone (a pass, a challenge): the first
  // asks to be sure. `confirming` names the button waiting for its second tap.
  let confirming = null;
  function twoTaps(id, text, confirmText, extra, then) {
    const sure = confirming === id;
    const button = el("button", {type: "button", class: `${extra}${sure ? " confirm" : ""}`, id, text: sure ? confirmText : text});
    button.addEventListener("click", async () => {
      if (confirming !== id) { confirming = id; Referee.redraw(); return; }
      confirming = null;
      await then();
    });
    return button;
  }

  // A button that may be off: disabled, and saying so to a screen reader (aria-disabled);
  // common.css draws it plainly off (dashed, no fill), not by colour alone.
  function action(props) {
    return el("button", {type: "button", ...props, "aria-disabled": props.disabled ? "true" : "false"});
  }

  function passButton(view) {
    const decision = Referee.take("pass");
    if (!decision) return null;
    return twoTaps("pass", view.labels.pass, view.labels.pass_confirm, "sc-pass-button", () => Referee.choose(decision, decision.choices[0]));
  }

  // --- the draft on a phone: tap the card to keep (two players: and one to discard),
  // then confirm; the pick sent names the pick the page showed, so another seat's pick
  // meanwhile does not stand in the way, and a pick the seat has moved past is refused ---
  // Cards chosen by what they are (the card's token and which of its equals it is), not by
  // their place: after a pick, or when the hand is drawn again, the badge stays on the card
  // chosen or goes, never onto the card that moved into its place.
  let choice = {key: null, keep: null, discard: null};
  function identities(hand) {
    const seen = {};
    return hand.map(c => { seen[c.card] = (seen[c.card] || 0) + 1; return `${c.card}#${seen[c.card]}`; });
  }
  function draftSection(view) {
    const d = view.draft_seat, decision = Referee.take("pick");
    const pick = decision && {discard: decision.choices.some(c => "discard" in c)};
    const key = `${d.round}/${d.pick}/${pick ? "picking" : "picked"}`;
    const ids = identities(d.hand);
    if (choice.key !== key) choice = {key, keep: null, discard: null};
    if (choice.keep !== null && !ids.includes(choice.keep)) choice.keep = null;
    if (choice.discard !== null && !ids.includes(choice.discard)) choice.discard = null;
    const chosen = i => ids[i] === choice.keep ? "keep" : ids[i] === choice.discard ? "discard" : "";
    const tap = i => () => {
      if (!pick) return;
      const id = ids[i];
      if (!pick.discard) choice.keep = choice.keep === id ? null : id;   // another card: the choice moves to it
      else if (choice.keep === id) choice.keep = null;
      else if (choice.discard === id) choice.discard = null;
      else if (choice.keep === null) choice.keep = id;
      else choice.discard = id;
      Referee.redraw();
    };
    const cardOf = id => d.hand[ids.indexOf(id)];
    const hand = el("div", {class: `hand spell-hand${pick ? "" : " passive"}`, id: "hand"}, d.hand.map((c, i) => {
      const shown = card(c, chosen(i), pick ? tap(i) : null);
      if (chosen(i)) {
        shown.append(el("span", {class: "badge", text: d.labels[chosen(i)]}));
        if (pick) shown.setAttribute("aria-pressed", "true");
      } else if (pick) shown.setAttribute("aria-pressed", "false");
      return shown;
    }));
    const section = el("section", {class: "sc-hand sc-draft-seat"}, el("h2", {text: d.hand_title}), hand);
    if (pick) {
      const ready = choice.keep !== null && (!pick.discard || (choice.discard !== null && choice.discard !== choice.keep));
      section.append(el("div", {class: "sc-buttons"},
        action({class: "sc-action", id: "pick-confirm", disabled: !ready,
          text: pick.discard ? d.labels.confirm : d.labels.keep_one,
          onclick: async () => {
            if (choice.keep === null || (pick.discard && choice.discard === null)) return;
            const keep = cardOf(choice.keep).card, discard = pick.discard ? cardOf(choice.discard).card : undefined;
            const listed = decision.choices.find(c => c.card === keep && c.discard === discard);
            if (listed && await Referee.choose(decision, listed)) { choice = {key: null, keep: null, discard: null}; Referee.redraw(); }
          }}),
        action({class: "sc-action secondary", id: "pick-cancel", disabled: choice.keep === null && choice.discard === null,
          text: d.labels.cancel, onclick: () => { choice = {key, keep: null, discard: null}; Referee.redraw(); }})));
    }
    const piles = el("section", {class: "sc-piles"});
    if (d.selected && d.selected.length) {
      piles.append(el("h2", {text: d.selected_title}), el("div", {class: "pile", id: "selected"}, d.selected.map(c => card(c, "small"))));
    } else if (!d.selected && d.kept) {   // face down until the draft is over: only how many
      piles.append(el("h2", {text: d.selected_title}),
        el("div", {class: "pile face-down-pile", id: "selected"},
          Array.from({length: d.kept}, () => el("div", {class: "card spell small back", "aria-hidden": "true"})),
          el("span", {class: "kept", text: d.kept_text})));
    }
    if (d.discarded.length) piles.append(el("h2", {text: d.discarded_title}), el("div", {class: "pile", id: "discarded"}, d.discarded.map(c => card(c, "small"))));
    if (d.last) piles.append(el("h2", {text: d.last_title}), el("div", {class: "pile", id: "last"}, card(d.last, "small face-down")));
    return [section, piles];
  }

  // --- a word built by tapping the cards in order; the server scores it as it grows ---
  let word = {round: null, items: [], asking: null, preview: null, sent: 0};
  function tokens() { return word.items.map(item => item.token); }
  function lettersSoFar() { return word.items.filter(item => !item.toil); }

  async function previewWord() {
    const sent = ++word.sent;
    const cards = tokens();
    let answer = null;
    if (cards.length) {
      try {
        const response = await fetch("/api/seat/preview", {method: "POST", credentials: "same-origin",
          headers: {"Content-Type": "application/json"}, body: JSON.stringify({cards})});
        const body = await response.json();
        answer = response.ok ? body.preview : {score: null, refusal: body.error};
      } catch (error) { answer = {score: null, refusal: Referee.unreachable()}; }   // no server: said in the page's language
    }
    if (sent !== word.sent) return;   // a later change asked again
    word.preview = answer;
    Referee.redraw();
  }

  function add(item) { word.items.push(item); word.asking = null; word.preview = null; previewWord(); Referee.redraw(); }
  function takeBack(from) { word.items = word.items.slice(0, from); word.asking = null; word.preview = null; previewWord(); Referee.redraw(); }

  // What a special card (or the Qu card) asks when tapped, as buttons of the answers.
  function question(craft) {
    const ask = word.asking;
    if (!ask) return null;
    const c = ask.card, labels = craft.labels, fill = value => c.template.replace("#", value);
    let options = [];
    if (ask.asks === "letter") {
      options = [...craft.alphabet].map(letter => ({text: letter, item: {token: fill(letter), shows: letter}}));
    } else if (ask.asks === "copies") {
      const seen = [...new Set(lettersSoFar().filter(item => item.letterCard).map(item => item.shows))];
      options = seen.map(letter => ({text: letter === "QU" ? "Qu" : letter, item: {token: fill(letter), shows: letter}}));
    } else if (ask.asks === "toil") {
      const toiled = new Set(word.items.filter(item => item.toil).map(item => item.target));
      options = lettersSoFar().map((item, i) => ({item, position: i + 1}))
        .filter(o => o.item.letterCard && !toiled.has(o.position))
        .map(o => ({text: `${o.position}. ${o.item.shows === "QU" ? "Qu" : o.item.shows}`,
          item: {token: fill(String(o.position)), shows: "+1", toil: true, target: o.position}}));
    } else if (ask.asks === "qu") {
      options = [{text: "Qu", item: {token: c.token, shows: "QU", letterCard: true}},
                 {text: "Q", item: {token: c.short, shows: "Q", letterCard: true}}];
    }
    const title = {letter: labels.asks_letter, copies: labels.asks_copies, toil: labels.asks_toil, qu: labels.asks_qu}[ask.asks];
    return el("section", {class: "sc-question", id: "question"},
      el("p", {text: title}),
      options.length ? el("div", {class: `answers asks-${ask.asks}`}, options.map(o => el("button", {type: "button", class: "answer",
        dataset: {answer: o.text}, text: o.text, onclick: () => add({...o.item, key: ask.key, suit: c.suit, special: c.special})})))
        : el("p", {class: "muted", text: labels.no_letter}),
      el("button", {type: "button", class: "sc-action secondary", text: labels.cancel,
        onclick: () => { word.asking = null; Referee.redraw(); }}));
  }

  function tapCard(c, key) {
    if (c.asks) { word.asking = {card: c, key, asks: c.asks}; Referee.redraw(); return; }
    add({token: c.token, shows: c.shows, letterCard: true, key, suit: c.suit, jumper: !!c.jumper});
  }

  function craftSection(view) {
    const craft = view.craft, labels = craft.labels, form = Referee.take("word");
    if (word.round !== craft.round) word = {round: craft.round, items: [], asking: null, preview: null, sent: word.sent};
    const used = new Set(word.items.map(item => item.key));
    const chips = word.items.map((item, i) => el("button", {type: "button",
      class: `chip suit-${item.suit}${item.toil ? " toil" : ""}${item.jumper ? " jumper" : ""}${item.special ? " special" : ""}`,
      dataset: {token: item.token}, onclick: () => takeBack(i)},
      el("span", {class: "letters", text: item.shows === "QU" ? "Qu" : item.shows}), suitMark(item.suit)));  // a shape beside the colour
    const cards = craft.cards.map((c, i) => card(c, used.has(`c${i}`) ? "used" : "", used.has(`c${i}`) ? null : () => tapCard(c, `c${i}`)));
    const jumper = craft.jumper && el("div", {class: "sc-jumper-card"},
      card(craft.jumper, `jumper${used.has("J") ? " used" : ""}`, used.has("J") ? null : () => tapCard(craft.jumper, "J")),
      el("span", {class: "label", text: craft.stand_in || view.labels.jumper}));
    const p = word.preview;
    let scored = null;
    if (p && p.score) scored = el("div", {class: "sc-preview", id: "preview"},
      el("div", {class: "score", text: `${p.score.word} · ${p.score.points}`}),
      el("div", {class: "detail", text: p.score.detail}),
      el("ul", {class: "letter-notes"}, p.score.letters.filter(l => l.note).map(l => el("li", {text: `${l.position}. ${l.letter}: ${l.note}`}))));
    else if (p && p.refusal) scored = el("p", {class: "sc-preview refusal", id: "preview", text: p.refusal});
    return el("section", {class: "sc-craft", id: "craft"},
      el("h2", {text: labels.title}),
      form && el("p", {class: "prompt", id: "prompt-word", text: form.prompt}),
      el("div", {class: "sc-spelled", id: "word"}, chips.length ? chips : el("span", {class: "muted", text: labels.empty})),
      question(craft),
      el("div", {class: "hand spell-hand", id: "craft-cards"}, cards, jumper),
      scored,
      el("div", {class: "sc-buttons"},
        form && action({class: "sc-action", id: "enter-word", disabled: !(p && p.score), text: labels.enter,
          onclick: async () => {
            if (await Referee.choose(form, Referee.filled(form, tokens()))) word = {round: null, items: [], asking: null, preview: null, sent: word.sent};
          }}),
        action({class: "sc-action secondary", id: "clear-word", disabled: !word.items.length, text: labels.clear,
          onclick: () => takeBack(0)})),
      el("p", {class: "sc-hint", text: labels.hint}));
  }

  // --- challenges: another seat's word of the latest round, judged by the table's dictionary ---
  function challengeSection(view, data) {
    const c = view.challenges, decision = Referee.take("challenge");
    if (!c || !decision) return null;
    const choiceOf = t => decision.choices.find(choice => choice.player === data.players[t.seat]);
    return el("section", {class: "sc-challenges", id: "challenges"}, el("h2", {text: c.title}),
      c.targets.filter(choiceOf).map(t => twoTaps(`challenge-${t.seat}`, t.text, t.confirm, "sc-action challenge-button",
        () => Referee.choose(decision, choiceOf(t)))));
  }

  function seat(data, root) {
    const view = data.view;
    if (confirming === "pass" && !(data.decisions || []).some(d => d.kind === "pass")) confirming = null;
    root.append(head(view, true));
    const d = view.draft_seat;
    if (d) root.append(el("p", {class: "sc-turn", id: "turn", text: `${d.heading}: ${d.status}`}));
    root.append(notes(view));
    const timer = clockPanel(data);
    if (timer) root.append(timer);
    if (view.draft_seat) root.append(...draftSection(view));
    if (view.craft) root.append(craftSection(view));
    if (view.hand.length) {
      root.append(el("section", {class: "sc-hand"},
        el("h2", {text: view.hand_title}),
        el("div", {class: "hand spell-hand", id: "hand"}, view.hand.map(c => card(c)))));
    }
    if (view.hand_note) root.append(el("p", {class: "sc-hand-note", text: view.hand_note}));
    if (view.story) root.append(words(view));   // the round's story, every word with its breakdown
    else if (view.own) {
      root.append(el("section", {class: "sc-own"}, el("h2", {text: view.own.title}),
        entryRow(view.own, view.labels)));
    }
    const button = passButton(view);
    if (button) root.append(button);
    const challenges = challengeSection(view, data);
    if (challenges) root.append(challenges);
    root.append(el("p", {class: "sc-total", text: view.total_text}));
  }

  Referee.games.spellcrafter = {table, seat};
})();
