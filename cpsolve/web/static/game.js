// Play: new games, reveals, chords, flags, autoplay, the timer, 3BV, statistics and practice.
import { $, S, api, escapeHtml, helped, say, sleep } from "./state.js";
import { parseBoard, threeBV } from "./boardtext.js";
import { bestMoveFor, describeMove, options, refresh } from "./analysis.js";
import { draw, updateButtons } from "./view.js";
import { dropCurrent, dropRecord, readHash, recordGame, saveCurrent, shareHash } from "./storage.js";
import { drawStats } from "./record.js";

export { drawStats };
export { helped };
export function plural(n, word) { return `${n} ${word}${n === 1 ? "" : "s"}`; }

export function difficultyName() {
  const d = $("difficulty").value;
  return d === "custom" ? $("custom").value.trim() : d;
}

function setGame(doc, { keepHistory = true } = {}) {
  if (!doc) return;
  if (keepHistory && S.game && S.game.state === "playing") S.history.push(S.game);
  const before = S.game;
  S.game = doc;
  S.text = doc.board;
  S.board = parseBoard(doc.board);
  S.move = [];
  if (doc.state === "playing" && S.started === null && /[0-8]/.test(doc.board.replace(/^mines.*$/m, ""))) S.started = Date.now();
  if (doc.state === "playing" && S.overlay.play && S.started !== null) helped("overlay");
  if (doc.state !== "playing" && (!before || before.state === "playing")) gameEnded(doc);
  keepCurrent();
}

// the game in progress survives a reload (and the address bar names it: its settings and seed)
export function keepCurrent() {
  if (S.mode === "play" && S.meta && readHash(location.hash)?.game !== S.game?.id) showAddress();
  if (!S.game || S.game.state !== "playing") { dropCurrent(); return; }
  const elapsed = S.started ? Date.now() - S.started : null;
  saveCurrent({ id: S.game.id, meta: S.meta, elapsed, helps: [...S.helps], clicks: S.clicks });
}
export function showAddress() {
  if (S.meta) history.replaceState(null, "", shareHash(S.meta));
}

function gameEnded(doc) {
  S.ended = Date.now();
  stopClock();
  const seconds = S.started ? (S.ended - S.started) / 1000 : 0;
  const bv = threeBV(doc.rows, doc.cols, doc.layout || []);
  const bvs = seconds > 0 && doc.state === "won" ? bv / seconds : null;
  const ioe = S.clicks > 0 ? bv / S.clicks : null;
  S.last = { bv, seconds, bvs, clicks: S.clicks, ioe };
  const timing = `${seconds.toFixed(1)} s, 3BV ${bv}${bvs !== null ? `, ${bvs.toFixed(2)} 3BV/s` : ""}` +
    `, ${plural(S.clicks, "click")}${doc.state === "won" && ioe !== null ? `, IOE ${ioe.toFixed(2)}` : ""}`;
  const m = S.meta || {};
  const helps = [...S.helps];
  if (S.practised && !helps.includes("take back")) helps.push("take back");
  recordGame({ end: S.ended, difficulty: difficultyOf(doc), rows: doc.rows, cols: doc.cols, mines: doc.mines,
    first_click: doc.first_click, no_guess: !!doc.no_guess, seed: m.seed ?? null, won: doc.state === "won",
    seconds, bv, clicks: S.clicks, helps });
  drawStats();
  const basis = helps.length ? ` Recorded as assisted (${helps.join(", ")}).` : "";
  if (doc.state === "won") say(`You won (${timing}).${basis}`);
  else say(`Lost: a mine at ${doc.exploded ? doc.exploded.join(",") : "?"} (${timing}).` +
    ($("practice").checked ? " Practice: Take back (U) undoes that click." : "") + basis);
}
function difficultyOf(doc) {
  const named = { "9x9x10": "beginner", "16x16x40": "intermediate", "30x16x99": "expert" }[`${doc.cols}x${doc.rows}x${doc.mines}`];
  return named || `${doc.cols}x${doc.rows}x${doc.mines}`;
}

