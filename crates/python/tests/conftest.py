"""Shared fixtures of the eons package's tests."""

import pathlib
import shutil
import sys

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
    """The `eons` command the package installed beside this interpreter (or
    on the PATH); None when there is none."""
    beside = pathlib.Path(sys.executable).parent / "eons"
    if beside.exists():
        return str(beside)
    return shutil.which("eons")


@pytest.fixture
def eons_bin():
    binary = eons_binary()
    assert binary is not None, "the package installs the eons command (pyproject.toml [project.scripts])"
    return binary
