/* The Puzzles page (pages/puzzles.html): endgame positions solved exactly by the endgame
 * tables (docs/endgames.md), one a day, the same for everyone, and any number more.
 *
 * Everything comes from ../puzzles.json, which tools/build.py writes from
 * senet/ai/tables/puzzles.json (tools/make_puzzles.py) and the catalog of words
 * (senet/words/en.po, the keys "puzzles.*"): the puzzles with every action's exact chance
 * to win, the names of the rule sets, the parts of their squares and the words. No engine,
 * no worker, no server: the day's puzzle follows from the date alone (FNV-1a of
 * "senet-puzzle/1|DATE|RULES", as tools/make_puzzles.py's daily_index), so two devices
 * show the same one. The player's streak (days in a row whose puzzle was answered with
 * the best action) stays on the device, in localStorage "senet:puzzles" (under the site's
 * directory, as the app's keys, docs/saving.md); a browser that
 * refuses storage still plays, and the page says the streak is not kept.
 *
 * Test hooks: ?date=YYYY-MM-DD (the day), ?rules=NAME; #puzzle[data-rules][data-index]
 * [data-daily], #puzzle-actions button[data-action], #puzzle-answer[data-verdict].
 */
"use strict";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
// The app's storage scope (app/storage/backends.py's scope_of): the site's directory, so
// that two copies of the app on one origin keep their streaks apart; "" at a site's root.
const SITE_DIR = new URL("../", location.href).pathname;
const KEY = (SITE_DIR === "/" ? "" : SITE_DIR) + "senet:puzzles";
// "Your mistakes" (docs/progress.md, "Practise your mistakes"): the app writes the positions
// where the player lost the most to senet:practice, each with every move's value; this page
// writes its answers to senet:practice:answers alone, and the app applies them to the
// player's profile (a position solved twice in a row leaves the list) when it next loads.
const PRACTICE_KEY = (SITE_DIR === "/" ? "" : SITE_DIR) + "senet:practice";
const ANSWERS_KEY = PRACTICE_KEY + ":answers";
let data = null;
let words = {};
let rulesNames = {};
let plural = "en";
// The page's language (app/words/lang.js and the build's localized copy set <html lang>).
const LANG = (document.documentElement.lang || "en").split("-")[0];
const EASTERN = "٠١٢٣٤٥٦٧٨٩";
let current = null; // {rules, index, daily, date}

/* A message of the catalog with its {name} arguments filled in. */
function word(key, args = {}) {
  let text = words[key];
  if (text === undefined) throw new Error(`the word ${key} is missing`);
  if (Array.isArray(text)) text = text[pluralForm(args.n)];
  return digits(text.replace(/\{(\w+)\}/g, (m, name) => (name in args ? String(args[name]) : m)));
}

/* The plural form a count takes (senet/words/plural.py's rules, by name). */
function pluralForm(n) {
  if (plural === "fr") return n <= 1 ? 0 : 1;
  if (plural === "es") return n === 1 ? 0 : n !== 0 && n % 1000000 === 0 ? 1 : 2;
  if (plural === "zh") return 0;
  if (plural === "ar") {
    if (n === 0 || n === 1 || n === 2) return n;
    if (n % 100 >= 3 && n % 100 <= 10) return 3;
    return n % 100 >= 11 ? 4 : 5;
  }
  return n === 1 ? 0 : 1;
}

/* A text's numbers in the page's digits: Eastern Arabic in Arabic (senet/words/digits.py). */
function digits(text) {
  // a number joined to a Latin word (a clause id such as K9) stays as it is, as in digits.py
  return LANG === "ar" ? text.replace(/(?<![A-Za-z0-9])[0-9]+/g, (d) => [...d].map((c) => EASTERN[c]).join("")) : text;
}

