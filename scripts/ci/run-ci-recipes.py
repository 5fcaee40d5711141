#!/usr/bin/env python3
"""Runs every authz-bench command of the CI recipes in scripts/ci/ against a built binary, and
requires the exit code the recipe expects on an unchanged build (part of `make test`).

  scripts/ci/run-ci-recipes.py --binary PATH [--short]

The commands are taken from the YAML as a CI runner would run them (GitHub steps' `run`, GitLab
jobs' `before_script` and `script`), in a temporary folder, with `.build/release/authz-bench`
replaced by PATH and `$GITHUB_STEP_SUMMARY` set to a file there. Each recipe fails its job on any
exit but 0 (an SLO not met is 6, an invalid run 7), so every command must exit 0 here.

The pull-request job's timed comparison (`scripts/ci-bench.sh REF`, which runs `authz-bench ab`) is
run with this one binary on both sides (BASE_BIN and CANDIDATE_BIN) against HEAD, with the job's
AB_ARGS, and must exit 0 like the rest.

--short is the one override of the recipes' figures: every `run` gets `--duration 10s --warmup 2s`
in place of its own, every `micro` `--batches 3 --batch-ms 1`, the timed comparison six pairs of
300 ms blocks with a 50% effect floor (AB_SHORT below), so that the whole check takes about a
minute; nothing else of a command changes. Without it the commands run as written. (Ten seconds,
not less: one pause of a shared VM must stay under 1% of the sends, or the p99 figures would be the
pause's.)

The README's SLO example (the `authz-bench run ... --slo` block under "SLO gates") is run the same
way, as the recipes' twin.

A run that exits 7 only because its start lag p99 exceeded `--max-start-lag` (every reason the
console gives under RESULT INVALID names start lag) measured the machine, not the code: the host
paused the load generator. It is run again, at most ATTEMPTS (3) times in all, and each attempt is
printed. Nothing else is retried: a breached objective (6), failures, throughput, any other
invalid reason or exit code fails at once. The recipes' objectives and start-lag bound are set
from 48 runs on a shared 2-vCPU VM (results/README.md, "The CI recipes' objective"), where an
unchanged build breaches them far less often than 1 run in 100; the retry covers the rest of the
host's pauses, so that make test does not fail by chance on an unchanged tree.

Prints one line per command attempt with its exit code; exit 0 when every command exited as
expected, 1 otherwise, 64 on a usage error.
"""
import os
import shlex
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from importlib import import_module  # noqa: E402

recipes = import_module("check-ci-recipes")

SHORT = {"run": {"--duration": "10s", "--warmup": "2s"}, "micro": {"--batches": "3", "--batch-ms": "1"}}
# The pull-request job's `ab`, shortened: six pairs of 300 ms blocks, every pair kept (no start-lag
# or steal bound), and an effect floor of 50%. The step checks the job's commands, files and
# exit-code contract on one binary against itself; six pairs are not a verdict to trust. What makes
# the full job safe to fail on is measured: the same build on both sides flagged nothing in 22 full
# comparisons of two calibrations (results/README.md, "Two builds in one job"). Six pairs, tested
# against Student's t with five degrees of freedom, would still flag one build against itself in
# about half a percent of runs at the job's level (simulated); the floor keeps that out of
# `make test`: the median of six pairs of 12% spread is six standard errors from 50%. A side that
# is broken (ten times slower, say) still fails the step.
AB_SHORT = ("--pairs 6 --settle 0 --block 300ms --warmup 1s --min-pairs 2 --max-start-lag off --max-steal 99%"
            " --floor 50%")
ATTEMPTS = 3


def readme_slo_commands():
    """(where, tokens) of the README's SLO example: the fenced block under the "SLO gates" heading."""
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as handle:
        text = handle.read()
    section = text.split("### SLO gates", 1)[1].split("\n#", 1)[0]
    block = section.split("```", 2)[1]
    joined = block.replace("\\\n", " ")
    found = [("README.md: SLO gates", shlex.split(line)) for line in joined.splitlines() if "authz-bench run" in line]
    if not found:
        raise SystemExit("run-ci-recipes: README.md's \"SLO gates\" section has no authz-bench run example")
    return found


def starved_only(stdout):
    """Whether the run's only invalid reasons name start lag: the host paused the generator."""
    lines = stdout.splitlines()
    if "### RESULT INVALID" not in lines:
        return False
    reasons = [line[len("###   - "):] for line in lines[lines.index("### RESULT INVALID"):] if line.startswith("###   - ")]
    return bool(reasons) and all(reason.startswith("start lag p99") for reason in reasons)


def is_interleaved(tokens):
    """Whether the command is the pull-request job's timed comparison: `scripts/ci-bench.sh REF`."""
    return tokens[:1] == ["scripts/ci-bench.sh"] and "--instructions" not in tokens


