"""bootstrap.py: the venv is reinstalled only when what it installs changes, and a failed
update over a working environment does not stop the bot."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest

import bootstrap

PYPROJECT = """\
[build-system]
requires = ["setuptools>=64"]

[project]
name = "fuba-referee"
version = "0.1.0"
description = "A bot."
requires-python = ">=3.11"
dependencies = ["discord.py>=2.7", "Pillow"]

[project.optional-dependencies]
test = ["pytest"]

[tool.setuptools]
py-modules = ["bot"]

[tool.ruff]
line-length = 100
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "pyproject.toml"
    path.write_text(PYPROJECT)
    monkeypatch.setattr(bootstrap, "PYPROJECT", path)
    monkeypatch.setattr(bootstrap, "STAMP", tmp_path / ".installed")
    return path


def stamp_after(project: Path, old: str, new: str) -> str:
    project.write_text(PYPROJECT.replace(old, new))
    return bootstrap._wanted_stamp()


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('version = "0.1.0"', 'version = "0.2.0"'),
        ('description = "A bot."', 'description = "A referee."'),
        ("line-length = 100", "line-length = 120"),
    ],
)
def test_what_installs_nothing_new_keeps_the_venv(project: Path, old: str, new: str) -> None:
    before = bootstrap._wanted_stamp()
    assert stamp_after(project, old, new) == before


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('"Pillow"]', '"Pillow", "prometheus-client"]'),
        ('test = ["pytest"]', 'test = ["pytest", "ruff"]'),
        ('requires-python = ">=3.11"', 'requires-python = ">=3.12"'),
        ('py-modules = ["bot"]', 'py-modules = ["bot", "botconfig"]'),
        ('requires = ["setuptools>=64"]', 'requires = ["setuptools>=70"]'),
    ],
)
def test_a_change_in_what_installs_reinstalls(project: Path, old: str, new: str) -> None:
    before = bootstrap._wanted_stamp()
    assert stamp_after(project, old, new) != before


def failing_pip(monkeypatch: pytest.MonkeyPatch) -> None:
    def run(*args: Any, **kwargs: Any) -> subprocess.CompletedProcess[str]:
        return subprocess.CompletedProcess(args, returncode=1)

    monkeypatch.setattr(bootstrap.subprocess, "run", run)


def test_a_failed_update_over_a_working_venv_warns_and_goes_on(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bootstrap.STAMP.write_text("an earlier install\n")
    failing_pip(monkeypatch)

    bootstrap._install(Path("python"))  # returns: the command goes on

    assert "warning: updating the dependencies in .venv failed" in capsys.readouterr().err
    assert bootstrap.STAMP.read_text() == "an earlier install\n"  # tried again next time


def test_a_failed_first_install_stops_with_the_reason(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    failing_pip(monkeypatch)

    with pytest.raises(SystemExit, match="installing dependencies into .venv failed"):
        bootstrap._install(Path("python"))
    assert not bootstrap.STAMP.exists()
