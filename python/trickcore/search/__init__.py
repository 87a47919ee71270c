"""Search: the exact perfect-information solver of the card games (``solve``,
``solve_line``, ``solve_batch``)."""

from trickcore.search.solver import (
    BatchSolution,
    Solution,
    SolveStats,
    solve,
    solve_batch,
    solve_line,
)

__all__ = ["BatchSolution", "Solution", "SolveStats", "solve", "solve_batch", "solve_line"]
