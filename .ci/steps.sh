# Sourced by .ci/run: each CI step runs under a label and prints its time; `steps_parallel` runs
# several at once (their output kept apart, printed when each ends) and fails if any failed;
# `steps_summary` prints every step's time at the end (and on failure, up to the failed step).

STEPS_SUMMARY="$(mktemp)"
STEPS_START=$SECONDS

_steps_record() { printf '%-32s %6ss  %s\n' "$1" "$2" "$3" >>"$STEPS_SUMMARY"; }

# step LABEL COMMAND...
step() {
  local label="$1" start=$SECONDS status=0
  shift
  echo "::: ${label} (at $((SECONDS - STEPS_START)) s)"
  "$@" || status=$?
  local took=$((SECONDS - start))
  if [ "$status" -eq 0 ]; then
    echo "::: ${label}: ok in ${took} s"
    _steps_record "$label" "$took" ok
  else
    echo "::: ${label}: FAILED (exit ${status}) after ${took} s"
    _steps_record "$label" "$took" "FAILED (exit ${status})"
  fi
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
