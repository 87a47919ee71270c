"""Fixtures of the draughts tests: the endgame tables of up to 4 pieces, built once a session."""

from __future__ import annotations

import pytest

from trickcore.draughts import Tables


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Tables:
    tables = Tables(4, tmp_path_factory.mktemp("tables"))
    tables.build()
    return tables
