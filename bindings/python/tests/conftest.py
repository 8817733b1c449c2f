"""Shared fixtures: the repository, its vectors, and the other languages' tools.

Cross-language tools are found through environment variables (set by .ci/bindings-python):
``BPKIT_CLI`` (the ``bpkit`` binary) and ``BPKIT_C_TEST`` (the C test program). Locally they
default to ``$CARGO_TARGET_DIR/{release,debug}/bpkit`` and ``bindings/c/build/bpkit_c_test``.
A missing tool skips its tests with a reason, unless ``BPKIT_REQUIRE_XLANG=1`` (CI), where it
fails them.
"""

import os
import pathlib
import shutil

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
VECTORS = ROOT / "tests" / "vectors"


def _find(env, candidates):
    path = os.environ.get(env)
    if path:
        return pathlib.Path(path)
    for c in candidates:
        if c.is_file() and os.access(c, os.X_OK):
            return c
    return None


def _target_dir():
    return pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))


def _tool(env, candidates, what):
    path = _find(env, candidates)
    if path is None or not path.is_file():
        message = f"{what} not found (set {env})"
        if os.environ.get("BPKIT_REQUIRE_XLANG") == "1":
            pytest.fail(message)
        pytest.skip(message)
    return path


@pytest.fixture(scope="session")
def cli():
    """Path of the ``bpkit`` CLI."""
    t = _target_dir()
    which = shutil.which("bpkit")
    candidates = [t / "release" / "bpkit", t / "debug" / "bpkit"]
    if which:
        candidates.append(pathlib.Path(which))
    return _tool("BPKIT_CLI", candidates, "the bpkit CLI")


@pytest.fixture(scope="session")
def c_test():
    """Path of the C binding's test program."""
    return _tool(
        "BPKIT_C_TEST",
        [ROOT / "bindings" / "c" / "build" / "bpkit_c_test"],
        "the C test program",
    )
