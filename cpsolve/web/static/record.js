// The statistics under the board: per difficulty, kept apart by basis (unassisted, assisted, no-guess),
// and the history of finished games, each with a link that replays its layout (seed and settings).
import { $, S } from "./state.js";
import { loadRecord, shareHash, summary } from "./storage.js";

const BASES = ["unassisted", "assisted", "no-guess"];

function difficulty() {
  const d = $("difficulty").value;
  return d === "custom" ? $("custom").value.trim() : d;
}
function line(name, s) {
  if (!s.won && !s.lost) return null;
  const rate = Math.round(100 * s.won / (s.won + s.lost));
  return `${name}: ${s.won} won, ${s.lost} lost (${rate}%)` + (s.best !== null ? `, best ${s.best.toFixed(1)} s` : "") +
    (s.bvs !== null ? `, best ${s.bvs.toFixed(2)} 3BV/s` : "") + (s.ioe !== null ? `, best IOE ${s.ioe.toFixed(2)}` : "");
}
export function drawStats() {
  const rec = loadRecord();
  const d = difficulty();
  const parts = BASES.map((b) => line(b, summary(rec, d, b))).filter(Boolean);
  if (rec.legacy && rec.legacy[d]) {
    const l = rec.legacy[d];
    parts.push(`earlier games (basis not recorded): ${l.won} won, ${l.lost} lost`);
  }
  const last = S.last ? ` · last: ${S.last.seconds.toFixed(1)} s, 3BV ${S.last.bv}` +
    `${S.last.bvs !== null ? `, ${S.last.bvs.toFixed(2)} 3BV/s` : ""}, ${S.last.clicks} clicks` +
    `${S.last.ioe !== null ? `, efficiency ${Math.round(100 * S.last.ioe)}% (IOE ${S.last.ioe.toFixed(2)})` : ""}` : "";
  $("stats").textContent = `${d}: ${parts.length ? parts.join(" · ") : "no games yet"}${last}`;
  drawHistory(rec);
}

function drawHistory(rec) {
  const list = $("history");
  const items = rec.games.slice(-100).reverse().map((g) => {
    const li = document.createElement("li");
    const when = new Date(g.end).toLocaleString();
    const ioe = g.clicks > 0 ? g.bv / g.clicks : null;
    li.textContent = `${when} · ${g.difficulty}${g.no_guess ? " no-guess" : ""} · ${g.won ? "won" : "lost"} · ` +
      `${g.seconds.toFixed(1)} s · 3BV ${g.bv}` + (g.won && g.seconds > 0 ? ` · ${(g.bv / g.seconds).toFixed(2)} 3BV/s` : "") +
      ` · ${g.clicks} clicks` + (g.won && ioe !== null ? ` · IOE ${ioe.toFixed(2)}` : "") +
      ` · ${g.basis}${g.helps && g.helps.length ? ` (${g.helps.join(", ")})` : ""} `;
    if (g.seed !== null && g.seed !== undefined) {
      const a = document.createElement("a");
      a.href = shareHash({ difficulty: g.difficulty, first_click: g.first_click, seed: g.seed, no_guess: g.no_guess });
      a.textContent = "play again";
      a.title = "the same layout (from the same first click)";
      li.appendChild(a);
    }
    return li;
  });
  list.replaceChildren(...items);
}
