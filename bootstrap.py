"""Make the project's commands work on a fresh machine that has only Python 3.11+.

`ensure_venv()` creates `.venv` next to this file, installs the locked dependencies into it and
re-runs the current command with the venv's Python. The bot needs only the runtime lock
(`requirements/bot.txt`); `ensure_venv(dev=True)` (the tests, CI) installs the development lock
(`requirements/dev.txt`: the runtime lock plus the test tools). A venv that holds the
development lock keeps it. Both locks pin every package with its hashes; the project itself is
installed on top without dependencies (`install_commands`, the very commands the Dockerfile runs).

It reinstalls only when what it installs has changed since the last install: the lock's content,
the Python version, the project's build settings in `pyproject.toml` (not its description or
the tools' settings). When everything is in place it only reads one small file. A reinstall
that fails (no package index reachable, say) over an environment that worked is a warning, not
a stop: the command goes on with what is installed.

    python3 bootstrap.py lock [--upgrade]   refresh both locks from pyproject.toml (uv)

Once the dependencies are in place it compiles the engine with mypyc (``python -m
engine.build``, see ``engine/compiled.py``) when that build is missing or stale; without a C
compiler that is a warning and the engine runs as pure Python.

Standard library only: this module runs before any dependency is installed.
Set FUBA_NO_VENV=1 to skip all of this and use the current interpreter as it is.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import importlib.util
import json
import os
import platform
import subprocess
import sys
import tomllib
import venv
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / ".installed"
PYPROJECT = ROOT / "pyproject.toml"
LOCKS = ROOT / "requirements"
BOT_LOCK = LOCKS / "bot.txt"
DEV_LOCK = LOCKS / "dev.txt"
COMPILED = ROOT / "engine" / "compiled.py"  # when the compiled engine is fresh (mypyc)
LOCK_COMMAND = "python3 bootstrap.py lock"
# The machines the locks are resolved for: the Docker image, CI and the developers' machines.
LOCK_PYTHON = "3.11"
LOCK_PLATFORM = "x86_64-unknown-linux-gnu"
_REEXEC_GUARD = "FUBA_BOOTSTRAP_REEXEC"


def venv_python() -> Path:
    """The path of the project venv's Python interpreter."""
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


