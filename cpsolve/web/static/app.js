// cpsolve web page: play and analyse on top of the HTTP API (docs/http-api.md). No build step.
// The rule of the page: green means proved safe (a certainty from the proof engine), nothing less.
"use strict";

const PALETTE = window.CPSOLVE_PALETTE;
const $ = (id) => document.getElementById(id);

const S = {
  mode: "play",          // "play" or "analyse"
  game: null,            // the last game document from the server
  text: "",              // the board text shown
  board: null,           // {rows, cols, mines, cells: [[ch, ...], ...]}
  doc: null,             // the last analysis document (section 3) for S.text
  overlay: { play: false, analyse: true },
  why: null,             // {cell:[r,c], clues:[[r,c],...]}
  move: [],              // cells of the last best move shown in analysis mode
  focus: [0, 0],
  hover: null,           // the cell under the mouse, if any: W explains it (else the focused cell)
  tool: null,            // analyse mode: "inspect", "cycle" or the character a click paints
  autoplay: false,
  busy: 0,
  seq: 0,                // analysis requests in flight: only the newest is drawn
};
window.cpsolve = S;      // the page's state, for the browser test and the curious

// ------------------------------------------------------------------ colours (from the server's palette)
function hexToRgb(h) { return [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)); }
function scaleColour(p) {
  const stops = PALETTE.scale;
  p = Math.min(1, Math.max(0, p));
  for (let i = 0; i + 1 < stops.length; i++) {
    const [p0, c0] = stops[i], [p1, c1] = stops[i + 1];
    if (p <= p1) {
      const t = p1 === p0 ? 0 : (p - p0) / (p1 - p0);
      const a = hexToRgb(c0), b = hexToRgb(c1);
      return "#" + a.map((x, k) => Math.round(x + (b[k] - x) * t).toString(16).padStart(2, "0")).join("");
    }
  }
  return stops[stops.length - 1][1];
}
function applyPalette() {
  const root = document.documentElement.style;
  root.setProperty("--psafe", PALETTE.provedSafe);
  root.setProperty("--pmine", PALETTE.provedMine);
  root.setProperty("--revealed", PALETTE.revealed);
  root.setProperty("--covered", PALETTE.covered);
  root.setProperty("--best", PALETTE.best);
  root.setProperty("--why", PALETTE.clue);
  PALETTE.numbers.forEach((c, k) => root.setProperty(`--n${k + 1}`, c));
  const stops = PALETTE.scale.map(([p, c]) => `${c} ${Math.round(p * 100)}%`).join(", ");
  document.querySelector(".sw.scale").style.background = `linear-gradient(90deg, ${stops})`;
}

// ------------------------------------------------------------------ board text
const WHM = /^\s*(\d+)\s*x\s*(\d+)\s*x\s*(\d+)\s*$/i;
function parseBoard(text) {
  let mines = null;
  const rows = [];
  const where = [];      // where[r][c] = [line index, character index] of the cell in `text`
  text.split(/\r?\n/).forEach((raw, li) => {
    const line = raw.trim();
    if (!line || line.startsWith("#")) return;
    const m = /^mines\s*:\s*(\d+)$/i.exec(line);
    if (m) { mines = +m[1]; return; }
    const w = WHM.exec(line);
    if (w && rows.length === 0) { mines = +w[3]; return; }
    const row = [], pos = [];
    [...raw].forEach((ch, k) => { if (!/\s/.test(ch)) { row.push(ch === "H" || ch === "?" ? "." : ch); pos.push([li, k]); } });
    rows.push(row);
    where.push(pos);
  });
  return { rows: rows.length, cols: rows.length ? rows[0].length : 0, mines, cells: rows, where };
}
// The text with one cell changed and everything else (comments, spacing, header) kept as it was.
function editText(text, b, r, c, ch) {
  const at = b.where && b.where[r] && b.where[r][c];
  if (!at) return boardToText(b);
  const lines = text.split(/\r?\n/);
  const [li, k] = at;
  lines[li] = lines[li].slice(0, k) + ch + lines[li].slice(k + 1);
  return lines.join("\n");
}
function boardToText(b) {
  const head = b.mines !== null && b.mines !== undefined ? `mines: ${b.mines}\n` : "";
  return head + b.cells.map((r) => r.join(" ")).join("\n") + "\n";
}
// A bare WxHxM (or a .mine header with no grid) is an untouched board of that size.
function expandWhm(text) {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() && !l.trim().startsWith("#"));
  if (lines.length === 1) {
    const w = WHM.exec(lines[0]);
    if (w) {
      const [cols, rows, mines] = [+w[1], +w[2], +w[3]];
      if (cols * rows > 0 && cols * rows <= 40000) {
        return `mines: ${mines}\n` + Array.from({ length: rows }, () => Array(cols).fill(".").join(" ")).join("\n") + "\n";
      }
    }
  }
  return text;
}

