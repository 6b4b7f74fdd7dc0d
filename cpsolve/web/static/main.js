// cpsolve web page: play and analyse on top of the HTTP API (docs/http-api.md). ES modules, no build
// step: state (shared state, HTTP), boardtext (formats), view (board view), analysis, game, editor,
// storage (settings, statistics, share URL), and this file: the events.
import { $, S, say } from "./state.js";
import { boardToText, parseBoard, toMbf, toMine } from "./boardtext.js";
import { refresh, why } from "./analysis.js";
import {
  bestMove, canChord, chord, difficultyName, drawStats, forgetGuess, helped, keepCurrent, newGame, revealAllProvedSafe,
  revealCells, showAddress, startGame, stopAutoplay, takeBack, toggleAutoplay, toggleFlag, whyGuess,
} from "./game.js";
import {
  currentTool, editClick, isPainting, loadText, paintEnd, paintOver, paintStart, redo, setCell, setTool, undo,
} from "./editor.js";
import { applyPalette, draw, focusCell, showInfo, updateButtons } from "./view.js";
import { clearStats, loadCurrent, loadSettings, readHash, saveSettings, shareHash } from "./storage.js";
import { api } from "./state.js";
import { initPicture } from "./picture.js";

S.onBusy = updateButtons;

function cellFromEvent(e) {
  const el = e.target.closest && e.target.closest(".cell");
  return el ? [+el.dataset.r, +el.dataset.c] : null;
}

async function primary(r, c) {
  S.focus = [r, c];
  if (S.asking) { S.asking = false; focusCell(r, c); await why(); return; }   // "Why?" then a cell: explain it
  if (S.mode === "play") {
    if (!S.game || S.game.state !== "playing") return;
    const ch = S.board.cells[r][c];
    if (ch === ".") { if (await revealCells([[r, c]])) S.clicks++; }
    else if (canChord(r, c) && await chord(r, c)) S.clicks++;     // a click on a satisfied number chords
    keepCurrent();
  } else {
    editClick(r, c);
  }
}
async function secondary(r, c) {
  S.focus = [r, c];
  S.asking = false;
  if (S.mode === "play") { if (await toggleFlag(r, c)) S.clicks++; keepCurrent(); }
  else editClick(r, c, true);
}
// "Why?" (the button): the selected cell if it is covered, else the next cell clicked or tapped (a
// phone has no hover, and a click that opened a cell has selected a revealed one)
function whyButton() {
  const [r, c] = S.focus;
  const ch = S.board && S.board.rows ? S.board.cells[r][c] : null;
  if (ch === "." || (ch === "F" && S.mode === "play")) { S.hover = null; why(); return; }
  S.asking = true;
  say("Why? Click or tap the covered cell to explain (it is not opened).");
}

