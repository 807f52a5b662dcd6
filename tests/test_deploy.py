"""Deployment files: the Dockerfile (linted, installing the runtime lock with the commands
bootstrap.py and CI run), compose.yaml, .env.example (every setting the code reads) and the
locks (pinned with hashes, the bot's without the test tools). No container daemon is needed."""

from __future__ import annotations

import importlib.metadata
import json
import re
import shlex
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

import bootstrap
import bot
from botconfig import Settings

ROOT = bootstrap.ROOT
DOCKERFILE = ROOT / "Dockerfile"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))

# hadolint rules switched off for this Dockerfile, each with the reason. None needed today.
HADOLINT_IGNORED: dict[str, str] = {}


# -- the Dockerfile


def instructions(text: str) -> list[tuple[str, str]]:
    """The Dockerfile's instructions as (KEYWORD, arguments), continuation lines joined."""
    joined = re.sub(r"\\\n\s*", " ", text)
    found = []
    for line in joined.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            keyword, _, arguments = line.partition(" ")
            found.append((keyword.upper(), arguments.strip()))
    return found


def dockerfile(keyword: str) -> list[str]:
    return [args for kw, args in instructions(DOCKERFILE.read_text()) if kw == keyword]


def exec_form(arguments: str) -> list[str]:
    """A CMD's or HEALTHCHECK's command: JSON (exec form) or shell words."""
    arguments = arguments.strip()
    if arguments.startswith("["):
        return json.loads(arguments)
    return shlex.split(arguments)


def test_hadolint_finds_nothing_in_the_dockerfile() -> None:
    hadolint = Path(sysconfig.get_path("scripts")) / "hadolint"
    assert hadolint.exists(), "hadolint is missing: the development lock installs it"
    ignores = [arg for rule in HADOLINT_IGNORED for arg in ("--ignore", rule)]
    result = subprocess.run(
        [str(hadolint), "--no-color", "--failure-threshold", "style", *ignores, "Dockerfile"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == ""  # not even a style note


def test_the_image_installs_the_runtime_lock_with_the_commands_bootstrap_runs() -> None:
    pip_runs = [run for run in dockerfile("RUN") if "pip" in run]

    wanted = [shlex.join(cmd) for cmd in bootstrap.install_commands("python3", bootstrap.BOT_LOCK)]
    assert pip_runs == wanted
    # the lock is copied in before its install, the rest of the project after it
    order = [
        (kw, args) for kw, args in instructions(DOCKERFILE.read_text()) if kw in ("COPY", "RUN")
    ]
    lock_copy = order.index(("COPY", "requirements/bot.txt requirements/bot.txt"))
    assert order.index(("RUN", wanted[0])) == lock_copy + 1
    assert order.index(("COPY", ". .")) < order.index(("RUN", wanted[1]))


def test_the_image_runs_the_bot_unprivileged_with_its_data_in_a_volume() -> None:
    (base,) = dockerfile("FROM")
    assert re.fullmatch(r"python:3\.11-slim\S*", base)
    (user,) = dockerfile("USER")
    assert user.split(":")[0] not in ("root", "0")
    env = dict(
        pair.split("=", 1)
        for args in dockerfile("ENV")
        for pair in shlex.split(args)
        if "=" in pair
    )
    assert env["FUBA_NO_VENV"] == "1"  # the image is the environment: no .venv made in it
    assert env["FUBA_DATA_DIR"] == "/data"
    assert exec_form(dockerfile("VOLUME")[0]) == ["/data"]
    assert env["METRICS_PORT"] == "9100"
    assert dockerfile("EXPOSE") == ["9100"]
    assert exec_form(dockerfile("CMD")[0]) == ["python3", "bot.py"]


def test_the_image_health_check_asks_the_running_bot() -> None:
    (healthcheck,) = dockerfile("HEALTHCHECK")
    _, _, command = healthcheck.partition("CMD ")
    assert exec_form(command) == ["python3", "bot.py", "health"]
    assert bot.build_parser().parse_args(["health"]).command == "health"  # it exists


def test_the_image_leaves_out_secrets_and_local_state() -> None:
    ignored = (ROOT / ".dockerignore").read_text().split()
    for path in (".env", ".venv", "data", ".git", "**/__pycache__", ".pytest_cache"):
        assert path in ignored


# -- compose.yaml


def uncommented(text: str) -> str:
    """``text`` with its commented-out YAML lines (``# key:``, ``# - item``) switched on."""
    return re.sub(r"(?m)^(\s*)# ( *(?:[\w<-]+:(?:\s|$)|- ))", r"\1\2", text)


def compose(text: str | None = None) -> dict[str, Any]:
    loaded = yaml.safe_load((ROOT / "compose.yaml").read_text() if text is None else text)
    assert isinstance(loaded, dict)
    return loaded


def bot_settings(service: dict[str, Any], password: str = "secret") -> Settings:
    env = {
        name: re.sub(r"\$\{POSTGRES_PASSWORD:-[^}]*\}", password, str(value))
        for name, value in service["environment"].items()
    }
    env["DISCORD_TOKEN"] = "a token"
    return Settings.from_env(env)


def test_compose_runs_the_bot_image_on_postgresql_16_with_a_volume() -> None:
    config = compose()
    db, bot_service = config["services"]["db"], config["services"]["bot"]

    assert db["image"].startswith("postgres:16")
    volume, _, mount = db["volumes"][0].partition(":")
    assert volume in config["volumes"] and mount == "/var/lib/postgresql/data"
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])

    assert bot_service["build"] == "."  # this folder's Dockerfile
    assert bot_service["depends_on"]["db"]["condition"] == "service_healthy"
    url = bot_settings(bot_service).database_url
    assert (url.drivername, url.host, url.database) == ("postgresql+asyncpg", "db", "fuba")
    assert url.password == "secret"


