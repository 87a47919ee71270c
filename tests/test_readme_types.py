"""The README's Python examples type-check under ``mypy --strict`` as user code, which sees an
installed trickcore: analysed for its types, its own errors not reported."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import trickcore

pytest.importorskip("mypy")

README = Path(__file__).parent.parent / "README.md"
# Beyond the README: what the games' states say about their rules.
RULES_TYPES = '''
from typing_extensions import assert_type  # typing has it from Python 3.11

import trickcore as tc

assert_type(tc.hearts.Deal.random(tc.hearts.Rules.svarta_maja()).rules, tc.hearts.Rules)
assert_type(tc.spades.Deal.random(tc.spades.Rules.standard()).rules, tc.spades.Rules)
assert_type(tc.dam.Deal.random(tc.dam.Rules.avoid()).rules, tc.dam.Rules)
assert_type(tc.hearts.Match(tc.hearts.Rules.spardame()).rules, tc.hearts.Rules)
assert_type(tc.spades.Match(tc.spades.Rules.standard()).rules, tc.spades.Rules)
assert_type(tc.dam.Match(tc.dam.Rules.collect()).rules, tc.dam.Rules)
for rules in (tc.spades.Rules.standard(), tc.dam.Rules.avoid(), tc.hearts.Rules.spardame()):
    tc.simulate(rules, deals=10, seed=1, policy="greedy")
'''
CONFIG = """[mypy]
strict = True

[mypy-trickcore.*]
follow_imports = silent
"""


def test_readme_python_examples_type_check(tmp_path: Path) -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.DOTALL)
    assert len(blocks) >= 3
    (tmp_path / "readme_examples.py").write_text("\n".join(blocks), encoding="utf-8")
    (tmp_path / "rules_types.py").write_text(RULES_TYPES, encoding="utf-8")
    (tmp_path / "mypy.ini").write_text(CONFIG, encoding="utf-8")
    env = dict(os.environ)
    package_root = Path(trickcore.__file__).resolve().parent.parent
    if not package_root.name.endswith("-packages"):  # a source tree on PYTHONPATH
        env["MYPYPATH"] = str(package_root)
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", "mypy.ini", "--no-incremental",
         "readme_examples.py", "rules_types.py"],
        cwd=tmp_path, capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
