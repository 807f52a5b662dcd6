"""`python -m bench NAME [ARGS]`: run the benchmark module `bench.NAME` (its `main()`)."""

from __future__ import annotations

import importlib
import pkgutil
import sys

import bootstrap

if __name__ == "__main__":
    bootstrap.ensure_venv(dev=True)  # some benchmarks drive SimCord, a development tool

import bench


def available() -> list[str]:
    """Names of the benchmark modules in this package."""
    return sorted(
        info.name for info in pkgutil.iter_modules(bench.__path__) if not info.name.startswith("_")
    )


def main(argv: list[str]) -> int:
    names = available()
    if not argv or argv[0] not in names:
        if argv:
            print(f"unknown benchmark: {argv[0]}", file=sys.stderr)
        print("usage: python -m bench NAME [ARGS]", file=sys.stderr)
        print("available: " + (", ".join(names) or "(none yet)"), file=sys.stderr)
        return 2
    name, rest = argv[0], argv[1:]
    module = importlib.import_module(f"bench.{name}")
    sys.argv = [f"python -m bench {name}", *rest]
    result = module.main()
    return result if isinstance(result, int) else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
