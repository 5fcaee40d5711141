#!/usr/bin/env bash
# Runs the Kubernetes Jobs' pods as containers on this machine, from the image the Containerfile
# builds: the first thing to try before a cluster (README, "Running on Kubernetes").
#
#   scripts/kubernetes/pods-local.sh N [RUN FLAG...]
#   scripts/kubernetes/pods-local.sh 3 --warmup 2s --duration 5s --total-rate 150 --devices 300 --max-start-lag 50ms
#   KILL_SHARD=1 KILL_AFTER=5 scripts/kubernetes/pods-local.sh 3 --warmup 2s --duration 8s --rate 50 --devices 300
#
#   1. installs podman, runc, debootstrap and python3-yaml when missing (apt-get, as root);
#   2. builds the binary on the host: swift build -c release --static-swift-stdlib in .build-static;
#   3. makes the run image's base, Debian 12 (debootstrap minbase with libssl3, zlib1g and
#      ca-certificates from Debian's mirror, DEBIAN_MIRROR), imported as RUN_BASE
#      (localhost/authz-bench-base:bookworm); kept between runs: delete that image to remake it;
#   4. builds scripts/kubernetes/Containerfile with BINARY=host on RUN_BASE, never pulling
#      (--pull=never), tagged IMAGE when set (kept), otherwise with a tag of its own removed at exit;
#   5. renders the manifests (render.sh -o) for N shards starting START_LEAD seconds ahead
#      (default 6 + 2 N: the containers' own start), and starts each shard pod's container with what
#      the rendered Job says (pods-local.py: args with $(VAR) expanded, env with
#      JOB_COMPLETION_INDEX, user and fsGroup, read-only root, no privilege escalation, dropped
#      capabilities, /tmp as a tmpfs of the emptyDir's sizeLimit, CPU and memory limits), the
#      claim being one directory shared by all, set up as the kubelet sets up a volume for fsGroup;
#   6. once every shard has exited, runs the collector Job's container the same way, and checks:
#      every shard exited 0 (none missed the common start) and started its measured phase within
#      50 ms of the others; the collector exited 0 and its merged requests == the shards' sum, its
#      rate == those requests over the planned measured phase (the shards measured together: one
#      window); the containers ran as the rendered user on a read-only root; the files on the
#      volume are exactly the ones the README names, each written by runAsUser.
#
# UNTIMED=1 (make test): the shards' timing is the machine's, not checked: a shard that exited 7
# for the load generator's reasons alone (its start lag p99 above --max-start-lag, or an achieved
# rate below 99%: a last send late past the end), as its result says, counts as one that exited 0,
# and is said so. Every other exit code, the counts and the files stay checked.
#
# KILL_SHARD=I KILL_AFTER=S (I 0-based, S seconds after the start): kills shard I's container with
# SIGKILL S seconds in, as an evicted pod dies, and checks instead that the collector exits 65
# naming that shard's log truncated and leaves the partial merge, whose `shards` section names it,
# and its report.
#
# Every container it starts is removed on exit, also on failure or interrupt; KEEP=1 keeps the
# rendered manifests and the volume's directory. Exit codes: 0 every check held; 1 a check or a step
# failed; 64 usage; 69 containers cannot run here: not root (rootful podman with runc is what this
# emulation sets up), or apt-get, debootstrap or podman failed (the message says which).
# Environment: IMAGE, RUN_BASE, RUN_PACKAGES (the run base's libssl, zlib and certificates: libssl3
# zlib1g ca-certificates), DEBIAN_MIRROR (http://deb.debian.org/debian), START_LEAD, KEEP,
# PODMAN_ULIMITS (--ulimit nofile=H:H, this shell's hard limit, --ulimit nproc=4096:4096).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
usage="usage: scripts/kubernetes/pods-local.sh N [RUN FLAG...]"
[[ $# -ge 1 && "$1" =~ ^[1-9][0-9]*$ ]] || { echo "$usage" >&2; exit 64; }
shards="$1"
shift
kill_shard="${KILL_SHARD:-}"
if [[ -n "$kill_shard" ]]; then
    [[ "$kill_shard" =~ ^[0-9]+$ && "$kill_shard" -lt "$shards" && "${KILL_AFTER:-}" =~ ^[0-9]+$ ]] || {
        echo "pods-local.sh: KILL_SHARD expects an index below $shards and KILL_AFTER whole seconds" >&2; exit 64; }
fi
# A tag of this run's own unless IMAGE names one to keep: runs beside each other never share one.
image="${IMAGE:-localhost/authz-bench:pods-local-$$}"
run_base="${RUN_BASE:-localhost/authz-bench-base:bookworm}"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
read -r -a run_packages <<<"${RUN_PACKAGES:-libssl3 zlib1g ca-certificates}"
unavailable() { echo "pods-local.sh: cannot run containers here: $*" >&2; exit 69; }
step() { echo "== pods-local: $* [${SECONDS} s]"; }

# 1. What it needs. This VM class's podman runs with runc and cgroupfs (crun cannot set the rlimits)
# and explicit ulimits no higher than the hard limits podman itself runs under.
[[ "$(id -u)" -eq 0 ]] || unavailable "not root (it runs rootful podman; run it as root, for example in CI)"
missing=()
command -v podman >/dev/null 2>&1 || missing+=(podman)
command -v runc >/dev/null 2>&1 || missing+=(runc)
command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
python3 -c 'import yaml' >/dev/null 2>&1 || missing+=(python3-yaml)
if [[ ${#missing[@]} -gt 0 ]]; then
    step "installing ${missing[*]} (apt-get)"
    command -v apt-get >/dev/null 2>&1 || unavailable "no apt-get to install ${missing[*]}"
    { DEBIAN_FRONTEND=noninteractive apt-get update -qq \
        && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null; } \
        || unavailable "apt-get install ${missing[*]} failed"
fi
# nproc counts threads too, per user; 4096 is far above what a shard starts.
read -r -a ulimits <<<"${PODMAN_ULIMITS:---ulimit nofile=$(ulimit -Hn):$(ulimit -Hn) --ulimit nproc=4096:4096}"
podman=(podman --runtime runc --cgroup-manager cgroupfs)

# Every container this run starts is labelled with it and removed on exit.
label="authz-bench.pods-local=$$-$(date +%s%N)"
work="$(mktemp -d "${TMPDIR:-/tmp}/pods-local.XXXXXX")"
cleanup() {
    local ids
    ids="$("${podman[@]}" ps --all --quiet --filter "label=$label" 2>/dev/null || true)"
    [[ -z "$ids" ]] || "${podman[@]}" rm --force --time 0 $ids >/dev/null 2>&1 || true
    [[ -n "${IMAGE:-}" ]] || "${podman[@]}" rmi "$image" >/dev/null 2>&1 || true
    if [[ "${KEEP:-0}" == 1 ]]; then echo "pods-local: kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# 2. The binary, built on the host as the Containerfile's build stage builds it.
step "static release build (.build-static)"
cd "$repo"
static=(swift build -c release --static-swift-stdlib --product authz-bench --scratch-path .build-static -Xswiftc -warnings-as-errors)
"${static[@]}" 2>&1 | tail -n 3
binary="$("${static[@]}" --show-bin-path)/authz-bench"
runtime='libswift|libFoundation|libdispatch|libBlocksRuntime'
if ldd "$binary" | grep -Eq "$runtime"; then
    echo "pods-local: $binary links the Swift runtime dynamically:" >&2; ldd "$binary" | grep -E "$runtime" >&2; exit 1
fi
install -D -m 0755 "$binary" .build-static/image/authz-bench

# 3. The run base, once per machine.
if ! "${podman[@]}" image exists "$run_base"; then
    step "debootstrap Debian 12 (minbase with ${run_packages[*]}) from $mirror into $run_base"
    rootfs="$work/rootfs"
    debootstrap --variant=minbase --include="$(IFS=,; echo "${run_packages[*]}")" bookworm "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 \
        || { tail -n 20 "$work/debootstrap.log" >&2; unavailable "debootstrap from $mirror failed"; }
    tar -C "$rootfs" -c . | "${podman[@]}" import --quiet - "$run_base" >/dev/null \
        || unavailable "podman import of the debootstrap'd root failed"
    rm -rf "$rootfs"
fi
"${podman[@]}" run --pull=never --rm --label "$label" "${ulimits[@]}" --network none "$run_base" true 2>"$work/podman.err" \
    || { cat "$work/podman.err" >&2; unavailable "podman cannot start a container of $run_base"; }

# 4. The image users ship, its binary from the host.
step "podman build -f scripts/kubernetes/Containerfile --build-arg BINARY=host (RUN_IMAGE=$run_base) -t $image"
previous="$("${podman[@]}" image inspect --format '{{.Id}}' "$image" 2>/dev/null || true)"
dangling_before="$("${podman[@]}" images --all --quiet --no-trunc --filter dangling=true | sort)"
"${podman[@]}" build --pull=never --runtime runc "${ulimits[@]}" --network none \
    -f scripts/kubernetes/Containerfile --build-arg BINARY=host --build-arg RUN_IMAGE="$run_base" \
    --build-arg RUN_PACKAGES="${run_packages[*]}" -t "$image" . 2>&1 | cut -c 1-160 | sed 's/^/  /'
current="$("${podman[@]}" image inspect --format '{{.Id}}' "$image")"
# The image this one replaced and the stages' images this build left, unless something else uses them.
stale="$(comm -13 <(echo "$dangling_before") <("${podman[@]}" images --all --quiet --no-trunc --filter dangling=true | sort))"
if [[ -n "$previous" && "$previous" != "$current" ]]; then stale+=$'\n'"$previous"; fi
for id in $stale; do "${podman[@]}" rmi "$id" >/dev/null 2>&1 || true; done

# 5. The manifests, and the shards' containers.
lead="${START_LEAD:-$(( 6 + 2 * shards ))}"
start="$(date -u -d "@$(( $(date +%s) + lead + 1 ))" +%Y-%m-%dT%H:%M:%SZ)"
manifests="$work/manifests"
bash "$here/render.sh" -o "$manifests" "$shards" "$start" "$image" "$@"
volume="$work/volume"
mkdir "$volume"
chown "$(python3 "$here/pods-local.py" volume-owner "$manifests/shards-job.yaml")" "$volume"
chmod 2775 "$volume"

container_args() {  # MANIFEST [INDEX]: into the array `args`
    python3 "$here/pods-local.py" podman-args "$1" "$volume" ${2:+"$2"} >"$work/args" || exit 1
    mapfile -d '' -t args <"$work/args"
}
step "$shards shard containers, start at $start: $(python3 -c 'import sys, yaml; c = next(yaml.safe_load_all(open(sys.argv[1])))["spec"]["template"]["spec"]["containers"][0]; print(" ".join(c["args"]))' "$manifests/shards-job.yaml")"
names=()
for (( index = 0; index < shards; index++ )); do
    container_args "$manifests/shards-job.yaml" "$index"
    name="authz-bench-shards-$index-$$"
    "${podman[@]}" run --pull=never --detach --name "$name" --label "$label" --hostname "authz-bench-shards-$index" \
        --network none "${ulimits[@]}" "${args[@]}" >/dev/null
    names+=("$name")
done
echo "  started ${#names[@]} containers [${SECONDS} s]; the shards start their load at $start"

if [[ -n "$kill_shard" ]]; then
    start_seconds="$(date -d "$start" +%s)"
    sleep "$(( start_seconds + KILL_AFTER - $(date +%s) ))" 2>/dev/null || true
    "${podman[@]}" kill --signal KILL "${names[$kill_shard]}" >/dev/null
    echo "  shard $kill_shard: killed with SIGKILL ${KILL_AFTER} s after the start, as an evicted pod dies"
fi
: >"$work/containers"
for (( index = 0; index < shards; index++ )); do
    status="$("${podman[@]}" wait "${names[$index]}")"
    config="$("${podman[@]}" inspect --format '{{.Config.User}} {{.HostConfig.ReadonlyRootfs}}' "${names[$index]}")"
    echo "shard-$index $status $config" >>"$work/containers"
    echo "  shard $index (JOB_COMPLETION_INDEX=$index): exit $status, user ${config% *}, read-only root ${config#* }"
    if [[ "$status" != 0 && "$index" != "$kill_shard" ]]; then
        "${podman[@]}" logs "${names[$index]}" 2>&1 | tail -n 5 | sed 's/^/    /'
    fi
done

# 6. The collector, once the shards' Job has finished.
step "the collector Job's container"
container_args "$manifests/collect-job.yaml"
status=0
"${podman[@]}" run --pull=never --name "authz-bench-collect-$$" --label "$label" --hostname authz-bench-collect \
    --network none "${ulimits[@]}" "${args[@]}" >"$work/collect.log" 2>&1 || status=$?
sed 's/^/  | /' "$work/collect.log"
config="$("${podman[@]}" inspect --format '{{.Config.User}} {{.HostConfig.ReadonlyRootfs}}' "authz-bench-collect-$$")"
echo "collect $status $config" >>"$work/containers"
echo "  collector: exit $status"

step "checks"
status=0
python3 - "$manifests" "$volume" "$work/containers" "$work/collect.log" "$repo/README.md" "$shards" "${kill_shard:--1}" "${UNTIMED:-0}" <<'PY' || status=$?
import json, os, re, sys, yaml

manifests, volume, containers_file, collect_log, readme, shards, killed, untimed = sys.argv[1:9]
shards, killed, untimed = int(shards), int(killed), untimed == "1"
failures = []
def check(ok, text):
    print(f"  {'ok  ' if ok else 'FAIL'} {text}")
    if not ok:
        failures.append(text)
    return ok

job = next(yaml.safe_load_all(open(f"{manifests}/shards-job.yaml")))
pod = job["spec"]["template"]["spec"]
args = pod["containers"][0]["args"]
uid, gid = pod["securityContext"]["runAsUser"], pod["securityContext"]["runAsGroup"]
def shard_file(flag, index):  # the rendered path on the claim, as the shard's own args name it
    return args[args.index(flag) + 1].replace("$(JOB_COMPLETION_INDEX)", str(index)).removeprefix("/results/")
hlog = shard_file("--hlog", 0)
run_id = hlog[: hlog.index("-shard-")]

containers = {}
for line in open(containers_file):
    name, status, user, read_only = line.split()
    containers[name] = (int(status), user, read_only)
for name, (status, user, read_only) in containers.items():
    if name != f"shard-{killed}":
        check(user == f"{uid}:{gid}" and read_only == "true", f"{name} ran as {user} on a read-only root: {read_only}")

log = open(collect_log).read()
present = set(os.listdir(volume))
def exits(indices):
    return ", ".join(str(containers[f"shard-{i}"][0]) for i in indices)
def finished(i):  # exit 0, or with UNTIMED=1 exit 7 for the load generator's reasons alone
    status = containers[f"shard-{i}"][0]
    if status != 7 or not untimed:
        return status == 0
    try:
        reasons = json.load(open(f"{volume}/{shard_file('--json', i)}"))["summary"]["invalidReasons"]
    except (OSError, ValueError, KeyError):
        return False
    if not reasons or not all("the load generator" in r for r in reasons):
        return False
    print(f"  --   shard {i}: exit 7 accepted (UNTIMED=1): " + "; ".join(reasons))
    return True
untimed_note = " (UNTIMED=1: or 7 for the load generator's timing alone)" if untimed else ""
if killed < 0:
    if not check(all(finished(i) for i in range(shards)),
                 f"every shard exited 0{untimed_note} (none missed the common start, exit 3: raise START_LEAD): "
                 + exits(range(shards))):
        sys.exit(1)
    documents = [json.load(open(f"{volume}/{shard_file('--json', i)}")) for i in range(shards)]
    results = [d["summary"] for d in documents]
    for i, s in enumerate(results):
        print(f"  shard {s.get('shard', '?'):>5}  requests {s['requests']:>8}  rate {s['achievedRate']:10.2f}/s  "
              f"start {s.get('startEpochMillis')}  host {s.get('host')}")
    starts = [s["startEpochMillis"] for s in results]
    check(max(starts) - min(starts) < 50, f"measured phases started within {max(starts) - min(starts)} ms < 50 ms of each other")
    check(containers["collect"][0] == 0, f"the collector exited {containers['collect'][0]}")
    merged = json.load(open(f"{volume}/{run_id}-merged.json"))
    summary = merged["summary"]
    requests = sum(s["requests"] for s in results)
    rates = sum(s["achievedRate"] for s in results)
    print(f"  merged       requests {summary['requests']:>8}  rate {summary['achievedRate']:10.2f}/s  "
          f"shards {len(merged['shards']['present'])}/{merged['shards']['expected']}")
    check(summary["requests"] == requests, f"merged requests {summary['requests']} == the shards' sum {requests}")
    # A shard whose last send left after the end counts a longer window in its own rate, not in
    # the merged one: the shards' own rates then sum to a little less than the merged rate.
    planned = {d["scenario"]["durationMillis"] for d in documents}
    window = planned.pop() / 1000 if len(planned) == 1 else None
    check(window is not None and requests > 0 and abs(summary["durationSeconds"] - window) < 1e-6
          and abs(summary["achievedRate"] * window - requests) <= 1e-6 * requests,
          f"merged rate {summary['achievedRate']:.2f}/s == the shards' requests over their common "
          f"{window} s window (their own rates sum to {rates:.2f}/s)")
    check(merged["shards"]["expected"] == shards and not merged["shards"]["missing"] and not merged["shards"]["truncated"],
          f"merged shards section: {shards}/{shards}, none missing or truncated")
    expected = {shard_file(flag, i) for i in range(shards) for flag in ("--hlog", "--json")}
    expected |= {f"{run_id}-merged.json", f"{run_id}-hgrm", f"{run_id}-report.html"}
else:
    others = [i for i in range(shards) if i != killed]
    if not check(all(finished(i) for i in others) and containers[f"shard-{killed}"][0] == 137,
                 f"the other shards exited 0{untimed_note}, the killed one 137 (SIGKILL): {exits(range(shards))}"):
        sys.exit(1)
    partial = open(f"{volume}/{shard_file('--hlog', killed)}").read()
    intervals = sum(1 for line in partial.splitlines() if line.startswith("Tag=responseTime,"))
    check("#[authz-bench-end:" not in partial and intervals > 0,
          f"the killed shard's log holds {intervals} whole intervals and no end line")
    check(containers["collect"][0] == 65 and "truncated" in log and shard_file("--hlog", killed) in log,
          f"the collector exited {containers['collect'][0]} (65), naming {shard_file('--hlog', killed)} truncated")
    section = json.load(open(f"{volume}/{run_id}-merged-partial.json")).get("shards") or {}
    truncated = [t for t in section.get("truncated", []) if t["shard"] == killed + 1]
    check(section.get("allowedMissing") is True and len(truncated) == 1 and truncated[0]["intervals"] == intervals,
          f"{run_id}-merged-partial.json names shard {killed + 1}/{shards} (index {killed}) truncated: "
          + (f"{truncated[0]['intervals']} of {truncated[0]['planned']} intervals" if truncated else "not named"))
    expected = {shard_file("--hlog", i) for i in range(shards)} | {shard_file("--json", i) for i in others}
    expected |= {f"{run_id}-merged-partial.json", f"{run_id}-report-partial.html"}

check(present == expected, f"the volume holds {sorted(present)}"
      + ("" if present == expected else f"; expected {sorted(expected)}"))
owners = set()
for root, directories, files in os.walk(volume):
    for entry in directories + files:
        stat = os.stat(os.path.join(root, entry))
        owners.add((stat.st_uid, stat.st_gid))
check(owners == {(uid, gid)}, f"every file on the volume written by uid:gid {uid}:{gid}: {sorted(owners)}")
section = open(readme).read().split("## Running on Kubernetes", 1)[1].split("\n## ", 1)[0]
def generic(name):
    return re.sub(r"-shard-[0-9]+\.", "-shard-I.", name.replace(run_id, "RUN_ID"))
unnamed = sorted({generic(name) for name in present} - {n for n in {generic(name) for name in present} if f"`{n}" in section})
check(not unnamed, "the README's \"Running on Kubernetes\" names every file: " + (", ".join(unnamed) + " not named" if unnamed else "yes"))
sys.exit(1 if failures else 0)
PY
[[ $status -eq 0 ]] && echo "pods-local: all checks hold" || echo "pods-local: FAILED" >&2
exit $status
