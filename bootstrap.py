"""Make the project's commands work on a fresh machine that has only Python 3.11+.

`ensure_venv()` creates `.venv` next to this file, installs the project into it (`pip install -e
'.[test]'`) when `pyproject.toml` has changed since the last install, and re-runs the current
command with the venv's Python. When everything is in place it only hashes one small file.

Standard library only: this module runs before any dependency is installed.
Set FUBA_NO_VENV=1 to skip all of this and use the current interpreter as it is.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
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
    return hashlib.sha256(PYPROJECT.read_bytes()).hexdigest()


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
    cmd = [str(python), "-m", "pip", "install", "-q", "-e", ".[test]"]
    result = subprocess.run(cmd, cwd=ROOT)
    if result.returncode != 0:
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
    reinstalls when `pyproject.toml` changed, then returns.
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
