"""The examples people copy: every ``>>>`` example in the README and the docs runs as written,
and the example scripts run to their own checks."""

from __future__ import annotations

import doctest
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = sorted(path for path in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")] if ">>> " in path.read_text())


def test_the_readme_and_the_hosting_guide_carry_examples() -> None:
    assert {ROOT / "README.md", ROOT / "docs" / "hosting.md"} <= set(DOCUMENTS)


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.name)
def test_every_example_in_the_document_runs_as_written(document: Path) -> None:
    """As ``python -m doctest`` runs it: an example that needs an option says so itself."""
    result = doctest.testfile(str(document), module_relative=False, verbose=False)
    assert result.attempted > 0 and result.failed == 0


PROMPT = "Player 1 > "


def echoed(output: str, typed: list[str]) -> str:
    """What a terminal shows: each answer typed after its prompt (a pipe does not echo it)."""
    answers = iter(typed)
    return re.sub(re.escape(PROMPT), lambda prompt: prompt[0] + next(answers, "quit") + "\n", output)


def test_the_readme_terminal_session_is_what_kashi_prints(tmp_path: Path) -> None:
    """The README's session is replayed, its command and typed moves as written (then 'quit'),
    and every line it shows must be printed; '...' stands for the lines it leaves out."""
    readme = (ROOT / "README.md").read_text()
    found = re.search(r"```text\n\$ (\.venv/bin/kashi [^\n]*)\n(.*?)```", readme, re.S)
    assert found, "the README shows a terminal session"
    command, transcript = shlex.split(found[1]), found[2]
    typed = [line.split(PROMPT, 1)[1] for line in transcript.splitlines() if line.startswith(PROMPT)]
    assert len(typed) >= 2, "the session shows moves being typed"
    done = subprocess.run(
        [sys.executable, "-m", "kashi", *command[1:]],
        input="\n".join([*typed, "quit"]) + "\n",
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    shown = echoed(done.stdout, typed)
    assert doctest.OutputChecker().check_output(transcript, shown, doctest.ELLIPSIS), shown[:3000]
    assert (tmp_path / "kashi-azul-7.txt").exists(), "the record is saved where the README says"


def test_the_hosting_example_hosts_a_game_to_the_recorded_result() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "host_from_file.py")], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    hosted, recorded = done.stdout.strip().splitlines()[-1].removeprefix("hosted: ").split(", recorded: ")
    assert hosted == recorded
