#!/usr/bin/env python3
"""Checks the CI recipes in scripts/ci/ against the project, offline (part of `make test`).

  scripts/ci/check-ci-recipes.py [--binary PATH]     (default: .build/debug/authz-bench)

- Both YAML files parse (PyYAML; installed with pip when missing).
- github-actions.yml: triggers on pull_request; every job has runs-on and steps, every step a
  `run` or a `uses`; the instruction-count gate (scripts/ci-bench.sh --instructions) runs only on
  pull requests; github-action-benchmark reads a customSmallerIsBetter file written by
  `--format github-benchmark --json FILE` and a customBiggerIsBetter one at FILE-bigger.EXT; the
  SLO run writes its Markdown to $GITHUB_STEP_SUMMARY.
  Every job that builds restores .build with actions/cache.
- gitlab-ci.yml: every job has a script list and extends a template that exists; a job publishes
  the Prometheus text its run writes (--metrics-textfile) as its metrics report; every job runs in
  merge-request pipelines (its rules name merge_request_event), and the workflow rules keep a
  branch push with an open merge request from starting a second pipeline.
- In both: every `authz-bench COMMAND` exists (`COMMAND --help` exits 0) and every --flag given
  to it appears in that help; every scripts/... path exists, and every --flag given to a script
  appears in the script's text.

Exit 0 when all hold, 1 otherwise (one line per problem), 64 on a usage error.
"""
import os
import re
import shlex
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
problems = []


def problem(where, message):
    problems.append(f"{where}: {message}")


def load_yaml():
    try:
        import yaml  # noqa: F401
    except ImportError:
        print("check-ci-recipes: installing PyYAML (pip install pyyaml)", file=sys.stderr)
        for extra in ([], ["--break-system-packages"], ["--user"]):
            if subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                               *extra, "pyyaml"], capture_output=True).returncode == 0:
                break
    import yaml
    return yaml


def help_text(binary, command, cache={}):
    """The --help of `authz-bench COMMAND`, or None when the command does not exist."""
    if command not in cache:
        result = subprocess.run([binary, command, "--help"], capture_output=True, text=True)
        cache[command] = result.stdout + result.stderr if result.returncode == 0 else None
    return cache[command]


def commands_in(text):
    """The simple commands of a shell fragment, as token lists: continuations joined, comments
    dropped, split at &&, ||, ;, | and & outside quotes."""
    text = text.replace("\\\n", " ")
    for line in text.splitlines():
        lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
        lexer.whitespace_split = True
        lexer.commenters = "#"
        try:
            tokens = list(lexer)
        except ValueError:
            tokens = line.split()
        command = []
        for token in tokens:
            if token in ("&&", "||", ";", "|", "&"):
                if command:
                    yield command
                command = []
            else:
                command.append(token)
        if command:
            yield command


def check_shell(where, text, binary, writes):
    """Checks the authz-bench and scripts/ calls in `text`; records --json/--metrics-textfile outputs in `writes`."""
    for tokens in commands_in(text):
        for index, token in enumerate(tokens):
            if os.path.basename(token) == "authz-bench" and index + 1 < len(tokens):
                command = tokens[index + 1]
                usage = help_text(binary, command)
                if usage is None:
                    problem(where, f"authz-bench {command}: no such command")
                    break
                args = tokens[index + 2:]
                for position, arg in enumerate(args):
                    if not arg.startswith("--"):
                        continue
                    flag = arg.split("=", 1)[0]
                    if not re.search(re.escape(flag) + r"(?![a-z0-9-])", usage):
                        problem(where, f"authz-bench {command} {flag}: not a flag of {command} (see {command} --help)")
                    value = args[position + 1] if position + 1 < len(args) else None
                    writes.append((command, flag, value, args))
                break
            match = re.match(r"^(?:\./)?(scripts/[A-Za-z0-9_./-]+)$", token)
            if match:
                path = match.group(1)
                full = os.path.join(ROOT, path)
                if not os.path.exists(full):
                    problem(where, f"{path}: no such file in the repository")
                    break
                with open(full, encoding="utf-8", errors="replace") as handle:
                    script = handle.read()
                for arg in tokens[index + 1:]:
                    if arg.startswith("--") and arg.split("=", 1)[0] not in script:
                        problem(where, f"{path} {arg}: the script does not mention this flag")
                break