def recipe_commands(yaml):
    """(where, tokens, environment) of every authz-bench command and every timed `ci-bench.sh`
    comparison in both recipes, in order; the environment is the step's or job's variables."""
    found = []
    with open(os.path.join(ROOT, "scripts/ci/github-actions.yml"), encoding="utf-8") as handle:
        workflow = yaml.safe_load(handle)
    for name, job in (workflow.get("jobs") or {}).items():
        for number, step in enumerate(job.get("steps") or [], 1):
            if isinstance(step, dict) and "run" in step:
                found += [(f"github-actions.yml: job {name}, step {number}", tokens, step.get("env") or {})
                          for tokens in recipes.commands_in(step["run"])]
    with open(os.path.join(ROOT, "scripts/ci/gitlab-ci.yml"), encoding="utf-8") as handle:
        pipeline = yaml.safe_load(handle)
    for name, job in pipeline.items():
        if not isinstance(job, dict) or name.startswith(".") or "script" not in job:
            continue
        for line in job.get("script") or []:
            found += [(f"gitlab-ci.yml: job {name}", tokens, job.get("variables") or {})
                      for tokens in recipes.commands_in(line)]
    return [(where, tokens, environment) for where, tokens, environment in found
            if is_interleaved(tokens) or any(os.path.basename(token) == "authz-bench" for token in tokens)]


def interleaved(tokens, binary, short, environment, work):
    """The timed comparison as run here: one binary on both sides (BASE_BIN and CANDIDATE_BIN, so
    nothing is built), HEAD as the base, the job's AB_ARGS with --short's blocks appended."""
    arguments = str(environment.get("AB_ARGS", "--scenario steady"))
    if short:
        arguments += " " + AB_SHORT
    env = dict(os.environ, BASE_BIN=binary, CANDIDATE_BIN=binary, AB_ARGS=arguments,
               OUT=os.path.join(work, "ci-bench"))
    return [os.path.join(ROOT, tokens[0]), "HEAD"], env


def prepared(tokens, binary, short, environment):
    """The command as run here: the binary, variables expanded, the --short override applied."""
    start = next(i for i, token in enumerate(tokens) if os.path.basename(token) == "authz-bench")
    command = [binary] + [os.path.expandvars(token) if "$" in token else token for token in tokens[start + 1:]]
    if short and len(command) > 1 and command[1] in SHORT:
        overrides = dict(SHORT[command[1]])
        args = command[2:]
        rewritten = []
        index = 0
        while index < len(args):
            if args[index] in overrides:
                rewritten += [args[index], overrides.pop(args[index])]
                index += 2
                continue
            rewritten.append(args[index])
            index += 1
        for flag, value in overrides.items():
            rewritten += [flag, value]
        command = command[:2] + rewritten
    return command


def main():
    args = sys.argv[1:]
    short = "--short" in args
    args = [arg for arg in args if arg != "--short"]
    if len(args) != 2 or args[0] != "--binary":
        print("usage: run-ci-recipes.py --binary PATH [--short]", file=sys.stderr)
        return 64
    binary = os.path.abspath(args[1])
    if not os.access(binary, os.X_OK):
        print(f"run-ci-recipes: {binary}: no authz-bench binary; build first (swift build -c release)", file=sys.stderr)
        return 1
    commands = recipe_commands(recipes.load_yaml()) + [(where, tokens, {}) for where, tokens in readme_slo_commands()]
    if not commands:
        print("run-ci-recipes: no authz-bench command in the recipes", file=sys.stderr)
        return 1
    failed = 0
    with tempfile.TemporaryDirectory(prefix="authz-bench-recipes-") as work:
        os.makedirs(os.path.join(work, "out"), exist_ok=True)
        os.environ["GITHUB_STEP_SUMMARY"] = os.path.join(work, "step-summary.md")
        for where, tokens, environment in commands:
            env = None
            if is_interleaved(tokens):
                command, env = interleaved(tokens, binary, short, environment, work)
                shown = f"AB_ARGS='{env['AB_ARGS']}' BASE_BIN=CANDIDATE_BIN=authz-bench scripts/ci-bench.sh HEAD"
            else:
                command = prepared(tokens, binary, short, os.environ)
                shown = "authz-bench " + " ".join(shlex.quote(token) for token in command[1:])
            for attempt in range(1, ATTEMPTS + 1):
                started = time.monotonic()
                result = subprocess.run(command, cwd=work, capture_output=True, text=True, env=env)
                seconds = time.monotonic() - started
                retry = result.returncode == 7 and starved_only(result.stdout) and attempt < ATTEMPTS
                verdict = "ok" if result.returncode == 0 else "starved, run again" if retry else "FAILED"
                print(f"run-ci-recipes: {verdict}  exit {result.returncode} (expected 0) in {seconds:.1f} s"
                      f"  {where} (attempt {attempt} of {ATTEMPTS}): {shown}")
                if not retry:
                    break
            if result.returncode != 0:
                failed += 1
                lines = (result.stderr.strip() or result.stdout.strip()).splitlines()
                for line in lines[-12:]:
                    print(f"run-ci-recipes:     {line}", file=sys.stderr)
    if failed:
        print(f"run-ci-recipes: {failed} of {len(commands)} recipe command(s) did not exit as the recipe expects",
              file=sys.stderr)
        return 1
    print(f"run-ci-recipes: all {len(commands)} authz-bench commands and timed comparisons of both recipes and the"
          " README's SLO example exited 0, as they expect")
    return 0


if __name__ == "__main__":
    sys.exit(main())
