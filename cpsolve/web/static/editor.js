// Analyse mode's editor: the click palette, drag to paint, direct keys, undo and redo, loading text.
import { $, S, say } from "./state.js";
import { editText, expandWhm, parseBoard } from "./boardtext.js";
import { analyse } from "./analysis.js";
import { draw, focusCell } from "./view.js";

export const CYCLE = [".", "0", "1", "2", "3", "4", "5", "6", "7", "8", "F", "*"];

// phones and tablets (a coarse pointer) start on "inspect": a tap there must not edit the board
export function currentTool() {
  if (!S.tool) S.tool = window.matchMedia && window.matchMedia("(pointer: coarse)").matches ? "inspect" : "cycle";
  return S.tool;
}
export function setTool(tool) {
  S.tool = tool;
  for (const b of document.querySelectorAll("#tools button")) b.setAttribute("aria-pressed", String(b.dataset.tool === tool));
}

let timer = null;
function scheduleAnalyse() { clearTimeout(timer); timer = setTimeout(() => { S.why = null; analyse(); }, 250); }

function showText(text) {
  S.text = text;
  S.board = parseBoard(text);
  $("board-text").value = text;
  S.move = [];
}

export function setCell(r, c, ch, { record = true } = {}) {
  if (S.board.cells[r][c] === ch) return;
  if (record) { S.undo.push(S.text); S.redo = []; }
  S.board.cells[r][c] = ch;
  if (S.unsure) S.unsure.delete(r * S.board.cols + c);   // a cell read unsurely from a picture, now set
  S.text = editText(S.text, S.board, r, c, ch);
  S.board = parseBoard(S.text);
  $("board-text").value = S.text;
  S.move = [];
  draw();
  scheduleAnalyse();
}

// what a click (or a tap) on a cell does in Analyse
export function editClick(r, c, back = false) {
  const tool = currentTool();
  if (tool === "inspect") { focusCell(r, c); return; }   // a tap selects: info line, Why?
  const ch = S.board.cells[r][c];
  const step = back ? CYCLE.length - 1 : 1;
  setCell(r, c, tool === "cycle" || back ? CYCLE[(CYCLE.indexOf(ch) + step) % CYCLE.length] : tool);
}

// drag to paint: with a character tool, every cell the pointer enters while pressed takes it
let painting = false;
export function paintStart(r, c) { painting = currentTool().length === 1; if (painting) { S.undo.push(S.text); S.redo = []; } }
export function paintOver(r, c) { if (painting) setCell(r, c, currentTool(), { record: false }); }
export function paintEnd() { painting = false; }
export function isPainting() { return painting; }

// Undo and redo: the text moves from one stack to the other, the last one shown.
function step(from, to) {
  if (!from.length) return;
  to.push(S.text);
  showText(from.pop());
  draw();
  scheduleAnalyse();
}
export function undo() { step(S.undo, S.redo); }
export function redo() { step(S.redo, S.undo); }

export function loadText(text) {
  text = expandWhm(text);
  S.unsure = null;   // a new board: no cell of it read from a picture (picture.js marks its own after)
  if (S.text && S.text !== text) { S.undo.push(S.text); S.redo = []; }
  showText(text);
  S.why = null;
  S.focus = [0, 0];
  say("");
  analyse();
}
