#!/usr/bin/env bash
# make's SHELL in CI (.ci/run): runs each recipe line with /bin/sh, as make does, and appends its
# wall time and text to the file CI_TIMINGS names, so the CI log can end with where the time went.
#
#   make test SHELL=scripts/ci/timed-shell.sh CI_TIMINGS=/tmp/timings
start="$EPOCHREALTIME"
status=0
/bin/sh "$@" || status=$?
if [[ -n "${CI_TIMINGS:-}" ]]; then
    # make calls SHELL -c LINE: the line is the last argument.
    line="${*: -1}"
    awk -v end="$EPOCHREALTIME" -v start="$start" -v line="${line:0:150}" \
        'BEGIN { printf "%6.0f s  %s\n", end - start, line }' >>"$CI_TIMINGS"
fi
exit "$status"