let clock = null;
function tick() {
  const t = S.started ? ((S.ended || Date.now()) - S.started) / 1000 : 0;
  $("timer").textContent = `${Math.floor(t)} s`;
}
function startClock() { stopClock(); clock = setInterval(tick, 250); tick(); }
function stopClock() { if (clock) clearInterval(clock); clock = null; tick(); }

// a random game gets its seed from the page, so that its share link names it (issue 42, defect 6)
const MAX_SEED = Number.MAX_SAFE_INTEGER;
export async function newGame() {
  stopAutoplay();
  const difficulty = difficultyName();
  const body = { difficulty, first_click: $("first-click").value, no_guess: $("no-guess").checked };
  const logic = body.no_guess ? $("logic").value : "";
  if (logic) body.logic = logic;
  const typed = $("seed").value.trim();
  if (typed !== "" && (!/^\d+$/.test(typed) || Number(typed) > MAX_SEED)) {
    say(`the seed is a whole number from 0 to ${MAX_SEED} (or empty for a random game), not "${typed.slice(0, 40)}"`, true);
    return;
  }
  body.seed = typed !== "" ? Number(typed) : Math.floor(Math.random() * 2 ** 48);
  const doc = await api("/api/games", body);
  if (!doc) return;
  startGame(doc, { difficulty, first_click: body.first_click, no_guess: body.no_guess, seed: body.seed, logic: doc.logic || "" });
  say(`New ${body.no_guess ? "no-guess " : ""}game ${doc.cols}x${doc.rows}, ${plural(doc.mines, "mine")}` +
    `${doc.logic ? `, logic ${logicWords(doc.logic)}` : ""}, seed ${body.seed}.`);
  showAddress();
  await refresh();
}
// a game document (new, or restored from a reload or a link) becomes the page's game
export function startGame(doc, meta, { elapsed = null, helps = [], clicks = 0 } = {}) {
  S.game = null; S.history = []; S.practised = false; S.autoplayed = false; S.ended = null; S.last = null;
  forgetGuess(); S.marks = new Set();
  S.meta = meta; S.helps = new Set(helps); S.clicks = clicks;
  S.started = elapsed !== null ? Date.now() - elapsed : null;
  setGame(doc);
  S.focus = [0, 0];
  startClock();
  drawStats();
}

// a logic range in words ("pair..": "pairs or harder"), as the new-game options name it
export function logicWords(logic) {
  const opt = [...$("logic").options].find((o) => o.value === logic);
  return opt ? opt.textContent : logic;
}

export async function revealCells(cells) {
  if (!S.game || S.game.state !== "playing" || !cells.length) return false;
  // a no-guess game's layout is made at its first click: when that fails, say so plainly
  const first = S.game.no_guess && !/[0-8]/.test(S.game.board.replace(/^mines.*$/m, ""));
  const doc = await api(`/api/games/${S.game.id}/reveal`, { cells }, { quiet: first });
  if (!doc && first && api.lastError) {
    const easier = S.game.logic ? ", another logic level" : "";
    say(`No no-guess game could be made for this board${S.game.logic ? ` at logic ${logicWords(S.game.logic)}` : ""}. ` +
      `Start a new game with fewer mines${easier} or without No guess. (${api.lastError})`, true);
  }
  if (!doc) return false;
  setGame(doc);
  await refresh();
  return true;
}

