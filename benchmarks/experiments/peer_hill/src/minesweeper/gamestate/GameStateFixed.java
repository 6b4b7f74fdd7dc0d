package minesweeper.gamestate;

import minesweeper.settings.GameSettings;
import minesweeper.structure.Location;

/**
 * cpsolve's peer harness: a game whose layout is given (cells r*width+c are mines) instead of drawn
 * from Hill's own generator, so that his solver plays exactly the games cpsolve played (same seed,
 * same layouts) and the two results pair game by game. The first click must be safe in the layout.
 */
public class GameStateFixed extends GameStateModelViewer {
    private final int[][] board;
    private final int[] layout;

    private final Location start;

    public GameStateFixed(GameSettings gameSettings, int[] layout, long key, Location start) {
        super(gameSettings, key);
        this.board = new int[width][height];
        this.layout = layout;
        this.start = start;
    }

    /** The solver opens here (its book move); cpsolve's first cell for the rule. */
    @Override
    public Location getStartLocation() {
        return start;
    }

    @Override
    protected void startHandle(Location m) {
        for (int tile : layout) {
            int x = tile % this.width;
            int y = tile / this.width;
            if (x == m.x && y == m.y) throw new IllegalStateException("first click on a mine");
            board[x][y] = GameStateModel.MINE;
        }
        for (int tile : layout) {
            int x = tile % this.width;
            int y = tile / this.width;
            for (int j = 0; j < DX.length; j++) {
                int a = x + DX[j], b = y + DY[j];
                if (a >= 0 && a < width && b >= 0 && b < height && board[a][b] != GameStateModel.MINE) board[a][b]++;
            }
        }
    }

    @Override protected void placeFlagHandle(Location m) { }
    @Override protected int queryHandle(int x, int y) { return board[x][y]; }

    @Override
    protected boolean clearSquareHitMine(Location m) {
        if (board[m.x][m.y] == 0) explode(m);
        return board[m.x][m.y] == GameStateModel.MINE;
    }

    @Override
    public int privilegedQuery(Location m, boolean showMines) {
        int result = query(m);
        if (result == GameStateModel.MINE) return GameStateModel.EXPLODED_MINE;
        if (showMines && result == GameStateModel.HIDDEN && board[m.x][m.y] == GameStateModel.MINE) return GameStateModel.MINE;
        if (showMines && result == GameStateModel.FLAG && board[m.x][m.y] != GameStateModel.MINE) return GameStateModel.BAD_FLAG;
        return result;
    }

    @Override public boolean supports3BV() { return true; }

    @Override
    protected boolean clearSurroundHandle(Location m) {
        for (int j = 0; j < DX.length; j++) {
            if (m.x + DX[j] >= 0 && m.x + DX[j] < width && m.y + DY[j] >= 0 && m.y + DY[j] < height)
                clearSquare(new Location(m.x + DX[j], m.y + DY[j]));
        }
        return true;
    }
}
