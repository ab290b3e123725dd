#!/usr/bin/env bash
# Checks that the shipped programs carry no toy game: the features Cargo
# resolves for a normal (non-test) build of `eons` and `eons-server` must not
# include `eons-toy`'s `games` nor the server's `test-games`. Only the
# programs' tests turn those on, through dev-dependencies (see
# crates/toy/src/lib.rs). Run from the repository's root; exit status 1 when
# a shipped build would carry a toy game.
set -euo pipefail
found=0
for package in eons-cli eons-server; do
  features=$(cargo tree -p "$package" -e normal,features --prefix none --offline 2>/dev/null \
    || cargo tree -p "$package" -e normal,features --prefix none)
  if grep -qE 'eons-toy feature "games"|eons-server feature "test-games"' <<<"$features"; then
    echo "a release build of $package would carry a toy game:" >&2
    grep -E 'eons-toy feature "games"|eons-server feature "test-games"' <<<"$features" | sort -u >&2
    found=1
  fi
done
if [ "$found" = 0 ]; then
  echo "shipped programs carry no toy game (eons-cli, eons-server)"
fi
exit "$found"
