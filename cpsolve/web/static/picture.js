// A board from a screenshot (issue 39): in Analyse, drop an image on the page, choose one ("Open
// screenshot") or paste one (Ctrl+V). The picture goes to POST /api/read; the board read is loaded
// as board text, and the cells the reader was unsure of (written "?", covered until fixed) are marked
// (S.unsure, drawn by view.js as .cell.unsure) for the player to set by clicking with the Cycle tool;
// the overlay is the analysis of the board with those cells covered, which claims nothing about them.
import { $, S, api, say } from "./state.js";
import { loadText, setTool } from "./editor.js";
import { draw } from "./view.js";

// the names read as pictures (cpsolve.picture.IMAGE_SUFFIXES), for files without a type
const SUFFIXES = [".png", ".jpg", ".jpeg", ".bmp", ".gif", ".webp"];

export function isPicture(file) {
  if (!file) return false;
  if (file.type) return file.type.startsWith("image/");
  const name = (file.name || "").toLowerCase();
  return SUFFIXES.some((s) => name.endsWith(s));
}

// The reading of the picture `blob` ({board, unsure, sure, rows, cols, ...}: docs/http-api.md), or
// null (the server's one line said on the page).
function post(blob) {
  return api("/api/read", blob, { raw: true, prefix: "No board read from the picture: " });
}

function cells(list) { return list.slice(0, 12).map((rc) => rc.join(",")).join(" ") + (list.length > 12 ? ` and ${list.length - 12} more` : ""); }

export async function readPicture(blob, toAnalyse) {
  if (S.mode !== "analyse") toAnalyse();
  say("Reading the picture\u2026");
  const doc = await post(blob);
  if (!doc) return null;
  loadText(doc.board);   // unsure cells come as "?": covered
  S.unsure = new Set(doc.unsure.map(([r, c]) => r * doc.cols + c));
  S.reading = doc;
  const what = `Read a ${doc.cols}x${doc.rows} board from the picture` + (doc.skin ? ` (${doc.skin})` : "") +
    (doc.mine_counter !== null ? `, mine counter ${doc.mine_counter}` : "");
  if (doc.unsure.length) {
    if (S.tool !== "cycle") setTool("cycle");
    const n = doc.unsure.length;
    say(`${what}. ${n} cell${n === 1 ? "" : "s"} read unsurely, marked ? and taken as covered until you set ` +
      `${n === 1 ? "it" : "them"} (click to cycle): ${cells(doc.unsure)}.`, true);
  } else {
    say(`${what}; every cell read surely.`);
  }
  draw();
  return doc;
}

// The first picture in a drop or a paste, if any.
function pictureIn(transfer) {
  if (!transfer) return null;
  for (const f of transfer.files || []) if (isPicture(f)) return f;
  for (const item of transfer.items || []) {
    if (item.kind === "file" && item.type.startsWith("image/")) return item.getAsFile();
  }
  return null;
}

// `toAnalyse`: switches the page to Analyse (main.js' setMode). Drops and pastes of pictures are
// taken here first (capture phase) so that the text handlers never see them.
export function initPicture(toAnalyse) {
  document.addEventListener("drop", (e) => {
    const f = pictureIn(e.dataTransfer);
    if (!f) return;
    e.preventDefault();
    e.stopPropagation();
    $("panel-analyse").classList.remove("dragging");
    readPicture(f, toAnalyse);
  }, true);
  document.addEventListener("paste", (e) => {
    const f = pictureIn(e.clipboardData);
    if (!f) return;
    e.preventDefault();
    e.stopPropagation();
    readPicture(f, toAnalyse);
  }, true);
  $("picture-file").addEventListener("change", (e) => {
    const f = e.target.files[0];
    e.target.value = "";  // the same file chosen again reads again
    if (f) readPicture(f, toAnalyse);
  });
}
