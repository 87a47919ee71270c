"""Extension list: every python/trickcore/**/_*.pyx is compiled with the C kernels of its family.

Modules under trickcore/draughts link src/draughts/*.c, all others src/trickcore/*.c.
TRICKCORE_DEBUG=1 builds -O0 -g with C assertions; TRICKCORE_NATIVE=1 adds -march=native.
"""

import os
from pathlib import Path

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup

ROOT = Path(__file__).parent
DEBUG = os.environ.get("TRICKCORE_DEBUG") == "1"
COMPILE_ARGS = ["-std=c99", "-O0", "-g"] if DEBUG else ["-std=c99", "-O3", "-DNDEBUG"]
if os.environ.get("TRICKCORE_NATIVE") == "1":
    COMPILE_ARGS.append("-march=native")


def kernel_files(pyx: Path, pattern: str) -> list[str]:
    family = "draughts" if "draughts" in pyx.parts else "trickcore"
    return sorted(str(p.relative_to(ROOT)) for p in (ROOT / "src" / family).glob(pattern))


extensions = [
    Extension(
        ".".join(pyx.relative_to(ROOT / "python").with_suffix("").parts),
        sources=[str(pyx.relative_to(ROOT)), *kernel_files(pyx, "*.c")],
        depends=kernel_files(pyx, "*.h"),
        include_dirs=["src", numpy.get_include()],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_2_0_API_VERSION")],
        extra_compile_args=COMPILE_ARGS,
    )
    for pyx in sorted((ROOT / "python" / "trickcore").rglob("_*.pyx"))
]

setup(
    ext_modules=cythonize(
        extensions,
        language_level=3,
        compiler_directives={"boundscheck": False, "wraparound": False, "cdivision": True},
    )
)
