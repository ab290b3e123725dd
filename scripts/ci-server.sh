#!/usr/bin/env bash
# CI for the server and the web UI, on a fresh Debian machine (run as root or with sudo):
#   1. installs and starts PostgreSQL (Debian's package) on 127.0.0.1:5432 with a
#      throw-away role and database, and Chromium;
#   2. runs the server tests against SQLite and PostgreSQL (the PostgreSQL tests
#      are ignored unless asked for with --include-ignored, and find the database
#      through EONS_TEST_DATABASE_URL, set here);
#   3. installs the browser tests' npm packages (npm ci, web/tests/package-lock.json)
#      and runs them in headless Chromium (`npm test`: every web/tests/*.test.mjs,
#      run by web/tests/run.mjs, two files at a time, the longest first): a whole game
#      clicked through, board targets over a whole game of each game, card texts,
#      last-move marks and bot pace, hotseat and the lobby, the replay viewer and
#      the end panel, take-back and its refusal, clocks and away seats, your-move
#      alerts (sound, notification).
# Nothing secret is exported: the PostgreSQL role is local and made for this run.
#
# Usage: scripts/ci-server.sh [--no-install]   (from anywhere; uses $CARGO_TARGET_DIR or ./target)
#        source scripts/ci-server.sh --setup-only   (.ci/run: install, start PostgreSQL and
#                                                   export EONS_TEST_DATABASE_URL, run nothing)
#        scripts/ci-server.sh --browser-only        (the browser tests alone, after a build)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
JOBS="${CARGO_BUILD_JOBS:-2}"
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi

log() { printf '\n== %s\n' "$*"; }

MODE="${1:-}"
if [ "$MODE" = "--browser-only" ]; then
  cd "$ROOT/web/tests"
  [ -d node_modules ] || npm ci --no-audit --no-fund --loglevel=error
  EONS_SERVER_BIN="$CARGO_TARGET_DIR/debug/eons-server" npm test
  exit 0
fi

if [ "$MODE" != "--no-install" ]; then
  log "installing PostgreSQL and Chromium (Debian packages)"
  export DEBIAN_FRONTEND=noninteractive
  need=()
  command -v pg_ctlcluster >/dev/null 2>&1 || need+=(postgresql)
  command -v chromium >/dev/null 2>&1 || need+=(chromium)
  command -v node >/dev/null 2>&1 || need+=(nodejs npm)
  if [ "${#need[@]}" -gt 0 ]; then
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
  fi
fi

log "starting PostgreSQL"
PGVER="$(ls /usr/lib/postgresql | sort -V | tail -1)"
if ! pg_lsclusters -h 2>/dev/null | grep -q "^$PGVER main"; then
  $SUDO pg_createcluster "$PGVER" main >/dev/null
fi
$SUDO pg_ctlcluster "$PGVER" main start 2>/dev/null || true
as_postgres() {
  if [ "$(id -u)" = "0" ]; then su postgres -c "$1"; else sudo -u postgres sh -c "$1"; fi
}
for _ in $(seq 1 30); do
  as_postgres "psql -qAtc 'select 1'" >/dev/null 2>&1 && break
  sleep 1
done
# A throw-away role and database for this run (local only; the password is not a secret).
as_postgres "psql -v ON_ERROR_STOP=1 -qAt" >/dev/null <<'SQL'
DROP DATABASE IF EXISTS eons_test;
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'eons_test') THEN
    CREATE ROLE eons_test LOGIN PASSWORD 'eons_test';
  END IF;
END $$;
CREATE DATABASE eons_test OWNER eons_test;
SQL
export EONS_TEST_DATABASE_URL="postgres://eons_test:eons_test@127.0.0.1:5432/eons_test"
if [ "$MODE" = "--setup-only" ]; then
  return 0 2>/dev/null || exit 0
fi

log "server tests (SQLite and PostgreSQL)"
cargo test -j "$JOBS" -p eons-server -- --include-ignored

log "browser tests (headless Chromium): every web/tests/*.test.mjs"
cd "$ROOT/web/tests"
npm ci --no-audit --no-fund --loglevel=error
EONS_SERVER_BIN="$CARGO_TARGET_DIR/debug/eons-server" npm test
