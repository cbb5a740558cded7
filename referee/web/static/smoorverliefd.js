// referee serve: Smoorverliefd's table screen and a seat's phone, drawn from the JSON of
// referee/web/smoor.py. Every word comes from the server (data.view.labels, the view's
// texts, the envelope's situation and decisions); this script holds symbols and numbers
// only. The chart is inline SVG. A phone's bid and the dealer's cursed suit are drawn by
// common.js from their decisions; this script draws the card to play in the hand.
"use strict";
(() => {
  const {el} = Referee;
  // Dutch tables write heer, vrouw, boer as H, V, B (as the voice does: "V♥").
  const DUTCH_RANKS = {K: "H", Q: "V", J: "B"};
  // Its accessible name is the voice's words ("Q♥ queen of hearts"), sent with the view.
  function card(token, props) {
    const names = (Referee.data && Referee.data.view && Referee.data.view.names) || {};
    const drawn = Referee.card(token, {...props, "aria-label": (props && props["aria-label"]) || names[token]});
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
  // the bids (while blinde liefde's come in: who has bid, never what) and the cards in
  // hand (per player; a duo's row shows its total only).
  function standings(view, data) {
    const labels = view.labels, sides = view.standings.sides;
    const perPlayer = sides.length === data.players.length;
    const head = [el("td", {}),  // the corner: no header of its own
                  el("th", {text: labels.total}), el("th", {text: labels.to_go})];
    if (perPlayer) {
      head.push(el("th", {text: labels.hearts}));
      if (view.bids || view.bidding) head.push(el("th", {text: labels.bid}));
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
        else if (view.bidding) cells.push(bidMark(view, index));
        if (view.cards_in_hand) cells.push(el("td", {text: view.cards_in_hand[index]}));
      }
      return el("tr", {class: [side.ahead ? "ahead" : "", index === view.turn && perPlayer ? "turn" : ""].join(" ").trim()}, cells);
    });
    return el("section", {class: "standings", id: "standings"},
      el("h2", {text: labels.standings}),
      el("table", {}, el("thead", {}, el("tr", {}, head)), el("tbody", {}, rows)),
      el("p", {class: "distance", text: view.standings.text}));
  }

  // While the bids come in: a tick for a seat that has bid (its bid stays hidden), this
  // seat's own bid, a dot for a bid still to come; the words say it, not the marks alone.
  function bidMark(view, index) {
    const given = view.bidding[index];
    const own = index === Referee.data.seat && view.own_bid !== null && view.own_bid !== undefined;
    const text = own ? String(view.own_bid) : given ? "✓" : "…";
    const words = given ? view.labels.bid_given : view.labels.bid_to_come;
    return el("td", {class: `bid ${given ? "given" : "to-come"}`, title: words, dataset: {bid: given ? "given" : "to-come"}},
      el("span", {"aria-hidden": "true", text}), el("span", {class: "visually-hidden", text: own ? `${text} · ${words}` : words}));
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

  // Beside the situation line (the envelope's): the cursed suit, by symbol and name.
  function heading(view) {
    return el("div", {class: "situation"}, cursed(view));
  }

  // A finished round's story (view.last_round, worded by the server): a row per player
  // with the hearts taken (A♥ marked), the round's points, the new total, and what beside
  // the hearts counted (a bid made or missed, the cursed suit, all 13); then the lines.
  function story(view, data) {
    const told = view.last_round, labels = told.labels;
    const head = el("tr", {}, el("th", {scope: "col", text: labels.player}), el("th", {scope: "col", text: labels.hearts}),
      el("th", {scope: "col", text: labels.points}), el("th", {scope: "col", text: labels.total}));
    const rows = told.rows.map(row => el("tr", {class: row.seat === data.seat ? "mine" : "", dataset: {seat: String(row.seat)}},
      el("th", {scope: "row", class: "name"}, el("span", {class: "who", text: row.name}),
        row.notes.length ? el("span", {class: "notes", text: row.notes.join(" · ")}) : null),
      el("td", {class: "hearts"}, el("span", {class: "count", text: row.hearts}), row.ace ? el("span", {class: "ace", text: " A♥"}) : null),
      el("td", {class: "points", text: row.shown}),
      el("td", {class: "total", text: row.total})));
    return el("section", {class: "story", id: "story", "aria-labelledby": "story-title"},
      el("h2", {id: "story-title", text: told.title}),
      el("table", {}, el("thead", {}, head), el("tbody", {}, rows)),
      told.lines.length ? el("ul", {class: "story-lines", id: "story-lines"}, told.lines.map(line => el("li", {text: line}))) : null);
  }

  // Every round as `referee smoor standings` prints it: rounds as rows, players as
  // columns, the totals below. The TV keeps the last rounds that fit (fitRounds).
  function roundsTable(view) {
    const every = view.rounds;
    if (!every.rows.length) return null;
    const labels = every.labels;
    const head = el("tr", {}, el("th", {scope: "col", text: labels.round}), every.players.map(name => el("th", {scope: "col", class: "name", text: name})));
    const rows = every.rows.map(row => el("tr", {class: "round", dataset: {round: String(row.number)}},
      el("th", {scope: "row", text: row.number}), row.points.map(points => el("td", {text: points}))));
    const earlier = el("tr", {class: "earlier", hidden: true}, el("td", {colspan: String(every.players.length + 1), text: labels.hidden}));
    const totals = el("tr", {class: "totals"}, el("th", {scope: "row", text: labels.total}), every.totals.map(total => el("td", {text: total})));
    return el("section", {class: "rounds", id: "rounds", "aria-labelledby": "rounds-title"},
      el("h2", {id: "rounds-title", text: every.title}),
      el("table", {}, el("thead", {}, head), el("tbody", {}, earlier, rows), el("tfoot", {}, totals)));
  }

  // A TV cannot scroll: between rounds the last trick gives way to the rounds (the story
  // tells the round), then the oldest rounds of the table, until the page fits.
  function fitRounds() {
    if (Referee.page !== "table") return;
    const box = document.getElementById("rounds");
    if (!box) return;
    const rows = [...box.querySelectorAll("tr.round")];
    for (const row of rows) row.hidden = false;
    box.querySelector("tr.earlier").hidden = true;
    const over = () => document.documentElement.scrollHeight > window.innerHeight + 1;
    const last = document.querySelector(".smoor-table .last");
    if (last) last.hidden = false;
    if (last && document.getElementById("story") && over()) last.hidden = true;
    let hidden = 0;
    while (over() && hidden < rows.length) {
      rows[hidden++].hidden = true;
      box.querySelector("tr.earlier").hidden = false;
    }
    box.hidden = hidden === rows.length && rows.length > 0 && over();
  }
  document.addEventListener("referee:drawn", () => { if (Referee.game === "smoorverliefd") fitRounds(); });
  window.addEventListener("resize", () => { if (Referee.game === "smoorverliefd" && Referee.data) fitRounds(); });

  function table(data, root) {
    const view = data.view;
    if (view.over) {   // the celebration (common.js) with the last round's story and every round
      root.append(el("div", {class: "smoor-table over"},
        el("div", {class: "left"}, el("div", {id: "celebration"}), chart(view)),
        el("div", {class: "play"}, view.last_round ? story(view, data) : null, roundsTable(view))));
      return;
    }
    const play = el("div", {class: "play"});
    if (view.last_round) {   // between rounds: the story of the one just finished
      play.append(story(view, data));
    } else if (view.trick) {
      play.append(el("section", {class: "on-table"},
        el("h2", {text: `${view.labels.trick} · ${view.trick.title}`}),
        trick(view.trick.plays, data, {turn: view.turn, id: "trick"})));
    }
    if (view.last_trick) {   // kept on the TV, after the round's story too
      play.append(el("section", {class: "last"},
        el("h2", {text: view.labels.last_trick}),
        trick(view.last_trick.plays, data, {winner: view.last_trick.winner, id: "last-trick"}),
        el("p", {class: "won", text: view.last_trick.text})));
    }
    play.append(roundsTable(view) || "");
    root.append(el("div", {class: "smoor-table"},
      el("div", {class: "left"}, heading(view), standings(view, data), chart(view)),
      play));
  }

  // The phone: the cursed suit, the decisions (common.js draws a bid's numbers and the
  // curse's suits where "#decisions" is), the trick, and the hand, whose cards the rules
  // list as choices now ("play") are the ones to tap.
  function seat(data, root) {
    const view = data.view;
    if (view.over) {   // the celebration (common.js) and the last round's story: no hand is left to show
      root.append(el("div", {id: "celebration"}), view.last_round ? story(view, data) : "");
      return;
    }
    const play = Referee.take("play");
    root.append(heading(view), el("div", {id: "decisions"}));
    if (view.bidding) {   // who has bid (never what), this seat's own bid
      root.append(el("ul", {class: "bidding", id: "bidding"}, view.bidding.map((given, index) => {
        const own = index === data.seat && view.own_bid !== null && view.own_bid !== undefined;
        return el("li", {class: given ? "given" : "to-come", dataset: {seat: String(index), bid: given ? "given" : "to-come"}},
          el("span", {class: "mark", "aria-hidden": "true", text: given ? "✓" : "…"}), " ",
          el("span", {class: "who", text: data.players[index]}), " ",
          el("span", {class: "words", text: own ? `${view.labels.bid_given}: ${view.own_bid}` : given ? view.labels.bid_given : view.labels.bid_to_come}));
      })));
    }
    if (play) root.append(el("p", {class: "prompt yours", id: "prompt", text: play.prompt}));
    if (view.last_round) {
      root.append(story(view, data));
    } else if (view.trick && view.trick.plays.some(p => p.card)) {
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
      const choices = new Map(play ? play.choices.map((choice, index) => [choice.card, [choice, play.labels[index]]]) : []);
      const cards = el("div", {class: `hand ${choices.size ? "choosing" : "idle"}`, id: "hand"});
      for (const token of view.hand) {
        const listed = choices.get(token);
        cards.append(card(token, {
          class: listed ? "playable" : "",
          disabled: !listed,
          "aria-label": listed ? listed[1] : undefined,
          onclick: listed ? () => Referee.choose(play, listed[0], cards) : null,
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