function setMode(mode) {
  stopAutoplay();
  S.mode = mode;
  $("tab-play").setAttribute("aria-selected", String(mode === "play"));
  $("tab-analyse").setAttribute("aria-selected", String(mode === "analyse"));
  $("panel-play").hidden = mode !== "play";
  $("panel-analyse").hidden = mode !== "analyse";
  $("overlay").checked = S.overlay[mode];
  S.why = null; S.move = []; S.doc = null; S.asking = false;
  forgetGuess();
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

// ---- settings kept in the browser, the share URL and downloads
const SETTINGS = ["difficulty", "custom", "first-click", "no-guess", "logic", "practice", "marks", "no-flags", "speed", "zoom"];
function save() {
  const s = {};
  for (const id of SETTINGS) { const el = $(id); s[id] = el.type === "checkbox" ? el.checked : el.value; }
  s.overlay = S.overlay;
  s.tool = S.tool;
  saveSettings(s);
}
function restore() {
  const s = loadSettings();
  for (const id of SETTINGS) {
    if (s[id] === undefined) continue;
    const el = $(id);
    if (el.type === "checkbox") el.checked = !!s[id]; else el.value = s[id];
  }
  if (s.overlay) S.overlay = { ...S.overlay, ...s.overlay };
  if (s.tool) S.tool = s.tool;
  $("custom-label").hidden = $("difficulty").value !== "custom";
  logicEnabled();
  S.zoom = +$("zoom").value;
}
// Share: Analyse shares the board; Play shares this game (its settings and seed, and while it is in
// progress its position: the sealed game id), or the settings when there is no game
async function share() {
  let hash;
  if (S.mode === "analyse") hash = shareHash({ board: S.text });
  else if (S.meta) hash = shareHash({ ...S.meta, game: S.game && S.game.state === "playing" ? S.game.id : null });
  else hash = shareHash({ difficulty: difficultyName(), first_click: $("first-click").value,
    seed: $("seed").value.trim() || null, no_guess: $("no-guess").checked, logic: $("logic").value });
  history.replaceState(null, "", hash);   // the address bar shows the link (the next move drops game=)
  const url = location.href;
  try { await navigator.clipboard.writeText(url); say(`Copied the link: ${url}`); } catch { say(`The link: ${url}`); }
}
// the logic level is a no-guess game's option: the control is live only with No guess ticked
function logicEnabled() { $("logic").disabled = !$("no-guess").checked; }
function showSettings(h) {
  const known = [...$("difficulty").options].some((o) => o.value === h.difficulty);
  $("difficulty").value = known ? h.difficulty : "custom";
  if (!known) $("custom").value = h.difficulty;
  $("custom-label").hidden = known;
  $("first-click").value = h.first_click;
  $("seed").value = h.seed ?? "";
  $("no-guess").checked = !!h.no_guess;
  const known_logic = [...$("logic").options].some((o) => o.value === (h.logic || ""));
  $("logic").value = known_logic ? h.logic || "" : "";
  logicEnabled();
}
// a game by its id (a shared position, or the one in progress before a reload); false if the server
// does not know it (another server's key, or an old link)
async function openGame(id, meta, saved = {}) {
  const doc = await api(`/api/games/${encodeURIComponent(id)}`, undefined, { quiet: true });
  if (!doc) return false;
  if (S.mode !== "play") setMode("play");
  startGame(doc, meta, saved);
  showAddress();
  await refresh();
  return true;
}
// the address: a board (Analyse), a game's settings and seed (Play; with game=: its position), or
// nothing: the game in progress before a reload, else a new game with the settings
async function openHash() {
  const h = readHash(location.hash);
  const saved = loadCurrent();
  if (h && h.board !== undefined) {
    setMode("analyse");
    loadText(h.board);
    return;
  }
  if (h) {
    showSettings(h);
    const meta = { difficulty: h.difficulty, first_click: h.first_click, no_guess: h.no_guess, logic: h.logic || "",
      seed: h.seed === null ? null : Number(h.seed) };
    const same = saved && saved.meta && ["difficulty", "first_click", "no_guess", "seed"].every((k) => saved.meta[k] === meta[k])
      && (saved.meta.logic || "") === meta.logic;
    if (h.game && (!same || saved.id !== h.game) && await openGame(h.game, meta)) return;
    if (same && await openGame(saved.id, saved.meta, saved)) return;
    if (S.mode !== "play") setMode("play");
    await newGame();
    return;
  }
  if (saved && saved.meta && await openGame(saved.id, saved.meta, saved)) { showSettings(saved.meta); return; }
  await newGame();
}
// "Analyse this game": the game's board (in progress or finished) in Analyse, one click
function analyseGame() {
  if (!S.game) { say("No game yet: start one, then Analyse this game."); return; }
  $("board-text").value = S.game.board;
  setMode("analyse");
}
function download(name, data, type) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([data], { type }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
function downloadAs(kind) {
  if (!S.board || !S.board.rows) { say("Nothing to download yet."); return; }
  const b = S.board;
  if (kind === "text") download("board.txt", S.mode === "analyse" ? S.text : boardToText(b), "text/plain");
  else if (kind === "mine") download("board.mine", toMine(b), "text/plain");
  else {
    if (S.mode !== "play" || !S.game || !S.game.layout) { say("MBF holds a layout: it is known once the game has ended."); return; }
    const mbf = toMbf(S.game.rows, S.game.cols, S.game.layout);
    if (!mbf) { say("MBF holds at most 255x255 cells.", true); return; }
    download("layout.mbf", mbf, "application/octet-stream");
  }
}

function init() {
  applyPalette();
  restore();
  $("tab-play").addEventListener("click", () => setMode("play"));
  $("tab-analyse").addEventListener("click", () => setMode("analyse"));
  $("difficulty").addEventListener("change", () => { $("custom-label").hidden = $("difficulty").value !== "custom"; save(); drawStats(); });
  for (const id of SETTINGS) $(id).addEventListener("change", save);
  $("no-guess").addEventListener("change", logicEnabled);
  $("zoom").addEventListener("input", () => { S.zoom = +$("zoom").value; draw(); });
  window.addEventListener("resize", () => draw());
  $("new-game").addEventListener("click", newGame);
  $("take-back").addEventListener("click", takeBack);
  $("clear-stats").addEventListener("click", () => {
    if (confirm("Forget every game this browser recorded (the statistics and the history)?")) { clearStats(); drawStats(); }
  });
  $("analyse").addEventListener("click", () => loadText($("board-text").value));
  $("board-text").addEventListener("paste", () => setTimeout(() => loadText($("board-text").value), 0));
  $("file").addEventListener("change", async (e) => {
    const f = e.target.files[0];
    if (f) loadText(await f.text());
  });
  const panel = $("panel-analyse");
  document.body.addEventListener("dragover", (e) => { e.preventDefault(); panel.classList.add("dragging"); });
  document.body.addEventListener("dragleave", () => panel.classList.remove("dragging"));
  document.body.addEventListener("drop", async (e) => {
    e.preventDefault();
    panel.classList.remove("dragging");
    const f = e.dataTransfer.files[0];
    const text = f ? await f.text() : e.dataTransfer.getData("text/plain");
    if (text) { if (S.mode !== "analyse") setMode("analyse"); loadText(text); }
  });
  initPicture(() => setMode("analyse"));   // screenshots: dropped, chosen or pasted (before the text handlers)
  $("overlay").addEventListener("change", () => { S.overlay[S.mode] = $("overlay").checked; save(); refresh(); if (S.overlay.play && S.started !== null) helped("overlay"); });
  $("reveal-safe").addEventListener("click", revealAllProvedSafe);
  $("best-move").addEventListener("click", () => bestMove());
  window.addEventListener("hashchange", openHash);   // a link pasted into an open tab
  $("autoplay").addEventListener("click", () => toggleAutoplay(true));
  $("autoplay-safe").addEventListener("click", () => toggleAutoplay(false));
  $("why").addEventListener("click", whyButton);
  $("why-guess").addEventListener("click", whyGuess);
  $("share").addEventListener("click", share);
  $("analyse-game").addEventListener("click", analyseGame);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  for (const kind of ["text", "mine", "mbf"]) $(`dl-${kind}`).addEventListener("click", () => downloadAs(kind));
  for (const b of document.querySelectorAll("#tools button")) b.addEventListener("click", () => { setTool(b.dataset.tool); save(); });
  setTool(currentTool());

  const grid = $("board");
  grid.addEventListener("redraw", draw);  // redraw from S (used by the browser test)
  grid.addEventListener("click", (e) => { const rc = cellFromEvent(e); if (rc) primary(...rc); });
  grid.addEventListener("dblclick", (e) => { const rc = cellFromEvent(e); if (rc && S.mode === "play") chord(...rc); });
  grid.addEventListener("auxclick", (e) => { const rc = cellFromEvent(e); if (rc && e.button === 1 && S.mode === "play") chord(...rc); });
  grid.addEventListener("contextmenu", (e) => { e.preventDefault(); const rc = cellFromEvent(e); if (rc) secondary(...rc); });
  grid.addEventListener("mouseover", (e) => {
    const rc = cellFromEvent(e);
    if (rc) { S.hover = rc; showInfo(...rc); if (S.mode === "analyse") paintOver(...rc); }
  });
  grid.addEventListener("mouseleave", () => { S.hover = null; });
  grid.addEventListener("pointerdown", (e) => {
    const rc = cellFromEvent(e);
    if (rc && S.mode === "analyse" && e.button === 0 && e.pointerType === "mouse") { paintStart(...rc); if (isPainting()) setCell(...rc, currentTool(), { record: false }); }
  });
  document.addEventListener("pointerup", paintEnd);
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
    const d = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[k];
    if (d) {   // arrows follow the board as drawn (turned a quarter on narrow screens)
      e.preventDefault();
      const [dr, dc] = S.turned ? [d[1], d[0]] : d;
      focusCell(r + dr, c + dc);
      return;
    }
    if (k === "Enter" || k === " ") { e.preventDefault(); primary(r, c).then(() => focusCell(r, c)); return; }
    if (S.mode === "analyse") {
      const ch = k === "f" || k === "F" ? "F" : k === "*" ? "*" : k === "." || k === "Backspace" || k === "Delete" ? "." :
        /^[0-8]$/.test(k) ? k : null;
      if (ch) { e.preventDefault(); setCell(r, c, ch); focusCell(r, c); }
    } else if (k === "f" || k === "F") { e.preventDefault(); toggleFlag(r, c).then(() => focusCell(r, c)); }
  });
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, textarea, select")) return;
    const k = e.key.toLowerCase();
    if ((e.ctrlKey || e.metaKey) && S.mode === "analyse" && (k === "z" || k === "y")) {
      e.preventDefault();
      if (k === "y" || e.shiftKey) redo(); else undo();
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (k === "w" || k === "?") { e.preventDefault(); why(); }
    else if (k === "r") { e.preventDefault(); revealAllProvedSafe(); }
    else if (k === "b") { e.preventDefault(); bestMove(); }
    else if (k === "a") { e.preventDefault(); toggleAutoplay(true); }
    else if (k === "s") { e.preventDefault(); toggleAutoplay(false); }
    else if (k === "u") { e.preventDefault(); takeBack(); }
    else if (k === "n") { e.preventDefault(); newGame(); }
    else if (k === "o") { e.preventDefault(); $("overlay").checked = !$("overlay").checked; $("overlay").dispatchEvent(new Event("change")); }
  });
  $("overlay").checked = S.overlay.play;
  drawStats();
  updateButtons();
  draw();
  openHash();   // the address, else the game in progress before a reload, else a new game
}
// modules run after the document is parsed
init();