def test_compose_publishes_the_metrics_port_to_this_machine_only() -> None:
    service = compose()["services"]["bot"]
    settings = bot_settings(service)
    assert settings.metrics_host == "0.0.0.0"  # inside the container: reachable from outside it
    host, published, container = service["ports"][0].split(":")
    assert host == "127.0.0.1"
    assert int(container) == settings.metrics_port


def test_the_commented_second_cluster_splits_the_servers_in_two() -> None:
    from store.cluster import Sharding, sharding_from_env

    config = compose()
    assert set(config["services"]) == {"db", "bot"}  # as shipped: one bot process

    services = compose(uncommented((ROOT / "compose.yaml").read_text()))["services"]

    assert set(services) == {"db", "bot", "bot-2"}
    first, second = bot_settings(services["bot"]), bot_settings(services["bot-2"])
    assert first.database_url == second.database_url
    assert sharding_from_env(services["bot"]["environment"]) == Sharding(count=2, ids=(0,))
    assert sharding_from_env(services["bot-2"]["environment"]) == Sharding(count=2, ids=(1,))
    ports = {services[name]["ports"][0].split(":")[1] for name in ("bot", "bot-2")}
    assert len(ports) == 2


# -- .env.example

SETTING_READ = re.compile(
    r"""\b(?:os\.environ|environ|env|getenv)\s*(?:\.(?:get|pop|setdefault)\s*)?[\[(]\s*"""
    r"""(?:(["'])(?P<literal>[A-Z][A-Z0-9_]*)\1|(?P<constant>[A-Z_][A-Z0-9_]*)\b)"""
)
# a helper handed the environment and the variable's name: _number(env, "SHARD_COUNT")
SETTING_HELPER = re.compile(
    r"""\(\s*(?:os\.environ|environ|env)\s*,\s*(["'])(?P<literal>[A-Z][A-Z0-9_]*)\1"""
)
CONSTANT = re.compile(
    r"""(?m)^(?P<name>[A-Z_][A-Z0-9_]*)\s*(?::[^=]*)?=\s*["'](?P<value>\w+)["']"""
)
# Read from an environment but not settings, with the reason.
NOT_SETTINGS = {
    "FUBA_BOOTSTRAP_REEXEC": "bootstrap.py sets it for its own re-run in .venv",
    "PATH_INFO": "a field of a WSGI request (cogs/metrics.py), not of the process environment",
}


