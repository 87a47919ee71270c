import os
import shutil
import subprocess
import sysconfig
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parents[1]

settings.register_profile("dev", max_examples=60, deadline=None)
settings.register_profile(
    "ci", max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
# The long fuzzing run, on demand: HYPOTHESIS_PROFILE=fuzz pytest tests/test_parser_fuzz.py ...
settings.register_profile(
    "fuzz", max_examples=20_000, deadline=None, suppress_health_check=list(HealthCheck)
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture(scope="session")
def build_c(tmp_path_factory: pytest.TempPathFactory):
    """Compiles C files of the source tree into a program (tests/c drivers), as the build does:
    build_c(name, sources, flags) -> its path."""
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    found = shutil.which(cc) or shutil.which("cc")
    if found is None or not (ROOT / "src").is_dir():
        pytest.skip("needs a C compiler and the source tree (src/), as the build does")

    def build(name: str, sources: list[str], flags: tuple[str, ...] = ()) -> Path:
        exe = tmp_path_factory.mktemp(name) / name
        subprocess.run([found, "-std=c99", "-O2", *flags, f"-I{ROOT / 'src'}",
                        f"-I{np.get_include()}", *(str(ROOT / s) for s in sources),
                        "-o", str(exe)], check=True)
        return exe

    return build