function fnv1a(text) {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

function dailyIndex(date, rules, count) {
  return fnv1a(`senet-puzzle/1|${date}|${rules}`) % count;
}

function today() {
  const asked = new URLSearchParams(location.search).get("date");
  if (asked && /^\d{4}-\d{2}-\d{2}$/.test(asked)) return asked;
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

function dayBefore(date) {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

function longDate(date) {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString(document.documentElement.lang || "en",
    { dateStyle: "long", timeZone: "UTC" });
}

// ---------------------------------------------------------------- the device's memory

let storageRefused = false;

function load() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}") || {};
  } catch {
    storageRefused = true;
    return {};
  }
}

function save(memory) {
  try {
    localStorage.setItem(KEY, JSON.stringify(memory));
  } catch {
    storageRefused = true;
  }
}

/* The streak as it stands today: days in a row up to today or yesterday. */
function streak(memory, date) {
  const good = memory.good === date || memory.good === dayBefore(date);
  return { now: good ? memory.streak || 0 : 0, best: memory.best || 0 };
}

/* The first answer to a day's puzzle counts for the streak; later ones do not. */
function counted(memory, date, best) {
  if (memory.answered === date) return memory;
  const run = best ? (memory.good === dayBefore(date) ? (memory.streak || 0) + 1 : 1) : 0;
  const out = { ...memory, answered: date, streak: run, best: Math.max(memory.best || 0, run) };
  if (best) out.good = date;
  return out;
}

/* The practice positions still to solve: the app's list, less those this page's answers
 * (not yet applied by the app) have solved twice in a row. */
function mistakes() {
  let positions = [];
  let answers = [];
  try {
    positions = (JSON.parse(localStorage.getItem(PRACTICE_KEY) || "{}").positions || []);
    answers = JSON.parse(localStorage.getItem(ANSWERS_KEY) || "[]");
  } catch {
    return [];
  }
  if (!Array.isArray(answers)) answers = [];
  return positions.filter((x) => {
    if (!x || !Array.isArray(x.ranked) || !x.ranked.length || !data.variants[x.variant.split("+")[0]]) return false;
    let streak = x.streak || 0;
    for (const a of answers) if (a && a.id === x.id) streak = a.solved ? streak + 1 : 0;
    return streak < 2;
  });
}

function answerMistake(id, solved) {
  try {
    let answers = JSON.parse(localStorage.getItem(ANSWERS_KEY) || "[]");
    if (!Array.isArray(answers)) answers = [];
    answers.push({ id, solved, at: Date.now() });
    localStorage.setItem(ANSWERS_KEY, JSON.stringify(answers));
  } catch {
    storageRefused = true;
  }
}

// ---------------------------------------------------------------- drawing

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (parent) parent.append(node);
  return node;
}

function cell(n) {
  const row = Math.floor((n - 1) / 10);
  const k = (n - 1) % 10;
  return [row, row === 1 ? 9 - k : k];
}

function drawBoard(rules, board) {
  const svg = $("puzzle-board");
  svg.replaceChildren();
  el("rect", { class: "frame", x: 0, y: 0, width: 1000, height: 300, rx: 10 }, svg);
  const parts = data.parts[rules] || {};
  for (let n = 1; n <= 30; n++) {
    const [row, col] = cell(n);
    const part = parts[n];
    el("rect", { class: "sq" + (part ? ` part-${part}` : ""), x: 100 * col + 4, y: 100 * row + 4, width: 92,
                 height: 92, rx: 5 }, svg);
    el("text", { class: "num", x: 100 * col + 12, y: 100 * row + 28 }, svg).textContent = digits(String(n));
    if (part) { // its mark, as the legend shows it (the rules pages' drawing, tools/board_svg.py)
      el("text", { class: "mark", x: 100 * col + 88, y: 100 * row + 88, "text-anchor": "end", "aria-hidden": "true" },
         svg).textContent = mark(part);
    }
    const c = board[n - 1];
    if (c !== ".") {
      el("circle", { class: `piece ${c === "w" ? "white" : "black"}`, "data-square": n, cx: 100 * col + 54,
                     cy: 100 * row + 54, r: 30 }, svg);
    }
  }
}

