"""The compiled engine: FUBA's rules and its coach built with mypyc, used only when fresh.

``python -m engine.build`` (run by ``bootstrap.py`` after the dependencies are installed)
compiles the modules of ``MODULES`` into ``build/engine/`` beside the project, with a
manifest holding the sha256 of every source file the compiled code was built from. At the
first import of ``engine`` (``engine/__init__.py`` calls ``activate``) the manifest is read
and every one of those files hashed again: only when all of them are unchanged (and the build
is for this Python) is an import hook installed that loads the compiled modules instead of
the ``.py`` files. Otherwise the whole engine runs as pure Python and one warning is logged:
a stale build is never used, not even for the modules that did not change.

``FUBA_PURE_PYTHON=1`` forces the pure Python engine. The compiled code does exactly what the
Python source says (tests compare the action logs of both paths on the same seeds).

Standard library only: ``bootstrap.py`` and ``engine/__init__.py`` import it.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "engine"
MANIFEST = "manifest.json"
PURE_ENV = "FUBA_PURE_PYTHON"

# The modules compiled, an explicit list: a module added to engine/ later stays pure Python
# until it is listed here. Left out: engine.fuba.position (its nested lambdas) and
# engine.fuba.ruleset (class attributes that mypyc would not keep), both off the hot path.
MODULES: tuple[str, ...] = (
    "engine.core.actions",
    "engine.core.data",
    "engine.core.decisions",
    "engine.core.dice",
    "engine.core.errors",
    "engine.core.events",
    "engine.core.options",
    "engine.core.ruleset",
    "engine.core.steps",
    "engine.fuba.advanced",
    "engine.fuba.board",
    "engine.fuba.bring",
    "engine.fuba.cards",
    "engine.fuba.clock",
    "engine.fuba.coach",
    "engine.fuba.condition",
    "engine.fuba.decisions",
    "engine.fuba.formations",
    "engine.fuba.injuries",
    "engine.fuba.match",
    "engine.fuba.moves",
    "engine.fuba.offside",
    "engine.fuba.passing",
    "engine.fuba.plays",
    "engine.fuba.presets",
    "engine.fuba.restarts",
    "engine.fuba.roles",
    "engine.fuba.setup",
    "engine.fuba.slowing",
    "engine.fuba.specials",
    "engine.fuba.state",
    "engine.fuba.substitutions",
    "engine.fuba.tactics",
    "engine.fuba.tiredness",
    "engine.fuba.var",
    "engine.fuba.weather",
    "engine.fuba.skills",
    "engine.fuba.skills.catalog",
    "engine.fuba.skills.choosing",
    "engine.fuba.skills.coach",
    "engine.fuba.skills.common",
    "engine.fuba.skills.defenders",
    "engine.fuba.skills.events",
    "engine.fuba.skills.forwards",
    "engine.fuba.skills.keepers",
    "engine.fuba.skills.midfielders",
    "engine.fuba.skills.plays",
    "engine.fuba.skills.team",
    "engine.fuba.skills.windows",
)

log = logging.getLogger("engine")


def source_path(module: str) -> Path:
    """The ``.py`` file of ``module`` (a package's ``__init__.py``)."""
    base = ROOT.joinpath(*module.split("."))
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def sources_key() -> str:
    """A hash of the interpreter and of every engine source file: what a failed build was
    tried with (``bootstrap.py`` tries again only once this changes)."""
    digest = hashlib.sha256(f"{python_tag()} {MODULES}".encode())
    for path in sorted((ROOT / "engine").rglob("*.py")):
        digest.update(f"{path.relative_to(ROOT).as_posix()} {file_digest(path)}".encode())
    return digest.hexdigest()


def python_tag() -> str:
    """The interpreter a build is for (extension modules are bound to it)."""
    return f"{sys.implementation.cache_tag} {sys.platform} {sys.version_info[:2]}"


def problem(build: Path | None = None) -> str | None:
    """Why the build in ``build`` (``BUILD``) may not be used (missing, for another Python or
    another list of modules, or a source changed since it was compiled), or None when it is
    fresh."""
    build = BUILD if build is None else build
    try:
        manifest = json.loads((build / MANIFEST).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return "no compiled engine was built"
    except (OSError, ValueError) as exc:
        return f"its manifest cannot be read ({exc})"
    if not isinstance(manifest, dict):
        return "its manifest cannot be read"
    if manifest.get("python") != python_tag():
        return f"it was built for another Python ({manifest.get('python')})"
    if manifest.get("modules") != list(MODULES):
        return "the list of compiled modules changed"
    sources = manifest.get("sources")
    if not isinstance(sources, dict) or not sources:
        return "its manifest lists no sources"
    for name, digest in sources.items():
        try:
            if file_digest(ROOT / name) != digest:
                return f"{name} changed since it was compiled"
        except OSError:
            return f"{name} is missing"
    for module, name in manifest.get("files", {}).items():
        if not (build / name).is_file():
            return f"the compiled file of {module} is missing"
    return None


class CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the compiled extension module of each name in ``files`` (name -> path); every
    other module is left to the usual finders. A compiled package keeps its source folder
    as its path, so that its pure Python submodules are found there."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        location = self.files.get(fullname)
        if location is None:
            return None
        package = None
        if fullname in MODULES and source_path(fullname).name == "__init__.py":
            package = [str(source_path(fullname).parent)]
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(location))
        return importlib.util.spec_from_file_location(
            fullname, location, loader=loader, submodule_search_locations=package
        )


_active: CompiledFinder | None = None


def active() -> bool:
    """Whether this process loads the compiled engine."""
    return _active is not None


def activate(build: Path | None = None) -> bool:
    """Install the import hook when the build is fresh and pure Python is not forced; logs
    why not otherwise (once: ``engine/__init__.py`` calls this once per process). Must run
    before any compiled module is imported."""
    global _active
    if _active is not None:
        return True
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        return False
    build = BUILD if build is None else build
    why = problem(build)
    if why is not None:
        if (build / MANIFEST).exists() or why != "no compiled engine was built":
            log.warning("The engine runs as pure Python (slower): %s.", why)
        return False
    manifest = json.loads((build / MANIFEST).read_text(encoding="utf-8"))
    files = {module: build / name for module, name in manifest["files"].items()}
    if any(module in sys.modules for module in MODULES):
        log.warning("The engine runs as pure Python: its modules were imported before the hook.")
        return False
    _active = CompiledFinder(files)
    sys.meta_path.insert(0, _active)
    return True
