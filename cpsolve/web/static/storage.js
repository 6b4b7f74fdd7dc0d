// What the page keeps in the browser: settings, statistics per difficulty, and the share URL.
const KEY = "cpsolve.settings", STATS = "cpsolve.stats";

function read(key, fallback) {
  try { return JSON.parse(localStorage.getItem(key)) ?? fallback; } catch { return fallback; }
}
function write(key, value) { try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* private mode */ } }

export function loadSettings() { return read(KEY, {}); }
export function saveSettings(settings) { write(KEY, settings); }

// stats[difficulty] = {won, lost, best (seconds, wins only), bvs (best 3BV/s)}
export function loadStats() { return read(STATS, {}); }
export function recordGame(difficulty, won, seconds, bvs) {
  const all = loadStats();
  const s = all[difficulty] || { won: 0, lost: 0, best: null, bvs: null };
  if (won) {
    s.won++;
    if (s.best === null || seconds < s.best) s.best = seconds;
    if (bvs !== null && (s.bvs === null || bvs > s.bvs)) s.bvs = bvs;
  } else s.lost++;
  all[difficulty] = s;
  write(STATS, all);
  return all;
}
export function clearStats() { write(STATS, {}); }

// The share URL: #play=<difficulty>&first=<rule>&seed=<n>&ng=1, or #board=<the board text, base64url>
function b64(text) {
  const bytes = new TextEncoder().encode(text);
  let s = "";
  for (const x of bytes) s += String.fromCharCode(x);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function unb64(s) {
  const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(bin, (ch) => ch.charCodeAt(0)));
}
export function shareHash(state) {
  if (state.board !== undefined) return `#board=${b64(state.board)}`;
  const p = new URLSearchParams({ play: state.difficulty, first: state.first_click });
  if (state.seed !== undefined && state.seed !== null) p.set("seed", String(state.seed));
  if (state.no_guess) p.set("ng", "1");
  return "#" + p.toString();
}
export function readHash(hash) {
  const h = (hash || "").replace(/^#/, "");
  if (!h) return null;
  if (h.startsWith("board=")) {
    try { return { board: unb64(h.slice(6)) }; } catch { return null; }
  }
  const p = new URLSearchParams(h);
  if (!p.get("play")) return null;
  return { difficulty: p.get("play"), first_click: p.get("first") || "safe", seed: p.get("seed"), no_guess: p.get("ng") === "1" };
}
