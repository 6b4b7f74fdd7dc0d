// Play: new games, reveals, chords, flags, autoplay, the timer, 3BV, statistics and practice.
import { $, S, api, say, sleep } from "./state.js";
import { parseBoard, threeBV } from "./boardtext.js";
import { bestMoveFor, describeMove, options, refresh } from "./analysis.js";
import { draw, updateButtons } from "./view.js";
import { recordGame, loadStats } from "./storage.js";

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
  if (doc.state !== "playing" && (!before || before.state === "playing")) gameEnded(doc);
}

function gameEnded(doc) {
  S.ended = Date.now();
  stopClock();
  const seconds = S.started ? (S.ended - S.started) / 1000 : 0;
  const bv = threeBV(doc.rows, doc.cols, doc.layout || []);
  const bvs = seconds > 0 && doc.state === "won" ? bv / seconds : null;
  S.last = { bv, seconds, bvs };
  const timing = `${seconds.toFixed(1)} s, 3BV ${bv}${bvs !== null ? `, ${bvs.toFixed(2)} 3BV/s` : ""}`;
  // practice games (and games the page guessed in) are not the player's record
  if (!S.practised && !S.autoplayed && !$("practice").checked) recordGame(difficultyName(), doc.state === "won", seconds, bvs);
  drawStats();
  if (doc.state === "won") say(`You won (${timing}).`);
  else say(`Lost: a mine at ${doc.exploded ? doc.exploded.join(",") : "?"} (${timing}).` +
    ($("practice").checked ? " Practice: Take back (U) undoes that click." : ""));
}

let clock = null;
function tick() {
  const t = S.started ? ((S.ended || Date.now()) - S.started) / 1000 : 0;
  $("timer").textContent = `${Math.floor(t)} s`;
}
function startClock() { stopClock(); clock = setInterval(tick, 250); tick(); }
function stopClock() { if (clock) clearInterval(clock); clock = null; tick(); }

export function drawStats() {
  const s = loadStats()[difficultyName()];
  const bv = S.last ? ` · last: ${S.last.seconds.toFixed(1)} s, 3BV ${S.last.bv}${S.last.bvs !== null ? `, ${S.last.bvs.toFixed(2)} 3BV/s` : ""}` : "";
  $("stats").textContent = s ? `${difficultyName()}: ${s.won} won, ${s.lost} lost` +
    (s.won + s.lost ? ` (${Math.round(100 * s.won / (s.won + s.lost))}%)` : "") +
    (s.best !== null ? `, best ${s.best.toFixed(1)} s` : "") + (s.bvs !== null ? `, best ${s.bvs.toFixed(2)} 3BV/s` : "") + bv
    : `${difficultyName()}: no games yet${bv}`;
}

export async function newGame() {
  stopAutoplay();
  const difficulty = difficultyName();
  const body = { difficulty, first_click: $("first-click").value, no_guess: $("no-guess").checked };
  const seed = $("seed").value.trim();
  if (seed !== "") {
    if (!/^\d+$/.test(seed)) { say("the seed is a whole number (or empty for a random game)", true); return; }
    body.seed = Number(seed);
  }
  const doc = await api("/api/games", body);
  if (!doc) return;
  S.game = null; S.history = []; S.practised = false; S.autoplayed = false; S.started = null; S.ended = null; S.last = null;
  say(`New ${body.no_guess ? "no-guess " : ""}game ${doc.cols}x${doc.rows}, ${doc.mines} mines${seed !== "" ? `, seed ${seed}` : ""}.`);
  setGame(doc);
  S.focus = [0, 0];
  startClock();
  drawStats();
  await refresh();
}

export async function revealCells(cells) {
  if (!S.game || S.game.state !== "playing" || !cells.length) return false;
  const doc = await api(`/api/games/${S.game.id}/reveal`, { cells });
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
export async function chord(r, c) {
  if (!S.game || S.game.state !== "playing" || !canChord(r, c)) return false;
  const doc = await api(`/api/games/${S.game.id}/chord`, { row: r, col: c });
  if (!doc) return false;
  setGame(doc);
  await refresh();
  return true;
}

export async function toggleFlag(r, c) {
  if (!S.game || S.game.state !== "playing") return;
  const ch = S.board.cells[r][c];
  if (ch !== "." && ch !== "F") return;
  const doc = await api(`/api/games/${S.game.id}/flag`, { row: r, col: c });
  if (doc) { setGame(doc); await refresh(); }
}

// Practice: the game before the last click comes back (a sealed token of an earlier state)
export async function takeBack() {
  if (!$("practice").checked || !S.history.length) return;
  const doc = S.history.pop();
  S.practised = true;
  S.ended = null;
  setGame(doc, { keepHistory: false });
  startClock();
  say("Took the last click back: this game is practised and stays out of the statistics.");
  await refresh();
}

export async function revealAllProvedSafe() {
  if (!S.game || S.game.state !== "playing") return false;
  const doc = S.doc && S.doc.status === "ok" && S.overlay.play ? S.doc :
    await api("/api/analyze", { board: S.text, options: options() });
  if (!doc || doc.status !== "ok") return false;
  if (!doc.proved_safe.length) { say("Nothing is proved safe: a guess is needed (B plays the best one)."); return false; }
  say(`Opening ${doc.proved_safe.length} proved-safe cell(s).`);
  return revealCells(doc.proved_safe);
}

// "Why this guess?": the last guess's rule, its mine probability and the runner-up (from /api/move)
export function whyGuess() {
  const mv = S.lastGuess;
  if (!mv || !mv.why) { say("No guess yet: B plays the best move, and a guess is explained here."); return; }
  const w = mv.why;
  const ru = w.runner_up ? ` The lowest-probability other cell: ${w.runner_up.join(",")} at ${w.runner_up_probability}.` : "";
  const dead = w.dead && w.dead.length ? ` Dead cells (outlined grey: opening one can tell nothing): ${w.dead.length}.` : "";
  S.dead = w.dead || [];
  draw();
  say(`Why ${mv.cells[0].join(",")}? Mine probability ${w.probability} (${w.basis}); chosen as ${w.rule}.${ru}${dead}`);
}

export async function bestMove({ guesses = true } = {}) {
  const mv = await bestMoveFor();
  if (!mv) return false;
  if (mv.guess && mv.why) S.lastGuess = mv;
  $("why-guess").hidden = !S.lastGuess;
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
  S.autoplayed = S.autoplayed || guesses;   // a game the page guessed for is not the player's record
  $(guesses ? "autoplay" : "autoplay-safe").setAttribute("aria-pressed", "true");
  updateButtons();
  while (S.autoplay && S.game && S.game.state === "playing") {
    const ok = await bestMove({ guesses });
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