// ------------------------------------------------------------------ HTTP
async function api(path, body, opts = {}) {
  const init = body === undefined ? { method: "GET" } : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  S.busy++;
  updateButtons();
  try {
    const res = await fetch(path, init);
    const doc = await res.json();
    if (!res.ok) {
      if (!opts.quiet) say(`${doc.error || res.statusText}`, true);
      return null;
    }
    return doc;
  } catch (e) {
    say(`cannot reach the server: ${e.message}`, true);
    return null;
  } finally {
    S.busy--;
    updateButtons();
  }
}
function say(text, isError = false) {
  const m = $("message");
  m.textContent = text;
  m.className = isError ? "error" : "";
}

// ------------------------------------------------------------------ analysis
function options() {
  // in a game the player's flags are guesses, not facts: the analysis treats them as covered
  return S.mode === "play" ? { ignore_flags: true } : {};
}
async function analyse() {
  if (!S.board || !S.board.rows) { S.doc = null; draw(); return null; }
  const seq = ++S.seq;
  const doc = await api("/api/analyze", { board: S.text, options: options() });
  if (seq !== S.seq) return null;  // a newer board is being analysed
  S.doc = doc;
  draw();
  return doc;
}
function overlayOn() { return S.overlay[S.mode]; }
function gameOver() { return S.mode === "play" && S.game && S.game.state !== "playing"; }
async function refresh() {
  S.why = null;
  // a finished game has nothing left to guess: no probabilities, no best guess
  if (!gameOver() && (overlayOn() || S.mode === "analyse")) await analyse(); else { S.doc = null; draw(); }
}

// ------------------------------------------------------------------ drawing
function cellInfo(r, c) {
  const b = S.board;
  const ch = b.cells[r][c];
  const where = `${r},${c}`;
  if (/[0-8]/.test(ch)) return { kind: "revealed", text: `${where}: revealed ${ch}` };
  const layout = layoutSet();
  if (ch === "F") {
    const wrong = layout && !layout.has(r * b.cols + c);
    return { kind: "flag", text: `${where}: flagged${wrong ? " (no mine here)" : ""}`, wrong };
  }
  if (ch === "*") return { kind: "mine", text: `${where}: mine` };
  if (layout && layout.has(r * b.cols + c)) return { kind: "layout_mine", text: `${where}: a mine (the game is over)` };
  const d = S.doc && overlayOn() && !gameOver() ? docCell(r, c) : null;
  if (!d) return { kind: "covered", text: `${where}: covered` };
  const undecided = S.doc.undecided && S.doc.undecided.some(([x, y]) => x === r && y === c);
  if (d.proof === "safe") return { kind: "proved_safe", d, text: `${where}: PROVED SAFE (proof engine); press W for why` };
  if (d.proof === "mine") return { kind: "proved_mine", d, text: `${where}: PROVED MINE (proof engine); press W for why` };
  if (d.basis === "estimate") {
    return { kind: "estimate", d, text: `${where}: estimate ~${(d.probability * 100).toFixed(1)}% (basis: estimate; not exact, not proved)` };
  }
  const note = undecided ? "; not decided by the proof engine within the time limit" :
    (d.fraction === "0" || d.fraction === "1" ? "; exact, not proved" : "; not proved");
  return { kind: "exact", d, text: `${where}: ${d.fraction} = ${(d.probability * 100).toFixed(2)}% (basis: exact${note})` };
}
let docIndex = null;
function docCell(r, c) {
  if (!S.doc || S.doc.status !== "ok") return null;
  if (!docIndex || docIndex.doc !== S.doc) {
    docIndex = { doc: S.doc, map: new Map(S.doc.cells.map((x) => [x.row * S.doc.cols + x.col, x])) };
  }
  return docIndex.map.get(r * S.doc.cols + c) || null;
}
function layoutSet() {
  if (S.mode !== "play" || !S.game || !S.game.layout) return null;
  return new Set(S.game.layout.map(([r, c]) => r * S.game.cols + c));
}
function pct(p) { return p < 0.005 ? "<1" : p > 0.995 && p < 1 ? ">99" : String(Math.round(p * 100)); }

