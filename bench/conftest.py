import os
from typing import Any

import pytest

SHORT = os.environ.get("TRICKCORE_BENCH_SHORT") == "1"


@pytest.fixture
def scale() -> int:
    """Work multiplier: small in CI's short mode, full size for real measurements."""
    return 1 if SHORT else 10


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Throughput lines: benchmarks that process many items store ``items_per_s`` (best round)."""
    session = terminalreporter.config._benchmarksession
    rows = [(b.name, b.extra_info["items_per_s"]) for b in session.benchmarks
            if "items_per_s" in b.extra_info]
    if rows:
        terminalreporter.write_sep("-", "throughput (items per second, best round)")
        for name, rate in sorted(rows):
            terminalreporter.write_line(f"{name:60s} {rate:>16,.0f}")
