// Board text (docs/board-format.md) in and out, and what a finished game's layout gives: .mine, MBF, 3BV.
const WHM = /^\s*(\d+)\s*x\s*(\d+)\s*x\s*(\d+)\s*$/i;

export function parseBoard(text) {
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

export function boardToText(b) {
  const head = b.mines !== null && b.mines !== undefined ? `mines: ${b.mines}\n` : "";
  return head + b.cells.map((r) => r.join(" ")).join("\n") + "\n";
}

// The text with one cell changed and everything else (comments, spacing, header) kept as it was.
export function editText(text, b, r, c, ch) {
  const at = b.where && b.where[r] && b.where[r][c];
  if (!at) return boardToText(b);
  const lines = text.split(/\r?\n/);
  const [li, k] = at;
  lines[li] = lines[li].slice(0, k) + ch + lines[li].slice(k + 1);
  return lines.join("\n");
}

// A bare WxHxM (or a .mine header with no grid) is an untouched board of that size.
export function expandWhm(text) {
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

// JSMinesweeper's .mine: a WxHxM line, then the grid
export function toMine(b) {
  return `${b.cols}x${b.rows}x${b.mines ?? 0}\n` + b.cells.map((r) => r.join("")).join("\n") + "\n";
}

// MBF (Minesweeper X / Arbiter): width, height, the mine count (2 bytes, big-endian), x and y per mine
export function toMbf(rows, cols, layout) {
  if (rows > 255 || cols > 255 || layout.length > 0xffff) return null;
  const out = new Uint8Array(4 + 2 * layout.length);
  out.set([cols, rows, layout.length >> 8, layout.length & 0xff]);
  [...layout].sort((a, b) => a[0] - b[0] || a[1] - b[1]).forEach(([r, c], k) => { out[4 + 2 * k] = c; out[5 + 2 * k] = r; });
  return out;
}

// 3BV: the fewest clicks that clear the board: one per opening (connected 0s with their border)
// plus one per safe cell bordering no 0
export function threeBV(rows, cols, layout) {
  const mine = new Uint8Array(rows * cols);
  for (const [r, c] of layout) mine[r * cols + c] = 1;
  const nb = (i) => {
    const r = Math.floor(i / cols), c = i % cols, out = [];
    for (let dr = -1; dr <= 1; dr++) for (let dc = -1; dc <= 1; dc++) {
      const rr = r + dr, cc = c + dc;
      if ((dr || dc) && rr >= 0 && rr < rows && cc >= 0 && cc < cols) out.push(rr * cols + cc);
    }
    return out;
  };
  const num = new Int8Array(rows * cols);
  for (let i = 0; i < rows * cols; i++) num[i] = mine[i] ? -1 : nb(i).reduce((s, j) => s + mine[j], 0);
  const done = new Uint8Array(rows * cols);
  let bv = 0;
  for (let i = 0; i < rows * cols; i++) {
    if (num[i] !== 0 || done[i]) continue;
    bv++;
    const stack = [i];
    done[i] = 1;
    while (stack.length) {
      const j = stack.pop();
      for (const k of nb(j)) {
        if (done[k] || mine[k]) continue;
        done[k] = 1;
        if (num[k] === 0) stack.push(k);
      }
    }
  }
  for (let i = 0; i < rows * cols; i++) if (!mine[i] && !done[i]) bv++;
  return bv;
}
