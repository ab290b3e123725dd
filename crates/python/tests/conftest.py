"""Shared fixtures of the eons package's tests."""

import os
import pathlib
import shutil

import pytest

#: Every game with a player count and options that exercise it.
SETUPS = [
    ("ds", 4, []),
    ("ds", 2, ["multi"]),
    ("marine", 3, []),
    ("pangea", 2, []),
    ("pangea", 1, []),
]

REPO = pathlib.Path(__file__).resolve().parents[3]


def eons_binary():
    """The `eons` command-line binary: $EONS_BIN, else one built in the
    workspace's target folder, else one on the PATH; None when none is."""
    given = os.environ.get("EONS_BIN")
    if given:
        return given
    for profile in ("release", "debug"):
        candidate = REPO / "target" / profile / "eons"
        if candidate.exists():
            return str(candidate)
    return shutil.which("eons")


@pytest.fixture
def eons_bin():
    binary = eons_binary()
    if binary is None:
        if os.environ.get("CI"):
            pytest.fail("CI must build the eons binary (cargo build -p eons-cli) or set EONS_BIN")
        pytest.skip("no eons binary built (cargo build -p eons-cli)")
    return binary
