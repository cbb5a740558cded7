// referee serve: the season's page (/stats), drawn from GET /api/stats
// (referee/web/season.py). The answer holds every word and every number as the page
// shows them, in the page's language; this script only lays them out, draws the two
// charts as SVG (DOM calls, no markup in strings), and, on a screen wider than a phone,
// shows what fits and pages through the rest: a TV cannot scroll. The pages turn on
// their own (every EVERY seconds; ?every=N in the address, 0 to stay) and by the
// arrow keys, Page Up/Down, the space bar and the buttons in the header.
"use strict";
(() => {
  const {el} = Referee;
  const SVG = "http://www.w3.org/2000/svg";
  const asked = new URLSearchParams(location.search);
  const EVERY = asked.has("every") ? Math.max(0, Number(asked.get("every")) || 0) : 20;   // seconds a page stays
  const TV = window.matchMedia("(min-width: 801px)");   // narrower: a phone, which scrolls
  let data = null;          // the answer drawn
  let said = "";            // its text: a new answer that says the same is not drawn again
  let lang = document.body.dataset.lang;
  let pages = [];           // the screens of a TV, each a div.page
  let current = 0;
  let playing = EVERY > 0;
  let timer = null;

  // svg("circle", {cx: 3, …}, child, …): an SVG element, as el() makes an HTML one.
  function svg(tag, attributes, ...children) {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attributes || {})) {
      if (value !== undefined && value !== null) node.setAttribute(key, String(value));
    }
    for (const child of children.flat()) {
      if (child !== null && child !== undefined) node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  // --- the answer ------------------------------------------------------------------------

  async function load() {
    let response;
    try {
      response = await fetch(`/api/stats?lang=${encodeURIComponent(lang)}`, {credentials: "same-origin"});
      const text = await response.text();
      if (!response.ok) throw new Error((JSON.parse(text) || {}).error || String(response.status));
      connected(true);
      if (text !== said) { said = text; data = JSON.parse(text); draw(); }
    } catch (error) {
      connected(false, error instanceof TypeError ? "" : String(error.message || error));   // a TypeError: no server (the label says it)
      setTimeout(load, 5000);
    }
  }

  function connected(ok, why) {
    document.getElementById("status").className = ok ? "ok" : "lost";
    const notice = document.getElementById("notice");
    notice.hidden = ok;
    notice.className = "error";
    notice.textContent = ok ? "" : `${(data && data.labels.lost) || ""} ${why || ""}`.trim();
  }

  function chooseLanguage(chosen) {
    if (chosen === lang) return;
    lang = chosen;
    const address = new URLSearchParams(location.search);
    address.set("lang", chosen);
    history.replaceState(null, "", `${location.pathname}?${address}`);
    load();
  }

  // --- the page's frame: title, folder, languages, the pager ------------------------------

  function frame() {
    const labels = data.labels;
    document.documentElement.lang = data.lang;
    document.title = `${labels.title} · referee`;
    document.querySelector("#top h1").textContent = labels.title;
    document.getElementById("file").textContent = data.folder;
    const languages = document.getElementById("languages");
    languages.hidden = false;
    languages.setAttribute("aria-label", labels.language);
    for (const button of languages.querySelectorAll("button")) {
      const chosen = button.dataset.lang === data.lang;
      button.className = chosen ? "chosen" : "";
      button.setAttribute("aria-pressed", String(chosen));
      button.onclick = () => chooseLanguage(button.dataset.lang);
    }
    let pager = document.getElementById("pager");
    if (!pager) {
      pager = el("nav", {id: "pager", hidden: true},
        el("button", {type: "button", id: "play", onclick: () => play(!playing)}),
        el("button", {type: "button", id: "previous", text: "‹", onclick: () => turn(-1, true)}),
        el("span", {id: "page-number"}),
        el("button", {type: "button", id: "next", text: "›", onclick: () => turn(1, true)}));
      languages.before(pager);
    }
    pager.setAttribute("aria-label", labels.pages);
    document.getElementById("previous").setAttribute("aria-label", labels.previous);
    document.getElementById("next").setAttribute("aria-label", labels.next);
  }

  // --- blocks: a chart pair, a table, a list of words, a note ------------------------------

  function block(item) {
    if (item.kind === "charts") return charts(item);
    if (item.kind === "table") return table(item);
    if (item.kind === "words") return words(item);
    return el("p", {class: item.class, text: item.text});
  }

  function cell(tag, value, props) {
    if (typeof value === "string") return el(tag, {...props, text: value});
    const node = el(tag, {...props, class: [props.class, value.note ? "" : value.trend].filter(Boolean).join(" ") || undefined});
    if (value.swatch) {
      const swatch = el("span", {class: "swatch", "aria-hidden": "true"});
      swatch.style.background = value.swatch;
      node.append(swatch);
    }
    node.append(value.text);
    if (value.note) node.append(" ", el("span", {class: value.trend, text: value.note}));
    return node;
  }

  // A table; its first column names the rows. ``first``: the index of its first row in
  // the whole table (a TV may show the rest on the next screen).
  function table(item) {
    const aligned = index => (index === 0 || item.text.includes(index)) ? "text" : undefined;
    const head = el("tr", {}, item.headers.map((header, index) =>
      header === "" ? el("td", {}) : el("th", {scope: "col", class: aligned(index), text: header})));
    const body = item.rows.map(row => el("tr", {}, row.map((value, index) =>
      cell(index === 0 ? "th" : "td", value, index === 0 ? {scope: "row", class: "text"} : {class: aligned(index)}))));
    const node = el("table", {class: item.class},
      item.caption ? el("caption", {text: item.caption}) : null,
      el("thead", {}, head), el("tbody", {}, body));
    // A table wider than a phone scrolls in its own box, which the keyboard can reach.
    return el("div", {class: "scroll", tabindex: "0", role: "region", "aria-label": item.label}, node);
  }

  function words(item) {
    return el("div", {class: "best-words"}, el("h3", {text: item.title}),
      el("ol", {class: "words"}, item.items.map(word => el("li", {},
        el("b", {text: word.word}), " ", el("span", {class: "score", text: word.score}), " ",
        el("span", {class: "said", text: word.said}), " ", el("code", {text: word.cards})))));
  }

  // The two charts side by side on a TV, one above the other on a phone. They are drawn
  // once the box is on the page (drawCharts), at its size in CSS pixels.
  function charts(item) {
    const figures = [];
    if (item.ratings) figures.push(el("figure", {class: "chart ratings"}, el("figcaption", {text: item.ratings.title})));
    if (item.win_rate) figures.push(el("figure", {class: "chart win-rate"}, el("figcaption", {text: item.win_rate.title})));
    const node = el("div", {class: "charts"}, figures);
    node.chartData = item;
    return node;
  }

  function drawCharts(node) {
    const item = node.chartData;
    const ratings = node.querySelector(".ratings"), rates = node.querySelector(".win-rate");
    const font = parseFloat(getComputedStyle(node).fontSize) * 0.85;
    let height = 0;
    if (ratings) {
      const width = ratings.clientWidth - 2 * padding(ratings);
      height = Math.round(TV.matches ? Math.min(0.5 * width, 0.4 * window.innerHeight) : 0.62 * width);
      ratings.append(ratingsChart(item.ratings, width, height, font), legend(item.ratings));
    }
    if (rates) winRateChart(item.win_rate, rates, rates.clientWidth - 2 * padding(rates), height, font);
  }

  function padding(node) { return parseFloat(getComputedStyle(node).paddingLeft) || 0; }

  function ratingsChart(chart, width, height, font) {
    const left = font * 2.6, right = font * 0.6, top = font * 0.7, bottom = font * 1.9;
    const x = at => left + at * (width - left - right);
    const y = value => top + (chart.high - value) / ((chart.high - chart.low) || 1) * (height - top - bottom);
    const drawing = svg("svg", {viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "aria-label": chart.title, "font-size": font});
    for (const tick of chart.ticks) {
      drawing.append(svg("line", {class: tick.zero ? "rule zero" : "rule", x1: left, x2: width - right, y1: y(tick.value), y2: y(tick.value)}),
        svg("text", {class: "tick", x: left - font * 0.4, y: y(tick.value) + font / 3, "text-anchor": "end"}, tick.text));
    }
    chart.dates.forEach((day, index) => {
      const anchor = chart.dates.length === 1 ? "middle" : index === 0 ? "start" : "end";
      drawing.append(svg("text", {class: "tick", x: chart.dates.length === 1 ? x(0.5) : x(index), y: height - font * 0.4, "text-anchor": anchor}, day));
    });
    for (const series of chart.series) {
      const points = series.points.map(point => `${x(point.at).toFixed(1)},${y(point.value).toFixed(1)}`).join(" ");
      drawing.append(svg("g", {class: "series", "data-player": series.name},
        svg("polyline", {points, fill: "none", stroke: series.colour, "stroke-width": Math.max(2, font / 7), "stroke-linejoin": "round"}),
        series.points.map(point => svg("circle", {cx: x(point.at), cy: y(point.value), r: Math.max(3, font / 4), fill: series.colour},
          svg("title", {}, point.title)))));
    }
    return drawing;
  }

  function legend(chart) {
    return el("ul", {class: "legend"}, chart.series.map(series => {
      const swatch = el("span", {class: "swatch", "aria-hidden": "true"});
      swatch.style.background = series.colour;
      return el("li", {}, swatch, series.name, " ", el("b", {text: series.rating}));
    }));
  }

  // One bar per player, in at most the height of the ratings beside it (a row at most
  // twice the text's height); on a TV, many players make smaller rows and print, never a
  // chart taller than its screen.
  function winRateChart(chart, figure, width, beside, font) {
    const count = chart.bars.length;
    const room = beside || 0.4 * window.innerHeight;
    let row = Math.min(font * 2, room / count);
    if (!TV.matches) row = Math.max(row, font * 1.3);
    font = Math.min(font, row / 1.25);
    const height = Math.ceil(row * count + font * 0.4);
    const drawing = svg("svg", {viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "aria-label": chart.title, "font-size": font});
    // the names' and the values' columns as wide as their longest text (measured on the page)
    const measure = svg("text", {class: "name"});
    drawing.append(measure);
    figure.append(drawing);
    const widest = texts => Math.max(0, ...texts.map(text => { measure.textContent = text; return measure.getComputedTextLength(); }));
    const label = widest(chart.bars.map(bar => bar.label)) + font * 0.6;
    const value = widest(chart.bars.map(bar => bar.said)) + font * 0.6;
    measure.remove();
    const track = Math.max(font * 3, width - label - value);
    const thickness = Math.min(row * 0.62, font * 1.2);
    chart.bars.forEach((bar, index) => {
      const middle = font * 0.2 + index * row + row / 2;
      drawing.append(svg("g", {class: "bar", "data-player": bar.name, "data-rate": bar.rate},
        svg("title", {}, `${bar.name}: ${bar.said}`),
        svg("text", {class: "name", x: label - font * 0.4, y: middle + font / 3, "text-anchor": "end"}, bar.label),
        svg("rect", {class: "track", x: label, y: middle - thickness / 2, width: track, height: thickness, rx: 4}),
        svg("rect", {class: "filled", x: label, y: middle - thickness / 2, width: bar.rate * track, height: thickness, rx: 4, fill: bar.colour}),
        svg("text", {class: "value", x: label + track + font * 0.4, y: middle + font / 3}, bar.said)));
    });
    return drawing;
  }

  // --- laying out: everything on a phone, screen by screen on a TV -------------------------

  function notes() {
    return el("div", {class: "notes"}, data.notes.map(note => el("p", {class: "note", text: note})));
  }

  function section(game) {
    return el("section", {class: "game", dataset: {game: game.game}}, el("h2", {text: game.heading}));
  }

  function place(parent, item) {
    const node = block(item);
    parent.append(node);
    if (item.kind === "charts") drawCharts(node);
    return node;
  }

  function draw() {
    frame();
    const root = document.getElementById("root");
    root.replaceChildren();
    document.documentElement.classList.toggle("paged", TV.matches);
    pages = [];
    if (!TV.matches) {
      root.append(notes());
      if (data.empty) root.append(el("p", {class: "none", text: data.empty}));
      for (const game of data.games) {
        const part = section(game);
        root.append(part);
        for (const item of game.blocks) place(part, item);
      }
    } else {
      paginate(root);
    }
    current = Math.min(current, Math.max(0, pages.length - 1));
    show(current);
    document.dispatchEvent(new CustomEvent("referee:drawn", {detail: data}));
  }

  function overflows() {
    const page = document.documentElement;
    if (page.scrollHeight > window.innerHeight || page.scrollWidth > window.innerWidth) return true;
    return [...document.querySelectorAll(".page:not([hidden]) .scroll")].some(box => box.scrollWidth > box.clientWidth + 1);
  }

  // Wider than the screen (a head-to-head grid of many players): sideways is not a TV's.
  function tooWide() {
    return document.documentElement.scrollWidth > window.innerWidth;
  }

  // How many of a drawn table's columns end inside the page's text (at least the row's
  // names and one more).
  function columnsThatFit(node) {
    const main = document.getElementById("root");
    const limit = main.getBoundingClientRect().right - parseFloat(getComputedStyle(main).paddingRight);
    const heads = [...node.querySelectorAll("thead tr > *")];
    const fit = heads.filter(head => head.getBoundingClientRect().right <= limit).length;
    return Math.max(2, Math.min(fit, heads.length - 1));
  }

  // The columns from ``from`` to ``to`` of a table, after its first (the rows' names).
  function columns(item, from, to) {
    const kept = [0, ...Array.from({length: to - from}, (_, at) => from + at)];
    return {...item, headers: kept.map(index => item.headers[index]), rows: item.rows.map(row => kept.map(index => row[index])),
            text: kept.flatMap((index, at) => item.text.includes(index) ? [at] : [])};
  }

  // Screens of a TV: each holds one game's heading and as many of its blocks as fit; a
  // table that does not fit goes on with its next rows on the next screen (its headers
  // again), a block too tall even alone keeps a screen of its own.
  function paginate(root) {
    const open = (game, first) => {
      for (const page of pages) page.hidden = true;
      const page = el("div", {class: "page"});
      if (first) page.append(notes());
      if (!game) page.append(el("p", {class: "none", text: data.empty}));
      const part = game ? section(game) : null;
      if (part) page.append(part);
      root.append(page);
      pages.push(page);
      return part;
    };
    if (!data.games.length) open(null, true);
    data.games.forEach((game, number) => {
      let part = open(game, number === 0);
      const waiting = game.blocks.slice();
      while (waiting.length) {
        const item = waiting.shift();
        const alone = part.children.length === 1;   // the heading only
        let node = place(part, item);
        if (item.kind === "table" && tooWide()) {   // narrower print first, then the columns over several screens
          node.querySelector("table").classList.add("compact");
          if (tooWide()) {
            const fit = columnsThatFit(node);
            node.remove();
            waiting.unshift(columns(item, 1, fit), columns(item, fit, item.headers.length));
            continue;
          }
        }
        if (!overflows()) continue;
        if (item.kind === "table" && item.rows.length > 1) {
          const rows = node.querySelector("tbody");
          while (overflows() && rows.children.length > (alone ? 1 : 0)) rows.lastElementChild.remove();
          let kept = rows.children.length;
          if (!alone && kept < Math.min(3, item.rows.length)) kept = 0;   // no table begun with a row or two: all on the next screen
          if (kept === 0) node.remove();
          if (kept < item.rows.length) waiting.unshift({...item, rows: item.rows.slice(kept)});
          if (waiting.length) part = open(game, false);
          continue;
        }
        if (alone) continue;   // too tall even alone: a screen of its own
        node.remove();
        waiting.unshift(item);
        part = open(game, false);
      }
    });
  }

  function show(index) {
    if (!pages.length) { document.getElementById("pager").hidden = true; return; }
    current = (index + pages.length) % pages.length;
    pages.forEach((page, at) => { page.hidden = at !== current; });
    const pager = document.getElementById("pager");
    pager.hidden = pages.length < 2;
    const number = document.getElementById("page-number");
    number.textContent = `${current + 1} / ${pages.length}`;
    number.title = data.labels.page.replace("{page}", current + 1).replace("{pages}", pages.length);
    number.setAttribute("aria-label", number.title);
    const button = document.getElementById("play");
    button.textContent = playing ? "❚❚" : "►";
    button.setAttribute("aria-label", playing ? data.labels.pause : data.labels.play);
    button.setAttribute("aria-pressed", String(!playing));
    document.body.dataset.screen = String(current + 1);
    schedule();
  }

  // The next screen (or the previous), by the timer, a key or a button; back at the first,
  // the season is asked for again (a match finished meanwhile is shown).
  function turn(step, byHand) {
    if (!pages.length) return;
    const next = (current + step + pages.length) % pages.length;
    show(next);
    if (next === 0 && step > 0 && !byHand) load();
  }

  function play(on) {
    playing = on && EVERY > 0;
    show(current);
  }

  function schedule() {
    clearTimeout(timer);
    timer = null;
    if (playing && pages.length > 1) timer = setTimeout(() => turn(1, false), EVERY * 1000);
    else if (playing && EVERY > 0) timer = setTimeout(load, EVERY * 1000);   // one screen: look for news now and then
  }

  document.addEventListener("keydown", event => {
    if (!TV.matches || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target instanceof HTMLButtonElement && (event.key === " " || event.key === "Enter")) return;   // the button's own click
    const step = {ArrowRight: 1, PageDown: 1, " ": 1, ArrowLeft: -1, PageUp: -1}[event.key];
    if (step) { event.preventDefault(); turn(step, true); return; }
    if (event.key === "p" || event.key === "MediaPlayPause") { event.preventDefault(); play(!playing); }
  });

  let resized = null;
  window.addEventListener("resize", () => {
    clearTimeout(resized);
    resized = setTimeout(() => { if (data) draw(); }, 200);
  });

  document.addEventListener("DOMContentLoaded", load);
})();