def settings_read(sources: dict[str, str]) -> dict[str, set[str]]:
    """Environment variables read by ``sources`` (file name -> code): name -> files."""
    constants = {
        match["name"]: match["value"]
        for code in sources.values()
        for match in CONSTANT.finditer(code)
    }
    found: dict[str, set[str]] = {}
    for path, code in sources.items():
        for pattern in (SETTING_READ, SETTING_HELPER):
            for match in pattern.finditer(code):
                name = match["literal"] or constants.get(match["constant"])
                assert name, f"{path}: cannot tell which variable {match['constant']} names"
                found.setdefault(name, set()).add(path)
    return found


def project_sources() -> dict[str, str]:
    skipped = {".venv", "venv", "tests", ".git", "build", "node_modules"}
    return {
        path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8")
        for path in ROOT.rglob("*.py")
        if not skipped & set(path.relative_to(ROOT).parts)
    }


def documented_settings() -> set[str]:
    text = (ROOT / ".env.example").read_text()
    return set(re.findall(r"(?m)^#? ?([A-Z][A-Z0-9_]*)=", text))


def test_the_scan_finds_every_way_the_code_reads_a_setting() -> None:
    sources = {
        "a.py": 'DIR_ENV = "FUBA_DATA_DIR"\nos.environ.get(DIR_ENV)\nos.getenv("METRICS_PORT")\n',
        "b.py": 'env.get("LOG_FORMAT", "")\nos.environ["DISCORD_TOKEN"]\nenviron.pop("X_Y")\n',
        "c.py": 'count = _number(env, "SHARD_COUNT")\nenv.get(name, "")\n',
    }
    assert settings_read(sources) == {
        "FUBA_DATA_DIR": {"a.py"},
        "METRICS_PORT": {"a.py"},
        "LOG_FORMAT": {"b.py"},
        "DISCORD_TOKEN": {"b.py"},
        "X_Y": {"b.py"},
        "SHARD_COUNT": {"c.py"},
    }


def test_env_example_documents_every_setting_the_code_reads() -> None:
    read = settings_read(project_sources())
    for name, reason in NOT_SETTINGS.items():
        assert name in read, f"{name} is no longer read: drop it from NOT_SETTINGS ({reason})"

    missing = {name: sorted(files) for name, files in read.items() if name not in NOT_SETTINGS}
    missing = {name: files for name, files in missing.items() if name not in documented_settings()}
    assert not missing, f"add these to .env.example, with what they do: {missing}"
    # the settings the brief of every deployment names are there (some read by code in progress)
    for name in ("DISCORD_TOKEN", "DATABASE_URL", "FUBA_DATA_DIR", "METRICS_PORT", "LOG_FORMAT"):
        assert name in read


def test_env_example_documents_nothing_that_is_not_read() -> None:
    read = set(settings_read(project_sources()))
    compose_text = (ROOT / "compose.yaml").read_text()
    stale = {
        name
        for name in documented_settings()
        if name not in read and "${" + name not in compose_text
    }
    assert not stale, f"nothing reads these any more: {sorted(stale)}"


def test_a_copy_of_env_example_holds_no_value_but_an_empty_token() -> None:
    text = (ROOT / ".env.example").read_text()
    assert re.findall(r"(?m)^[A-Z][A-Z0-9_]*=.*$", text) == ["DISCORD_TOKEN="]


# -- the locks


def pins(lock: Path) -> dict[str, tuple[str, frozenset[str]]]:
    """A lock's packages: canonical name -> (version, hashes)."""
    entries: dict[str, tuple[str, frozenset[str]]] = {}
    for block in re.split(r"\n(?=[^\s#])", lock.read_text()):
        first = block.split("\\", 1)[0].split(";", 1)[0].strip()
        if not first or first.startswith("#"):
            continue
        name, sep, version = first.partition("==")
        assert sep, f"{lock.name}: {first!r} is not pinned to one version"
        hashes = frozenset(re.findall(r"--hash=(sha256:[0-9a-f]{64})", block))
        assert hashes, f"{lock.name}: {name} has no hash"
        entries[canonicalize_name(name)] = (version.strip(), hashes)
    return entries