/* The letter a square of ``part`` shows (the water's is a wave in every language). */
function mark(part) {
  return part === "water" ? "~" : word("pages.board.mark." + part);
}

/* Items in a list, with the language's comma (Arabic's "،"). */
function list(items) {
  return items.join(words["pages.board.comma"] || ", ");
}

/* The legend under the board: each part the rule set gives its squares (the water 27,
   the safe squares...), with its mark and colour, and the two sides' pieces. */
function drawLegend(rules) {
  const legend = $("puzzle-legend");
  legend.replaceChildren();
  const parts = data.parts[rules] || {};
  const order = ["water", "rebirth", "gate", "safe", "leave", "entry"];
  const item = (key, text, className) => {
    const li = document.createElement("li");
    const span = document.createElement("span");
    span.className = className;
    span.setAttribute("aria-hidden", "true");
    span.textContent = key;
    li.append(span, " ", text);
    li.dataset.part = className.split(" ").pop();
    legend.append(li);
  };
  for (const part of order) {
    const squares = Object.keys(parts).filter((n) => parts[n] === part).map(Number).sort((a, b) => a - b);
    if (!squares.length) continue;
    item(mark(part), word("pages.board.legend", { n: squares.length, squares: list(squares.map(String)),
                                                  part: word("pages.board.part." + part) }), `key part-${part}`);
  }
  item("", word("puzzles.legend.white"), "disc white");
  item("", word("puzzles.legend.black"), "disc black");
}

// ---------------------------------------------------------------- words of a puzzle

function actionWords(action) {
  if (action === "pass") return word("puzzles.action.pass");
  const [src, dst] = action.split("-");
  if (src === "in") return word("puzzles.action.enter", { to: dst });
  if (dst === "off") return word("puzzles.action.bear_off", { square: src });
  if (dst === "in") return word("puzzles.action.back", { square: src });
  return word("puzzles.action.move", { square: src, to: dst });
}

function percent(p) {
  return word("puzzles.percent", { p: Math.round(p * 100) });
}

function describe(rules, fields) {
  const [, board, side, thrown, offboard, flags] = fields;
  const lines = [];
  const part = flags.includes("dir=");
  lines.push(word((part ? "puzzles.task_left." : "puzzles.task.") + side, { throw: thrown }));
  const [w, b] = offboard.split(",").map((s) => s.slice(2).split("/").map(Number));
  const counts = [];
  if (w[1] || b[1]) counts.push(word("puzzles.off", { white: w[1], black: b[1] }));
  if (w[0] || b[0]) counts.push(word("puzzles.supply", { white: w[0], black: b[0] }));
  const odd = /odd=([wb])/.exec(flags);
  if (odd) counts.push(word("puzzles.goals." + odd[1]));
  if (flags.split(",").includes("entered")) counts.push(word("puzzles.entered"));
  const white = [], black = [];
  for (let n = 1; n <= 30; n++) {
    if (board[n - 1] === "w") white.push(n);
    if (board[n - 1] === "b") black.push(n);
  }
  $("puzzle-board-desc").textContent = word("puzzles.board", {
    white: list(white) || "-", black: list(black) || "-" });
  return { task: lines.join(" "), counts: counts.join(" ") };
}

// ---------------------------------------------------------------- the page

function show(rules, index, daily) {
  const list = data.variants[rules];
  const [position, ranked] = list[index];
  const date = today();
  current = { rules, index, daily, date, ranked };
  $("puzzle-title").textContent = daily
    ? word("puzzles.title.daily", { rules: rulesNames[rules], date: longDate(date) })
    : word("puzzles.title.other", { rules: rulesNames[rules], number: index + 1, count: list.length });
  display(rules, position, ranked, daily, index);
}

