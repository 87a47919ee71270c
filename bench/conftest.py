import os

import pytest

SHORT = os.environ.get("TRICKCORE_BENCH_SHORT") == "1"


@pytest.fixture
def scale() -> int:
    """Work multiplier: small in CI's short mode, full size for real measurements."""
    return 1 if SHORT else 10