def requirements(group: list[str]) -> list[Requirement]:
    return [Requirement(line) for line in group]


BUILD = requirements(PYPROJECT["build-system"]["requires"])
RUNTIME = requirements(PYPROJECT["project"]["dependencies"])
TEST_TOOLS = requirements(PYPROJECT["project"]["optional-dependencies"]["test"])


@pytest.mark.parametrize(
    ("lock", "wanted"),
    [(bootstrap.BOT_LOCK, BUILD + RUNTIME), (bootstrap.DEV_LOCK, BUILD + RUNTIME + TEST_TOOLS)],
    ids=["bot", "dev"],
)
def test_the_locks_pin_what_pyproject_asks_for(lock: Path, wanted: list[Requirement]) -> None:
    pinned = pins(lock)
    for requirement in wanted:
        name = canonicalize_name(requirement.name)
        assert name in pinned, f"{name} is not in {lock.name}: run python3 bootstrap.py lock"
        version, _ = pinned[name]
        assert requirement.specifier.contains(version, prereleases=True), (
            f"{lock.name} pins {name} {version}, pyproject.toml asks {requirement}: "
            "run python3 bootstrap.py lock"
        )


def test_the_bot_lock_has_no_test_tools() -> None:
    bot_lock = pins(bootstrap.BOT_LOCK)
    for name in ("pytest", "simcord", "ruff", *(tool.name for tool in TEST_TOOLS)):
        assert canonicalize_name(name) not in bot_lock


def test_the_bot_runs_the_very_packages_the_tests_ran() -> None:
    dev = pins(bootstrap.DEV_LOCK)
    for name, pinned in pins(bootstrap.BOT_LOCK).items():
        assert dev.get(name) == pinned, f"{name}: the locks disagree; python3 bootstrap.py lock"


def test_the_locks_say_how_to_refresh_them() -> None:
    for lock in (bootstrap.BOT_LOCK, bootstrap.DEV_LOCK):
        assert f"#    {bootstrap.LOCK_COMMAND}\n" in lock.read_text()


# Imports every module the bot is made of (not bench/, which drives SimCord), then runs
# `bot.py` without a token: the database upgraded, an offline demo match. Any import of a
# package that only the development lock has fails, as it would in the image.
RUN_WITHOUT = """\
import importlib, pkgutil, runpy, sys

BLOCKED = set(sys.argv[1].split(","))

class Blocked:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"{name} is not in the bot's lock", name=name)

sys.meta_path.insert(0, Blocked())
for package in ("engine", "referee", "render", "store", "cogs"):
    module = importlib.import_module(package)
    for info in pkgutil.walk_packages(module.__path__, package + "."):
        importlib.import_module(info.name)
sys.argv = ["bot.py"]
runpy.run_path("bot.py", run_name="__main__")
"""


def test_the_bot_runs_on_the_runtime_lock_alone(tmp_path: Path) -> None:
    dev_only = set(pins(bootstrap.DEV_LOCK)) - set(pins(bootstrap.BOT_LOCK))
    assert {"pytest", "simcord", "ruff"} <= dev_only
    blocked = sorted(
        module
        for module, dists in importlib.metadata.packages_distributions().items()
        if all(canonicalize_name(dist) in dev_only for dist in dists)
    )
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path),
        "FUBA_NO_VENV": "1",
        "FUBA_DATA_DIR": str(tmp_path),
        "RENDER_WORKERS": "0",
    }
    result = subprocess.run(
        [sys.executable, "-c", RUN_WITHOUT, ",".join(blocked)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert "No DISCORD_TOKEN set" in result.stderr  # it ran the demo, as it does without one
    assert (tmp_path / "fuba.sqlite3").exists()  # and upgraded the database first
