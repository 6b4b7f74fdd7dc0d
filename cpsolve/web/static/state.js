// The page's shared state, the HTTP helper and the message line.
export const S = {
  mode: "play",          // "play" or "analyse"
  game: null,            // the last game document from the server (its id is the sealed game)
  history: [],           // earlier game documents of this game (practice mode takes a click back)
  practised: false,      // a click was taken back (recorded as assisted: take back)
  meta: null,            // the game's settings: {difficulty, first_click, no_guess, seed}
  helps: new Set(),      // the helps used in this game (overlay, best move, ...): none = unassisted
  clicks: 0,             // the player's clicks that did something (reveals, chords, flags)
  marks: new Set(),      // question marks (r * cols + c), the page's own
  lastGuess: null,       // the last guess of this game or board, with the position it was played from
  asking: false,         // "Why?" was pressed: the next cell clicked is explained, not opened
  started: null,         // time of the game's first reveal (ms), for the timer
  ended: null,           // time it ended
  text: "",              // the board text shown
  board: null,           // {rows, cols, mines, cells: [[ch, ...], ...], where}
  doc: null,             // the last analysis document (section 3) for S.text
  overlay: { play: false, analyse: true },
  why: null,             // {cell:[r,c], clues:[[r,c],...]}
  move: [],              // cells of the last best move shown in analysis mode
  focus: [0, 0],
  hover: null,           // the cell under the mouse, if any: W explains it (else the focused cell)
  tool: null,            // analyse mode: "inspect", "cycle" or the character a click paints
  undo: [], redo: [],    // analyse mode: board texts before / after the edits
  unsure: null,          // analyse mode: Set of r * cols + c read unsurely from a picture, not yet set (picture.js)
  autoplay: false,
  busy: 0,
  seq: 0,                // analysis requests in flight: only the newest is drawn
  onBusy: () => {},      // set by main: redraw the buttons
};
window.cpsolve = S;      // the page's state, for the browser tests and the curious

export const $ = (id) => document.getElementById(id);

// a help the page gave in this game: the game is then recorded as assisted, with the helps named
export function helped(name) { if (S.game && S.game.state === "playing" && S.mode === "play" && S.helps) S.helps.add(name); }

export function say(text, isError = false) {
  const m = $("message");
  m.textContent = text;
  m.className = isError ? "error" : "";
}

// One request to the HTTP API: GET without a body, else POST of `body` as JSON, or as it is with
// opts.raw (a picture's Blob for /api/read). The answer's document, or null once the server's one
// line (after opts.prefix) is said on the page (unless opts.quiet); an answer that is not JSON (a
// proxy's 413 page, say) is said by its status.
export async function api(path, body, opts = {}) {
  const init = body === undefined ? { method: "GET" }
    : opts.raw ? { method: "POST", headers: { "Content-Type": body.type || "application/octet-stream" }, body }
    : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  S.busy++;
  S.onBusy();
  api.lastError = null;
  try {
    const res = await fetch(path, init);
    const doc = await res.json().catch(() => ({ error: `${res.status} ${res.statusText}` }));
    if (!res.ok) {
      api.lastError = doc.error || res.statusText;
      if (!opts.quiet) say(`${opts.prefix || ""}${api.lastError}`, true);
      return null;
    }
    return doc;
  } catch (e) {
    say(`cannot reach the server: ${e.message}`, true);
    return null;
  } finally {
    S.busy--;
    S.onBusy();
  }
}

export function escapeHtml(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));
}
export function sleep(ms) { return new Promise((r) => setTimeout(r, ms)); }
