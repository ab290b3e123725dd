# Stage timing for .ci/run (sourced, not run): every stage prints a header
# when it starts and its wall time when it ends, and the run closes with a
# table of all stages, so a slow stage is seen in CI's own output.
#
#   stage NAME CMD...        run CMD in the foreground as stage NAME
#   stage_bg NAME CMD...     start CMD (a script, not a shell function) in the
#                            background, its output to a log file
#   stage_wait NAME          wait for a background stage, print its log, fail
#                            the run if it failed
#   stage_table              print the table (also printed on exit, pass or fail)
#
# With CI_KEEP_GOING=1 a failed stage is recorded and the run goes on (for
# stages that run side by side, so that every suite reports its failures);
# stage_finish then fails the run if any stage failed.

CI_STAGE_LOGS="${CI_STAGE_LOGS:-$(mktemp -d)}"
CI_STAGE_START=$(date +%s)
CI_STAGE_ROWS=()
CI_STAGE_FAILED=()
declare -A CI_STAGE_PID=()
declare -A CI_STAGE_T0=()

_ci_row() { CI_STAGE_ROWS+=("$(printf '%-16s %6ss  %s' "$1" "$2" "$3")"); }

_ci_failed() {
  CI_STAGE_FAILED+=("$1")
  [ "${CI_KEEP_GOING:-0}" = 1 ] || exit "$2"
}

# A stage's end: its line, its row in the table, and a failure recorded.
_ci_done() {
  local name="$1" dt="$2" rc="$3" where="$4"
  if [ "$rc" -eq 0 ]; then
    _ci_row "$name" "$dt" "ok$where"
    printf '===== stage %s: ok in %ss%s\n' "$name" "$dt" "$where"
  else
    _ci_row "$name" "$dt" "FAILED (exit $rc)$where"
    printf '===== stage %s: FAILED (exit %s) after %ss%s\n' "$name" "$rc" "$dt" "$where"
    _ci_failed "$name" "$rc"
  fi
}

stage_finish() {
  if [ "${#CI_STAGE_FAILED[@]}" -gt 0 ]; then
    printf '\n===== failed stages: %s\n' "${CI_STAGE_FAILED[*]}"
    exit 1
  fi
}

stage() {
  local name="$1"; shift
  local t0; t0=$(date +%s)
  printf '\n===== stage %s (at %ss): %s\n' "$name" "$((t0 - CI_STAGE_START))" "$*"
  # In a subshell with -e of its own: a stage that is a shell function stops
  # at its first failing command (under `cmd || rc=$?` bash would ignore -e
  # in the whole function and go on).
  local rc
  set +e
  (set -e; "$@")
  rc=$?
  set -e
  _ci_done "$name" "$(( $(date +%s) - t0 ))" "$rc" ""
}

stage_bg() {
  local name="$1"; shift
  CI_STAGE_T0[$name]=$(date +%s)
  printf '\n===== stage %s started in the background (at %ss): %s\n' \
    "$name" "$(( CI_STAGE_T0[$name] - CI_STAGE_START ))" "$*"
  (
    rc=0
    "$@" || rc=$?
    date +%s >"$CI_STAGE_LOGS/$name.end"
    exit "$rc"
  ) >"$CI_STAGE_LOGS/$name.log" 2>&1 &
  CI_STAGE_PID[$name]=$!
}

stage_wait() {
  local name="$1"
  local rc=0
  wait "${CI_STAGE_PID[$name]}" || rc=$?
  unset "CI_STAGE_PID[$name]"
  # Its own wall time: from its start to its end, not to this wait.
  local end; end=$(cat "$CI_STAGE_LOGS/$name.end" 2>/dev/null || date +%s)
  local dt=$(( end - CI_STAGE_T0[$name] ))
  printf '\n===== stage %s (background) output:\n' "$name"
  cat "$CI_STAGE_LOGS/$name.log"
  _ci_done "$name" "$dt" "$rc" " (background)"
}

stage_table() {
  printf '\n===== stages (wall time; background stages overlap the others)\n'
  local row
  for row in "${CI_STAGE_ROWS[@]}"; do printf '  %s\n' "$row"; done
  printf '  %-16s %6ss\n' "total" "$(( $(date +%s) - CI_STAGE_START ))"
}

# On exit, pass or fail: the table, and no background stage left running.
_ci_exit() {
  local rc=$?
  local name
  for name in "${!CI_STAGE_PID[@]}"; do
    pkill -TERM -P "${CI_STAGE_PID[$name]}" 2>/dev/null || true
    kill "${CI_STAGE_PID[$name]}" 2>/dev/null || true
  done
  stage_table
  return "$rc"
}
trap _ci_exit EXIT
