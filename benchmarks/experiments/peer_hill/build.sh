#!/bin/sh
# Fetch D. N. Hill's solver at a pinned commit and compile it with cpsolve's harness (src/) into
# $OUT (default: benchmarks/experiments/peer_hill/build). Needs git and a JDK (17 or later); no JavaFX: only
# the solver, game-state and Asynchronous projects are compiled. His code is not copied into this
# repository (it carries no licence); it is fetched here, for measurement only. HILL_REPO names
# another place to clone it from (a local copy).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-$here/build}
commit=0806bb80042184e4f2b1413f4092c4e09526c237
mkdir -p "$out"
if [ ! -d "$out/Minesweeper/.git" ]; then
  git clone -q "${HILL_REPO:-https://github.com/DavidNHill/Minesweeper.git}" "$out/Minesweeper"
fi
git -C "$out/Minesweeper" checkout -q "$commit"
find "$out/Minesweeper/MineSweeperSolver/src" "$out/Minesweeper/MinesweeperGameState/src" \
     "$out/Minesweeper/Asynchronous/src" "$here/src" -name '*.java' > "$out/sources.txt"
mkdir -p "$out/classes"
javac -nowarn -d "$out/classes" @"$out/sources.txt" 2>&1 | grep -v '^Note:' || true
test -f "$out/classes/hillplay/Play.class"
echo "$out/classes"