def bigger_path(path):
    directory, name = os.path.split(path)
    stem, dot, ext = name.rpartition(".")
    renamed = f"{stem}-bigger.{ext}" if dot and stem else f"{name}-bigger"
    return os.path.join(directory, renamed) if directory else renamed


def output_of(writes, format_name, flag="--json"):
    """The paths given to `flag` by calls that also pass `--format format_name`."""
    found = []
    for _command, given, value, args in writes:
        if given == flag and value and "--format" in args and args[args.index("--format") + 1:][:1] == [format_name]:
            found.append(value)
    return found


def check_github(yaml, binary):
    where = "scripts/ci/github-actions.yml"
    with open(os.path.join(ROOT, where), encoding="utf-8") as handle:
        workflow = yaml.safe_load(handle)
    triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as true
    if not (isinstance(triggers, dict) and "pull_request" in triggers) and triggers != "pull_request" \
            and not (isinstance(triggers, list) and "pull_request" in triggers):
        problem(where, "the workflow does not trigger on pull_request")
    jobs = workflow.get("jobs")
    if not isinstance(jobs, dict) or not jobs:
        problem(where, "no jobs")
        return
    writes, benchmark_steps, gate_jobs, timed_jobs, summary = [], [], [], [], False
    for name, job in jobs.items():
        steps = job.get("steps") if isinstance(job, dict) else None
        if not job.get("runs-on") or not isinstance(steps, list) or not steps:
            problem(where, f"job {name}: needs runs-on and a list of steps")
            continue
        for number, step in enumerate(steps, 1):
            label = f"{where}: job {name}, step {number}"
            if not isinstance(step, dict) or ("run" in step) == ("uses" in step):
                problem(label, "a step has exactly one of run and uses")
                continue
            if "run" in step:
                check_shell(label, step["run"], binary, writes)
                if "ci-bench.sh --instructions" in step["run"]:
                    gate_jobs.append((name, str(job.get("if", ""))))
                elif "scripts/ci-bench.sh" in step["run"]:
                    timed_jobs.append((name, str(job.get("if", ""))))
                if "--markdown" in step["run"] and "$GITHUB_STEP_SUMMARY" in step["run"]:
                    summary = True
            elif step["uses"].startswith("benchmark-action/github-action-benchmark@"):
                benchmark_steps.append((label, step.get("with") or {}))
        builds = any("run" in s and ("swift build" in s["run"] or "ci-bench.sh" in s["run"]) for s in steps if isinstance(s, dict))
        cached = any(isinstance(s, dict) and str(s.get("uses", "")).startswith("actions/cache@")
                     and ".build" in str((s.get("with") or {}).get("path", "")) for s in steps)
        if builds and not cached:
            problem(where, f"job {name}: builds without restoring .build (actions/cache)")
    if not gate_jobs:
        problem(where, "no instruction-count gate (scripts/ci-bench.sh --instructions)")
    for name, condition in gate_jobs:
        if "pull_request" not in condition:
            problem(where, f"job {name}: the instruction-count gate should run only on pull requests")
    if not any("pull_request" in condition for _, condition in timed_jobs):
        problem(where, "no pull-request job compares both builds in one job (scripts/ci-bench.sh BASE, which runs ab)")
    if not summary:
        problem(where, "no run writes its --markdown to $GITHUB_STEP_SUMMARY")
    smaller_files = output_of(writes, "github-benchmark")
    tools = {}
    for label, inputs in benchmark_steps:
        tools.setdefault(inputs.get("tool"), []).append(inputs.get("output-file-path"))
        if not inputs.get("name"):
            problem(label, "github-action-benchmark needs a name (one per series)")
    names = [inputs.get("name") for _, inputs in benchmark_steps]
    if len(names) != len(set(names)):
        problem(where, f"github-action-benchmark steps share a name: {names}")
    if not tools.get("customSmallerIsBetter") or not tools.get("customBiggerIsBetter"):
        problem(where, "github-action-benchmark needs a customSmallerIsBetter and a customBiggerIsBetter step")
    for path in tools.get("customSmallerIsBetter", []):
        if path not in smaller_files:
            problem(where, f"{path}: read as customSmallerIsBetter, not written by --format github-benchmark --json")
    for path in tools.get("customBiggerIsBetter", []):
        if path not in [bigger_path(p) for p in smaller_files]:
            problem(where, f"{path}: read as customBiggerIsBetter, not the -bigger file of a --format github-benchmark --json")


