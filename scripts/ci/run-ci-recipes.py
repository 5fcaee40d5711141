#!/usr/bin/env python3
"""Runs every authz-bench command of the CI recipes in scripts/ci/ against a built binary, and
requires the exit code the recipe expects on an unchanged build (part of `make test`).

  scripts/ci/run-ci-recipes.py --binary PATH [--short]

The commands are taken from the YAML as a CI runner would run them (GitHub steps' `run`, GitLab
jobs' `before_script` and `script`), in a temporary folder, with `.build/release/authz-bench`
replaced by PATH and `$GITHUB_STEP_SUMMARY` set to a file there. Each recipe fails its job on any
exit but 0 (an SLO not met is 6, an invalid run 7), so every command must exit 0 here.

--short is the one override of the recipes' figures: every `run` gets `--duration 10s --warmup 2s`
in place of its own, every `micro` `--batches 3 --batch-ms 1`, so that the whole check takes under
a minute; nothing else of a command changes. Without it the commands run as written. (Ten seconds,
not less: one pause of a shared VM must stay under 1% of the sends, or the p99 figures would be the
pause's.)

Prints one line per command with its exit code; exit 0 when every command exited as expected,
1 otherwise, 64 on a usage error.
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


def recipe_commands(yaml):
    """(where, tokens) of every authz-bench command in both recipes, in order."""
    found = []
    with open(os.path.join(ROOT, "scripts/ci/github-actions.yml"), encoding="utf-8") as handle:
        workflow = yaml.safe_load(handle)
    for name, job in (workflow.get("jobs") or {}).items():
        for number, step in enumerate(job.get("steps") or [], 1):
            if isinstance(step, dict) and "run" in step:
                found += [(f"github-actions.yml: job {name}, step {number}", tokens)
                          for tokens in recipes.commands_in(step["run"])]
    with open(os.path.join(ROOT, "scripts/ci/gitlab-ci.yml"), encoding="utf-8") as handle:
        pipeline = yaml.safe_load(handle)
    for name, job in pipeline.items():
        if not isinstance(job, dict) or name.startswith(".") or "script" not in job:
            continue
        for line in job.get("script") or []:
            found += [(f"gitlab-ci.yml: job {name}", tokens) for tokens in recipes.commands_in(line)]
    return [(where, tokens) for where, tokens in found
            if any(os.path.basename(token) == "authz-bench" for token in tokens)]


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
    commands = recipe_commands(recipes.load_yaml())
    if not commands:
        print("run-ci-recipes: no authz-bench command in the recipes", file=sys.stderr)
        return 1
    failed = 0
    with tempfile.TemporaryDirectory(prefix="authz-bench-recipes-") as work:
        os.makedirs(os.path.join(work, "out"), exist_ok=True)
        os.environ["GITHUB_STEP_SUMMARY"] = os.path.join(work, "step-summary.md")
        for where, tokens in commands:
            command = prepared(tokens, binary, short, os.environ)
            started = time.monotonic()
            result = subprocess.run(command, cwd=work, capture_output=True, text=True)
            seconds = time.monotonic() - started
            shown = "authz-bench " + " ".join(shlex.quote(token) for token in command[1:])
            verdict = "ok" if result.returncode == 0 else "FAILED"
            print(f"run-ci-recipes: {verdict}  exit {result.returncode} (expected 0) in {seconds:.1f} s  {where}: {shown}")
            if result.returncode != 0:
                failed += 1
                lines = (result.stderr.strip() or result.stdout.strip()).splitlines()
                for line in lines[-12:]:
                    print(f"run-ci-recipes:     {line}", file=sys.stderr)
    if failed:
        print(f"run-ci-recipes: {failed} of {len(commands)} recipe command(s) did not exit as the recipe expects",
              file=sys.stderr)
        return 1
    print(f"run-ci-recipes: all {len(commands)} authz-bench commands of both recipes exited 0, as the recipes expect")
    return 0


if __name__ == "__main__":
    sys.exit(main())
