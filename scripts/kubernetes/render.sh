#!/usr/bin/env bash
# Renders the Kubernetes manifests of one sharded run (see the README, "Running on Kubernetes").
#
#   scripts/kubernetes/render.sh [-o DIR | --collect] N START IMAGE [RUN FLAG...]
#
#   N        the number of shards (pods of the Indexed Job, each `run --shards N`)
#   START    the common start, RFC 3339 UTC (2026-11-23T19:00:00Z) or epoch milliseconds
#   IMAGE    the image built from scripts/kubernetes/Containerfile
#   RUN FLAG extra `authz-bench run` flags for every shard, e.g. --total-rate 20000 --duration 10m
#
# Without -o: the claim and the shards' Job on stdout (apply them first); with --collect: the
# collector Job on stdout (apply it once the shards' Job has finished). With -o DIR: all three
# files into DIR (pvc.yaml, shards-job.yaml, collect-job.yaml).
#
# Environment: NAME (authz-bench; prefixes every object), RUN_ID (from START; prefixes every file
# on the volume), CPU (2) and MEMORY (2Gi) per shard, STORAGE (5Gi), STORAGE_CLASS (the cluster's
# default when empty; it must offer ReadWriteMany).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
usage="usage: scripts/kubernetes/render.sh [-o DIR | --collect] N START IMAGE [RUN FLAG...]"

out=""
collect=0
case "${1:-}" in
    -o) out="${2:?$usage}"; shift 2 ;;
    --collect) collect=1; shift ;;
esac
[[ $# -ge 3 ]] || { echo "$usage" >&2; exit 64; }
shards="$1" start="$2" image="$3"
shift 3

[[ "$shards" =~ ^[1-9][0-9]*$ ]] || { echo "render.sh: N: expected a positive integer, got '$shards'" >&2; exit 64; }
if [[ "$start" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?Z$ ]]; then
    run_id_default="$(tr -d ':-' <<<"${start%%.*}" | tr 'TZ' 'tz')"
    run_id_default="${run_id_default%z}z"
elif [[ "$start" =~ ^[0-9]{10,}$ ]]; then
    run_id_default="$start"
else
    echo "render.sh: START: expected RFC 3339 UTC (2026-11-23T19:00:00Z) or epoch milliseconds, got '$start'" >&2
    exit 64
fi
[[ -n "$image" && "$image" != *[[:space:]]* ]] || { echo "render.sh: IMAGE: expected an image reference, got '$image'" >&2; exit 64; }

name="${NAME:-authz-bench}"
run_id="${RUN_ID:-$run_id_default}"
[[ "$name" =~ ^[a-z0-9]([-a-z0-9]{0,40}[a-z0-9])?$ ]] || { echo "render.sh: NAME: expected a DNS label of up to 42 characters, got '$name'" >&2; exit 64; }
[[ "$run_id" =~ ^[A-Za-z0-9._-]+$ ]] || { echo "render.sh: RUN_ID: expected letters, digits, '.', '_' or '-', got '$run_id'" >&2; exit 64; }

# The exit code of a missed start, from the binary's source of truth.
missed_start="$(sed -n 's/^ *case missedStart = \([0-9][0-9]*\).*/\1/p' "$repo/Sources/Bench/Commands/ExitCode.swift")"
[[ -n "$missed_start" ]] || { echo "render.sh: cannot read missedStart from Sources/Bench/Commands/ExitCode.swift" >&2; exit 1; }

storage_class_line="# storageClassName: the cluster's default (set STORAGE_CLASS to choose one offering ReadWriteMany)"
[[ -n "${STORAGE_CLASS:-}" ]] && storage_class_line="storageClassName: ${STORAGE_CLASS}"

# Extra run flags, one YAML list item each (JSON-quoted strings are valid YAML).
run_args=""
for flag in "$@"; do
    quoted="${flag//\\/\\\\}"
    quoted="${quoted//\"/\\\"}"
    run_args+="            - \"${quoted}\""$'\n'
done

render() {
    local text
    text="$(<"$here/$1")"
    text="${text//@NAME@/$name}"
    text="${text//@RUN_ID@/$run_id}"
    text="${text//@SHARDS@/$shards}"
    text="${text//@START_AT@/$start}"
    text="${text//@IMAGE@/$image}"
    text="${text//@CPU@/${CPU:-2}}"
    text="${text//@MEMORY@/${MEMORY:-2Gi}}"
    text="${text//@STORAGE@/${STORAGE:-5Gi}}"
    text="${text//@STORAGE_CLASS_LINE@/$storage_class_line}"
    text="${text//@MISSED_START_EXIT@/$missed_start}"
    text="${text//@RUN_ARGS@$'\n'/$run_args}"
    printf '%s\n' "$text"
}

if [[ -n "$out" ]]; then
    mkdir -p "$out"
    for file in pvc.yaml shards-job.yaml collect-job.yaml; do render "$file" >"$out/$file"; done
elif [[ $collect -eq 1 ]]; then
    render collect-job.yaml
else
    render pvc.yaml
    echo "---"
    render shards-job.yaml
fi
