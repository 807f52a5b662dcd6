"""Compile the engine with mypyc: ``python -m engine.build [--force] [--jobs N]``.

Builds the modules of ``engine.compiled.MODULES`` into ``build/engine/`` (see
``engine.compiled`` for how and when the build is used). The sources are copied first and
the copy is compiled, so the hashes in the manifest are those of the very text compiled even
if a file is edited meanwhile. The new build replaces the old one only once it is complete.
Needs mypy (which provides mypyc, from the project's locks) and a C compiler; without them
the engine simply stays pure Python. Exit code 0 when a fresh build is in place.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from engine.compiled import BUILD, MANIFEST, MODULES, ROOT, file_digest, problem, python_tag

# Run in a child process from the snapshot folder: setuptools and mypyc write where they run.
_SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify

paths, c_dir, out, temp, jobs = sys.argv[1].split(","), *sys.argv[2:]
extensions = mypycify(paths, opt_level="3", debug_level="0", multi_file=True, target_dir=c_dir)
setup(
    name="engine-compiled",
    ext_modules=extensions,
    script_args=["build_ext", "--build-lib", out, "--build-temp", temp, "-j", jobs],
)
"""


def _module_file(root: Path, module: str) -> Path | None:
    base = root.joinpath(*module.split("."))
    for path in (base / "__init__.py", base.with_suffix(".py")):
        if path.is_file():
            return path
    return None


def _imported(root: Path, module: str, path: Path) -> set[str]:
    """The engine modules ``module`` imports (its packages' ``__init__`` included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            names = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        for name in names:
            parts = name.split(".")
            for i in range(1, len(parts) + 1):  # a module's packages are imported first
                candidate = ".".join(parts[:i])
                if candidate.startswith("engine") and _module_file(root, candidate):
                    found.add(candidate)
    return found


# The import hook itself: not read by the compiled code.
_HOOK = frozenset({"engine", "engine.compiled", "engine.build"})


def sources(root: Path) -> list[str]:
    """The files the compiled modules are built from: themselves, every engine module they
    import (directly or not: its types are read at compile time) and their packages."""
    todo = list(MODULES)
    seen: set[str] = set()
    while todo:
        module = todo.pop()
        if module in seen or module in _HOOK:
            continue
        seen.add(module)
        path = _module_file(root, module)
        if path is None:
            raise FileNotFoundError(f"{module} has no source file")
        todo.extend(_imported(root, module, path) - seen)
    files = {_module_file(root, m) for m in seen}
    return sorted(p.relative_to(root).as_posix() for p in files if p is not None)


def _snapshot(into: Path) -> None:
    for path in (ROOT / "engine").rglob("*.py"):
        if "__pycache__" in path.parts:
            continue
        target = into / path.relative_to(ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)


def _install(staging: Path) -> None:
    """Put the complete build in ``staging`` in the place of the current one."""
    old = BUILD.parent / f"{BUILD.name}.old-{os.getpid()}"
    if BUILD.exists():
        BUILD.rename(old)
    staging.rename(BUILD)
    shutil.rmtree(old, ignore_errors=True)


def build(jobs: int = 2, quiet: bool = True) -> str | None:
    """Compile the engine into ``BUILD``; None on success, else what went wrong."""
    BUILD.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="engine-build-", dir=BUILD.parent) as tmp:
        work = Path(tmp)
        src, out = work / "src", work / "out"
        _snapshot(src)
        inputs = sources(src)
        digests = {name: file_digest(src / name) for name in inputs}
        paths = [str(_module_file(src, m).relative_to(src)) for m in MODULES]  # type: ignore[union-attr]
        cmd = [sys.executable, "-c", _SETUP, ",".join(paths), str(work / "c"), str(out)]
        cmd += [str(work / "temp"), str(max(1, jobs))]
        output = subprocess.DEVNULL if quiet else None
        env = {**os.environ, "MYPY_FORCE_COLOR": "0"}
        result = subprocess.run(cmd, cwd=src, stdout=output, stderr=output, env=env)
        if result.returncode != 0:
            return f"mypyc failed (exit code {result.returncode})"
        files: dict[str, str] = {}
        staging = work / "engine"
        for so in out.rglob("*.so"):
            relative = so.relative_to(out)
            module = ".".join((*relative.parent.parts, relative.name.split(".")[0]))
            if module.endswith(".__init__"):
                module = module.removesuffix(".__init__")
            files[module] = relative.as_posix()
            (staging / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(so, staging / relative)
        missing = [m for m in MODULES if m not in files]
        if missing:
            return f"mypyc built no module for {', '.join(missing)}"
        manifest = {
            "python": python_tag(),
            "modules": list(MODULES),
            "sources": digests,
            "files": files,
            "built": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        }
        (staging / MANIFEST).write_text(json.dumps(manifest, indent=1), encoding="utf-8")
        _install(staging)
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.build", description=__doc__)
    parser.add_argument("--force", action="store_true", help="rebuild even when fresh")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="C compilers")
    parser.add_argument("--verbose", action="store_true", help="show mypyc's and gcc's output")
    args = parser.parse_args(argv)
    if not args.force and problem() is None:
        print("The compiled engine is up to date.", file=sys.stderr)
        return 0
    started = time.monotonic()
    failure = build(args.jobs, quiet=not args.verbose)
    if failure is not None:
        print(f"warning: the engine was not compiled: {failure}.", file=sys.stderr)
        return 1
    print(f"Compiled the engine in {time.monotonic() - started:.0f} s.", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
