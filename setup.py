"""The compiled core: one C extension built by setuptools, or none when no compiler works.

Everything else of the build is declared in pyproject.toml. The extension uses CPython's
limited API, so one build (``abi3``) serves every Python from 3.11; kashi runs on its Python
engines when it is absent, and says so in one line at install time.
"""

from __future__ import annotations

import sys
from glob import glob

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

NATIVE = "kashi/core/native"
WARNINGS = ["-Wall", "-Wextra", "-Werror"]
SOURCES = sorted(glob(f"{NATIVE}/*.c") + glob("kashi/games/*/native/*.c"))


class OptionalBuild(build_ext):
    """Build the core if a C compiler works; otherwise one clear line, and the pure engines."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # any compiler or platform failure leaves the pure engines
            self._fallback(error)

    def build_extension(self, extension: Extension) -> None:
        try:
            super().build_extension(extension)
        except Exception as error:
            self._fallback(error)

    def _fallback(self, error: Exception) -> None:
        if not getattr(self, "_said", False):  # a failed build also fails its copy: one line for both
            print(
                f"kashi: the compiled core was not built ({error}); kashi runs on its Python engines", file=sys.stderr
            )
        self._said = True


CORE = Extension(
    "kashi.core.native._core",
    sources=SOURCES,
    extra_compile_args=["-std=c11", "-O3", *WARNINGS],
    define_macros=[("Py_LIMITED_API", "0x030B0000")],
    py_limited_api=True,
)

setup(
    ext_modules=[CORE],
    cmdclass={"build_ext": OptionalBuild},
    options={"bdist_wheel": {"py_limited_api": "cp311"}},
)
