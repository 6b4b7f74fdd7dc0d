// What the page keeps in the browser: settings, the game in progress, the record of finished games
// (each with its basis: unassisted, assisted and by which helps, or no-guess), and the share URL.
const KEY = "cpsolve.settings", OLD_STATS = "cpsolve.stats", CURRENT = "cpsolve.current";
// the record of games; the schema's version is in the key and in the value, so a later page can
// read (or convert) an older one instead of misreading it
export const RECORD = "cpsolve.record.v2";
export const SCHEMA = 2;
const KEEP = 500;   // games kept in the history (the oldest are dropped)

function read(key, fallback) {
  try { return JSON.parse(localStorage.getItem(key)) ?? fallback; } catch { return fallback; }
}
function write(key, value) { try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* private mode */ } }

export function loadSettings() { return read(KEY, {}); }
export function saveSettings(settings) { write(KEY, settings); }

// ---- the record: {schema: 2, games: [game, ...], legacy: the statistics of the page before v2 or null}
// game = {end (ms since 1970), difficulty, rows, cols, mines, first_click, no_guess, seed, won,
//         seconds, bv, clicks, basis: "unassisted" | "assisted" | "no-guess", helps: [names]}
export function loadRecord() {
  const rec = read(RECORD, null);
  if (rec && rec.schema === SCHEMA && Array.isArray(rec.games)) return rec;
  // before v2 the page kept won/lost per difficulty with no basis (assisted games counted too): kept
  // apart as "earlier games, basis not recorded", never mixed with the games recorded since
  const legacy = read(OLD_STATS, null);
  return { schema: SCHEMA, games: [], legacy: legacy && Object.keys(legacy).length ? legacy : null };
}
export function basisOf(game) {
  if (game.helps && game.helps.length) return "assisted";
  return game.no_guess ? "no-guess" : "unassisted";
}
export function recordGame(game) {
  const rec = loadRecord();
  rec.games.push({ ...game, basis: basisOf(game) });
  if (rec.games.length > KEEP) rec.games.splice(0, rec.games.length - KEEP);
  write(RECORD, rec);
  try { localStorage.removeItem(OLD_STATS); } catch { /* private mode */ }
  return rec;
}
// a practice game's loss taken back: its record goes (the game goes on, and is recorded when it ends)
export function dropRecord(end) {
  const rec = loadRecord();
  if (rec.games.length && rec.games[rec.games.length - 1].end === end) { rec.games.pop(); write(RECORD, rec); }
}
export function clearStats() {
  write(RECORD, { schema: SCHEMA, games: [], legacy: null });
  try { localStorage.removeItem(OLD_STATS); } catch { /* private mode */ }
}
// won, lost, best time, best 3BV/s, best IOE of one difficulty and basis
export function summary(rec, difficulty, basis) {
  const games = rec.games.filter((g) => g.difficulty === difficulty && g.basis === basis);
  const won = games.filter((g) => g.won);
  const best = (f) => { const xs = won.map(f).filter((x) => x !== null && Number.isFinite(x)); return xs.length ? xs : null; };
  const times = best((g) => g.seconds), bvs = best((g) => (g.seconds > 0 ? g.bv / g.seconds : null));
  const ioe = best((g) => (g.clicks > 0 ? g.bv / g.clicks : null));
  return { won: won.length, lost: games.length - won.length, best: times && Math.min(...times),
    bvs: bvs && Math.max(...bvs), ioe: ioe && Math.max(...ioe) };
}

// ---- the game in progress (a reload continues it): {id, meta, elapsed ms, helps, clicks}
export function saveCurrent(current) { write(CURRENT, current); }
export function loadCurrent() { return read(CURRENT, null); }
export function dropCurrent() { try { localStorage.removeItem(CURRENT); } catch { /* private mode */ } }

// The share URL: #play=<difficulty>&first=<rule>&seed=<n>&ng=1[&game=<the game's id: its position>],
// or #board=<the board text, base64url>
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
  if (state.no_guess && state.logic) p.set("logic", state.logic);
  if (state.game) p.set("game", state.game);
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
  return { difficulty: p.get("play"), first_click: p.get("first") || "safe", seed: p.get("seed"),
    no_guess: p.get("ng") === "1", logic: p.get("ng") === "1" ? p.get("logic") || "" : "", game: p.get("game") };
}
