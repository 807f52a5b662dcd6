"""Run the checks: ruff (lint and format) and the test suite.

    python3 run_tests.py [pytest arguments]

The first run creates .venv and installs the development lock, requirements/dev.txt (see
bootstrap.py). Exits with pytest's exit code, or non-zero if ruff found problems.
"""

from __future__ import annotations

import subprocess
import sys

import bootstrap

if __name__ == "__main__":
    bootstrap.ensure_venv(dev=True)  # the test tools too


def main(pytest_args: list[str]) -> int:
    root = bootstrap.ROOT
    ruff = [sys.executable, "-m", "ruff"]
    ruff_failed = False
    for check in (["check", "."], ["format", "--check", "."]):
        if subprocess.run([*ruff, *check], cwd=root).returncode != 0:
            ruff_failed = True
    tests = subprocess.run([sys.executable, "-m", "pytest", *pytest_args], cwd=root).returncode
    if ruff_failed:
        print(
            "ruff found problems; fix them with: .venv/bin/ruff check --fix . && "
            ".venv/bin/ruff format .",
            file=sys.stderr,
        )
        return tests or 1
    return tests


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
