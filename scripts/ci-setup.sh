#!/usr/bin/env bash
# Everything the tests need from outside the repository, on a fresh Debian
# machine (run as root or with sudo). It is mostly downloads and unpacking,
# so .ci/run starts it in the background while the Rust code is checked and
# built:
#   1. Debian packages: PostgreSQL, Chromium, Node and npm (and python3-venv
#      where the machine's Python has no venv module), those not yet there;
#   2. PostgreSQL started on 127.0.0.1:5432 with a throw-away role and
#      database `eons_test` (the password is not a secret: local only);
#   3. the browser tests' npm packages (`npm ci`, web/tests/package-lock.json);
#   4. a fresh virtual environment at $TARGET/python-ci with the Python
#      package's test dependencies (its `test` extra: pytest, PettingZoo,
#      OpenSpiel, Ray, and scikit-learn and safetensors for eons.train) and
#      maturin, so that installing the package later
#      only builds it.
#
# Usage: scripts/ci-setup.sh [--python-only]   (from anywhere; uses
#        $CARGO_TARGET_DIR or ./target; --python-only: step 4 alone)
# The PostgreSQL URL for the tests is then
#   postgres://eons_test:eons_test@127.0.0.1:5432/eons_test
# (scripts/ci-server.sh --setup-only runs steps 1-2 and exports it).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"

setup_log() { printf '\n== %s (%ss)\n' "$*" "$SECONDS"; }

if [ "${1:-}" != "--python-only" ]; then
  setup_log "Debian packages, PostgreSQL"
  source "$ROOT/scripts/ci-server.sh" --setup-only

  setup_log "npm ci (web/tests)"
  cd "$ROOT/web/tests"
  npm ci --no-audit --no-fund --loglevel=error
fi

setup_log "a fresh virtual environment with the Python tests' dependencies"
if ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
  SUDO=""; if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-venv >/dev/null
fi
VENV="$TARGET/python-ci"
rm -rf "$VENV"
mkdir -p "$TARGET"
python3 -m venv "$VENV"
"$VENV/bin/python" -m pip install --quiet --progress-bar off --upgrade pip
# The `test` extra of crates/python/pyproject.toml, read from there (tomllib:
# Python 3.11, Debian 12's), and the
# build backend, so that `pip install ./crates/python[test]` later finds
# them all installed.
mapfile -t deps < <("$VENV/bin/python" - "$ROOT/crates/python/pyproject.toml" <<'PY'
import sys, tomllib
project = tomllib.load(open(sys.argv[1], "rb"))
print("\n".join(project["project"]["optional-dependencies"]["test"]))
print("\n".join(project["project"]["dependencies"]))
print("\n".join(project["build-system"]["requires"]))
PY
)
# --no-compile: Python compiles what the tests import when they import it,
# instead of every file of Ray and OpenSpiel now.
"$VENV/bin/python" -m pip install --quiet --progress-bar off --no-compile "${deps[@]}"
setup_log "done"