// A revealed number whose flags are complete opens its other neighbours (none to open: nothing)
export function canChord(r, c) {
  const b = S.board;
  const n = b.cells[r][c];
  if (!/[1-8]/.test(n)) return false;
  let flags = 0, covered = 0;
  for (let dr = -1; dr <= 1; dr++) for (let dc = -1; dc <= 1; dc++) {
    const rr = r + dr, cc = c + dc;
    if ((dr || dc) && rr >= 0 && rr < b.rows && cc >= 0 && cc < b.cols) {
      if (b.cells[rr][cc] === "F") flags++;
      else if (b.cells[rr][cc] === ".") covered++;
    }
  }
  return flags === +n && covered > 0;
}
// a chord next to a flag on a proved-safe cell opens a mine for certain: refused, and said why
function flagsProvedSafe(r, c) {
  const d = S.doc && S.doc.status === "ok" ? S.doc : null;
  if (!d) return [];
  const near = (x, y) => Math.max(Math.abs(x - r), Math.abs(y - c)) === 1;
  return d.proved_safe.filter(([x, y]) => near(x, y) && S.board.cells[x][y] === "F");
}
export async function chord(r, c) {
  if (!S.game || S.game.state !== "playing" || !canChord(r, c)) return false;
  const wrong = flagsProvedSafe(r, c);
  if (wrong.length) {
    say(`Not chorded: the flag on ${wrong.map((x) => x.join(",")).join(" ")} is on a proved-safe cell, so a mine is among the cells the chord would open. Remove that flag first.`, true);
    return false;
  }
  const doc = await api(`/api/games/${S.game.id}/chord`, { row: r, col: c });
  if (!doc) return false;
  setGame(doc);
  await refresh();
  return true;
}

// a right click (or a long press): flag, then (with question marks on) ?, then covered again; with the
// no-flag style, nothing
export async function toggleFlag(r, c) {
  if (!S.game || S.game.state !== "playing") return false;
  if ($("no-flags").checked) { say("No-flag style: right clicks and long presses place no flags."); return false; }
  const ch = S.board.cells[r][c];
  if (ch !== "." && ch !== "F") return false;
  const key = r * S.board.cols + c;
  if (ch === "." && S.marks.has(key)) { S.marks.delete(key); draw(); return true; }
  const doc = await api(`/api/games/${S.game.id}/flag`, { row: r, col: c });
  if (!doc) return false;
  if (ch === "F" && $("marks").checked) S.marks.add(key);
  setGame(doc);
  await refresh();
  return true;
}

// Practice: the game before the last click comes back (a sealed token of an earlier state)
export async function takeBack() {
  if (!$("practice").checked || !S.history.length) return;
  const doc = S.history.pop();
  S.practised = true;
  if (S.ended !== null) { dropRecord(S.ended); drawStats(); }
  S.ended = null;
  setGame(doc, { keepHistory: false });
  helped("take back");
  startClock();
  say("Took the last click back: this game is practised, and recorded as assisted (take back).");
  await refresh();
}

export async function revealAllProvedSafe() {
  if (!S.game || S.game.state !== "playing") return false;
  helped("reveal proved safe");
  const doc = S.doc && S.doc.status === "ok" && S.overlay.play ? S.doc :
    await api("/api/analyze", { board: S.text, options: options() });
  if (!doc || doc.status !== "ok") return false;
  if (!doc.proved_safe.length) { say("Nothing is proved safe: a guess is needed (B plays the best one)."); return false; }
  say(`Opening ${plural(doc.proved_safe.length, "proved-safe cell")}.`);
  return revealCells(doc.proved_safe);
}

