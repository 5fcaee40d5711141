#!/usr/bin/env bash
# Checks the Kubernetes manifests offline (run by `make test`):
#   1. renders them (render.sh) for a sample N, start time and image;
#   2. validates them against the Kubernetes 1.33 schema in strict mode (kubernetes-validate,
#      installed with pip when missing);
#   3. checks what the schema cannot see: parallelism == completions == the N in the shards'
#      `--shards`, the FailIndex exit code == the binary's missed-start exit code (ExitCode.swift,
#      and `run --help` when AUTHZ_BENCH names a binary that lists it), requests == limits in
#      every container (Guaranteed QoS), every $(VAR) in args a declared env var, one claim for all.
#
#   scripts/kubernetes/check.sh          AUTHZ_BENCH=.build/debug/authz-bench scripts/kubernetes/check.sh
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
kubernetes_version="${KUBERNETES_VERSION:-1.33.0}"
shards="${CHECK_SHARDS:-5}"
start="2026-11-23T19:00:00Z"
image="registry.example/authz-bench:check"

if ! command -v kubernetes-validate >/dev/null 2>&1; then
    echo "check.sh: installing kubernetes-validate (pip)" >&2
    python3 -m pip install --quiet --disable-pip-version-check kubernetes-validate >&2
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
bash "$here/render.sh" -o "$work" "$shards" "$start" "$image" --duration 30s --warmup 5s
# stdout and --collect render the same objects as -o.
bash "$here/render.sh" "$shards" "$start" "$image" --duration 30s --warmup 5s >"$work/stdout.yaml"
bash "$here/render.sh" --collect "$shards" "$start" "$image" >"$work/collect-stdout.yaml"

kubernetes-validate --kubernetes-version "$kubernetes_version" --strict --quiet \
    "$work/pvc.yaml" "$work/shards-job.yaml" "$work/collect-job.yaml" "$work/stdout.yaml" "$work/collect-stdout.yaml"

# The missed-start exit code: the source of truth, and the binary's help when it lists it.
missed_start="$(sed -n 's/^ *case missedStart = \([0-9][0-9]*\).*/\1/p' "$repo/Sources/Bench/Commands/ExitCode.swift")"
help_code=""
if [[ -n "${AUTHZ_BENCH:-}" && -x "${AUTHZ_BENCH}" ]]; then
    help_code="$("$AUTHZ_BENCH" run --help 2>&1 | tr ',' '\n' | sed -n 's/^ *\([0-9][0-9]*\) missed .*start.*/\1/p' | head -n 1)"
fi

python3 - "$work" "$shards" "$start" "$missed_start" "$help_code" <<'PY'
import re, sys, yaml

work, shards, start, missed_start, help_code = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
failures = []
def check(condition, message):
    if not condition:
        failures.append(message)

def load(name):
    with open(f"{work}/{name}") as handle:
        return [doc for doc in yaml.safe_load_all(handle) if doc]

pvc, = load("pvc.yaml")
job, = load("shards-job.yaml")
collect, = load("collect-job.yaml")
check(load("stdout.yaml") == [pvc, job], "render.sh on stdout differs from -o")
check(load("collect-stdout.yaml") == [collect], "render.sh --collect differs from -o")

spec = job["spec"]
pod = spec["template"]["spec"]
container, = pod["containers"]
args = container["args"]
def value_after(flag):
    return args[args.index(flag) + 1] if flag in args else None

check(spec.get("completionMode") == "Indexed", "completionMode is not Indexed")
check(spec.get("parallelism") == spec.get("completions") == shards,
      f"parallelism {spec.get('parallelism')} and completions {spec.get('completions')} must both be N={shards}")
check(value_after("--shards") == str(shards), f"--shards {value_after('--shards')} is not N={shards}")
check(value_after("--shard-index-env") == "JOB_COMPLETION_INDEX", "--shard-index-env is not JOB_COMPLETION_INDEX")
check(value_after("--start-at") == start, f"--start-at {value_after('--start-at')} is not {start}")
check(args[0] == "run", "the shards' container does not run `run`")
check(spec.get("backoffLimitPerIndex") == 0, "backoffLimitPerIndex is not 0")
check(spec.get("podReplacementPolicy") == "Failed", "podReplacementPolicy is not Failed")
check(pod.get("restartPolicy") == "Never", "restartPolicy is not Never (podFailurePolicy needs it)")

rules = spec.get("podFailurePolicy", {}).get("rules", [])
exit_rules = [r for r in rules if r.get("action") == "FailIndex" and "onExitCodes" in r]
check(len(exit_rules) == 1, "expected one FailIndex rule on exit codes")
for rule in exit_rules:
    codes = rule["onExitCodes"]
    check(codes.get("operator") == "In" and codes.get("values") == [int(missed_start)],
          f"FailIndex exit codes {codes.get('values')} are not [{missed_start}] (ExitCode.missedStart)")
    check(codes.get("containerName") == container["name"], "the FailIndex rule names another container")
if help_code:
    check(help_code == missed_start, f"run --help says {help_code} missed start, ExitCode.swift says {missed_start}")
check(any(r.get("action") == "FailIndex" and any(c.get("type") == "DisruptionTarget" for c in r.get("onPodConditions", []))
          for r in rules), "no FailIndex rule on DisruptionTarget")

for name, template in (("shards", pod), ("collect", collect["spec"]["template"]["spec"])):
    for c in template.get("initContainers", []) + template["containers"]:
        resources = c.get("resources", {})
        requests, limits = resources.get("requests", {}), resources.get("limits", {})
        for key in ("cpu", "memory"):
            check(key in requests and requests.get(key) == limits.get(key),
                  f"{name}/{c['name']}: {key} requests {requests.get(key)} != limits {limits.get(key)} (not Guaranteed QoS)")
        declared = {e["name"] for e in c.get("env", [])}
        for text in c.get("args", []) + c.get("command", []):
            if name == "collect":
                continue  # a shell script: $(...) there is the shell's
            for var in re.findall(r"\$\(([A-Za-z_][A-Za-z0-9_]*)\)", text):
                check(var in declared, f"{name}/{c['name']}: $({var}) in args is not a declared env var (Kubernetes would not expand it)")
    claims = {v["persistentVolumeClaim"]["claimName"] for v in template["volumes"] if "persistentVolumeClaim" in v}
    check(claims == {pvc["metadata"]["name"]}, f"{name}: claims {claims} are not the rendered claim")
    check(template.get("securityContext", {}).get("runAsNonRoot") is True, f"{name}: not runAsNonRoot")

check("ReadWriteMany" in pvc["spec"]["accessModes"], "the claim is not ReadWriteMany")
spread = pod.get("topologySpreadConstraints", [])
labels = spec["template"]["metadata"]["labels"]
check(any(t.get("topologyKey") == "kubernetes.io/hostname"
          and all(labels.get(k) == v for k, v in t["labelSelector"]["matchLabels"].items()) for t in spread),
      "no spread across nodes selecting the shards' own pods")

hlog = value_after("--hlog")
prefix = hlog.split("$(JOB_COMPLETION_INDEX)")[0].removeprefix("/results/")
script = collect["spec"]["template"]["spec"]["containers"][0]["args"][0]
check(f"merge {prefix}*.hlog" in script, f"the collector does not merge the shards' logs ({prefix}*.hlog)")

if failures:
    for failure in failures:
        print(f"check.sh: {failure}", file=sys.stderr)
    sys.exit(1)
print(f"check.sh: manifests valid (Kubernetes schema, strict); invariants hold: N={shards}, FailIndex on exit {missed_start}"
      + (f" (run --help agrees)" if help_code else ""))
PY