/* One of the player's own mistakes (k: its place in mistakes()). */
function showMistake(k) {
  const list = mistakes();
  if (!list.length) return;
  const x = list[k % list.length];
  const rules = x.variant.split("+")[0];
  const ranked = x.ranked.map((r) => [r[0], r[1]]);
  current = { rules, index: -1, daily: false, date: today(), ranked, practice: x.id, k: k % list.length };
  $("puzzle-title").textContent = word("puzzles.title.mistake", { rules: rulesNames[rules], number: k % list.length + 1,
                                                                  count: list.length });
  display(rules, x.position, ranked, false, -1);
  $("puzzle").dataset.practice = x.id;
}

function display(rules, position, ranked, daily, index) {
  const box = $("puzzle");
  delete box.dataset.practice;
  box.dataset.rules = rules;
  box.dataset.index = String(index);
  box.dataset.daily = daily ? "true" : "false";
  box.dataset.position = position;
  const date = current.date;
  const fields = position.split(" ");
  drawBoard(rules, fields[1]);
  drawLegend(rules);
  const said = describe(rules, fields);
  $("puzzle-task").textContent = said.task;
  $("puzzle-counts").textContent = said.counts;
  $("puzzle-counts").hidden = !said.counts;
  const actions = $("puzzle-actions");
  actions.replaceChildren();
  // the actions in the board's order, not the answer's
  for (const [action] of [...ranked].sort((a, b) => a[0].localeCompare(b[0], "en", { numeric: true }))) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.action = action;
    button.textContent = actionWords(action);
    button.addEventListener("click", () => answer(action));
    actions.append(button);
  }
  $("puzzle-answer").hidden = true;
  delete $("puzzle-answer").dataset.verdict;
  const memory = load();
  if (daily && memory.answered === date && memory.daily && memory.daily[rules] !== undefined
      && memory.daily[rules].index === index) {
    answer(memory.daily[rules].action, false); // today's answer, shown again
  }
  renderStreak(memory);
  actions.querySelector("button").focus({ preventScroll: true });
}

function answer(action, fresh = true) {
  const { ranked, daily, date, rules, index } = current;
  const best = ranked[0];
  const chosen = ranked.find((entry) => entry[0] === action);
  if (!chosen) return;
  const isBest = chosen[1] === best[1];
  for (const button of $("puzzle-actions").querySelectorAll("button")) {
    button.disabled = true;
    if (button.dataset.action === action) button.setAttribute("aria-pressed", "true");
  }
  const box = $("puzzle-answer");
  box.dataset.verdict = isBest ? "best" : "not-best";
  $("puzzle-verdict").textContent = isBest
    ? word("puzzles.verdict.best", { action: actionWords(action), chance: percent(chosen[1]) })
    : word("puzzles.verdict.not_best", { action: actionWords(action), chance: percent(chosen[1]),
                                          best: actionWords(best[0]), best_chance: percent(best[1]) });
  $("puzzle-reason").textContent = reason(rules, ranked);
  // each cell names its column, for the phone's cards (assets/pages.css's table.cards)
  const labels = [...$("puzzle-values").tHead.rows[0].cells].map((th) => th.textContent.trim());
  const rows = $("puzzle-values-rows");
  rows.replaceChildren();
  for (const [a, p] of ranked) {
    const tr = document.createElement("tr");
    if (a === action) tr.dataset.chosen = "true";
    if (p === best[1]) tr.dataset.best = "true";
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = actionWords(a);
    const td = document.createElement("td");
    td.textContent = percent(p);
    const note = document.createElement("td");
    note.textContent = list([p === best[1] ? word("puzzles.mark.best") : "",
                             a === action ? word("puzzles.mark.yours") : ""].filter(Boolean));
    td.dataset.label = labels[1];
    note.dataset.label = labels[2];
    tr.append(th, td, note);
    rows.append(tr);
  }
  box.hidden = false;
  if (fresh && current.practice) {
    answerMistake(current.practice, isBest);
    renderMistakes();
  }
  if (fresh && daily) {
    let memory = load();
    const before = memory.answered;
    memory = counted(memory, date, isBest);
    if (before !== date) memory.daily = {};
    memory.daily = { ...(memory.daily || {}), [rules]: { index, action } };
    save(memory);
    renderStreak(memory);
  }
  if (fresh) $("puzzle-verdict").focus({ preventScroll: false });
}

