#!/usr/bin/env bash
# CI for the Python package (crates/python):
#   1. the virtual environment at $TARGET/python-ci that scripts/ci-setup.sh
#      made with the test dependencies (made here the same way when missing);
#   2. the package installed into it as the README says,
#      `pip install "./crates/python[test]"`: pip builds the extension with
#      maturin (the package's `ci` profile, see below), its dependencies
#      already there;
#   3. its pytest suite (the record round-trips run the `eons` command the
#      package installs).
#
# Usage: scripts/ci-python.sh [--install-only | --test-only]
#   (from anywhere; uses $CARGO_TARGET_DIR or ./target). .ci/run installs
#   (builds) in the background while the Rust tests run, then tests.
set -euo pipefail
MODE="${1:-all}"
case "$MODE" in
  all|--install-only|--test-only) ;;
  *) echo "usage: scripts/ci-python.sh [--install-only | --test-only]" >&2; exit 2 ;;
esac

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
VENV="$TARGET/python-ci"

log() { printf '\n== %s (%ss)\n' "$*" "$SECONDS"; }

if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c 'import pytest, maturin' 2>/dev/null; then
  log "no virtual environment with the test dependencies yet: scripts/ci-setup.sh --python-only"
  bash "$ROOT/scripts/ci-setup.sh" --python-only
fi

# maturin's build hook runs the `maturin` program of the environment.
export PATH="$VENV/bin:$PATH"

if [ "$MODE" != --test-only ]; then

log "pip install ./crates/python[test] (maturin builds the Rust extension; cargo's progress below)"
# The build backend (maturin) is already in the environment: no isolated
# build environment to download again. -v shows cargo's progress.
# The package's `ci` profile (crates/python/Cargo.toml: opt-level 1, the
# engines and bots at 2, as the workspace's tests are built), not the
# release a user's `pip install` builds: the same code, tested with debug
# assertions on, for about a quarter of the CPU time (a release build took
# ~800 of CI's ~3,100 CPU-seconds). `EONS_PYTHON_PROFILE=release` builds as a
# user does. A target folder of its own: cargo locks a target folder while
# it builds, and .ci/run builds this beside the Rust tests.
PROFILE="${EONS_PYTHON_PROFILE:-ci}"
PIPLOG="$(mktemp)"
if ! MATURIN_PEP517_ARGS="--profile $PROFILE" CARGO_PROFILE_RELEASE_DEBUG=0 \
     CARGO_TARGET_DIR="$TARGET/python-build" \
     "$VENV/bin/python" -m pip install -v --progress-bar off --no-build-isolation "./crates/python[test]" 2>&1 \
     | tee "$PIPLOG" | { grep -E --line-buffered '^ *(Compiling|Finished|Successfully)' || true; }; then
  cat "$PIPLOG"
  exit 1
fi
"$VENV/bin/python" -c 'import eons; print("eons imported from", eons.__file__)'
fi
[ "$MODE" = --install-only ] && exit 0

log "pytest crates/python/tests"
cd "$ROOT/crates/python"
"$VENV/bin/python" -m pytest tests -q -p no:cacheprovider
