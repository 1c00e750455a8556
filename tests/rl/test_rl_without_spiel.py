"""``kashi.rl`` works without OpenSpiel (the spiel extra): only ``kashi.rl.openspiel`` imports it."""

from __future__ import annotations

import subprocess
import sys

# A fresh interpreter in which importing pyspiel or open_spiel fails, as where they are not installed.
PROBE = """
import importlib, pkgutil, sys
sys.modules["pyspiel"] = None
sys.modules["open_spiel"] = None
import kashi.rl
from kashi.core.registry import families
names = [info.name for info in pkgutil.walk_packages(kashi.rl.__path__, "kashi.rl.")]
names += [family.learning for family in families() if family.learning]
for name in names:
    if not name.startswith("kashi.rl.openspiel"):
        importlib.import_module(name)
try:
    import kashi.rl.openspiel
except ImportError:
    print(len(names))
"""


def test_every_rl_module_but_the_openspiel_adapter_imports_without_pyspiel() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) > 10, "the probe walked kashi.rl's modules and met pyspiel only in the adapter"
