# Sourced by .ci/run: each CI step runs under a label and prints its time; `steps_parallel` runs
# several at once (their output kept apart, printed when each ends) and fails if any failed;
# `steps_summary` prints every step's time at the end (and on failure, up to the failed step), then
# what each failed step said of its failures: a CI log is often read from its tail only.

STEPS_SUMMARY="$(mktemp)"
STEPS_FAILURES="$(mktemp)"
STEPS_START=$SECONDS

_steps_record() { printf '%-32s %6ss  %s\n' "$1" "$2" "$3" >>"$STEPS_SUMMARY"; }

# The lines of a step's output that name a failure (vitest's FAIL blocks and × lines, PHPUnit's,
# tsc's and ESLint's errors), without colour codes, each FAIL block with the lines that explain it;
# for any other failure (a check script's message), the step's last lines.
_steps_failure_lines() {
  local plain found
  plain="$(sed 's/\x1b\[[0-9;]*m//g' "$1")"
  found="$({
    grep -E '^ *(×|✗) |error TS[0-9]+|^ +[0-9]+:[0-9]+ +error |^ERRORS!|^FAILURES!' <<<"$plain"
    grep -E -A8 '^ *FAIL |^[0-9]+\) ' <<<"$plain"
  } | head -80 || true)"
  if [ -n "$found" ]; then echo "$found"; else tail -15 <<<"$plain"; fi
}

# step LABEL COMMAND...
step() {
  local label="$1" start=$SECONDS status=0 log
  shift
  log="$(mktemp)"
  echo "::: ${label} (at $((SECONDS - STEPS_START)) s)"
  # pipefail: the step's status is the command's (tee's is 0).
  { "$@" 2>&1 | tee "$log"; } || status=$?
  local took=$((SECONDS - start))
  if [ "$status" -eq 0 ]; then
    echo "::: ${label}: ok in ${took} s"
    _steps_record "$label" "$took" ok
  else
    echo "::: ${label}: FAILED (exit ${status}) after ${took} s"
    _steps_record "$label" "$took" "FAILED (exit ${status})"
    { echo "----- ${label} -----"; _steps_failure_lines "$log"; } >>"$STEPS_FAILURES"
  fi
  rm -f "$log"
  return "$status"
}

# steps_parallel LABEL 'COMMAND' LABEL 'COMMAND' ...: each command is a shell string, run in a
# subshell of this one (so it may call functions of .ci/run, and `step` for timed parts of its own).
steps_parallel() {
  local dir pids=() labels=() status=0 i
  dir="$(mktemp -d)"
  while [ "$#" -gt 0 ]; do
    labels+=("$1")
    ( step "$1" eval "$2" ) >"${dir}/${#labels[@]}.log" 2>&1 &
    pids+=("$!")
    shift 2
  done
  for i in "${!pids[@]}"; do
    if ! wait "${pids[$i]}"; then status=1; fi
    echo "----- ${labels[$i]} -----"
    cat "${dir}/$((i + 1)).log"
  done
  rm -rf "$dir"
  return "$status"
}

steps_summary() {
  echo
  echo "::: step times (wall clock, seconds)"
  cat "$STEPS_SUMMARY"
  printf '%-32s %6ss\n' "total" "$((SECONDS - STEPS_START))"
  if [ -s "$STEPS_FAILURES" ]; then
    echo
    echo "::: what the failed steps said of their failures (the whole output is above)"
    cat "$STEPS_FAILURES"
  fi
}
# Cleanups a step registers (a database to drop…) run at exit, before the summary.
STEPS_CLEANUPS=()
steps_on_exit() { STEPS_CLEANUPS+=("$1"); }
_steps_exit() {
  local c
  for c in "${STEPS_CLEANUPS[@]}"; do eval "$c" || true; done
  steps_summary
}
trap _steps_exit EXIT
