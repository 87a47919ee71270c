import subprocess
import sys

import trickcore as tc
from trickcore.cli import main


def test_version_from_the_module_entry_point() -> None:
    out = subprocess.run([sys.executable, "-m", "trickcore", "--version"],
                         capture_output=True, text=True, check=True).stdout
    assert out.strip() == f"trickcore {tc.__version__}"


def test_deal_command_prints_every_hand(capsys: object) -> None:
    assert main(["deal", "--players", "4", "--seed", "1"]) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    deal = tc.deal_batch(1, players=4, seed=1)
    for seat in range(4):
        assert f"seat {seat}: {deal.hand(0, seat).pretty()}" in out  # type: ignore[union-attr]
    assert out.count("seat ") == 4
