package hillplay;

import java.io.*;
import java.util.*;
import java.util.concurrent.*;
import minesweeper.gamestate.GameStateFixed;
import minesweeper.gamestate.GameStateModel;
import minesweeper.settings.GameSettings;
import minesweeper.solver.Solver;
import minesweeper.solver.settings.PlayStyle;
import minesweeper.solver.settings.SettingsFactory;
import minesweeper.solver.settings.SettingsFactory.Setting;
import minesweeper.solver.settings.SolverSettings;
import minesweeper.structure.Action;
import minesweeper.structure.Location;

/**
 * Plays given layouts with D. N. Hill's solver as his bulk runner sets it up (SMALL_ANALYSIS, NO_FLAG,
 * single-threaded solver), opening at the given first cell.
 * stdin: a header "rows cols mines r0 c0", then one line per game "index mine-cell...".
 * stdout, in input order: "index won guesses [moves]", won 1 or 0, or "index error what"; with the
 * argument "trace", every clear as r,c:s (s the solver's safety for a guess, 0 for a certainty).
 * Arguments: [threads] [trace].
 */
public class Play {
    public static void main(String[] args) throws Exception {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        boolean trace = args.length > 1 && args[1].equals("trace");
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String[] h = in.readLine().trim().split("\\s+");
        int rows = Integer.parseInt(h[0]), cols = Integer.parseInt(h[1]), mines = Integer.parseInt(h[2]);
        Location start = new Location(Integer.parseInt(h[4]), Integer.parseInt(h[3]));
        GameSettings gs = GameSettings.create(cols, rows, mines);
        List<String> lines = new ArrayList<>();
        for (String l; (l = in.readLine()) != null; ) if (!l.isBlank()) lines.add(l);
        ExecutorService ex = Executors.newFixedThreadPool(threads);
        List<Future<String>> out = new ArrayList<>();
        for (String l : lines) out.add(ex.submit(() -> play(gs, start, l, trace)));
        PrintWriter pw = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out)));
        for (Future<String> f : out) { pw.println(f.get()); pw.flush(); }
        ex.shutdown();
    }

    static String play(GameSettings gs, Location start, String line, boolean trace) {
        String[] p = line.trim().split("\\s+");
        int index = Integer.parseInt(p[0]);
        int[] layout = new int[p.length - 1];
        for (int i = 1; i < p.length; i++) layout[i - 1] = Integer.parseInt(p[i]);
        GameStateModel g = new GameStateFixed(gs, layout, index, start);
        SolverSettings settings = SettingsFactory.GetSettings(Setting.SMALL_ANALYSIS);
        settings.setSingleThread(true);
        Solver solver = new Solver(g, settings, false);
        solver.setPlayStyle(PlayStyle.NO_FLAG);
        int guesses = 0;
        StringBuilder sb = new StringBuilder();
        int loops = 0;
        play:
        while (true) {
            if (++loops > 2000) return index + " error looping";
            Action[] moves;
            try {
                solver.start();
                moves = solver.getResult();
            } catch (Exception e) {
                return index + " error " + e;
            }
            if (moves.length == 0) return index + " error nomoves";
            for (Action a : moves) {
                boolean cert = a.isCertainty();
                if (a.getAction() != Action.CLEAR) continue;  // NO_FLAG play: flags are not placed
                g.doAction(a);
                if (!cert) guesses++;
                if (trace) sb.append(' ').append(a.y).append(',').append(a.x).append(':').append(cert ? "0" : a.getBigProb().toString());
                int st = g.getGameState();
                if (st == GameStateModel.LOST || st == GameStateModel.WON) break play;
            }
        }
        boolean won = g.getGameState() == GameStateModel.WON;
        return index + " " + (won ? 1 : 0) + " " + guesses + sb;
    }
}
