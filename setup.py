"""Build: each C kernel is compiled once into a static library per family, then linked into
every extension of that family (the linker takes only the objects a module uses).

Modules under trickcore/draughts link src/draughts/*.c, all others the kernels found recursively
under src/trickcore (core/ and one folder per game).
TRICKCORE_DEBUG=1 builds -O0 -g with C assertions; TRICKCORE_NATIVE=1 adds -march=native.
"""

import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).parent
DEBUG = os.environ.get("TRICKCORE_DEBUG") == "1"
# Release builds carry no debug info: -g0 follows Python's own CFLAGS (which hold -g), so it
# wins; the extensions are linked stripped too, except on macOS, whose linker ignores -s.
COMPILE_ARGS = ["-std=c99", "-O0", "-g"] if DEBUG else ["-std=c99", "-O3", "-DNDEBUG", "-g0"]
LINK_ARGS = [] if DEBUG or sys.platform == "darwin" else ["-s"]
# TRICKCORE_SANITIZE=1 (.ci/sanitize): AddressSanitizer and UBSan in kernels and bindings.
if os.environ.get("TRICKCORE_SANITIZE") == "1":
    SANITIZERS = ["-fsanitize=address,undefined", "-fno-sanitize-recover=undefined",
                  "-fno-omit-frame-pointer"]
    COMPILE_ARGS = ["-std=c99", "-O1", "-g", *SANITIZERS]
    LINK_ARGS = SANITIZERS
KERNEL_WARNINGS = ["-Wall", "-Wextra"]  # the kernels build warning-free (.ci/check-c)
if os.environ.get("TRICKCORE_NATIVE") == "1":
    COMPILE_ARGS.append("-march=native")


def family_of(module: str) -> str:
    return "draughts" if module.startswith("trickcore.draughts.") else "trickcore"


def kernel_files(family: str, pattern: str) -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for p in (ROOT / "src" / family).rglob(pattern))


def is_stale(target: Path, inputs: list[str]) -> bool:
    if not target.exists():
        return True
    built = target.stat().st_mtime
    return any(Path(i).stat().st_mtime > built for i in inputs)


class BuildKernelsThenExtensions(build_ext):
    """Compiles each family's kernels in parallel into lib<family>_kernels.a, then the family's
    extensions (in parallel too, even under pip, which passes no -j), linked with it. An object
    (kernel or Cython module) is recompiled only when its source or a header it depends on
    changed; a rebuilt library only relinks the extensions."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:  # pip passes no -j: build the extensions on every core
            self.parallel = os.cpu_count() or 1

    def build_extensions(self) -> None:
        self.compile_all = self.compiler.compile
        self.compiler.compile = self.compile_stale  # type: ignore[method-assign]
        families = {family_of(ext.name) for ext in self.extensions}
        libraries = {family: self.build_kernel_library(family) for family in sorted(families)}
        for ext in self.extensions:
            library = libraries[family_of(ext.name)]
            if library not in ext.extra_objects:
                ext.extra_objects.append(library)
                ext.depends.append(library)
        super().build_extensions()

    def compile_stale(self, sources: list[str], output_dir: str | None = None,
                      depends: list[str] | None = None, **options: object) -> list[str]:
        objects: list[str] = self.compiler.object_filenames(sources, output_dir=output_dir)
        headers = [d for d in depends or [] if d.endswith(".h")]
        stale = [src for src, obj in zip(sources, objects, strict=True)
                 if self.force or is_stale(Path(obj), [src, *headers])]
        if stale:
            self.compile_all(stale, output_dir=output_dir, depends=depends, **options)
        return objects

    def build_kernel_library(self, family: str) -> str:
        out_dir = str(Path(self.build_temp) / "kernels")
        library = Path(self.compiler.library_filename(f"{family}_kernels", output_dir=out_dir))
        sources, headers = kernel_files(family, "*.c"), kernel_files(family, "*.h")

        def compile_one(source: str) -> list[str]:
            return self.compiler.compile(
                [source], output_dir=out_dir, depends=headers, debug=DEBUG,
                include_dirs=["src", numpy.get_include()],
                extra_postargs=COMPILE_ARGS + KERNEL_WARNINGS,
            )

        with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
            objects = [obj for objs in pool.map(compile_one, sources) for obj in objs]
        if self.force or is_stale(library, objects):
            library.unlink(missing_ok=True)
            self.compiler.create_static_lib(objects, f"{family}_kernels", output_dir=out_dir)
        return str(library)


def extension_for(pyx: Path) -> Extension:
    module = ".".join(pyx.relative_to(ROOT / "python").with_suffix("").parts)
    return Extension(
        module,
        sources=[str(pyx.relative_to(ROOT))],
        depends=kernel_files(family_of(module), "*.h"),
        include_dirs=["src", numpy.get_include()],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_2_0_API_VERSION")],
        extra_compile_args=COMPILE_ARGS,
        extra_link_args=LINK_ARGS,
    )


setup(
    cmdclass={"build_ext": BuildKernelsThenExtensions},
    ext_modules=cythonize(
        [extension_for(pyx) for pyx in sorted((ROOT / "python" / "trickcore").rglob("_*.pyx"))],
        language_level=3,
        # allow_none_for_extension_args: a typed argument refuses None (no read through None).
        compiler_directives={"boundscheck": False, "wraparound": False, "cdivision": True,
                             "allow_none_for_extension_args": False},
    ),
)
