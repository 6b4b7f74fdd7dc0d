"""``cpsolve replay FILE``: every click of a recorded game against the analysis of its position."""

from __future__ import annotations

import argparse
import json
from fractions import Fraction

from ..render.terminal import fit
from ..replay import Action, ReplayReport, analyze_replay, read_replay
from ..words import plural
from . import EXIT_OK, write_failed

#: The command's description in --help (argparse reflows it).
DESCRIPTION = """\
Analyse a recorded game (AVF, EVF, RMV, MVF; read by the optional extra ms-toollib: pip install
'cpsolve[replay]'). For every click the position before it is analysed (the player's flags as
covered cells): needless guesses (a proved-safe cell existed), the clicked cell's exact mine
probability against the safest cell's, flags on cells not proved mines, and the total risk (one minus
the product of the survival probabilities). Exit 0, 2 bad input."""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "replay", help="a recorded game (AVF/EVF/RMV/MVF) click by click: needless guesses, risks, flags",
        description=DESCRIPTION)
    p.add_argument("file", metavar="FILE", help="replay file (.avf, .evf, .rmv, .mvf)")
    p.add_argument("--json", action="store_true", help="one JSON document")
    p.add_argument("--all", action="store_true", help="list every action, not only guesses and unproved flags")
    p.add_argument("--svg", metavar="OUT", help="write the position of the riskiest click as an SVG heat map")
    p.set_defaults(run=run)


def _p(x: Fraction | float | None) -> str:
    if x is None:
        return "-"
    if isinstance(x, Fraction):
        return f"{float(x):.4f}" if x not in (0, 1) else str(x)
    return f"~{x:.4f}"


def _note(a: Action) -> str:
    if a.kind == "first":
        return "first click (free)"
    if a.kind == "unmapped":
        return "mouse position does not match the board change: not analysed"
    if a.kind == "flag":
        return "flag on a proved mine" if a.proved else "FLAG NOT PROVED a mine"
    if a.kind == "unflag":
        return "flag removed"
    notes = []
    if a.needless:
        notes.append(f"NEEDLESS GUESS ({a.proved_safe_available} proved safe)")
    elif a.guess:
        notes.append("guess")
    else:
        notes.append("proved safe")
    if a.kind == "chord" and not a.survival_exact:
        notes.append("chord on several unproved cells: survival is a bound")
    if a.hit_mine:
        notes.append("HIT A MINE")
    return "; ".join(notes)


def render_table(rep: ReplayReport, every: bool) -> str:
    r = rep.replay
    s = rep.summary()
    lines = [f"{r.source}: {r.cols}x{r.rows}, {plural(r.mines, 'mine')}, " + ("won" if r.completed else "not won"),
             f"recorded by {r.software or 'unknown software'}" + (f", player {r.player}" if r.player else ""),
             f"mouse to cell (row = y // {r.pix_size}, col = x // {r.pix_size}): "
             f"{rep.mapping_agreed} of {plural(rep.mapping_checked, 'board event')} agree", ""]
    # every line within 80 columns (issue 43 item 8: the header and the notes were 89)
    lines.append(f"{'#':>5} {'time s':>7} {'action':<6} {'cell':>7} {'P(mine)':>7} {'best':>7}  note")
    for a in rep.actions:
        interesting = a.guess or a.hit_mine or a.kind == "unmapped" or (a.kind == "flag" and not a.proved)
        if not (every or interesting):
            continue
        prob = "-" if a.kind in ("first", "unmapped", "unflag") else _p(a.probability)
        best = "-" if a.kind in ("first", "unmapped", "flag", "unflag") else _p(a.best)
        lines.append(f"{a.index:>5} {a.time:>7.2f} {a.kind:<6} {a.cell[0]:>3},{a.cell[1]:<3} {prob:>7} {best:>7}  "
                     + _note(a))
    lines.append("")
    lines.append(f"clicks {s['clicks']}, guesses {s['guesses']} (needless {s['needless_guesses']}), flags "
                 f"{s['flags']} (not proved mines {s['unproved_flags']}), unmapped {s['unmapped']}")
    surv = f"{s['survival']:.4f}" + (f" = {s['survival_fraction']}" if s["survival_fraction"] and
                                     len(s["survival_fraction"]) <= 24 else "")
    lines.append(f"survival probability of the guesses taken {surv}; total risk {s['risk']:.4f}"
                 + ("" if s["exact"] else " (not exact: estimates or chords on several unproved cells)"))
    return "\n".join(part for line in lines for part in fit(line))


def run(args: argparse.Namespace) -> int:
    rep = analyze_replay(read_replay(args.file))
    if args.json:
        print(json.dumps(rep.to_json()))
    else:
        print(render_table(rep, args.all))
    if args.svg:
        from ..render import render_svg

        risky = [a for a in rep.actions if a.analysis is not None and a.board is not None and a.guess]
        pick = min(risky, key=lambda a: float(a.survival)) if risky else None
        if pick is None:
            pick = next((a for a in reversed(rep.actions) if a.analysis is not None), None)
        if pick is not None and pick.analysis is not None and pick.board is not None:
            title = (f"{args.file}: event {pick.index}, {pick.kind} at {pick.cell[0]},{pick.cell[1]}, "
                     f"mine probability {_p(pick.probability)}")
            svg = render_svg(pick.board, pick.analysis, title=title)
            try:
                with open(args.svg, "w", encoding="utf-8") as fh:
                    fh.write(svg)
            except OSError as exc:
                raise write_failed(args.svg, exc, "the SVG") from None
    return EXIT_OK
