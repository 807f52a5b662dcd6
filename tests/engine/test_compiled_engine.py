"""The engine compiled with mypyc plays exactly what the pure Python engine plays, and a build
older than its sources is never used (``engine.compiled``)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine import compiled
from engine.fuba import FUBA, advanced
from engine.fuba.coach import play_match

SEEDS = range(4)
# Prints the coach matches' action logs, basic then advanced, and whether compiled code ran.
PLAY = """
import json, sys
from engine import compiled
from engine.fuba import FUBA, advanced, match
from engine.fuba.coach import play_match
logs = []
for start in (None, FUBA.initial({"advanced": list(advanced.ALL)})):
    for seed in range(int(sys.argv[1])):
        logs.append([a.to_json() for a in play_match(seed, start=start)[1]])
print(json.dumps({"active": compiled.active(), "match": match.__file__, "logs": logs}))
"""
needs_build = pytest.mark.skipif(
    not compiled.active(),
    reason="the compiled engine is not in use here (not built, stale, or FUBA_PURE_PYTHON=1): "
    "python -m engine.build",
)


def play(cwd: Path, seeds: int, **env: str) -> dict[str, object]:
    """Run ``PLAY`` in a fresh interpreter from ``cwd`` (its ``engine`` package)."""
    result = subprocess.run(
        [sys.executable, "-c", PLAY, str(seeds)],
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(cwd), "FUBA_NO_VENV": "1", **env},
        capture_output=True,
        text=True,
        check=True,
    )
    data: dict[str, object] = json.loads(result.stdout)
    data["stderr"] = result.stderr
    return data


def own_logs(seeds: int) -> list[list[dict[str, object]]]:
    logs = []
    for start in (None, FUBA.initial({"advanced": list(advanced.ALL)})):
        for seed in range(seeds):
            logs.append([a.to_json() for a in play_match(seed, start=start)[1]])
    return logs


@needs_build
def test_the_pure_python_engine_plays_the_same_matches_as_the_compiled_one() -> None:
    from engine.fuba import match

    assert match.__file__ is not None and match.__file__.endswith(".so")

    pure = play(compiled.ROOT, len(SEEDS), FUBA_PURE_PYTHON="1")

    assert pure["active"] is False
    assert str(pure["match"]).endswith(".py")
    assert pure["logs"] == own_logs(len(SEEDS))


def copy_project(into: Path) -> Path:
    """The engine's sources and its build, as a project of their own in ``into``."""
    shutil.copytree(
        compiled.ROOT / "engine", into / "engine", ignore=shutil.ignore_patterns("*.pyc")
    )
    shutil.copytree(compiled.BUILD, into / "build" / "engine")
    return into


@needs_build
def test_a_fresh_build_is_used_and_a_stale_one_never(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    fresh = play(project, 1)
    assert fresh["active"] is True
    assert str(fresh["match"]).startswith(str(project / "build"))

    moves = project / "engine" / "fuba" / "moves.py"  # one compiled module edited
    moves.write_text(moves.read_text() + "\n# edited after the build\n")
    stale = play(project, 1)

    assert stale["active"] is False
    assert stale["match"] == str(project / "engine" / "fuba" / "match.py")  # not only moves
    assert "engine/fuba/moves.py changed since it was compiled" in str(stale["stderr"])
    assert stale["logs"] == fresh["logs"]


def manifest(build: Path, **changes: object) -> Path:
    """A build folder whose manifest matches this checkout, but for ``changes``."""
    build.mkdir()
    (build / "engine.so").write_bytes(b"")
    match = compiled.file_digest(compiled.source_path("engine.fuba.match"))
    data = {
        "python": compiled.python_tag(),
        "modules": list(compiled.MODULES),
        "sources": {"engine/fuba/match.py": match},
        "files": {"engine.fuba.match": "engine.so"},
        **changes,
    }
    (build / compiled.MANIFEST).write_text(json.dumps(data))
    return build


def test_a_build_is_fresh_only_while_its_sources_are_unchanged(tmp_path: Path) -> None:
    assert compiled.problem(manifest(tmp_path / "fresh")) is None
    edited = manifest(tmp_path / "edited", sources={"engine/fuba/match.py": "0" * 64})
    assert compiled.problem(edited) == "engine/fuba/match.py changed since it was compiled"
    other = manifest(tmp_path / "other", python="cpython-310 linux (3, 10)")
    assert "another Python" in str(compiled.problem(other))
    fewer = manifest(tmp_path / "fewer", modules=list(compiled.MODULES[:-1]))
    assert compiled.problem(fewer) == "the list of compiled modules changed"
    assert compiled.problem(tmp_path / "none") == "no compiled engine was built"


def test_pure_python_can_be_forced() -> None:
    result = play(compiled.ROOT, 1, FUBA_PURE_PYTHON="1")
    assert result["active"] is False
    assert str(result["match"]).endswith("match.py")


def test_a_failed_build_warns_goes_on_and_waits_for_new_sources(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import bootstrap

    module = bootstrap._engine_compiled()
    monkeypatch.setattr(module, "BUILD", tmp_path / "build" / "engine")  # nothing built there
    monkeypatch.setattr(bootstrap, "_engine_compiled", lambda: module)
    monkeypatch.setattr(bootstrap, "VENV", tmp_path)  # its install lock file
    monkeypatch.delenv(compiled.PURE_ENV, raising=False)
    builds: list[list[str]] = []

    def no_compiler(cmd: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
        builds.append(cmd)
        return subprocess.CompletedProcess(cmd, returncode=1)

    monkeypatch.setattr(bootstrap.subprocess, "run", no_compiler)

    bootstrap._compile_engine()  # returns: the command goes on in pure Python
    assert builds == [[sys.executable, "-m", "engine.build"]]
    assert "runs as pure Python" in capsys.readouterr().err

    bootstrap._compile_engine()  # the same sources: not tried again
    assert len(builds) == 1
    monkeypatch.setattr(module, "sources_key", lambda: "the engine's code changed")
    bootstrap._compile_engine()
    assert len(builds) == 2