// "Why this guess?": the last guess of this position's game (never an older game's or board's), its
// figures, and the candidates the strategy weighed: the covered cells of lowest mine probability in
// the position it was played from, with their exact fractions, the dead cells and unavoidable 50/50s
function percent(p) {
  if (p.startsWith("~")) return `~${(100 * Number(p.slice(1))).toFixed(2)}%`;
  const [a, b] = p.split("/").map(Number);
  return `${(100 * a / (b || 1)).toFixed(2)}%`;
}
export async function whyGuess() {
  const mv = S.lastGuess;
  if (!mv || !mv.why) { say("No guess yet in this position's game: B plays the best move, and a guess is explained here."); return; }
  const w = mv.why;
  const [r, c] = mv.cells[0];
  let doc = mv.doc;
  if (!doc || doc.status !== "ok") doc = await api("/api/analyze", { board: mv.text, options: options() });
  if (S.lastGuess !== mv) return;        // another position since
  const cols = doc && doc.cols ? doc.cols : 0;
  const dead = new Set((w.dead || []).map(([x, y]) => x * cols + y));
  const fifty = mv.reason === "fifty-fifty";
  const open = doc && doc.status === "ok" ? doc.cells.filter((x) => !x.proof).sort((a, b) => a.probability - b.probability) : [];
  const chosen = open.filter((x) => x.row === r && x.col === c);
  const others = open.filter((x) => !(x.row === r && x.col === c)).slice(0, 7);
  const rows = [...chosen, ...others].map((x) => {
    const notes = [];
    if (x.row === r && x.col === c) notes.push("played");
    if (w.runner_up && x.row === w.runner_up[0] && x.col === w.runner_up[1]) notes.push("runner-up");
    if (dead.has(x.row * cols + x.col)) notes.push("dead: opening it can tell nothing");
    if (fifty && x.row === r && x.col === c) notes.push("an unavoidable 50/50");
    const p = x.fraction ? `${x.fraction} = ${(100 * x.probability).toFixed(2)}%` : `~${(100 * x.probability).toFixed(2)}%`;
    return `<tr><td>${x.row},${x.col}</td><td>${p}</td><td>${escapeHtml(x.basis)}</td><td>${notes.join("; ")}</td></tr>`;
  });
  const box = $("reasons");
  box.innerHTML = `<p><strong>Why ${r},${c}?</strong> ${escapeHtml(w.rule)}</p>` +
    (rows.length ? `<table><thead><tr><th>cell</th><th>mine probability</th><th>basis</th><th></th></tr></thead>` +
      `<tbody>${rows.join("")}</tbody></table>` : "") +
    (dead.size ? `<p>${plural(dead.size, "dead cell")} (outlined grey on the board).</p>` : "");
  box.hidden = false;
  S.dead = w.dead || [];
  draw();
  const ru = w.runner_up ? ` Runner-up ${w.runner_up.join(",")} at ${w.runner_up_probability} = ${percent(w.runner_up_probability)}.` : "";
  say(`Why ${r},${c}? Mine probability ${w.probability} = ${percent(w.probability)} (${w.basis})` +
    `${fifty ? ", an unavoidable 50/50" : ""}; ${w.rule}.${ru}` +
    `${dead.size ? ` ${plural(dead.size, "dead cell")}.` : ""} The candidates are listed under the board.`);
}
export function forgetGuess() {
  S.lastGuess = null;
  S.dead = [];
  $("reasons").hidden = true;
  $("reasons").replaceChildren();
}

export async function bestMove({ guesses = true, help = true } = {}) {
  const before = { text: S.text, doc: S.doc };
  const mv = await bestMoveFor();
  if (!mv) return false;
  if (help) helped("best move");
  if (mv.guess && mv.why) { forgetGuess(); S.lastGuess = { ...mv, ...before }; }
  if (S.mode === "analyse") {
    S.move = mv.cells;
    say(`Best move: open ${describeMove(mv)}.`);
    draw();
    return true;
  }
  if (mv.guess && !guesses) {
    say(`Autoplay stopped: a guess is needed (the best is ${describeMove(mv)}; B plays it).`);
    S.move = mv.cells;
    draw();
    return false;
  }
  say(`Best move: ${describeMove(mv)}.`);
  return revealCells(mv.cells);
}

// the Speed slider: right is faster (0 = a move every second, max = no pause)
export function autoplayDelay() { const s = $("speed"); return (+s.max - +s.value) * 50; }
S.autoplayDelay = autoplayDelay;

export async function toggleAutoplay(guesses = true) {
  if (S.autoplay) { stopAutoplay(); return; }
  if (!S.game || S.game.state !== "playing") return;
  S.autoplay = true;
  S.autoplayed = S.autoplayed || guesses;
  helped(guesses ? "autoplay" : "autoplay to a guess");
  $(guesses ? "autoplay" : "autoplay-safe").setAttribute("aria-pressed", "true");
  updateButtons();
  while (S.autoplay && S.game && S.game.state === "playing") {
    const ok = await bestMove({ guesses, help: false });
    if (!ok) break;
    await sleep(autoplayDelay());
  }
  stopAutoplay();
}
export function stopAutoplay() {
  S.autoplay = false;
  $("autoplay").setAttribute("aria-pressed", "false");
  $("autoplay-safe").setAttribute("aria-pressed", "false");
  updateButtons();
}