function draw() {
  const b = S.board;
  const grid = $("board");
  if (!b || !b.rows) { grid.replaceChildren(); drawStatus(); updateButtons(); return; }
  if (grid.childElementCount !== b.rows * b.cols || grid.dataset.cols !== String(b.cols)) {
    grid.replaceChildren();
    grid.style.gridTemplateColumns = `repeat(${b.cols}, var(--cell))`;
    grid.dataset.cols = String(b.cols);
    for (let r = 0; r < b.rows; r++) {
      for (let c = 0; c < b.cols; c++) {
        const el = document.createElement("button");
        el.type = "button";
        el.className = "cell";
        el.dataset.r = r; el.dataset.c = c;
        el.setAttribute("role", "gridcell");
        el.tabIndex = -1;
        grid.appendChild(el);
      }
    }
  }
  const best = S.doc && overlayOn() && !gameOver() && S.doc.best_guess ? S.doc.best_guess : null;
  const whyClues = new Set((S.why ? S.why.clues : []).map(([r, c]) => r * b.cols + c));
  const asked = S.why ? S.why.cell[0] * b.cols + S.why.cell[1] : -1;
  const moves = new Set(S.move.map(([r, c]) => r * b.cols + c));
  const exploded = S.game && S.mode === "play" && S.game.exploded ? S.game.exploded : null;
  const [fr, fc] = S.focus;
  for (const el of grid.children) {
    const r = +el.dataset.r, c = +el.dataset.c;
    const ch = b.cells[r][c];
    const info = cellInfo(r, c);
    const cls = ["cell"];
    let text = "";
    let bg = "";
    switch (info.kind) {
      case "revealed": cls.push("rev", `n${ch}`); text = ch === "0" ? "" : ch; break;
      case "flag": cls.push("flag"); if (info.wrong) cls.push("wrongflag"); text = "\u2691"; break;
      case "mine": cls.push("mine"); text = "\u2739"; break;
      case "layout_mine": cls.push("lmine"); text = "\u2739"; break;
      case "proved_safe": cls.push("psafe"); text = "\u2713"; break;
      case "proved_mine": cls.push("pmine"); text = "\u2739"; break;
      case "exact": cls.push("prob"); bg = scaleColour(info.d.probability); text = pct(info.d.probability); break;
      case "estimate": cls.push("prob", "est"); bg = scaleColour(info.d.probability); text = "~" + pct(info.d.probability); break;
      default: break;
    }
    if (best && best[0] === r && best[1] === c) cls.push("best");
    if (moves.has(r * b.cols + c)) cls.push("move");
    if (whyClues.has(r * b.cols + c)) cls.push("why");
    if (asked === r * b.cols + c) cls.push("asked");
    if (exploded && exploded[0] === r && exploded[1] === c) cls.push("exploded");
    el.className = cls.join(" ");
    el.style.backgroundColor = bg;
    if (bg) el.style.color = textOn(bg);
    else el.style.color = "";
    el.textContent = text;
    el.dataset.kind = info.kind;
    el.title = info.text;
    el.setAttribute("aria-label", info.text);
    el.tabIndex = r === fr && c === fc ? 0 : -1;
  }
  const [ir, ic] = infoCell();
  if (ir < b.rows && ic < b.cols) showInfo(ir, ic);
  drawStatus();
  updateButtons();
}
function textOn(hex) {
  const [r, g, b] = hexToRgb(hex);
  return 0.299 * r + 0.587 * g + 0.114 * b > 140 ? "#000" : "#fff";
}
function drawStatus() {
  const st = $("status");
  const b = S.board;
  const parts = [];
  if (!b || !b.rows) { st.textContent = S.mode === "play" ? "Start a new game." : "Paste or drop a board, then Analyse."; return; }
  const flags = b.cells.flat().filter((x) => x === "F").length;
  if (b.mines !== null) parts.push(`mines left: ${b.mines - flags}`);
  if (S.mode === "play" && S.game) {
    const label = { playing: "playing", won: "WON", lost: "LOST" }[S.game.state];
    parts.push(`<span class="${S.game.state}">${label}</span>`);
  }
  const d = S.doc;
  if (d && d.status === "inconsistent") {
    parts.push(`<span class="lost">inconsistent board: ${escapeHtml(d.message || "")}</span>`);
  } else if (gameOver()) {
    parts.push(S.game.state === "won" ? "every safe cell is open" : "the layout is shown; \u2716 marks a wrong flag");
  } else if (d && (overlayOn() || S.mode === "analyse")) {
    parts.push(`proved safe: ${d.proved_safe.length}`, `proved mine: ${d.proved_mine.length}`);
    parts.push(d.exact ? "probabilities: exact" : `<span class="est">probabilities: ESTIMATES (none on this board is exact)</span>`);
    if (d.undecided && d.undecided.length) parts.push(`${d.undecided.length} not decided within ${d.time_limit} s`);
    if (d.best_guess && overlayOn()) parts.push(`best guess: ${d.best_guess[0]},${d.best_guess[1]}`);
    if (d.mines === null) parts.push(`prior: ${escapeHtml(d.prior)}`);
  } else if (S.mode === "play") {
    parts.push("overlay off (O shows probabilities)");
  }
  st.innerHTML = parts.join(" &middot; ");
}
function escapeHtml(s) { return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c])); }

