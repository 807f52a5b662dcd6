"""Make the project's commands work on a fresh machine that has only Python 3.11+.

`ensure_venv()` creates `.venv` next to this file, installs the project into it (`pip install -e
'.[test]'`) when what it installs has changed since the last install (the dependencies, the
Python version asked for, the build and package settings in `pyproject.toml`; not its
description or the tools' settings), and re-runs the current command with the venv's Python.
When everything is in place it only reads one small file. A reinstall that fails (no package
index reachable, say) over an environment that worked is a warning, not a stop: the command
goes on with what is installed.

Standard library only: this module runs before any dependency is installed.
Set FUBA_NO_VENV=1 to skip all of this and use the current interpreter as it is.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / ".installed"
PYPROJECT = ROOT / "pyproject.toml"
_REEXEC_GUARD = "FUBA_BOOTSTRAP_REEXEC"


def venv_python() -> Path:
    """The path of the project venv's Python interpreter."""
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


def _in_project_venv() -> bool:
    try:
        return Path(sys.prefix).resolve() == VENV.resolve()
    except OSError:
        return False


def _wanted_stamp() -> str:
    """A hash of what ``pip install -e '.[test]'`` installs from ``pyproject.toml``."""
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    project = config.get("project", {})
    installs = {
        "build-system": config.get("build-system"),
        "requires-python": project.get("requires-python"),
        "dependencies": project.get("dependencies"),
        "optional-dependencies": project.get("optional-dependencies"),
        "setuptools": config.get("tool", {}).get("setuptools"),
    }
    return hashlib.sha256(json.dumps(installs, sort_keys=True).encode()).hexdigest()


def _stamp_ok() -> bool:
    try:
        return STAMP.read_text().strip() == _wanted_stamp()
    except OSError:
        return False


def _fail(message: str) -> None:
    sys.exit(f"error: {message}")


def _create_venv() -> None:
    try:
        venv.EnvBuilder(with_pip=True, clear=VENV.exists()).create(VENV)
    except (OSError, subprocess.CalledProcessError) as exc:
        _fail(
            f"could not create {VENV}: {exc}\n"
            "Make sure Python's venv module and pip are available "
            "(on Debian/Ubuntu: apt-get install python3-venv)."
        )


def _install(python: Path) -> None:
    print("Installing dependencies into .venv (first run only)...", file=sys.stderr, flush=True)
    worked_before = STAMP.exists()  # an earlier install completed: that environment runs
    cmd = [str(python), "-m", "pip", "install", "-q", "-e", ".[test]"]
    result = subprocess.run(cmd, cwd=ROOT)
    if result.returncode != 0:
        if worked_before:
            print(
                f"warning: updating the dependencies in .venv failed (pip exit code "
                f"{result.returncode}); going on with those installed before. Run the command "
                "again once PyPI can be reached.",
                file=sys.stderr,
            )
            return
        _fail(
            f"installing dependencies into .venv failed (pip exit code {result.returncode}).\n"
            "Check the messages above and your network connection to PyPI, then run the "
            "command again. To start from scratch, delete the .venv folder."
        )
    STAMP.write_text(_wanted_stamp() + "\n")


def ensure_venv() -> None:
    """Make sure the current process runs in the project's up-to-date `.venv`.

    Outside the venv this creates and fills it if needed, then replaces the process with the
    venv's Python running the same command line (it does not return). Inside the venv it
    reinstalls when what `pyproject.toml` installs changed, then returns.
    """
    if os.environ.get("FUBA_NO_VENV"):
        return
    if _in_project_venv():
        os.environ.pop(_REEXEC_GUARD, None)
        if not _stamp_ok():
            _install(Path(sys.executable))
        return
    if os.environ.get(_REEXEC_GUARD):
        # We already re-ran once and still are not in .venv: do not loop.
        print(f"warning: not running inside {VENV}; continuing anyway.", file=sys.stderr)
        return

    python = venv_python()
    if not python.exists():
        _create_venv()
    if not _stamp_ok():
        _install(python)

    argv = [str(python), *sys.orig_argv[1:]]
    env = {**os.environ, _REEXEC_GUARD: "1"}
    sys.stdout.flush()
    sys.stderr.flush()
    if os.name == "nt":  # os.execv does not replace the process on Windows
        sys.exit(subprocess.run(argv, env=env).returncode)
    os.execve(python, argv, env)
