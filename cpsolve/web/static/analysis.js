// Analyses (/api/analyze), "Why?" (/api/check) and the best move (/api/move), in both modes.
import { S, api, helped, say } from "./state.js";
import { draw, gameOver, infoCell, overlayOn } from "./view.js";

// in a game the player's flags are guesses, not facts: the analysis treats them as covered
export function options() { return S.mode === "play" ? { ignore_flags: true } : {}; }

export async function analyse() {
  if (!S.board || !S.board.rows) { S.doc = null; draw(); return null; }
  const seq = ++S.seq;
  const doc = await api("/api/analyze", { board: S.text, options: options() });
  if (seq !== S.seq) return null;  // a newer board is being analysed
  S.doc = doc;
  draw();
  return doc;
}

// before the first click of a game whose first click is safe (or an opening), no cell can be a mine
// there: the counts of the bare board (21% everywhere) do not apply, and nothing is analysed
export function beforeFirstClick() {
  return S.mode === "play" && S.game && S.game.state === "playing" && S.game.first_click !== undefined &&
    !/[0-8]/.test(S.game.board.replace(/^mines.*$/m, ""));
}
export async function refresh() {
  S.why = null;
  S.dead = [];   // dead cells belong to the position they were found on
  // a finished game has nothing left to guess: no probabilities, no best guess
  if (!gameOver() && !beforeFirstClick() && (overlayOn() || S.mode === "analyse")) await analyse();
  else { S.seq++; S.doc = null; draw(); }
}

// One step of cpsolve play's strategy for the board shown: {cells, guess, reason} or null.
export async function bestMoveFor() {
  if (!S.board || !S.board.rows) return null;
  const body = { board: S.text, options: options() };
  if (S.mode === "play" && S.game) body.first_click = S.game.first_click;
  const mv = await api("/api/move", body);
  if (!mv) return null;
  if (mv.status !== "ok" || !mv.cells.length) { say(mv.message || `no move: ${mv.reason}`); return null; }
  return mv;
}

export function describeMove(mv) {
  const where = mv.cells.length === 1 ? mv.cells[0].join(",") : `${mv.cells.length} cells`;
  return `${where}: ${mv.guess ? `a guess (${mv.reason})` : mv.reason === "proved" ? "proved" : `proved (${mv.reason})`}`;
}

export async function why() {
  if (!S.board || !S.board.rows) return;
  const [r, c] = infoCell();
  const ch = S.board.cells[r][c];
  if (ch !== "." && !(ch === "F" && S.mode === "play")) { say(`${r},${c} is not a covered cell: select a covered cell, then Why?`); return; }
  if (S.mode === "play") helped("why");
  const res = await api("/api/check", { board: S.text, row: r, col: c, options: options() });
  if (!res) return;
  S.why = { cell: [r, c], clues: res.clues };
  draw();
  if (res.verdict === "undecided") {
    say(res.timed_out ? `${r},${c}: not decided within the time limit (not proved either way).` :
      `${r},${c}: not decided: some placements make it safe, others a mine.`);
    return;
  }
  const clues = res.clues.map((x) => x.join(",")).join(" ") || "none";
  const total = res.uses_total ? `the mine total (${res.mines}) was needed` :
    res.mines === null ? "no mine total given" : "the mine total was not needed";
  say(`${r},${c} is proved ${res.verdict.toUpperCase()}: forced by the clues ${clues} (outlined); ${total}` +
    `${res.minimal ? "; a minimal set" : ""}.`);
}
