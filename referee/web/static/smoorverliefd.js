// referee serve: Smoorverliefd's table screen and a seat's phone, drawn from the JSON of
// referee/web/smoor.py. Every word comes from the server (data.view.labels, the view's
// texts); this script holds symbols and numbers only. The chart is inline SVG.
"use strict";
(() => {
  const {el} = Referee;
  // Dutch tables write heer, vrouw, boer as H, V, B (as the voice does: "V♥").
  const DUTCH_RANKS = {K: "H", Q: "V", J: "B"};
  function card(token, props) {
    const drawn = Referee.card(token, props);
    const rank = drawn.querySelector(".rank");
    if (Referee.data && Referee.data.lang === "nl" && rank && DUTCH_RANKS[rank.textContent]) {
      rank.textContent = DUTCH_RANKS[rank.textContent];
    }
    return drawn;
  }
  const SVG = "http://www.w3.org/2000/svg";
  const SERIES = ["#ffd166", "#ff7b9c", "#7bdff2", "#f4a261", "#c5a3ff"];
  const SUITS = {S: ["♠", "black"], H: ["♥", "red"], D: ["♦", "red"], C: ["♣", "black"]};

  function svg(tag, attributes, ...children) {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attributes || {})) node.setAttribute(key, value);
    for (const child of children) node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    return node;
  }

  // A trick: one slot per seat, in play order from the leader; an empty slot is a card
  // still to come, the seat to play is marked.
  function trick(plays, data, {turn = null, winner = null, id} = {}) {
    return el("div", {class: "trick", id},
      plays.map(play => el("div", {
          class: ["slot", play.seat === turn ? "turn" : "", play.seat === winner ? "winner" : "",
                  play.seat === data.seat ? "mine" : ""].join(" ").trim(),
          dataset: {seat: String(play.seat)}},
        play.card ? card(play.card, {disabled: true, tabindex: "-1"}) : el("div", {class: "card empty"}),
        el("div", {class: "who", text: data.players[play.seat]}))));
  }

  function cursed(view) {
    if (!view.cursed_suit) return null;
    const [, colour] = SUITS[view.cursed_suit];
    return el("p", {class: `cursed ${colour}`, id: "cursed", text: view.cursed_text});
  }

  // Standings: each side's total, the distance to the target, the round's hearts so far,
  // the bids and the cards in hand (per player; a duo's row shows its total only).
  function standings(view, data) {
    const labels = view.labels, sides = view.standings.sides;
    const perPlayer = sides.length === data.players.length;
    const head = [el("th", {}), el("th", {text: labels.total}), el("th", {text: labels.to_go})];
    if (perPlayer) {
      head.push(el("th", {text: labels.hearts}));
      if (view.bids) head.push(el("th", {text: labels.bid}));
      if (view.cards_in_hand) head.push(el("th", {text: labels.cards}));
    }
    const rows = sides.map((side, index) => {
      const cells = [
        el("th", {scope: "row", class: "name"},
          el("span", {class: "swatch", style: `background:${SERIES[index % SERIES.length]}`}), side.name),
        el("td", {class: "total", text: side.total}),
        el("td", {class: "to-go", text: side.to_go})];
      if (perPlayer) {
        cells.push(el("td", {text: view.hearts[index]}));
        if (view.bids) cells.push(el("td", {text: view.bids[index]}));
        if (view.cards_in_hand) cells.push(el("td", {text: view.cards_in_hand[index]}));
      }
      return el("tr", {class: [side.ahead ? "ahead" : "", index === view.turn && perPlayer ? "turn" : ""].join(" ").trim()}, cells);
    });
    return el("section", {class: "standings", id: "standings"},
      el("h2", {text: labels.standings}),
      el("table", {}, el("thead", {}, el("tr", {}, head)), el("tbody", {}, rows)),
      el("p", {class: "distance", text: view.standings.text}));
  }

  // The chart of running totals: one line per side, the target dashed.
  function chart(view) {
    const {totals, names, target} = view.chart;
    const rounds = totals[0].length - 1;
    const width = 800, height = 360, left = 56, right = 140, top = 16, bottom = 40;
    const values = totals.flat().concat([0, target]);
    const low = Math.min(...values), high = Math.max(...values);
    const x = i => left + (rounds ? i * (width - left - right) / rounds : 0);
    const y = v => top + (high - v) * (height - top - bottom) / ((high - low) || 1);
    const figure = svg("svg", {viewBox: `0 0 ${width} ${height}`, class: "chart", id: "chart", role: "img", "aria-label": view.labels.chart});
    const step = Math.max(1, Math.ceil((high - low) / 5 / 10) * 10);
    for (let v = Math.ceil(low / step) * step; v <= high; v += step) {
      figure.append(svg("line", {x1: left, x2: width - right, y1: y(v), y2: y(v), class: "grid"}));
      figure.append(svg("text", {x: left - 8, y: y(v) + 6, class: "tick", "text-anchor": "end"}, v));
    }
    for (let i = 0; i <= rounds; i++) {
      figure.append(svg("text", {x: x(i), y: height - 12, class: "tick", "text-anchor": "middle"}, i));
    }
    figure.append(svg("line", {x1: left, x2: width - right, y1: y(target), y2: y(target), class: "target"}));
    figure.append(svg("text", {x: width - right + 8, y: y(target) + 6, class: "target-label"}, `◎ ${target}`));
    totals.forEach((series, index) => {
      const colour = SERIES[index % SERIES.length];
      const points = series.map((v, i) => `${x(i)},${y(v)}`).join(" ");
      if (rounds) figure.append(svg("polyline", {points, stroke: colour, class: "series"}));
      series.forEach((v, i) => figure.append(svg("circle", {cx: x(i), cy: y(v), r: 5, fill: colour})));
    });
    // The names at the lines' ends, moved apart where totals are close.
    const ends = totals.map((series, index) => ({index, at: y(series[rounds])})).sort((a, b) => a.at - b.at);
    ends.forEach((end, i) => { if (i) end.at = Math.max(end.at, ends[i - 1].at + 22); });
    // …and kept above the axis's numbers (at the start every total is 0: all at the bottom).
    const overflow = ends.length ? ends[ends.length - 1].at - (height - bottom - 8) : 0;
    if (overflow > 0) ends.forEach(end => { end.at -= overflow; });
    for (const end of ends) {
      figure.append(svg("text", {x: x(rounds) + 12, y: end.at + 6, fill: SERIES[end.index % SERIES.length], class: "series-label"},
        names[end.index]));
    }
    return el("section", {class: "chart-box"}, el("h2", {text: view.labels.chart}), figure);
  }

  function heading(view, data) {
    return el("div", {class: "situation"},
      el("p", {class: "heading", id: "heading", text: view.heading}),
      el("p", {class: "status", id: "turn", text: view.status}),
      cursed(view));
  }

  function table(data, root) {
    const view = data.view;
    const play = el("div", {class: "play"});
    if (view.trick) {
      play.append(el("section", {class: "on-table"},
        el("h2", {text: `${view.labels.trick} · ${view.trick.title}`}),
        trick(view.trick.plays, data, {turn: view.turn, id: "trick"})));
    }
    if (view.last_trick) {
      play.append(el("section", {class: "last"},
        el("h2", {text: view.labels.last_trick}),
        trick(view.last_trick.plays, data, {winner: view.last_trick.winner, id: "last-trick"}),
        el("p", {class: "won", text: view.last_trick.text})));
    }
    root.append(el("div", {class: "smoor-table"},
      el("div", {class: "left"}, heading(view, data), standings(view, data), chart(view)),
      play));
  }

  function seat(data, root) {
    const view = data.view;
    const playable = new Set(view.actions.play);
    root.append(heading(view, data));
    if (view.prompt) root.append(el("p", {class: `prompt ${view.your_turn ? "yours" : ""}`, id: "prompt", text: view.prompt}));
    if (view.trick && view.trick.plays.some(p => p.card)) {
      root.append(el("section", {class: "on-table"}, el("h2", {text: view.trick.title}),
        trick(view.trick.plays, data, {turn: view.turn, id: "trick"})));
    } else if (view.last_trick) {
      root.append(el("section", {class: "last"}, el("h2", {text: view.labels.last_trick}),
        trick(view.last_trick.plays, data, {winner: view.last_trick.winner, id: "last-trick"}),
        el("p", {class: "won", text: view.last_trick.text})));
    }
    const hand = el("section", {class: "own"}, el("h2", {text: data.labels.your_hand}));
    if (view.hand === null) {
      hand.append(el("p", {class: "physical", text: view.labels.physical}));
    } else {
      const cards = el("div", {class: `hand ${playable.size ? "choosing" : "idle"}`, id: "hand"});
      for (const token of view.hand) {
        const legal = playable.has(token);
        cards.append(card(token, {
          class: legal ? "playable" : "",
          disabled: !legal,
          onclick: legal ? async () => {
            for (const button of cards.querySelectorAll("button")) button.disabled = true;
            if (!await Referee.act("play", {card: token})) {
              for (const button of cards.querySelectorAll("button.playable")) button.disabled = false;
            }
          } : null,
        }));
      }
      hand.append(cards);
    }
    root.append(hand);
    const me = data.seat, sides = view.standings.sides;
    const mine = sides.length === data.players.length ? sides[me] : null;
    root.append(el("p", {class: "distance", id: "standing"}, view.standings.text,
      mine ? ` · ${mine.name} ${mine.total}` : ""));
  }

  Referee.games.smoorverliefd = {table, seat};
})();