def install_commands(python: str, lock: Path) -> list[list[str]]:
    """The commands that install ``lock`` and then the project into ``python``'s environment,
    run in the project folder. The Dockerfile runs them too (with ``python3``)."""
    return [
        [python, "-m", "pip", "install", "-q", "--require-hashes", "-r", _relative(lock)],
        # The build backend (setuptools) comes from the lock: nothing unlocked is fetched.
        [python, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation", "-e", "."],
    ]


def _relative(path: Path) -> str:
    try:
        return path.relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


def _in_project_venv() -> bool:
    try:
        return Path(sys.prefix).resolve() == VENV.resolve()
    except OSError:
        return False


def _wanted_stamp(lock: Path) -> str:
    """The lock's file name and a hash of everything that installing it would install."""
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    project = config.get("project", {})
    installs = {
        "lock": hashlib.sha256(lock.read_bytes()).hexdigest(),
        "python": [platform.python_implementation(), platform.python_version()],
        "build-system": config.get("build-system"),
        "requires-python": project.get("requires-python"),
        "setuptools": config.get("tool", {}).get("setuptools"),
    }
    digest = hashlib.sha256(json.dumps(installs, sort_keys=True).encode()).hexdigest()
    return f"{lock.name} {digest}"


def _installed_stamp() -> str:
    try:
        return STAMP.read_text(encoding="utf-8").strip()
    except OSError:
        return ""


def _lock_for(dev: bool) -> Path:
    """The lock to have in the venv: the development lock when asked for or already there (it
    holds the runtime lock), else the runtime lock."""
    if dev or _installed_stamp().split(" ")[0] == DEV_LOCK.name:
        return DEV_LOCK
    return BOT_LOCK


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


@contextlib.contextmanager
def _install_lock() -> Iterator[None]:
    """Held while installing, so that two commands started together install one at a time."""
    try:
        import fcntl
    except ImportError:  # Windows: no advisory locks here; installs are rare enough
        yield
        return
    with open(VENV / ".installing", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _install(python: Path, lock: Path) -> None:
    """Install ``lock`` and the project into ``python``'s environment, then write the stamp."""
    if not lock.exists():
        _fail(f"{_relative(lock)} is missing; restore it from git or run: {LOCK_COMMAND}")
    print(
        f"Installing the dependencies of {_relative(lock)} into .venv...",
        file=sys.stderr,
        flush=True,
    )
    worked_before = STAMP.exists()  # an earlier install completed: that environment runs
    for cmd in install_commands(str(python), lock):
        result = subprocess.run(cmd, cwd=ROOT)
        if result.returncode == 0:
            continue
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
    STAMP.write_text(_wanted_stamp(lock) + "\n", encoding="utf-8")


def _update_this_venv(dev: bool) -> None:
    lock = _lock_for(dev)
    if lock.exists() and _installed_stamp() == _wanted_stamp(lock):
        return
    with _install_lock():
        lock = _lock_for(dev)  # another command may have installed meanwhile
        if not lock.exists() or _installed_stamp() != _wanted_stamp(lock):
            _install(Path(sys.executable), lock)


def _engine_compiled() -> Any:
    """``engine/compiled.py`` loaded on its own: importing the ``engine`` package here would
    decide for this process, before the build, whether the compiled engine is used."""
    spec = importlib.util.spec_from_file_location("_fuba_engine_compiled", COMPILED)
    if spec is None or spec.loader is None:
        raise ImportError(COMPILED)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _compile_engine() -> None:
    """Compile the engine with mypyc (``python -m engine.build``) when its build is missing
    or stale. A failure is a warning, never a stop: the engine then runs as pure Python, and
    the same sources are not tried again."""
    if os.environ.get("FUBA_PURE_PYTHON", "") not in ("", "0") or not COMPILED.exists():
        return
    compiled = _engine_compiled()
    if compiled.problem() is None:
        return
    failed = compiled.BUILD.parent / "engine-failed"
    with _install_lock():
        why = compiled.problem()
        key = compiled.sources_key()
        if why is None or (failed.exists() and failed.read_text(encoding="utf-8") == key):
            return
        print(
            f"Compiling the engine with mypyc ({why}; a few minutes)...",
            file=sys.stderr,
            flush=True,
        )
        # FUBA_PURE_PYTHON: the build's own process does not look for a compiled engine
        env = {**os.environ, "FUBA_PURE_PYTHON": "1"}
        result = subprocess.run([sys.executable, "-m", "engine.build"], cwd=ROOT, env=env)
        if result.returncode == 0:
            failed.unlink(missing_ok=True)
            return
        failed.parent.mkdir(parents=True, exist_ok=True)
        failed.write_text(key, encoding="utf-8")
        print(
            "warning: the engine could not be compiled (a C compiler and mypy are needed); "
            "it runs as pure Python, which is slower. This is tried again when the engine's "
            "code changes.",
            file=sys.stderr,
        )


def ensure_venv(dev: bool = False) -> None:
    """Make sure the current process runs in the project's up-to-date `.venv`.

    Outside the venv this creates it if needed, then replaces the process with the venv's
    Python running the same command line (it does not return). Inside the venv it installs
    the runtime lock (``dev``: the development lock) when what it installs changed, then
    returns.
    """
    if os.environ.get("FUBA_NO_VENV"):
        return
    if _in_project_venv():
        os.environ.pop(_REEXEC_GUARD, None)
        _update_this_venv(dev)
        _compile_engine()
        return
    if os.environ.get(_REEXEC_GUARD):
        # We already re-ran once and still are not in .venv: do not loop.
        print(f"warning: not running inside {VENV}; continuing anyway.", file=sys.stderr)
        return

    python = venv_python()
    if not python.exists():
        _create_venv()

    argv = [str(python), *sys.orig_argv[1:]]
    env = {**os.environ, _REEXEC_GUARD: "1"}
    sys.stdout.flush()
    sys.stderr.flush()
    if os.name == "nt":  # os.execv does not replace the process on Windows
        sys.exit(subprocess.run(argv, env=env).returncode)
    os.execve(python, argv, env)


def compile_commands(upgrade: bool) -> list[tuple[list[str], str]]:
    """The ``uv pip compile`` runs that write the locks, each with what it reads on stdin (the
    build backend from ``[build-system]``). The development lock is resolved first; the runtime
    lock is constrained to its versions, so the bot runs what the tests ran."""
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    build = "".join(f"{req}\n" for req in config.get("build-system", {}).get("requires", []))
    common = [
        "pyproject.toml",
        "-",  # stdin: the build backend
        "--generate-hashes",
        "--python-version",
        LOCK_PYTHON,
        "--python-platform",
        LOCK_PLATFORM,
        "--custom-compile-command",
        LOCK_COMMAND,
        "--quiet",
    ]
    if upgrade:
        common.append("--upgrade")
    uv = [sys.executable, "-m", "uv", "pip", "compile"]
    return [
        ([*uv, *common, "--extra", "test", "-o", _relative(DEV_LOCK)], build),
        ([*uv, *common, "-c", _relative(DEV_LOCK), "-o", _relative(BOT_LOCK)], build),
    ]


def lock(upgrade: bool) -> int:
    """Rewrite both locks from ``pyproject.toml``; keep the pinned versions unless ``upgrade``
    (or unless ``pyproject.toml`` no longer allows them)."""
    LOCKS.mkdir(exist_ok=True)
    for cmd, stdin in compile_commands(upgrade):
        result = subprocess.run(cmd, cwd=ROOT, input=stdin, text=True)
        if result.returncode != 0:
            print(f"error: uv pip compile failed (exit code {result.returncode})", file=sys.stderr)
            return result.returncode
    print(
        f"Wrote {_relative(DEV_LOCK)} and {_relative(BOT_LOCK)}. "
        "The next python3 run_tests.py installs them.",
        file=sys.stderr,
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="bootstrap.py", description="Manage the project's locked dependencies."
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    lock_parser = sub.add_parser(
        "lock",
        help=f"refresh {_relative(DEV_LOCK)} and {_relative(BOT_LOCK)} from pyproject.toml",
    )
    lock_parser.add_argument(
        "--upgrade", action="store_true", help="move every package to its newest allowed version"
    )
    args = parser.parse_args(argv)
    return lock(upgrade=args.upgrade)


if __name__ == "__main__":
    ensure_venv(dev=True)  # uv, which writes the locks, is a development tool
    raise SystemExit(main())
