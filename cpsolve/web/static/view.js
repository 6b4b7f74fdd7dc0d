// The board view: colours from the server's palette, one button per cell, the status and info lines.
// The rule of the page: green means proved safe (a certainty from the proof engine), nothing less.
import { $, S, escapeHtml } from "./state.js";

const PALETTE = window.CPSOLVE_PALETTE;

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
function textOn(hex) {
  const [r, g, b] = hexToRgb(hex);
  return 0.299 * r + 0.587 * g + 0.114 * b > 140 ? "#000" : "#fff";
}
export function applyPalette() {
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

export function gameOver() { return S.mode === "play" && S.game && S.game.state !== "playing"; }
export function overlayOn() { return S.overlay[S.mode]; }

// per document and per game, made once (not once per cell: a 200x200 board has 40,000 cells and a
// lost game's layout 8,000 mines)
let docIndex = null;
function docCell(r, c) {
  if (!S.doc || S.doc.status !== "ok") return null;
  return indexOf().map.get(r * S.doc.cols + c) || null;
}
function indexOf() {
  if (!docIndex || docIndex.doc !== S.doc) {
    docIndex = { doc: S.doc, map: new Map(S.doc.cells.map((x) => [x.row * S.doc.cols + x.col, x])),
      undecided: new Set((S.doc.undecided || []).map(([x, y]) => x * S.doc.cols + y)) };
  }
  return docIndex;
}
let layoutIndex = null;
function layoutSet() {
  if (S.mode !== "play" || !S.game || !S.game.layout) return null;
  if (!layoutIndex || layoutIndex.game !== S.game) {
    layoutIndex = { game: S.game, set: new Set(S.game.layout.map(([r, c]) => r * S.game.cols + c)) };
  }
  return layoutIndex.set;
}
function pct(p) { return p < 0.005 ? "<1" : p > 0.995 && p < 1 ? ">99" : String(Math.round(p * 100)); }

export function cellInfo(r, c) {
  const b = S.board;
  const ch = b.cells[r][c];
  const where = `${r},${c}`;
  if (/[0-8]/.test(ch)) return { kind: "revealed", text: `${where}: revealed ${ch}` };
  const layout = layoutSet();
  if (ch === "F") {
    const wrong = layout && !layout.has(r * b.cols + c);
    // the player's flags are not facts: a flag on a cell the proof engine proved safe is questioned
    const d = S.doc && overlayOn() && !gameOver() ? docCell(r, c) : null;
    if (d && d.proof === "safe") {
      return { kind: "flag", flagSafe: true, text: `${where}: flagged, but PROVED SAFE: this flag is wrong (a chord next to it opens a mine)` };
    }
    return { kind: "flag", text: `${where}: flagged${wrong ? " (no mine here)" : ""}`, wrong };
  }
  if (ch === "*") return { kind: "mine", text: `${where}: mine` };
  if (layout && layout.has(r * b.cols + c)) {
    if (S.game.state === "won") return { kind: "flag", text: `${where}: a mine (flagged by the win)` };
    return { kind: "layout_mine", text: `${where}: a mine (the game is over)` };
  }
  if (S.marks && S.marks.has(r * b.cols + c)) return { kind: "mark", text: `${where}: covered, marked ?` };
  const d = S.doc && overlayOn() && !gameOver() ? docCell(r, c) : null;
  if (!d) return { kind: "covered", text: `${where}: covered` };
  const undecided = indexOf().undecided.has(r * S.doc.cols + c);
  if (d.proof === "safe") return { kind: "proved_safe", d, text: `${where}: PROVED SAFE (proof engine); press W for why` };
  if (d.proof === "mine") return { kind: "proved_mine", d, text: `${where}: PROVED MINE (proof engine); press W for why` };
  if (d.basis === "estimate") {
    return { kind: "estimate", d, text: `${where}: estimate ~${(d.probability * 100).toFixed(1)}% (basis: estimate; not exact, not proved)` };
  }
  const note = undecided ? "; not decided by the proof engine within the time limit" :
    (d.fraction === "0" || d.fraction === "1" ? "; exact, not proved" : "; not proved");
  return { kind: "exact", d, text: `${where}: ${d.fraction} = ${(d.probability * 100).toFixed(2)}% (basis: exact${note})` };
}

// ---- layout: a board wider than the screen and taller than wide is drawn turned a quarter (its
// rows as columns), and cells shrink to fit the width (never under 22 px, so text stays >= 11 px).
// Zoom at "fit" (0) also fits the height of the window below the board's top, down to 18 px a cell
// (issue 42: Expert fits a 1366x768 screen in Play and Analyse).
const MIN_CELL = 22, MAX_CELL = 30, MIN_FIT_HEIGHT = 18;
export function geometry(b) {
  const wrap = $("board-wrap");
  const avail = Math.max(100, (wrap ? wrap.clientWidth : window.innerWidth) - 6);
  const zoom = S.zoom || 0;   // 0: fit the width (and the height)
  const fits = (n) => Math.floor(avail / n) - 1;
  let turned = false, cell = zoom || Math.min(MAX_CELL - 4, fits(b.cols));
  if (!zoom && cell < MIN_CELL && b.rows < b.cols) { turned = true; cell = Math.min(MAX_CELL - 4, fits(b.rows)); }
  cell = Math.max(MIN_CELL, cell);
  if (!zoom && wrap && !turned) {
    // the board's top in the document (not the window: scrolling changes nothing), and a margin below
    const top = wrap.getBoundingClientRect().top + window.scrollY;
    const high = Math.floor((window.innerHeight - top - 12) / b.rows) - 1;
    if (high < cell) cell = Math.max(MIN_FIT_HEIGHT, high);
  }
  return { turned, cell };
}
export function displayed(r, c) { return S.turned ? [c, r] : [r, c]; }

let lastDraw = null;
// the board's cell elements in row-major order (cell (r, c) at r * cols + c), made by draw()
let cells = [];
export function draw() {
  const b = S.board;
  const grid = $("board");
  if (!b || !b.rows) { grid.replaceChildren(); cells = []; drawStatus(); updateButtons(); return; }
  const geo = geometry(b);
  document.documentElement.style.setProperty("--cell", `${geo.cell}px`);
  const key = `${b.rows}x${b.cols}:${geo.turned}`;
  if (grid.dataset.key !== key || cells.length !== b.rows * b.cols || cells[0].parentNode.parentNode !== grid) {
    S.turned = geo.turned;
    grid.replaceChildren();
    grid.dataset.key = key;
    grid.dataset.cols = String(b.cols);
    grid.classList.toggle("turned", geo.turned);
    // cells placed absolutely (not a CSS grid): each cell is then its own layout boundary, and a click
    // on a 200x200 board lays out the cells it changed, not 40,000 grid items. They sit in one band
    // per displayed row, which the browser skips painting while it is scrolled out of view
    // (content-visibility): a click on a 200x200 board paints the rows on screen, not 40,000 cells
    const [wide, high] = geo.turned ? [b.rows, b.cols] : [b.cols, b.rows];
    grid.style.width = `calc(${wide} * (var(--cell) + 1px) - 1px)`;
    grid.style.height = `calc(${high} * (var(--cell) + 1px) - 1px)`;
    const bands = [];
    for (let d = 0; d < high; d++) {
      const band = document.createElement("div");
      band.className = "band";
      band.setAttribute("role", "row");
      band.style.top = `calc(${d} * (var(--cell) + 1px))`;
      bands.push(band);
    }
    cells = new Array(b.rows * b.cols);
    for (let r = 0; r < b.rows; r++) {
      for (let c = 0; c < b.cols; c++) {
        const el = document.createElement("button");
        el.type = "button";
        el.className = "cell";
        el.dataset.r = r; el.dataset.c = c;
        el.setAttribute("role", "gridcell");
        el.tabIndex = -1;
        const [, dc] = displayed(r, c);
        el.style.left = `calc(${dc} * (var(--cell) + 1px))`;
        cells[r * b.cols + c] = el;
      }
    }
    // appended in displayed order, so that the tab and reading order follow the board as drawn
    for (let d = 0; d < high; d++) {
      for (let e = 0; e < wide; e++) bands[d].appendChild(geo.turned ? cells[e * b.cols + d] : cells[d * b.cols + e]);
    }
    grid.append(...bands);
  }
  const best = S.doc && overlayOn() && !gameOver() && S.doc.best_guess ? S.doc.best_guess : null;
  const whyClues = new Set((S.why ? S.why.clues : []).map(([r, c]) => r * b.cols + c));
  const asked = S.why ? S.why.cell[0] * b.cols + S.why.cell[1] : -1;
  const moves = new Set(S.move.map(([r, c]) => r * b.cols + c));
  const dead = new Set((S.dead || []).map(([r, c]) => r * b.cols + c));
  const exploded = S.game && S.mode === "play" && S.game.exploded ? S.game.exploded : null;
  const [fr, fc] = S.focus;
  const els = cells;   // row-major: cell (r, c) is cells[r * cols + c]
  // what a cell's look depends on besides its own character: when none of it changed since the last
  // draw, only the cells whose character changed are looked at again (a click on a 200x200 board)
  const deco = [S.doc, S.why, S.move, S.dead, S.mode, S.game && S.game.state, S.game && S.game.layout, overlayOn(),
    S.unsure, S.unsure && S.unsure.size, S.marks, S.marks && S.marks.size, grid.dataset.key];
  const same = lastDraw && lastDraw.cells === cells && lastDraw.deco.every((x, k) => x === deco[k]);
  const chars = same ? lastDraw.chars : null;
  const nextChars = new Array(b.rows * b.cols);
  for (let i = 0, n = b.rows * b.cols; i < n; i++) {
    const el = els[i];
    const r = Math.floor(i / b.cols), c = i - r * b.cols;
    const ch = b.cells[r][c];
    nextChars[i] = ch;
    const tab = r === fr && c === fc ? 0 : -1;
    if (el._tab !== tab) { el._tab = tab; el.tabIndex = tab; }
    if (chars && chars[i] === ch) continue;
    const info = cellInfo(r, c);
    const cls = ["cell"];
    let text = "";
    let bg = "";
    switch (info.kind) {
      case "revealed": cls.push("rev", `n${ch}`); text = ch === "0" ? "" : ch; break;
      case "flag": cls.push("flag"); if (info.wrong) cls.push("wrongflag"); if (info.flagSafe) cls.push("flagsafe"); text = "\u2691"; break;
      case "mark": cls.push("mark"); text = "?"; break;
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
    if (dead.has(r * b.cols + c) && ch === ".") cls.push("dead");
    if (asked === r * b.cols + c) cls.push("asked");
    if (S.unsure && S.unsure.has(r * b.cols + c)) cls.push("unsure");   // read unsurely from a picture (picture.js)
    if (exploded && exploded[0] === r && exploded[1] === c) cls.push("exploded");
    // the DOM is written only where a cell's look changed (a click on a big board changes few cells)
    const className = cls.join(" ");
    const sig = `${className}|${bg}|${text}|${info.text}`;
    if (el._sig !== sig) {
      el._sig = sig;
      el.className = className;
      el.style.backgroundColor = bg;
      el.style.color = bg ? textOn(bg) : "";
      el.textContent = text;
      el.dataset.kind = info.kind;
      el.title = info.text;
      el.setAttribute("aria-label", info.text);
    }
  }
  lastDraw = { cells, deco, chars: nextChars };
  const [ir, ic] = infoCell();
  if (ir < b.rows && ic < b.cols) showInfo(ir, ic);
  drawStatus();
  updateButtons();
}

export function infoCell() { return S.hover || S.focus; }
export function showInfo(r, c) {
  if (!S.board || !S.board.rows) return;
  const info = $("info");
  info.textContent = info.title = cellInfo(r, c).text;
}

export function focusCell(r, c) {
  const b = S.board;
  if (!b) return;
  r = Math.max(0, Math.min(b.rows - 1, r));
  c = Math.max(0, Math.min(b.cols - 1, c));
  S.focus = [r, c];
  S.hover = null;  // the keyboard (or a tap) chose this cell: W explains it
  for (const x of $("board").querySelectorAll('[tabindex="0"]')) { x.tabIndex = -1; x._tab = -1; }
  const el = cells[r * b.cols + c];
  if (el) { el.tabIndex = 0; el._tab = 0; el.focus(); showInfo(r, c); }
}

export function drawStatus() {
  const st = $("status");
  const b = S.board;
  const parts = [];
  if (!b || !b.rows) { st.textContent = S.mode === "play" ? "Start a new game." : "Paste or drop a board, then Analyse."; return; }
  const flags = b.cells.flat().filter((x) => x === "F").length;
  const won = S.mode === "play" && S.game && S.game.state === "won";
  if (b.mines !== null) parts.push(`mines left: ${won ? 0 : b.mines - flags}`);   // a win flags every mine
  if (S.mode === "play" && S.game) {
    const label = { playing: "playing", won: "WON", lost: "LOST" }[S.game.state];
    parts.push(`<span class="${S.game.state}">${label}</span>`);
    if (S.game.no_guess) parts.push(S.game.logic ? `no-guess game, logic: ${escapeHtml(S.game.logic)}` : "no-guess game");
    if (S.practised) parts.push("practised (recorded as assisted)");
  }
  const d = S.doc;
  const flagSafe = d && d.status === "ok" && overlayOn() && !gameOver() && S.mode === "play" ?
    d.proved_safe.filter(([r, c]) => b.cells[r][c] === "F") : [];
  if (flagSafe.length) parts.push(`<span class="lost">a flag on a proved-safe cell: ${flagSafe.map((x) => x.join(",")).join(" ")}</span>`);
  if (d && d.status === "inconsistent") {
    parts.push(`<span class="lost">inconsistent board: ${escapeHtml((d.message || "").replace(/^inconsistent board:\s*/i, ""))}</span>`);
  } else if (S.mode === "play" && S.game && S.game.state === "playing" && !/[0-8]/.test(S.game.board.replace(/^mines.*$/m, ""))) {
    parts.push(S.game.first_click === "opening" ? "first click: every cell opens an opening" : "first click: no cell is a mine");
  } else if (gameOver()) {
    parts.push(S.game.state === "won" ? "every safe cell is open" : "the layout is shown; \u2716 marks a wrong flag");
  } else if (d && (overlayOn() || S.mode === "analyse")) {
    parts.push(`proved safe: ${d.proved_safe.length}`, `proved mine: ${d.proved_mine.length}`);
    parts.push(d.exact ? "probabilities: exact" : `<span class="est">probabilities: ESTIMATES (none on this board is exact)</span>`);
    if (d.undecided && d.undecided.length) parts.push(`${d.undecided.length} not decided within ${d.time_limit} s`);
    // the document's best guess is the strongest player's (B plays it); proved-safe cells need no guess
    if (d.best_guess && overlayOn() && d.proved_safe.length) parts.push("no guess needed: open the proved-safe cells");
    else if (d.best_guess && overlayOn()) {
      const sf = d.safest && d.safest.join(",") !== d.best_guess.join(",") ? ` (safest: ${d.safest.join(",")})` : "";
      parts.push(`best guess: ${d.best_guess.join(",")}${sf}`);
    }
    else if (!d.best_guess && d.cells.length) parts.push("no best guess: every covered cell is a mine");
    if (d.mines === null) parts.push(`prior: ${escapeHtml(d.prior)}`);
  } else if (S.mode === "play") {
    parts.push("overlay off (O shows probabilities)");
  }
  st.innerHTML = parts.join(" &middot; ");
  st.title = st.textContent;   // the whole line, where the fixed-height line cuts it
}

export function updateButtons() {
  const playing = S.mode === "play" && S.game && S.game.state === "playing";
  const idle = S.busy === 0 || S.autoplay;
  $("reveal-safe").disabled = !playing || !idle;
  $("autoplay").disabled = !playing && !S.autoplay;
  $("autoplay-safe").disabled = !playing && !S.autoplay;
  $("best-move").disabled = !S.board || !S.board.rows || (S.mode === "play" && !playing) || !idle;
  $("why").disabled = !S.board || !S.board.rows;
  // buttons keep their place: disabled, never hidden, when they cannot act (nothing above the board moves)
  $("take-back").disabled = !(S.mode === "play" && $("practice").checked && S.history.length);
  $("why-guess").disabled = !S.lastGuess;
  $("analyse-game").disabled = S.mode !== "play" || !S.game;
  $("undo").disabled = !S.undo.length;
  $("redo").disabled = !S.redo.length;
}