/* Why the best move is best: its chance against the next best's, in points, and what a
   move into the water gives away. */
function reason(rules, ranked) {
  const [best, next] = ranked;
  if (!next) return word("puzzles.reason.only", { best: actionWords(best[0]) });
  const gap = Math.round(best[1] * 100) - Math.round(next[1] * 100);
  const said = [gap > 0
    ? word("puzzles.reason.gap", { best: actionWords(best[0]), best_chance: percent(best[1]),
                                   next: actionWords(next[0]), next_chance: percent(next[1]), n: gap })
    : word("puzzles.reason.even", { best: actionWords(best[0]), next: actionWords(next[0]), chance: percent(best[1]) })];
  const parts = data.parts[rules] || {};
  for (const [a] of ranked.slice(1)) {
    const dst = a.split("-")[1];
    if (parts[dst] === "water") said.push(word("puzzles.reason.water", { action: actionWords(a) }));
  }
  return said.join(" ");
}

function renderStreak(memory) {
  const { now, best } = streak(memory, today());
  $("puzzle-streak").textContent = storageRefused ? word("puzzles.no_storage")
    : word("puzzles.streak", { n: now, best });
}

function renderMistakes() {
  const button = $("puzzle-mistakes");
  if (!button) return;
  const count = mistakes().length;
  button.hidden = !count;
  button.textContent = word("puzzles.mistakes", { n: count });
}

function another() {
  const list = data.variants[current.rules];
  const pick = new Uint32Array(1);
  crypto.getRandomValues(pick);
  let index = pick[0] % list.length;
  if (index === current.index && list.length > 1) index = (index + 1) % list.length;
  show(current.rules, index, false);
}

function daily(rules) {
  show(rules, dailyIndex(today(), rules, data.variants[rules].length), true);
}

async function start() {
  try {
    const response = await fetch(new URL("../puzzles.json", document.baseURI));
    if (!response.ok) throw Object.assign(new Error(`HTTP ${response.status}`), { status: response.status });
    data = await response.json();
  } catch (error) {
    // The words of the page's language, written into its data-* by the build (the catalog
    // is in puzzles.json, which did not load); a network error in the browser's words.
    const box = $("puzzle-loading");
    const detail = error.status
      ? box.dataset.status.replace("{status}", digits(String(error.status)))
      : error.message || error;
    box.textContent = `${box.dataset.failed} (${detail})`;
    return;
  }
  const lang = LANG in data.words ? LANG : "en";
  words = data.words[lang];
  rulesNames = data.rules[lang];
  plural = data.plural[lang];
  const select = $("puzzle-rules");
  for (const rules of Object.keys(data.variants)) {
    const option = document.createElement("option");
    option.value = rules;
    option.textContent = rulesNames[rules];
    select.append(option);
  }
  const asked = new URLSearchParams(location.search).get("rules");
  const memory = load();
  const rules = [asked, memory.rules, "kendall"].find((r) => r && r in data.variants);
  select.value = rules;
  select.addEventListener("change", () => {
    save({ ...load(), rules: select.value });
    daily(select.value);
  });
  $("puzzle-daily").addEventListener("click", () => daily(current.rules));
  $("puzzle-another").addEventListener("click", another);
  const mine = document.createElement("button");
  mine.type = "button";
  mine.id = "puzzle-mistakes";
  mine.addEventListener("click", () => showMistake(current && current.practice ? current.k + 1 : 0));
  $("puzzle-another").after(" ", mine);
  renderMistakes();
  $("puzzle-loading").hidden = true;
  $("puzzle").hidden = false;
  daily(rules);
}

start();
