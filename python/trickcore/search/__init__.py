"""Search: the exact perfect-information solver of the card games (``solve``,
``solve_line``, ``solve_batch``, ``ReusableSolver`` for many positions in turn)."""

from trickcore.search.solver import (
    BatchSolution,
    ReusableSolver,
    Solution,
    SolveStats,
    solve,
    solve_batch,
    solve_line,
)

__all__ = ["BatchSolution", "ReusableSolver", "Solution", "SolveStats", "solve", "solve_batch",
           "solve_line"]
