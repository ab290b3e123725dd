#!/usr/bin/env bash
# CI for the Python package (crates/python), on a fresh machine:
#   1. a fresh virtual environment (Debian's python3-venv where the machine's
#      Python has no venv module);
#   2. the package installed as the README says, with the extras its tests
#      use (PettingZoo, OpenSpiel, Ray, pytest): pip builds it with maturin;
#   3. its pytest suite, with the `eons` binary of the workspace's debug build
#      (cargo test builds it) for the record round-trips through `eons replay`.
#
# Usage: scripts/ci-python.sh   (from anywhere; uses $CARGO_TARGET_DIR or ./target)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
VENV="$TARGET/python-ci"

log() { printf '\n== %s\n' "$*"; }

if ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
  log "installing python3-venv (Debian)"
  SUDO=""; if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-venv >/dev/null
fi

log "a fresh virtual environment"
rm -rf "$VENV"
python3 -m venv "$VENV"
"$VENV/bin/python" -m pip install --quiet --upgrade pip

log "pip install ./crates/python[test] (builds the Rust extension with maturin)"
"$VENV/bin/python" -m pip install --progress-bar off "./crates/python[test]"

if [ ! -x "$TARGET/debug/eons" ]; then
  log "building the eons binary for the record tests"
  cargo build -p eons-cli
fi

log "pytest crates/python/tests"
cd "$ROOT/crates/python"
EONS_BIN="$TARGET/debug/eons" "$VENV/bin/python" -m pytest tests -q -p no:cacheprovider