function updateButtons() {
  const playing = S.mode === "play" && S.game && S.game.state === "playing";
  $("reveal-safe").disabled = !playing || S.busy > 0 && !S.autoplay;
  $("autoplay").disabled = !playing && !S.autoplay;
  $("best-move").disabled = !S.board || !S.board.rows || (S.mode === "play" && !playing) || (S.busy > 0 && !S.autoplay);
  $("why").disabled = !S.board || !S.board.rows;
}

// ------------------------------------------------------------------ game actions
function setGame(doc) {
  if (!doc) return;
  S.game = doc;
  S.text = doc.board;
  S.board = parseBoard(doc.board);
  S.move = [];
  if (doc.state === "won") say("You won.");
  else if (doc.state === "lost") say(`Lost: a mine at ${doc.exploded ? doc.exploded.join(",") : "?"}.`);
}
async function newGame() {
  stopAutoplay();
  let difficulty = $("difficulty").value;
  if (difficulty === "custom") difficulty = $("custom").value.trim();
  const body = { difficulty, first_click: $("first-click").value };
  const seed = $("seed").value.trim();
  if (seed !== "") {
    if (!/^\d+$/.test(seed)) { say("the seed is a whole number (or empty for a random game)", true); return; }
    body.seed = Number(seed);
  }
  const doc = await api("/api/games", body);
  if (!doc) return;
  say(`New game ${doc.cols}x${doc.rows}, ${doc.mines} mines${seed !== "" ? `, seed ${seed}` : ""}.`);
  setGame(doc);
  S.focus = [0, 0];
  await refresh();
}
async function revealCells(cells) {
  if (!S.game || S.game.state !== "playing" || !cells.length) return false;
  const doc = await api(`/api/games/${S.game.id}/reveal`, { cells });
  if (!doc) return false;
  setGame(doc);
  await refresh();
  return true;
}
async function revealAllProvedSafe() {
  if (!S.game || S.game.state !== "playing") return false;
  const doc = S.doc && S.doc.status === "ok" && overlayOn() ? S.doc :
    await api("/api/analyze", { board: S.text, options: options() });
  if (!doc || doc.status !== "ok") return false;
  if (!doc.proved_safe.length) { say("Nothing is proved safe: a guess is needed (B plays the best one)."); return false; }
  say(`Opening ${doc.proved_safe.length} proved-safe cell(s).`);
  return revealCells(doc.proved_safe);
}
async function bestMove() {
  if (!S.board || !S.board.rows) return false;
  const body = { board: S.text, options: options() };
  if (S.mode === "play" && S.game) body.first_click = S.game.first_click;
  const mv = await api("/api/move", body);
  if (!mv) return false;
  if (mv.status !== "ok" || !mv.cells.length) { say(mv.message || `no move: ${mv.reason}`); return false; }
  const where = mv.cells.length === 1 ? mv.cells[0].join(",") : `${mv.cells.length} cells`;
  const kind = mv.guess ? `a guess (${mv.reason})` : `proved (${mv.reason})`;
  if (S.mode === "analyse") {
    S.move = mv.cells;
    say(`Best move: open ${where}: ${kind}.`);
    draw();
    return true;
  }
  say(`Best move: ${where}: ${kind}.`);
  return revealCells(mv.cells);
}
// the Speed slider: right is faster (0 = a move every second, max = no pause)
function autoplayDelay() { const s = $("speed"); return (+s.max - +s.value) * 50; }
S.autoplayDelay = autoplayDelay;
function sleep(ms) { return new Promise((r) => setTimeout(r, ms)); }
async function toggleAutoplay() {
  if (S.autoplay) { stopAutoplay(); return; }
  if (!S.game || S.game.state !== "playing") return;
  S.autoplay = true;
  $("autoplay").setAttribute("aria-pressed", "true");
  updateButtons();
  while (S.autoplay && S.game && S.game.state === "playing") {
    const ok = await bestMove();
    if (!ok) break;
    await sleep(autoplayDelay());
  }
  stopAutoplay();
}
function stopAutoplay() {
  S.autoplay = false;
  $("autoplay").setAttribute("aria-pressed", "false");
  updateButtons();
}
async function why() {
  if (!S.board || !S.board.rows) return;
  const [r, c] = infoCell();
  const ch = S.board.cells[r][c];
  if (ch !== "." && !(ch === "F" && S.mode === "play")) { say(`${r},${c} is not a covered cell: select a covered cell, then Why?`); return; }
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

// ------------------------------------------------------------------ analysis-mode editing
const CYCLE = [".", "0", "1", "2", "3", "4", "5", "6", "7", "8", "F", "*"];
function setCell(r, c, ch) {
  S.board.cells[r][c] = ch;
  S.text = editText(S.text, S.board, r, c, ch);
  $("board-text").value = S.text;
  S.move = [];
  scheduleAnalyse();
}
let timer = null;
function scheduleAnalyse() { clearTimeout(timer); timer = setTimeout(() => { S.why = null; analyse(); }, 250); }
function loadText(text) {
  text = expandWhm(text);
  $("board-text").value = text;
  S.text = text;
  S.board = parseBoard(text);
  S.move = [];
  S.why = null;
  S.focus = [0, 0];
  say("");
  analyse();
}

// ------------------------------------------------------------------ events
function cellFromEvent(e) {
  const el = e.target.closest(".cell");
  return el ? [+el.dataset.r, +el.dataset.c] : null;
}
function focusCell(r, c) {
  const b = S.board;
  if (!b) return;
  r = Math.max(0, Math.min(b.rows - 1, r));
  c = Math.max(0, Math.min(b.cols - 1, c));
  S.focus = [r, c];
  S.hover = null;  // the keyboard (or a tap) chose this cell: W explains it
  for (const el of $("board").children) el.tabIndex = -1;
  const el = $("board").children[r * b.cols + c];
  if (el) { el.tabIndex = 0; el.focus(); showInfo(r, c); }
}
function infoCell() { return S.hover || S.focus; }
function showInfo(r, c) { if (S.board && S.board.rows) $("info").textContent = cellInfo(r, c).text; }
async function primary(r, c) {
  S.focus = [r, c];
  if (S.mode === "play") {
    if (!S.game || S.game.state !== "playing") return;
    const ch = S.board.cells[r][c];
    if (ch !== ".") return;
    await revealCells([[r, c]]);
  } else {
    const tool = currentTool();
    if (tool === "inspect") { focusCell(r, c); return; }   // a tap selects: info line, Why?
    const ch = S.board.cells[r][c];
    setCell(r, c, tool === "cycle" ? CYCLE[(CYCLE.indexOf(ch) + 1) % CYCLE.length] : tool);
    draw();
  }
}
// phones and tablets (a coarse pointer) start on "inspect": a tap there must not edit the board
function currentTool() {
  if (!S.tool) S.tool = window.matchMedia && window.matchMedia("(pointer: coarse)").matches ? "inspect" : "cycle";
  return S.tool;
}
function setTool(tool) {
  S.tool = tool;
  for (const b of document.querySelectorAll("#tools button")) b.setAttribute("aria-pressed", String(b.dataset.tool === tool));
}
async function secondary(r, c) {
  S.focus = [r, c];
  if (S.mode === "play") {
    if (!S.game || S.game.state !== "playing") return;
    const ch = S.board.cells[r][c];
    if (ch !== "." && ch !== "F") return;
    const doc = await api(`/api/games/${S.game.id}/flag`, { row: r, col: c });
    if (doc) { setGame(doc); await refresh(); }
  } else {
    const ch = S.board.cells[r][c];
    setCell(r, c, CYCLE[(CYCLE.indexOf(ch) + CYCLE.length - 1) % CYCLE.length]);
  }
}
function setMode(mode) {
  stopAutoplay();
  S.mode = mode;
  $("tab-play").setAttribute("aria-selected", String(mode === "play"));
  $("tab-analyse").setAttribute("aria-selected", String(mode === "analyse"));
  $("panel-play").hidden = mode !== "play";
  $("panel-analyse").hidden = mode !== "analyse";
  $("overlay").checked = S.overlay[mode];
  S.why = null; S.move = []; S.doc = null;
  if (mode === "play") {
    if (S.game) { S.text = S.game.board; S.board = parseBoard(S.text); } else { S.board = null; S.text = ""; }
    refresh();
  } else {
    const text = $("board-text").value;
    if (text.trim()) loadText(text); else { S.board = null; S.text = ""; draw(); }
  }
  updateButtons();
  say("");
}

function init() {
  applyPalette();
  $("tab-play").addEventListener("click", () => setMode("play"));
  $("tab-analyse").addEventListener("click", () => setMode("analyse"));
  $("difficulty").addEventListener("change", () => { $("custom-label").hidden = $("difficulty").value !== "custom"; });
  $("new-game").addEventListener("click", newGame);
  $("analyse").addEventListener("click", () => loadText($("board-text").value));
  $("board-text").addEventListener("paste", () => setTimeout(() => loadText($("board-text").value), 0));
  $("file").addEventListener("change", async (e) => {
    const f = e.target.files[0];
    if (f) loadText(await f.text());
  });
  const panel = $("panel-analyse");
  const dropTarget = document.body;
  dropTarget.addEventListener("dragover", (e) => { e.preventDefault(); panel.classList.add("dragging"); });
  dropTarget.addEventListener("dragleave", () => panel.classList.remove("dragging"));
  dropTarget.addEventListener("drop", async (e) => {
    e.preventDefault();
    panel.classList.remove("dragging");
    const f = e.dataTransfer.files[0];
    const text = f ? await f.text() : e.dataTransfer.getData("text/plain");
    if (text) { if (S.mode !== "analyse") setMode("analyse"); loadText(text); }
  });
  $("overlay").addEventListener("change", () => { S.overlay[S.mode] = $("overlay").checked; refresh(); });
  $("reveal-safe").addEventListener("click", revealAllProvedSafe);
  $("best-move").addEventListener("click", bestMove);
  $("autoplay").addEventListener("click", toggleAutoplay);
  $("why").addEventListener("click", why);
  for (const b of document.querySelectorAll("#tools button")) b.addEventListener("click", () => setTool(b.dataset.tool));
  setTool(currentTool());

  const grid = $("board");
  grid.addEventListener("redraw", draw);  // redraw from S (used by the browser test)
  grid.addEventListener("click", (e) => { const rc = cellFromEvent(e); if (rc) primary(...rc); });
  grid.addEventListener("contextmenu", (e) => { e.preventDefault(); const rc = cellFromEvent(e); if (rc) secondary(...rc); });
  grid.addEventListener("mouseover", (e) => { const rc = cellFromEvent(e); if (rc) { S.hover = rc; showInfo(...rc); } });
  grid.addEventListener("mouseleave", () => { S.hover = null; });
  grid.addEventListener("focusin", (e) => { const rc = cellFromEvent(e); if (rc) { S.focus = rc; showInfo(...rc); } });
  // long press flags (phones)
  let press = null;
  grid.addEventListener("touchstart", (e) => {
    const rc = cellFromEvent(e);
    if (!rc) return;
    press = { rc, fired: false, t: setTimeout(() => { press.fired = true; secondary(...rc); }, 450) };
  }, { passive: true });
  const cancel = () => { if (press) clearTimeout(press.t); };
  grid.addEventListener("touchmove", cancel, { passive: true });
  grid.addEventListener("touchend", (e) => { cancel(); if (press && press.fired) e.preventDefault(); press = null; });

  grid.addEventListener("keydown", (e) => {
    const [r, c] = S.focus;
    const k = e.key;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[k]) { e.preventDefault(); focusCell(r + moves[k][0], c + moves[k][1]); return; }
    if (k === "Enter" || k === " ") { e.preventDefault(); primary(r, c).then(() => focusCell(r, c)); return; }
    if (S.mode === "analyse") {
      const ch = k === "f" || k === "F" ? "F" : k === "*" ? "*" : k === "." || k === "Backspace" || k === "Delete" ? "." :
        /^[0-8]$/.test(k) ? k : null;
      if (ch) { e.preventDefault(); setCell(r, c, ch); draw(); focusCell(r, c); }
    } else if (k === "f" || k === "F") { e.preventDefault(); secondary(r, c).then(() => focusCell(r, c)); }
  });
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, textarea, select") || e.ctrlKey || e.metaKey || e.altKey) return;
    const k = e.key.toLowerCase();
    if (k === "w" || k === "?") { e.preventDefault(); why(); }
    else if (k === "r") { e.preventDefault(); revealAllProvedSafe(); }
    else if (k === "b") { e.preventDefault(); bestMove(); }
    else if (k === "a") { e.preventDefault(); toggleAutoplay(); }
    else if (k === "o") { e.preventDefault(); $("overlay").checked = !$("overlay").checked; $("overlay").dispatchEvent(new Event("change")); }
  });
  $("overlay").checked = S.overlay.play;
  updateButtons();
  draw();
}
document.addEventListener("DOMContentLoaded", init);
