"""bootstrap.py: the venv gets the lock its command needs (the bot the runtime lock, the tests
the development lock), is reinstalled only when what it installs changes, and a failed update
over a working environment does not stop the bot."""

from __future__ import annotations

import subprocess
import sys
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

BOT_LOCK = "discord-py==2.7.1 \\\n    --hash=sha256:aaaa\n"
DEV_LOCK = BOT_LOCK + "pytest==9.2.0 \\\n    --hash=sha256:bbbb\n"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "pyproject.toml"
    path.write_text(PYPROJECT)
    (tmp_path / "bot.txt").write_text(BOT_LOCK)
    (tmp_path / "dev.txt").write_text(DEV_LOCK)
    monkeypatch.setattr(bootstrap, "PYPROJECT", path)
    monkeypatch.setattr(bootstrap, "VENV", tmp_path)
    monkeypatch.setattr(bootstrap, "STAMP", tmp_path / ".installed")
    monkeypatch.setattr(bootstrap, "BOT_LOCK", tmp_path / "bot.txt")
    monkeypatch.setattr(bootstrap, "DEV_LOCK", tmp_path / "dev.txt")
    return path


def stamp_after(project: Path, old: str, new: str) -> str:
    project.write_text(PYPROJECT.replace(old, new))
    return bootstrap._wanted_stamp(bootstrap.BOT_LOCK)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('version = "0.1.0"', 'version = "0.2.0"'),
        ('description = "A bot."', 'description = "A referee."'),
        ("line-length = 100", "line-length = 120"),
        # the locks, not pyproject.toml, say which packages are installed
        ('"Pillow"]', '"Pillow", "prometheus-client"]'),
        ('test = ["pytest"]', 'test = ["pytest", "ruff"]'),
    ],
)
def test_what_installs_nothing_new_keeps_the_venv(project: Path, old: str, new: str) -> None:
    before = bootstrap._wanted_stamp(bootstrap.BOT_LOCK)
    assert stamp_after(project, old, new) == before


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('requires-python = ">=3.11"', 'requires-python = ">=3.12"'),
        ('py-modules = ["bot"]', 'py-modules = ["bot", "botconfig"]'),
        ('requires = ["setuptools>=64"]', 'requires = ["setuptools>=70"]'),
    ],
)
def test_a_change_in_how_the_project_installs_reinstalls(project: Path, old: str, new: str) -> None:
    before = bootstrap._wanted_stamp(bootstrap.BOT_LOCK)
    assert stamp_after(project, old, new) != before


def test_a_refreshed_lock_reinstalls(project: Path) -> None:
    before = bootstrap._wanted_stamp(bootstrap.BOT_LOCK)
    bootstrap.BOT_LOCK.write_text(BOT_LOCK.replace("2.7.1", "2.7.2"))
    assert bootstrap._wanted_stamp(bootstrap.BOT_LOCK) != before


def test_another_python_version_reinstalls(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = bootstrap._wanted_stamp(bootstrap.BOT_LOCK)
    monkeypatch.setattr(bootstrap.platform, "python_version", lambda: "3.11.99")
    assert bootstrap._wanted_stamp(bootstrap.BOT_LOCK) != before


class Pip:
    """Stands in for pip: records the commands, exits with ``returncode``."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, returncode: int = 0) -> None:
        self.commands: list[list[str]] = []
        self.returncode = returncode
        monkeypatch.setattr(bootstrap.subprocess, "run", self.run)

    def run(self, cmd: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
        self.commands.append(cmd)
        return subprocess.CompletedProcess(cmd, returncode=self.returncode)

    def locks_installed(self) -> list[str]:
        return [Path(cmd[cmd.index("-r") + 1]).name for cmd in self.commands if "-r" in cmd]


def test_the_bot_gets_the_runtime_lock_only(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pip = Pip(monkeypatch)

    bootstrap._update_this_venv(dev=False)

    assert pip.locks_installed() == ["bot.txt"]
    # the commands the Dockerfile runs (tests/test_deploy.py): the lock, then the project
    assert pip.commands == bootstrap.install_commands(sys.executable, bootstrap.BOT_LOCK)
    assert pip.commands[-1][-3:] == ["--no-build-isolation", "-e", "."]
    assert "--no-deps" in pip.commands[-1]


def test_the_tests_add_the_development_lock_to_a_runtime_venv(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pip = Pip(monkeypatch)
    bootstrap._update_this_venv(dev=False)

    bootstrap._update_this_venv(dev=True)

    assert pip.locks_installed() == ["bot.txt", "dev.txt"]


def test_the_bot_keeps_a_development_venv_as_it_is(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pip = Pip(monkeypatch)
    bootstrap._update_this_venv(dev=True)

    bootstrap._update_this_venv(dev=False)
    bootstrap._update_this_venv(dev=True)

    assert pip.locks_installed() == ["dev.txt"]


def test_a_development_venv_follows_its_refreshed_lock_when_the_bot_starts(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pip = Pip(monkeypatch)
    bootstrap._update_this_venv(dev=True)
    bootstrap.DEV_LOCK.write_text(DEV_LOCK.replace("9.2.0", "9.3.0"))

    bootstrap._update_this_venv(dev=False)

    assert pip.locks_installed() == ["dev.txt", "dev.txt"]


def test_an_up_to_date_venv_installs_nothing(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pip = Pip(monkeypatch)
    bootstrap._update_this_venv(dev=False)
    pip.commands.clear()

    bootstrap._update_this_venv(dev=False)

    assert pip.commands == []


def test_a_failed_update_over_a_working_venv_warns_and_goes_on(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bootstrap.STAMP.write_text("bot.txt an earlier install\n")
    Pip(monkeypatch, returncode=1)

    bootstrap._update_this_venv(dev=False)  # returns: the command goes on

    assert "warning: updating the dependencies in .venv failed" in capsys.readouterr().err
    assert bootstrap.STAMP.read_text() == "bot.txt an earlier install\n"  # tried again next time


def test_a_failed_first_install_stops_with_the_reason(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    Pip(monkeypatch, returncode=1)

    with pytest.raises(SystemExit, match="installing dependencies into .venv failed"):
        bootstrap._update_this_venv(dev=False)
    assert not bootstrap.STAMP.exists()


def test_a_missing_lock_says_how_to_get_it_back(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bootstrap.BOT_LOCK.unlink()
    pip = Pip(monkeypatch)

    with pytest.raises(SystemExit, match="bot.txt is missing.*python3 bootstrap.py lock"):
        bootstrap._update_this_venv(dev=False)
    assert pip.commands == []


def test_the_locks_are_written_from_pyproject_with_hashes_for_the_target_python() -> None:
    dev, bot = bootstrap.compile_commands(upgrade=False)

    for cmd, stdin in (dev, bot):
        assert cmd[cmd.index("--python-version") + 1] == "3.11"
        assert "--generate-hashes" in cmd
        assert "--upgrade" not in cmd
        assert stdin == "setuptools>=64\n"  # the build backend is locked too
    assert dev[0][dev[0].index("-o") + 1] == "requirements/dev.txt"
    assert dev[0][dev[0].index("--extra") + 1] == "test"
    # the runtime lock keeps the versions the tests ran with
    assert bot[0][bot[0].index("-c") + 1] == "requirements/dev.txt"
    assert "--extra" not in bot[0]
    assert all("--upgrade" in cmd for cmd, _ in bootstrap.compile_commands(upgrade=True))