def check_gitlab(yaml, binary):
    where = "scripts/ci/gitlab-ci.yml"
    with open(os.path.join(ROOT, where), encoding="utf-8") as handle:
        pipeline = yaml.safe_load(handle)
    stages = pipeline.get("stages", ["build", "test", "deploy"])
    reserved = {"stages", "variables", "include", "default", "workflow", "image", "services", "cache", "before_script",
                "after_script"}
    jobs = {name: job for name, job in pipeline.items() if name not in reserved and not name.startswith(".")}
    if not jobs:
        problem(where, "no jobs")
    metrics_published = False
    workflow_rules = ((pipeline.get("workflow") or {}).get("rules")) or []
    if not any("CI_OPEN_MERGE_REQUESTS" in str(rule.get("if", "")) and rule.get("when") == "never"
               for rule in workflow_rules if isinstance(rule, dict)):
        problem(where, "workflow rules do not stop a branch pipeline beside a merge-request one (duplicate pipelines)")
    for name, job in jobs.items():
        label = f"{where}: job {name}"
        if not isinstance(job, dict):
            problem(label, "is not a mapping")
            continue
        template = job.get("extends")
        merged = dict(pipeline.get(template, {})) if isinstance(template, str) else {}
        if template and template not in pipeline:
            problem(label, f"extends {template}, which does not exist")
        merged.update(job)
        rules = merged.get("rules") or []
        if not any("merge_request_event" in str(rule.get("if", "")) for rule in rules if isinstance(rule, dict)):
            problem(label, "does not run in merge-request pipelines (no rule on merge_request_event)")
        if merged.get("stage", "test") not in stages:
            problem(label, f"stage {merged.get('stage')} is not in stages {stages}")
        script = merged.get("script")
        if not isinstance(script, list) or not script:
            problem(label, "needs a script list")
            continue
        writes = []
        for line in merged.get("before_script", []) + script:
            check_shell(label, line, binary, writes)
        report = ((merged.get("artifacts") or {}).get("reports") or {}).get("metrics")
        if report:
            textfiles = [value for _, flag, value, _ in writes if flag == "--metrics-textfile"]
            if report not in textfiles:
                problem(label, f"the metrics report {report} is not written by --metrics-textfile")
            metrics_published = True
    if not metrics_published:
        problem(where, "no job publishes a metrics report (artifacts:reports:metrics)")


def main():
    args = sys.argv[1:]
    binary = os.path.join(ROOT, ".build/debug/authz-bench")
    if args[:1] == ["--binary"] and len(args) == 2:
        binary = os.path.abspath(args[1])
    elif args:
        print("usage: check-ci-recipes.py [--binary PATH]", file=sys.stderr)
        return 64
    if not os.access(binary, os.X_OK):
        print(f"check-ci-recipes: {binary}: no authz-bench binary; build first (swift build)", file=sys.stderr)
        return 1
    yaml = load_yaml()
    check_github(yaml, binary)
    check_gitlab(yaml, binary)
    for line in problems:
        print(f"check-ci-recipes: {line}", file=sys.stderr)
    if not problems:
        print("check-ci-recipes: scripts/ci/github-actions.yml and scripts/ci/gitlab-ci.yml match the project")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
